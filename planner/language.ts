import * as OpenCC from "opencc-js";

/** The languages the planner answers in. */
export type Language = "en" | "zh-Hans" | "zh-Hant";

const toSimplified = OpenCC.Converter({ from: "tw", to: "cn" });
const toTraditional = OpenCC.Converter({ from: "cn", to: "tw" });
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/gu;

/** Characters a conversion changed; converts the whole text once (cheap) unless phrase rules changed its length. */
function countChanged(text: string, converted: string, convert: (text: string) => string): number {
  let changed = 0;
  if (converted.length === text.length) {
    for (let index = 0; index < text.length; index += 1) if (converted[index] !== text[index]) changed += 1;
    return changed;
  }
  for (const character of text) if (convert(character) !== character) changed += 1;
  return changed;
}

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
  const joined = han.join("");
  const traditional = countChanged(joined, toSimplified(joined), toSimplified);
  const simplified = countChanged(joined, toTraditional(joined), toTraditional);
  if (traditional > simplified) return "zh-Hant";
  if (simplified > traditional) return "zh-Hans";
  return fallback === "zh-Hant" ? "zh-Hant" : "zh-Hans";
}
