import { soundsAlike, soundsAlikeFuzzy } from "../domain/chinese-homophones.js";
import { typingDistance } from "../domain/edit-distance.js";
import { businessSynonymsOf } from "./business-synonyms.js";
import { parseCount } from "./count-words.js";
import { dimensionNouns } from "./dimension-nouns.js";
import { isInflectionOf } from "./english-word-forms.js";
import { localeWords, TIME_LOCALES } from "./locales/index.js";
import { normalizeForMatching } from "./normalize-text.js";
import type { SpanCorrection } from "./span-correction.js";
import { questionTimeSpans } from "./time-spans.js";
import type { Mention, MentionKind, Vocabulary } from "./vocabulary.js";

/** A span that is close to more than one catalog term: the user must choose. */
export interface AmbiguousSpan {
  written: string;
  candidates: string[];
}

/** The question with every span that clearly means a catalog term rewritten to that term. */
export interface SpanResolution {
  question: string;
  corrections: SpanCorrection[];
  ambiguous: AmbiguousSpan[];
  /**
   * Spans of `question` left as written because they refer back to values the question names: a
   * quantifier counting them (两区 after 华东 and 华北, "both regions", 三款产品 after three were
   * named). They are accounted for: not an unknown word, and nothing to ask.
   */
  accounted: { start: number; end: number }[];
}

interface Term {
  text: string;
  kind: MentionKind;
  name: string;
  value?: string;
}

const HAN = /[\u4e00-\u9fff]/u;
const PURE_HAN = /^[\u4e00-\u9fff]+$/u;
const LATIN_TOKEN = /[a-z][a-z0-9]*(?:['’-][a-z0-9]+)*/gu;

// Measure heads: the word that makes a stem a measure (退货 → 退货率 / 退货占比, return → return rate).
export const CHINESE_HEADS = localeWords("measureHeads", false);
export const ENGLISH_HEADS = localeWords("measureHeads", true);
// Heads written before the stem: "share of … bought again", "how often … send back".
const ENGLISH_LEADING_HEADS =
  "(?:the\\s+)?(?:share|rate|ratio|percentage|proportion|fraction|percent)\\s+of|how\\s+often|how\\s+frequently";
// Change verbs that, with an event's object, name the event (换快递, switch carriers), and the
// words without content that may stand between them (物流商是否有更换, switch their carrier): per
// language, in planner/locales/<code>/change-words.ts.
const CHINESE_CHANGE_VERBS = localeWords("changeVerbs", false);
const ENGLISH_CHANGE_VERBS = localeWords("changeVerbs", true).join("|");
const CHINESE_CHANGE_GAP = `(?:${localeWords("changeGapWords", false)
  .sort((a, b) => b.length - a.length)
  .join("|")}){0,3}`;
const ENGLISH_CHANGE_GAP = localeWords("changeGapWords", true).join("|");
// A same-period word between the object and its verb (物流商同期有没有调整过, 价格当时有没有变动):
// it dates the event clause, so it is kept, written before the event's term (同期物流商变更).
const CHINESE_SAME_PERIOD_WORDS = TIME_LOCALES.flatMap((locale) => locale.samePeriod)
  .filter((word) => /^\p{Script=Han}+$/u.test(word))
  .sort((a, b) => b.length - a.length);
const CHINESE_TIMED_CHANGE_GAP = `(?:${[...localeWords("changeGapWords", false), ...CHINESE_SAME_PERIOD_WORDS]
  .sort((a, b) => b.length - a.length)
  .join("|")}){0,4}`;
// Words never corrected as typos (a real word is read as itself), per language: planner/locales/<code>/plain-words.ts.
const PLAIN_WORDS = new Set(localeWords("plainWords", true));

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** What the resolver derives from one catalog, once. */
interface Lexicon {
  terms: Term[];
  /** "returnrate" → "return rate": multi-word Latin terms written without spaces. */
  compact: Map<string, string>;
  /** Every Latin word of the catalog's terms (typo targets). */
  latinWords: Set<string>;
  /** Pure-Han terms (homophone targets). */
  hanTerms: Term[];
  /** Words already looked up for typos → their nearest catalog words. */
  nearest: Map<string, { best: number; candidates: string[] }>;
  /** Each character of a pure-Han term → the terms holding it and where (homophone candidates). */
  hanIndex: Map<string, { term: Term; position: number }[]>;
  /** A measure stem (退货, return, refund via synonyms) → the metric's synonym to write instead. */
  stems: Map<string, { metric: string; replacement: string }[]>;
  /** The stems the catalog's own metric terms have (退货 of 退货率), not reached through a class synonym. */
  catalogStems: Set<string>;
  /** An event's object (物流商, carrier, shipping company via synonyms) → the event's synonym. */
  objects: Map<string, { event: string; replacement: string }[]>;
  /** A class synonym of a topic's word (send back, 退回 for 退货 / refund) → the topic's word. */
  topicPhrases: Map<string, { topic: string; replacement: string }[]>;
}

const lexicons = new WeakMap<Vocabulary, Lexicon>();
const patterns = new Map<string, RegExp>();

/** Compiles a pattern once: the steps build the same few per catalog word on every question. */
function compiled(source: string): RegExp {
  let regex = patterns.get(source);
  if (!regex) {
    regex = new RegExp(source, "gu");
    patterns.set(source, regex);
  }
  return regex;
}

function addTo<T extends { replacement: string }>(
  map: Map<string, T[]>,
  key: string,
  value: T,
  same: (a: T) => boolean,
) {
  if (key.length < 2) return;
  const list = map.get(key) ?? [];
  const existing = list.findIndex(same);
  if (existing < 0) list.push(value);
  // Write the catalog's word in the script the question used (回购 → 复购率, not "repeat purchase rate").
  else if (
    HAN.test(list[existing].replacement) !== HAN.test(key) &&
    HAN.test(value.replacement) === HAN.test(key)
  )
    list[existing] = value;
  map.set(key, list);
}

function lexiconOf(vocabulary: Vocabulary): Lexicon {
  let lexicon = lexicons.get(vocabulary);
  if (lexicon) return lexicon;
  const terms = vocabulary.entries().map((term) => ({
    text: term.text,
    kind: term.kind,
    name: term.name,
    ...(term.value ? { value: term.value } : {}),
  }));
  const compact = new Map<string, string>();
  const latinWords = new Set<string>();
  for (const term of terms) {
    if (HAN.test(term.text)) continue;
    for (const word of term.text.split(/[\s-]+/)) if (/^[a-z]{3,}$/.test(word)) latinWords.add(word);
    if (/[\s-]/.test(term.text)) compact.set(term.text.replace(/[\s-]+/g, ""), term.text);
  }
  const hanTerms = terms.filter((term) => PURE_HAN.test(term.text) && term.text.length >= 2);
  const hanIndex = new Map<string, { term: Term; position: number }[]>();
  for (const term of hanTerms)
    [...term.text].forEach((character, position) => {
      const list = hanIndex.get(character) ?? [];
      list.push({ term, position });
      hanIndex.set(character, list);
    });
  const stems = new Map<string, { metric: string; replacement: string }[]>();
  const catalogStems = new Set<string>();
  const objects = new Map<string, { event: string; replacement: string }[]>();
  for (const term of terms) {
    if (term.kind === "metric") {
      const chineseHead = CHINESE_HEADS.find((head) => term.text.endsWith(head) && PURE_HAN.test(head));
      const englishHead = ENGLISH_HEADS.find((head) => term.text.endsWith(` ${head}`));
      const stem = chineseHead
        ? term.text.slice(0, -chineseHead.length)
        : englishHead
          ? term.text.slice(0, -englishHead.length - 1)
          : undefined;
      if (!stem) continue;
      const entry = { metric: term.name, replacement: term.text };
      const same = (other: { metric: string }) => other.metric === term.name;
      catalogStems.add(stem);
      addTo(stems, stem, entry, same);
      for (const synonym of businessSynonymsOf(stem)) addTo(stems, synonym, entry, same);
    }
    if (term.kind === "event") {
      const same = (other: { event: string }) => other.event === term.name;
      const entry = { event: term.name, replacement: term.text };
      let object: string | undefined;
      const verb = CHINESE_CHANGE_VERBS.find(
        (candidate) => term.text.endsWith(candidate) || term.text.startsWith(candidate),
      );
      if (PURE_HAN.test(term.text) && verb)
        object = term.text.endsWith(verb) ? term.text.slice(0, -verb.length) : term.text.slice(verb.length);
      const english = new RegExp(
        `^(?:(.+) (?:${ENGLISH_CHANGE_VERBS})|(?:${ENGLISH_CHANGE_VERBS}) (?:of )?(.+))$`,
        "u",
      ).exec(term.text);
      if (english) object = (english[1] ?? english[2]).replace(/-/g, " ");
      if (!object) continue;
      const forms = new Set([object, object.replace(/s$/, ""), object.replace(/(?:公司|服务商)$/u, "")]);
      for (const form of forms) {
        addTo(objects, form, entry, same);
        for (const synonym of businessSynonymsOf(form)) addTo(objects, synonym, entry, same);
      }
    }
  }
  // Topics widen through the classes too, but only by phrases (two Latin words, or two Han
  // characters): "return" alone is as often a return on investment as a parcel sent back.
  const topicPhrases = new Map<string, { topic: string; replacement: string }[]>();
  const known = new Set(terms.map((term) => term.text));
  for (const term of terms) {
    if (term.kind !== "topic") continue;
    const entry = { topic: term.name, replacement: term.text };
    for (const synonym of businessSynonymsOf(term.text)) {
      if (known.has(synonym) || !(HAN.test(synonym) ? synonym.length >= 2 : /\s/u.test(synonym))) continue;
      addTo(topicPhrases, synonym, entry, (other) => other.topic === term.name);
    }
  }
  lexicon = {
    topicPhrases,
    terms,
    compact,
    latinWords,
    hanTerms,
    hanIndex,
    stems,
    catalogStems,
    objects,
    nearest: new Map(),
  };
  lexicons.set(vocabulary, lexicon);
  return lexicon;
}

/** A rewrite of [start, end) of the question. */
interface Edit {
  start: number;
  end: number;
  replacement: string;
  /** Absent for an edit that only removes the other half of a corrected phrase ("how often" … "send back"). */
  correction?: SpanCorrection;
}

function applyEdits(text: string, edits: Edit[]): string {
  let result = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start))
    result = result.slice(0, edit.start) + edit.replacement + result.slice(edit.end);
  return result;
}

