/** A calendar unit a time expression counts in. */
export type TimeUnit = "day" | "week" | "month" | "quarter" | "half" | "year";

/** Where inside a period a part-of word points (early 2024, 月底, the end of last week). */
export type PeriodPart = "start" | "middle" | "end";

/** A comparison that needs a base period: a year earlier, or the period just before. */
export type PeriodComparison = "year_over_year" | "period_over_period";

/**
 * A written form the grammar cannot read from word tables: a regular expression (over the folded
 * question: lower case, half-width, Simplified) whose named groups are the parts it gives.
 * Groups: year, month, day, quarter, half, count (numbers in digits, words or Chinese numerals).
 */
export interface TimePattern {
  /** The rule name reported for a span this pattern reads. */
  name: string;
  /** Regular expression source; matched with the u flag, whole words only where the text is Latin. */
  pattern: string;
  /** What the match is: a calendar date or month, a quarter of a year, a half of a year. */
  kind: "date" | "quarter" | "half" | "number";
  /** The year is written in full whatever its length (14 a.d.); else two digits are 19xx or 20xx. */
  literalYear?: boolean;
}

/**
 * A pattern for what is not one period the grammar composes: a fiscal period (read against the
 * workspace's fiscal year), a list of months or quarters, each quarter or month of a year, or "the
 * month before" (the unit before another clause's). A regular expression over the folded question
 * whose named groups the language-free builders of planner/time-expressions.ts read:
 * - `fiscal`: year?, quarter? (digits, an ordinal word of the locale, a Chinese numeral);
 * - `month-list`: year?, list (month names of any locale, or numbers);
 * - `quarter-list`: year, list (the quarters' digits);
 * - `each-quarter-of-year`, `each-month-of-year`: year;
 * - `unit-before`: unit (a unit word of any locale).
 * At one position the first pattern that matches wins, by kind in the order above.
 */
export interface PeriodPattern {
  name: string;
  kind:
    | "fiscal"
    | "month-list"
    | "quarter-list"
    | "each-quarter-of-year"
    | "each-month-of-year"
    | "unit-before";
  pattern: string;
}

/**
 * The words and patterns one language writes time with. The grammar (planner/time-grammar/) is
 * language-free: it reads these tables into tokens and composes the tokens with named rules.
 * Every key is written folded (lower case; Chinese in Simplified: Traditional is folded before).
 */
