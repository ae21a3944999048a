import type { IntentCues } from "../intent-cue-patterns.js";

/**
 * English cues of what a question wants done with the data: compare, trend, correlate or explain,
 * and a policy question. Regular-expression sources over the folded question.
 */
export const englishIntentCues: IntentCues = {
  compare: [
    "\\bcompare[sd]?\\b",
    "\\bcomparison\\b",
    "\\bversus\\b",
    "\\bvs\\.?(?![a-z])",
    "\\bdifference\\b",
    "\\bdiffer\\b",
    "\\bhigher\\b",
    "\\blower\\b",
    "\\bagainst\\b",
  ],
  trend: [
    "\\btrend(?:s|ed)?\\b",
    "\\bover time\\b",
    "\\bchange[sd]? over\\b",
    "\\bquarter by quarter\\b",
    "\\bmonth by month\\b",
    "\\beach quarter\\b",
    "\\bby quarter\\b",
    "\\bquarterly\\b",
    "\\bmonthly\\b",
    "\\bevolv",
  ],
  correlate: [
    "\\bwhy\\b",
    "\\brelat(?:e|ed|es|ion|ionship)\\b",
    "\\bcorrelat",
    "\\bexplain",
    "\\bcause[sd]?\\b",
    "\\bdue to\\b",
    "\\bimpact\\b",
    "\\baffect",
    "\\blink(?:ed)?\\b",
    "\\bassociat",
    "\\bin light of\\b",
    "\\balongside\\b",
  ],
  policy: [
    "\\bpolicy\\b",
    "\\brules?\\b",
    "\\bcan i\\b",
    "\\bcan we\\b",
    "\\bwho pays\\b",
    "\\bhow long\\b",
    "\\bhow do i\\b",
    "\\bam i\\b",
    "\\ballowed\\b",
    "\\beligible\\b",
  ],
};
