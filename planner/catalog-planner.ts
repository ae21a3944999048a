import type { Workspace } from "../config/workspace.js";
import { toTraditional } from "../domain/chinese-script.js";
import { type ExecutionPlan, type Grain, type Period, type SubGoal, safeParsePlan } from "../models/plan.js";
import { withAskedFor } from "./asked-for.js";
import { bindQualifiers, type Frame } from "./bind-qualifiers.js";
import { decomposeQuestion } from "./decomposer.js";
import { detectIntents, type Intent } from "./intents.js";
import { detectLanguage, type Language } from "../domain/language.js";
import { normalizeForMatching } from "./normalize-text.js";
import type { Clarification, PlanContext, Planner, PlanOutcome } from "./planner.js";
import { type AmbiguousSpan, resolveSpans } from "./resolve-spans.js";
import { routeQuestion } from "./router.js";
import { selectEventOffers } from "./select-event-offers.js";
import { selectOffers, selectTextOffers } from "./select-offers.js";
import {
  alignPeriod,
  findTimeExpressions,
  isCoarser,
  monthPeriod,
  quarterPeriod,
  shiftPeriodByYears,
  widenByMonths,
} from "./time-expressions.js";
import { findUnknownTerms, findUnresolvedQualifiers, type UnknownTerm } from "./unknown-terms.js";
import { validationRuleFor } from "./validation-rule-for.js";
import { Vocabulary } from "./vocabulary.js";
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
      vocabulary: new Vocabulary(workspace.config.catalog),
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

const DEFAULT_NOTE: Record<Language, (what: string, period: string, trend: boolean) => string> = {
  en: (what, period, trend) =>
    `${what}: no period given: ${trend ? "the last 12 complete months" : "the last complete month or quarter"} (${period})`,
  "zh-Hans": (what, period, trend) =>
    `${what}：未指定时间，默认${trend ? "最近12个完整月" : "上一个完整月份或季度"}（${period}）`,
  "zh-Hant": (what, period, trend) =>
    `${what}：未指定時間，預設${trend ? "最近12個完整月" : "上一個完整月份或季度"}（${period}）`,
};

