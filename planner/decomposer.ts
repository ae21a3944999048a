import { distance } from "fastest-levenshtein";
import type { Language } from "../domain/language.js";
import { documentNounSpans } from "./document-nouns.js";
import { LANGUAGE_LOCALES, localeWords } from "./locales/index.js";
import { normalizeForMatching } from "./normalize-text.js";

/** The decomposer's view of a catalog term: where it is and whether it is a document topic. */
export interface DecomposerTerm {
  start: number;
  end: number;
  kind: "metric" | "dimension" | "event" | "topic" | "time";
}

/** At most this many sub-questions: beyond five, a question is a report, not a question. */
export const MAX_SUB_QUESTIONS = 5;

const QUESTION_END = /[?？]/u;
const escapeRegex = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const alternatives = (words: string[]) =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegex)
    .join("|");
// Per-language words (planner/locales/<code>/asking-words.ts), matched in the folded clause.
const HAN_INTERROGATIVE = new RegExp(alternatives(localeWords("interrogatives", false)), "u");
const HAN_ASKING = new RegExp(
  alternatives([...localeWords("interrogatives", false), ...localeWords("requestWords", false)]),
  "u",
);
// An interrogative that asks only by opening its clause ("are", "was") is no asking word inside one.
const OPENING_ONLY = new Set(localeWords("openingInterrogatives", true));
const LATIN_ASKING = new RegExp(
  `\\b(?:${alternatives([
    ...localeWords("interrogatives", true).filter((word) => !OPENING_ONLY.has(word)),
    ...localeWords("requestWords", true),
  ])})\\b`,
  "iu",
);
// An English ask starts its clause, after connectives ("…, and how long does it take?").
const LATIN_INTERROGATIVE_START = new RegExp(
  `^\\s*(?:(?:${alternatives([...localeWords("connectives", true), ...localeWords("sequenceWords", true)])})\\s+)*(?:${alternatives(localeWords("interrogatives", true))})\\b`,
  "iu",
);

// "…, and how long …": the connective joined the asks; each ask alone starts without it.
export const LATIN_LEADING_CONNECTIVE = new RegExp(
  `^\\s*(?:(?:${alternatives([...localeWords("connectives", true), ...localeWords("sequenceWords", true)])})\\s+)+`,
  "iu",
);

// "… in May and what does the return policy say …": a connective, then a word that asks only
// questions (what, how, which; not "is", which also states), joins a second ask with no comma.
const LATIN_JOINED_ASK = new RegExp(
  `\\s(?:${alternatives(localeWords("connectives", true))})\\s+(?=(?:${alternatives(
    localeWords("interrogatives", true).filter((word) => !OPENING_ONLY.has(word)),
  )})\\b)`,
  "giu",
);

/**
 * Where a data ask and a policy ask are joined with no comma, the positions (in the folded text)
 * where the policy ask starts: the connective before an asking word, with a document topic or a
 * document's noun (policy, rules) and no metric or event after it, and a metric or event before it. Only that join is split: two data
 * asks joined so ("the return rate and how it changed") stay one clause, as written.
 */
export function joinedPolicyAskStarts(
  normalized: string,
  terms: readonly { start: number; end: number; kind: DecomposerTerm["kind"] }[],
): number[] {
  const starts: number[] = [];
  for (const match of normalized.matchAll(LATIN_JOINED_ASK)) {
    const at = match.index;
    const sentenceEnd = normalized.slice(at).search(/[?？。！!；;]/u);
    const end = sentenceEnd < 0 ? normalized.length : at + sentenceEnd;
    const after = terms.filter((term) => term.start >= at && term.end <= end);
    const before = terms.filter((term) => term.end <= at);
    const isData = (term: { kind: string }) => term.kind === "metric" || term.kind === "event";
    const document =
      after.some((term) => term.kind === "topic") || documentNounSpans(normalized.slice(at, end)).length > 0;
    if (document && !after.some(isData) && before.some(isData)) starts.push(at);
  }
  return starts;
}

/** A clause with an asking or requesting word is a question; one without is context ("the mug has the wrong name"). */
function isAsking(text: string): boolean {
  const folded = normalizeForMatching(text);
  return HAN_ASKING.test(folded) || LATIN_ASKING.test(folded) || LATIN_INTERROGATIVE_START.test(folded);
}

/** A clause that asks something of its own: an interrogative in Chinese, or an English clause starting with one. */
export function isAsk(text: string): boolean {
  const folded = normalizeForMatching(text);
  return HAN_INTERROGATIVE.test(folded) || LATIN_INTERROGATIVE_START.test(folded);
}

