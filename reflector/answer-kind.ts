import { situationQuantities } from "../domain/stated-range.js";
import { foldText } from "../domain/text-folding.js";
import type { AskedAspect } from "../models/plan.js";
import { alternation, PASSAGE_WORDS } from "./locales/index.js";
import { CUED_KINDS, type CuedKind } from "./locales/passage-words.js";

/** The kind of answer a sub-question asks for. */
export type AnswerKind =
  | "who_pays"
  | "how_long"
  | "amount"
  | "count"
  | "date"
  | "reason"
  | "procedure"
  | "limit"
  | "yes_no"
  | "general";

// Cues are matched on folded text (Simplified, lower case), every language's at once (a question
// may mix them). Order matters: "多久能收到" holds 能 but asks how long (CUED_KINDS's order).
const QUESTION_CUES: [CuedKind, RegExp][] = CUED_KINDS.map((kind) => [
  kind,
  alternation((words) => words.questionCues[kind]),
]);

/** The aspect a plan records (models/plan.ts Asked) for each kind of question, and back. */
const ASPECT_OF_KIND: Record<AnswerKind, AskedAspect> = {
  who_pays: "who_pays",
  how_long: "duration",
  amount: "amount",
  count: "count",
  date: "date",
  reason: "reason",
  procedure: "procedure",
  // A plan records a ceiling as the amount asked; the grader reads it as a ceiling.
  limit: "amount",
  yes_no: "eligibility",
  general: "general",
};

export function aspectOfKind(kind: AnswerKind): AskedAspect {
  return ASPECT_OF_KIND[kind];
}

export function kindOfAspect(aspect: AskedAspect): AnswerKind {
  return (
    (Object.keys(ASPECT_OF_KIND) as AnswerKind[]).find((kind) => ASPECT_OF_KIND[kind] === aspect) ?? "general"
  );
}

const PAYING_PARTY = alternation((words) => words.payingParties);
const COST_WORD = alternation((words) => words.costWords);
const PAYING_CONSTRUCTION = alternation((words) => words.payingConstructions);
const ANSWER_WORDS = Object.fromEntries(
  (["how_long", "amount", "date", "yes_no", "count", "reason", "procedure", "limit"] as const).map((kind) => [
    kind,
    alternation((words) => words.answers[kind]),
  ]),
) as Record<Exclude<CuedKind, "who_pays">, RegExp>;

/** What a passage must contain to answer each kind (besides the question's own terms). */
const ANSWER_PATTERNS: Record<CuedKind, (sentence: string) => boolean> = {
  // A party and a cost ("运费由本店负担", "shipping at the store's cost"), or any party with a paying verb
  // ("the patient pays the fee"): the party need not be one this workspace's documents happen to name.
  who_pays: (sentence) =>
    (PAYING_PARTY.test(sentence) && COST_WORD.test(sentence)) || PAYING_CONSTRUCTION.test(sentence),
  how_long: (sentence) => ANSWER_WORDS.how_long.test(sentence),
  amount: (sentence) => ANSWER_WORDS.amount.test(sentence),
  date: (sentence) => ANSWER_WORDS.date.test(sentence),
  yes_no: (sentence) => ANSWER_WORDS.yes_no.test(sentence),
  count: (sentence) => ANSWER_WORDS.count.test(sentence),
  reason: (sentence) => ANSWER_WORDS.reason.test(sentence),
  procedure: (sentence) => ANSWER_WORDS.procedure.test(sentence),
  limit: (sentence) => ANSWER_WORDS.limit.test(sentence),
};

/** The kind of answer a (sub-)question asks for, from its question words. */
export function answerKindOf(question: string): AnswerKind {
  const folded = foldText(question);
  for (const [kind, cue] of QUESTION_CUES) if (cue.test(folded)) return kind;
  return "general";
}

/** Whether a folded sentence carries an answer of this kind. */
export function sentenceAnswers(kind: AnswerKind, foldedSentence: string, question = ""): boolean {
  if (kind === "general") return true;
  return ANSWER_PATTERNS[kind](foldedSentence) || answersConditionally(kind, foldedSentence, question);
}

/**
 * Whether a folded sentence answers a yes/no question only under its own terms: "is it still under
 * warranty?" is answered by "the warranty lasts 24 months from acceptance", "is the visit charged?"
 * by "a visit costs 300 yuan". The limit it states (a duration, an amount) is the condition.
 */
export function answersConditionally(kind: AnswerKind, foldedSentence: string, question = ""): boolean {
  if (kind !== "yes_no" || ANSWER_PATTERNS.yes_no(foldedSentence)) return false;
  // Whether something is charged is answered by a price, not by how long it takes.
  if (CHARGE_CUE.test(foldText(question))) return ANSWER_PATTERNS.amount(foldedSentence);
  return ANSWER_PATTERNS.how_long(foldedSentence) || ANSWER_PATTERNS.amount(foldedSentence);
}

/** The text with each quantity it states blanked out, its length kept. */
function withoutQuantities(folded: string): string {
  let text = folded;
  for (const quantity of situationQuantities(folded))
    text = `${text.slice(0, quantity.start)}${" ".repeat(quantity.end - quantity.start)}${text.slice(quantity.end)}`;
  return text;
}

