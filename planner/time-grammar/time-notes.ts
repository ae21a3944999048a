import type { Language } from "../../domain/language.js";

type Say = Record<Language, string>;

/**
 * What each reading convention of the time grammar tells the user, in the question's language.
 * Every convention is decided once and described in docs/planner.md ("Time conventions").
 */
const CONVENTIONS: Record<string, Say> = {
  yearless: {
    en: "no year given: read in the year written nearest in the question, else as the latest one that starts by the as-of date",
    "zh-Hans": "未写年份：按问题中最近写出的年份理解，没有则取截止日期前最近的一个",
    "zh-Hant": "未寫年份：按問題中最近寫出的年份理解，沒有則取截止日期前最近的一個",
  },
  "whole-current": {
    en: "no date given: read as the whole period (week, month, quarter or year) holding the as-of date",
    "zh-Hans": "未写日期：按截止日期所在的整个期间（周、月、季度或年）理解",
    "zh-Hant": "未寫日期：按截止日期所在的整個期間（週、月、季度或年）理解",
  },
  "units-ago": {
    en: "read as the whole unit that many units before the as-of date",
    "zh-Hans": "理解为截止日期往前相应数量的整个时间单位",
    "zh-Hant": "理解為截止日期往前相應數量的整個時間單位",
  },
  "weeks-ago": {
    en: "read as the day that many weeks before the as-of date; a dataset recorded by week answers it for the week (Monday to Sunday) holding that day",
    "zh-Hans": "理解为截止日期往前相应周数的那一天；按周记录的数据按包含这一天的那一周（周一至周日）回答",
    "zh-Hant": "理解為截止日期往前相應週數的那一天；按週記錄的資料按包含這一天的那一週（週一至週日）回答",
  },
  "rolling-window": {
    en: "read as whole units before the one holding the as-of date (that one is not complete)",
    "zh-Hans": "理解为截止日期所在单位之前的完整单位（截止日期所在的单位尚未结束）",
    "zh-Hant": "理解為截止日期所在單位之前的完整單位（截止日期所在的單位尚未結束）",
  },
  "window-ending": {
    en: "read as whole units ending with the unit that holds the stated end",
    "zh-Hans": "理解为截至所述时间点所在单位（含）的完整单位",
    "zh-Hant": "理解為截至所述時間點所在單位（含）的完整單位",
  },
  "to-date": {
    en: "to date: from the start of the period up to the as-of date; the as-of month counts only what was recorded by then; a base a year earlier runs to the same day, its last month counted whole",
    "zh-Hans":
      "至今：从该期间开始到截止日期；截止日期所在月份只含截至当天已记录的数据；一年前的对比期截至同一天，其最后一个月按整月计",
    "zh-Hant":
      "至今：從該期間開始到截止日期；截止日期所在月份只含截至當天已記錄的資料；一年前的對比期截至同一天，其最後一個月按整月計",
  },
  "demonstrative-back-reference": {
    en: "read as the period of the same unit named earlier in the question; alone it would be the one holding the as-of date",
    "zh-Hans": "理解为问题前文所写的同一单位的期间；单独出现时指截止日期所在的期间",
    "zh-Hant": "理解為問題前文所寫的同一單位的期間；單獨出現時指截止日期所在的期間",
  },
  "same-period-in-year": {
    en: "read as the same period as the one the question names before, moved into that year",
    "zh-Hans": "理解为问题前文所写的期间在该年份的同一时段",
    "zh-Hant": "理解為問題前文所寫的期間在該年份的同一時段",
  },
  "window-before-named": {
    en: "read as the whole units just before the period named earlier in the question, not before the as-of date",
    "zh-Hans": "理解为问题前文所写期间之前紧邻的完整单位，而不是截止日期之前的",
    "zh-Hant": "理解為問題前文所寫期間之前緊鄰的完整單位，而不是截止日期之前的",
  },
  "compared-year": {
    en: "a year set against a period named before it that is part of a year is read as the same part of that year",
    "zh-Hans": "与前文所写的某年内期间相比的年份，理解为该年份的同一时段",
    "zh-Hant": "與前文所寫的某年內期間相比的年份，理解為該年份的同一時段",
  },
  "before-named": {
    en: "read as the one just before the period of that unit named earlier in the question",
    "zh-Hans": "理解为问题前文所写的同一单位期间的前一个",
    "zh-Hant": "理解為問題前文所寫的同一單位期間的前一個",
  },
  "weekday-of-week": {
    en: "a weekday with last / this / next is read as that day of the previous / current / next week (Monday to Sunday)",
    "zh-Hans": "带“上/这/下”的星期几理解为上周/本周/下周（周一至周日）中的那一天",
    "zh-Hant": "帶「上/這/下」的星期幾理解為上週/本週/下週（週一至週日）中的那一天",
  },
  "part-of-week": {
    en: "the beginning of a week is read as Monday to Wednesday, its end as Friday to Sunday",
    "zh-Hans": "一周之初理解为周一至周三，周末理解为周五至周日",
    "zh-Hant": "一週之初理解為週一至週三，週末理解為週五至週日",
  },
  "part-of-month": {
    en: "the beginning of a month is read as its days 1–10, the middle as 11–20, the end as day 21 to the last",
    "zh-Hans": "月初理解为1–10日，月中为11–20日，月底为21日至月末",
    "zh-Hant": "月初理解為1–10日，月中為11–20日，月底為21日至月末",
  },
  "part-of-quarter": {
    en: "the beginning of a quarter is read as its first month, the end as its last month",
    "zh-Hans": "季初理解为该季度第一个月，季末理解为最后一个月",
    "zh-Hant": "季初理解為該季度第一個月，季末理解為最後一個月",
  },
  "part-of-half": {
    en: "the beginning of a half year is read as its first quarter, the end as its last quarter",
    "zh-Hans": "半年之初理解为其第一个季度，半年之末理解为最后一个季度",
    "zh-Hant": "半年之初理解為其第一個季度，半年之末理解為最後一個季度",
  },
  "part-of-year": {
    en: "the beginning (early) of a year is read as its first quarter, the end (late) as its last quarter",
    "zh-Hans": "年初理解为第一季度，年底（年末）理解为第四季度",
    "zh-Hant": "年初理解為第一季度，年底（年末）理解為第四季度",
  },
};

