/**
 * English business measures a workspace may not hold (revenue, churn rate): regular-expression
 * sources over the folded question, each bounded as it needs (gmv inside a word too).
 */
export const englishBusinessMeasurePatterns: readonly string[] = [
  "gmv",
  "\\bnps\\b",
  "\\b(?:[a-z]+ ){0,2}rate\\b",
  "\\brevenue\\b",
  "\\bsales\\b",
  "\\bprofits?\\b",
  "\\bmargins?\\b",
  "\\binventory\\b",
  "\\bstock levels?\\b",
  "\\border volume\\b",
  "\\bbasket size\\b",
  "\\bincome\\b",
  "\\bcosts?\\b",
  "\\bheadcount\\b",
  "\\btraffic\\b",
];

/** English measures of everyday life, not of a business's data (exchange rates, interest, tax): whole words. */
export const englishEverydayMeasurePatterns: readonly string[] = [
  "(?:interest|tax|exchange|inflation|mortgage|heart|birth|crime|unemployment) rates?",
];
