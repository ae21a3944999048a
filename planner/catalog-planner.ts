import type { Workspace } from "../config/workspace.js";
import { toTraditional } from "../domain/chinese-script.js";
import { detectLanguage, type Language } from "../domain/language.js";
import type { AskedBreakdown } from "../models/asked-breakdown.js";
import {
  type AskedExplain,
  type AskedOperation,
  type AskedPeriodReading,
  type ExecutionPlan,
  type Grain,
  type Period,
  type SubGoal,
  safeParsePlan,
} from "../models/plan.js";
import type { WorkspaceConfig } from "../models/workspace.js";
import { premiseOf, withAskedFor } from "./asked-for.js";
import { bindQualifiers, type Frame } from "./bind-qualifiers.js";
import { type BreakdownCue, breakdownFor, coversTerm, readBreakdownCue } from "./breakdown.js";
import { dataCueTest } from "./data-cues.js";
import { decomposeQuestion, isAsk, LATIN_LEADING_CONNECTIVE as LEADING_CONNECTIVE } from "./decomposer.js";
import { wordFormCorrections } from "./english-word-forms.js";
import { type EventAnchor, eventAnchors } from "./event-anchors.js";
import { findForeignMeasures, withoutForeignMeasures } from "./foreign-measures.js";
import { detectIntents, type Intent } from "./intents.js";
import type { PeriodComparison, TimeUnit } from "./locales/time-locale.js";
import { findModalTopicVerbs } from "./modal-topic-verbs.js";
import { normalizeForMatching } from "./normalize-text.js";
import { findPairReferences } from "./pair-references.js";
import { comparedUnitOf, periodReadingOf } from "./period-reading.js";
import type { Clarification, PlanContext, Planner, PlanOutcome } from "./planner.js";
import { documentAsksWithoutTopic, policyClauses, policyWordMentions } from "./policy-mentions.js";
import { type AmbiguousSpan, resolveSpans, type SpanResolution } from "./resolve-spans.js";
import { type RouteDecision, routeQuestion } from "./router.js";
import { selectEventOffers } from "./select-event-offers.js";
import { metricAsking, selectOffers, selectTextOffers } from "./select-offers.js";
import { spanCoverage } from "./span-coverage.js";
import {
  alignPeriod,
  isCoarser,
  monthPeriod,
  placeAgainstAsOf,
  quarterPeriod,
  readTime,
  shiftPeriodByYears,
  type TimeMention,
  type UnreadTime,
  widenByMonths,
} from "./time-expressions.js";
import { dayOf, grainOfUnit, previousPeriod, unitPeriod } from "./time-grammar/calendar.js";
import {
  conventionNote,
  grainRefusalMessage,
  runsPastNote,
  unreadTimeMessage,
  yearAssumedNote,
} from "./time-grammar/time-notes.js";
import { questionTimeSpans } from "./time-spans.js";
import {
  findUnknownTerms,
  findUnresolvedQualifiers,
  type UnknownTerm,
  withoutGeneralMeasures,
} from "./unknown-terms.js";
import { isTimeLikeWord, unreadTimeWords } from "./unread-time-words.js";
import { validationRuleFor } from "./validation-rule-for.js";
import type { Mention, Vocabulary } from "./vocabulary.js";
import { cachedVocabulary } from "./vocabulary-cache.js";
import {
  changeBase,
  explainingEventOffers,
  explainRecord,
  operationOutsideTaken,
  unionWindow,
} from "./why-goals.js";
import { type Offer, workspaceOffers } from "./workspace-offers.js";

/** Months added on each side of the metric period when searching events to relate to it. */
export const EVENT_WINDOW_MONTHS = 1;
/** A plan holds at most this many sub-goals (the plan schema's limit). */
const MAX_GOALS = 12;

type GoalDraft = Omit<SubGoal, "id">;

/** Vocabulary and offers of one workspace, built once and reused across questions. */
interface PreparedWorkspace {
  vocabulary: Vocabulary;
  offers: Offer[];
}

const prepared = new WeakMap<Workspace, PreparedWorkspace>();

function prepare(workspace: Workspace): PreparedWorkspace {
  let entry = prepared.get(workspace);
  if (!entry) {
    entry = {
      // Kept on disk between processes, keyed by the catalog's hash (vocabulary-cache.ts).
      vocabulary: cachedVocabulary(workspace),
      offers: workspaceOffers(workspace.config),
    };
    prepared.set(workspace, entry);
  }
  return entry;
}

/** The plan schema's limits: a question of at most 4000 characters, a description of 500, a query of 2000. */
const MAX_QUESTION_LENGTH = 4000;
const MAX_DESCRIPTION_LENGTH = 500;
const MAX_QUERY_LENGTH = 2000;

function clip(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}

// The last complete unit a comparison word named, in each answer language (week on week: the last complete week).
const LAST_COMPLETE_UNIT: Record<Language, Record<TimeUnit, string>> = {
  en: {
    day: "the last complete day",
    week: "the last complete week",
    month: "the last complete month",
    quarter: "the last complete quarter",
    half: "the last complete half-year",
    year: "the last complete year",
  },
  "zh-Hans": {
    day: "上一个完整日",
    week: "上一个完整周",
    month: "上一个完整月份",
    quarter: "上一个完整季度",
    half: "上一个完整半年",
    year: "上一个完整年度",
  },
  "zh-Hant": {
    day: "上一個完整日",
    week: "上一個完整週",
    month: "上一個完整月份",
    quarter: "上一個完整季度",
    half: "上一個完整半年",
    year: "上一個完整年度",
  },
};

const DEFAULT_NOTE: Record<
  Language,
  (what: string, period: string, trend: boolean, unit?: TimeUnit) => string
> = {
  en: (what, period, trend, unit) =>
    `${what}: no period given: ${trend ? "the last 12 complete months" : unit ? LAST_COMPLETE_UNIT.en[unit] : "the last complete month or quarter"} (${period})`,
  "zh-Hans": (what, period, trend, unit) =>
    `${what}：未指定时间，默认${trend ? "最近12个完整月" : unit ? LAST_COMPLETE_UNIT["zh-Hans"][unit] : "上一个完整月份或季度"}（${period}）`,
  "zh-Hant": (what, period, trend, unit) =>
    `${what}：未指定時間，預設${trend ? "最近12個完整月" : unit ? LAST_COMPLETE_UNIT["zh-Hant"][unit] : "上一個完整月份或季度"}（${period}）`,
};

/** Catalog display words for a dimension's values or a metric, in the question's script. */
function displayCandidates(term: UnknownTerm, vocabulary: Vocabulary, language: Language): string[] {
  const catalog = vocabulary.catalog;
  if (term.kind === "dimension_value" && term.dimension && catalog.dimensions[term.dimension]) {
    return Object.entries(catalog.dimensions[term.dimension].values).map(([value, synonyms]) => {
      // The value in a longer English name that keeps it as a word (A → product A, East → East
      // China); else the value itself (Delivery, not "shipping complaints").
      if (language === "en")
        return (
          synonyms.find(
            (synonym) =>
              !/[\u4e00-\u9fff]/u.test(synonym) &&
              synonym.length > value.length &&
              synonym.toLowerCase().split(" ").includes(value.toLowerCase()),
          ) ?? value
        );
      const chinese = synonyms.find((synonym) => /[\u4e00-\u9fff]/u.test(synonym)) ?? value;
      return language === "zh-Hant" ? toTraditional(chinese) : chinese;
    });
  }
  if (term.suggestion) return [term.suggestion];
  return [];
}

function clarificationFor(
  ambiguous: AmbiguousSpan[],
  unknownTerms: UnknownTerm[],
  vocabulary: Vocabulary,
  language: Language,
): Clarification | undefined {
  const spans = [
    ...ambiguous,
    // A span the resolver already asks about (两区 counting one named region) is asked once.
    ...unknownTerms
      .filter((term) => !ambiguous.some((span) => span.written === term.text))
      .map((term) => ({
        written: term.text,
        candidates: displayCandidates(term, vocabulary, language),
      })),
  ].filter((span) => span.candidates.length > 0);
  return spans.length > 0 ? { spans } : undefined;
}

function clarificationMessage(clarification: Clarification, language: Language): string {
  const parts = clarification.spans.map((span) => {
    if (language === "en")
      return `"${span.written}" is not in the catalog — did you mean ${span.candidates.join(", ")}?`;
    const joiner = "、";
    if (span.candidates.length === 1)
      return language === "zh-Hant"
        ? `「${span.written}」不在目錄中——您是指「${toTraditional(span.candidates[0])}」嗎？`
        : `“${span.written}”不在目录中——您是指“${span.candidates[0]}”吗？`;
    return language === "zh-Hant"
      ? `「${span.written}」不在目錄中——您是指${span.candidates.join(joiner)}中的哪一個？`
      : `“${span.written}”不在目录中——您是指${span.candidates.join(joiner)}中的哪一个？`;
  });
  return parts.join(language === "en" ? " " : "");
}

const FISCAL_MESSAGE: Record<Language, (written: string, calendar: string) => string> = {
  en: (written, calendar) =>
    `"${written}" is a fiscal period, and the workspace does not say when its fiscal year starts (fiscal_year: start: in triangulate.yaml) — did you mean ${calendar}?`,
  "zh-Hans": (written, calendar) =>
    `“${written}”是财年期间，但工作区没有设置财年起始月份（triangulate.yaml 的 fiscal_year: start:）——您是指自然年的${calendar}吗？`,
  "zh-Hant": (written, calendar) =>
    `「${written}」是財年期間，但工作區沒有設定財年起始月份（triangulate.yaml 的 fiscal_year: start:）——您是指日曆年的${calendar}嗎？`,
};

const AFTER_AS_OF_MESSAGE: Record<Language, (written: string[], asOf: string) => string> = {
  en: (written, asOf) =>
    `Cannot plan this question: ${written.map((text) => `"${text}"`).join(", ")} is after the as-of date ${asOf}. The workspace holds recorded data, not forecasts; ask about a period up to ${asOf}, or pass a later --as-of.`,
  "zh-Hans": (written, asOf) =>
    `无法规划这个问题：${written.map((text) => `“${text}”`).join("、")}在截止日期 ${asOf} 之后。工作区只有已记录的数据，没有预测；请询问 ${asOf} 之前的期间，或使用更晚的 --as-of。`,
  "zh-Hant": (written, asOf) =>
    `無法規劃這個問題：${written.map((text) => `「${text}」`).join("、")}在截止日期 ${asOf} 之後。工作區只有已記錄的資料，沒有預測；請詢問 ${asOf} 之前的期間，或使用更晚的 --as-of。`,
};

// A content word of a data question that no catalog term, time rule or function word reads: the
// plan goes ahead for what was read, and the user is told what was not (never a silent drop).
/** A filter the question asked that no source offering the metric can apply (issue 29 item 8: in the question's language). */
const DROPPED_FILTER_NOTE: Record<Language, (metric: string, dimension: string) => string> = {
  en: (metric, dimension) =>
    `${metric}: no source offers it by ${dimension}; the ${dimension} filter is not applied`,
  "zh-Hans": (metric, dimension) =>
    `${metric}：没有来源按 ${dimension} 提供它；${dimension} 筛选条件未被采用`,
  "zh-Hant": (metric, dimension) =>
    `${metric}：沒有來源按 ${dimension} 提供它；${dimension} 篩選條件未被採用`,
};

