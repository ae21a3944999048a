import type { Catalog } from "../models/workspace.js";
import { EnglishWordForms, foldHyphens, type WordFormReading } from "./english-word-forms.js";
import { localeWords } from "./locales/index.js";
import { normalizeForMatching } from "./normalize-text.js";

/** What a catalog term names. */
export type MentionKind = "metric" | "dimension" | "event" | "topic";

/** A catalog term found in a question. Offsets are in the normalised question (same as the original's). */
export interface Mention {
  kind: MentionKind;
  /** Metric, dimension, event or topic name. */
  name: string;
  /** For dimensions: the canonical value (A, East). */
  value?: string;
  start: number;
  end: number;
  text: string;
  /** Set when the term was found by an English word form of it (install → installs), not as written. */
  wordForm?: WordFormReading;
}

/** A span of the question taken by one match, with the mentions it gave. */
interface Claim {
  start: number;
  end: number;
  mentions: Mention[];
}

/** A catalog term as matched: its folded text and what it names. */
export interface Term {
  text: string;
  kind: MentionKind;
  name: string;
  value?: string;
}

/**
 * What building a vocabulary derives from a catalog (folded terms, bare values, list patterns):
 * all a Vocabulary needs besides the catalog itself, as plain data, so that
 * `planner/vocabulary-cache.ts` can keep it on disk between processes.
 */
export interface VocabularySnapshot {
  /** Folded terms, longest first. */
  terms: Term[];
  /** Short upper-case value → its one dimension. */
  bareValues: [string, string][];
  /** Each list pattern's source; compiled with ENUMERATION_FLAGS. */
  enumerations: { dimension: string; values: string[]; pattern: string }[];
}

const ENUMERATION_FLAGS = "gu";

const WORD_CHARACTER = /[a-z0-9]/;
/** Short values that are also English words written capitalised at a sentence start. */
const SENTENCE_WORDS = new Set(["A", "I"]);
// Between two values of one list: a connective of the locale data (和, 以及; and, or, vs) or a mark.
const LIST_JOINER = `(?:\\s*(?:${[
  ...localeWords("connectives", false).map(escapeRegex),
  ...localeWords("connectives", true).map((word) => `\\b${escapeRegex(word)}\\b\\.?`),
].join("|")}|、|,|/|&)\\s*)`;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The catalog's vocabulary, ready to find terms in questions: metric, event and topic synonyms,
 * dimension values with their synonyms, in any script and case. Built once per workspace.
 */
export class Vocabulary {
  private readonly terms: Term[] = [];
  /** Upper-case short values (A, B) that belong to exactly one dimension, found when written alone. */
  private readonly bareValues = new Map<string, string>();
  private readonly enumerations: { dimension: string; values: string[]; regex: RegExp }[] = [];
  private readonly wordForms: EnglishWordForms<Term>;