function coveredBy(mentions: { start: number; end: number }[], start: number, end: number): boolean {
  return mentions.some((mention) => mention.start < end && start < mention.end);
}

/** Positions where Intl.Segmenter (ICU word granularity) puts a word boundary in Chinese text. */
export function chineseWordBoundaries(text: string): Set<number> {
  const boundaries = new Set<number>([0, text.length]);
  for (const segment of SEGMENTER.segment(text)) {
    boundaries.add(segment.index);
    boundaries.add(segment.index + segment.segment.length);
  }
  return boundaries;
}
const SEGMENTER = new Intl.Segmenter("zh", { granularity: "word" });

interface Stage {
  text: string;
  normalized: string;
  mentions: Mention[];
  /** Mentions and time expressions: spans nothing may rewrite. */
  fixed: { start: number; end: number }[];
}

function stage(text: string, vocabulary: Vocabulary, asOf: string): Stage {
  const normalized = normalizeForMatching(text);
  const mentions = vocabulary.find(normalized, text);
  const times = questionTimeSpans(normalized, asOf).mentions;
  return {
    text,
    normalized,
    mentions,
    fixed: [...mentions.filter((mention) => mention.kind !== "topic"), ...times],
  };
}

/**
 * Rewrites every span that clearly means a catalog term the question did not spell as the
 * catalog does, in this order, each step on the previous one's result:
 * 1. change events: an event's object with a change verb (换快递, 物流商换了, switch carriers);
 * 2. measure heads: a metric's stem with any measure head (退货占比, refund rate) — a measure
 *    head outranks a topic word (退货 alone is the return-policy topic);
 * 3. run-together and camelCase words (returnrate, productB, NorthChina);
 * 4. Latin typos within a typing distance of 1 (2 for words of 6+ letters), kept only when the
 *    corrected word completes a catalog term (retrun rate → return rate);
 * 5. Han homophones an input method offers (退获率 → 退货率, 退貨綠 → 退货率);
 * 6. quantifiers (each region, 两区 after two named regions);
 * 7. a value written without its dimension's noun right before a metric (物流投诉 → 物流类投诉).
 * A span close to several terms is not rewritten; it is returned as ambiguous.
 */
export function resolveSpans(question: string, vocabulary: Vocabulary, asOf: string): SpanResolution {
  const lexicon = lexiconOf(vocabulary);
  const corrections: SpanCorrection[] = [];
  const ambiguous: AmbiguousSpan[] = [];
  let accounted: { start: number; end: number }[] = [];
  let text = question;
  const steps = [
    changeEvents,
    splitTerms,
    countVerbs,
    measureHeads,
    runTogether,
    latinTypos,
    hanHomophones,
    topicPhrases,
    quantifiers,
    valueNouns,
  ];
  let current = stage(text, vocabulary, asOf);
  for (const step of steps) {
    const edits = step(current, lexicon, vocabulary, asOf, ambiguous, accounted);
    if (edits.length === 0) continue;
    for (const edit of edits) if (edit.correction) corrections.push(edit.correction);
    text = applyEdits(text, edits);
    accounted = accounted.map((span) => shiftedBy(span, edits));
    // Only a step that rewrote something changes what the next one sees.
    current = stage(text, vocabulary, asOf);
  }
  return { question: text, corrections, ambiguous, accounted };
}

