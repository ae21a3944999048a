/** English words that make a stem a measure (return → return rate, the share of returns). */
export const englishMeasureHeads: readonly string[] = [
  "rate",
  "rates",
  "ratio",
  "ratios",
  "share",
  "percentage",
];
