/**
 * Per-language words of quantities and the ranges a condition states ("2 to 24 hours", "More than
 * 24 hours", 身高1.2米以下, 超过8小时): the units a quantity is written in, with the factor to its
 * measure's base unit, and the words that bound a range before or after the number. Data only;
 * `stated-range.ts` reads them. Chinese words are Simplified: text is folded before matching.
 */

/** What a quantity measures; each has one base unit (hours, metres, years of age, kilograms). */
export type Measure = "duration" | "length" | "age" | "weight";

export interface RangeWords {
  /**
   * Unit words (regular-expression sources), each with its factor to the base unit; of two words
   * that start alike, the longer comes first (minutes before m, 周岁 before 周).
   */
  units: { measure: Measure; source: string; factor: number }[];
  /** Number words of the language beside digits ("five"); Chinese numerals are read by parseChineseNumeral. */
  numbers: Record<string, number>;
  /** Words before a number: the bound they set and whether the number itself is inside. */
  before: { source: string; bound: "low" | "high"; inclusive: boolean }[];
  /** Words right after a quantity ("or more", 以上, 以下, 以内). */
  after: { source: string; bound: "low" | "high"; inclusive: boolean }[];
  /** Words between the two numbers of a closed range ("2 to 24 hours", 2至24小时). */
  between: string[];
}

const english: RangeWords = {
  units: [
    { measure: "duration", source: "minutes?|mins?", factor: 1 / 60 },
    { measure: "duration", source: "hours?|hrs?", factor: 1 },
    { measure: "duration", source: "days?", factor: 24 },
    { measure: "duration", source: "weeks?", factor: 168 },
    { measure: "age", source: "years? old|-year-old", factor: 1 },
    { measure: "length", source: "cm|centimet(?:er|re)s?", factor: 0.01 },
    { measure: "length", source: "m|met(?:er|re)s?", factor: 1 },
    { measure: "weight", source: "kg|kilograms?|kilos?", factor: 1 },
  ],
  numbers: {
    one: 1,
    two: 2,
    three: 3,
    four: 4,
    five: 5,
    six: 6,
    seven: 7,
    eight: 8,
    nine: 9,
    ten: 10,
    eleven: 11,
    twelve: 12,
    fifteen: 15,
    twenty: 20,
    thirty: 30,
    "forty-eight": 48,
    "seventy-two": 72,
  },
  before: [
    {
      source: "more than|over|above|exceeding|longer than|greater than|beyond",
      bound: "low",
      inclusive: false,
    },
    { source: "at least|no less than|not less than|minimum of", bound: "low", inclusive: true },
    { source: "less than|under|below|shorter than|fewer than", bound: "high", inclusive: false },
    { source: "up to|at most|within|no more than|not more than|maximum of", bound: "high", inclusive: true },
  ],
  after: [
    {
      source: "or more|or longer|or above|and above|or over|and over|or older",
      bound: "low",
      inclusive: true,
    },
    {
      source: "or less|or fewer|or under|and under|or below|or shorter|or younger",
      bound: "high",
      inclusive: true,
    },
  ],
  between: ["to", "-", "–", "—", "and", "through"],
};

const chinese: RangeWords = {
  units: [
    // Age first: 周岁 starts as 周 (a week) does.
    { measure: "age", source: "周岁|岁", factor: 1 },
    { measure: "duration", source: "分钟", factor: 1 / 60 },
    { measure: "duration", source: "个?小时|个?钟头", factor: 1 },
    { measure: "duration", source: "天", factor: 24 },
    { measure: "duration", source: "个?星期|周", factor: 168 },
    { measure: "length", source: "厘米|公分", factor: 0.01 },
    { measure: "length", source: "米", factor: 1 },
    { measure: "weight", source: "公斤|千克", factor: 1 },
  ],
  numbers: {},
  before: [
    { source: "超过|大于|高于|多于|长于|逾", bound: "low", inclusive: false },
    { source: "不少于|不低于|至少|满", bound: "low", inclusive: true },
    { source: "不足|少于|低于|小于|短于|未满|不满|不到", bound: "high", inclusive: false },
    { source: "不超过|不多于|不高于|最多|至多|以内的?", bound: "high", inclusive: true },
  ],
  after: [
    { source: "以上|或以上|及以上|或更长|或更多", bound: "low", inclusive: true },
    { source: "以下|或以下|及以下|以内|之内|内", bound: "high", inclusive: true },
  ],
  between: ["至", "到", "-", "–", "~", "～", "—"],
};

export const RANGE_WORDS: readonly RangeWords[] = [english, chinese];