/** Where a span untouched by the edits lies once they are applied. */
function shiftedBy(span: { start: number; end: number }, edits: Edit[]): { start: number; end: number } {
  const shift = edits
    .filter((edit) => edit.end <= span.start)
    .reduce((sum, edit) => sum + edit.replacement.length - (edit.end - edit.start), 0);
  return { start: span.start + shift, end: span.end + shift };
}

type Step = (
  current: Stage,
  lexicon: Lexicon,
  vocabulary: Vocabulary,
  asOf: string,
  ambiguous: AmbiguousSpan[],
  accounted: { start: number; end: number }[],
) => Edit[];

function nonOverlapping(edits: Edit[]): Edit[] {
  const kept: Edit[] = [];
  for (const edit of [...edits].sort((a, b) => b.end - b.start - (a.end - a.start)))
    if (!kept.some((other) => other.start < edit.end && edit.start < other.end)) kept.push(edit);
  return kept;
}

const changeEvents: Step = (current, lexicon, vocabulary) => {
  const { normalized, text, mentions } = current;
  if (mentions.some((mention) => mention.kind === "event")) return [];
  const edits: Edit[] = [];
  const chineseVerbs = CHINESE_CHANGE_VERBS.join("|");
  for (const [object, events] of lexicon.objects) {
    if (events.length !== 1 || !normalized.includes(object)) continue;
    const quoted = escapeRegex(object);
    // English: the event's own words may qualify its object ("change its logistics carrier").
    const ownWords = (vocabulary.catalog.events[events[0].event]?.synonyms ?? [])
      .flatMap((synonym) => synonym.toLowerCase().split(/[\s-]+/u))
      .filter((word) => /^[a-z]{3,}$/u.test(word))
      .map(escapeRegex);
    const englishGap = [ENGLISH_CHANGE_GAP, ...new Set(ownWords)].join("|");
    const pattern = HAN.test(object)
      ? compiled(
          `(?:${chineseVerbs})${CHINESE_CHANGE_GAP}${quoted}|${quoted}${CHINESE_TIMED_CHANGE_GAP}(?:${chineseVerbs})`,
        )
      : compiled(
          `\\b(?:${ENGLISH_CHANGE_VERBS})\\s+(?:(?:${englishGap})\\s+){0,3}${quoted}s?\\b|\\b${quoted}s?\\s+(?:(?:was|were|been|got|being)\\s+)?(?:${ENGLISH_CHANGE_VERBS})\\b`,
        );
    for (const match of normalized.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      const dating = HAN.test(object)
        ? CHINESE_SAME_PERIOD_WORDS.find((word) => match[0].slice(object.length).includes(word))
        : undefined;
      // Fixed spans (times, terms) are not rewritten; a same-period word kept in the replacement is.
      const fixedInside = current.fixed.filter((fixed) => fixed.start < end && start < fixed.end);
      if (
        fixedInside.some(
          (fixed) => dating === undefined || normalized.slice(fixed.start, fixed.end).trim() !== dating,
        )
      )
        continue;
      const replacement = `${dating ?? ""}${events[0].replacement}`;
      edits.push({
        start,
        end,
        replacement: HAN.test(object) ? replacement : ` ${replacement} `,
        correction: { written: text.slice(start, end), corrected: replacement, reason: "change_event" },
      });
    }
  }
  return nonOverlapping(edits);
};

// Between the code and the word of a term written apart (WMS一共发布了几个版本, "releases did the
// WMS have"): words without content of their own — function words, count words, classifiers,
// numerals — per language.
const CHINESE_SPLIT_GAP_WORDS = [
  ...new Set([
    ...localeWords("functionWords", false),
    ...localeWords("countClassifiers", false),
    ...localeWords("countQuestionWords", false),
    ...localeWords("changeGapWords", false),
    ...localeWords("termGapWords", false),
  ]),
]
  .filter((word) => PURE_HAN.test(word))
  .sort((a, b) => b.length - a.length);
const ENGLISH_SPLIT_GAP_WORDS = new Set([
  ...localeWords("functionWords", true),
  ...localeWords("termGapWords", true),
]);
const HAN_NUMERALS = "[零〇一二两三四五六七八九十百]";
/** At most this many Han characters, or Latin words, between the two parts of a term written apart. */
const SPLIT_TERM_GAP = 10;
const SPLIT_TERM_WORDS = 3;

/** A metric or event term made of a code and a word (WMS版本, CRM发布, "WMS release"). */
interface SplitTerm {
  term: Term;
  /** Han characters the term writes right before its code (订票 of 订票App版本), else empty. */
  prefix: string;
  /** The code as the catalog writes it, folded (wms). */
  code: string;
  /** The word: Han characters, or one Latin word. */
  head: string;
}

const splitTermsOf = new WeakMap<Vocabulary, SplitTerm[]>();

/**
 * The catalog's terms that join a code — a word the catalog writes with a capital inside it (WMS,
 * CRM, HelpDesk) — and one word: Han (WMS版本) or Latin (WMS release). Other terms are not split:
 * "return rate" is one name, and its words apart say other things.
 */
function splitTermsOfCatalog(vocabulary: Vocabulary, lexicon: Lexicon): SplitTerm[] {
  const cached = splitTermsOf.get(vocabulary);
  if (cached) return cached;
  const catalog = vocabulary.catalog;
  const codes = new Set(
    [...Object.values(catalog.metrics), ...Object.values(catalog.events)]
      .flatMap((entry) =>
        [...entry.synonyms, ...(entry.label ? [entry.label] : [])].flatMap((synonym) => [
          ...(synonym.match(/(?<![A-Za-z0-9])[A-Za-z][a-z0-9]*[A-Z][A-Za-z0-9]*(?![A-Za-z0-9])/gu) ?? []),
          // A Latin word written into Chinese with no space (App版本, 订票App更新) is a name there,
          // whatever its capitals: Chinese writes a product's or system's Latin name so.
          ...(synonym.match(
            /(?<![A-Za-z0-9])[A-Za-z][A-Za-z0-9]+(?=\p{Script=Han})|(?<=\p{Script=Han})[A-Za-z][A-Za-z0-9]+(?![A-Za-z0-9])/gu,
          ) ?? []),
        ]),
      )
      .map((code) => code.toLowerCase()),
  );
  const split: SplitTerm[] = [];
  // Written together first (WMS版本 before WMS 版本): one split term per entry, code and word.
  const ordered = [...lexicon.terms].sort((a, b) => a.text.length - b.text.length);
  for (const term of ordered) {
    if (term.kind !== "metric" && term.kind !== "event") continue;
    const parts = /^([\u4e00-\u9fff]*)([a-z][a-z0-9]*)\s*([\u4e00-\u9fff]+|\s[a-z]{3,})$/u.exec(term.text);
    if (!parts || !codes.has(parts[2])) continue;
    const [prefix, code, head] = [parts[1], parts[2], parts[3].trim()];
    if (prefix && !HAN.test(head)) continue;
    if (
      split.some(
        (other) =>
          other.term.name === term.name &&
          other.prefix === prefix &&
          other.code === code &&
          other.head === head,
      )
    )
      continue;
    split.push({ term, prefix, code, head });
  }
  splitTermsOf.set(vocabulary, split);
  return split;
}

