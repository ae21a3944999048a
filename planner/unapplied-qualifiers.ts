import { toTraditional } from "../domain/chinese-script.js";
import type { Language } from "../domain/language.js";
import type { Grain, SubGoal } from "../models/plan.js";
import type { Catalog } from "../models/workspace.js";
import { dimensionNouns } from "./dimension-nouns.js";
import type { Clarification } from "./planner.js";
import type { Mention, Vocabulary } from "./vocabulary.js";

/**
 * A qualifier the question names for a metric whose datasets are not kept by that dimension
 * ("A产品华东区的VIP复购率" when the VIP figure is kept only overall, by quarter).
 */
export interface UnappliedQualifier {
  metric: string;
  /** Dimension → the values the question named for it. */
  missing: Record<string, string | string[]>;
  /** The dimensions and grain the metric's chosen dataset is kept by. */
  keptBy: string[];
  grain?: Grain;
}

type Draft = Omit<SubGoal, "id">;

const valuesOf = (value: string | string[]) => (Array.isArray(value) ? value : [value]);

/**
 * The unapplied qualifiers no other goal of the question uses. One that another goal applies
 * ("return rate of A in East and the VIP repurchase rate": A and East are the return rate's) is the
 * other goal's, and the metric without it is planned (its `asked.keys` keep the qualifier, so the
 * answer is partial, never the qualified figure); one that nothing uses means the question asks
 * for a figure the workspace does not keep — planning the overall figure would answer another one.
 */
export function unusedQualifiers(
  unapplied: { draft: Draft; qualifier: UnappliedQualifier }[],
  drafts: readonly Draft[],
): UnappliedQualifier[] {
  const usedElsewhere = (draft: Draft, dimension: string, values: string[]) =>
    drafts.some(
      (other) =>
        other !== draft &&
        other.params.metric !== draft.params.metric &&
        valuesOf(other.params.filters[dimension] ?? []).some((value) => values.includes(value)),
    );
  const byMetric = new Map<string, UnappliedQualifier>();
  for (const { draft, qualifier } of unapplied) {
    for (const [dimension, value] of Object.entries(qualifier.missing)) {
      if (usedElsewhere(draft, dimension, valuesOf(value))) continue;
      const entry = byMetric.get(qualifier.metric) ?? { ...qualifier, missing: Object.create(null) };
      entry.missing[dimension] = value;
      byMetric.set(qualifier.metric, entry);
    }
  }
  return [...byMetric.values()].filter((entry) => Object.keys(entry.missing).length > 0);
}

const HAN = /[\u4e00-\u9fff]/u;

function metricLabel(catalog: Catalog, metric: string, language: Language): string {
  const entry = catalog.metrics[metric];
  if (language === "en") return entry?.label ?? metric.replace(/_/g, " ");
  const chinese =
    entry?.labels?.[language] ??
    entry?.labels?.["zh-Hans"] ??
    entry?.synonyms.find((synonym) => HAN.test(synonym)) ??
    entry?.label ??
    metric;
  return language === "zh-Hant" ? toTraditional(chinese) : chinese;
}

function dimensionLabel(vocabulary: Vocabulary, dimension: string, language: Language): string {
  const definition = vocabulary.catalog.dimensions[dimension];
  if (language === "en") return definition?.label ?? dimension.replace(/_/g, " ");
  const own = definition?.labels?.[language] ?? definition?.labels?.["zh-Hans"];
  // Else the longest Han word the catalog uses for the dimension itself (产品, 地区).
  const noun = [...dimensionNouns(vocabulary).han]
    .filter(([, name]) => name === dimension)
    .map(([word]) => word)
    .sort((a, b) => b.length - a.length)[0];
  const chinese = own ?? noun ?? dimension;
  return language === "zh-Hant" ? toTraditional(chinese) : chinese;
}