const PAYING_VERBS = new Set(PASSAGE_WORDS.flatMap((words) => words.payingVerbs));

/** A yes/no question about a charge ("要收费吗", "is the visit charged"). */
const CHARGE_CUE = alternation((words) => words.chargeCues);

// Clauses end at Chinese and Western punctuation; a full stop only before a space or at the end
// ("A dealer wants to return stock. How long …?"), never inside a number (4.5).
const CLAUSE_END = /[，,。；;？?！!]|\.(?=\s|$)/;

/**
 * The clause of a compound question that holds the question word ("多久能收到新品" of
 * "客製化保溫杯刻錯名字，多久能收到新品？"): its terms are what an answering sentence must mention.
 */
export function focusClause(question: string, kind: AnswerKind): string {
  const clauses = question
    .split(CLAUSE_END)
    .map((clause) => clause.trim())
    .filter(Boolean);
  if (kind === "general" || clauses.length <= 1) return question.trim();
  const cue = QUESTION_CUES.find(([candidate]) => candidate === kind)?.[1];
  const match = [...clauses].reverse().find((clause) => cue?.test(foldText(clause)));
  return match ?? clauses.at(-1) ?? question.trim();
}

/**
 * The words of a question that name what it is about, without its question words ("repair" of
 * "how long does the repair take", not "long"): an answering sentence must mention them.
 */
export function subjectTerms(
  question: string,
  kind: AnswerKind,
  terms: (text: string) => string[],
): string[] {
  const clause = focusClause(question, kind);
  const cue = QUESTION_CUES.find(([candidate]) => candidate === kind)?.[1];
  // A quantity the ask states ("if we cancel two days before") is checked against the ranges a
  // sentence states (domain/stated-range.ts), not looked for as words: "72 hours" never says "two".
  const folded = withoutQuantities(foldText(clause));
  const withoutCue = cue ? folded.replace(new RegExp(cue.source, "g"), " ") : folded;
  const cueTerms = new Set(cue ? terms((folded.match(new RegExp(cue.source, "g")) ?? []).join(" ")) : []);
  return terms(withoutCue).filter(
    (term) => !cueTerms.has(term) && !(kind === "amount" && PAYING_VERBS.has(term)),
  );
}

/**
 * The words of the situation a compound question states before its ask, in the clauses that hold
 * no question word ("行李, 延误, 送达" of "我的行李延误送达了，几天内可以申请索赔？"): the ask is about
 * that situation, so a sentence naming it names the ask's subject too ("延误行李 … 索赔期限: 21天内").
 * Words already in the subject are left out.
 */
export function situationTerms(
  question: string,
  kind: AnswerKind,
  terms: (text: string) => string[],
): string[] {
  if (kind === "general") return [];
  const focus = focusClause(question, kind);
  const clauses = question
    .split(CLAUSE_END)
    .map((clause) => clause.trim())
    .filter((clause) => clause && clause !== focus && answerKindOf(clause) === "general");
  const subject = new Set(subjectTerms(question, kind, terms));
  return [...new Set(clauses.flatMap((clause) => terms(clause)))].filter((term) => !subject.has(term));
}

/**
 * What a "which" question chooses among ("station" of "Which station paid the most …", 航站 of
 * 哪个航站…): a sentence that never names it does not say which ("No cash compensation is paid
 * when …" shares "compensation" and "paid" with the question and names no station).
 */
export function chosenNoun(question: string): string | undefined {
  const folded = foldText(question);
  for (const words of PASSAGE_WORDS)
    for (const source of words.chosenNoun) {
      const match = folded.match(new RegExp(source, "u"));
      if (match?.[1]) return match[1];
    }
  return undefined;
}

/**
 * What a count question counts: the noun after its question word ("积分" of "能获得多少积分",
 * "points" of "how many points"). An answering sentence must put a number right before it.
 */
export function countedNoun(question: string): string | undefined {
  const folded = foldText(question);
  for (const words of PASSAGE_WORDS)
    for (const source of words.countedNoun) {
      const match = folded.match(new RegExp(source));
      if (match?.[1]) return match[1];
    }
  return undefined;
}

const COUNT_NUMERAL = alternation((words) => words.countNumerals).source;
const COUNT_CLASSIFIER = alternation((words) => words.countClassifiers).source;

/** Whether a folded sentence gives a number of the counted noun ("12 points", "5个积分", "积分5个" is not). */
export function statesCount(foldedSentence: string, noun: string): boolean {
  const escaped = noun.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(${COUNT_NUMERAL})\\s*(${COUNT_CLASSIFIER})?\\s*${escaped}`).test(foldedSentence);
}

/** Words naming each kind of missing answer, in English (gaps are also rendered per language by the templates). */
export const KIND_DESCRIPTIONS: Record<AnswerKind, string> = {
  who_pays: "who bears the cost",
  how_long: "a time frame (how long it takes)",
  amount: "an amount",
  date: "a date",
  count: "a count (how many)",
  reason: "a reason (why)",
  procedure: "a procedure (how to do it)",
  limit: "a limit (the most allowed)",
  yes_no: "whether it is allowed",
  general: "an answer",
};
