import type { ModalWords } from "../modal-words.js";

/** Chinese modals of what is allowed (能退吗, 可以退嗎, 能不能换), in Simplified. */
export const chineseModalWords: ModalWords = {
  modals: "可不可以 能不能 允不允许 可以 可否 能否 允许 能".split(" "),
  adverbs: "再 还 也".split(" "),
  subjects: [],
  particles: "吗 嘛 么 不 呢 吧 啊".split(" "),
  aspects: ["了"],
  directions: [],
};
