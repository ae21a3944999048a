import * as OpenCC from "opencc-js";

// One converter per process: building it loads the dictionaries once.
let toSimplifiedConverter: ((text: string) => string) | undefined;
let toTraditionalConverter: ((text: string) => string) | undefined;

/** Traditional → Simplified Chinese (Taiwan forms included); other text unchanged. */
export function toSimplified(text: string): string {
  const convert = toSimplifiedConverter ?? OpenCC.Converter({ from: "tw", to: "cn" });
  toSimplifiedConverter = convert;
  return convert(text);
}

/** Simplified → Traditional Chinese (Taiwan forms). */
export function toTraditional(text: string): string {
  const convert = toTraditionalConverter ?? OpenCC.Converter({ from: "cn", to: "tw" });
  toTraditionalConverter = convert;
  return convert(text);
}

/** Folds text for matching: NFKC (full-width digits and %), lower case, Simplified Chinese. */
export function foldText(text: string): string {
  return toSimplified(text.normalize("NFKC").toLowerCase());
}

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
