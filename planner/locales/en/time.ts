import type { TimeLocale, TimeUnit } from "../time-locale.js";
import { englishCountWords } from "./count-words.js";

/** How English writes time: the words and patterns planner/time-grammar reads (all folded to lower case). */
// The units a comparison word is composed from ("week over week", "half on half"), with the unit
// each compares; "period over period" names none, and "year over year" is the shift to a year
// earlier of whatever period is asked (with none, the default month against that month a year back).
const COMPARED_UNITS: [string, TimeUnit | undefined][] = [
  ["year", undefined],
  ["half", "half"],
  ["quarter", "quarter"],
  ["month", "month"],
  ["week", "week"],
  ["period", undefined],
];

export const englishTime: TimeLocale = {
  code: "en",
  spaced: true,
  months: {
    january: 1,
    jan: 1,
    february: 2,
    feb: 2,
    march: 3,
    mar: 3,
    april: 4,
    apr: 4,
    may: 5,
    june: 6,
    jun: 6,
    july: 7,
    jul: 7,
    august: 8,
    aug: 8,
    september: 9,
    sept: 9,
    sep: 9,
    october: 10,
    oct: 10,
    november: 11,
    nov: 11,
    december: 12,
    dec: 12,
  },
  weekdays: {
    monday: 1,
    mon: 1,
    mondays: 1,
    tuesday: 2,
    tue: 2,
    tues: 2,
    tuesdays: 2,
    wednesday: 3,
    wed: 3,
    wednesdays: 3,
    thursday: 4,
    thu: 4,
    thur: 4,
    thurs: 4,
    thursdays: 4,
    friday: 5,
    fri: 5,
    fridays: 5,
    saturday: 6,
    sat: 6,
    saturdays: 6,
    sunday: 7,
    sun: 7,
    sundays: 7,
  },
  units: {
    day: "day",
    days: "day",
    week: "week",
    weeks: "week",
    wk: "week",
    wks: "week",
    month: "month",
    months: "month",
    mo: "month",
    quarter: "quarter",
    quarters: "quarter",
    qtr: "quarter",
    qtrs: "quarter",
    year: "year",
    years: "year",
    yr: "year",
    yrs: "year",
    "half year": "half",
    "half-year": "half",
    half: "half",
  },
  backReferences: ["that", "the same"],
  anaphoricSteps: ["the previous", "previous", "the preceding", "preceding", "the prior", "prior"],
  pointingSteps: ["that"],
  // "this quarter" after "Q2 2024" is read as the current quarter: English says "that quarter"
  demonstratives: [],
  samePeriod: [
    "for the same period",
    "in the same period",
    "during the same period",
    "over the same period",
    "the same period",
    "for the same month",
    "in the same month",
    "during the same month",
    "over the same month",
    "the same month",
    "for the same quarter",
    "in the same quarter",
    "during the same quarter",
    "over the same quarter",
    "the same quarter",
    "the same months",
    "the same quarters",
    "the same week",
    "the same weeks",
    "the same day",
    "the same days",
    "the same time",
    "the same year",
    "the same half",
    // that same week, this same quarter: "the same" with a pointing word before it
    ...["that same", "this same"].flatMap((pointing) =>
      ["month", "months", "quarter", "quarters", "week", "weeks", "day", "days", "year", "half"].map(
        (unit) => `${pointing} ${unit}`,
      ),
    ),
    "during that time",
    "over that period",
    "in that period",
    "during that period",
    // that span, those months, the same window: a pointing word and a word for a stretch of time
    ...["that", "those", "the same", "this same"].flatMap((pointing) =>
      [
        "span",
        "period",
        "time",
        "timeframe",
        "time frame",
        "window",
        "stretch",
        "interval",
        "range",
        "time span",
        "time period",
        ...(pointing === "those" ? ["months", "quarters", "weeks", "days", "years", "dates"] : []),
      ].map((noun) => `${pointing} ${noun}`),
    ),
    // the same two months, those 3 quarters: a count of units pointing back at a run of them
    ...["the same", "those"].flatMap((pointing) =>
      Object.entries(englishCountWords)
        .filter(([, count]) => count >= 2)
        .flatMap(([word, count]) => [word, String(count)])
        .flatMap((count) =>
          ["months", "quarters", "weeks", "days", "years"].map((unit) => `${pointing} ${count} ${unit}`),
        ),
    ),
  ],
  steps: {
    last: -1,
    final: -1,
    past: -1,
    previous: -1,
    prior: -1,
    preceding: -1,
    trailing: -1,
    this: 0,
    current: 0,
    next: 1,
    coming: 1,
    upcoming: 1,
    following: 1,
  },
  windowSteps: ["past", "trailing"],
  trailingSteps: { "before last": -2, "after next": 2 },
  namedDays: {
    today: 0,
    yesterday: -1,
    "the day before yesterday": -2,
    tomorrow: 1,
    tomorrows: 1,
    "the day after tomorrow": 2,
  },
  namedYears: {},
  namedPeriods: {},
  // "a week ago", "an hour": the article counts one; the count words have one home (./count-words.ts)
  numbers: { a: 1, an: 1, ...englishCountWords },
  ordinals: {
    first: 1,
    second: 2,
    third: 3,
    fourth: 4,
    fifth: 5,
    sixth: 6,
    seventh: 7,
    eighth: 8,
    ninth: 9,
    tenth: 10,
    eleventh: 11,
    twelfth: 12,
  },
  ago: {
    ago: -1,
    back: -1,
    earlier: -1,
    before: -1,
    "prior to": -1,
    "from now": 1,
    hence: 1,
    later: 1,
    after: 1,
  },
  rangeTo: ["to", "through", "thru", "until", "till", "-", "–", "—", "~"],
  between: ["between"],
  and: ["and"],
  ending: ["ending", "ending in", "ending with", "ended", "up to", "through the end of"],
  toDate: ["to date", "to-date", "so far", "until now", "up to now", "through today"],
  toDateUnits: {
    ytd: "year",
    qtd: "quarter",
    mtd: "month",
    wtd: "week",
    "year-to-date": "year",
    "quarter-to-date": "quarter",
    "month-to-date": "month",
    "week-to-date": "week",
  },
  parts: {
    beginning: "start",
    start: "start",
    early: "start",
    "the beginning": "start",
    "the start": "start",
    end: "end",
    late: "end",
    "the end": "end",
    mid: "middle",
    middle: "middle",
    "the middle": "middle",
    "mid-": "middle",
  },
  partsOfUnits: {
    bom: { part: "start", unit: "month" },
    eom: { part: "end", unit: "month" },
    boy: { part: "start", unit: "year" },
    eoy: { part: "end", unit: "year" },
  },
  // "all week", "the whole month": the whole period holding as-of (weeks Monday to Sunday)
  whole: {
    "full year": "year",
    "the whole year": "year",
    "whole year": "year",
    "the full year": "year",
    "all year": "year",
    "all week": "week",
    "the whole week": "week",
    "whole week": "week",
    "all month": "month",
    "the whole month": "month",
    "whole month": "month",
    "the whole quarter": "quarter",
    "whole quarter": "quarter",
  },
  halves: { h1: 1, h2: 2 },
  // "<unit> over <unit>" and "<unit> on <unit>" for every unit (the tokenizer reads each with
  // hyphens too): a year a year earlier, any other unit the one before.
  comparisons: {
    ...Object.fromEntries(
      COMPARED_UNITS.flatMap(([unit]) =>
        ["over", "on"].map((joiner) => [
          `${unit} ${joiner} ${unit}`,
          unit === "year" ? "year_over_year" : "period_over_period",
        ]),
      ),
    ),
    yoy: "year_over_year",
    mom: "period_over_period",
    qoq: "period_over_period",
    wow: "period_over_period",
    hoh: "period_over_period",
  },
  comparisonUnits: {
    ...Object.fromEntries(
      COMPARED_UNITS.flatMap(([word, unit]) =>
        unit ? ["over", "on"].map((joiner) => [`${word} ${joiner} ${word}`, unit]) : [],
      ),
    ),
    mom: "month",
    qoq: "quarter",
    wow: "week",
    hoh: "half",
  },
  weakWords: ["may", "mar", "sun", "sat", "wed", "mon", "dec"],
  askingWords: ["which", "what", "how many"],
  since: ["since", "from the start of", "from the beginning of"],
  comparedWith: [
    "compared with",
    "compared to",
    "compare with",
    "compare to",
    "comparing with",
    "comparing to",
    "versus",
    "vs.",
    "vs",
    "relative to",
    "against",
    "than",
  ],
  comparedAround: { before: [], after: [] },
  // "the last full month", "the past complete quarter": a unit said to be whole is the unit (units
  // before as-of's are whole by the rolling convention already).
  fillers: [
    "the",
    "of",
    "in",
    "on",
    "at",
    "during",
    "for",
    "from",
    "'s",
    "’s",
    ",",
    "full",
    "complete",
    "whole",
  ],
  patterns: [
    // 10/31/1974, 10-31-74, 10.31.1974: month first, as US English writes it
    {
      name: "numeric-date-mdy",
      kind: "date",
      pattern:
        "(?<month>\\d{1,2})\\s*[/.-]\\s*(?<day>\\d{1,2})\\s*[/.-]\\s*(?<year>\\d{4}|\\d{2})(?![\\d/.-])",
    },
    // 2/15: a month and a day
    {
      name: "numeric-month-day",
      kind: "date",
      pattern:
        "(?<![\\d/.-])(?<month>\\d{1,2})\\s*[/-]\\s*(?<day>\\d{1,2})(?![\\d/.-])(?!\\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|月|季))",
    },
    // 2/2013, 03-2024: a month of a year
    {
      name: "numeric-month-year",
      kind: "date",
      pattern: "(?<![\\d/.-])(?<month>\\d{1,2})[/-](?<year>\\d{4})(?![\\d/.-])",
    },
    // 31/oct/1974, 31-oct-74
    {
      name: "day-month-name-year",
      kind: "date",
      pattern: "(?<day>\\d{1,2})[/-](?<month>[a-z]{3,9})[/-](?<year>\\d{4}|\\d{2})(?![\\d])",
    },
    // 14april 2015
    {
      name: "day-glued-month",
      kind: "date",
      pattern:
        "(?<![\\d])(?<day>\\d{1,2})(?<month>january|february|march|april|may|june|july|august|september|october|november|december)",
    },
    // jan2024: a month name glued to its year
    {
      name: "month-glued-year",
      kind: "date",
      pattern:
        "\\b(?<month>january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?(?<year>(?:19|20)\\d{2})\\b",
    },
    // 2024-01, 2024/01, 2024.01: a month of a year (not a full date); a full stop after it ends the
    // sentence ("… to 2025-03."), one before a digit makes a date
    {
      name: "year-month",
      kind: "date",
      pattern: "(?<![\\d.])(?<year>(?:19|20)\\d{2})[-/.](?<month>\\d{1,2})(?![-/\\d]|\\.\\d)",
    },
    // 2015-03-03, 2015/3/3: a day
    {
      name: "year-month-day",
      kind: "date",
      pattern: "(?<![\\d.])(?<year>(?:19|20)\\d{2})[-/.](?<month>\\d{1,2})[-/.](?<day>\\d{1,2})(?![\\d])",
    },
    // feb13: a month name glued to its day
    {
      name: "month-glued-day",
      kind: "date",
      pattern:
        "\\b(?<month>january|february|march|april|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)(?<day>\\d{1,2})\\b",
    },
    // 31st, 2nd, 15th: a day of a month
    { name: "ordinal-day", kind: "date", pattern: "(?<![\\d])(?<day>\\d{1,2})(?:st|nd|rd|th)\\b" },
    // 14 a.d., 2014 ad: a year of the common era, any number of digits
    {
      name: "year-of-era",
      kind: "date",
      literalYear: true,
      pattern: "(?<![\\d.])(?<year>\\d{1,4})\\s*(?:a\\.d\\.?|ad)(?![a-z])",
    },
    // 1974, 2023: a year (four digits, not part of a longer number)
    // a hyphen before the year only after a digit (2023-2024 is read by the range rules; mid-2024 is a year)
    { name: "year", kind: "date", pattern: "(?<![\\d.,/])(?<year>(?:1[5-9]|20)\\d{2})(?![\\d/%]|\\.\\d)" },
    // q3, q3 2023 is composed; 18q4, 2018q4 are one word
    {
      name: "quarter-word",
      kind: "quarter",
      pattern: "\\b(?:(?<year>\\d{4}|\\d{2})[\\s-]?)?q(?<quarter>[1-4])\\b",
    },
    // Q3-2024, q3/2024: a quarter and its year joined by a mark (not the range Q3 to 2024)
    {
      name: "quarter-year-joined",
      kind: "quarter",
      pattern: "\\bq(?<quarter>[1-4])\\s*[-/]\\s*(?<year>(?:19|20)\\d{2})(?![\\d/-])",
    },
  ],
  periodPatterns: [
    // FY24 Q1, FY2024 Q3, FY24: a fiscal year and maybe its quarter
    {
      name: "fiscal-year-quarter",
      kind: "fiscal",
      pattern: "\\bfy\\s?'?(?<year>\\d{4}|\\d{2})(?:\\s*[-/ ]?\\s*q(?<quarter>[1-4]))?\\b",
    },
    // Q2 FY24, Q2 of fiscal 2024, Q3 of fiscal year 2024
    {
      name: "quarter-of-fiscal-year",
      kind: "fiscal",
      pattern:
        "\\bq(?<quarter>[1-4])\\s+(?:of\\s+)?(?:fiscal\\s+(?:year\\s+)?|fy\\s?'?)(?<year>\\d{4}|\\d{2})\\b",
    },
    // fiscal Q2, fiscal the second quarter, fiscal Q2 2024
    {
      name: "fiscal-quarter",
      kind: "fiscal",
      pattern:
        "\\bfiscal\\s+(?:q(?<quarter>[1-4])|(?:the\\s+)?(?<ordinal>first|second|third|fourth)\\s+quarter)(?:\\s+(?:of\\s+)?(?<year>\\d{4}))?\\b",
    },
    // this fiscal year, last fiscal year, the previous FY: the fiscal year holding as-of, moved
    {
      name: "relative-fiscal-year",
      kind: "fiscal",
      pattern:
        "\\b(?:(?<current>this|the current|current)|(?<previous>last|the last|previous|the previous|prior|the prior)|(?<following>next|the next))\\s+(?:fiscal\\s+year|fiscal|fy)\\b",
    },
    // fiscal 2024, fiscal year 2024 Q1
    {
      name: "fiscal-year",
      kind: "fiscal",
      pattern: "\\bfiscal\\s+(?:year\\s+)?(?<year>\\d{4})(?:\\s+q(?<quarter>[1-4]))?\\b",
    },
    // January and March 2024, January, February and April 2024: each month its own period
    {
      name: "month-list",
      kind: "month-list",
      pattern:
        "(?<!between )\\b(?<list>(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?(?:(?:,\\s*|,?\\s+and\\s+)(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?)+),?\\s+(?:of\\s+|in\\s+)?(?<year>(?:19|20)\\d{2})",
    },
    // Q1 and Q3 2023, Q1, Q2 and Q4 of 2023
    {
      name: "quarter-list",
      kind: "quarter-list",
      pattern:
        "(?<!between )\\b(?<list>q[1-4](?:(?:,\\s*|,?\\s+and\\s+)q[1-4])+),?\\s+(?:of\\s+|in\\s+)?(?<year>(?:19|20)\\d{2})",
    },
    // each quarter of 2023, every quarter in 2023, by quarter in 2023, quarterly in 2023
    {
      name: "each-quarter-of-year",
      kind: "each-quarter-of-year",
      pattern:
        "(?:(?:each|every|per) quarter|by quarter|quarterly|quarter by quarter|all four quarters|all quarters)(?:,)?\\s*(?:of|in|for|during|across)?\\s*(?<year>(?:19|20)\\d{2})",
    },
    // 2023 by quarter, 2023 quarterly, 2023's quarters
    {
      name: "year-by-quarter",
      kind: "each-quarter-of-year",
      pattern:
        "(?<year>(?:19|20)\\d{2})(?:,)?\\s*(?:by quarter|quarterly|quarter by quarter|per quarter|'s quarters)",
    },
    // each month of 2023, monthly in 2023, by month in 2023
    {
      name: "each-month-of-year",
      kind: "each-month-of-year",
      pattern:
        "(?:(?:each|every|per) month|by month|monthly|month by month)(?:,)?\\s*(?:of|in|for|during|across)?\\s*(?<year>(?:19|20)\\d{2})",
    },
    // the week / month / quarter / year before: the one before the period of that unit named earlier
    {
      name: "unit-before",
      kind: "unit-before",
      pattern: "\\bthe (?<unit>week|month|quarter|year) before\\b",
    },
    // the previous month, the preceding quarter: the same, written with an anaphoric step
    {
      name: "unit-before",
      kind: "unit-before",
      pattern: "\\bthe (?:previous|preceding|prior) (?<unit>week|month|quarter|year)\\b",
    },
  ],
  timeWords: [
    "today",
    "yesterday",
    "tomorrow",
    "ago",
    "ytd",
    "mtd",
    "qtd",
    "qtr",
    "yr",
    "yrs",
    "week",
    "weeks",
    "weekend",
    "weekends",
    "day",
    "days",
    "tonight",
    "season",
    "seasons",
    "winter",
    "summer",
    "spring",
    "autumn",
    "a.d.",
    "a.d",
    "b.c.",
    "ides",
    "christmas",
    "easter",
    "this time",
    "fortnight",
    "from now",
    // vague spans no rule gives days to: asked back, never the default month
    "recent",
    "recently",
    "lately",
    "holiday",
    "holidays",
    "midyear",
    "mid-year",
  ],
  timeLikePatterns: [
    // a day of the month with no month: on the first, the 24th, the 24 ending a clause
    "\\bon the (?:\\d{1,2}(?:st|nd|rd|th)?|first|second|third|fourth|fifth)\\b",
    "\\bthe \\d{1,2}(?:st|nd|rd|th)?(?=\\s*(?:[?.!,;]|$))",
    // a weekday abbreviation that is also a word (sun, sat), ending a clause
    "\\b(?:mon|wed|sat|sun)\\.?(?=\\s*(?:[?!,;]|$))",
    // a count of units or a step no rule composed with the period beside it
    "\\b(?:after next|before last)\\b",
    "\\bin (?:a|an|one|two|three|\\d+) (?:days?|weeks?|months?|quarters?|years?)\\b",
    // may ending a clause is the month, not the modal
    "\\bmay(?=\\s*(?:[?.!,;]|$))",
  ],
};
