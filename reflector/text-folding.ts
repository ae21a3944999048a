// The converters are shared with the planner and the knowledge base, built once on first use.
export { toSimplified, toTraditional } from "../domain/chinese-script.js";

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/** Whether the text holds Chinese characters. */
export function hasChinese(text: string): boolean {
  return CJK.test(text);
}

// Language detection has one home: domain/language.ts (the answer is written in the question's language).
export { detectLanguage } from "../domain/language.js";