/**
 * A metric or event term of a code and a word (split-term shape above) written with the two apart
 * in one clause: "2023年WMS一共发布了几个版本", "how many releases did the WMS have" are the WMS
 * release event. Between them only words without content of their own may stand, or the Han words
 * of the same entry's other terms (发布 of WMS发布 before 版本 of WMS版本); a Latin word is taken in
 * its inflections (releases, released). Any other word keeps them apart, and a code the catalog
 * reads alone (CRM) is read already.
 */
const splitTerms: Step = (current, lexicon, vocabulary) => {
  const { normalized, text } = current;
  const edits: (Edit | undefined)[] = [];
  const terms = splitTermsOfCatalog(vocabulary, lexicon).filter((split) => normalized.includes(split.code));
  for (const split of terms) {
    const { prefix, code, head, term } = split;
    const codeAt = `(?<![a-z0-9])${escapeRegex(code)}(?![a-z0-9])`;
    if (HAN.test(head)) {
      // The same entry's other Han words may stand between (WMS一共发布了几个版本); a word that is a
      // catalog term of its own never does.
      const own = terms
        .filter((other) => other.term.name === term.name && other.code === code && HAN.test(other.head))
        .map((other) => other.head);
      const catalogWords = new Set(lexicon.hanTerms.map((hanTerm) => hanTerm.text));
      const gap = [...CHINESE_SPLIT_GAP_WORDS.filter((word) => !catalogWords.has(word)), ...own]
        .map(escapeRegex)
        .join("|");
      const pattern = compiled(
        `${escapeRegex(prefix)}${codeAt}((?:${gap}|${HAN_NUMERALS}|\\d+|\\s)*)${escapeRegex(head)}`,
      );
      for (const match of normalized.matchAll(pattern)) {
        if (match[1].trim() === "" || match[1].length > SPLIT_TERM_GAP) continue;
        edits.push(
          splitEdit(
            current,
            match.index,
            match.index + match[0].length,
            code,
            term.text,
            text,
            prefix.length,
          ),
        );
      }
      continue;
    }
    // English: the word before or after the code, a few function words between.
    for (const word of normalized.matchAll(/[a-z][a-z0-9]*/gu)) {
      if (word[0] !== head && !isInflectionOf(word[0], new Set([head]))) continue;
      const wordStart = word.index;
      const wordEnd = wordStart + word[0].length;
      const after = compiled(`^((?:\\s+[a-z']+){0,${SPLIT_TERM_WORDS}}?)\\s+${codeAt}`).exec(
        normalized.slice(wordEnd),
      );
      const before = compiled(`${codeAt}((?:\\s+[a-z']+){0,${SPLIT_TERM_WORDS}}?)\\s+$`).exec(
        normalized.slice(0, wordStart),
      );
      const gapOf = (gap: string) => gap.trim().split(/\s+/u).filter(Boolean);
      const plain = (gap: string) =>
        gapOf(gap).length > 0 && gapOf(gap).every((gapWord) => ENGLISH_SPLIT_GAP_WORDS.has(gapWord));
      if (after && plain(after[1]))
        edits.push(splitEdit(current, wordStart, wordEnd + after[0].length, code, term.text, text));
      else if (before && plain(before[1]))
        edits.push(splitEdit(current, before.index, wordEnd, code, term.text, text));
    }
  }
  // A two-character verb–object term split by an aspect particle and a count (停了几次机, 投过诉).
  for (const term of lexicon.hanTerms) {
    if ((term.kind !== "metric" && term.kind !== "event") || term.text.length !== 2) continue;
    if (!normalized.includes(term.text[0])) continue;
    const pattern = compiled(`${escapeRegex(term.text[0])}${HAN_ASPECT_GAP}${escapeRegex(term.text[1])}`);
    for (const match of normalized.matchAll(pattern))
      edits.push(splitEdit(current, match.index, match.index + match[0].length, "", term.text, text));
  }
  // A Han term of two words or more written apart by words without content (售票系统总共升级了几次
  // is the term 售票系统升级): each split into two parts of two characters or more.
  const catalogWords = new Set(lexicon.hanTerms.map((hanTerm) => hanTerm.text));
  const hanGap = CHINESE_SPLIT_GAP_WORDS.filter((word) => !catalogWords.has(word))
    .map(escapeRegex)
    .join("|");
  for (const term of lexicon.hanTerms) {
    if (
      (term.kind !== "metric" && term.kind !== "event") ||
      term.text.length < 4 ||
      !PURE_HAN.test(term.text)
    )
      continue;
    for (let cut = 2; cut <= term.text.length - 2; cut += 1) {
      const left = term.text.slice(0, cut);
      const right = term.text.slice(cut);
      if (!normalized.includes(left) || !normalized.includes(right)) continue;
      const pattern = compiled(`${escapeRegex(left)}((?:${hanGap}|${HAN_NUMERALS})+)${escapeRegex(right)}`);
      for (const match of normalized.matchAll(pattern)) {
        if (match[1].length > SPLIT_TERM_GAP) continue;
        edits.push(splitEdit(current, match.index, match.index + match[0].length, "", term.text, text));
      }
    }
  }
  return nonOverlapping(edits.filter((edit): edit is Edit => edit !== undefined));
};

// Between a Chinese verb and its object: an aspect particle, then a count (停了几次机, 停过一次机).
const HAN_ASPECT_GAP = "(?:了|过)(?:[几一两二三四五六七八九十]|多少)?(?:个|次|回|下)?";

// The heads of a count metric's Han term (安装量, 骑行次数, 退款笔数): what is left is the verb counted.
const COUNT_HEADS = ["数量", "次数", "笔数", "人次", "单量", "件数", "台数", "量", "数"];
// A count asked of that verb: an aspect particle, then 多少 or 几 (安装了多少台, 骑行过几次).
const COUNT_ASK = "(?:了|过)?(?=(?:一共|总共|共)?(?:多少|几))";

/**
 * A count metric asked with its verb (2024年1-4月一共安装了多少台 → 安装量): the Han term of a metric
 * whose unit is a count, less its count head, written right before 多少 or 几 with at most an
 * aspect particle between, is that metric.
 */
