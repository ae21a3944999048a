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
  /** When insufficient: the missing aspect, e.g. "no time frame (how long) for 收到新品 in the passages". */
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
  if (passages.length < minDocs) {
    return {
      ...base,
      sufficient: false,
      missing: `only ${passages.length} passage(s) found for "${aspect}", fewer than the ${minDocs} needed`,
    };
  }
  if (coverage < minCoverage) {
    return {
      ...base,
      sufficient: false,
      missing: `the passages do not mention ${missingTerms.slice(0, 4).join(", ")} (asked in "${aspect}")`,
    };
  }
  if (relevant.length === 0) {
    return {
      ...base,
      sufficient: false,
      missing: `the passages do not state ${KIND_DESCRIPTIONS[kind]} for "${aspect}"`,
    };
  }
  return { ...base, sufficient: true };
}
