import type { SubGoal } from "../../models/plan.js";
import { type KnowledgeBaseFilters, parseFilterArguments, relaxFilters } from "./store/search-filters.js";

/** Filter names a pdf_kb sub-goal may carry in params.filters. */
export const knowledgeBaseFilterNames = [
  "document",
  "section",
  "pages",
  "page",
  "date",
  "tags",
  "tag",
  "kind",
];

/** The knowledge-base filters of a sub-goal, what was ignored, and what was relaxed on the reflector's request. */
export interface GoalFilters {
  filters: KnowledgeBaseFilters;
  /** Catalog filters (region=East, …) that a text search cannot apply. */
  ignored: string[];
  /** Filters dropped because the reflector asked to relax them. */
  relaxed: string[];
}

/**
 * Reads a sub-goal's params.filters as knowledge-base filters (document, section, pages, date,
 * tags, kind). Several values of one filter mean any of them, except pages and date (ranges).
 * `hints.relaxFilters` (a count) drops that many filters in relaxation order; `hints.dropFilters`
 * (names) drops those.
 */
export function goalFilters(goal: SubGoal, hints?: Record<string, unknown>): GoalFilters {
  const argumentsList: string[] = [];
  const ignored: string[] = [];
  const documents: string[] = [];
  for (const [key, value] of Object.entries(goal.params.filters)) {
    const values = Array.isArray(value) ? value : [value];
    if (!knowledgeBaseFilterNames.includes(key)) {
      ignored.push(`${key}=${values.join("|")}`);
      continue;
    }
    if (key === "document") documents.push(...values);
    else if (key === "tags" || key === "tag") argumentsList.push(`tags=${values.join(",")}`);
    else argumentsList.push(`${key}=${values[0].replace(/^(\d+)-(\d+)$/, "$1..$2")}`);
  }
  const filters = parseFilterArguments(argumentsList);
  if (documents.length > 0) filters.document = documents.length === 1 ? documents[0] : documents;
  const relaxed: string[] = [];
  const drop = Array.isArray(hints?.dropFilters) ? (hints.dropFilters as unknown[]).map(String) : [];
  for (const name of drop) {
    const key = name === "page" ? "pages" : name === "tag" ? "tags" : name;
    if (key in filters) {
      delete filters[key as keyof KnowledgeBaseFilters];
      relaxed.push(key);
    }
  }
  const count = typeof hints?.relaxFilters === "number" ? hints.relaxFilters : 0;
  let current = filters;
  for (let step = 0; step < count; step += 1) {
    const next = relaxFilters(current);
    if (!next) break;
    current = next.filters;
    relaxed.push(next.dropped);
  }
  return { filters: current, ignored, relaxed };
}
