import { toSimplified } from "../domain/chinese-script.js";

// The converters are shared with the planner and the knowledge base, built once on first use.
export { toSimplified, toTraditional } from "../domain/chinese-script.js";

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/** Whether the text holds Chinese characters. */
export function hasChinese(text: string): boolean {
  return CJK.test(text);
}

/** Language of an answer to this question: Chinese questions are answered in their script, others in English. */
export function detectLanguage(text: string): "zh-Hans" | "zh-Hant" | "en" {
  if (!hasChinese(text)) return "en";
  // A text is Traditional when folding it to Simplified changes it and it does not change back the other way.
  const simplified = toSimplified(text);
  if (simplified !== text) return "zh-Hant";
  return "zh-Hans";
}