/** An event source that cannot filter by a dimension the question named: its events are for every value. */
const EVENT_FILTER_NOTE: Record<Language, (event: string, where: string, dimension: string) => string> = {
  en: (event, where, dimension) =>
    `${event}: ${where} cannot filter by ${dimension}; its events are for every ${dimension}`,
  "zh-Hans": (event, where, dimension) =>
    `${event}：${where} 不能按 ${dimension} 筛选；它的事件涵盖所有 ${dimension}`,
  "zh-Hant": (event, where, dimension) =>
    `${event}：${where} 不能按 ${dimension} 篩選；它的事件涵蓋所有 ${dimension}`,
};

const UNUSED_NOTE: Record<Language, (written: string) => string> = {
  en: (written) => `"${written}" was not used: no catalog term, time expression or rule reads it`,
  "zh-Hans": (written) => `“${written}”未被使用：没有目录术语、时间表达或规则读到它`,
  "zh-Hant": (written) => `「${written}」未被使用：沒有目錄術語、時間表達或規則讀到它`,
};

/** A clause asking what a document says, beside data asked, when the catalog has no topic for it. */
const NO_DOCUMENT_NOTE: Record<Language, (written: string) => string> = {
  en: (written) =>
    `"${written}" is not planned: the workspace's catalog has no document topic for it, so no source can be searched`,
  "zh-Hans": (written) => `“${written}”未列入计划：工作区目录中没有对应的文档主题，没有可检索的来源`,
  "zh-Hant": (written) => `「${written}」未列入計畫：工作區目錄中沒有對應的文件主題，沒有可檢索的來源`,
};

/** The ask-back when a measure's only period is tied to an event ("since the POS upgrade"). */
function eventAnchoredMessage(written: string[], language: Language): string {
  if (language === "en")
    return `Which period do you mean by ${written.map((text) => `"${text}"`).join(", ")}? That period depends on when the event happened, which is only known once its records are fetched; ask when it happened first, or name the period (for example "since March 2024", "Q1 2024 versus Q2 2024").`;
  if (language === "zh-Hans")
    return `${written.map((text) => `“${text}”`).join("、")}指的是哪个期间？这个期间取决于事件发生的日期，而日期要在取回事件记录后才知道；请先问事件何时发生，或直接写明期间（例如“2024年3月以来”“2024年第一季度和第二季度对比”）。`;
  return `${written.map((text) => `「${text}」`).join("、")}指的是哪個期間？這個期間取決於事件發生的日期，而日期要在取回事件記錄後才知道；請先問事件何時發生，或直接寫明期間（例如「2024年3月以來」「2024年第一季度和第二季度對比」）。`;
}

const UNKNOWN_TERM_NOTE: Record<Language, (written: string) => string> = {
  en: (written) => `"${written}" is not in the catalog; it is not planned`,
  "zh-Hans": (written) => `“${written}”不在目录中，未列入计划`,
  "zh-Hant": (written) => `「${written}」不在目錄中，未列入計畫`,
};

/** The words the catalog lacks, quoted in the question's script, each with its near name if any. */
const UNKNOWN_DETAIL: Record<Language, (terms: UnknownTerm[]) => string> = {
  en: (terms) =>
    terms
      .map((term) => `"${term.text}"${term.suggestion ? ` (did you mean ${term.suggestion}?)` : ""}`)
      .join(", "),
  "zh-Hans": (terms) =>
    terms
      .map((term) => `“${term.text}”${term.suggestion ? `（您是指 ${term.suggestion} 吗？）` : ""}`)
      .join("、"),
  "zh-Hant": (terms) =>
    terms
      .map((term) => `「${term.text}」${term.suggestion ? `（您是指 ${term.suggestion} 嗎？）` : ""}`)
      .join("、"),
};

/** The forms a period can be asked in, offered when the question's time could not be read. */
const EXAMPLE_PERIODS: Record<Language, string[]> = {
  en: ["last month", "Q1 2024", "2024-01-15"],
  "zh-Hans": ["上个月", "2024年第一季度", "2024年1月15日"],
  "zh-Hant": ["上個月", "2024年第一季度", "2024年1月15日"],
};

const CORRECTION_NOTE: Record<Language, (written: string, corrected: string) => string> = {
  en: (written, corrected) => `read "${written}" as "${corrected}"`,
  "zh-Hans": (written, corrected) => `已将“${written}”理解为“${corrected}”`,
  "zh-Hant": (written, corrected) => `已將「${written}」理解為「${toTraditional(corrected)}」`,
};

const MESSAGES: Record<
  "unknown" | "nothing" | "unsupported" | "tooLong",
  Record<Language, (detail: string) => string>
> = {
  tooLong: {
    en: (detail) => `Cannot plan this question: it is longer than ${detail} characters; ask it in parts.`,
    "zh-Hans": (detail) => `无法规划这个问题：超过 ${detail} 个字符，请拆开提问。`,
    "zh-Hant": (detail) => `無法規劃這個問題：超過 ${detail} 個字元，請拆開提問。`,
  },
  unknown: {
    en: (detail) =>
      `Cannot plan this question: the workspace's catalog does not know ${detail}. Check the spelling or add it to catalog: in triangulate.yaml.`,
    "zh-Hans": (detail) =>
      `无法规划这个问题：工作区目录中没有${detail}。请检查拼写，或在 triangulate.yaml 的 catalog: 中添加。`,
    "zh-Hant": (detail) =>
      `無法規劃這個問題：工作區目錄中沒有${detail}。請檢查拼寫，或在 triangulate.yaml 的 catalog: 中新增。`,
  },
  nothing: {
    en: () =>
      "Cannot plan this question: it names no metric, event or document topic of the workspace's catalog.",
    "zh-Hans": () => "无法规划这个问题：问题中没有工作区目录里的指标、事件或文档主题。",
    "zh-Hant": () => "無法規劃這個問題：問題中沒有工作區目錄裡的指標、事件或文件主題。",
  },
  unsupported: {
    en: (detail) => `Cannot plan this question: no configured source offers ${detail}.`,
    "zh-Hans": (detail) => `无法规划这个问题：没有已配置的数据源提供${detail}。`,
    "zh-Hant": (detail) => `無法規劃這個問題：沒有已設定的資料來源提供${detail}。`,
  },
};

function describePeriod(period: Period | undefined, language: Language = "en"): string {
  if (!period) return "";
  if (period.from === period.to) return period.from;
  return `${period.from}..${period.to}${BY_GRAIN[language](period.grain)}`;
}

/** A period's grain after its dates, in the question's language (" by month", "（按月）"). */
const BY_GRAIN: Record<Language, (grain: Grain) => string> = {
  en: (grain) => ` by ${grain}`,
  "zh-Hans": (grain) =>
    `（按${{ day: "日", week: "周", month: "月", quarter: "季度", half: "半年", year: "年" }[grain]}）`,
  "zh-Hant": (grain) =>
    `（按${{ day: "日", week: "週", month: "月", quarter: "季度", half: "半年", year: "年" }[grain]}）`,
};

/** What events are called in the note of a default window. */
const EVENTS_WORD: Record<Language, string> = { en: "events", "zh-Hans": "事件", "zh-Hant": "事件" };

/** The note that a question named no period and which one was used (relative to as-of). */
const NO_PERIOD_NOTE: Record<Language, (what: string, period: string, asOf: string) => string> = {
  en: (what, period, asOf) =>
    `${what}: no period in the question; using ${period} (relative to as-of ${asOf})`,
  "zh-Hans": (what, period, asOf) => `${what}：问题未指明期间；按 ${period} 计（相对于截止日期 ${asOf}）`,
  "zh-Hant": (what, period, asOf) => `${what}：問題未指明期間；按 ${period} 計（相對於截止日期 ${asOf}）`,
};

function describeFilters(filters: Record<string, string | string[]>): string {
  const parts = Object.entries(filters).map(
    ([dimension, value]) => `${dimension}=${Array.isArray(value) ? value.join("|") : value}`,
  );
  return parts.length > 0 ? ` for ${parts.join(", ")}` : "";
}

/**
 * A frame's own periods; a shifted same-period expression (去年同期, the same period last year)
 * adds the frame's other periods — or, when it has none, the previous frame's — shifted by years.
 */
function periodsOfFrame(
  frame: Frame,
  previous: Period[] | undefined,
  previousAsked: Period[] | undefined,
  previousCompared = false,
): Period[] {
  const own = frame.times.flatMap((time) => time.periods);
  // A follow-up that names another comparison (…环比变化如何？同比呢？) measures the periods the
  // clause before asked, not the base that clause's own comparison added.
  const asked = own.length > 0 ? own : (previousAsked ?? previous ?? []);
  const shifted = frame.times.flatMap((time) => {
    if (time.kind !== "same_period") return [];
    // 环比 / month over month: each asked period's previous one, of the same length and grain.
    if (time.comparison === "period_over_period") return asked.map((period) => previousPeriod(period));
    // A plain 同期 / "the same period" is the period of what it follows (an event dated by it);
    // after a comparison, the period asked, not its base (…与去年同期相比…？同期有没有换物流？).
    if (!time.shiftYears && time.inYear === undefined)
      return own.length > 0
        ? []
        : (time.referent ?? (previousCompared ? previousAsked : undefined) ?? previous ?? []);
    const base = time.comparison ? asked : own.length > 0 ? own : (previous ?? []);
    // 今年同期, the same months in 2023: the base moved into the year named (its first year sets the shift).
    const shift =
      time.inYear !== undefined && base.length > 0
        ? time.inYear - Number(base[0].from.slice(0, 4))
        : (time.shiftYears ?? 0);
    return base.map((period) => shiftPeriodByYears(period, shift));
  });
  return [...own, ...shifted];
}