  /** Builds the vocabulary of a catalog, or takes what an earlier build of the same catalog derived. */
  constructor(
    readonly catalog: Catalog,
    snapshot?: VocabularySnapshot,
  ) {
    if (snapshot) {
      this.terms.push(...snapshot.terms);
      for (const [value, dimension] of snapshot.bareValues) this.bareValues.set(value, dimension);
      for (const { dimension, values, pattern } of snapshot.enumerations)
        this.enumerations.push({ dimension, values, regex: new RegExp(pattern, ENUMERATION_FLAGS) });
      this.wordForms = new EnglishWordForms(this.terms);
      return;
    }
    const add = (text: string, kind: MentionKind, name: string, value?: string) => {
      // A hyphen between letters is a space for matching: "logistics-provider change", "check-out".
      const folded = foldHyphens(normalizeForMatching(text.trim()));
      if (folded.length === 0) return;
      this.terms.push({ text: folded, kind, name, ...(value ? { value } : {}) });
    };
    for (const [name, metric] of Object.entries(catalog.metrics)) {
      add(name.replace(/_/g, " "), "metric", name);
      if (metric.label) add(metric.label, "metric", name);
      for (const synonym of metric.synonyms) add(synonym, "metric", name);
    }
    for (const [name, event] of Object.entries(catalog.events)) {
      add(name.replace(/_/g, " "), "event", name);
      if (event.label) add(event.label, "event", name);
      for (const synonym of event.synonyms) add(synonym, "event", name);
    }
    for (const [name, topic] of Object.entries(catalog.topics)) {
      add(name.replace(/_/g, " "), "topic", name);
      if (topic.label) add(topic.label, "topic", name);
      for (const synonym of topic.synonyms) add(synonym, "topic", name);
    }
    const canonicalTerms: Term[] = [];
    for (const [dimension, definition] of Object.entries(catalog.dimensions)) {
      for (const [value, synonyms] of Object.entries(definition.values)) {
        // A canonical value of one or two letters (A, B) is only a term inside a synonym (A产品, product A).
        if (value.length > 2) {
          add(value, "dimension", dimension, value);
          canonicalTerms.push(this.terms[this.terms.length - 1]);
        }
        for (const synonym of synonyms) add(synonym, "dimension", dimension, value);
      }
      this.addEnumerations(dimension, definition.values);
    }
    const owners = new Map<string, string[]>();
    for (const [dimension, definition] of Object.entries(catalog.dimensions)) {
      for (const value of Object.keys(definition.values))
        if (value.length <= 2 && /^[A-Z0-9]+$/.test(value))
          owners.set(value, [...(owners.get(value) ?? []), dimension]);
    }
    for (const [value, dimensions] of owners)
      if (dimensions.length === 1) this.bareValues.set(value, dimensions[0]);
    // A canonical value that is a word of another dimension's synonym (category "Product" in
    // "product A") would swallow "product Z": keep only its synonyms.
    const ambiguous = (term: Term) =>
      this.terms.some(
        (other) =>
          other.name !== term.name &&
          other.text !== term.text &&
          new RegExp(`(?:^|\\s)${escapeRegex(term.text)}(?:\\s|$)`, "u").test(other.text),
      );
    const canonical = new Set(canonicalTerms.filter(ambiguous));
    for (let index = this.terms.length - 1; index >= 0; index -= 1)
      if (canonical.has(this.terms[index])) this.terms.splice(index, 1);
    // Longest first, so 华东区 wins over 华东 and "return rate" over "returns".
    this.terms.sort((a, b) => b.text.length - a.text.length);
    this.wordForms = new EnglishWordForms(this.terms);
  }

  /**
   * Lists of short values sharing an affix, e.g. "A和B产品", "products A and B", "产品A与B":
   * the affix is learnt from the synonyms (A产品 → suffix 产品; product A → prefix "product ").
   */
  private addEnumerations(dimension: string, values: Record<string, string[]>): void {
    const short = Object.keys(values).filter((value) => value.length <= 2);
    if (short.length < 2) return;
    const prefixes = new Set<string>();
    const suffixes = new Set<string>();
    for (const value of short) {
      const lowered = value.toLowerCase();
      for (const synonym of values[value]) {
        const folded = normalizeForMatching(synonym);
        if (folded.startsWith(lowered) && folded.length > lowered.length)
          suffixes.add(folded.slice(lowered.length).trim());
        if (folded.endsWith(lowered) && folded.length > lowered.length)
          prefixes.add(folded.slice(0, -lowered.length).trim());
      }
    }
    const valuePattern = `(?:${short.map((value) => escapeRegex(value.toLowerCase())).join("|")})`;
    const list = `${valuePattern}(?:${LIST_JOINER}${valuePattern})+`;
    for (const suffix of suffixes) {
      const plural = /[a-z]$/.test(suffix) ? "s?" : "";
      this.enumerations.push({
        dimension,
        values: short,
        regex: new RegExp(
          `(?<![a-z0-9])(${list})\\s*(?:两款|两个|两种|三款|三个|两|三)?\\s*${escapeRegex(suffix)}${plural}(?![a-z])`,
          ENUMERATION_FLAGS,
        ),
      });
    }
    for (const prefix of prefixes) {
      const plural = /[a-z]$/.test(prefix) ? "s?" : "";
      this.enumerations.push({
        dimension,
        values: short,
        regex: new RegExp(
          `(?<![a-z0-9])${escapeRegex(prefix)}${plural}\\s*(${list})(?![a-z0-9])`,
          ENUMERATION_FLAGS,
        ),
      });
    }
  }

