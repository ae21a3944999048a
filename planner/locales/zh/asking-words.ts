/**
 * Chinese words that ask (吗, 呢, 谁, 多久, 是否, 有没有 …): a clause with one is an ask of its own
 * (取消政策里，截止时间是什么，收多少费用，退款多久到账？ asks three things).
 */
export const chineseInterrogatives: readonly string[] =
  "吗 呢 么 谁 多久 多长时间 多少 几 哪 什么 怎么 如何 为什么 为何 是否 能否 可否 可不可以 能不能 有没有 是不是".split(
    " ",
  );

/** Chinese words that make a clause a request (对比, 列出, 请 …): a question, though no ask of its own. */
export const chineseRequestWords: readonly string[] = "对比 比较 分析 列出 查询 统计 请 说明".split(" ");
