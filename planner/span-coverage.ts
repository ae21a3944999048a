import type { SpanUse } from "../models/plan.js";
import { dimensionNouns } from "./dimension-nouns.js";
import { localeWords } from "./locales/index.js";
import { CHINESE_LOCATIVES, CHINESE_STOP_WORDS, ENGLISH_STOP_WORDS } from "./stop-words.js";
import type { TimeMention } from "./time-expressions.js";
import type { UnknownTerm } from "./unknown-terms.js";
import type { Mention, Vocabulary } from "./vocabulary.js";

/** What coverage accounting reads of a question, all offsets in the resolved text. */
export interface CoverageInput {
  /** The question after resolution (corrections applied), as the user's script. */
  working: string;
  /** The same text folded (same length). */
  normalized: string;
  mentions: Mention[];
  times: TimeMention[];
  /** Spans the resolver accounted for (a quantifier counting the values named: 两区, either region). */
  accounted: { start: number; end: number }[];
  unknownTerms: UnknownTerm[];
  /** The policy question, or the policy clauses of a data question: their words are the search's query. */
  searched: { start: number; end: number }[];
  /** Clauses reported in a note as not planned (a document ask no topic covers): their words are unknown. */
  reported: { start: number; end: number }[];
}

let segmenter: Intl.Segmenter | undefined;
const functionWordSets = new WeakMap<Vocabulary, Set<string>>();

/** Every word the locales mark as carrying no content, and the workspace's dimension nouns. */
function functionWords(vocabulary: Vocabulary): Set<string> {
  const cached = functionWordSets.get(vocabulary);
  if (cached) return cached;
  const words = new Set<string>([...CHINESE_STOP_WORDS, ...ENGLISH_STOP_WORDS, ...CHINESE_LOCATIVES]);
  for (const spaced of [true, false])
    for (const concept of [
      "interrogatives",
      "requestWords",
      "connectives",
      "quantifiers",
      "pairQuantifiers",
      "determiners",
      "classifiers",
      "changeGapWords",
      // A change verb beside its event (换了几次物流服务商) says the change the event is.
      "changeVerbs",
      "pairReferences",
    ] as const)
      for (const word of localeWords(concept, spaced)) {
        words.add(word);
        // A phrase ("as well as", "the two") is read word by word.
        if (spaced && word.includes(" ")) for (const part of word.split(" ")) words.add(part);
      }
  const nouns = dimensionNouns(vocabulary);
  for (const noun of [...nouns.latin.keys(), ...nouns.han.keys()]) {
    words.add(noun);
    words.add(`${noun}s`);
    // A noun of several words ("cargo line") is read word by word: each is the noun's.
    for (const word of noun.split(" ")) if (noun.includes(" ") && word.length >= 3) words.add(word);
  }
  functionWordSets.set(vocabulary, words);
  return words;
}

const HAN = /[\u4e00-\u9fff]/u;
const LONGEST_FUNCTION_WORD = 4;

/**
 * Han function words found by longest match (一共有 → 一共 + 有, 怎么样), since the word segmenter
 * may cut a function word across its own segments.
 */
function hanFunctionRanges(normalized: string, known: Set<string>): { start: number; end: number }[] {
  const ranges: { start: number; end: number }[] = [];
  for (let index = 0; index < normalized.length; ) {
    let length = 0;
    if (HAN.test(normalized[index]))
      for (let size = LONGEST_FUNCTION_WORD; size >= 1; size -= 1)
        if (known.has(normalized.slice(index, index + size))) {
          length = size;
          break;
        }
    if (length > 0) ranges.push({ start: index, end: index + length });
    index += Math.max(length, 1);
  }
  return ranges;
}

const entryWords = new WeakMap<Vocabulary, Map<string, string[]>>();

/** Each catalog entry's words (Latin words, Han pieces of two or more characters), built once per catalog. */
function wordsOfEntries(vocabulary: Vocabulary): Map<string, string[]> {
  const cached = entryWords.get(vocabulary);
  if (cached) return cached;
  const byEntry = new Map<string, string[]>();
  for (const entry of vocabulary.entries()) {
    const key = `${entry.kind}\u0000${entry.name}\u0000${entry.value ?? ""}`;
    const words = byEntry.get(key) ?? [];
    const text = entry.text.toLowerCase();
    for (const word of text.split(/[^a-z0-9]+/u)) if (word.length >= 2) words.push(word);
    const han = [...text].filter((character) => HAN.test(character)).join("");
    for (let size = 2; size <= han.length; size += 1)
      for (let index = 0; index + size <= han.length; index += 1) words.push(han.slice(index, index + size));
    byEntry.set(key, words);
  }
  entryWords.set(vocabulary, byEntry);
  return byEntry;
}

/**
 * Words of the mentioned entries' own synonyms ("version" and 发布 of a CRM release named as
 * CRM模块, VIP of a repurchase rate): written beside the term they repeat part of it.
 */