interface Piece {
  start: number;
  end: number;
  text: string;
}

function splitSentences(original: string): Piece[] {
  const pieces: Piece[] = [];
  let start = 0;
  for (let index = 0; index < original.length; index += 1) {
    const character = original[index];
    const isEnd =
      QUESTION_END.test(character) ||
      character === "。" ||
      character === "；" ||
      character === ";" ||
      character === "\n" ||
      (character === "." && (index + 1 === original.length || original[index + 1] === " "));
    if (isEnd) {
      pieces.push({ start, end: index + 1, text: original.slice(start, index + 1) });
      start = index + 1;
    }
  }
  if (start < original.length) pieces.push({ start, end: original.length, text: original.slice(start) });
  return pieces.filter((piece) => piece.text.trim().replace(/[?？。；;.!！\s]/gu, "").length > 0);
}

/**
 * A sentence cut where a policy ask joined with no comma starts (joinedPolicyAskStarts): the data
 * ask keeps the sentence's question mark, the policy ask starts without its connective.
 */
function splitAtJoinedAsks(sentence: Piece, starts: readonly number[]): Piece[] {
  const cuts = starts.filter((at) => at > sentence.start && at < sentence.end);
  if (cuts.length === 0) return [sentence];
  const mark = /[?？]\s*$/u.exec(sentence.text)?.[0]?.trim() ?? "";
  const bounds = [sentence.start, ...cuts, sentence.end];
  return bounds.slice(0, -1).map((start, index) => {
    const end = bounds[index + 1];
    let text = sentence.text
      .slice(start - sentence.start, end - sentence.start)
      .trim()
      .replace(/[,，、;；:：\s]+$/u, "");
    if (index > 0) text = text.replace(LATIN_LEADING_CONNECTIVE, "");
    if (!/[?？.。!！]$/u.test(text)) text = `${text}${mark}`;
    return { start, end, text };
  });
}

function splitClauses(piece: Piece): Piece[] {
  const clauses: Piece[] = [];
  let start = piece.start;
  const text = piece.text;
  for (let index = 0; index < text.length; index += 1) {
    if (text[index] === "，" || text[index] === "," || text[index] === "：" || text[index] === ":") {
      clauses.push({ start, end: piece.start + index + 1, text: text.slice(start - piece.start, index + 1) });
      start = piece.start + index + 1;
    }
  }
  clauses.push({ start, end: piece.end, text: text.slice(start - piece.start) });
  return clauses.filter((clause) => clause.text.trim().length > 0);
}

/**
 * A sentence that asks several things ("For the Pro plan, what is the target, how much credit do
 * we get, and how long does the refund take?"; 取消政策里，截止时间是什么，收多少费用，退款多久到账？)
 * becomes one piece per ask, each with the clauses that follow it; the clauses before the first
 * ask stay one piece of their own (context, carried into every ask). One ask: the sentence as is.
 */
function splitAsks(sentence: Piece): Piece[] {
  const clauses = splitClauses(sentence);
  const asks = clauses.filter((clause) => isAsk(clause.text));
  if (asks.length < 2) return [sentence];
  const pieces: Piece[] = [];
  const join = (parts: Piece[]): Piece => ({
    start: parts[0].start,
    end: parts[parts.length - 1].end,
    text: parts.map((part) => part.text).join(""),
  });
  const leading = clauses.slice(0, clauses.indexOf(asks[0]));
  // A leading request without an ask of its own ("Tell me,") belongs to the first ask.
  const leadingIsContext = leading.length > 0 && !leading.some((clause) => isAsking(clause.text));
  if (leadingIsContext) pieces.push(join(leading));
  asks.forEach((ask, index) => {
    const from = index === 0 && !leadingIsContext ? 0 : clauses.indexOf(ask);
    const to = index + 1 < asks.length ? clauses.indexOf(asks[index + 1]) : clauses.length;
    const group = clauses.slice(from, to);
    // The ask keeps the sentence's question mark, not the comma that ended its clause.
    const piece = join(group);
    const mark = /[?？]\s*$/u.exec(sentence.text)?.[0]?.trim() ?? "";
    const text = piece.text
      .replace(/[,，、;；:：\s]+$/u, "")
      .replace(index > 0 ? LATIN_LEADING_CONNECTIVE : /$^/u, "");
    pieces.push({ ...piece, text: /[?？]$/u.test(text) ? text : `${text}${mark}` });
  });
  return pieces;
}

