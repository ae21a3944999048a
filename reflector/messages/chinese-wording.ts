import { toTaiwanPhrasing } from "../../domain/chinese-script.js";

// The Chinese catalog is written once, in Simplified Chinese (zh-hans.ts); Traditional Chinese is
// made from it. Every literal part of its sentences is written through a `Wording` tag, so the
// Traditional catalog converts exactly those parts and never a value placed between them: a
// source's name, a file path, a catalog label or an upstream's quoted words keep their own
// characters.

/** A tag the Chinese catalog writes its own words with: zh`没有${name}的数值`. */
export type Wording = (strings: TemplateStringsArray, ...values: (string | number)[]) => string;

/** The words as written: the Simplified catalog. */
export const simplifiedWording: Wording = (strings, ...values) =>
  strings.reduce(
    (text, part, index) => text + part + (index < values.length ? String(values[index]) : ""),
    "",
  );

/**
 * A wording that writes each literal part in Traditional Chinese as Taiwan says it: the part's
 * phrases found in `overrides` (Simplified phrase → Taiwan phrase, where OpenCC's Taiwan phrasing
 * says it otherwise) as given, the rest through OpenCC (Simplified → Taiwan phrases). Each literal
 * part is converted once and kept.
 */
export function taiwanWording(overrides: Record<string, string>): Wording {
  const phrases = Object.keys(overrides).sort((a, b) => b.length - a.length);
  const pattern = phrases.length > 0 ? new RegExp(phrases.map(escapeForPattern).join("|"), "g") : undefined;
  const converted = new Map<string, string>();
  const convert = (part: string): string => {
    let result = converted.get(part);
    if (result !== undefined) return result;
    result = "";
    let last = 0;
    for (const match of pattern ? part.matchAll(pattern) : []) {
      result += toTaiwanPhrasing(part.slice(last, match.index)) + overrides[match[0]];
      last = match.index + match[0].length;
    }
    result += toTaiwanPhrasing(part.slice(last));
    converted.set(part, result);
    return result;
  };
  return (strings, ...values) =>
    strings.reduce(
      (text, part, index) => text + convert(part) + (index < values.length ? String(values[index]) : ""),
      "",
    );
}

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
