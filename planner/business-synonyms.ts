import type { BusinessThing } from "./locales/business-synonym-classes.js";
import { LANGUAGE_LOCALES } from "./locales/index.js";

/** Each everyday business thing's words in every language the planner reads. */
const CLASSES: readonly (readonly string[])[] = (() => {
  const joined = new Map<BusinessThing, string[]>();
  for (const locale of LANGUAGE_LOCALES)
    for (const [thing, words] of Object.entries(locale.businessSynonyms) as [
      BusinessThing,
      readonly string[],
    ][])
      joined.set(thing, [...(joined.get(thing) ?? []), ...words]);
  return [...joined.values()];
})();

/**
 * The other words, in any language, of every class that contains the word (folded), or none. A
 * catalog lists its own synonyms; these classes only widen a catalog word a class contains.
 */
export function businessSynonymsOf(word: string): string[] {
  return CLASSES.filter((members) => members.includes(word)).flatMap((members) =>
    members.filter((member) => member !== word),
  );
}
