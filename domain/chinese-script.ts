import { createRequire } from "node:module";
import * as TraditionalToSimplified from "opencc-js/t2cn";

const require = createRequire(import.meta.url);

// Converters build their dictionaries when created (Simplified→Traditional takes about half a
// second), so each is made on first use and kept; a run that never needs one never pays for it.
let simplify: ((text: string) => string) | undefined;
let traditionalize: ((text: string) => string) | undefined;
let taiwanPhrases: ((text: string) => string) | undefined;
let simplifiedOnly: Set<string> | undefined;

/**
 * A Han character. Every entry of the Traditional→Simplified dictionaries starts with one (checked
 * in chinese-script.test.ts), so text without any converts to itself: an English question never
 * builds the converter's dictionary (tens of milliseconds of a cold `plan`).
 */
const HAN = /\p{Script=Han}/u;

/** Traditional (Taiwan) Chinese to Simplified: 換貨運費 → 换货运费. Other text passes through. */
export function toSimplified(text: string): string {
  if (!HAN.test(text)) return text;
  const convert = simplify ?? TraditionalToSimplified.Converter({ from: "tw", to: "cn" });
  simplify = convert;
  return convert(text);
}

/** Simplified Chinese to Traditional (Taiwan): 换货 → 換貨. Its dictionary loads on first use (slow to build). */
export function toTraditional(text: string): string {
  if (!traditionalize) {
    // Required, not imported, so the large dictionary module is read only when this runs.
    const SimplifiedToTraditional = require("opencc-js/cn2t") as typeof TraditionalToSimplified;
    traditionalize = SimplifiedToTraditional.Converter({ from: "cn", to: "tw" });
  }
  return traditionalize!(text);
}

/**
 * Simplified Chinese to Traditional with Taiwan's words, not only its characters (服务器 → 伺服器,
 * 文件 → 檔案, 默认 → 預設): for the sentences triangulate writes itself, never for a name or a
 * quotation (those keep their own words). Its dictionaries load on first use.
 */
export function toTaiwanPhrasing(text: string): string {
  if (!HAN.test(text)) return text;
  if (!taiwanPhrases) {
    const SimplifiedToTraditional = require("opencc-js/cn2t") as typeof TraditionalToSimplified;
    taiwanPhrases = SimplifiedToTraditional.Converter({ from: "cn", to: "twp" });
  }
  return taiwanPhrases!(text);
}

/**
 * Characters that only Simplified Chinese writes (货, 运, 费): the targets of the Traditional→
 * Simplified character dictionary that differ from their source. Read from the dictionary the
 * converter uses, so detection and conversion agree.
 */
function simplifiedCharacters(): Set<string> {
  if (simplifiedOnly) return simplifiedOnly;
  const characters = new Set<string>();
  const sources = new Set<string>();
  const locale = (
    TraditionalToSimplified as unknown as { Locale: { from: { tw: unknown[] }; to: { cn: unknown[] } } }
  ).Locale;
  // Taiwan's own variants (台 for 臺) are Traditional too, though the conversion also produces them.
  for (const dictionary of locale.from.tw.flat(3)) {
    if (typeof dictionary !== "string") continue;
    for (const [source] of dictionary.split("|").map((entry) => entry.split(" ")))
      if (source && [...source].length === 1) sources.add(source);
  }
  const dictionaries = locale.to.cn.flat(3);
  for (const dictionary of dictionaries) {
    if (typeof dictionary !== "string") continue;
    for (const [source, target] of dictionary.split("|").map((entry) => entry.split(" "))) {
      if (!source || !target || [...source].length !== 1 || [...target].length !== 1) continue;
      sources.add(source);
      if (source !== target) characters.add(target);
    }
  }
  // A character that is itself a Traditional source (e.g. 干 for 乾/幹, but also a word of its own) proves nothing.
  for (const source of sources) characters.delete(source);
  simplifiedOnly = characters;
  return characters;
}

/** How many characters of the text only Traditional writes, and how many only Simplified writes. */
export function countScriptCharacters(text: string): { traditional: number; simplified: number } {
  const han = [...text].filter((character) => /[\u3400-\u9fff\uf900-\ufaff]/u.test(character));
  // No Han character: nothing to count, and the dictionaries need not be read.
  if (han.length === 0) return { traditional: 0, simplified: 0 };
  const converted = [...toSimplified(han.join(""))];
  let traditional = 0;
  if (converted.length === han.length) {
    han.forEach((character, index) => {
      if (converted[index] !== character) traditional += 1;
    });
  } else {
    for (const character of han) if (toSimplified(character) !== character) traditional += 1;
  }
  const simplifiedSet = simplifiedCharacters();
  const simplified = han.filter((character) => simplifiedSet.has(character)).length;
  return { traditional, simplified };
}