/**
 * True when a question already writes part of the topic it would be given: a word of four or more
 * letters ("the credit" of "service credit"), or a Han character (修好 of 维修). It then has its
 * own subject, and prefixing the topic would change what it asks (保修 + 多久能修好 reads as "how
 * long is the warranty").
 */
function sharesWordWith(question: string, topic: string): boolean {
  const folded = normalizeForMatching(question);
  const topicFolded = normalizeForMatching(topic);
  const latin = topicFolded.match(/[a-z]{4,}/gu) ?? [];
  if (latin.some((word) => new RegExp(`\\b${word}`, "u").test(folded))) return true;
  return [...topicFolded].some(
    (character) => /\p{Script=Han}/u.test(character) && folded.includes(character),
  );
}

// What ends a Chinese subject: a modal (可以分几期付款) or an interrogative (有效期多久), per locale.
const HAN_MODALS = new Set(
  LANGUAGE_LOCALES.filter((locale) => !locale.spaced).flatMap((locale) => [...locale.modals.modals]),
);
const HAN_INTERROGATIVES = localeWords("interrogatives", false);
const HAN_PREDICATE_END = /[\s?？。!！，,；;：:]/u;
let wordSegmenter: Intl.Segmenter | undefined;

/**
 * The topic with the qualifier its question writes after it with a possessive 的 (私教课程的高级方案
 * 可以分几期付款 → 私教课程的高级方案), which a later ask without a subject continues as a whole: the
 * words after 的 up to a modal, or up to the word an interrogative asks of (高级方案 of 高级方案
 * 有效期多久: 有效期 is what is asked), or to a later 的. Anything else keeps the topic word alone.
 */
function qualifiedTopic(original: string, topic: { start: number; end: number }): string {
  const word = original.slice(topic.start, topic.end);
  const after = original.slice(topic.end);
  if (!after.startsWith("的")) return word;
  const clause = after.slice(1).split(HAN_PREDICATE_END)[0];
  wordSegmenter ??= new Intl.Segmenter("zh", { granularity: "word" });
  const words: string[] = [];
  let end: "modal" | "interrogative" | undefined;
  for (const { segment } of wordSegmenter.segment(clause)) {
    const folded = normalizeForMatching(segment);
    if (HAN_MODALS.has(folded)) end = "modal";
    else if (HAN_INTERROGATIVES.some((asking) => folded.startsWith(asking))) end = "interrogative";
    if (end) break;
    words.push(segment);
  }
  if (!end) return word;
  const lastOf = words.lastIndexOf("的");
  const qualifier =
    lastOf > 0
      ? words.slice(0, lastOf)
      : end === "modal"
        ? words
        : // The word right before the interrogative is what it asks (有效期多久); two words must stay.
          words.length >= 3
          ? words.slice(0, -1)
          : [];
  if (qualifier.length === 0 || qualifier.join("").length < 2) return word;
  return `${word}的${qualifier.join("")}`;
}

function comparable(text: string): string {
  return text.toLowerCase().replace(/[\s\p{P}]/gu, "");
}

/**
 * Splits a compound question into 1–5 self-contained sub-questions that keep the original's
 * qualifiers. Context clauses (statements without an asking word, such as 客製化保溫杯刻錯名字)
 * are carried into every later question, and so is the document topic word of the nearest
 * question before (換貨) when a later one lacks a subject of its own (no catalog term, and no word
 * of a topic already asked). Nothing else is added; near-duplicates
 * (edit distance under a fifth of the length) are merged.
 */
