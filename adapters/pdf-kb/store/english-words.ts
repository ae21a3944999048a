// Shared by the full-text text (word bigrams) and the hashed embedder, so both see the same words.

/** Words that carry no topic: dropped from indexed text and embedder features. */
export const stopWords: ReadonlySet<string> = new Set(
  (
    "a an and are as at be been but by can could did do does for from had has have he her his how i if in into is it its " +
    "may me might must my no not of on or our she should so such than that the their them then there these they this " +
    "those to was we were what when where which while who whom why will with would you your"
  ).split(" "),
);

/** A light English suffix stripper so "refunds", "refunded" and "refund" share a feature. */
export function stemWord(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("ing") && word.length > 5) return word.slice(0, -3);
  if (word.endsWith("ed") && word.length > 4) return word.slice(0, -2);
  if (word.endsWith("es") && /(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us")) return word.slice(0, -1);
  return word;
}
