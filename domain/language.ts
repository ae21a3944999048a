import { countScriptCharacters } from "./chinese-script.js";

/** The languages the planner answers in. */
export type Language = "en" | "zh-Hans" | "zh-Hant";

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/gu;

/**
 * Detects the question's language. Chinese script is decided by counting characters only one
 * script writes: Traditional ones change under Traditional→Simplified conversion (製→制), and
 * Simplified ones are that conversion's targets (货, 运). Characters shared by both scripts count
 * for neither; a tie (e.g. 你好) falls back to the workspace default when it is Chinese, else Simplified.
 */
export function detectLanguage(text: string, fallback: Language = "en"): Language {
  const han = [...text.matchAll(HAN)].map((match) => match[0]);
  if (han.length === 0) return "en";
  const latinWords = text.match(/[A-Za-z]{3,}/g) ?? [];
  // An English sentence quoting a Chinese name stays English.
  if (latinWords.length > han.length) return "en";
  const { traditional, simplified } = countScriptCharacters(han.join(""));
  // Traditional counts are exact (characters the conversion changes); a few Simplified-looking
  // characters are also everyday Traditional (台 in 台北), so an equal count means Traditional.
  if (traditional > 0 && traditional >= simplified) return "zh-Hant";
  if (simplified > traditional) return "zh-Hans";
  return fallback === "zh-Hant" ? "zh-Hant" : "zh-Hans";
}