/** Catalog display words for a dimension's values or a metric, in the question's script. */
function displayCandidates(term: UnknownTerm, vocabulary: Vocabulary, language: Language): string[] {
  const catalog = vocabulary.catalog;
  if (term.kind === "dimension_value" && term.dimension && catalog.dimensions[term.dimension]) {
    return Object.entries(catalog.dimensions[term.dimension].values).map(([value, synonyms]) => {
      if (language === "en")
        return (
          synonyms.find((synonym) => !/[\u4e00-\u9fff]/u.test(synonym) && synonym.length > value.length) ??
          value
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
    ...unknownTerms.map((term) => ({
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
    return language === "zh-Hant"
      ? `「${span.written}」不在目錄中——您是指${span.candidates.join(joiner)}中的哪一個？`
      : `“${span.written}”不在目录中——您是指${span.candidates.join(joiner)}中的哪一个？`;
  });
  return parts.join(language === "en" ? " " : "");
}

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

function describePeriod(period: Period | undefined): string {
  if (!period) return "";
  return period.from === period.to ? period.from : `${period.from}..${period.to} by ${period.grain}`;
}

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
function periodsOfFrame(frame: Frame, previous: Period[] | undefined): Period[] {
  const own = frame.times.flatMap((time) => time.periods);
  const shifted = frame.times.flatMap((time) => {
    if (time.kind !== "same_period" || !time.shiftYears) return [];
    const base = own.length > 0 ? own : (previous ?? []);
    return base.map((period) => shiftPeriodByYears(period, time.shiftYears as number));
  });
  return [...own, ...shifted];
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

/** Fits a requested period to a dataset: its grain, widened to whole units when the dataset is coarser. */
function fitPeriod(period: Period, offer: Offer): Period {
  if (!offer.grain) return period;
  if (isCoarser(offer.grain, period.grain)) return alignPeriod(period, offer.grain);
  return { ...period, grain: offer.grain };
}

function filtersFor(frameDimensions: Map<string, string[]>, offer: Offer): Record<string, string | string[]> {
  const filters: Record<string, string | string[]> = Object.create(null);
  for (const [dimension, values] of frameDimensions) {
    if (!offer.dimensions.includes(dimension)) continue;
    filters[dimension] = values.length === 1 ? values[0] : [...values];
  }
  return filters;
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

  /** The synchronous core, for benchmarks and the model planner's fallback. */
  planSync(question: string, context: PlanContext): PlanOutcome {
    const started = performance.now();
    const { workspace, asOf } = context;
    const { vocabulary, offers } = prepare(workspace);
    const config = workspace.config;
    const trace: string[] = [];
    const warnings: string[] = [];
    const text = question.trim();
    const language = detectLanguage(text, config.language);
    // Segment, then resolve: spans that clearly mean a catalog term are rewritten to it (with a
    // note), so every later step reads the catalog's own words.
    const resolution = resolveSpans(text, vocabulary, asOf);
    const working = resolution.question;
    for (const correction of resolution.corrections) {
      warnings.push(CORRECTION_NOTE[language](correction.written.trim(), correction.corrected));
      trace.push(`resolve:${correction.reason}:${correction.written.trim()}→${correction.corrected}`);
    }
    const normalized = normalizeForMatching(working);
    const mentions = vocabulary.find(normalized, working);
    const times = findTimeExpressions(normalized, asOf);
    const unknownTerms = findUnknownTerms(working, normalized, mentions, vocabulary);
    // Only a data question is held to "every span accounted for": a policy question's words are
    // its search query, and an out-of-scope one is answered directly.
    if (mentions.some((mention) => mention.kind === "metric" || mention.kind === "event")) {
      for (const term of findUnresolvedQualifiers(working, normalized, mentions, times, vocabulary))
        if (!unknownTerms.some((known) => known.text.includes(term.text) || term.text.includes(known.text)))
          unknownTerms.push(term);
    }
    const subQuestions = decomposeQuestion(
      working,
      [...mentions, ...times.map((time) => ({ start: time.start, end: time.end, kind: "time" as const }))],
      language,
    );
    const metrics = [
      ...new Set(mentions.filter((mention) => mention.kind === "metric").map((mention) => mention.name)),
    ];
    const events = [
      ...new Set(mentions.filter((mention) => mention.kind === "event").map((mention) => mention.name)),
    ];
    const topics = [
      ...new Set(mentions.filter((mention) => mention.kind === "topic").map((mention) => mention.name)),
    ];
    const intents = detectIntents(normalized, topics.length > 0, metrics.length + events.length > 0);
    const frames = bindQualifiers(normalized, mentions, times).filter(
      (frame) => frame.metrics.length > 0 || frame.events.length > 0,
    );
    const route = routeQuestion({
      normalized,
      language,
      catalogMentions: mentions.length,
      hasTopic: topics.length > 0,
      unknownTerms: unknownTerms.length,
      subQuestions: subQuestions.length,
      needs: metrics.length + events.length + (topics.length > 0 ? 1 : 0),
      // Entities, not frames: "A和B产品" is two entities in one frame.
      frames: frames
        .filter((frame) => !frame.isEventFrame)
        .reduce(
          (sum, frame) =>
            sum + [...frame.dimensions.values()].reduce((product, values) => product * values.length, 1),
          0,
        ),
      compareOrCorrelate: intents.includes("compare") || intents.includes("correlate"),
      scope: {
        en: [
          ...vocabulary.labels("metric", "en"),
          ...vocabulary.labels("event", "en"),
          ...vocabulary.labels("topic", "en"),
        ],
        zh: [
          ...vocabulary.labels("metric", "zh"),
          ...vocabulary.labels("event", "zh"),
          ...vocabulary.labels("topic", "zh"),
        ],
      },
    });
    trace.push(`router:${route.route}:${route.route === "direct" ? route.reason : route.complexity}`);
    const base = {
      route,
      planner: "catalog" as const,
      language,
      subQuestions,
      intents,
      unknownTerms,
      warnings,
      trace,
    };
    const defaults: string[] = [];
    const finish = (extra: Partial<PlanOutcome>): PlanOutcome => ({
      ...base,
      corrections: resolution.corrections,
      defaults,
      ...extra,
      elapsedMs: performance.now() - started,
    });
    if (route.route === "direct") return finish({});
    if (text.length > MAX_QUESTION_LENGTH)
      return finish({ message: MESSAGES.tooLong[language](String(MAX_QUESTION_LENGTH)) });
    if (subQuestions.length > 1) trace.push(`decompose:${subQuestions.length}`);
    trace.push(`intents:${intents.join(",") || "none"}`);
    for (const term of unknownTerms)
      trace.push(`unknown:${term.kind}:${term.text}${term.suggestion ? `→${term.suggestion}?` : ""}`);

    // An unknown qualifier makes the whole question unplannable: planning without it would answer
    // a different question (product Z's rate is not the overall rate). An unknown measure beside
    // known ones ("return rate and churn rate") is reported and the known ones are planned.
    const unknownQualifiers = unknownTerms.filter((term) => term.kind === "dimension_value");
    const clarification = clarificationFor(resolution.ambiguous, unknownTerms, vocabulary, language);
    if (
      clarification &&
      (resolution.ambiguous.length > 0 ||
        unknownQualifiers.length > 0 ||
        metrics.length + events.length + topics.length === 0)
    ) {
      trace.push(`clarify:${clarification.spans.map((span) => span.written).join(",")}`);
      return finish({ clarification, message: clarificationMessage(clarification, language) });
    }
    if (
      unknownQualifiers.length > 0 ||
      (unknownTerms.length > 0 && metrics.length + events.length + topics.length === 0)
    ) {
      const detail = unknownTerms
        .map((term) => `"${term.text}"${term.suggestion ? ` (did you mean ${term.suggestion}?)` : ""}`)
        .join(", ");
      return finish({ message: MESSAGES.unknown[language](detail) });
    }
    if (metrics.length + events.length + topics.length === 0)
      return finish({ message: MESSAGES.nothing[language]("") });
    for (const term of unknownTerms) warnings.push(`"${term.text}" is not in the catalog; it is not planned`);
    for (const time of times) if (time.note) warnings.push(`"${time.text}": ${time.note}`);

    const drafts: GoalDraft[] = [];
    const checkConflicts = config.reflector.check_conflicts;
    const trend = intents.includes("trend");
    const metricFrames = frames.filter((frame) => frame.metrics.length > 0);
    const metricPeriods: Period[] = [];
    let previousPeriods: Period[] | undefined;
    const unsupported: string[] = [];

    // Resolve each frame's periods first: 同期 and omitted times take the previous frame's.
    const framePeriods = new Map<Frame, Period[] | undefined>();
    for (const frame of frames) {
      const periods = periodsOfFrame(frame, previousPeriods);
      if (periods.length > 0) {
        framePeriods.set(frame, mergePeriods(periods));
        if (frame.metrics.length > 0) previousPeriods = framePeriods.get(frame);
      } else if (frame.metrics.length > 0 && previousPeriods) {
        framePeriods.set(frame, previousPeriods);
      }
    }
    // A frame before the first dated one ("A in East vs B in North in Jan 2024") takes the next one's.
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

    for (const frame of metricFrames) {
      for (const metric of frame.metrics) {
        const selection = selectOffers(offers, { metric }, [...frame.dimensions.keys()], checkConflicts);
        if (selection.offers.length === 0) {
          unsupported.push(metric);
          continue;
        }
        for (const dimension of selection.droppedDimensions) {
          if (frame.inherited.has(dimension)) continue;
          warnings.push(
            `${metric}: no source offers it by ${dimension}; the ${dimension} filter is not applied`,
          );
          trace.push(`filter:dropped:${metric}:${dimension}`);
        }
        selection.offers.forEach((offer, index) => {
          let requested = framePeriods.get(frame);
          if (!requested) {
            // 去年同期 with no other period in the question: the default period, a year back.
            const shift = frame.times.find(
              (time) => time.kind === "same_period" && time.shiftYears,
            )?.shiftYears;
            const base = defaultPeriod(asOf, offer.grain ?? "month", trend);
            const period = shift ? shiftPeriodByYears(base, shift) : base;
            requested = [period];
            const note = `${metric}: no period in the question; using ${describePeriod(period)} (relative to as-of ${asOf})`;
            if (!warnings.includes(note)) warnings.push(note);
            const applied = DEFAULT_NOTE[language](metric, describePeriod(period), trend);
            if (!defaults.includes(applied)) defaults.push(applied);
            trace.push(`period:default:${period.from}..${period.to}`);
          }
          for (const wanted of requested) {
            const period = fitPeriod(wanted, offer);
            metricPeriods.push(period);
            const filters = filtersFor(frame.dimensions, offer);
            drafts.push({
              description: `${metric}${describeFilters(filters)}, ${describePeriod(period)}, from ${offer.source}/${offer.dataset}`,
              source: offer.source,
              dataset: offer.dataset,
              params: { metric, filters, period },
              expected_format: offer.expectedFormat,
              validation: validationRuleFor(offer, "metric", period),
              // The most trusted source is required; the others are there to detect conflicts.
              required: index === 0,
            });
          }
        });
      }
    }

    for (const frame of frames.filter((candidate) => candidate.events.length > 0)) {
      // An event frame with its own dates and no metric ("…and provider changes in Q1 2024") keeps them.
      const ownPeriods =
        frame.isEventFrame && frame.metrics.length === 0 && frame.times.length > 0
          ? framePeriods.get(frame)
          : undefined;
      // A follow-up sentence that asks about events without its own date, in a question that does
      // not ask to relate or explain ("…in January 2024? Also, were there any carrier changes?"),
      // asks about the nearest frame's period itself. Events that should explain a metric (named in
      // the metric's clause, or a question with 结合/why/relate) get the widened window.
      const followUp =
        !ownPeriods &&
        frame.opensSentence === true &&
        frame.metrics.length === 0 &&
        !intents.includes("correlate");
      const nearest = followUp ? nearestFramePeriods(frame, frames, framePeriods) : undefined;
      const relating = metricFrames.length > 0 && !ownPeriods && !nearest;
      let window: Period | undefined;
      if (nearest) {
        window = { grain: nearest[0].grain, from: nearest[0].from, to: nearest[nearest.length - 1].to };
        trace.push(`window:inherited:${window.from}..${window.to}`);
      } else if (ownPeriods) {
        window = {
          grain: ownPeriods[0].grain,
          from: ownPeriods[0].from,
          to: ownPeriods[ownPeriods.length - 1].to,
        };
      } else if (relating && metricPeriods.length > 0) {
        // Events that may explain a metric: the metric's period widened by a month on each side.
        const from = metricPeriods.map((period) => period.from).sort()[0];
        const to = metricPeriods
          .map((period) => period.to)
          .sort()
          .reverse()[0];
        window = widenByMonths({ grain: "month", from, to }, EVENT_WINDOW_MONTHS);
        trace.push(`window:${window.from}..${window.to}`);
      } else {
        const own = framePeriods.get(frame);
        // Events asked without a date: the last 12 complete months (a single month would mostly be empty).
        window = own
          ? { grain: own[0].grain, from: own[0].from, to: own[own.length - 1].to }
          : defaultPeriod(asOf, "month", true);
        if (!own) {
          warnings.push(
            `events: no period in the question; using ${describePeriod(window)} (relative to as-of ${asOf})`,
          );
          defaults.push(DEFAULT_NOTE[language](frame.events.join(", "), describePeriod(window), true));
        }
      }
      // Dimension values: the event's own ("provider changes in East China"), else those of the metrics it relates to (两地).
      const dimensions = new Map<string, string[]>();
      const donors = frame.dimensions.size > 0 ? [frame] : metricFrames;
      for (const donor of donors) {
        for (const [dimension, values] of donor.dimensions)
          dimensions.set(dimension, [...new Set([...(dimensions.get(dimension) ?? []), ...values])]);
      }
      for (const event of frame.events) {
        // Every source of the event, most trusted first (trust and coverage together: select-event-offers.ts).
        const selection = selectEventOffers(offers, event, [...dimensions.keys()]);
        if (selection.offers.length === 0) {
          unsupported.push(event);
          continue;
        }
        for (const { offer, droppedDimensions } of selection.offers) {
          for (const dimension of droppedDimensions) {
            const note = `${event}: ${offer.source}/${offer.dataset} cannot filter by ${dimension}; its events are for every ${dimension}`;
            if (!warnings.includes(note)) warnings.push(note);
            trace.push(`filter:dropped:${event}:${offer.source}:${dimension}`);
          }
          const filters = filtersFor(dimensions, offer);
          // One search per value of the first list-valued filter: each region's changes are their own finding.
          const split = Object.entries(filters).find(([, value]) => Array.isArray(value));
          const variants = split
            ? (split[1] as string[]).map((value) => ({ ...filters, [split[0]]: value }))
            : [filters];
          for (const variant of variants) {
            drafts.push({
              description: `${event} events${describeFilters(variant)}, ${describePeriod(window)}, from ${offer.source}/${offer.dataset}`,
              source: offer.source,
              dataset: offer.dataset,
              params: { event, filters: variant, ...(window ? { period: window } : {}) },
              expected_format: offer.expectedFormat,
              validation: validationRuleFor(offer, "event", window),
              // Zero events in the window is a finding ("no provider change in North"), not a failure.
              required: false,
            });
          }
        }
      }
    }

    if (topics.length > 0) {
      const topic = topics[0];
      const textOffers = selectTextOffers(offers, topic);
      if (textOffers.length === 0) unsupported.push(topic);
      // One knowledge-base search per sub-question that is about the topic (all of them when they share its context).
      const policyQuestions = subQuestions.filter((sub) =>
        vocabulary.find(normalizeForMatching(sub)).some((mention) => mention.kind === "topic"),
      );
      for (const wholeQuery of policyQuestions.length > 0 ? policyQuestions : [working]) {
        const query = clip(wholeQuery, MAX_QUERY_LENGTH);
        for (const offer of textOffers) {
          drafts.push({
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

    if (unsupported.length > 0) {
      const note = MESSAGES.unsupported[language](unsupported.join(", "));
      if (drafts.length === 0) return finish({ message: note });
      warnings.push(note);
    }
    if (drafts.length === 0) return finish({ message: MESSAGES.nothing[language]("") });
    const unique = dedupe(drafts);
    if (unique.length > MAX_GOALS) {
      warnings.push(
        `the question needs ${unique.length} sub-goals; only the first ${MAX_GOALS} are planned — split the question`,
      );
      trace.push(`plan:truncated:${unique.length}→${MAX_GOALS}`);
    }
    const strategy =
      context.strategy === "auto"
        ? route.complexity === "complex"
          ? "agentic"
          : "standard"
        : context.strategy;
    const candidate: ExecutionPlan = {
      question: text,
      as_of: asOf,
      strategy,
      planner: "catalog",
      sub_goals: unique.slice(0, MAX_GOALS).map((draft, index) => ({ id: `g${index + 1}`, ...draft })),
    };
    const parsed = safeParsePlan(candidate);
    if (!parsed.success) {
      // The catalog planner builds plans it can parse; anything else is a bug worth a loud message.
      throw new Error(
        `catalog planner built an invalid plan: ${parsed.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`,
      );
    }
    trace.push(`plan:catalog:${parsed.value.sub_goals.length}`);
    return finish({ plan: withAskedFor(parsed.value) });
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

function dedupe(drafts: GoalDraft[]): GoalDraft[] {
  const seen = new Set<string>();
  return drafts.filter((draft) => {
    const key = JSON.stringify([draft.source, draft.dataset, draft.params]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Intents, exported for tests and the evaluator. */
export type { Intent };
