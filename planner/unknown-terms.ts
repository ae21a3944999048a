import { distance } from "fastest-levenshtein";
import { nearestName } from "../config/nearest-name.js";
import { dimensionNouns } from "./dimension-nouns.js";
import { LANGUAGE_LOCALES } from "./locales/index.js";
import { normalizeForMatching } from "./normalize-text.js";
import {
  CHINESE_ADDRESSEES,
  CHINESE_LOCATIVES,
  CHINESE_PLACE_NOUNS,
  CHINESE_STOP_WORDS,
  ENGLISH_STOP_WORDS,
} from "./stop-words.js";
import { unknownDimensionValues } from "./unknown-dimension-values.js";
import type { Mention, Vocabulary } from "./vocabulary.js";

/** A term that looks like a metric or a dimension value but is not in the catalog. */
export interface UnknownTerm {
  /** As the user wrote it. */
  text: string;
  kind: "metric" | "dimension_value";
  /** For dimension values: which dimension it looks like (product, region). */
  dimension?: string;
  /** A catalog name it may be a typo of. */
  suggestion?: string;
}

// Business measures people ask about that a workspace may not hold, in every language's words
// (planner/locales/<code>/measure-words.ts). Only used to recognise that a question asks for a
// measure: a hit that no catalog term covers is reported, never planned.
const MEASURE_WORDS = new RegExp(
  LANGUAGE_LOCALES.flatMap((locale) => locale.businessMeasurePatterns).join("|"),
  "gu",
);

/** Each language's everyday measures, as whole words where words are spaced. */
const EVERYDAY_MEASURES = LANGUAGE_LOCALES.flatMap((locale) =>
  locale.everydayMeasurePatterns.map((pattern) => (locale.spaced ? `\\b(?:${pattern})\\b` : pattern)),
);

/**
 * Measures of everyday life, not of a business's data (exchange rates, interest, tax, odds): no
 * unknown metric of the catalog, and no cue that a question is about the workspace's data.
 */
export const GENERAL_MEASURES = new RegExp(`^(?:${EVERYDAY_MEASURES.join("|")})$`, "u");
const GENERAL_MEASURE_WORDS = new RegExp(EVERYDAY_MEASURES.join("|"), "gu");

/** The question with everyday measures blanked (same length), for the router's data cues. */
export function withoutGeneralMeasures(normalized: string): string {
  return normalized.replace(GENERAL_MEASURE_WORDS, (word) => " ".repeat(word.length));
}

function overlaps(start: number, end: number, mentions: Mention[]): boolean {
  return mentions.some((mention) => mention.start < end && start < mention.end);
}

/**
 * Finds terms that look like catalog entries but are not: "product Z", "Z产品", "华中区",
 * "Central China", "churn rate", "毛利率". Reported to the user instead of being guessed.
 */
