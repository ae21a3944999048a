import { asksFigure, asksPolicy } from "./intents.js";
import type { Mention } from "./vocabulary.js";

// Where a clause ends: its metric word is judged by the words of its own clause.
const CLAUSE_END = /[,，;；:：。？?！!]/u;

interface Span {
  start: number;
  end: number;
}

/** The clause of a folded question around a span: from the punctuation before it to the one after. */
function clauseAround(normalized: string, span: Span): string {
  let start = span.start;
  while (start > 0 && !CLAUSE_END.test(normalized[start - 1])) start -= 1;
  let end = span.end;
  while (end < normalized.length && !CLAUSE_END.test(normalized[end])) end += 1;
  return normalized.slice(start, end);
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
