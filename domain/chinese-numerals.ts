/** The value of each Chinese digit, with the colloquial 两/兩 for 2 and 〇 for 0 (as in years: 二〇二四). */
const CHINESE_DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  兩: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/**
 * The number a Chinese numeral spells: 十 → 10, 十二 → 12, 二十三 → 23, 两 → 2, and a run of digits
 * read place by place (二〇二四 → 2024). Handles 一 … 九十九 with 十, enough for the counts, months
 * and quarters a sentence spells out; anything else (百, 千, mixed text) is undefined.
 */
export function parseChineseNumeral(text: string): number | undefined {
  if (text === "十") return 10;
  const tens = /^([一二两兩三四五六七八九])?十([一二三四五六七八九])?$/u.exec(text);
  if (tens) return (tens[1] ? CHINESE_DIGITS[tens[1]] : 1) * 10 + (tens[2] ? CHINESE_DIGITS[tens[2]] : 0);
  if (text.length > 0 && [...text].every((character) => Object.hasOwn(CHINESE_DIGITS, character))) {
    return Number([...text].map((character) => CHINESE_DIGITS[character]).join(""));
  }
  return undefined;
}
