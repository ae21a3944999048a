import type { AskedBreakdown } from "../models/asked-breakdown.js";
import type { Catalog } from "../models/workspace.js";
import { parseCount } from "./count-words.js";
import { dimensionNouns } from "./dimension-nouns.js";
import { LANGUAGE_LOCALES } from "./locales/index.js";
import { normalizeForMatching } from "./normalize-text.js";
import type { Mention, Vocabulary } from "./vocabulary.js";
import type { Offer } from "./workspace-offers.js";

// A breakdown or ranking ("which … most often", 高频出现的问题, "top 3", 哪家门店最多): the metric
// per value of one dimension, ranked. The words are each locale's data (locales/<code>/breakdown-words.ts);
// the dimension comes from the workspace: the one the question names, else the one the metric's
// sources hold that the question leaves open. Never a word of any workspace here.

type Span = { start: number; end: number };

/** What the question says about a breakdown, before any dimension is chosen. */
export interface BreakdownCue {
  /** `ranking` words ask for a breakdown on their own; `superlative` ones only with a dimension named. */
  strength: "ranking" | "superlative";
  order: AskedBreakdown["order"];
  top?: number;
  /** The noun the question calls the kinds by (reasons, 原因), as written (folded). */
  wanted?: string;
  /** Dimensions the question names by their noun (which region, 哪家门店), outside any value it names. */
  named: string[];
  /** Where the cue words stand: accounted for in the coverage of the question. */
  spans: Span[];
}

const overlaps = (left: Span, right: Span) => left.start < right.end && right.start < left.end;

/** Every place a word stands in the folded question: Latin words whole, Han words anywhere. */
function wordSpans(normalized: string, word: string, spaced: boolean): Span[] {
  const spans: Span[] = [];
  if (spaced) {
    // Most cue words are not in a question, and the literal first word rules them out without
    // compiling a Unicode-aware expression per word (milliseconds each in a cold process).
    if (!normalized.includes(word.split(" ")[0])) return spans;
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");
    for (const match of normalized.matchAll(
      new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "gu"),
    ))
      spans.push({ start: match.index, end: match.index + match[0].length });
  } else
    for (let index = normalized.indexOf(word); index >= 0; index = normalized.indexOf(word, index + 1))
      spans.push({ start: index, end: index + word.length });
  return spans;
}

/** The words of one list of cues found outside the given spans, longest first, not overlapping. */
function findWords(
  normalized: string,
  pick: (cues: (typeof LANGUAGE_LOCALES)[number]["breakdownCues"]) => readonly string[],
  outside: Span[],
): { word: string; span: Span }[] {
  const found: { word: string; span: Span }[] = [];
  const candidates = LANGUAGE_LOCALES.flatMap((locale) =>
    pick(locale.breakdownCues).map((word) => ({ word, spaced: locale.spaced })),
  ).sort((left, right) => right.word.length - left.word.length);
  for (const { word, spaced } of candidates)
    for (const span of wordSpans(normalized, word, spaced))
      if (![...outside, ...found.map((entry) => entry.span)].some((taken) => overlaps(taken, span)))
        found.push({ word, span });
  return found;
}

/** "top 3", "前三名": the count of ranks after a top word, in digits, English words or Chinese numerals. */
function topCount(normalized: string, outside: Span[]): { count: number; span: Span } | undefined {
  for (const locale of LANGUAGE_LOCALES)
    for (const word of locale.breakdownCues.topWords)
      for (const span of wordSpans(normalized, word, locale.spaced)) {
        const rest = normalized.slice(span.end);
        const numeral = locale.spaced
          ? /^\s+(\d+|[a-z]+)\b/u.exec(rest)
          : new RegExp(
              `^(\\d+|[零〇一二两三四五六七八九十]+)(?:${[...locale.classifiers, ...locale.breakdownCues.rankWords].join("|")})?`,
              "u",
            ).exec(rest);
        const count = numeral ? parseCount(numeral[1]) : undefined;
        const whole = { start: span.start, end: span.end + (numeral?.[0].length ?? 0) };
        if (count !== undefined && count > 0 && !outside.some((taken) => overlaps(taken, whole)))
          return { count, span: whole };
      }
  return undefined;
}

/**
 * "最多的三个原因", "the three most common reasons": a count written right before the kinds' noun
 * (or a dimension's), with only a classifier, cue words and catalog terms between,
 * is the count of ranks, as after a top word.
 */
