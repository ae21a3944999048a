import { foldText } from "../domain/text-folding.js";
import type { Passage } from "../models/evidence.js";
import {
  type AnswerKind,
  answerKindOf,
  focusClause,
  KIND_DESCRIPTIONS,
  sentenceAnswers,
} from "./answer-kind.js";
import { keyTerms, termOccurs } from "./key-terms.js";

/** A sentence of a passage that answers the sub-question, for the answer's quote and citation. */
export interface SupportingSentence {
  chunk_id: string;
  document: string;
  page: number;
  section: string;
  /** The sentence as written in the passage. */
  text: string;
}

/**
 * Why passages fall short of a sub-question, language-free: each answer language's catalog
 * (reflector/messages/) says it; `shortfallInEnglish` gives the English the trace and the retrieval
 * loop's prompts read.
 */
export type GradeShortfall =
  /** Fewer passages than the workspace's `min_docs_to_answer`. */
  | { code: "too_few_passages"; found: number; needed: number }
  /** The passages do not mention some of the asked words (the question's own words). */
  | { code: "terms_not_mentioned"; terms: string[] }
  /** No sentence states the kind of answer asked for. */
  | { code: "kind_not_stated"; kind: AnswerKind }
  /** The grading model's own finding: its words, quoted as such. */
  | { code: "model_finding"; words: string };

/** A shortfall in English, with the clause it is about (the question's own words, quoted). */
export function shortfallInEnglish(shortfall: GradeShortfall, aspect: string): string {
  switch (shortfall.code) {
    case "too_few_passages":
      return `only ${shortfall.found} passage(s) found for "${aspect}", fewer than the ${shortfall.needed} needed`;
    case "terms_not_mentioned":
      return `the passages do not mention ${shortfall.terms.map((term) => `"${term}"`).join(", ")} (asked in "${aspect}")`;
    case "kind_not_stated":
      return `the passages do not state ${KIND_DESCRIPTIONS[shortfall.kind]} for "${aspect}"`;
    case "model_finding":
      return shortfall.words;
  }
}

/** Whether the passages answer one sub-question, and if not, what is missing. */
export interface Grade {
  question: string;
  sufficient: boolean;
  kind: AnswerKind;
  /** The clause holding the question word: what the answer must be about. */
  aspect: string;
  /** Share of the question's key terms found in the passages. */
  coverage: number;
  terms: string[];
  missingTerms: string[];
  supporting: SupportingSentence[];
  /** When insufficient: what is missing, as a code the answer's language says. */
  shortfall?: GradeShortfall;
  /** When insufficient: the shortfall in English, for the trace and the retrieval loop's prompts. */
  missing?: string;
  /** "deterministic" or "model:<name>". */
  grader: string;
}

/** Grader settings. */
export interface GradeOptions {
  /** Fewer passages than this is insufficient (reflector.min_docs_to_answer). */
  minDocs?: number;
  /** Share of key terms that must occur in the passages. */
  minCoverage?: number;
}

/** Splits passage text into sentences (Chinese and Western punctuation, line breaks). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[。！？!?；;])|(?<=\.)\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 1);
}

/**
 * Deterministic grading: the sub-question's key terms must be covered by the passages, and some
 * sentence must both mention what the question asks about (its focus clause) and carry the kind
 * of answer asked for (a party and a cost for "who pays", a duration for "how long", …).
 */
export function gradePassages(question: string, passages: Passage[], options: GradeOptions = {}): Grade {
  const minDocs = options.minDocs ?? 1;
  const minCoverage = options.minCoverage ?? 0.4;
  const kind = answerKindOf(question);
  const aspect = focusClause(question, kind);
  const terms = keyTerms(question);
  const focusTerms = keyTerms(aspect);
  const foldedAll = foldText(passages.map((passage) => passage.text).join("\n"));
  const missingTerms = terms.filter((term) => !termOccurs(term, foldedAll));
  const coverage = terms.length === 0 ? 1 : (terms.length - missingTerms.length) / terms.length;
  const supporting: SupportingSentence[] = [];
  for (const passage of passages) {
    // A table passage states its rows with their headers; any other passage, its sentences.
    for (const sentence of passage.statements ?? sentencesOf(passage.text)) {
      const folded = foldText(sentence);
      const mentions = focusTerms.length === 0 || focusTerms.some((term) => termOccurs(term, folded));
      if (mentions && sentenceAnswers(kind, folded, aspect)) {
        supporting.push({
          chunk_id: passage.chunk_id,
          document: passage.document,
          page: passage.page,
          section: passage.section,
          text: sentence,
        });
      }
    }
  }
  // Prefer sentences that mention more of the focus terms.
  const score = (sentence: SupportingSentence) =>
    focusTerms.filter((term) => termOccurs(term, foldText(sentence.text))).length;
  supporting.sort((left, right) => score(right) - score(left));
  // A sentence naming far fewer of the asked words than the best one is about something else
  // ("the targets below apply on business days" beside the row that states the target).
  const best = supporting.length > 0 ? score(supporting[0]) : 0;
  const relevant = supporting.filter((sentence) => 2 * score(sentence) >= best);
  const base = {
    question,
    kind,
    aspect,
    coverage,
    terms,
    missingTerms,
    supporting: relevant.slice(0, 3),
    grader: "deterministic",
  };
  const short = (shortfall: GradeShortfall): Grade => ({
    ...base,
    sufficient: false,
    shortfall,
    missing: shortfallInEnglish(shortfall, aspect),
  });
  if (passages.length < minDocs)
    return short({ code: "too_few_passages", found: passages.length, needed: minDocs });
  if (coverage < minCoverage) return short({ code: "terms_not_mentioned", terms: missingTerms.slice(0, 4) });
  if (relevant.length === 0) return short({ code: "kind_not_stated", kind });
  return { ...base, sufficient: true };
}
