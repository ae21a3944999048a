/** English quantifiers over a dimension's values; "by region" asks for every one as "each region" does. */
export const englishQuantifiers: readonly string[] = ["each", "every", "all", "per", "by", "across"];

/** English quantifiers that count two values: the two the question named. */
export const englishPairQuantifiers: readonly string[] = ["both", "either", "neither"];

/** Words that refer, with no noun, to the two values named ("which of the two had the longer delay"). */
export const englishPairReferences: readonly string[] = [
  "the two",
  "these two",
  "those two",
  "both of them",
  "either of them",
  "neither of them",
  "each of them",
  "both",
  "either",
];

/** Words between an English quantifier and its noun (each of the regions, our two plans). */
export const englishDeterminers: readonly string[] = ["the", "our", "these", "those", "of"];

/** Words that open a subset of what the clause before counted ("of those, how many were …"). */
export const englishSubsetWords: readonly string[] = [
  "of those",
  "of these",
  "of which",
  "of them",
  "among them",
  "among those",
];
