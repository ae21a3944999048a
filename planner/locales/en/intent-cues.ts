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
    // "How did X change / develop / move?" asks how it moved, as 有什么变化 does: over a span, not
    // one period (a question naming no period gets the last 12 months, not the last month).
    "\\bhow (?:did|has|have|does|do)\\b[^?]{0,80}?\\b(?:chang(?:e|ed)|develop(?:ed)?|move[d]?)\\b",
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
    // what a rule obliges or promises ("how quickly must a complaint be visited", "what credit do I get")
    "\\bmust\\b",
    "\\bshould\\b",
    "\\bshall\\b",
    "\\b(?:have|has|need|needs) to\\b",
    "\\brequired\\b",
    "\\bentitled\\b",
    "\\bhow (?:quickly|soon|fast)\\b",
    // a duration a rule sets ("how many days do customers have to return an item?")
    "\\bhow many (?:working |business |calendar )?(?:days|hours|weeks|months|years)\\b",
    "\\bdo (?:i|we) get\\b",
    "\\bguarantee",
    "\\bpromise",
  ],
  figure: [
    // not a duration a rule sets (how many days …: a policy cue above)
    "\\bhow many\\b(?! (?:working |business |calendar )?(?:days|hours|weeks|months|years)\\b)",
    "\\bnumber of\\b",
    "\\bcount\\b",
    "\\btotal\\b",
    "\\bwhat (?:was|were|is|are) the\\b",
    "\\brates?\\b",
    "\\baverage\\b",
  ],
};
