import { stemmer } from "stemmer";
import type { SpanCorrection } from "./span-correction.js";
import { ENGLISH_STOP_WORDS } from "./stop-words.js";

/**
 * English word forms of catalog terms: a question's words are matched against the catalog's
 * Latin terms by Porter stem, word by word and in order ("install" → installs, "conditioners" →
 * air conditioner, "repairs rate" → repair rate), after exact synonyms have had their turn.
 * A hyphen between letters counts as a space ("air-conditioner" → air conditioner).
 */

/** A catalog term as the index sees it: its folded text and what it names. */
export interface FormTerm {
  text: string;
  kind: string;
  name: string;
  value?: string;
}

/** How a term was found by its word form: the catalog text it was read as. */
export interface WordFormReading {
  /** The catalog term's text the span was read as. */
  term: string;
  /**
   * Every word that differs is the catalog's word with an inflectional ending added (-s, -es,
   * -ed, -ing: "claim rates", "churned", "air conditioners"), or, in a term of several words, a
   * plural written singular ("guest complaint"): the same word, no note. Otherwise (a bare verb
   * for a plural noun, a derived word: "install" for installs, "renovated" for renovation) the
   * reading is a correction the user is told about.
   */
  plainInflection: boolean;
}

/** A span of the question read as a catalog term by its word forms. */
export interface WordFormMatch<T extends FormTerm> {
  start: number;
  end: number;
  term: T;
  reading: WordFormReading;
}

/**
 * Replaces a hyphen between two letters by a space. The length stays the same, so offsets found
 * in the folded text point into the question as written (see normalize-text.ts).
 */
export function foldHyphens(text: string): string {
  return text.includes("-") ? text.replace(/(?<=[a-z])-(?=[a-z])/gu, " ") : text;
}

// Words shorter than this are matched only as written: a stem of two letters says little.
const MIN_STEMMED_LENGTH = 3;
const WORD = /[a-z][a-z0-9]*(?:['’][a-z]+)?/gu;
const stems = new Map<string, string>();

/** The Porter stem of a word, memoised (a bounded cache: odd words must not grow it forever). */
function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    stem = stemmer(word);
    if (stems.size < 50_000) stems.set(word, stem);
  }
  return stem;
}

