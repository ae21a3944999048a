import type { BreakdownCues } from "../breakdown-cues.js";

/** Chinese words (Simplified) of a breakdown or ranking (高频出现的问题, 主要原因, 前三, 最多). */
export const chineseBreakdownCues: BreakdownCues = {
  ranking: [
    "高频",
    "主要",
    "最多",
    "最少",
    "最常见",
    "最常",
    "最频繁",
    "排名",
    "排行",
    "分布",
    "构成",
    "细分",
  ],
  superlatives: ["最高", "最低", "最大", "最小", "最好", "最差"],
  ascending: ["最少", "最低", "最小"],
  topWords: ["前"],
  rankWords: ["名"],
  kindNouns: ["原因", "问题", "类型", "种类", "故障"],
};