export function findUnknownTerms(
  original: string,
  normalized: string,
  mentions: Mention[],
  vocabulary: Vocabulary,
  times: readonly Span[] = [],
): UnknownTerm[] {
  const unknown: UnknownTerm[] = [];
  const seen = new Set<string>();
  const report = (start: number, end: number, term: Omit<UnknownTerm, "text">) => {
    const text = original.slice(start, end).trim();
    if (text.length === 0 || seen.has(text.toLowerCase()) || overlaps(start, end, mentions)) return;
    seen.add(text.toLowerCase());
    unknown.push({ text, ...term });
  };
  // Names beside a dimension's noun that are no value of it (product Z, 华中区), learnt from the catalog.
  for (const found of unknownDimensionValues(normalized, vocabulary)) {
    // A time read before the name is no part of it (当月因天气原因: 当月 is the month; 因 alone is "because of").
    const time = times.find((period) => period.start <= found.start && found.start < period.end);
    const span = time ? { ...found, start: time.end, name: found.name.slice(time.end - found.start) } : found;
    if (time && [...original.slice(span.start, span.end).trim()].length < 2) continue;
    const known = Object.keys(vocabulary.catalog.dimensions[span.dimension]?.values ?? {});
    const suggestion =
      span.coded && span.name.length > 1 ? nearestName(span.name.toUpperCase(), known) : undefined;
    report(span.start, span.end, {
      kind: "dimension_value",
      dimension: span.dimension,
      ...(suggestion ? { suggestion } : {}),
    });
  }
  const metricNames = Object.keys(vocabulary.catalog.metrics);
  for (const match of normalized.matchAll(MEASURE_WORDS)) {
    let start = match.index;
    let text = match[0];
    // Keep only the measure itself: "的流失率" → "流失率", "what is the churn rate" → "churn rate".
    const chinese = /[\u4e00-\u9fff]*?([\u4e00-\u9fff]{2}率)$/u.exec(text);
    if (chinese && text.endsWith("率")) {
      start += text.length - chinese[1].length;
      text = chinese[1];
    }
    const english = /(?:^|\s)((?:(?!the\b|a\b|an\b|what\b|is\b|was\b|of\b|s\b)[a-z]+ )?rate)$/u.exec(text);
    if (english) {
      start += text.length - english[1].length;
      text = english[1];
    }
    // "美元兑欧元的汇率": the measure is 汇率, not 的汇率.
    if (text.startsWith("的") && text.endsWith("率")) {
      start += 1;
      text = text.slice(1);
    }
    if (text === "rate" || GENERAL_MEASURES.test(text)) continue;
    // Only a near-typo is worth suggesting ("retrun rate"); "churn rate" is not "return rate".
    const candidate = nearestName(text.replace(/ /g, "_"), metricNames);
    const suggestion = candidate && distance(text.replace(/ /g, "_"), candidate) <= 2 ? candidate : undefined;
    report(start, start + text.length, { kind: "metric", ...(suggestion ? { suggestion } : {}) });
  }
  return unknown;
}

const SEGMENTER = new Intl.Segmenter("zh", { granularity: "word" });
const HAN_CHARACTER = /[\u4e00-\u9fff]/u;
const PURE_HAN = /^[\u4e00-\u9fff]+$/u;

interface Span {
  start: number;
  end: number;
}

/**
 * Qualifiers the catalog does not know, found by what is left once catalog terms and time
 * expressions are taken: a dimension term that starts inside a longer word (北区 in 东北区), a
 * word right before a metric or a value (台北的退货率, 送货慢的投诉), a place word (上海地区),
 * a capitalised name (in Spain), a word beside a dimension's noun (the Premium plan). Planning
 * without any of them would answer a broader question than the one asked.
 */