export interface TimeLocale {
  /** Locale code (en, zh). */
  code: string;
  /** True when words are separated by spaces: a word then matches only whole. */
  spaced: boolean;
  /** Month names → 1..12. */
  months: Record<string, number>;
  /** Weekday names → 1 (Monday) .. 7 (Sunday). */
  weekdays: Record<string, number>;
  /** Unit words → unit (day, days, 周, 个月 …). */
  units: Record<string, TimeUnit>;
  /** Words that move a unit: last / 上 = -1, this / 本 = 0, next / 下 = +1. */
  steps: Record<string, number>;
  /**
   * Steps that open a window of whole units back from as-of (past / 近 / 过去), not a step to the one
   * unit before (last / 上): with one unit (“the past year”, 近一年) the period is the same, but it is
   * read by the rolling-window convention and its note says so.
   */
  windowSteps: string[];
  /**
   * Words before a unit that point back at the period an earlier clause named (当月 / 该季度 / that
   * quarter / the same half): after another time of the question they take its period, as 同期
   * does; with none before them they keep their step's reading (当月 alone is this month).
   */
  backReferences: string[];
  /**
   * Steps that count back from a period named earlier, not from as-of, when one is ("June 2025
   * compared with the previous three months", 2025年6月…和前三个月比): the window then ends right
   * before that period. With none named they keep their as-of reading.
   */
  anaphoricSteps: string[];
  /**
   * Words that name "the same period" as something else in the question (同期, 这段时间, the same
   * month, during that time): the planner gives them the period of the clause they follow, as it
   * does back-references.
   */
  samePeriod: string[];
  /**
   * Back-reference words that are no step of their own (that, 那, 该): before a unit they read as
   * one (that month), and point back at the period an earlier clause named; with none before them
   * they name nothing the question says, and the period is asked back.
   */
  pointingSteps: string[];
  /**
   * Demonstratives before a unit (这半年, 这个月) that point back only at an earlier period of the
   * question of the same unit written with a date (2023年下半年…这半年 = that half); after a
   * relative one (上个月…这个月呢) or alone they keep their step's reading (the one holding as-of).
   */
  demonstratives: string[];
  /** Words after a unit that move it (the month before last = -2, the quarter after next = +2). */
  trailingSteps: Record<string, number>;
  /** Days named outright: today = 0, yesterday = -1, the day before yesterday = -2 … */
  namedDays: Record<string, number>;
  /** Years named outright: 去年 = -1, 今年 = 0, 明年 = +1, 前年 = -2 … */
  namedYears: Record<string, number>;
  /** Whole periods named outright: 上月 = month -1 (a unit and an offset). */
  namedPeriods: Record<string, { unit: TimeUnit; offset: number }>;
  /** Small numbers as words (two, 三 is read by the Chinese numeral reader). */
  numbers: Record<string, number>;
  /** Ordinal words → 1.. (first, 1st, 第一 is read by pattern). */
  ordinals: Record<string, number>;
  /** Words after a count that look back (ago, 前) or ahead (from now, 后). */
  ago: Record<string, -1 | 1>;
  /** Range connectives between two ends (to, through, 到, 至). */
  rangeTo: string[];
  /** Words that open a range whose ends are joined by `and` (between). */
  between: string[];
  /** The `and` of a `between` range. */
  and: string[];
  /** Words that end a window at a stated point (ending, 截至). */
  ending: string[];
  /** Words that run a period up to the as-of day (to date, 至今, 到目前为止). */
  toDate: string[];
  /** Unit abbreviations that are to-date on their own (ytd → year, qtd, mtd). */
  toDateUnits: Record<string, TimeUnit>;
  /** Part-of words (beginning, end, 初, 底). */
  parts: Record<string, PeriodPart>;
  /** A part of the current unit in one word (bom: the beginning of this month). */
  partsOfUnits: Record<string, { part: PeriodPart; unit: TimeUnit }>;
  /** Whole-period words (全年: the whole of the year named, or of as-of's year). */
  whole: Record<string, TimeUnit>;
  /** Halves of a year as words (上半年 = 1, 下半年 = 2, first half = 1). */
  halves: Record<string, 1 | 2>;
  /** Comparison words (同比, year over year, 环比, month over month). */
  comparisons: Record<string, PeriodComparison>;
  /**
   * The unit a comparison word compares (week on week, 周环比: week; half over half: half): with no
   * period asked, the last complete one of that unit is compared with its base. Words that name
   * none (同比, 环比, YoY) are absent and take the source's own unit.
   */
  comparisonUnits: Record<string, TimeUnit>;
  /** Words also common outside time (may, sun): read only beside a year or a day, never asked about alone. */
  weakWords: string[];
  /**
   * Interrogatives that, right before a unit, ask for a date inside the clause's period (which day,
   * what month, 哪天, 哪一天, 几月份): a question word, not a time the grammar failed to read.
   */
  askingWords: string[];
  /**
   * Words that set a period against one named before it (较上月, compared with last month): a step
   * back from as-of after them is the unit before the named one. `comparedWith` stand right before
   * the period; `comparedAround` frame it (和上个月比, 与上季度相比).
   */
  comparedWith: string[];
  comparedAround: { before: string[]; after: string[] };
  /**
   * Words before a period that run it up to the as-of day (since January, from the start of the
   * year, 自从2024年1月), or, before a range word, start the range at the period's start.
   */
  since: string[];
  /** Words the grammar skips between two tokens (the, of, 的, 个). */
  fillers: string[];
  /** Patterns for numeric dates, quarters and halves (10/31/1974, Q3, 第三季度, 15号). */
  patterns: TimePattern[];
  /** Patterns for fiscal periods, lists, each unit of a year and "the month before" (PeriodPattern). */
  periodPatterns: PeriodPattern[];
  /**
   * Every word that marks text as being about time, read by a rule or not (yesterday, 上周, 年初至今,
   * season names, a.d.; weekday names are added from `weekdays`): outside every time span read, the
   * planner asks back instead of using a default period, and never reports the word as a catalog
   * term it lacks. The one list of time-like words (planner/unread-time-words.ts reads it too).
   */
  timeWords: string[];
  /** Patterns of time-like text beyond single words ("on the first", "the 24" ending a clause). */
  timeLikePatterns: string[];
}
