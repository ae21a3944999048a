import { foldText } from "../domain/text-folding.js";
import type { TableEvidence } from "../models/evidence.js";
import type { Catalog } from "../models/workspace.js";
import { dateColumnOf, keyText } from "./metric-points.js";

// Events related to what a question broke down by the names they share: a release whose modules
// include "Service Desk" and the complaint category "Service", a release's "Ticketing" and the
// sub-type "Ticket lost". The names are the workspace's (catalog values and their synonyms) and the
// event rows' own text; no word of any workspace is written here. A shared name is a lead for a
// person to follow, not a cause: the answer says so.

/** A catalog value the question asked about or broke down by. */
export interface NamedValue {
  dimension: string;
  value: string;
}

/** One event row that shares a name with an asked value. */
export interface SharedName {
  goal: string;
  source: string;
  row: number;
  /** The event row's text column and its text that holds the name (modules: "Service Desk"). */
  column: string;
  text: string;
  /** The word both sides write ("service"), as the event row writes it. */
  shared: string;
  dimension: string;
  value: string;
}

// A Latin word shorter than this says too little to relate two things by ("of", "new", "app").
const MIN_WORD = 4;
// A shorter word may stand for a longer one only from this length ("ticket" → "ticketing").
const MIN_STEM = 5;
const BOOKKEEPING_COLUMNS = /^(status|event|type|issue_?type|kind|key)$/;

const latinWords = (text: string) => foldText(text).match(/[a-z]+/g) ?? [];

/** Whether two Latin words are one name: the same, or one the other's stem (ticket, ticketing). */
function sameWord(left: string, right: string): boolean {
  if (left.length < MIN_WORD || right.length < MIN_WORD) return false;
  if (left === right) return true;
  const [short, long] = left.length <= right.length ? [left, right] : [right, left];
  return short.length >= MIN_STEM && long.startsWith(short);
}

/** The word a value and an event text share, as the event text writes it; undefined when none. */
function sharedWord(names: string[], text: string): string | undefined {
  const folded = foldText(text);
  for (const name of names) {
    const foldedName = foldText(name);
    if (/[\u4e00-\u9fff]/u.test(foldedName)) {
      if (foldedName.length >= 2 && folded.includes(foldedName)) return name;
      continue;
    }
    for (const word of latinWords(name))
      for (const match of text.matchAll(/[A-Za-z]+/g))
        if (sameWord(word, foldText(match[0]))) return match[0];
  }
  return undefined;
}

/**
 * Every row of the given event tables whose own text (not its key, date or dimension columns)
 * shares a name with one of the values: once per event date, value and word, the most trusted
 * table first.
 */
export function sharedNames(
  tables: { goal: string; source: string; evidence: TableEvidence; trust: number }[],
  values: NamedValue[],
  catalog: Catalog,
): SharedName[] {
  const found: SharedName[] = [];
  const seen = new Set<string>();
  for (const table of [...tables].sort((left, right) => right.trust - left.trust)) {
    const { evidence } = table;
    const dateColumn = dateColumnOf(evidence);
    const textColumns = evidence.columns.filter(
      (column) =>
        column.type === "string" &&
        column.name !== dateColumn &&
        !(column.name in catalog.dimensions) &&
        !BOOKKEEPING_COLUMNS.test(column.name),
    );
    evidence.rows.forEach((row, index) => {
      const date = dateColumn ? keyText(row[dateColumn])?.slice(0, 10) : undefined;
      for (const { dimension, value } of values) {
        const names = [value, ...(catalog.dimensions[dimension]?.values[value] ?? [])];
        for (const column of textColumns) {
          const text = keyText(row[column.name]);
          if (!text) continue;
          const shared = sharedWord(names, text);
          if (!shared) continue;
          const id = JSON.stringify([date ?? index, dimension, value, foldText(shared)]);
          if (seen.has(id)) break;
          seen.add(id);
          found.push({
            goal: table.goal,
            source: table.source,
            row: index,
            column: column.name,
            text,
            shared,
            dimension,
            value,
          });
          break;
        }
      }
    });
  }
  return found;
}