export function decomposeQuestion(original: string, terms: DecomposerTerm[], language: Language): string[] {
  const trimmed = original.trim();
  const trimOffset = original.length - original.trimStart().length;
  const joinedAt = joinedPolicyAskStarts(
    normalizeForMatching(trimmed),
    terms.map((term) => ({ ...term, start: term.start - trimOffset, end: term.end - trimOffset })),
  );
  const sentences = splitSentences(trimmed)
    .flatMap((sentence) => splitAtJoinedAsks(sentence, joinedAt))
    .flatMap(splitAsks);
  if (sentences.length <= 1) return [original.trim()];
  const offset = original.length - original.trimStart().length;
  const within = (piece: Piece) =>
    terms.filter((term) => term.start >= piece.start + offset && term.end <= piece.end + offset);
  const context: string[] = [];
  let carriedTopic: string | undefined;
  // Every topic asked so far: a later ask writing part of any of them ("the credit") has its subject.
  const seenTopics: string[] = [];
  let contextNamesTopic = false;
  // Dimension values and dates of the last data question, for a follow-up that names neither
  // ("…in East China in January 2024. Were there provider changes?").
  let carriedQualifiers: string[] = [];
  // Each question with its own ask (without the context carried into it), which is what two
  // questions must share to be near-duplicates.
  const questions: { text: string; ask: string }[] = [];
  for (const sentence of sentences) {
    const clauses = splitClauses(sentence);
    const asking = clauses.filter((clause) => isAsking(clause.text) || QUESTION_END.test(clause.text));
    if (asking.length === 0) {
      // A statement: context for the questions that follow ("My mug has the wrong name.").
      context.push(sentence.text.trim());
      // Context naming the topic ("For the cancellation policy,") already gives every ask its subject.
      if (within(sentence).some((term) => term.kind === "topic")) contextNamesTopic = true;
      continue;
    }
    const ownContext = clauses
      .filter((clause) => !asking.includes(clause) && clause.start < asking[0].start)
      .map((clause) => clause.text.trim());
    const questionText = clauses
      .filter((clause) => !ownContext.includes(clause.text.trim()))
      .map((clause) => clause.text)
      .join("")
      .trim();
    const sentenceTerms = within(sentence);
    // The topic word of the question part (換貨), not of its context (客製化).
    const askingStart = asking[0].start + offset;
    const topic = sentenceTerms.find((term) => term.kind === "topic" && term.start >= askingStart);
    const hasOwnSubject = sentenceTerms.length > 0;
    let text = questionText;
    if (
      !topic &&
      carriedTopic &&
      !hasOwnSubject &&
      !contextNamesTopic &&
      !seenTopics.some((seen) => sharesWordWith(questionText, seen))
    ) {
      const prefixed = context.length > 0 || ownContext.length > 0;
      // After context of its own ("For the Premier plan,") the topic is one more lower-case phrase.
      text =
        language === "en"
          ? `${prefixed ? "for" : "For"} the ${carriedTopic}, ${questionText.charAt(0).toLowerCase()}${questionText.slice(1)}`
          : `${carriedTopic}${questionText}`;
    }
    // The nearest question's topic is what a later one without a subject continues, not the first's.
    if (topic) {
      carriedTopic = qualifiedTopic(original, topic);
      seenTopics.push(original.slice(topic.start, topic.end));
    }
    const qualifiers = sentenceTerms
      .filter((term) => term.kind === "dimension" || term.kind === "time")
      .map((term) => original.slice(term.start, term.end));
    const asksForData = sentenceTerms.some((term) => term.kind === "metric" || term.kind === "event");
    if (asksForData && qualifiers.length === 0 && carriedQualifiers.length > 0) {
      const mark = /[?？.。]$/u.exec(text)?.[0] ?? "";
      const body = mark ? text.slice(0, -1) : text;
      text =
        language === "en"
          ? `${body} (${carriedQualifiers.join(", ")})${mark}`
          : `${body}（${carriedQualifiers.join("，")}）${mark}`;
    }
    if (qualifiers.length > 0) carriedQualifiers = [...new Set(qualifiers)];
    const prefix = [...context, ...ownContext];
    const joined =
      prefix.length === 0
        ? text
        : language === "en"
          ? `${prefix.map((part) => part.replace(/[,:]$/u, "")).join(" ")}${/[.!]$/u.test(prefix[prefix.length - 1]) ? "" : ","} ${text}`
          : `${prefix.map((part) => part.replace(/[，,：:]$/u, "")).join("，")}，${text}`;
    questions.push({ text: joined, ask: text });
    // Context stated inside the first question ("客製化保溫杯刻錯名字，可以換貨嗎") applies to the rest.
    context.push(...ownContext);
  }
  // Near-duplicates are judged on the asks alone: a long situation carried into two short asks
  // ("If I rebook … five hours before the showtime, is that allowed" / "…, what fee do I pay")
  // made them look alike, and the second ask was dropped without a word.
  const merged: { text: string; ask: string }[] = [];
  for (const question of questions) {
    const key = comparable(question.ask);
    if (
      merged.some((kept) => {
        const keptKey = comparable(kept.ask);
        return distance(keptKey, key) <= Math.floor(Math.max(keptKey.length, key.length) / 5);
      })
    )
      continue;
    merged.push(question);
  }
  if (merged.length === 0) return [original.trim()];
  return merged.slice(0, MAX_SUB_QUESTIONS).map((question) => question.text);
}
