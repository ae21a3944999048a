/**
 * Everyday things of business that people name in many words, one class each: a class's words in
 * every language name the same thing, so a catalog word in one class reaches the others ("shipping
 * company" reaches a catalog's "carrier", 快递公司 its 承运商), never a concept the catalog does
 * not have. Each language lists its words per class (planner/locales/<code>/business-synonyms.ts);
 * planner/business-synonyms.ts joins them.
 */
export type BusinessThing = "carrier" | "sending_back" | "buying_again" | "price";

/** One language's words of each class, written folded (lower case; Chinese in Simplified). */
export type BusinessSynonymWords = Readonly<Record<BusinessThing, readonly string[]>>;