function countBeforeNoun(
  normalized: string,
  nouns: Span[],
  between: Span[],
): { count: number; span: Span } | undefined {
  // Only a classifier or rank word: a function word (月 of 5月) would reach a number of a date.
  const skippable = LANGUAGE_LOCALES.flatMap((locale) => [
    ...locale.classifiers,
    ...locale.breakdownCues.rankWords,
  ]).sort((left, right) => right.length - left.length);
  for (const noun of [...nouns].sort((left, right) => left.start - right.start)) {
    let end = noun.start;
    for (let step = 0; step < 8; step += 1) {
      const before = normalized.slice(0, end);
      const trimmed = before.trimEnd();
      if (trimmed.length < before.length) {
        end = trimmed.length;
        continue;
      }
      const span = between.find((candidate) => candidate.end === end && candidate.start < end);
      if (span) {
        end = span.start;
        continue;
      }
      const word = skippable.find(
        (candidate) =>
          before.endsWith(candidate) &&
          // A Latin word stands whole ("the", not the "e" of "three").
          (/[\u4e00-\u9fff]/u.test(candidate) || !/\p{L}/u.test(before.at(-candidate.length - 1) ?? "")),
      );
      // A word holding a numeral is never skipped (三个 of the function words holds the count).
      if (word && ![...word].some((character) => parseCount(character) !== undefined)) {
        end -= word.length;
        continue;
      }
      break;
    }
    const numeral = /(?:^|[^\p{L}\p{N}])(\d+|[a-z]+)$|(\d+|[零〇一二两三四五六七八九十]+)$/u.exec(
      normalized.slice(0, end),
    );
    const written = numeral?.[1] ?? numeral?.[2];
    const count = written ? parseCount(written) : undefined;
    if (written && count !== undefined && count > 1 && count <= 100)
      return { count, span: { start: end - written.length, end: noun.start } };
  }
  return undefined;
}

/** Dimensions named by their own noun (region, 门店, 片区) where no value of theirs is written. */
function namedDimensions(
  normalized: string,
  vocabulary: Vocabulary,
  outside: Span[],
): { dimension: string; span: Span }[] {
  const nouns = dimensionNouns(vocabulary);
  const named: { dimension: string; span: Span }[] = [];
  const add = (dimension: string, span: Span) => {
    if (![...outside, ...named.map((entry) => entry.span)].some((taken) => overlaps(taken, span)))
      named.push({ dimension, span });
  };
  // Longest first: 问题类型 (a sub-type) before 类 (a category's noun) inside it.
  const latin = [...nouns.latin].flatMap(([noun, dimension]) => [
    { noun, dimension },
    { noun: `${noun}s`, dimension },
  ]);
  for (const { noun, dimension } of latin.sort((left, right) => right.noun.length - left.noun.length))
    for (const span of wordSpans(normalized, noun, true)) add(dimension, span);
  for (const [noun, dimension] of [...nouns.han].sort((left, right) => right[0].length - left[0].length))
    for (const span of wordSpans(normalized, noun, false)) add(dimension, span);
  return named.sort((left, right) => left.span.start - right.span.start);
}

/** Whether every place a term stands in the question lies inside the breakdown's words. */
export function coversTerm(spans: Span[], normalized: string, text: string): boolean {
  const term = normalizeForMatching(text.trim());
  if (!term) return false;
  const places = wordSpans(normalized, term, !/[\u4e00-\u9fff]/u.test(term));
  return (
    places.length > 0 &&
    places.every((place) => {
      for (let index = place.start; index < place.end; index += 1)
        if (!/\s/u.test(normalized[index]) && !spans.some((span) => span.start <= index && index < span.end))
          return false;
      return true;
    })
  );
}

/**
 * The breakdown a question asks for, read from its folded text: its cue words, the count of ranks,
 * the order, the kinds' noun and the dimensions it names. Words inside catalog terms and time spans
 * are theirs (前三季度 is a time, not a top three).
 */
