/** What the user wants done with the data. */
export type Intent = "compare" | "trend" | "correlate" | "lookup" | "policy";

const CUES: Record<Exclude<Intent, "lookup" | "policy">, RegExp> = {
  compare:
    /对比|比较|相比|(?<!占)比(?![例率重]).{1,8}(?:高|低|多|少|好|差)|比一比|差异|差别|区别|高于|低于|哪个(?:更)?(?:高|低)|\bcompare[sd]?\b|\bcomparison\b|\bversus\b|\bvs\.?(?![a-z])|\bdifference\b|\bdiffer\b|\bhigher\b|\blower\b|\bagainst\b/u,
  trend:
    /趋势|走势|变化|变动|演变|各季度|每季度|各月|逐月|按季度|按月|\btrend(?:s|ed)?\b|\bover time\b|\bchange[sd]? over\b|\bquarter by quarter\b|\bmonth by month\b|\beach quarter\b|\bby quarter\b|\bquarterly\b|\bmonthly\b|\bevolv/u,
  correlate:
    /原因|为什么|为何|关系|关联|相关|有关|影响|结合|导致|归因|解释|\bwhy\b|\brelat(?:e|ed|es|ion|ionship)\b|\bcorrelat|\bexplain|\bcause[sd]?\b|\bdue to\b|\bimpact\b|\baffect|\blink(?:ed)?\b|\bassociat|\bin light of\b|\balongside\b/u,
};

const POLICY_CUES =
  /政策|规定|规则|条款|可以.{0,8}吗|能不能|能否|可否|谁出|谁付|谁承担|多久|多长时间|几天|怎么办|如何|怎样|\bpolicy\b|\brules?\b|\bcan i\b|\bcan we\b|\bwho pays\b|\bhow long\b|\bhow do i\b|\bam i\b|\ballowed\b|\beligible\b/u;

/**
 * The intents a normalised question expresses, from cue words in Chinese and English.
 * `policy` needs a document topic as well; `lookup` is what is left when nothing else applies.
 */
export function detectIntents(normalized: string, hasTopic: boolean, hasData: boolean): Intent[] {
  const intents: Intent[] = [];
  for (const [intent, cue] of Object.entries(CUES) as [Intent, RegExp][])
    if (cue.test(normalized)) intents.push(intent);
  if (hasTopic && (POLICY_CUES.test(normalized) || !hasData)) intents.push("policy");
  if (
    hasData &&
    !intents.some((intent) => intent === "compare" || intent === "trend" || intent === "correlate")
  )
    intents.push("lookup");
  return intents;
}