/** A possessive ending is no part of the word: "conditioner's" is "conditioner". */
function bareWord(token: string): string {
  return token.replace(/['’]s?$/u, "");
}

/** `written` is `word` with an inflectional ending added (plural, verb -s/-ed/-ing). */
export function isPlainInflection(written: string, word: string): boolean {
  if (written === word) return true;
  if (!written.startsWith(word.slice(0, -1))) return false;
  const last = word[word.length - 1];
  const forms = [`${word}s`, `${word}es`, `${word}ed`, `${word}ing`, `${word}${last}ed`, `${word}${last}ing`];
  if (last === "e") forms.push(`${word}d`, `${word.slice(0, -1)}ing`);
  if (last === "y") forms.push(`${word.slice(0, -1)}ies`, `${word.slice(0, -1)}ied`);
  return forms.includes(written);
}

/** `plural` is `singular` with a plural ending (rooms, boxes, companies). */
function isPlural(plural: string, singular: string): boolean {
  return (
    plural === `${singular}s` ||
    plural === `${singular}es` ||
    (singular.endsWith("y") && plural === `${singular.slice(0, -1)}ies`)
  );
}

/** `written` is one of `words` with an inflectional ending added ("rated" of rate, "claims" of claim). */
export function isInflectionOf(written: string, words: ReadonlySet<string>): boolean {
  const bases = [
    ...["s", "es", "ed", "d", "ing"].map((ending) =>
      written.endsWith(ending) ? written.slice(0, -ending.length) : "",
    ),
    written.replace(/ing$/u, "e"),
    written.replace(/i(?:es|ed)$/u, "y"),
    written.replace(/(.)\1(?:ed|ing)$/u, "$1"),
  ];
  return bases.some((base) => base !== written && words.has(base) && isPlainInflection(written, base));
}

interface IndexedTerm<T extends FormTerm> {
  term: T;
  entry: string;
  words: string[];
  stems: string[];
}

interface Token {
  word: string;
  start: number;
  end: number;
}

function addEntry(map: Map<string, Set<string>>, key: string, entry: string): void {
  const entries = map.get(key) ?? new Set<string>();
  entries.add(entry);
  map.set(key, entries);
}

function entryOf(term: FormTerm): string {
  return `${term.kind}\u0000${term.name}\u0000${term.value ?? ""}`;
}

/** The catalog's Latin terms indexed by the stem of their first word, built once per catalog. */
export class EnglishWordForms<T extends FormTerm> {
  private readonly byFirstStem = new Map<string, IndexedTerm<T>[]>();
  /** Each stem → the catalog entries (metric, event, topic, dimension value) with a word of that stem. */
  private readonly entriesByStem = new Map<string, Set<string>>();

  constructor(terms: readonly T[]) {
    for (const term of terms) {
      if (!/^[a-z0-9' ]+$/u.test(term.text)) continue;
      const words = term.text.split(" ").filter((word) => word.length > 0);
      if (words.length === 0 || !words.every((word) => /^[a-z]/u.test(word))) continue;
      const indexed: IndexedTerm<T> = { term, entry: entryOf(term), words, stems: words.map(stemOf) };
      const list = this.byFirstStem.get(indexed.stems[0]) ?? [];
      list.push(indexed);
      this.byFirstStem.set(indexed.stems[0], list);
      for (const stem of indexed.stems) addEntry(this.entriesByStem, stem, indexed.entry);
    }
  }

  /**
   * How a written word may stand for a catalog word of another form with the same stem, if at
   * all. Never a stop word ("changed", "count"). Freely ("unique") when no other entry of the
   * catalog has a word of that stem — so "return" in "can I return a damaged item?" stays the
   * return-policy topic's word and never becomes the returns metric, and "rated" (rate, rating)
   * alone is read as nothing rather than guessed. Inside a term of several words, also as the
   * same word inflected ("inflected": "dirty room" for dirty rooms, "repairs rate" for repair
   * rate), which needs another word of the term written exactly to say which entry is meant.
   */
  private stands(
    written: string,
    word: string,
    stem: string,
    entry: string,
    alone: boolean,
  ): "unique" | "inflected" | undefined {
    if (written.length < MIN_STEMMED_LENGTH || ENGLISH_STOP_WORDS.has(written)) return undefined;
    const entries = this.entriesByStem.get(stem);
    if (entries === undefined || [...entries].every((other) => other === entry)) return "unique";
    if (!alone && (isPlainInflection(written, word) || isPlural(word, written))) return "inflected";
    return undefined;
  }

  /**
   * Terms found by word form in a question already folded for matching (normalize-text.ts and
   * foldHyphens), over the spans `isFree` allows: exact synonyms are found first, elsewhere.
   * At each word the candidate with the most words wins, then the one with fewer words changed;
   * candidates of different entries that tie are left alone (no guess between two terms).
   */
  find(folded: string, isFree: (start: number, end: number) => boolean): WordFormMatch<T>[] {
    const tokens: Token[] = [...folded.matchAll(WORD)].map((match) => ({
      word: bareWord(match[0]),
      start: match.index,
      end: match.index + match[0].length,
    }));
    const found: WordFormMatch<T>[] = [];
    for (let index = 0; index < tokens.length; index += 1) {
      const first = tokens[index];
      const candidates = this.byFirstStem.get(stemOf(first.word));
      if (!candidates) continue;
      let best: { indexed: IndexedTerm<T>; changed: number; plain: boolean; gap: number }[] = [];
      for (const indexed of candidates) {
        const fit = this.fit(indexed, tokens, index, folded, isFree);
        if (!fit) continue;
        const leader = best[0];
        const better =
          !leader ||
          indexed.words.length > leader.indexed.words.length ||
          (indexed.words.length === leader.indexed.words.length && fit.changed < leader.changed);
        const tied =
          leader && indexed.words.length === leader.indexed.words.length && fit.changed === leader.changed;
        const candidate = { indexed, ...fit };
        if (better) best = [candidate];
        else if (tied) best.push(candidate);
      }
      if (best.length === 0) continue;
      if (new Set(best.map((candidate) => candidate.indexed.entry)).size > 1) continue;
      // Of one entry's terms, the one written most alike: a plain inflection, then the nearest length.
      const chosen = [...best].sort((a, b) => Number(b.plain) - Number(a.plain) || a.gap - b.gap)[0];
      const last = tokens[index + chosen.indexed.words.length - 1];
      found.push({
        start: first.start,
        end: last.end,
        term: chosen.indexed.term,
        reading: { term: chosen.indexed.term.text, plainInflection: chosen.plain },
      });
      index += chosen.indexed.words.length - 1;
    }
    return found;
  }

  /** Whether the term's words match the tokens from `index` on, and how many were written otherwise. */
  private fit(
    indexed: IndexedTerm<T>,
    tokens: Token[],
    index: number,
    folded: string,
    isFree: (start: number, end: number) => boolean,
  ): { changed: number; plain: boolean; gap: number } | undefined {
    const count = indexed.words.length;
    if (index + count > tokens.length) return undefined;
    let changed = 0;
    let plain = true;
    let gap = 0;
    let anchored = false;
    let needsAnchor = false;
    for (let offset = 0; offset < count; offset += 1) {
      const token = tokens[index + offset];
      const previous = tokens[index + offset - 1];
      // The words of a term stand together, with nothing but spaces between them.
      if (offset > 0 && !/^\s+$/u.test(folded.slice(previous.end, token.start))) return undefined;
      const word = indexed.words[offset];
      if (token.word === word) {
        anchored = true;
        continue;
      }
      const stem = indexed.stems[offset];
      if (word.length < MIN_STEMMED_LENGTH || stemOf(token.word) !== stem) return undefined;
      const inflected = isPlainInflection(token.word, word) || isPlural(word, token.word);
      // A dimension value is a name: only its own inflections are it ("basically" is no Basic plan,
      // "directions" no Direct channel), while a measure is reached from its verb (install).
      if (indexed.term.kind === "dimension" && !inflected) return undefined;
      const standing = this.stands(token.word, word, stem, indexed.entry, count === 1);
      if (!standing) return undefined;
      if (standing === "inflected") needsAnchor = true;
      changed += 1;
      gap += Math.abs(token.word.length - word.length);
      // In a term of several words a plural written singular is the same word too ("guest
      // complaint" for guest complaints); a lone word may be a verb ("install" for installs).
      if (!isPlainInflection(token.word, word) && (count === 1 || !isPlural(word, token.word))) plain = false;
    }
    // Every word as written: the exact lookup's business, not this one's.
    if (changed === 0 || (needsAnchor && !anchored)) return undefined;
    if (!isFree(tokens[index].start, tokens[index + count - 1].end)) return undefined;
    return { changed, plain, gap };
  }
}

/**
 * The notes for terms read by a word form that is not a plain inflection ("read 'install' as
 * 'installs'"), from the mentions of the question `text` they were found in.
 */
export function wordFormCorrections(
  mentions: readonly { start: number; end: number; wordForm?: WordFormReading }[],
  text: string,
): SpanCorrection[] {
  return mentions
    .filter((mention) => mention.wordForm && !mention.wordForm.plainInflection)
    .map((mention) => ({
      written: text.slice(mention.start, mention.end),
      corrected: mention.wordForm?.term ?? "",
      reason: "word_form" as const,
    }));
}