function ownWords(mentions: Mention[], vocabulary: Vocabulary): Map<string, Mention> {
  const byEntry = wordsOfEntries(vocabulary);
  const words = new Map<string, Mention>();
  for (const mention of mentions)
    for (const word of byEntry.get(`${mention.kind}\u0000${mention.name}\u0000${mention.value ?? ""}`) ?? [])
      words.set(word, mention);
  return words;
}

/** An English word's forms without an inflection: released → release, versions → version. */
const stems = (word: string) => [
  word,
  word.replace(/(?:ed|d|s|es|ing)$/u, ""),
  word.replace(/(?:ed|es|ing)$/u, "e"),
];

const inside = (span: { start: number; end: number }, start: number, end: number) =>
  span.start < end && start < span.end;

function periodsText(time: TimeMention): string {
  return time.periods.map((period) => `${period.from}..${period.to}`).join(", ") || time.kind;
}

/**
 * Every span of the question and what it became (issue 25, coverage accounting): a catalog term
 * (metric, event, topic, dimension value), a time span with its periods, a quantifier standing
 * for values the question named, a function word, the search query of a policy question, an
 * unknown term (refused or asked back) — or `unused`: a content word that nothing read, which the
 * planner then reports in a note rather than dropping in silence.
 */
export function spanCoverage(input: CoverageInput, vocabulary: Vocabulary): SpanUse[] {
  segmenter ??= new Intl.Segmenter("zh", { granularity: "word" });
  const { working, normalized } = input;
  const known = functionWords(vocabulary);
  const uses: SpanUse[] = [];
  const push = (start: number, end: number, role: SpanUse["role"], became?: string) => {
    const last = uses[uses.length - 1];
    // Neighbouring words of one reading are one span (two words of one unused phrase, one term).
    if (
      last &&
      last.role === role &&
      last.became === became &&
      (role !== "function_word" || last.end === start)
    ) {
      last.end = end;
      last.text = working.slice(last.start, end);
      return;
    }
    uses.push({ text: working.slice(start, end), start, end, role, ...(became ? { became } : {}) });
  };
  const functionRanges = hanFunctionRanges(normalized, known);
  const mentionedWords = ownWords(input.mentions, vocabulary);
  let covered = 0;
  for (const segment of segmenter.segment(normalized)) {
    const start = segment.index;
    const end = start + segment.segment.length;
    if (!segment.isWordLike || end <= covered) continue;
    const mention = input.mentions.find((candidate) => inside(candidate, start, end));
    if (mention) {
      const became = `${mention.kind}:${mention.name}${mention.value ? `=${mention.value}` : ""}`;
      push(Math.min(start, mention.start), Math.max(end, mention.end), mention.kind, became);
      covered = Math.max(end, mention.end);
      continue;
    }
    const time = input.times.find((candidate) => inside(candidate, start, end));
    if (time) {
      push(Math.min(start, time.start), Math.max(end, time.end), "time", periodsText(time));
      covered = Math.max(end, time.end);
      continue;
    }
    if (input.accounted.some((span) => inside(span, start, end))) {
      push(start, end, "quantifier");
      continue;
    }
    const text = segment.segment;
    const withinFunctionWords = [...segment.segment].every((_, offset) =>
      functionRanges.some((range) => range.start <= start + offset && start + offset < range.end),
    );
    if (known.has(text) || /^\d+$/u.test(text) || (HAN.test(text) && withinFunctionWords)) {
      push(start, end, "function_word");
      continue;
    }
    // A Han piece right beside a term that completes a synonym of it (更换物流|商 of 物流商).
    const neighbour = input.mentions.find((mention) => mention.end === start || mention.start === end);
    const completes =
      neighbour && HAN.test(text)
        ? [1, 2, 3].some((size) => {
            const joined =
              neighbour.end === start
                ? normalized.slice(neighbour.end - size, neighbour.end) + text
                : text + normalized.slice(neighbour.start, neighbour.start + size);
            return mentionedWords.get(joined) === neighbour;
          })
        : false;
    const owner = completes
      ? neighbour
      : stems(text)
          .map((form) => mentionedWords.get(form))
          .find((mention) => mention !== undefined);
    if (owner) {
      push(start, end, owner.kind, `${owner.kind}:${owner.name}${owner.value ? `=${owner.value}` : ""}`);
      continue;
    }
    const written = working.slice(start, end);
    if (input.unknownTerms.some((term) => term.text.includes(written) || written.includes(term.text))) {
      push(start, end, "unknown");
      continue;
    }
    if (input.reported.some((span) => inside(span, start, end))) {
      push(start, end, "unknown");
      continue;
    }
    push(start, end, input.searched.some((span) => inside(span, start, end)) ? "query" : "unused");
  }
  return uses;
}
