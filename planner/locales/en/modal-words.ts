import type { ModalWords } from "../modal-words.js";

/** English modals of what is allowed ("can I return it", "may we still exchange it"). */
export const englishModalWords: ModalWords = {
  modals: "can could may".split(" "),
  adverbs: "still also just".split(" "),
  subjects: "i we".split(" "),
  particles: [],
  aspects: [],
  directions: ["to"],
};