const GRAIN_WORDS: Record<Grain, { en: string; zh: string }> = {
  day: { en: "day", zh: "日" },
  week: { en: "week", zh: "周" },
  month: { en: "month", zh: "月" },
  quarter: { en: "quarter", zh: "季度" },
  year: { en: "year", zh: "年" },
};

function joinEnglish(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}

/** The qualifiers as the question wrote them (A产品, 华东区), else their catalog values. */
function writtenQualifiers(
  qualifier: UnappliedQualifier,
  mentions: readonly Mention[],
  working: string,
): string[] {
  const written: string[] = [];
  for (const [dimension, value] of Object.entries(qualifier.missing))
    for (const one of valuesOf(value)) {
      const mention = mentions.find(
        (candidate) =>
          candidate.kind === "dimension" && candidate.name === dimension && candidate.value === one,
      );
      const text = mention ? working.slice(mention.start, mention.end).trim() : one;
      if (!written.includes(text)) written.push(text);
    }
  return written;
}

/**
 * Asks back, in the question's language, naming the qualifiers and what the metric is kept by:
 * "The VIP repurchase rate is kept only overall, by quarter, not by product or region ("A产品",
 * "华东区"): ask for the overall figure?" The candidate is the figure without them.
 */
export function unappliedClarification(
  qualifiers: UnappliedQualifier[],
  vocabulary: Vocabulary,
  mentions: readonly Mention[],
  working: string,
  language: Language,
): { clarification: Clarification; message: string } {
  const spans: Clarification["spans"] = [];
  const parts: string[] = [];
  for (const qualifier of qualifiers) {
    const label = metricLabel(vocabulary.catalog, qualifier.metric, language);
    const written = writtenQualifiers(qualifier, mentions, working);
    const missing = Object.keys(qualifier.missing).map((dimension) =>
      dimensionLabel(vocabulary, dimension, language),
    );
    const kept = qualifier.keptBy.map((dimension) => dimensionLabel(vocabulary, dimension, language));
    const grain = qualifier.grain ? GRAIN_WORDS[qualifier.grain] : undefined;
    if (language === "en") {
      const keptBy = [
        kept.length > 0 ? `by ${joinEnglish(kept).replace(/ or /, " and ")}` : "overall",
        ...(grain ? [`by ${grain.en}`] : []),
      ].join(", ");
      const candidate = kept.length > 0 ? `${label} by ${kept.join(", ")}` : `overall ${label}`;
      // "On-time rate" reads "the on-time rate" inside a sentence; "VIP repurchase rate" stays.
      const inSentence = /^[A-Z][a-z]/u.test(label) ? label[0].toLowerCase() + label.slice(1) : label;
      parts.push(
        `The ${inSentence} is kept only ${keptBy}, not by ${joinEnglish(missing)} (${written.map((text) => `"${text}"`).join(", ")}): ask for the ${kept.length > 0 ? "figure without them" : "overall figure"}?`,
      );
      spans.push({ written: written.join(", "), candidates: [candidate] });
      continue;
    }
    const traditional = language === "zh-Hant";
    const by = (text: string) => (traditional ? toTraditional(text) : text);
    const keptBy =
      kept.length > 0
        ? by(`只有按${kept.join("、")}细分的数据${grain ? `（按${grain.zh}）` : ""}`)
        : by(`只有整体数据${grain ? `（按${grain.zh}）` : ""}`);
    const quoted = written.map((text) => (traditional ? `「${text}」` : `“${text}”`)).join("");
    const candidate = kept.length > 0 ? by(`按${kept.join("、")}的${label}`) : by(`整体${label}`);
    parts.push(
      `${label}${keptBy}${by(`，没有按${missing.join("、")}拆分（${quoted}）：要看${kept.length > 0 ? "不含这些条件的" : "整体的"}数字吗？`)}`,
    );
    spans.push({ written: written.join("、"), candidates: [candidate] });
  }
  return { clarification: { spans }, message: parts.join(language === "en" ? " " : "") };
}