const countVerbs: Step = (current, lexicon, vocabulary) => {
  const { normalized, text } = current;
  const edits: Edit[] = [];
  for (const term of lexicon.hanTerms) {
    if (term.kind !== "metric" || vocabulary.catalog.metrics[term.name]?.unit !== "count") continue;
    const head = COUNT_HEADS.find((candidate) => term.text.endsWith(candidate));
    const stem = head ? term.text.slice(0, -head.length) : undefined;
    if (!stem || stem.length < 2 || !normalized.includes(stem)) continue;
    for (const match of normalized.matchAll(compiled(`${escapeRegex(stem)}${COUNT_ASK}`))) {
      const start = match.index;
      const end = start + match[0].length;
      if (coveredBy(current.fixed, start, end)) continue;
      edits.push({
        start,
        end,
        replacement: term.text,
        correction: { written: text.slice(start, end), corrected: term.text, reason: "measure_head" },
      });
    }
  }
  return nonOverlapping(edits);
};

/** The rewrite of a term written apart, or undefined when a catalog term or a time is inside it. */
function splitEdit(
  current: Stage,
  start: number,
  end: number,
  code: string,
  term: string,
  text: string,
  prefixLength = 0,
): Edit | undefined {
  if (coveredBy(current.fixed, start, end)) return undefined;
  // The code as the user wrote it (WMS), the rest as the catalog does (订票 before it, 版本 after).
  const written = text.slice(start, end);
  const codeStart = current.normalized.indexOf(code, start + prefixLength);
  const replacement = `${term.slice(0, prefixLength)}${text.slice(codeStart, codeStart + code.length)}${term.slice(prefixLength + code.length)}`;
  return {
    start,
    end,
    replacement: HAN.test(term) ? replacement : ` ${replacement} `,
    correction: { written, corrected: replacement.trim(), reason: "split_term" },
  };
}

const measureHeads: Step = (current, lexicon, _vocabulary, _asOf, ambiguous) => {
  const { normalized, text, mentions } = current;
  const edits: Edit[] = [];
  const metricMentions = mentions.filter((mention) => mention.kind === "metric");
  for (const [stem, metrics] of lexicon.stems) {
    // Most stems are not in the question: a substring test spares their patterns.
    if (!normalized.includes(stem)) continue;
    const han = HAN.test(stem);
    const heads = han ? CHINESE_HEADS : ENGLISH_HEADS;
    // A directional complement may sit between a verb stem and the head (退回来的比例).
    const pattern = han
      ? compiled(`${escapeRegex(stem)}(?:来|去)?(?:的)?(?:${heads.join("|")})`)
      : compiled(`(?<![a-z0-9])${escapeRegex(stem)}\\s+(?:${heads.join("|")})(?![a-z0-9])`);
    const found: { start: number; end: number; head?: { start: number; end: number } }[] = [];
    for (const match of normalized.matchAll(pattern))
      found.push({ start: match.index, end: match.index + match[0].length });
    // English also puts the head first: "the share of VIP members who bought again", "how often
    // did people send back product B" — the head phrase, a few words, then the stem.
    if (!han)
      for (const match of normalized.matchAll(
        compiled(
          `(?<![a-z0-9])(${ENGLISH_LEADING_HEADS})(?:\\s+[a-z']+){0,4}?\\s+${escapeRegex(stem)}(?![a-z0-9])`,
        ),
      )) {
        const stemStart = match.index + match[0].length - stem.length;
        const headEnd = match.index + match[1].length;
        found.push({
          start: stemStart,
          end: stemStart + stem.length,
          head: { start: match.index, end: headEnd },
        });
      }
    for (const { start, end, head } of found) {
      if (coveredBy(metricMentions, head?.start ?? start, end)) continue;
      if (head && coveredBy(metricMentions, head.end, start)) continue;
      const written = text.slice(head?.start ?? start, end);
      if (metrics.length > 1) {
        ambiguous.push({ written, candidates: metrics.map((metric) => metric.metric) });
        continue;
      }
      const replacement = metrics[0].replacement;
      if (normalizeForMatching(written) === replacement) continue;
      // A class synonym that leaves the span one wrong, non-homophone character away from a term
      // of the metric (回购率 for 复购率) is a guess the documented rule asks about, as 退货璟 is.
      // Only a class synonym's stem: the catalog's own stem with another head (退货比率) is no guess.
      const near =
        han && !lexicon.catalogStems.has(stem)
          ? nearMissOf(normalizeForMatching(written), metrics[0].metric, lexicon)
          : undefined;
      if (near) {
        if (!ambiguous.some((span) => span.written === written))
          ambiguous.push({ written, candidates: [near] });
        continue;
      }
      edits.push({
        start,
        end,
        replacement: han ? replacement : ` ${replacement} `,
        correction: { written, corrected: replacement, reason: "measure_head" },
      });
      if (head) edits.push({ start: head.start, end: head.end, replacement: " " });
    }
  }
  return nonOverlapping(edits);
};

/**
 * The metric's Han term that `window` misses by exactly one character that neither sounds alike
 * nor is a function character: the shape the homophone step asks about (退货璟, 回购率).
 */
function nearMissOf(window: string, metric: string, lexicon: Lexicon): string | undefined {
  if (window.length < 3 || !PURE_HAN.test(window)) return undefined;
  for (const term of lexicon.hanTerms) {
    if (term.kind !== "metric" || term.name !== metric || term.text.length !== window.length) continue;
    const wrong = [...window].flatMap((character, index) => (character === term.text[index] ? [] : [index]));
    if (wrong.length !== 1) continue;
    const [index] = wrong;
    if (FUNCTION_CHARACTERS.has(window[index]) || soundsAlikeFuzzy(window[index], term.text[index])) continue;
    return term.text;
  }
  return undefined;
}

// Words that carry no content of their own and may sit inside a phrasal verb ("send it back",
// "send something back"); at most TOPIC_GAP_WORDS of them, so "send our survey results back" is
// not the return policy.
const GAP_WORDS =
  "it|them|this|that|these|those|something|anything|everything|stuff|one|some|the|a|an|my|our|your|his|her|their";
const TOPIC_GAP_WORDS = 2;
// Between a Chinese verb and its object only an aspect particle or a classifier (退了货, 退过一次款).
const HAN_GAP = "(?:了|过)?(?:一)?(?:个|次|下)?";

/**
 * A policy question in other words than the topic's: a class synonym of a topic word (退回 for
 * 退货, "send back" for refund), a phrasal verb split by a pronoun ("send something back"), a
 * verb and its object split by a particle (退了货). Only in a question that names no metric,
 * event, dimension value, date or topic: there a measure head or a data reading wins.
 */
