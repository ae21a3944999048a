// Han, kana, Hangul, CJK punctuation and full-width forms: scripts written without spaces.
const CJK =
  /[\u2E80-\u2FDF\u3000-\u303F\u3040-\u30FF\u3100-\u312F\u3190-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF]|[\u{20000}-\u{2FA1F}]/u;

/** True when the character belongs to a script written without spaces between words. */
export function isCjkCharacter(character: string | undefined): boolean {
  // Everything below U+2E80 (Latin, Greek, Cyrillic, punctuation …) is not CJK: no regex needed.
  return (
    character !== undefined && character !== "" && character.charCodeAt(0) >= 0x2e80 && CJK.test(character)
  );
}

/** The character (a surrogate pair kept whole) starting at a UTF-16 index. */
function characterAt(text: string, index: number): string | undefined {
  if (index >= text.length) return undefined;
  const code = text.codePointAt(index) ?? 0;
  return code > 0xffff ? text.slice(index, index + 2) : text[index];
}

/** The last character of a string (surrogate pairs kept whole). */
export function lastCharacter(text: string): string | undefined {
  const length = text.length;
  if (length === 0) return undefined;
  const low = text.charCodeAt(length - 1);
  if (low >= 0xdc00 && low <= 0xdfff && length >= 2) {
    const high = text.charCodeAt(length - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.slice(length - 2);
  }
  return text[length - 1];
}

/** The first character of a string (surrogate pairs kept whole). */
export function firstCharacter(text: string): string | undefined {
  return characterAt(text, 0);
}

/** Joins two text pieces: no space when either side at the seam is CJK, one space otherwise. */
export function joinWithSpace(left: string, right: string): string {
  if (left === "") return right;
  if (right === "") return left;
  const end = lastCharacter(left);
  const start = firstCharacter(right);
  if (/\s/.test(end ?? "") || /\s/.test(start ?? "")) return left + right;
  if (isCjkCharacter(end) || isCjkCharacter(start)) return left + right;
  return `${left} ${right}`;
}

/**
 * Collapses whitespace and removes the spaces a PDF writer put between CJK characters (some
 * writers space every glyph), keeping the spaces between Latin words.
 */
export function normalizeSpacing(text: string): string {
  let result = text.replace(/[\t\u00a0\u2000-\u200b\u3000]+/g, " ").replace(/ {2,}/g, " ");
  // Only a CJK character on both sides loses its space: text without any keeps its spaces as is.
  if (!CJK.test(result)) return result.trim();
  result = result.replace(/(\S) +(?=\S)/gu, (match, before: string, offset: number, whole: string) => {
    const after = characterAt(whole, offset + match.length);
    if (isCjkCharacter(before) && isCjkCharacter(after)) return before;
    return match;
  });
  return result.trim();
}
