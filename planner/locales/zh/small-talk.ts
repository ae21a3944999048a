import type { SmallTalkPhrases } from "../small-talk-phrases.js";

/**
 * Chinese small talk in Simplified (Traditional is folded before matching): 你好, 在吗, 谢谢,
 * 辛苦了, 好的, 今天先这样. A message made only of these gets a short reply and no plan.
 */
export const chineseSmallTalk: SmallTalkPhrases = {
  greeting: [
    "你好",
    "您好",
    "哈喽",
    "哈啰",
    "哈罗",
    "嗨",
    "喂",
    "早上好",
    "早安",
    "早",
    "午安",
    "下午好",
    "晚上好",
    "晚安",
    "大家好",
  ],
  check_in: ["在吗", "在不在", "有人吗", "你在吗", "还在吗", "最近好吗", "你好吗", "最近怎么样", "怎么样"],
  thanks: [
    "谢谢",
    "谢谢你",
    "谢谢您",
    "多谢",
    "感谢",
    "谢啦",
    "谢了",
    "辛苦了",
    "辛苦啦",
    "辛苦",
    "麻烦你了",
  ],
  acknowledge: ["好的", "好", "好吧", "行", "嗯", "嗯嗯", "哦", "明白了", "知道了", "收到", "了解"],
  farewell: [
    "再见",
    "拜拜",
    "回头见",
    "下次见",
    "今天先这样",
    "先这样",
    "就这样",
    "今天就到这里",
    "就到这里",
  ],
};