const topicPhrases: Step = (current, lexicon) => {
  const { normalized, text, mentions } = current;
  if (current.fixed.length > 0 || mentions.some((mention) => mention.kind === "topic")) return [];
  const edits: Edit[] = [];
  const phrases: [string, { topic: string; replacement: string }[]][] = [...lexicon.topicPhrases];
  // The topic's own two-character Han words, split by a particle (退了货 → 退货).
  for (const term of lexicon.hanTerms)
    if (term.kind === "topic" && term.text.length === 2)
      phrases.push([term.text, [{ topic: term.name, replacement: term.text }]]);
  for (const [phrase, topics] of phrases) {
    if (topics.length !== 1) continue;
    const han = HAN.test(phrase);
    const [first, ...rest] = han ? [phrase[0], phrase.slice(1)] : phrase.split(/\s+/u);
    if (!normalized.includes(first)) continue;
    const pattern = han
      ? compiled(`${escapeRegex(first)}${HAN_GAP}${escapeRegex(rest.join(""))}`)
      : compiled(
          `(?<![a-z0-9])${escapeRegex(first)}(?:\\s+(?:${GAP_WORDS})){0,${TOPIC_GAP_WORDS}}\\s+${rest.map(escapeRegex).join("\\s+")}(?![a-z0-9])`,
        );
    for (const match of normalized.matchAll(pattern)) {
      if (han && match[0] === phrase && topics[0].replacement === phrase) continue;
      const start = match.index;
      const end = start + match[0].length;
      const replacement = topics[0].replacement;
      edits.push({
        start,
        end,
        replacement: han ? replacement : ` ${replacement} `,
        correction: { written: text.slice(start, end), corrected: replacement, reason: "topic_phrase" },
      });
    }
  }
  return nonOverlapping(edits);
};

const runTogether: Step = (current, lexicon) => {
  const { normalized, text } = current;
  const edits: Edit[] = [];
  for (const match of normalized.matchAll(LATIN_TOKEN)) {
    const start = match.index;
    const end = start + match[0].length;
    if (coveredBy(current.mentions, start, end)) continue;
    const word = match[0];
    const plain = word.endsWith("s") && !lexicon.compact.has(word) ? word.slice(0, -1) : word;
    const term = lexicon.compact.get(plain);
    if (!term) continue;
    edits.push({
      start,
      end,
      replacement: term,
      correction: { written: text.slice(start, end), corrected: term, reason: "run_together" },
    });
  }
  return edits;
};

/** The catalog words nearest a word by typing distance (1, or 2 for 6+ letters), memoised per catalog. */
function nearestLatinWords(word: string, lexicon: Lexicon): { best: number; candidates: string[] } {
  const known = lexicon.nearest.get(word);
  if (known) return known;
  const limit = word.length >= 6 ? 2 : 1;
  let best = limit + 1;
  let candidates: string[] = [];
  for (const target of lexicon.latinWords) {
    if (Math.abs(target.length - word.length) > limit) continue;
    const value = typingDistance(word, target);
    if (value === 0 || value > limit) continue;
    if (value < best) {
      best = value;
      candidates = [target];
    } else if (value === best) candidates.push(target);
  }
  const found = { best, candidates };
  // Bounded: a long session of odd words must not grow the catalog's memory without limit.
  if (lexicon.nearest.size < 20_000) lexicon.nearest.set(word, found);
  return found;
}

const latinTypos: Step = (current, lexicon, vocabulary, _asOf, ambiguous) => {
  const { normalized, text } = current;
  const edits: Edit[] = [];
  for (const match of normalized.matchAll(LATIN_TOKEN)) {
    const start = match.index;
    const end = start + match[0].length;
    const word = match[0];
    if (word.length < 4 || PLAIN_WORDS.has(word) || lexicon.latinWords.has(word)) continue;
    // A catalog word with an inflectional ending ("rated", "claims") is that word, not a slip:
    // the vocabulary's word forms read it, or it keeps its own reading.
    if (isInflectionOf(word, lexicon.latinWords)) continue;
    if (coveredBy(current.mentions, start, end) || coveredBy(current.fixed, start, end)) continue;
    const { best, candidates } = nearestLatinWords(word, lexicon);
    if (candidates.length === 0) continue;
    // Keep a correction only if it completes a catalog term there ("retrun rate" → "return rate").
    const valid = candidates.filter((target) => {
      const trial = normalized.slice(0, start) + target + normalized.slice(end);
      return vocabulary
        .find(trial)
        .some((mention) => mention.start <= start && mention.end >= start + target.length);
    });
    const written = text.slice(start, end);
    if (valid.length > 1) ambiguous.push({ written, candidates: valid });
    if (valid.length !== 1) continue;
    // A distance of 2 on a whole one-word term is too loose ("change" is not "exchange").
    const completes = vocabulary
      .find(normalized.slice(0, start) + valid[0] + normalized.slice(end))
      .find((mention) => mention.start <= start && mention.end >= start + valid[0].length);
    if (best === 2 && completes && completes.text.trim() === valid[0]) continue;
    edits.push({
      start,
      end,
      replacement: valid[0],
      correction: { written, corrected: valid[0], reason: "typo" },
    });
  }
  return edits;
};

// Function characters: a window that differs from a term only by one of these is another phrase
// (退货的); so does the question word 几 (保修几年 asks how many years, it is no slip for 保修期).
const FUNCTION_CHARACTERS = new Set([..."的了是吗呢和与及在有么后前时中或几"]);

