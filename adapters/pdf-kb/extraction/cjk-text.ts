// Han, kana, Hangul, CJK punctuation and full-width forms: scripts written without spaces.
const CJK =
  /[\u2E80-\u2FDF\u3000-\u303F\u3040-\u30FF\u3100-\u312F\u3190-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF]|[\u{20000}-\u{2FA1F}]/u;

/** True when the character belongs to a script written without spaces between words. */
export function isCjkCharacter(character: string | undefined): boolean {
  return character !== undefined && character !== "" && CJK.test(character);
}

/** The last character of a string (surrogate pairs kept whole). */
export function lastCharacter(text: string): string | undefined {
  const characters = Array.from(text);
  return characters[characters.length - 1];
}

/** The first character of a string (surrogate pairs kept whole). */
export function firstCharacter(text: string): string | undefined {
  return Array.from(text)[0];
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
  result = result.replace(/(\S) +(?=\S)/gu, (match, before: string, offset: number, whole: string) => {
    const after = firstCharacter(whole.slice(offset + match.length));
    if (isCjkCharacter(before) && isCjkCharacter(after)) return before;
    return match;
  });
  return result.trim();
}
