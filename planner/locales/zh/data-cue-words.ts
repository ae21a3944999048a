/**
 * Chinese words that say a question is about business data though no catalog term matched. The
 * workspace's own catalog words are cues too (planner/router.ts); these are the shared ones.
 */
export const chineseDataCues: readonly string[] =
  "率 数据 报表 指标 季度 月份 销售 订单 客户 政策 业绩 统计 同比 环比".split(" ");
