/**
 * English words that may stand between the parts of a catalog term written apart ("did the booking
 * app ship a new release"): verbs of making a thing public or available, "new", "latest". They name
 * nothing a catalog holds; a word that is a catalog term itself is never skipped.
 */
export const englishTermGapWords: readonly string[] =
  "new latest any another get got gets have has had ship shipped ships push pushed put out publish published release released launch launched roll rolled".split(
    " ",
  );