/** Where a window of the question could be a Han term with one character right: (term, offset) pairs. */
function hanCandidates(normalized: string, lexicon: Lexicon): { term: Term; start: number }[] {
  const seen = new Set<string>();
  const candidates: { term: Term; start: number }[] = [];
  for (let index = 0; index < normalized.length; index += 1) {
    for (const { term, position } of lexicon.hanIndex.get(normalized[index]) ?? []) {
      const start = index - position;
      if (start < 0 || start + term.text.length > normalized.length) continue;
      const key = `${start}:${term.text}:${term.name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      candidates.push({ term, start });
    }
  }
  return candidates;
}

/**
 * Fixed spans a homophone window may cover: only a value of the very dimension value the term
 * spells, lying whole inside it (华北 in 华北去 → 华北区). A time expression never (去年 stays 去年).
 */
function blocksWindow(current: Stage, term: Term, start: number, end: number): boolean {
  return current.fixed.some((span) => {
    if (!(span.start < end && start < span.end)) return false;
    const mention = span as Partial<Mention>;
    const extends_ =
      term.kind === "dimension" &&
      mention.kind === "dimension" &&
      mention.name === term.name &&
      mention.value === term.value &&
      span.start >= start &&
      span.end <= end;
    return !extends_;
  });
}

const hanHomophones: Step = (current, lexicon, _vocabulary, _asOf, ambiguous) => {
  // A dimension value or a date in the question: it asks for data, not for a policy passage.
  const dataShaped = current.fixed.some((span) => {
    const kind = (span as { kind?: string }).kind;
    return kind !== "metric" && kind !== "event";
  });
  const { normalized, text } = current;
  const edits: Edit[] = [];
  // Candidates come from an index of the terms' characters (one must be right), not from every
  // term over every window: the scan that was the planner's latency tail.
  for (const { term, start } of hanCandidates(normalized, lexicon)) {
    const length = term.text.length;
    const allowed = length >= 4 ? 2 : 1;
    const end = start + length;
    const window = normalized.slice(start, end);
    if (window === term.text || !PURE_HAN.test(window)) continue;
    if (blocksWindow(current, term, start, end)) continue;
    // Inside a longer term written right (退货政 of the topic 退货政策): part of a known word, no slip.
    if (
      current.mentions.some(
        (mention) => mention.start <= start && mention.end >= end && mention.end - mention.start > length,
      )
    )
      continue;
    const wrong: number[] = [];
    for (let index = 0; index < length; index += 1) if (window[index] !== term.text[index]) wrong.push(index);
    // At least one character must be right: a whole word of homophones is another word.
    if (wrong.length === 0 || wrong.length === length) continue;
    // One wrong character may be a fuzzy-pinyin slip (投述 for 投诉); two must sound alike exactly.
    const alike =
      wrong.length <= allowed &&
      wrong.every((index) =>
        wrong.length === 1
          ? soundsAlikeFuzzy(window[index], term.text[index])
          : soundsAlike(window[index], term.text[index]),
      );
    if (!alike) {
      // One wrong character in a metric of 3+ characters of a data question (退货璟, 回购率):
      // not clear enough to correct, too close to plan as something else — ask.
      if (
        dataShaped &&
        term.kind === "metric" &&
        length >= 3 &&
        wrong.length === 1 &&
        !FUNCTION_CHARACTERS.has(window[wrong[0]]) &&
        !ambiguous.some((span) => span.written === text.slice(start, end))
      )
        ambiguous.push({ written: text.slice(start, end), candidates: [term.text] });
      continue;
    }
    // A function character read as it is makes a phrase of its own (退货的): no correction —
    // unless it sits inside the span, between right characters, and reads exactly as the term's
    // character (退或率: 或 and 货 are both huo), where no phrase of its own fits.
    if (
      wrong.some(
        (index) =>
          FUNCTION_CHARACTERS.has(window[index]) &&
          !(index > 0 && index < length - 1 && soundsAlike(window[index], term.text[index])),
      )
    )
      continue;
    edits.push({
      start,
      end,
      replacement: term.text,
      correction: { written: text.slice(start, end), corrected: term.text, reason: "homophone" },
    });
  }
  return nonOverlapping(edits);
};

// "by region" asks for every member as much as "each region" does (a breakdown).
// Quantifiers, pair quantifiers (both, either) and determiners of the locale data.
const LATIN_QUANTIFIERS = new Set([
  ...localeWords("quantifiers", true),
  ...localeWords("pairQuantifiers", true),
]);
const LATIN_DETERMINERS = new Set(localeWords("determiners", true));
const longestFirst = (words: string[]) =>
  [...new Set(words)]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegex)
    .join("|");
// 按地区 / 分渠道 (a breakdown) asks for every member as 各地区 does.
const HAN_QUANTIFIER = longestFirst(localeWords("quantifiers", false));
const HAN_NUMERAL = "[两二三四五六七八九十]|\\d+";
// Classifiers between a numeral and its noun (三款产品, 两个区域, 四大区域, 三家门店).
const HAN_CLASSIFIER = longestFirst(localeWords("classifiers", false));

/** What a quantifier over a dimension says: every member, or a number of them. */
interface Quantified {
  start: number;
  end: number;
  dimension: string;
  han: boolean;
  noun: string;
  /** A numeral written with it ("the four regions", 三款产品); both/either count as two. */
  count?: number;
}

// "one" is left out: "the one region" names a region, it does not count them.
function latinNumber(word: string): number | undefined {
  return word !== "one" && /^(?:\d+|[a-z]+)$/.test(word) ? parseCount(word) : undefined;
}

/** English: [quantifier] [of] [the] [numeral] [modifier] noun, with a quantifier or a numeral. */
function latinQuantified(normalized: string, latin: Map<string, string>): Quantified[] {
  const words = [...normalized.matchAll(/[a-z0-9]+/gu)].map((match) => ({
    text: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
  const found: Quantified[] = [];
  const singular = (word: string) => [
    word,
    word.replace(/ies$/, "y"),
    word.replace(/es$/, ""),
    word.replace(/s$/, ""),
  ];
  words.forEach((word, index) => {
    // The noun: one word ("regions") or a two-word dimension name ("service zones").
    let dimension: string | undefined;
    let nounStart = index;
    let noun = word.text;
    const previous = words[index - 1];
    for (const form of singular(word.text)) {
      if (previous && latin.has(`${previous.text} ${form}`)) {
        dimension = latin.get(`${previous.text} ${form}`);
        nounStart = index - 1;
        noun = form;
        break;
      }
    }
    if (!dimension)
      for (const form of singular(word.text))
        if (latin.has(form)) {
          dimension = latin.get(form);
          noun = form;
          break;
        }
    if (!dimension) return;
    let cursor = nounStart - 1;
    let count: number | undefined;
    let quantifier: string | undefined;
    const number = cursor >= 0 ? latinNumber(words[cursor].text) : undefined;
    if (number !== undefined) {
      count = number;
      cursor -= 1;
    }
    while (cursor >= 0 && LATIN_DETERMINERS.has(words[cursor].text)) cursor -= 1;
    if (cursor >= 0 && LATIN_QUANTIFIERS.has(words[cursor].text)) quantifier = words[cursor].text;
    if (!quantifier && count === undefined) return;
    // "the four regions" needs its article or a quantifier; "4 regions" alone counts too.
    const first = quantifier ? words[cursor] : words[nounStart - 1];
    if (quantifier === "both" || quantifier === "either") count = 2;
    found.push({
      start: first.start,
      end: word.end,
      dimension,
      han: false,
      noun,
      ...(count ? { count } : {}),
    });
  });
  return found;
}

/** Chinese: [quantifier][numeral][classifier] noun, with a quantifier or a numeral (各个地区, 三款产品). */
function hanQuantified(normalized: string, han: Map<string, string>): Quantified[] {
  const found: Quantified[] = [];
  for (const [suffix, dimension] of han) {
    if (!normalized.includes(suffix)) continue;
    const pattern = compiled(
      `(${HAN_QUANTIFIER})?(${HAN_NUMERAL})?(?:${HAN_CLASSIFIER})?${escapeRegex(suffix)}`,
    );
    for (const match of normalized.matchAll(pattern)) {
      if (!match[1] && !match[2]) continue;
      // 这/那 only with a numeral (这三款产品), not alone (这款产品 is one product).
      if (!match[2] && /^[这那]$/u.test(match[1] ?? "")) continue;
      const numeral = match[2];
      const count = numeral ? parseCount(numeral) : undefined;
      let end = match.index + match[0].length;
      // The noun may head a longer word the segmenter keeps whole (区 in 区域).
      const word = [...SEGMENTER.segment(normalized.slice(end - suffix.length, end + 2))][0]?.segment;
      if (word?.startsWith(suffix) && word.length > suffix.length && PURE_HAN.test(word))
        end += word.length - suffix.length;
      found.push({
        start: match.index,
        end,
        dimension,
        han: true,
        noun: suffix,
        ...(count ? { count } : {}),
      });
    }
  }
  return found;
}

/**
 * A quantified dimension ("each product", 每个地区, "the four regions", 三款产品, "both plans")
 * becomes the list of its values: "product A, product B and product C", "华东、华北、华南和华西".
 * A numeral must match the catalog's count of values; when the question names some values of the
 * dimension itself ("华东和华北两个区域", 两区 after 华东…华北) the quantifier only counts those and is
 * left alone, accounted for; a numeral that matches neither asks which ones (never a plan for the
 * whole dimension).
 */
const quantifiers: Step = (current, _lexicon, vocabulary, _asOf, ambiguous, accounted) => {
  const { normalized, text } = current;
  const nouns = dimensionNouns(vocabulary);
  const edits: Edit[] = [];
  const namesOf = (dimension: string, han: boolean, noun: string) =>
    Object.entries(vocabulary.catalog.dimensions[dimension]?.values ?? {}).map(([value, synonyms]) => {
      const script = synonyms.filter((synonym) => HAN.test(synonym) === han);
      return (
        script.find((synonym) => synonym.toLowerCase().includes(noun)) ??
        script[0] ??
        value
      ).toLowerCase();
    });
  const listOf = (dimension: string, han: boolean, noun: string) => {
    const names = namesOf(dimension, han, noun);
    if (names.length < 2) return undefined;
    return han
      ? `${names.slice(0, -1).join("、")}和${names[names.length - 1]}`
      : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  };
  const quantified = [...latinQuantified(normalized, nouns.latin), ...hanQuantified(normalized, nouns.han)];
  for (const { start, end, dimension, han, noun, count } of quantified) {
    if (coveredBy(current.mentions, start, end)) continue;
    const members = Object.keys(vocabulary.catalog.dimensions[dimension]?.values ?? {}).length;
    // Values a quantifier can count: named before it (华东和华北两个区域, both regions after East and
    // North), or after it before the clause ends ("each of the East and North regions"). A value
    // of a later clause is that clause's own ("<metric> for each <dimension> …, and whether any
    // <event> for <value> …"): counting it left the quantifier unread and the metric filtered to
    // that one value.
    const clauseEnd = nextClauseBreak(normalized, end);
    const named = new Set(
      current.mentions
        .filter(
          (mention) => mention.name === dimension && (mention.end <= start || mention.start < clauseEnd),
        )
        .map((mention) => mention.value),
    ).size;
    if (named > 0) {
      // The values are written out: the quantifier counts them (两区 after 华东 and 华北 are those
      // two), so it is accounted for. A count that disagrees asks.
      if (count === named) accounted.push({ start, end });
      else if (count !== undefined && count !== members)
        ambiguous.push({ written: text.slice(start, end), candidates: namesOf(dimension, han, noun) });
      continue;
    }
    if (count !== undefined && count !== members) {
      // "两个区域" of four: which two is the user's to say.
      const written = text.slice(start, end);
      if (!ambiguous.some((span) => span.written === written))
        ambiguous.push({ written, candidates: namesOf(dimension, han, noun) });
      continue;
    }
    const replacement = listOf(dimension, han, noun);
    if (!replacement) continue;
    edits.push({
      start,
      end,
      replacement: han ? replacement : ` ${replacement} `,
      correction: { written: text.slice(start, end), corrected: replacement, reason: "quantifier" },
    });
  }
  return nonOverlapping(edits);
};

/** Every language's joining words, longest first: after a comma they open another clause. */
const CLAUSE_JOINERS = [...localeWords("connectives", true), ...localeWords("connectives", false)].sort(
  (left, right) => right.length - left.length,
);

/**
 * Where the clause holding a position ends: the next sentence mark or semicolon, or a comma
 * followed by a joining word (", and tell me whether …", "，并说明…"). A comma alone may set off an
 * apposition ("both countries, Germany and Japan, in May") and ends nothing.
 */
function nextClauseBreak(text: string, position: number): number {
  const marks = /[;；。?？!！]|\.(?!\d)|[,，]/gu;
  marks.lastIndex = position;
  for (let found = marks.exec(text); found; found = marks.exec(text)) {
    if (!/[,，]/u.test(found[0])) return found.index;
    const after = text.slice(found.index + 1).trimStart();
    if (
      CLAUSE_JOINERS.some((joiner) => after.startsWith(joiner) && !/^[a-z]/u.test(after.slice(joiner.length)))
    )
      return found.index;
  }
  return text.length;
}

/**
 * A dimension value written without the noun its synonyms carry, right before a metric or an
 * event: 物流投诉 when the catalog says 物流类 (category nouns 类), 华中 never (no synonym).
 * Only one value may read so; the stem must be a whole word and no catalog term itself.
 */
const valueNouns: Step = (current, _lexicon, vocabulary) => {
  const { normalized, text, mentions } = current;
  // Every stem read here is pure Han: a question without Han has none, and folding the catalog's
  // synonyms for it would build OpenCC's dictionary in a cold English `plan` for nothing.
  if (!HAN.test(normalized)) return [];
  const nouns = dimensionNouns(vocabulary).han;
  const readings = new Map<string, Set<string>>();
  for (const [dimension, definition] of Object.entries(vocabulary.catalog.dimensions))
    for (const [value, synonyms] of Object.entries(definition.values))
      for (const synonym of synonyms) {
        const folded = normalizeForMatching(synonym);
        for (const [noun, owner] of nouns) {
          if (owner !== dimension || !folded.endsWith(noun)) continue;
          const stem = folded.slice(0, -noun.length);
          if (stem.length < 2 || !PURE_HAN.test(stem) || !normalized.includes(stem)) continue;
          readings.set(
            stem,
            (readings.get(stem) ?? new Set()).add(`${dimension}\u0000${value}\u0000${folded}`),
          );
        }
      }
  if (readings.size === 0) return [];
  const boundaries = chineseWordBoundaries(normalized);
  const anchors = mentions.filter((mention) => mention.kind === "metric" || mention.kind === "event");
  const edits: Edit[] = [];
  for (const [stem, read] of readings) {
    const values = new Set([...read].map((entry) => entry.split("\u0000").slice(0, 2).join(":")));
    if (values.size !== 1) continue;
    const replacement = [...read][0].split("\u0000")[2];
    for (let start = normalized.indexOf(stem); start >= 0; start = normalized.indexOf(stem, start + 1)) {
      const end = start + stem.length;
      if (coveredBy(current.fixed, start, end) || !boundaries.has(start) || !boundaries.has(end)) continue;
      const next = normalized[end] === "的" ? end + 1 : end;
      if (!anchors.some((anchor) => anchor.start === next)) continue;
      edits.push({
        start,
        end,
        replacement,
        correction: { written: text.slice(start, end), corrected: replacement, reason: "value_noun" },
      });
    }
  }
  return nonOverlapping(edits);
};
