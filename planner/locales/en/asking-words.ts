/**
 * English words that ask (who, how, is, did …): a clause starting with one, after its
 * connectives, is an ask of its own ("…, and how long does the refund take?").
 */
export const englishInterrogatives: readonly string[] =
  "who whom whose what when where which why how is are was were do does did can could will would should may".split(
    " ",
  );

/** English words that make a clause a request (compare, show, list …): a question, though no ask of its own. */
export const englishRequestWords: readonly string[] =
  "compare show list give tell find explain analyse analyze relate summarise summarize count calculate".split(
    " ",
  );

/**
 * The interrogatives above that ask only by opening their clause (the verb before its subject):
 * "Is the visit free?" asks, "the visit is free" and "we are on the Business plan" state.
 */
export const englishOpeningInterrogatives: readonly string[] =
  "is are was were do does did can could will would should may".split(" ");
