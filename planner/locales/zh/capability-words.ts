import type { CapabilityPhrases } from "../capability-phrases.js";

// The things a user asks the assistant to look at, in general words.
const THINGS = "数据|资料|信息|指标|问题|东西|内容|报表|事情|事|数字|业务";
const ASK = "什么|哪些|啥|哪类|哪一些|哪几类|哪种|哪几种|些什么";
const DO = "查询|查找|查看|查到|查出|查|做|干|回答|答|提供|看|分析|找|问|统计|处理";
// One or two of them: 你这边, 你们这里, 您这个系统 address the assistant as one does alone.
const YOU = "(?:你们|您们|你|您|这里|这边|那边|那里|这个系统|系统|工作区|助手){1,2}";

/** Chinese questions about what the assistant can look up, in Simplified (Traditional is folded first). */
export const chineseCapabilityPhrases: CapabilityPhrases = {
  fillers: [],
  // A particle left by a greeting (你好呀，…), then a time word (今天, 现在): they change nothing asked.
  openers: [
    ["呀", "啊", "哦", "喔"],
    ["请问今天", "请问现在", "请问目前", "今天", "现在", "目前"],
  ],
  spellings: {},
  patterns: [
    // 你都能帮我查哪些数据 · 您可以做什么 · 你还会回答什么问题 · 我能问你些什么
    `(?:请问)?(?:${YOU}|我)(?:都|还|到底|具体|一般|主要)*(?:能|可以|会|能够)(?:帮我|帮忙|为我|给我|替我|帮|问你|问)?(?:${DO})?(?:到|出)?(?:些|一些|哪些)?(?:${ASK})(?:样的|类的|类型的|种类的)?(?:${THINGS})?(?:呢|吗|呀|啊)?`,
    // 你有哪些数据 · 这里都有什么资料 · 工作区里有哪些指标
    `(?:请问)?(?:${YOU})(?:里|里面|这里)?(?:都|还|到底)*(?:有|能提供|可以提供|支持|包含|覆盖)(?:${ASK})(?:${THINGS})(?:呢|吗|呀|啊)?`,
    // 能查哪些数据 · 可以问什么 · 今天可以帮我看什么数据
    `(?:${YOU})?(?:能|可以)(?:帮我|帮忙|为我|给我|替我)?(?:${DO})(?:些|一些|哪些)?(?:${ASK})(?:${THINGS})?(?:呢|吗|呀|啊)?`,
    // 可以帮我看数据吗 · 你能帮我查一下数据吗: help with data in general, no subject named
    `(?:${YOU})?(?:能|可以|能不能|可不可以)(?:帮我|帮忙|给我|替我)(?:${DO})(?:一下|一些|下)?(?:${THINGS})(?:吗|呢|吧|呀)?`,
  ],
};
