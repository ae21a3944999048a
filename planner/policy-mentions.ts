import { isAsk, joinedPolicyAskStarts } from "./decomposer.js";
import { documentNounSpans } from "./document-nouns.js";
import { asksFigure, asksPolicy } from "./intents.js";
import type { Mention } from "./vocabulary.js";

// Where a clause ends: its metric word is judged by the words of its own clause.
const CLAUSE_END = /[,，;；:：。？?！!]/u;

interface Span {
  start: number;
  end: number;
}

/** Where the clause around a span starts and ends: the punctuation before it and the one after. */
function clauseSpan(normalized: string, span: Span): Span {
  let start = span.start;
  while (start > 0 && !CLAUSE_END.test(normalized[start - 1])) start -= 1;
  let end = span.end;
  while (end < normalized.length && !CLAUSE_END.test(normalized[end])) end += 1;
  return { start, end };
}

/** The clause of a folded question around a span: from the punctuation before it to the one after. */
export function clauseAround(normalized: string, span: Span): string {
  const { start, end } = clauseSpan(normalized, span);
  return normalized.slice(start, end);
}

/**
 * The clauses of a question that are policy asks of their own: a clause that asks, names a
 * document topic and names no metric or event ("…in March 2024, and how long is the warranty on a
 * water heater?", …是多少？热水器的保修期是多久？). Such a clause is a knowledge-base search: its
 * dimension values qualify no measure of another clause, and its words are the search's query,
 * none of them unused.
 */
export function policyClauses(normalized: string, mentions: readonly Mention[]): Span[] {
  const clauses: Span[] = [];
  // "… in May and what does the return policy say …": the policy ask starts at the connective.
  const joined = joinedPolicyAskStarts(normalized, mentions);
  for (const topic of mentions.filter((mention) => mention.kind === "topic")) {
    const clause = clauseSpan(normalized, topic);
    const cut = Math.max(-1, ...joined.filter((at) => at > clause.start && at <= topic.start));
    if (cut >= 0) clause.start = cut;
    if (clauses.some((known) => known.start === clause.start)) continue;
    const inClause = (span: Span) => span.start < clause.end && clause.start < span.end;
    if (mentions.some((other) => (other.kind === "metric" || other.kind === "event") && inClause(other)))
      continue;
    // It asks: an interrogative, or a rule's words (Must customers …?, 必须…).
    const text = normalized.slice(clause.start, clause.end);
    if (!isAsk(text) && !asksPolicy(text)) continue;
    clauses.push(clause);
  }
  return clauses;
}

/**
 * Metric and event words that are words of a policy question, not data asked: in a question that
 * names a document topic, a clause that asks about a rule (must, how quickly, what credit do I
 * get, 必须, 多久), asks for no figure (how many, 多少) and names no date and no dimension value.
 * "Under the customer charter, … how quickly must a water quality complaint be visited?" searches
 * the charter; it does not count complaints, and "water quality" is no complaint kind to ask about.
 */
export function policyWordMentions(
  normalized: string,
  mentions: readonly Mention[],
  times: readonly Span[],
): Mention[] {
  if (!mentions.some((mention) => mention.kind === "topic")) return [];
  return mentions.filter((mention) => {
    if (mention.kind !== "metric" && mention.kind !== "event") return false;
    const clause = clauseAround(normalized, mention);
    if (!asksPolicy(clause) || asksFigure(clause)) return false;
    const clauseStart = normalized.indexOf(clause);
    const clauseEnd = clauseStart + clause.length;
    const inClause = (span: Span) => span.start < clauseEnd && clauseStart < span.end;
    return !times.some(inClause) && !mentions.some((other) => other.kind === "dimension" && inClause(other));
  });
}

/**
 * The clauses of a data question that ask what a document of rules says (…, and what does the
 * food safety policy say about expired bread?) when the workspace has no topic for it: no topic,
 * metric or event named in the clause, a document's noun (policy, 政策) and an ask. No source can
 * search them: they are reported, and their values qualify no measure of another clause.
 */
export function documentAsksWithoutTopic(normalized: string, mentions: readonly Mention[]): Span[] {
  const clauses: Span[] = [];
  const joined = joinedPolicyAskStarts(normalized, mentions);
  for (const noun of documentNounSpans(normalized)) {
    const clause = clauseSpan(normalized, noun);
    const cut = Math.max(-1, ...joined.filter((at) => at > clause.start && at <= noun.start));
    if (cut >= 0) clause.start = cut;
    if (clauses.some((known) => known.start === clause.start)) continue;
    const inClause = (span: Span) => span.start < clause.end && clause.start < span.end;
    if (mentions.some((mention) => mention.kind !== "dimension" && inClause(mention))) continue;
    if (!isAsk(normalized.slice(clause.start, clause.end))) continue;
    clauses.push(clause);
  }
  return clauses;
}