export function findUnresolvedQualifiers(
  original: string,
  normalized: string,
  mentions: Mention[],
  times: Span[],
  vocabulary: Vocabulary,
  accounted: Span[] = [],
): UnknownTerm[] {
  const found: UnknownTerm[] = [];
  // Spans the resolver accounted for (a quantifier counting the values named: 两区) are no word of their own.
  const taken: Span[] = [...mentions, ...times, ...accounted];
  const isTaken = (start: number, end: number) => taken.some((span) => span.start < end && start < span.end);
  const report = (start: number, end: number, dimension?: string) => {
    const text = original.slice(start, end).trim();
    if (text === "" || found.some((term) => term.text === text)) return;
    found.push({ text, kind: "dimension_value", ...(dimension ? { dimension } : {}) });
  };
  const segments = [...SEGMENTER.segment(normalized)].map((segment) => ({
    start: segment.index,
    end: segment.index + segment.segment.length,
    text: segment.segment,
  }));
  const boundaries = new Set(segments.flatMap((segment) => [segment.start, segment.end]));
  // A word naming a dimension (渠道, 门店) right beside a value of it (官网渠道, 上海门店) only repeats
  // what the value says; anywhere else it is left to the other checks (a breakdown, or it asks).
  const hanNouns = dimensionNouns(vocabulary).han;
  // A dimension's own noun written alone (哪个产品, 各渠道) names the dimension, not a value.
  const functionWord = (text: string) => CHINESE_STOP_WORDS.has(text) || hanNouns.has(text);
  // 价格类 ends in 类, the noun of the category values (服务类, 物流类): a category it is not.
  const dimensionOfNoun = (text: string) => {
    for (const length of [2, 1]) {
      const dimension = text.length > length ? hanNouns.get(text.slice(-length)) : undefined;
      if (dimension) return dimension;
    }
    return undefined;
  };
  // Read by the text, not by segments: the segmenter splits a word it does not know (板块 → 板|块).
  for (const mention of mentions) {
    if (mention.kind !== "dimension") continue;
    for (const [noun, dimension] of hanNouns) {
      if (dimension !== mention.name) continue;
      if (normalized.startsWith(noun, mention.end))
        taken.push({ start: mention.end, end: mention.end + noun.length });
      if (mention.start >= noun.length && normalized.startsWith(noun, mention.start - noun.length))
        taken.push({ start: mention.start - noun.length, end: mention.start });
    }
  }
  // Words of the metric's own label or synonyms written right beside it are part of its name
  // ("VIP repeat purchase rate": the catalog lists "repeat purchase rate" and "VIP repeat purchase").
  for (const mention of mentions)
    if (mention.kind === "metric") taken.push(...ownWordsBeside(mention, normalized, segments, vocabulary));
  // A locative right after a dimension value (华东那边) is part of that value's span; right after
  // the assistant addressed (你这边) it is the assistant's side, no place either.
  for (const [index, segment] of segments.entries())
    if (
      CHINESE_LOCATIVES.has(segment.text) &&
      (mentions.some((mention) => mention.kind === "dimension" && mention.end === segment.start) ||
        (index > 0 &&
          segments[index - 1].end === segment.start &&
          CHINESE_ADDRESSEES.has(segments[index - 1].text)))
    )
      taken.push(segment);

  for (const mention of mentions) {
    if (mention.kind !== "dimension" || !HAN_CHARACTER.test(normalized[mention.start] ?? "")) continue;
    // 东北区: the word is 东北, so 北区 inside it is not North.
    if (
      mention.start > 0 &&
      HAN_CHARACTER.test(normalized[mention.start - 1]) &&
      !boundaries.has(mention.start)
    ) {
      const word = segments.find((segment) => segment.start < mention.start && segment.end > mention.start);
      // The segmenter may glue a connective to the value after it (与北|门 of 与北门车场): a function
      // word before the value is no part of a longer name.
      const before = word ? normalized.slice(word.start, mention.start) : "";
      if (word && !isTaken(word.start, mention.start) && !functionWord(before))
        report(word.start, mention.end, mention.name);
    }
  }

  const anchors = mentions.filter((mention) => mention.kind === "metric" || mention.kind === "dimension");
  // A classifier's word names a kind of the measure (价格类投诉, 包装方面的投诉); a topic word
  // there is that kind too (退款类投诉 are complaints, not the refund policy).
  const topicAt = (segment: { start: number; end: number }) =>
    mentions.some(
      (mention) => mention.kind === "topic" && mention.start <= segment.start && segment.end <= mention.end,
    );
  for (const anchor of anchors) {
    // Walk back from the anchor over 的 and a classifier, and collect the content words written
    // right before it.
    let index = segments.findIndex((segment) => segment.end === anchor.start);
    if (index < 0) continue;
    if (segments[index].text === "的") index -= 1;
    let from: number | undefined;
    let to = index >= 0 ? segments[index].end : 0;
    const classified =
      anchor.kind === "metric" &&
      index > 0 &&
      QUALIFIER_CLASSIFIERS.has(segments[index].text) &&
      !CLASSIFIER_DETERMINERS.has(segments[index - 1].text) &&
      !functionWord(segments[index - 1].text);
    // The segmenter may split a two-character word into two single characters, the second a stop
    // word on its own (售后 → 售|后): before a classifier the pair is still the word it names.
    const [splitFirst, splitSecond] = [segments[index - 2], segments[index - 1]];
    if (
      anchor.kind === "metric" &&
      !classified &&
      index > 1 &&
      QUALIFIER_CLASSIFIERS.has(segments[index].text) &&
      [...splitSecond.text].length === 1 &&
      [...splitFirst.text].length === 1 &&
      PURE_HAN.test(splitFirst.text) &&
      functionWord(splitSecond.text) &&
      !functionWord(splitFirst.text) &&
      !CLASSIFIER_DETERMINERS.has(splitFirst.text) &&
      splitFirst.end === splitSecond.start &&
      !isTaken(splitFirst.start, splitSecond.end)
    ) {
      report(splitFirst.start, to, dimensionOfNoun(normalized.slice(splitFirst.start, to)));
      continue;
    }
    if (classified) index -= 1;
    // The segmenter splits some function words into single characters (两地 → 两|地): collected
    // whole, they are still the function word, not a qualifier.
    const reportWords = (start: number, end: number, dimension?: string) => {
      if (!functionWord(normalized.slice(start, end))) report(start, end, dimension);
    };
    while (index >= 0) {
      const segment = segments[index];
      // A date between the word and the metric does not separate them (西班牙2024年1月的流失率).
      if (times.some((time) => time.start <= segment.start && segment.end <= time.end)) {
        if (from !== undefined) reportWords(from, to);
        from = undefined;
        index -= 1;
        to = index >= 0 ? segments[index].end : 0;
        continue;
      }
      if (
        !PURE_HAN.test(segment.text) ||
        functionWord(segment.text) ||
        (isTaken(segment.start, segment.end) && !(classified && topicAt(segment)))
      )
        break;
      from = segment.start;
      index -= 1;
    }
    if (from !== undefined)
      reportWords(from, to, classified ? dimensionOfNoun(normalized.slice(from, to)) : undefined);
  }

  segments.forEach((segment, index) => {
    const next = segments[index + 1];
    if (!next || !CHINESE_PLACE_NOUNS.has(next.text) || !PURE_HAN.test(segment.text)) return;
    // 两|地 (the segmenter's split of 两地, "the two places") is a function word whole, not a place named 两.
    if (
      functionWord(segment.text) ||
      functionWord(segment.text + next.text) ||
      isTaken(segment.start, next.end)
    )
      return;
    // The dimension whose values are written with this place word (华东区, 上海市), if one is.
    report(segment.start, next.end, hanNouns.get(next.text));
  });

  // English: capitalised names not at a sentence start, and a word beside a dimension's noun.
  for (const match of original.matchAll(/\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*\b/gu)) {
    const start = match.index;
    const end = start + match[0].length;
    const before = original.slice(0, start).trimEnd();
    if (before === "" || /[.?!:;。？！：；]$/u.test(before)) continue;
    if (isTaken(start, end)) continue;
    const words = match[0].toLowerCase().split(/\s+/);
    if (words.every((word) => ENGLISH_STOP_WORDS.has(word) || MONTH_WORDS.has(word))) continue;
    report(start, end);
  }
  // English: a word written right before a metric ("the aaaaa repeat purchase rate").
  for (const anchor of mentions.filter((mention) => mention.kind === "metric")) {
    const before = normalized.slice(0, anchor.start);
    const words = /(?:^|[^a-z0-9'-])((?:[a-z][a-z'-]*\s+)+)$/u.exec(before);
    if (!words) continue;
    let end = anchor.start;
    let start: number | undefined;
    for (const word of words[1].trimEnd().split(/\s+/).reverse()) {
      const wordStart = normalized.lastIndexOf(word, end - 1);
      if (
        wordStart < 0 ||
        ENGLISH_STOP_WORDS.has(word) ||
        MONTH_WORDS.has(word) ||
        isTaken(wordStart, wordStart + word.length)
      )
        break;
      start = wordStart;
      end = wordStart;
    }
    if (start !== undefined) report(start, normalized.slice(0, anchor.start).trimEnd().length);
  }
  // English: what a metric is about, written after it ("complaints about rude drivers").
  for (const anchor of mentions.filter((mention) => mention.kind === "metric")) {
    const after =
      /^\s+(?:about|regarding|concerning|involving|(?:related|relating|due) to|because of|caused by)\s+/u.exec(
        normalized.slice(anchor.end),
      );
    if (!after) continue;
    const base = anchor.end + after[0].length;
    let start: number | undefined;
    let end = base;
    for (const word of normalized.slice(base).matchAll(/[a-z][a-z'-]*|\S/gu)) {
      const wordStart = base + word.index;
      const wordEnd = wordStart + word[0].length;
      if (start === undefined && /^(?:the|a|an|our|their|its|some)$/u.test(word[0])) continue;
      if (
        !/^[a-z]/u.test(word[0]) ||
        ENGLISH_STOP_WORDS.has(word[0]) ||
        MONTH_WORDS.has(word[0]) ||
        isTaken(wordStart, wordEnd)
      )
        break;
      start ??= wordStart;
      end = wordEnd;
    }
    if (start !== undefined) report(start, end);
  }
  const nouns = dimensionNouns(vocabulary).latin;
  for (const match of normalized.matchAll(/\b([a-z][a-z0-9-]*)\s+([a-z]+?)s?\b/gu)) {
    const dimension = nouns.get(match[2]);
    if (!dimension) continue;
    const start = match.index;
    const end = start + match[0].length;
    if (isTaken(start, end)) continue;
    if (ENGLISH_STOP_WORDS.has(match[1]) || nouns.has(match[1]) || MONTH_WORDS.has(match[1])) continue;
    report(start, end, dimension);
  }
  return found;
}

/** The Latin words and Han terms of a metric's name, label and synonyms (folded). */
function ownWordsOf(vocabulary: Vocabulary, metric: string): { latin: Set<string>; han: string[] } {
  const entry = vocabulary.catalog.metrics[metric];
  const names = [
    metric.replace(/_/g, " "),
    ...(entry?.label ? [entry.label] : []),
    ...Object.values(entry?.labels ?? {}),
    ...(entry?.synonyms ?? []),
  ].map((name) => normalizeForMatching(name));
  const latin = new Set(names.flatMap((name) => name.match(/[a-z0-9]{2,}/gu) ?? []));
  const han = names.flatMap((name) => name.match(/[\u4e00-\u9fff]+/gu) ?? []);
  return { latin, han };
}

/**
 * The words right before and after a metric's span that belong to its own name: contiguous Latin
 * words (spaces between), or one Han word on each side that one of its Han terms holds.
 */
function ownWordsBeside(
  mention: Mention,
  normalized: string,
  segments: { start: number; end: number; text: string }[],
  vocabulary: Vocabulary,
): Span[] {
  const own = ownWordsOf(vocabulary, mention.name);
  const spans: Span[] = [];
  let start = mention.start;
  for (;;) {
    const word = /([a-z0-9]+)\s*$/u.exec(normalized.slice(0, start));
    if (!word || !own.latin.has(word[1]) || /[a-z0-9]/u.test(normalized[word.index - 1] ?? "")) break;
    spans.push({ start: word.index, end: word.index + word[1].length });
    start = word.index;
  }
  let end = mention.end;
  for (;;) {
    const word = /^\s*([a-z0-9]+)(?![a-z0-9])/u.exec(normalized.slice(end));
    if (!word || !own.latin.has(word[1])) break;
    const wordStart = end + word[0].length - word[1].length;
    spans.push({ start: wordStart, end: wordStart + word[1].length });
    end = wordStart + word[1].length;
  }
  for (const segment of segments) {
    if (segment.end !== mention.start && segment.start !== mention.end) continue;
    if (PURE_HAN.test(segment.text) && own.han.some((term) => term.includes(segment.text)))
      spans.push(segment);
  }
  return spans;
}

// Words that make the word before them a kind of the measure after them (价格类投诉, 包装方面的投诉).
const QUALIFIER_CLASSIFIERS = new Set(["类", "类型", "类别", "方面", "相关", "有关"]);
// Before a classifier these ask or point (哪类投诉, 某类投诉): no qualifier of their own.
const CLASSIFIER_DETERMINERS = new Set([
  "哪",
  "某",
  "啥",
  "这",
  "那",
  "各",
  "每",
  "几",
  "什么",
  "哪些",
  "多少",
]);

const MONTH_WORDS = new Set(
  "january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec q1 q2 q3 q4".split(
    " ",
  ),
);
