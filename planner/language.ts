import * as OpenCC from "opencc-js";

/** The languages the planner answers in. */
export type Language = "en" | "zh-Hans" | "zh-Hant";

const toSimplified = OpenCC.Converter({ from: "tw", to: "cn" });
const toTraditional = OpenCC.Converter({ from: "cn", to: "tw" });
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/gu;

/**
 * Detects the question's language. Chinese script is decided by which conversion changes more
 * characters: a Traditional text loses characters to Traditional→Simplified conversion (製→制),
 * a Simplified text to Simplified→Traditional (货→貨). Characters shared by both scripts count for
 * neither; a tie (e.g. 你好) falls back to the workspace default when it is Chinese, else Simplified.
 */
export function detectLanguage(text: string, fallback: Language = "en"): Language {
  const han = [...text.matchAll(HAN)].map((match) => match[0]);
  if (han.length === 0) return "en";
  const latinWords = text.match(/[A-Za-z]{3,}/g) ?? [];
  // An English sentence quoting a Chinese name stays English.
  if (latinWords.length > han.length) return "en";
  let traditional = 0;
  let simplified = 0;
  for (const character of han) {
    if (toSimplified(character) !== character) traditional += 1;
    if (toTraditional(character) !== character) simplified += 1;
  }
  if (traditional > simplified) return "zh-Hant";
  if (simplified > traditional) return "zh-Hans";
  return fallback === "zh-Hant" ? "zh-Hant" : "zh-Hans";
}