export function readBreakdownCue(
  normalized: string,
  mentions: Mention[],
  times: Span[],
  vocabulary: Vocabulary,
): BreakdownCue | undefined {
  const taken: Span[] = [...mentions, ...times];
  const top = topCount(normalized, taken);
  const ranking = findWords(normalized, (cues) => cues.ranking, taken);
  const superlatives = findWords(normalized, (cues) => cues.superlatives, [
    ...taken,
    ...ranking.map((entry) => entry.span),
  ]);
  if (!top && ranking.length === 0 && superlatives.length === 0) return undefined;
  const ascendingWords = new Set(LANGUAGE_LOCALES.flatMap((locale) => locale.breakdownCues.ascending));
  const said = [...ranking, ...superlatives].map((entry) => entry.word);
  const kinds = findWords(normalized, (cues) => cues.kindNouns, taken);
  const named = namedDimensions(normalized, vocabulary, [
    ...taken,
    ...ranking.map((entry) => entry.span),
    ...superlatives.map((entry) => entry.span),
  ]);
  // A superlative alone may ask for a maximum over time: its word is read only beside a named dimension.
  const readSuperlatives = top || ranking.length > 0 || named.length > 0 ? superlatives : [];
  const counted =
    top ??
    (ranking.length > 0 || readSuperlatives.length > 0
      ? countBeforeNoun(
          normalized,
          [...kinds.map((entry) => entry.span), ...named.map((entry) => entry.span)],
          [
            ...mentions,
            ...ranking.map((entry) => entry.span),
            ...readSuperlatives.map((entry) => entry.span),
          ],
        )
      : undefined);
  return {
    strength: top || ranking.length > 0 ? "ranking" : "superlative",
    order: said.some((word) => ascendingWords.has(word)) ? "ascending" : "descending",
    ...(counted ? { top: counted.count } : {}),
    ...(kinds[0] ? { wanted: kinds[0].word } : {}),
    named: [...new Set(named.map((entry) => entry.dimension))],
    spans: [
      ...(counted ? [counted.span] : []),
      ...ranking.map((entry) => entry.span),
      ...readSuperlatives.map((entry) => entry.span),
      ...kinds.map((entry) => entry.span),
      ...named.map((entry) => entry.span),
    ],
  };
}

/** Every name the workspace gives a dimension, folded: its own, its label(s) and synonyms. */
function namesOfDimension(catalog: Catalog, dimension: string): string[] {
  const definition = catalog.dimensions[dimension];
  return [
    dimension.replace(/[_-]+/g, " "),
    ...(definition?.label ? [definition.label] : []),
    ...Object.values(definition?.labels ?? {}),
    ...(definition?.synonyms ?? []),
  ].map((name) => normalizeForMatching(name));
}

/** Whether a dimension is what the kinds' noun names (问题 → 问题类型; reasons → reason). */
function namesKinds(catalog: Catalog, dimension: string, noun: string): boolean {
  const singular = noun.replace(/s$/u, "");
  return namesOfDimension(catalog, dimension).some((name) => name.includes(noun) || name.includes(singular));
}

/**
 * The breakdown of one metric: by the dimension the question names (which region, 哪家门店), else the
 * one it lists several values of, else — for ranking words only — the dimension of the metric's
 * sources' rows the question leaves open (the kinds of the category asked: a sub-type, a reason). When
 * the question calls the kinds by a noun (原因, reasons), the dimension must be the one that noun
 * names. No such dimension: the breakdown is recorded without one, so the answer says it is not
 * available rather than give the total. Undefined: the question asks for no breakdown of it.
 */
export function breakdownFor(
  cue: BreakdownCue | undefined,
  metric: string,
  frameDimensions: Map<string, string[]>,
  offers: Offer[],
  catalog: Catalog,
): AskedBreakdown | undefined {
  if (!cue) return undefined;
  const metricOffers = offers.filter((offer) => offer.metrics.includes(metric));
  // A breakdown needs rows that carry the dimension, not a source that filters by it: the
  // dimensions a source's rows hold are its offers' and the catalog dimensions among its columns.
  const offered = new Set(
    metricOffers.flatMap((offer) => [
      ...offer.dimensions,
      ...offer.columns.filter((column) => catalog.dimensions[column]),
    ]),
  );
  const shape = { order: cue.order, ...(cue.top ? { top: cue.top } : {}) };
  const listed = [...frameDimensions]
    .filter(([, values]) => values.length > 1)
    .map(([dimension]) => dimension);
  const asked = cue.named.find((dimension) => !frameDimensions.has(dimension)) ?? listed[0];
  if (asked) return offered.has(asked) ? { dimension: asked, ...shape } : { wanted: asked, ...shape };
  if (cue.strength !== "ranking") return undefined;
  const open = [...offered]
    .filter((dimension) => !frameDimensions.has(dimension) && catalog.dimensions[dimension])
    .filter((dimension) => !cue.wanted || namesKinds(catalog, dimension, cue.wanted));
  if (open.length === 0) return { ...(cue.wanted ? { wanted: cue.wanted } : {}), ...shape };
  // Several open: the finest, the one with the most kinds (a sub-type before its category).
  const valuesOf = (dimension: string) => Object.keys(catalog.dimensions[dimension].values).length;
  const [chosen] = open.sort((left, right) => valuesOf(right) - valuesOf(left));
  return { dimension: chosen, ...shape };
}