  /**
   * Finds catalog terms in a normalised question; longest non-overlapping matches, in order.
   * Exact synonyms first; then, over what they leave, English word forms of the Latin terms by
   * stem (english-word-forms.ts: "install" → installs, "repairs rate" → repair rate), each such
   * mention carrying its `wordForm`. A hyphen between letters matches a space.
   * With the original text, a short value written alone in capitals ("the return rate of A in
   * East China", "A的退货率") counts too, unless it starts a sentence (the English article "A").
   */
  find(question: string, original?: string): Mention[] {
    // "air-conditioner" is the term "air conditioner": same length, so offsets stay the question's.
    const normalized = foldHyphens(question);
    // Each character → the claim holding it, so a longer word-form match can take over the
    // claims it wholly covers ("CRM released" → CRM release, over the shorter term "CRM").
    const owner: (Claim | undefined)[] = new Array(normalized.length).fill(undefined);
    const mentions: Mention[] = [];
    const claim = (start: number, end: number): Claim | undefined => {
      for (let index = start; index < end; index += 1) if (owner[index]) return undefined;
      const held: Claim = { start, end, mentions: [] };
      for (let index = start; index < end; index += 1) owner[index] = held;
      return held;
    };
    const record = (held: Claim, mention: Mention) => {
      held.mentions.push(mention);
      mentions.push(mention);
    };
    for (const enumeration of this.enumerations) {
      for (const match of normalized.matchAll(enumeration.regex)) {
        const held = claim(match.index, match.index + match[0].length);
        if (!held) continue;
        const listStart = match.index + match[0].indexOf(match[1]);
        const valueRegex = new RegExp(
          `(?<![a-z0-9])(${enumeration.values.map((value) => escapeRegex(value.toLowerCase())).join("|")})(?![a-z0-9])`,
          "gu",
        );
        for (const valueMatch of match[1].matchAll(valueRegex)) {
          const value =
            enumeration.values.find((candidate) => candidate.toLowerCase() === valueMatch[1]) ??
            valueMatch[1];
          const start = listStart + valueMatch.index;
          record(held, {
            kind: "dimension",
            name: enumeration.dimension,
            value,
            start,
            end: start + valueMatch[0].length,
            text: valueMatch[0],
          });
        }
      }
    }
    for (const term of this.terms) {
      let from = 0;
      for (;;) {
        const start = normalized.indexOf(term.text, from);
        if (start < 0) break;
        from = start + 1;
        const end = start + term.text.length;
        // Latin terms need word boundaries: "a产品" must not match inside "data产品", "east" not in "yeast".
        if (WORD_CHARACTER.test(term.text[0]) && start > 0 && WORD_CHARACTER.test(normalized[start - 1]))
          continue;
        if (
          WORD_CHARACTER.test(term.text[term.text.length - 1]) &&
          end < normalized.length &&
          WORD_CHARACTER.test(normalized[end])
        ) {
          // Allow an English plural or possessive: "returns", "product a's".
          if (
            !(
              normalized[end] === "s" &&
              (end + 1 === normalized.length || !WORD_CHARACTER.test(normalized[end + 1]))
            )
          )
            continue;
        }
        const held = claim(start, end);
        if (!held) continue;
        record(held, {
          kind: term.kind,
          name: term.name,
          ...(term.value ? { value: term.value } : {}),
          start,
          end,
          text: question.slice(start, end),
        });
      }
    }
    // Then English word forms of the terms (install → installs, CRM released): over what is
    // left, or over shorter claims that a longer match covers whole.
    const replaceable = (start: number, end: number) => {
      for (let index = start; index < end; index += 1) {
        const held = owner[index];
        if (held && (held.start < start || held.end > end || (held.start === start && held.end === end)))
          return false;
      }
      return true;
    };
    // A policy topic named as written outranks a metric or event read from another form of a
    // word: "Is a water heater installed by a plumber still under warranty?" asks about the
    // warranty, not the installations figure.
    const topicNamed = mentions.some((mention) => mention.kind === "topic");
    for (const match of this.wordForms.find(normalized, replaceable)) {
      if (topicNamed && match.term.kind !== "topic" && !match.reading.plainInflection) continue;
      const covered = new Set(owner.slice(match.start, match.end).filter((held) => held !== undefined));
      for (const held of covered) {
        for (const mention of held.mentions) mentions.splice(mentions.indexOf(mention), 1);
        owner.fill(undefined, held.start, held.end);
      }
      const held = claim(match.start, match.end);
      if (!held) continue;
      record(held, {
        kind: match.term.kind,
        name: match.term.name,
        ...(match.term.value ? { value: match.term.value } : {}),
        start: match.start,
        end: match.end,
        text: question.slice(match.start, match.end),
        wordForm: match.reading,
      });
    }
    if (original !== undefined && original.length === normalized.length) {
      for (const [value, dimension] of this.bareValues) {
        for (const match of original.matchAll(
          new RegExp(`(?<![A-Za-z0-9'’-])${escapeRegex(value)}(?![A-Za-z0-9-])`, "gu"),
        )) {
          const before = original.slice(0, match.index).trimEnd();
          const after = original.slice(match.index + value.length);
          // "A question: …" starts with the article; "A的退货率" and "A: return rate" do not.
          // Only a value that is also an English word capitalised at a sentence start (A, I) is
          // skipped there: "AC claim rate in …" starts with the value AC.
          if (
            SENTENCE_WORDS.has(value) &&
            (before === "" || /[.?!。？！]$/u.test(before)) &&
            /^\s+[a-z]/u.test(after)
          )
            continue;
          const held = claim(match.index, match.index + value.length);
          if (!held) continue;
          record(held, {
            kind: "dimension",
            name: dimension,
            value,
            start: match.index,
            end: match.index + value.length,
            text: question.slice(match.index, match.index + value.length),
          });
        }
      }
    }
    return mentions.sort((a, b) => a.start - b.start);
  }

