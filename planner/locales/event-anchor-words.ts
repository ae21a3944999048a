/**
 * The words that tie a period to an event instead of a date ("since the POS upgrade", "before and
 * after the recipe change", 换承运商之后, 自从…以来): each language's, folded. `leading` words stand
 * before the event (a determiner may follow them: "after the"), `trailing` words right after it.
 */
export interface EventAnchorWords {
  leading: readonly string[];
  trailing: readonly string[];
}
