// Chinese words (Simplified; questions are folded to Simplified before matching) that state a
// direction a question takes for granted ("退货率为什么上升"): the answer checks the premise.

/** Words of a rise. */
export const RISE_WORDS = [
  "上升",
  "上涨",
  "增长",
  "增加",
  "提高",
  "升高",
  "攀升",
  "变高",
  "走高",
  "飙升",
  "激增",
];

/** Words of a fall. */
export const FALL_WORDS = ["下降", "下跌", "减少", "降低", "下滑", "回落", "变低", "走低", "骤降", "萎缩"];