/** Periods in order, each once. */
function uniquePeriods(periods: Period[]): Period[] {
  const seen = new Set<string>();
  return [...periods]
    .sort((a, b) => a.from.localeCompare(b.from))
    .filter((period) => {
      const key = `${period.from}..${period.to}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** Joins periods into as few as possible: contiguous periods of one grain become one span. */
function mergePeriods(periods: Period[]): Period[] {
  const sorted = [...periods].sort((a, b) => a.from.localeCompare(b.from));
  const merged: Period[] = [];
  for (const period of sorted) {
    const last = merged[merged.length - 1];
    if (last && last.grain === period.grain && dayAfter(last.to) >= period.from) {
      if (period.to > last.to) last.to = period.to;
      continue;
    }
    merged.push({ ...period });
  }
  return merged;
}

function dayAfter(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The last complete month (or quarter) before as_of; the last 12 months (4 quarters) for a trend. */
function defaultPeriod(asOf: string, grain: Grain, trend: boolean): Period {
  const [year, month] = asOf.split("-").map(Number);
  if (grain === "quarter" || grain === "year") {
    let quarter = Math.ceil(month / 3) - 1;
    let quarterYear = year;
    if (quarter === 0) {
      quarter = 4;
      quarterYear -= 1;
    }
    const last = quarterPeriod(quarterYear, quarter);
    if (!trend) return last;
    const first = quarter === 4 ? quarterPeriod(quarterYear, 1) : quarterPeriod(quarterYear - 1, quarter + 1);
    return { grain: "quarter", from: first.from, to: last.to };
  }
  const lastMonth = new Date(Date.UTC(year, month - 2, 1));
  const last = monthPeriod(lastMonth.getUTCFullYear(), lastMonth.getUTCMonth() + 1);
  if (!trend) return last;
  const firstMonth = new Date(Date.UTC(year, month - 13, 1));
  return {
    grain: "month",
    from: monthPeriod(firstMonth.getUTCFullYear(), firstMonth.getUTCMonth() + 1).from,
    to: last.to,
  };
}

/**
 * A day or week period of a coarser dataset (a day of a monthly dataset) fits only when it
 * is whole units of that grain, or runs to the as-of day from a unit's start (year to date):
 * widening it silently would answer for another period, so the planner refuses and names the grain.
 */
function fitsGrain(period: Period, offer: Offer, metric: string, state: Drafting): boolean {
  // A month of a quarterly dataset is widened to its quarter, as it always was (the plan's period
  // says so); only days and weeks, which no monthly figure answers, are refused.
  if (!offer.grain || !isCoarser(offer.grain, period.grain) || !isCoarser("month", period.grain)) return true;
  const aligned = alignPeriod(period, offer.grain);
  if (aligned.from === period.from && (aligned.to === period.to || period.to === state.asOf)) return true;
  // A to-date period from a month's start (本月至今, month to date) is its months up to as-of: on a
  // quarterly dataset its month is widened to the quarter, as a month always is (the plan says so).
  if (period.to === state.asOf && period.from.endsWith("-01") && isCoarser(offer.grain, "month")) return true;
  // The base of a to-date period (the same span last year): its last month is fetched whole, and
  // the to-date note says so.
  if (aligned.from === period.from && isBaseOfToDate(period, state.times)) return true;
  const time = state.times.find((mention) => mention.periods.some((own) => own.from === period.from));
  state.tooFine.push({
    written: time ? state.working.slice(time.start, time.end).trim() : describePeriod(period),
    asked: period.grain,
    measure: metric,
    offered: offer.grain,
  });
  state.trace.push(`refuse:grain:${period.grain}<${offer.grain}:${offer.source}/${offer.dataset}`);
  return false;
}

/**
 * "Two weeks ago" names a day (Duckling's reading, convention `weeks-ago`); a dataset recorded by
 * week answers it for the week holding that day, as the note says. Any other day stays a day.
 */
function weekOfWeeksAgo(period: Period, offer: Offer, times: readonly TimeMention[]): Period {
  if (offer.grain !== "week" || period.grain !== "day" || period.from !== period.to) return period;
  const counted = times.some(
    (time) =>
      time.conventions?.includes("weeks-ago") === true &&
      time.periods.some((own) => own.from === period.from),
  );
  return counted ? unitPeriod(dayOf(period.from), "week", 0) : period;
}

/** True when a period is a to-date period of the question shifted by whole years (its 同比 base). */
function isBaseOfToDate(period: Period, times: readonly TimeMention[]): boolean {
  return times.some(
    (time) =>
      time.conventions?.includes("to-date") === true &&
      time.periods.some((own) => {
        const years = Number(period.from.slice(0, 4)) - Number(own.from.slice(0, 4));
        const shifted = shiftPeriodByYears(own, years);
        return years !== 0 && shifted.from === period.from && shifted.to === period.to;
      }),
  );
}

/**
 * Fits a requested period to a dataset: its grain, widened to whole units when the dataset is
 * coarser. A period from a unit's start to a day inside a later unit (year to date: 2024-01-01 to
 * the as-of day) keeps that day as its end: the asked period is up to then, and the dataset's unit
 * holding it is fetched whole (the to-date note says it holds only what was recorded by then).
 */
function fitPeriod(period: Period, offer: Offer): Period {
  if (!offer.grain) return period;
  if (!isCoarser(offer.grain, period.grain)) return { ...period, grain: offer.grain };
  const aligned = alignPeriod(period, offer.grain);
  return aligned.from === period.from && period.grain === "day" ? { ...aligned, to: period.to } : aligned;
}

/** The frame's own qualifiers (not inherited from another clause) that no offer of the metric filters by. */
function notAppliedFilters(frame: Frame, dropped: readonly string[]): Record<string, string | string[]> {
  const missing: Record<string, string | string[]> = Object.create(null);
  for (const [dimension, values] of frame.dimensions) {
    if (!dropped.includes(dimension) || frame.inherited.has(dimension)) continue;
    missing[dimension] = values.length === 1 ? values[0] : [...values];
  }
  return missing;
}

function filtersFor(frameDimensions: Map<string, string[]>, offer: Offer): Record<string, string | string[]> {
  const filters: Record<string, string | string[]> = Object.create(null);
  for (const [dimension, values] of frameDimensions) {
    if (!offer.dimensions.includes(dimension)) continue;
    filters[dimension] = values.length === 1 ? values[0] : [...values];
  }
  return filters;
}

/** What the question says, read once: the resolved text, its catalog terms, times and frames. */
interface Reading {
  text: string;
  language: Language;
  resolution: SpanResolution;
  working: string;
  normalized: string;
  /** What the router reads for data cues: measures outside any workspace (exchange rate, 汇率) blanked. */
  routed: string;
  mentions: Mention[];
  times: TimeMention[];
  /** Time-like text no rule read: asked back, never replaced by a default period. */
  unreadTimes: UnreadTime[];
  unknownTerms: UnknownTerm[];
  /**
   * Clauses of a data question that are policy asks of their own (…, and how long is the warranty?):
   * knowledge-base searches whose words are their query and whose values qualify no measure.
   */
  searchedClauses: { start: number; end: number }[];
  /** Clauses asking what a document says that no topic of the catalog covers: reported, not planned. */
  unsearchableClauses: { start: number; end: number }[];
  /** Periods tied to an event, not a date (since the POS upgrade, 换承运商之后). */
  eventAnchors: EventAnchor[];
  /** Years written only to date other time spans (2024年…上半年和下半年): read, no period of their own. */
  datingYears: TimeMention[];
  subQuestions: string[];
  metrics: string[];
  events: string[];
  topics: string[];
  intents: Intent[];
  frames: Frame[];
  /** What the question says of a breakdown or ranking (most often, 高频, top 3). */
  breakdownCue?: BreakdownCue;
}

/** What planning one question accumulates: notes for the user, trace lines, goals. */
interface Drafting {
  asOf: string;
  language: Language;
  trend: boolean;
  trace: string[];
  warnings: string[];
  defaults: string[];
  unsupported: string[];
  drafts: GoalDraft[];
  /** The metric goals' periods, which events relating to them are searched around. */
  metricPeriods: Period[];
  /**
   * Qualifiers the question names that a goal's dataset does not offer: they stay in what the goal
   * was asked (`asked.keys`), so an answer for the whole of the dataset is never called the answer
   * for the qualified question ("A产品华东区的复购率" from an overall VIP figure).
   */
  notApplied: WeakMap<GoalDraft, Record<string, string | string[]>>;
  /** The question as the user wrote it: a period read from its words is quoted in them. */
  question: string;
  /** The question's time spans and its text, for naming a period the datasets' grain cannot hold. */
  times: TimeMention[];
  working: string;
  /** Periods finer than every dataset of their measure: refused, naming the grain. */
  tooFine: { written: string; asked: string; measure: string; offered: string }[];
  /** The comparison each goal's period takes part in (同比, 环比), recorded on its `asked`. */
  comparisons: WeakMap<GoalDraft, { kind: PeriodComparison; role: "period" | "base" }>;
  /** What the question says of a breakdown or ranking (most often, 高频, top 3). */
  breakdownCue?: BreakdownCue;
  /** The breakdown each metric goal was asked for, recorded on its `asked`. */
  breakdowns: WeakMap<GoalDraft, AskedBreakdown>;
  /** The question asks why a metric moved (planner/why-goals.ts): metric goals fetch their base too. */
  /** What the question does with its values, read outside the catalog terms and cues (`why` asks why). */
  operation: AskedOperation;
  /** Each explained metric goal's asked period, base and events' window, recorded on its `asked`. */
  explained: WeakMap<GoalDraft, AskedExplain>;
  /** How each metric goal's period was read when the question did not name it outright (period-reading.ts). */
  periodReadings: WeakMap<GoalDraft, AskedPeriodReading>;
  /** The coarser unit a metric goal's question compared in (period-reading.ts `comparedUnitOf`). */
  comparedBy: WeakMap<GoalDraft, Grain>;
  /** The clause (frame) each metric and event goal was drafted for: touching goals join across clauses only. */
  frameOf: WeakMap<GoalDraft, Frame>;
  /**
   * The direction each metric's own clause states when the question states both ("why did bursts
   * rise and complaints fall"): the question-wide premise (`premiseOf`) is then none.
   */
  metricPremises: Map<string, "up" | "down">;
  premises: WeakMap<GoalDraft, "up" | "down">;
}

const namesOf = (mentions: Mention[], kind: Mention["kind"]) => [
  ...new Set(mentions.filter((mention) => mention.kind === kind).map((mention) => mention.name)),
];

/** Segment, then resolve, then find: spans that clearly mean a catalog term are rewritten to it first. */
/**
 * The dimension an unknown qualifier of a data question is a value of, when its shape does not
 * say (pricing complaints, 包装方面的投诉): the one dimension the offers of the question's
 * metrics and events filter by that the question does not name already. With several such
 * dimensions there is no telling (台北的退货率: product or region?), and none is guessed.
 */
function qualifiedDimension(mentions: Mention[], offers: Offer[]): string | undefined {
  const asked = new Set(
    mentions
      .filter((mention) => mention.kind === "metric" || mention.kind === "event")
      .map((mention) => mention.name),
  );
  const named = new Set(
    mentions.filter((mention) => mention.kind === "dimension").map((mention) => mention.name),
  );
  const open = new Set(
    offers
      .filter((offer) => [...offer.metrics, ...offer.events].some((name) => asked.has(name)))
      .flatMap((offer) => offer.dimensions)
      .filter((dimension) => !named.has(dimension)),
  );
  return open.size === 1 ? [...open][0] : undefined;
}

function readQuestion(
  question: string,
  vocabulary: Vocabulary,
  config: WorkspaceConfig,
  asOf: string,
  offers: Offer[] = [],
): Reading {
  const text = question.trim();
  const language = detectLanguage(text, config.language);
  const resolved = resolveSpans(text, vocabulary, asOf);
  const working = resolved.question;
  const normalized = normalizeForMatching(working);
  const terms = vocabulary.find(normalized, working);
  // 能退吗 / "can I return it": a modal with a topic's verb asks that topic's policy.
  const modalVerbs = findModalTopicVerbs(normalized, config.catalog, terms);
  const found = [...terms, ...modalVerbs].sort((a, b) => a.start - b.start);
  // A topic word qualifying a measure head ("exchange rate") is a measure the catalog lacks, not
  // the topic; a span the resolver asks about (换货率 → 退货率?) is left to that question.
  const foreignMeasures = findForeignMeasures(normalized, found).filter(
    (phrase) =>
      !resolved.ambiguous.some((span) =>
        normalizeForMatching(span.written).includes(normalized.slice(phrase.start, phrase.end)),
      ),
  );
  const read = found.filter(
    (mention) =>
      !foreignMeasures.some((phrase) => mention.kind === "topic" && mention.start === phrase.start),
  );
  const {
    mentions: times,
    unread: unreadTimes,
    dating: datingYears,
  } = questionTimeSpans(normalized, asOf, config.fiscal_year ? { fiscalYear: config.fiscal_year } : {});
  // A metric word in a clause that asks about a rule (must, 多久) and no figure is a word of the
  // policy search: "how quickly must a water quality complaint be visited" counts no complaints.
  const policyWords = policyWordMentions(normalized, read, times);
  const mentions = read.filter((mention) => !policyWords.includes(mention));
  const dataAsked = mentions.some((mention) => mention.kind === "metric" || mention.kind === "event");
  const searchedClauses = dataAsked ? policyClauses(normalized, mentions) : [];
  const unsearchableClauses = dataAsked ? documentAsksWithoutTopic(normalized, mentions) : [];
  const inSearchedClause = (span: { start: number; end: number }) =>
    [...searchedClauses, ...unsearchableClauses].some(
      (clause) => span.start < clause.end && clause.start < span.end,
    );
  // Terms read by another English form of their words are corrections the user is told about.
  const resolution = {
    ...resolved,
    corrections: [...resolved.corrections, ...wordFormCorrections(mentions, working)],
  };
  // "Which of the two", 两者: the two values named, accounted for (no unknown word) and bound below.
  const pairs = findPairReferences(normalized, mentions);
  resolution.accounted.push(...pairs.map(({ start, end }) => ({ start, end })));
  // "since the POS upgrade", 换配方之后: the anchor words are read (a period tied to the event).
  const anchors = eventAnchors(normalized, mentions);
  resolution.accounted.push(...anchors.map(({ start, end }) => ({ start, end })));
  // The words of a breakdown (高频, most common, 前三个, 问题类型) are read here, before any word is
  // judged unknown: they ask for a ranking, they are no qualifier the catalog lacks.
  const breakdownCue = readBreakdownCue(normalized, mentions, times, vocabulary);
  if (breakdownCue) {
    resolution.accounted.push(...breakdownCue.spans);
    // 前三个问题类型 is a top three of the sub-types, not three sub-types to ask about.
    resolution.ambiguous = resolution.ambiguous.filter(
      (span) => !coversTerm(breakdownCue.spans, normalized, span.written),
    );
  }
  let unknownTerms = findUnknownTerms(working, normalized, mentions, vocabulary, times);
  const foreignTexts = foreignMeasures.map((phrase) => working.slice(phrase.start, phrase.end).trim());
  if (mentions.length > 0) {
    // Beside catalog terms it is an unknown measure, reported while the known ones are planned.
    for (const text of foreignTexts)
      if (!unknownTerms.some((term) => term.text.includes(text) || text.includes(term.text)))
        unknownTerms.push({ text, kind: "metric" });
  } else {
    // Alone it is out of the workspace's scope (the router's direct reply), not a refusal.
    unknownTerms = unknownTerms.filter(
      (term) =>
        !(
          term.kind === "metric" &&
          foreignTexts.some((text) => text.includes(term.text) || term.text.includes(text))
        ),
    );
  }
  // Only a data question is held to "every span accounted for": a policy question's words are
  // its search query, and an out-of-scope one is answered directly.
  if (mentions.some((mention) => mention.kind === "metric" || mention.kind === "event")) {
    for (const term of findUnresolvedQualifiers(
      working,
      normalized,
      mentions,
      times,
      vocabulary,
      resolution.accounted,
    ))
      if (!unknownTerms.some((known) => known.text.includes(term.text) || term.text.includes(known.text)))
        unknownTerms.push(term);
    // Asked back with the candidates of the dimension it must be a value of, not refused.
    const dimension = qualifiedDimension(mentions, offers);
    if (dimension && vocabulary.catalog.dimensions[dimension])
      for (const term of unknownTerms)
        if (term.kind === "dimension_value" && !term.dimension) term.dimension = dimension;
  }
  if (breakdownCue)
    unknownTerms = unknownTerms.filter((term) => !coversTerm(breakdownCue.spans, normalized, term.text));
  // A time word the grammar does not read (上周) is a period to ask about, not a term the catalog lacks.
  unknownTerms = unknownTerms.filter((term) => !isTimeLikeWord(normalizeForMatching(term.text)));
  // Text read by a rule that plans nothing of its own — an event anchor ("since the POS upgrade"),
  // a year that only dates other spans (2024年…上半年和下半年) — is no term the catalog lacks.
  const readAlone = [...anchors, ...datingYears];
  if (readAlone.length > 0)
    unknownTerms = unknownTerms.filter((term) => {
      const at = normalized.indexOf(normalizeForMatching(term.text));
      return at < 0 || !readAlone.some((span) => span.start <= at && at + term.text.length <= span.end);
    });
  // A word of a policy ask beside the data asked is that ask's search query (or, with no topic
  // for it, part of the ask reported as not planned), no term to report on its own.
  if (searchedClauses.length + unsearchableClauses.length > 0)
    unknownTerms = unknownTerms.filter((term) => {
      const at = working.indexOf(term.text);
      return at < 0 || !inSearchedClause({ start: at, end: at + term.text.length });
    });
  const subQuestions = decomposeQuestion(
    working,
    // A modal's verb (能换吗) is no subject a follow-up sentence inherits.
    [
      ...mentions.filter((mention) => !modalVerbs.includes(mention)),
      ...times.map((time) => ({ start: time.start, end: time.end, kind: "time" as const })),
    ],
    language,
  );
  const metrics = namesOf(mentions, "metric");
  const events = namesOf(mentions, "event");
  const topics = namesOf(mentions, "topic");
  const intents = detectIntents(normalized, topics.length > 0, metrics.length + events.length > 0);
  const unknownMeasures = unknownTerms
    .filter((term) => term.kind === "metric")
    .flatMap((term) => {
      const at = working.indexOf(term.text);
      return at < 0 ? [] : [{ start: at, end: at + term.text.length }];
    });
  // A value named in a policy ask (the warranty on a water heater) is the search's, no measure's.
  const bound = mentions.filter((mention) => mention.kind !== "dimension" || !inSearchedClause(mention));
  const frames = bindQualifiers(normalized, bound, times, pairs, unknownMeasures).filter(
    (frame) => frame.metrics.length > 0 || frame.events.length > 0,
  );
  return {
    text,
    language,
    resolution,
    working,
    normalized,
    routed: withoutGeneralMeasures(withoutForeignMeasures(normalized, foreignMeasures)),
    mentions,
    times,
    // Time-like text inside a catalog term (号 in 型号) is the term's, not a time to ask about.
    unreadTimes: unreadTimes.filter(
      (unread) => !mentions.some((mention) => mention.start < unread.end && unread.start < mention.end),
    ),
    unknownTerms,
    searchedClauses,
    unsearchableClauses,
    eventAnchors: anchors,
    datingYears,
    subQuestions,
    metrics,
    events,
    topics,
    intents,
    frames,
    ...(breakdownCue ? { breakdownCue } : {}),
  };
}

function routeOf(reading: Reading, vocabulary: Vocabulary) {
  const { language, mentions, topics, unknownTerms, subQuestions, metrics, events, intents } = reading;
  return routeQuestion({
    normalized: reading.routed,
    language,
    catalogMentions: mentions.length,
    hasTopic: topics.length > 0,
    unknownTerms: unknownTerms.length,
    subQuestions: subQuestions.length,
    needs: metrics.length + events.length + (topics.length > 0 ? 1 : 0),
    // Entities, not frames: "A和B产品" is two entities in one frame.
    frames: reading.frames
      .filter((frame) => !frame.isEventFrame)
      .reduce(
        (sum, frame) =>
          sum + [...frame.dimensions.values()].reduce((product, values) => product * values.length, 1),
        0,
      ),
    // A base comparison (同比, 环比, month over month) compares two periods, as "Q3 vs Q4" does.
    compareOrCorrelate:
      intents.includes("compare") ||
      intents.includes("correlate") ||
      reading.times.some((time) => time.comparison !== undefined),
    isDataCue: dataCueTest(vocabulary),
    scope: {
      en: (["metric", "event", "topic"] as const).flatMap((kind) => vocabulary.labels(kind, "en")),
      zh: (["metric", "event", "topic"] as const).flatMap((kind) => vocabulary.labels(kind, "zh")),
    },
    holdings: {
      en: {
        metrics: vocabulary.labels("metric", "en"),
        events: vocabulary.labels("event", "en"),
        topics: vocabulary.labels("topic", "en"),
      },
      zh: {
        metrics: vocabulary.labels("metric", "zh"),
        events: vocabulary.labels("event", "zh"),
        topics: vocabulary.labels("topic", "zh"),
      },
    },
  });
}

/**
 * Why the question gets no plan, before any source is chosen: an unknown qualifier or an
 * ambiguous span (ask back), only unknown terms (refuse), nothing of the catalog.
 */
function refusalOf(
  reading: Reading,
  vocabulary: Vocabulary,
  asOf: string,
  trace: string[],
): Partial<PlanOutcome> | undefined {
  const { unknownTerms, language, metrics, events, topics, resolution } = reading;
  const needs = metrics.length + events.length + topics.length;
  // An unknown qualifier makes the whole question unplannable: planning without it would answer
  // a different question (product Z's rate is not the overall rate). An unknown measure beside
  // known ones ("return rate and churn rate") is reported and the known ones are planned.
  // A fiscal period without the workspace's fiscal year: calendar quarters would be a guess.
  const fiscal = reading.times.filter((time) => time.fiscalUnknown);
  if (fiscal.length > 0 && needs > 0) {
    const spans = fiscal.map((time) => ({
      written: reading.working.slice(time.start, time.end).trim(),
      candidates: [`${language === "en" ? "calendar " : ""}${time.fiscalUnknown?.calendar}`],
    }));
    trace.push(`clarify:fiscal:${spans.map((span) => span.written).join(",")}`);
    return {
      clarification: { spans },
      message: spans.map((span) => FISCAL_MESSAGE[language](span.written, span.candidates[0])).join(" "),
    };
  }
  // Time-like words no rule reads ("this winter", a weekday alone): a default period would answer
  // another question, so ask which period is meant.
  if (reading.unreadTimes.length > 0 && metrics.length + events.length > 0) {
    const written = reading.unreadTimes.map((time) => reading.working.slice(time.start, time.end).trim());
    trace.push(`clarify:unread_time:${written.join(",")}`);
    const candidates = EXAMPLE_PERIODS[language];
    return {
      clarification: { spans: written.map((text) => ({ written: text, candidates })) },
      message: unreadTimeMessage(written, language),
    };
  }
  // A period wholly after as-of has no recorded data: planning it would fetch nothing, or a default
  // period would answer another question. Sources hold records, not forecasts.
  const future = reading.times.filter((time) => placeAgainstAsOf(time, asOf) === "after");
  if (future.length > 0 && metrics.length + events.length > 0) {
    const written = future.map((time) => reading.working.slice(time.start, time.end).trim());
    trace.push(`refuse:after_as_of:${written.join(",")}`);
    return { message: AFTER_AS_OF_MESSAGE[language](written, asOf) };
  }
  // A data-shaped question (a value or a date) whose measure the catalog lacks is not a policy
  // question because a topic word is in it ("dishwasher failure rate under warranty in Guangdong"):
  // searching passages would answer another question — ask which measure.
  const unknownMeasures = unknownTerms.filter((term) => term.kind === "metric");
  const dataShaped =
    reading.times.length > 0 || reading.mentions.some((mention) => mention.kind === "dimension");
  if (unknownMeasures.length > 0 && metrics.length + events.length === 0 && topics.length > 0 && dataShaped) {
    const candidates = Object.keys(vocabulary.catalog.metrics).map(
      (name) => vocabulary.catalog.metrics[name].label ?? name,
    );
    const spans = unknownMeasures.map((term) => ({ written: term.text, candidates }));
    trace.push(`clarify:measure:${spans.map((span) => span.written).join(",")}`);
    const clarification = { spans };
    return { clarification, message: clarificationMessage(clarification, language) };
  }
  // An unknown measure beside a metric that was only reached by correcting a typo ("churn rate of
  // riders": riders → rides) is one measure misread, not two: planning the corrected one would
  // answer another question. Ask which measure, offering the corrected one first.
  const typoMetrics = reading.mentions.filter(
    (mention) =>
      mention.kind === "metric" &&
      resolution.corrections.some(
        (correction) => correction.reason === "typo" && correction.corrected === mention.text,
      ),
  );
  if (unknownMeasures.length > 0 && typoMetrics.length > 0 && typoMetrics.length === metrics.length) {
    const corrected = typoMetrics.map(
      (mention) => vocabulary.catalog.metrics[mention.name]?.label ?? mention.name,
    );
    const others = Object.keys(vocabulary.catalog.metrics)
      .map((name) => vocabulary.catalog.metrics[name].label ?? name)
      .filter((label) => !corrected.includes(label));
    const spans = unknownMeasures.map((term) => ({
      written: term.text,
      candidates: [...corrected, ...others],
    }));
    trace.push(`clarify:measure:${spans.map((span) => span.written).join(",")}`);
    const clarification = { spans };
    return { clarification, message: clarificationMessage(clarification, language) };
  }
  // A question only the documents answer searches with its own words: a name beside a catalog
  // value (压缩机 of 空调压缩机保修几年) is the part the passage must name, no qualifier of a figure.
  const documentsOnly = metrics.length + events.length === 0 && topics.length > 0;
  const unknownQualifiers = documentsOnly
    ? []
    : unknownTerms.filter((term) => term.kind === "dimension_value");
  const askable = documentsOnly
    ? unknownTerms.filter((term) => term.kind !== "dimension_value")
    : unknownTerms;
  const clarification = clarificationFor(resolution.ambiguous, askable, vocabulary, language);
  if (clarification && (resolution.ambiguous.length > 0 || unknownQualifiers.length > 0 || needs === 0)) {
    trace.push(`clarify:${clarification.spans.map((span) => span.written).join(",")}`);
    return { clarification, message: clarificationMessage(clarification, language) };
  }
  if (unknownQualifiers.length > 0 || (unknownTerms.length > 0 && needs === 0)) {
    return { message: MESSAGES.unknown[language](UNKNOWN_DETAIL[language](unknownTerms)) };
  }
  if (needs === 0) return { message: MESSAGES.nothing[language]("") };
  return undefined;
}

/** Each frame's periods: its own; 同期 and omitted times take the previous frame's, else the next one's. */
function resolveFramePeriods(frames: Frame[]): Map<Frame, Period[] | undefined> {
  const framePeriods = new Map<Frame, Period[] | undefined>();
  let previousPeriods: Period[] | undefined;
  // The periods the clauses before asked about, without the bases their comparisons added.
  let previousAsked: Period[] | undefined;
  // Whether the clauses before compared their period with a base (同比, 与去年同期相比, 环比).
  let previousCompared = false;
  // The periods before with the base a comparison clause of their own added (…2025年4月的上座率，
  // 跟去年同一个月相比如何？): a follow-up of values with no time (厦门呢？) asks the same
  // comparison again, so it measures both, where a later 同期 points at the asked period only.
  let previousWithBases: Period[] | undefined;
  for (const frame of frames) {
    const periods = periodsOfFrame(frame, previousPeriods, previousAsked, previousCompared);
    if (frame.times.some((time) => time.comparison !== undefined || time.comparedBase === true))
      previousCompared = true;
    else if (frame.times.some((time) => time.periods.length > 0)) previousCompared = false;
    const own = frame.times.flatMap((time) => time.periods);
    if (
      own.length > 0 &&
      (frame.metrics.length > 0 || frame.times.some((time) => time.kind !== "same_period"))
    )
      previousAsked = own;
    if (periods.length > 0) {
      // A comparison keeps its period and its base apart (May and April are two answers, not one span).
      const compared = frame.times.some((time) => time.comparison !== undefined);
      framePeriods.set(frame, compared ? uniquePeriods(periods) : mergePeriods(periods));
      // An event clause's own dates carry too ("releases in H2 2023, and complaints over the same
      // half"); a metric clause's always do.
      // A comparison's base (与去年同期相比) is no period a later 同期 points at.
      const onlyBases = frame.times.every((time) => time.comparedBase === true);
      if (
        (frame.metrics.length > 0 || frame.times.some((time) => time.kind !== "same_period")) &&
        !onlyBases
      ) {
        previousPeriods = framePeriods.get(frame);
        previousWithBases = previousPeriods;
      } else if (onlyBases && previousPeriods)
        previousWithBases = uniquePeriods([...previousPeriods, ...(framePeriods.get(frame) ?? [])]);
    } else if (frame.metrics.length > 0 && previousPeriods) {
      framePeriods.set(
        frame,
        frame.times.length === 0 ? (previousWithBases ?? previousPeriods) : previousPeriods,
      );
    }
  }
  // A frame before the first dated one ("A in East vs B in North in Jan 2024") takes the next one's.
  const metricFrames = frames.filter((frame) => frame.metrics.length > 0);
  for (let index = metricFrames.length - 1; index >= 0; index -= 1) {
    const frame = metricFrames[index];
    if (!framePeriods.get(frame))
      framePeriods.set(
        frame,
        metricFrames
          .slice(index + 1)
          .map((next) => framePeriods.get(next))
          .find((value) => value),
      );
  }
  return framePeriods;
}

/** Whether a period of a comparing frame is one the question asked, or the base its comparison adds. */
function comparisonRole(frame: Frame, period: Period): "period" | "base" {
  // The period before a named one, written after a comparison word (比上一季度), is a base too.
  const own = frame.times.some(
    (time) =>
      !time.comparedBase &&
      time.periods.some((asked) => asked.from === period.from && asked.to === period.to),
  );
  return own ? "period" : "base";
}

/** The default period, preceded by its base when the question asks a comparison of it. */
function defaultRequest(defaulted: Period, comparison: PeriodComparison | undefined): Period[] {
  return comparison ? [comparisonBase(comparison, defaulted), defaulted] : [defaulted];
}

/** The base a comparison measures an asked period from: a year earlier (同比), the period before (环比). */
function comparisonBase(comparison: PeriodComparison, period: Period): Period {
  return comparison === "year_over_year" ? shiftPeriodByYears(period, -1) : previousPeriod(period);
}

/**
 * The note that a shifted same-period word (the same month last year, 去年同期) followed no period of
 * the question: the question does name a time, so the note never says it has none.
 */
const SAME_PERIOD_ALONE_NOTE: Record<
  Language,
  (what: string, written: string, period: string, asOf: string) => string
> = {
  en: (what, written, period, asOf) =>
    `${what}: "${written}" follows no period written in the question; using ${period}: the last complete period before as-of ${asOf}, moved back as it says`,
  "zh-Hans": (what, written, period, asOf) =>
    `${what}：“${written}”前面没有写出期间；按 ${period} 计：截止日期 ${asOf} 前最近的完整期间，按其所说前移`,
  "zh-Hant": (what, written, period, asOf) =>
    `${what}：「${written}」前面沒有寫出期間；按 ${period} 計：截止日期 ${asOf} 前最近的完整期間，按其所說前移`,
};

/** The coarsest grain a unit is made of whole: a half year is whole quarters, any other unit its own grain. */
function wholeGrainOf(unit: TimeUnit): Grain {
  return unit === "half" ? "quarter" : grainOfUnit(unit);
}

/** A metric frame without any period: the default one before as-of (a year back for 去年同期), with a note. */
function defaultMetricPeriod(frame: Frame, metric: string, offer: Offer, state: Drafting): Period {
  // 去年同期 alone moves the default a year back; 同比 compares the default with that year instead.
  const shifted = frame.times.find(
    (time) => time.kind === "same_period" && time.shiftYears && !time.comparison,
  );
  const shift = shifted?.shiftYears;
  // A comparison's own unit is the last complete one (环比变化: the last month against the one
  // before), not the twelve months a change asked without one covers; a comparison word that names
  // its unit (week on week, 周环比, half over half) compares the last complete one of that unit,
  // where the source is not coarser than it (a coarser one was refused before).
  const compared = frame.times.find((time) => time.comparison !== undefined);
  const unit =
    compared?.comparedUnit && !(offer.grain && isCoarser(offer.grain, wholeGrainOf(compared.comparedUnit)))
      ? compared.comparedUnit
      : undefined;
  const base = unit
    ? unitPeriod(dayOf(state.asOf), unit, -1)
    : defaultPeriod(state.asOf, offer.grain ?? "month", state.trend && !compared);
  const period = shift ? shiftPeriodByYears(base, shift) : base;
  const described = describePeriod(period, state.language);
  if (shifted) {
    const alone = SAME_PERIOD_ALONE_NOTE[state.language](metric, shifted.text.trim(), described, state.asOf);
    if (!state.warnings.includes(alone)) state.warnings.push(alone);
    if (!state.defaults.includes(alone)) state.defaults.push(alone);
    state.trace.push(`period:default:${period.from}..${period.to}`);
    return period;
  }
  const note = NO_PERIOD_NOTE[state.language](metric, described, state.asOf);
  if (!state.warnings.includes(note)) state.warnings.push(note);
  const applied = DEFAULT_NOTE[state.language](metric, described, state.trend && !compared, unit);
  if (!state.defaults.includes(applied)) state.defaults.push(applied);
  state.trace.push(`period:default:${period.from}..${period.to}`);
  return period;
}

/** One goal per metric, dataset and period of every metric frame. */
function draftMetricGoals(
  metricFrames: Frame[],
  framePeriods: Map<Frame, Period[] | undefined>,
  offers: Offer[],
  config: WorkspaceConfig,
  state: Drafting,
): void {
  for (const frame of metricFrames) {
    for (const metric of frame.metrics) {
      const grain = framePeriods.get(frame)?.[0]?.grain;
      const selection = selectOffers(offers, { metric }, [...frame.dimensions.keys()], {
        ...metricAsking(config, metric),
        ...(grain ? { grain } : {}),
      });
      if (selection.offers.length === 0) {
        state.unsupported.push(metric);
        continue;
      }
      const breakdown = breakdownFor(state.breakdownCue, metric, frame.dimensions, offers, config.catalog);
      if (breakdown)
        state.trace.push(`breakdown:${metric}:${breakdown.dimension ?? `none(${breakdown.wanted ?? ""})`}`);
      for (const dimension of selection.droppedDimensions) {
        if (frame.inherited.has(dimension)) continue;
        state.warnings.push(DROPPED_FILTER_NOTE[state.language](metric, dimension));
        state.trace.push(`filter:dropped:${metric}:${dimension}`);
      }
      selection.offers.forEach((offer, index) => {
        const named = framePeriods.get(frame);
        const comparing = frame.times.find((time) => time.comparison);
        const comparison = comparing?.comparison;
        // A comparison that names a unit finer than a month ("week over week") on a coarser source
        // is refused naming the grain, as a week asked of it is: compared month against month it
        // would be another question.
        const comparedUnit = comparing?.comparedUnit;
        if (
          comparing &&
          (comparedUnit === "week" || comparedUnit === "day") &&
          offer.grain &&
          isCoarser(offer.grain, comparedUnit)
        ) {
          state.tooFine.push({
            written: state.working.slice(comparing.start, comparing.end).trim(),
            asked: comparedUnit,
            measure: metric,
            offered: offer.grain,
          });
          state.trace.push(`refuse:grain:${comparedUnit}<${offer.grain}:${offer.source}/${offer.dataset}`);
          return;
        }
        // A comparison asked with no period ("the month over month change in …", 同比变化) compares
        // the default period with its base, as it would a period the question named: without the
        // base it was answered as the default month's value, another question.
        const requested =
          named ?? defaultRequest(defaultMetricPeriod(frame, metric, offer, state), comparison);
        // The default period itself (its base, when compared, comes before it).
        const defaulted = named === undefined ? requested.at(-1) : undefined;
        for (const requestedPeriod of requested) {
          const wanted = weekOfWeeksAgo(requestedPeriod, offer, state.times);
          if (!fitsGrain(wanted, offer, metric, state)) continue;
          const fitted = fitPeriod(wanted, offer);
          // A why-question measures the change from its base: the one its comparison names (a year
          // earlier for 同比, the period before for 环比), planned as a goal of its own, else the unit
          // before, or the first of the units asked, which the run fetches with the goal
          // (reflector/answering/before-window.ts).
          const role = !comparison
            ? undefined
            : defaulted
              ? requestedPeriod === defaulted
                ? "period"
                : "base"
              : comparisonRole(frame, wanted);
          // A month widened to a quarterly source's quarter is measured from the quarter before.
          const measured = fitted.from < wanted.from || fitted.to > wanted.to ? fitted : wanted;
          const base =
            state.operation !== "why"
              ? undefined
              : comparison
                ? role === "period"
                  ? fitPeriod(comparisonBase(comparison, wanted), offer)
                  : undefined
                : changeBase(measured);
          const period = fitted;
          state.metricPeriods.push(period);
          const filters = filtersFor(frame.dimensions, offer);
          const draft: GoalDraft = {
            description: `${metric}${describeFilters(filters)}, ${describePeriod(period)}, from ${offer.source}/${offer.dataset}`,
            source: offer.source,
            dataset: offer.dataset,
            params: { metric, filters, period },
            expected_format: offer.expectedFormat,
            validation: validationRuleFor(offer, "metric", period),
            // The most trusted source is required; the others cross-check it and hold the number when it fails.
            required: index === 0,
          };
          state.drafts.push(draft);
          state.frameOf.set(draft, frame);
          if (breakdown) state.breakdowns.set(draft, breakdown);
          // The default is said once, on its own goals; its comparison base is the period before it.
          const reading = periodReadingOf(
            wanted,
            fitted,
            requestedPeriod === defaulted,
            state.times,
            state.question,
          );
          if (reading) state.periodReadings.set(draft, reading);
          const comparedBy = comparedUnitOf(wanted, fitted);
          if (comparedBy) state.comparedBy.set(draft, comparedBy);
          const premise = state.metricPremises.get(metric);
          if (premise) state.premises.set(draft, premise);
          if (base) {
            state.explained.set(draft, explainRecord(base, fitted, EVENT_WINDOW_MONTHS));
            state.trace.push(`explain:${metric}:base:${base.from}..${base.to}`);
          }
          if (comparison && role) state.comparisons.set(draft, { kind: comparison, role });
          const missing = notAppliedFilters(frame, selection.droppedDimensions);
          if (Object.keys(missing).length > 0) state.notApplied.set(draft, missing);
        }
      });
    }
  }
}

const spanOf = (periods: Period[]): Period => ({
  grain: periods[0].grain,
  from: periods[0].from,
  to: periods[periods.length - 1].to,
});

/**
 * The stretches an event is searched over: periods that touch are one search, periods apart are one
 * each ("Q1 2024 year over year, and were there tariff changes in either quarter?" searches Q1 2023
 * and Q1 2024, not the fifteen months from one to the other).
 */
const stretchesOf = (periods: Period[]): Period[] =>
  mergePeriods(periods.map((period) => ({ ...period, grain: "month" })));

/**
 * The period an event frame is searched over: its own dates; in a follow-up sentence of a question
 * that does not relate or explain ("…in January 2024? Also, were there any carrier changes?"), the
 * nearest frame's period; events that should explain a metric (named in its clause, or a question
 * with 结合/why/relate), the metric periods widened by a month on each side; else the last 12 months.
 */
function eventWindow(
  frame: Frame,
  frames: Frame[],
  framePeriods: Map<Frame, Period[] | undefined>,
  intents: Intent[],
  state: Drafting,
): { windows: Period[]; reading?: AskedPeriodReading } {
  const ownPeriods =
    frame.isEventFrame && frame.metrics.length === 0 && frame.times.length > 0
      ? framePeriods.get(frame)
      : undefined;
  // An event dated only by 同期 in a question that relates or explains (结合同期…分析原因) should
  // explain the metric: the widened window below, as without the word.
  const datedBySamePeriod = frame.times.every(
    (time) => time.kind === "same_period" && !time.shiftYears && time.inYear === undefined,
  );
  if (ownPeriods && !(datedBySamePeriod && intents.includes("correlate"))) {
    const windows = stretchesOf(ownPeriods);
    const window = spanOf(ownPeriods);
    // A window the question named by a relative word ("last year", 去年) is said in the answer.
    const reading =
      windows.length === 1 ? periodReadingOf(window, window, false, frame.times, state.question) : undefined;
    return { windows, ...(reading ? { reading } : {}) };
  }
  const hasMetrics = frames.some((candidate) => candidate.metrics.length > 0);
  const followUp =
    frame.opensSentence === true && frame.metrics.length === 0 && !intents.includes("correlate");
  const nearest = followUp ? nearestFramePeriods(frame, frames, framePeriods) : undefined;
  if (nearest) {
    const windows = stretchesOf(nearest);
    for (const window of windows) state.trace.push(`window:inherited:${window.from}..${window.to}`);
    return { windows };
  }
  if (hasMetrics && state.metricPeriods.length > 0) {
    const from = state.metricPeriods.map((period) => period.from).sort()[0];
    const to = state.metricPeriods
      .map((period) => period.to)
      .sort()
      .reverse()[0];
    const window = widenByMonths({ grain: "month", from, to }, EVENT_WINDOW_MONTHS);
    state.trace.push(`window:${window.from}..${window.to}`);
    return { windows: [window] };
  }
  const own = framePeriods.get(frame);
  if (own) return { windows: stretchesOf(own) };
  // Events asked without a date: the last 12 complete months (a single month would mostly be empty).
  const window = defaultPeriod(state.asOf, "month", true);
  const described = describePeriod(window, state.language);
  state.warnings.push(NO_PERIOD_NOTE[state.language](EVENTS_WORD[state.language], described, state.asOf));
  state.defaults.push(DEFAULT_NOTE[state.language](frame.events.join(", "), described, true));
  state.trace.push(`period:default:${window.from}..${window.to}`);
  // The answer says the window it searched, as it says a metric's default period.
  return { windows: [window], reading: { how: "default", period: window } };
}

/**
 * Whether an event frame without values of its own takes a metric frame's: one before it does (the
 * clause it follows); one after it only when the event's own clause asks nothing of its own
 * (物流商换了以后，华东区…的退货率有变化吗？ leads into the measure's ask).
 */
function bindsBack(question: string, frames: Frame[], eventFrame: Frame, metricFrame: Frame): boolean {
  if (metricFrame.start < eventFrame.start) return true;
  const next = frames[frames.indexOf(eventFrame) + 1];
  return !isAsk(question.slice(eventFrame.start, next?.start ?? question.length));
}

/** One search per event, source and value of the first list-valued filter, all optional. */
function draftEventGoals(
  frames: Frame[],
  framePeriods: Map<Frame, Period[] | undefined>,
  offers: Offer[],
  intents: Intent[],
  state: Drafting,
): void {
  const metricFrames = frames.filter((frame) => frame.metrics.length > 0);
  for (const frame of frames.filter((candidate) => candidate.events.length > 0)) {
    // Event datasets declare no grain and are searched by date range: every event goal is at
    // month grain over the range asked (a quarter or a year keeps its dates).
    const searched = eventWindow(frame, frames, framePeriods, intents, state);
    const windows: Period[] = searched.windows.map((window) => ({ ...window, grain: "month" }));
    // Dimension values: the event's own ("provider changes in East China"), else those of the metric
    // clauses it relates to (两地, "did either region change carriers"), clause first: when the event's
    // clause asks on its own ("Did any carrier change happen in 2024-01, and what was the return rate
    // in East China that month?"), a value written in a later clause binds there, not to the event.
    // Events that explain the metric (why, 结合) relate to every clause.
    const relates = state.operation === "why" || intents.includes("correlate");
    const donors = relates
      ? metricFrames
      : metricFrames.filter((metricFrame) => bindsBack(state.question, frames, frame, metricFrame));
    const dimensions = new Map<string, string[]>();
    for (const donor of frame.dimensions.size > 0 ? [frame] : donors) {
      for (const [dimension, values] of donor.dimensions)
        dimensions.set(dimension, [...new Set([...(dimensions.get(dimension) ?? []), ...values])]);
    }
    const draftedBefore = state.drafts.length;
    for (const event of frame.events) {
      // Every source of the event, most trusted first (trust and coverage together: select-event-offers.ts).
      const selection = selectEventOffers(offers, event, [...dimensions.keys()]);
      if (selection.offers.length === 0) {
        state.unsupported.push(event);
        continue;
      }
      for (const { offer, droppedDimensions } of selection.offers) {
        for (const dimension of droppedDimensions) {
          const note = EVENT_FILTER_NOTE[state.language](
            event,
            `${offer.source}/${offer.dataset}`,
            dimension,
          );
          if (!state.warnings.includes(note)) state.warnings.push(note);
          state.trace.push(`filter:dropped:${event}:${offer.source}:${dimension}`);
        }
        // A value the event's own clause names ("广东大区…换过哪些供应商") stays asked though the
        // source cannot filter by it: its events are for every value, so the answer must say the
        // search could not tell, not list them as that value's.
        const unfiltered = Object.fromEntries(
          droppedDimensions
            .filter((dimension) => frame.dimensions.has(dimension))
            .map((dimension) => {
              const values = frame.dimensions.get(dimension) ?? [];
              return [dimension, values.length === 1 ? values[0] : values] as const;
            }),
        );
        for (const window of windows)
          draftEventSearches(event, offer, dimensions, window, state, searched.reading, unfiltered);
      }
    }
    for (const draft of state.drafts.slice(draftedBefore)) state.frameOf.set(draft, frame);
  }
}

/**
 * Goals of one measure, source and keys whose periods touch or overlap are one span, whichever
 * clause or ask each came from (“H1 2024 …, and how did the second half compare?”, 前年…？去年呢？):
 * contiguous periods of one entity are one read, as they are within a clause. Within one clause the
 * time reading has already decided (a comparison keeps its periods apart); a period of a clause that
 * compares (同比, 环比, 比上个月), a why's explained period or a breakdown keeps its own goal.
 */
function joinTouchingGoals(offers: Offer[], state: Drafting): void {
  const comparing = (frame: Frame | undefined) =>
    frame === undefined ||
    frame.times.some((time) => time.comparison !== undefined || time.comparedBase === true);
  const joinable = (draft: GoalDraft) =>
    draft.params.period !== undefined &&
    !comparing(state.frameOf.get(draft)) &&
    (draft.params.metric !== undefined || draft.params.event !== undefined) &&
    !state.comparisons.has(draft) &&
    !state.explained.has(draft) &&
    !state.breakdowns.has(draft) &&
    !state.comparedBy.has(draft);
  const identity = (draft: GoalDraft) =>
    JSON.stringify([
      draft.source,
      draft.dataset,
      draft.params.metric ?? null,
      draft.params.event ?? null,
      orderedFilters(draft.params.filters),
      draft.params.period?.grain,
      draft.required,
    ]);
  const kept: GoalDraft[] = [];
  for (const draft of state.drafts) {
    const period = draft.params.period;
    const earlier =
      period && joinable(draft)
        ? kept.find((other) => {
            const span = other.params.period;
            return (
              span !== undefined &&
              joinable(other) &&
              state.frameOf.get(other) !== state.frameOf.get(draft) &&
              identity(other) === identity(draft) &&
              span.from <= dayAfter(period.to) &&
              period.from <= dayAfter(span.to)
            );
          })
        : undefined;
    const offer =
      earlier && offers.find((each) => each.source === draft.source && each.dataset === draft.dataset);
    if (!earlier || !period || !offer || !earlier.params.period) {
      kept.push(draft);
      continue;
    }
    const span: Period = {
      grain: period.grain,
      from: earlier.params.period.from < period.from ? earlier.params.period.from : period.from,
      to: earlier.params.period.to > period.to ? earlier.params.period.to : period.to,
    };
    const measure = earlier.params.metric ?? earlier.params.event ?? "";
    const what = earlier.params.metric !== undefined ? measure : `${measure} events`;
    earlier.params = { ...earlier.params, period: span };
    earlier.description = `${what}${describeFilters(earlier.params.filters ?? {})}, ${describePeriod(span)}, from ${offer.source}/${offer.dataset}`;
    earlier.validation = validationRuleFor(
      offer,
      earlier.params.metric !== undefined ? "metric" : "event",
      span,
    );
    state.trace.push(`join:${measure}:${span.from}..${span.to}`);
  }
  state.drafts = kept;
}

/** The searches of one event on one source: one per value of the first list-valued filter, all optional. */
function draftEventSearches(
  event: string,
  offer: Offer,
  dimensions: Map<string, string[]>,
  window: Period,
  state: Drafting,
  reading?: AskedPeriodReading,
  unfiltered: Record<string, string | string[]> = {},
): void {
  const filters = filtersFor(dimensions, offer);
  // One search per value of the first list-valued filter: each region's changes are their own finding.
  const split = Object.entries(filters).find(([, value]) => Array.isArray(value));
  const variants = split
    ? (split[1] as string[]).map((value) => ({ ...filters, [split[0]]: value }))
    : [filters];
  for (const variant of variants) {
    const draft: GoalDraft = {
      description: `${event} events${describeFilters(variant)}, ${describePeriod(window)}, from ${offer.source}/${offer.dataset}`,
      source: offer.source,
      dataset: offer.dataset,
      params: { event, filters: variant, period: window },
      expected_format: offer.expectedFormat,
      validation: validationRuleFor(offer, "event", window),
      // Zero events in the window is a finding ("no provider change in North"), not a failure.
      required: false,
    };
    state.drafts.push(draft);
    if (reading) state.periodReadings.set(draft, reading);
    if (Object.keys(unfiltered).length > 0) state.notApplied.set(draft, unfiltered);
  }
}

/**
 * A why-question that names no event: every event source of the catalog that can line up with the
 * metric's keys (planner/why-goals.ts), searched over the explained goals' base..asked window with
 * the margin, filtered by the metric's dimension values where the source offers them.
 */
function draftExplainingEvents(
  metricFrames: Frame[],
  offers: Offer[],
  config: WorkspaceConfig,
  state: Drafting,
) {
  const records = state.drafts.flatMap((draft) => {
    const explained = state.explained.get(draft);
    return explained ? [explained] : [];
  });
  const window = unionWindow(records);
  if (!window) return;
  const dimensions = new Map<string, string[]>();
  for (const frame of metricFrames)
    for (const [dimension, values] of frame.dimensions)
      dimensions.set(dimension, [...new Set([...(dimensions.get(dimension) ?? []), ...values])]);
  const chosen = explainingEventOffers(offers, Object.keys(config.catalog.events), [...dimensions.keys()]);
  state.trace.push(`explain:window:${window.from}..${window.to}`);
  for (const { event, offer } of chosen) {
    state.trace.push(`explain:events:${event}:${offer.source}`);
    draftEventSearches(event, offer, dimensions, window, state);
  }
}

/** One knowledge-base search per sub-question about the topic (all of them when they share its context). */
function draftPolicyGoals(reading: Reading, vocabulary: Vocabulary, offers: Offer[], state: Drafting): void {
  if (reading.topics.length === 0) return;
  const topic = reading.topics[0];
  const textOffers = selectTextOffers(offers, topic);
  if (textOffers.length === 0) state.unsupported.push(topic);
  // A sub-question names the topic by a term, or by a modal with the topic's verb (能退吗), and
  // not inside a measure the catalog lacks ("exchange rate"). With no data asked at all, every
  // sub-question is one of the policy (能退吗？来回运费谁承担？).
  const dataAsked = reading.metrics.length + reading.events.length > 0;
  const policyQuestions = reading.subQuestions.filter((sub) => {
    if (!dataAsked) return true;
    const normalized = normalizeForMatching(sub);
    const terms = vocabulary.find(normalized);
    const foreign = findForeignMeasures(normalized, terms);
    return [...terms, ...findModalTopicVerbs(normalized, vocabulary.catalog, terms)].some(
      (mention) => mention.kind === "topic" && !foreign.some((phrase) => phrase.start === mention.start),
    );
  });
  for (const wholeQuery of policyQuestions.length > 0 ? policyQuestions : [reading.working]) {
    const query = clip(wholeQuery, MAX_QUERY_LENGTH);
    for (const offer of textOffers) {
      state.drafts.push({
        description: clip(`${topic} passages for: ${query}`, MAX_DESCRIPTION_LENGTH),
        source: offer.source,
        params: { filters: {}, query },
        expected_format: "text",
        validation: validationRuleFor(offer, "text"),
        required: offer === textOffers[0],
      });
    }
  }
}

/** The drafts as a plan the schema accepts: deduplicated, capped, numbered, parsed. */
function assemblePlan(
  reading: Reading,
  route: RouteDecision,
  context: PlanContext,
  state: Drafting,
): Partial<PlanOutcome> {
  if (state.unsupported.length > 0) {
    const note = MESSAGES.unsupported[reading.language](state.unsupported.join(", "));
    if (state.drafts.length === 0) return { message: note };
    state.warnings.push(note);
  }
  if (state.drafts.length === 0) return { message: MESSAGES.nothing[reading.language]("") };
  const unique = dedupe(state.drafts);
  if (unique.length > MAX_GOALS) {
    state.warnings.push(
      `the question needs ${unique.length} sub-goals; only the first ${MAX_GOALS} are planned — split the question`,
    );
    state.trace.push(`plan:truncated:${unique.length}→${MAX_GOALS}`);
  }
  const strategy =
    context.strategy === "auto"
      ? route.complexity === "complex"
        ? "agentic"
        : "standard"
      : context.strategy;
  const kept = unique.slice(0, MAX_GOALS);
  const candidate: ExecutionPlan = {
    question: reading.text,
    as_of: context.asOf,
    strategy,
    planner: "catalog",
    sub_goals: kept.map((draft, index) => ({ id: `g${index + 1}`, ...draft })),
  };
  const parsed = safeParsePlan(candidate);
  if (!parsed.success) {
    // The catalog planner builds plans it can parse; anything else is a bug worth a loud message.
    throw new Error(
      `catalog planner built an invalid plan: ${parsed.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`,
    );
  }
  state.trace.push(`plan:catalog:${parsed.value.sub_goals.length}`);
  const plan = withAskedFor(parsed.value, { operation: state.operation });
  plan.sub_goals = plan.sub_goals.map((goal, index) => {
    const missing = state.notApplied.get(kept[index]);
    const comparison = state.comparisons.get(kept[index]);
    const breakdown = state.breakdowns.get(kept[index]);
    const explained = state.explained.get(kept[index]);
    const periodReading = state.periodReadings.get(kept[index]);
    const withKeys =
      missing && goal.asked && goal.asked.kind !== "text"
        ? { ...goal, asked: { ...goal.asked, keys: { ...goal.asked.keys, ...missing } } }
        : goal;
    const compared =
      comparison && withKeys.asked?.kind === "metric"
        ? { ...withKeys, asked: { ...withKeys.asked, comparison } }
        : withKeys;
    const brokenDown =
      breakdown && compared.asked?.kind === "metric"
        ? { ...compared, asked: { ...compared.asked, breakdown } }
        : compared;
    const read =
      periodReading && (brokenDown.asked?.kind === "metric" || brokenDown.asked?.kind === "event")
        ? { ...brokenDown, asked: { ...brokenDown.asked, period_reading: periodReading } }
        : brokenDown;
    const comparedBy = state.comparedBy.get(kept[index]);
    const byUnit =
      comparedBy && read.asked?.kind === "metric"
        ? { ...read, asked: { ...read.asked, compared_by: comparedBy } }
        : read;
    const premise = state.premises.get(kept[index]);
    const premised =
      premise && byUnit.asked?.kind === "metric" && !byUnit.asked.premise
        ? { ...byUnit, asked: { ...byUnit.asked, premise } }
        : byUnit;
    return explained && premised.asked?.kind === "metric"
      ? { ...premised, asked: { ...premised.asked, explain: explained } }
      : premised;
  });
  return { plan };
}

/**
 * The direction each metric's own words state, when the question states both directions ("Why did
 * main bursts rise and complaints fall?"): a metric's words run from its mention to the next
 * metric's. A question stating one direction has it for every metric (`premiseOf`); a metric
 * named twice, or whose words state none or both, has none.
 */
function metricPremisesOf(mentions: Mention[], normalized: string): Map<string, "up" | "down"> {
  const premises = new Map<string, "up" | "down">();
  if (premiseOf(normalized) !== undefined) return premises;
  const metrics = mentions
    .filter((mention) => mention.kind === "metric")
    .sort((left, right) => left.start - right.start);
  const named = new Set<string>();
  metrics.forEach((mention, index) => {
    if (named.has(mention.name)) {
      premises.delete(mention.name);
      return;
    }
    named.add(mention.name);
    const words = normalized.slice(mention.start, metrics[index + 1]?.start ?? normalized.length);
    const premise = premiseOf(words);
    if (premise) premises.set(mention.name, premise);
  });
  return premises;
}

/**
 * The deterministic planner: plans from the workspace catalog and the sources' capabilities
 * alone, with no model. Same question, workspace and as_of → same plan.
 */
export class CatalogPlanner implements Planner {
  readonly kind = "catalog" as const;

  async plan(question: string, context: PlanContext): Promise<PlanOutcome> {
    return this.planSync(question, context);
  }

  /** The synchronous core, for benchmarks and the model planner's fallback: read, route, refuse or draft, assemble. */
  planSync(question: string, context: PlanContext): PlanOutcome {
    const started = performance.now();
    const { workspace, asOf } = context;
    const { vocabulary, offers } = prepare(workspace);
    const reading = readQuestion(question, vocabulary, workspace.config, asOf, offers);
    const { language, resolution, intents, frames } = reading;
    const state: Drafting = {
      asOf,
      question,
      language,
      trend: intents.includes("trend"),
      trace: [],
      warnings: [],
      defaults: [],
      unsupported: [],
      drafts: [],
      metricPeriods: [],
      notApplied: new WeakMap(),
      times: reading.times,
      working: reading.working,
      tooFine: [],
      comparisons: new WeakMap(),
      ...(reading.breakdownCue ? { breakdownCue: reading.breakdownCue } : {}),
      breakdowns: new WeakMap(),
      operation: operationOutsideTaken(reading.normalized, [
        ...reading.mentions,
        ...(reading.breakdownCue?.spans ?? []),
      ]),
      explained: new WeakMap(),
      periodReadings: new WeakMap(),
      comparedBy: new WeakMap(),
      frameOf: new WeakMap(),
      metricPremises: metricPremisesOf(reading.mentions, reading.normalized),
      premises: new WeakMap(),
    };
    const { trace, warnings } = state;
    for (const correction of resolution.corrections) {
      warnings.push(CORRECTION_NOTE[language](correction.written.trim(), correction.corrected));
      trace.push(`resolve:${correction.reason}:${correction.written.trim()}→${correction.corrected}`);
    }
    const route = routeOf(reading, vocabulary);
    trace.push(`router:${route.route}:${route.route === "direct" ? route.reason : route.complexity}`);
    const spans = spanCoverage(
      {
        working: reading.working,
        normalized: reading.normalized,
        mentions: reading.mentions,
        times: [...reading.times, ...reading.datingYears],
        accounted: resolution.accounted,
        unknownTerms: reading.unknownTerms,
        // A policy question is searched whole; beside data asked, only its policy clauses are.
        searched:
          reading.metrics.length + reading.events.length === 0
            ? [{ start: 0, end: reading.working.length }]
            : reading.searchedClauses,
        reported: reading.unsearchableClauses,
      },
      vocabulary,
    );
    const finish = (extra: Partial<PlanOutcome>): PlanOutcome => ({
      route,
      planner: "catalog" as const,
      language,
      subQuestions: reading.subQuestions,
      intents,
      unknownTerms: reading.unknownTerms,
      warnings,
      trace,
      corrections: resolution.corrections,
      defaults: state.defaults,
      spans,
      ...extra,
      elapsedMs: performance.now() - started,
    });
    if (route.route === "direct") return finish({});
    if (reading.text.length > MAX_QUESTION_LENGTH)
      return finish({ message: MESSAGES.tooLong[language](String(MAX_QUESTION_LENGTH)) });
    if (reading.subQuestions.length > 1) trace.push(`decompose:${reading.subQuestions.length}`);
    trace.push(`intents:${intents.join(",") || "none"}`);
    for (const term of reading.unknownTerms)
      trace.push(`unknown:${term.kind}:${term.text}${term.suggestion ? `→${term.suggestion}?` : ""}`);
    const refusal = refusalOf(reading, vocabulary, asOf, trace);
    if (refusal) return finish(refusal);
    for (const term of reading.unknownTerms) warnings.push(UNKNOWN_TERM_NOTE[language](term.text));
    for (const clause of reading.unsearchableClauses)
      warnings.push(
        NO_DOCUMENT_NOTE[language](
          reading.working
            .slice(clause.start, clause.end)
            .trim()
            .replace(/^[,，、;；:：\s]+|[?？!！。,，\s]+$/gu, "")
            .replace(LEADING_CONNECTIVE, ""),
        ),
      );
    // Time words no rule reads are asked about below (when a default period would apply), not noted.
    const unreadTimeText = unreadTimeWords(reading.normalized, reading.working, [
      ...reading.times,
      ...reading.mentions,
    ]).join(" ");
    for (const span of spans)
      if (
        span.role === "unused" &&
        !unreadTimeText.includes(span.text.trim()) &&
        !isTimeLikeWord(normalizeForMatching(span.text.trim()))
      )
        warnings.push(UNUSED_NOTE[language](span.text.trim()));
    for (const time of reading.times) {
      if (time.note) warnings.push(yearAssumedNote(time.note, time.text, language));
      for (const convention of time.conventions ?? []) {
        const note = conventionNote(convention, reading.working.slice(time.start, time.end).trim(), language);
        if (note && !warnings.includes(note)) warnings.push(note);
      }
      // Planned as asked (the sources hold what was recorded by then), and the user is told.
      if (placeAgainstAsOf(time, asOf) === "partly_after")
        warnings.push(runsPastNote(reading.working.slice(time.start, time.end).trim(), asOf, language));
    }

    const warningsBeforeDrafting = warnings.length;
    const framePeriods = resolveFramePeriods(frames);
    const metricFrames = frames.filter((frame) => frame.metrics.length > 0);
    draftMetricGoals(metricFrames, framePeriods, offers, workspace.config, state);
    draftEventGoals(frames, framePeriods, offers, intents, state);
    joinTouchingGoals(offers, state);
    if (state.operation === "why" && !frames.some((frame) => frame.events.length > 0))
      draftExplainingEvents(metricFrames, offers, workspace.config, state);
    draftPolicyGoals(reading, vocabulary, offers, state);
    const tooFine = state.tooFine.map((refusal) =>
      grainRefusalMessage(refusal.written, refusal.asked, refusal.measure, refusal.offered, language),
    );
    if (state.drafts.length === 0 && tooFine.length > 0)
      return finish({ message: [...new Set(tooFine)].join(" ") });
    for (const note of new Set(tooFine)) warnings.push(note);
    // A default period applies only when the question names no time at all: a time word no rule
    // read (上周, yesterday, 年初至今) is asked back, never replaced by the default month.
    // A catalog term (天津仓, a depot) is read: its characters are not time words (天, a day).
    // A period tied to an event (since the POS upgrade, 换配方之后) has no date before the event is
    // fetched: with no period of its own the measure is asked about, never given the default one.
    if (state.defaults.length > 0 && reading.eventAnchors.length > 0) {
      const written = reading.eventAnchors.map((anchor) =>
        reading.working.slice(anchor.start, anchor.end).trim(),
      );
      trace.push(`ask:event_anchored:${written.join(",")}`);
      state.defaults.length = 0;
      warnings.splice(warningsBeforeDrafting);
      return finish({
        clarification: { spans: written.map((text) => ({ written: text, candidates: [] })) },
        message: eventAnchoredMessage(written, language),
      });
    }
    const unreadTimeWordsLeft = unreadTimeWords(reading.normalized, reading.working, [
      ...reading.times,
      ...reading.mentions,
    ]);
    if (state.defaults.length > 0 && unreadTimeWordsLeft.length > 0) {
      trace.push(`ask:unread_time:${unreadTimeWordsLeft.join(",")}`);
      // No plan, so no default period and no note about one; the time words are asked, not unused.
      state.defaults.length = 0;
      warnings.splice(warningsBeforeDrafting);
      for (const span of spans)
        if (
          span.role === "unused" &&
          unreadTimeWordsLeft.some((written) => written.includes(span.text.trim()))
        )
          span.role = "unknown";
      return finish({
        clarification: { spans: unreadTimeWordsLeft.map((written) => ({ written, candidates: [] })) },
        message: unreadTimeMessage(unreadTimeWordsLeft, language),
      });
    }
    return finish(assemblePlan(reading, route, context, state));
  }
}

/** The periods of the closest frame before `frame` that has any (else the closest after). */
function nearestFramePeriods(
  frame: Frame,
  frames: Frame[],
  framePeriods: Map<Frame, Period[] | undefined>,
): Period[] | undefined {
  const index = frames.indexOf(frame);
  const before = frames.slice(0, index).reverse();
  const after = frames.slice(index + 1);
  for (const candidate of [...before, ...after]) {
    const periods = framePeriods.get(candidate);
    if (periods && periods.length > 0) return periods;
  }
  return undefined;
}

/** Filters in one key order: the same filters written by two clauses in two orders are one. */
const orderedFilters = (filters: Record<string, string | string[]> | undefined) =>
  Object.entries(filters ?? {}).sort(([a], [b]) => a.localeCompare(b));

function dedupe(drafts: GoalDraft[]): GoalDraft[] {
  const seen = new Set<string>();
  return drafts.filter((draft) => {
    // A second ask that repeats the first's values in another order (苏州干洗 … 干洗…) is the same goal.
    const key = JSON.stringify([
      draft.source,
      draft.dataset,
      { ...draft.params, filters: orderedFilters(draft.params.filters) },
    ]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Intents, exported for tests and the evaluator. */
export type { Intent };