  /** What this vocabulary derived from its catalog, as plain data (see VocabularySnapshot). */
  snapshot(): VocabularySnapshot {
    return {
      terms: this.terms.map((term) => ({ ...term })),
      bareValues: [...this.bareValues],
      enumerations: this.enumerations.map(({ dimension, values, regex }) => ({
        dimension,
        values: [...values],
        pattern: regex.source,
      })),
    };
  }

  /** Every catalog term as folded text (longest first), for resolving spans the question misspells. */
  entries(): readonly { text: string; kind: MentionKind; name: string; value?: string }[] {
    return this.terms;
  }

  /** Every canonical name of a kind, for suggestions. */
  names(kind: MentionKind): string[] {
    return [
      ...new Set(this.terms.filter((term) => term.kind === kind).map((term) => term.value ?? term.name)),
    ];
  }

  /** Chinese or English display words for the catalog, used in direct replies. */
  labels(kind: "metric" | "event" | "topic", language: "en" | "zh"): string[] {
    const entries =
      kind === "metric" ? this.catalog.metrics : kind === "event" ? this.catalog.events : this.catalog.topics;
    return Object.entries(entries).map(([name, entry]) => {
      if (language === "en") return entry.label ?? name.replace(/_/g, " ");
      return entry.synonyms.find((synonym) => /[\u4e00-\u9fff]/.test(synonym)) ?? entry.label ?? name;
    });
  }
}
