/** Chinese business measures a workspace may not hold (销售额, 毛利率): regular-expression sources. */
export const chineseBusinessMeasurePatterns: readonly string[] = [
  "[\\u4e00-\\u9fff]{1,4}率",
  "销售额",
  "营业额",
  "销量",
  "利润",
  "毛利",
  "库存",
  "订单量",
  "客单价",
  "收入",
  "营收",
  "成本",
  "流量",
];

/** Chinese measures of everyday life, not of a business's data (汇率, 利率, 概率). */
export const chineseEverydayMeasurePatterns: readonly string[] = [
  "频率",
  "比率",
  "汇率",
  "效率",
  "概率",
  "税率",
  "利率",
];