/** The note for one convention, quoting the words it was applied to. */
export function conventionNote(convention: string, written: string, language: Language): string | undefined {
  const say = CONVENTIONS[convention];
  if (!say) return undefined;
  return language === "en"
    ? `"${written}": ${say.en}`
    : language === "zh-Hans"
      ? `“${written}”：${say[language]}`
      : `「${written}」：${say[language]}`;
}

/** What the planner says when it took a year the question did not write (`YearAssumption`). */
export function yearAssumedNote(
  assumed: { fiscal: boolean; year: number },
  written: string,
  language: Language,
): string {
  const year = assumed.fiscal ? `FY${assumed.year}` : String(assumed.year);
  if (language === "en")
    return assumed.fiscal
      ? `"${written}": no fiscal year given: read as ${year}, the last one starting before the as-of date`
      : `"${written}": no year given: read as ${year}, the last one before the as-of date`;
  const quoted = language === "zh-Hans" ? `“${written}”` : `「${written}」`;
  if (language === "zh-Hans")
    return assumed.fiscal
      ? `${quoted}：未写财年，按截止日期前最近开始的 ${year} 理解`
      : `${quoted}：未写年份，按截止日期前最近的 ${year} 年理解`;
  return assumed.fiscal
    ? `${quoted}：未寫財年，按截止日期前最近開始的 ${year} 理解`
    : `${quoted}：未寫年份，按截止日期前最近的 ${year} 年理解`;
}

/** The question back when time-like words were read by no rule: the planner never guesses a period for them. */
export function unreadTimeMessage(written: string[], language: Language): string {
  if (language === "en")
    return `Which period do you mean by ${written.map((text) => `"${text}"`).join(", ")}? I cannot read it as a date; ask with a day, week, month, quarter or year (for example "last month", "Q1 2024", "2024-01-15").`;
  if (language === "zh-Hans")
    return `${written.map((text) => `“${text}”`).join("、")}指的是哪个期间？无法把它理解为日期；请用具体的日、周、月、季度或年份提问（例如“上个月”“2024年第一季度”“2024年1月15日”）。`;
  return `${written.map((text) => `「${text}」`).join("、")}指的是哪個期間？無法把它理解為日期；請用具體的日、週、月、季度或年份提問（例如「上個月」「2024年第一季度」「2024年1月15日」）。`;
}

const GRAIN_WORDS: Record<Language, Record<string, string>> = {
  en: { day: "a day", week: "a week", month: "a month", quarter: "a quarter", year: "a year" },
  "zh-Hans": { day: "日", week: "周", month: "月", quarter: "季度", year: "年" },
  "zh-Hant": { day: "日", week: "週", month: "月", quarter: "季度", year: "年" },
};

/** The refusal when the asked period is finer than every dataset of the measure (a day of a monthly dataset). */
export function grainRefusalMessage(
  written: string,
  asked: string,
  measure: string,
  offered: string,
  language: Language,
): string {
  const words = GRAIN_WORDS[language];
  if (language === "en")
    return `Cannot plan this question: "${written}" is ${words[asked] ?? asked}, and ${measure} is recorded by ${offered} only. Ask for whole ${offered}s (for example the ${offered} holding it).`;
  const quote = (text: string) => (language === "zh-Hans" ? `“${text}”` : `「${text}」`);
  return language === "zh-Hans"
    ? `无法规划这个问题：${quote(written)}是按${words[asked] ?? asked}计的期间，而${measure}只按${words[offered] ?? offered}记录。请按整${words[offered] ?? offered}提问（例如它所在的${words[offered] ?? offered}）。`
    : `無法規劃這個問題：${quote(written)}是按${words[asked] ?? asked}計的期間，而${measure}只按${words[offered] ?? offered}記錄。請按整${words[offered] ?? offered}提問（例如它所在的${words[offered] ?? offered}）。`;
}

/** The note on a period that holds the as-of date and runs past it (this year, 本季度): planned as asked. */
export function runsPastNote(written: string, asOf: string, language: Language): string {
  if (language === "en")
    return `"${written}": runs past the as-of date ${asOf}; only what was recorded up to then can answer it`;
  if (language === "zh-Hans") return `“${written}”：超出截止日期 ${asOf}；只能用截至当天已记录的数据回答`;
  return `「${written}」：超出截止日期 ${asOf}；只能用截至當天已記錄的資料回答`;
}
