/**
 * Questions about the assistant itself rather than about the data: "what can you do", "what data
 * do you have", 你都能帮我查哪些数据, 你可以做什麼. They are answered with what the workspace's
 * catalog holds (the router's help reply), never planned: no catalog term is in them, and
 * refusing them as "no metric named" would leave the user without the list they asked for.
 *
 * Matched on the folded question (lower case, Traditional folded to Simplified), whole: a
 * capability phrase followed by a real subject ("what can you tell me about return rates") names
 * a catalog term and never reaches this check.
 */

// The things a user asks the assistant to look at, in general words.
const HAN_THINGS = "数据|资料|信息|指标|问题|东西|内容|报表|事情|事|数字|业务";
const HAN_ASK = "什么|哪些|啥|哪类|哪一些|哪几类|哪种|哪几种|些什么";
const HAN_DO = "查询|查找|查看|查到|查出|查|做|干|回答|答|提供|看|分析|找|问|统计|处理";
// One or two of them: 你这边, 你们这里, 您这个系统 address the assistant as one does alone.
const HAN_YOU = "(?:你们|您们|你|您|这里|这边|那边|那里|这个系统|系统|工作区|助手){1,2}";

const HAN_CAPABILITY = new RegExp(
  [
    // 你都能帮我查哪些数据 · 您可以做什么 · 你还会回答什么问题 · 我能问你些什么
    `^(?:请问)?(?:${HAN_YOU}|我)(?:都|还|到底|具体|一般|主要)*(?:能|可以|会|能够)(?:帮我|帮忙|为我|给我|替我|帮|问你|问)?(?:${HAN_DO})?(?:到|出)?(?:些|一些|哪些)?(?:${HAN_ASK})(?:样的|类的|类型的|种类的)?(?:${HAN_THINGS})?(?:呢|吗|呀|啊)?$`,
    // 你有哪些数据 · 这里都有什么资料 · 工作区里有哪些指标
    `^(?:请问)?(?:${HAN_YOU})(?:里|里面|这里)?(?:都|还|到底)*(?:有|能提供|可以提供|支持|包含|覆盖)(?:${HAN_ASK})(?:${HAN_THINGS})(?:呢|吗|呀|啊)?$`,
    // 能查哪些数据 · 可以问什么 · 今天可以帮我看什么数据
    `^(?:${HAN_YOU})?(?:能|可以)(?:帮我|帮忙|为我|给我|替我)?(?:${HAN_DO})(?:些|一些|哪些)?(?:${HAN_ASK})(?:${HAN_THINGS})?(?:呢|吗|呀|啊)?$`,
    // 可以帮我看数据吗 · 你能帮我查一下数据吗: help with data in general, no subject named
    `^(?:${HAN_YOU})?(?:能|可以|能不能|可不可以)(?:帮我|帮忙|给我|替我)(?:${HAN_DO})(?:一下|一些|下)?(?:${HAN_THINGS})(?:吗|呢|吧|呀)?$`,
  ].join("|"),
  "u",
);

const LATIN_THINGS =
  "data|information|info|metrics|figures|numbers|things|questions|sources|datasets|reports|topics|stuff";
const LATIN_DO =
  "look up|look into|look at|find|find out|check|query|answer|do|tell me|tell me about|show me|report on|report|help me with|help with|help me|help|access|see|cover|fetch|get";

const LATIN_CAPABILITY = new RegExp(
  [
    // what can you look up for me · what kind of questions can you answer · what else can you do
    `^(?:so |and |ok |okay )?(?:what|which)(?: else)?(?: (?:kinds?|sorts?|types?) of)?(?: (?:${LATIN_THINGS}))? (?:can|could|do|will) (?:you|i)(?: actually| even| really)? (?:${LATIN_DO})(?: you)?(?: about| with| on| for)?(?: (?:for )?(?:me|us))?$`,
    // what data do you have (access to) · which metrics do you know · what sources are there
    `^(?:what|which)(?: (?:kinds?|sorts?|types?) of)? (?:${LATIN_THINGS}) (?:do you (?:have|hold|know|know about|cover|support|have access to|offer)|are (?:there|available)|is (?:there|available)|can i ask about)$`,
    // what do you know (about) · what do you cover · what are you able to do
    "^what (?:do you (?:know|cover|offer|support)(?: about)?|are you able to do|are your capabilities)$",
  ].join("|"),
  "u",
);

/** True when the whole folded question asks what the assistant can look up or answer. */
export function isCapabilityQuestion(folded: string): boolean {
  const latin = folded
    .replace(/[?？!！.。,，]+/gu, " ")
    .replace(/\b(?:please|exactly|here|right now|today)\b/gu, " ")
    .replace(/\s+/gu, " ")
    .trim()
    .replace(/^(?:hi|hello|hey)\s+/u, "")
    .replace(/\bwhat's\b/gu, "what is");
  if (LATIN_CAPABILITY.test(latin)) return true;
  // A particle left by a greeting (你好呀，…) and a time word (今天, 现在) change nothing asked.
  const han = folded
    .replace(/[\s?？!！.。,，、~～]+/gu, "")
    .replace(/^(?:呀|啊|哦|喔)/u, "")
    .replace(/^(?:请问)?(?:今天|现在|目前)/u, "");
  return HAN_CAPABILITY.test(han);
}
