import { toDateTime } from "./field-mapping.js";
import { compilePath } from "./json-path.js";
import type { ChangelogShape } from "./presets.js";

/** Per id-valued field (status_id): its id → name table (see ValueNames). */
export type FieldValueNames = Record<string, Record<string, string>>;

/** One changed field of one issue: a Jira history item or a Redmine journal detail, flattened. */
export interface ChangeEvent {
  key: string;
  field: string;
  from: string | null;
  to: string | null;
  /** UTC ISO instant of the change. */
  at: string | null;
  author: string | null;
}

function text(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

function firstPresent(item: Record<string, unknown>, members: string[]): string | null {
  for (const member of members) {
    const value = text(item[member]);
    if (value !== null) return value;
  }
  return null;
}

/**
 * Flattens change sets (histories or journals) into one event per changed item, oldest first,
 * keeping only the given fields (compared case-insensitively, by raw or renamed name) when a list
 * is given. Id-valued fields the shape names (status_id) get their readable name (status), and
 * their values the names of valueNames (an id missing from the table stays as it is); custom
 * fields named by id get their name from customFieldNames ("custom field 4" when it is unknown).
 */
export function flattenChangelog(
  key: string,
  entries: unknown[],
  shape: ChangelogShape,
  fields?: string[],
  valueNames: FieldValueNames = {},
  customFieldNames: Record<string, string> = {},
): ChangeEvent[] {
  const wanted = fields ? new Set(fields.map((field) => field.toLowerCase())) : undefined;
  // status_id is the status whether or not its names could be read: timelines find it either way.
  const renamed = new Map((shape.names ?? []).map((lookup) => [lookup.field, lookup.renamedTo]));
  const author = compilePath(shape.author);
  const events: ChangeEvent[] = [];
  for (const entry of entries) {
    if (entry === null || typeof entry !== "object") continue;
    const record = entry as Record<string, unknown>;
    const rawAt = record[shape.at];
    const at = typeof rawAt === "string" || typeof rawAt === "number" ? (toDateTime(rawAt) ?? null) : null;
    const who = text(author(record)[0]);
    const items = Array.isArray(record[shape.items]) ? (record[shape.items] as unknown[]) : [];
    for (const item of items) {
      if (item === null || typeof item !== "object") continue;
      const detail = item as Record<string, unknown>;
      const field = text(detail[shape.field]) ?? "";
      // A Redmine custom field is named by its id ("4"); its name is what a reader and a filter know.
      const custom = shape.customFields && detail[shape.customFields.property] === shape.customFields.marker;
      const shown = custom
        ? (customFieldNames[field] ?? `custom field ${field}`)
        : (renamed.get(field) ?? field);
      if (wanted && !wanted.has(field.toLowerCase()) && !wanted.has(shown.toLowerCase())) continue;
      const names = valueNames[field] ?? {};
      const from = firstPresent(detail, shape.from);
      const to = firstPresent(detail, shape.to);
      // An item that names no field and changes nothing is not a field change: Request Tracker
      // lists its creation, comments and replies in the same history with an empty Field.
      if (field === "" && from === null && to === null) continue;
      events.push({
        key,
        field: shown,
        from: from !== null ? (names[from] ?? from) : from,
        to: to !== null ? (names[to] ?? to) : to,
        at,
        author: who,
      });
    }
  }
  return pairAddedAndRemoved(events).sort((a, b) => (a.at ?? "").localeCompare(b.at ?? ""));
}

/**
 * How far apart an added and a removed value of one field may be recorded and still be one edit:
 * Request Tracker writes the two transactions of one update in the same request, with times in
 * whole seconds, so they can straddle a second boundary.
 */
const SAME_EDIT_MS = 1000;

const isAdded = (event: ChangeEvent) => event.from === null && event.to !== null;
const isRemoved = (event: ChangeEvent) => event.from !== null && event.to === null;
const millisecondsOf = (event: ChangeEvent) => (event.at === null ? Number.NaN : Date.parse(event.at));

/**
 * One change instead of an added value and a removed value of the same field by the same person
 * at the same time (Request Tracker records an edit of a multi-value custom field as "X added",
 * "Y is no longer a value"; Redmine's journals do the same for multi-value fields): the pair reads
 * `from Y to X`. Several values added and removed together join with ", " on each side. An added
 * or removed value with no counterpart stays as it is (a value was only added, or only removed).
 */
export function pairAddedAndRemoved(events: ChangeEvent[]): ChangeEvent[] {
  const used = new Set<ChangeEvent>();
  const result: ChangeEvent[] = [];
  for (const event of events) {
    if (used.has(event)) continue;
    if (!isAdded(event) && !isRemoved(event)) {
      result.push(event);
      continue;
    }
    const time = millisecondsOf(event);
    const edit = events.filter(
      (other) =>
        !used.has(other) &&
        (isAdded(other) || isRemoved(other)) &&
        other.key === event.key &&
        other.field === event.field &&
        other.author === event.author &&
        Math.abs(millisecondsOf(other) - time) <= SAME_EDIT_MS,
    );
    const added = edit.filter(isAdded);
    const removed = edit.filter(isRemoved);
    if (added.length === 0 || removed.length === 0) {
      result.push(event);
      used.add(event);
      continue;
    }
    for (const part of edit) used.add(part);
    const earliest = edit.map((part) => part.at ?? "").sort()[0];
    result.push({
      ...event,
      from: removed.map((part) => part.from).join(", "),
      to: added.map((part) => part.to).join(", "),
      at: earliest === "" ? null : earliest,
    });
  }
  return result;
}

const DAY = /^\d{4}-\d{2}-\d{2}/;

/**
 * Notes for every date a later change corrected (both values look like dates): the reader is
 * told the first date was superseded, with both dates and when, rather than seeing only one.
 */
export function correctedDates(events: ChangeEvent[], searchName: string): string[] {
  return events
    .filter((event) => event.from !== null && event.to !== null && DAY.test(event.from) && DAY.test(event.to))
    .map(
      (event) =>
        `${event.key}: ${event.field} corrected from ${event.from} to ${event.to} (change of ${event.at ?? "an unknown time"}, search ${searchName})`,
    );
}

/** One status an issue held, from when; derived from status change events. */
export interface StatusSpan {
  key: string;
  status: string;
  from: string | null;
  /** When the issue left this status; null for the current one. */
  until: string | null;
}

/**
 * The status timeline of each issue from its change events: the first span starts with the
 * first transition's `from` status (time unknown), each transition opens the next span.
 */
export function statusTimeline(events: ChangeEvent[]): Map<string, StatusSpan[]> {
  const timelines = new Map<string, StatusSpan[]>();
  const transitions = events
    .filter((event) => event.field.toLowerCase() === "status")
    .sort((a, b) => (a.at ?? "").localeCompare(b.at ?? ""));
  for (const event of transitions) {
    let spans = timelines.get(event.key);
    if (!spans) {
      spans = event.from ? [{ key: event.key, status: event.from, from: null, until: null }] : [];
      timelines.set(event.key, spans);
    }
    const last = spans[spans.length - 1];
    if (last) last.until = event.at;
    if (event.to) spans.push({ key: event.key, status: event.to, from: event.at, until: null });
  }
  return timelines;
}
