import type { AnswerStatus } from "../../models/answer.js";
import type { Provenance } from "../../models/evidence.js";
import type { SubGoal } from "../../models/plan.js";
import type { StepMessage } from "../../models/step-message.js";
import type { Labels } from "../synthesizer/labels.js";
import type { AskedKeys, FailureConclusion, GapMessage } from "./gap-message.js";

/** How one answer language says gaps: a goal's subject, each gap code, each failure conclusion. */
export interface MessageCatalog {
  /** What a goal was after, in the answer's words ("rides for Downtown in 2025-12, from ops_exports/rides"). */
  subject(goal: SubGoal, labels: Labels): string;
  /** The gap, without the subject. */
  gap(message: GapMessage, labels: Labels): string;
  /** What reflection concluded about a failure. */
  conclusion(conclusion: FailureConclusion, labels: Labels): string;
  /** What an adapter or the executor said about a failed step, from its code. */
  said(said: StepMessage, labels: Labels): string;
  /** A quotation of an upstream's own words. */
  quote(words: string): string;
  /**
   * The words after a number in a unit (`changeUnitOf`: percent_points, points, a time unit, a
   * currency code such as CNY, kCNY, mUSD), with the space before them; "" for none. `short` asks
   * for the abbreviation where the language has one ("pp").
   */
  unit(unit: string, short?: boolean): string;
  /** The words of a citation's label. */
  citation: CitationWords;
  /** The lines a person reads under an answer: the sources' heading, the number audit, the run folder. */
  footer: {
    /** The status line's heading ("status", "状态：") and each status's word. */
    status: string;
    statuses: Record<AnswerStatus, string>;
    sources: string;
    audited(count: number): string;
    auditFailed(untraced: number, total: number, numbers: string): string;
    run(directory: string): string;
  };
}

/** How a citation's label names a row, several rows, several issues and a page ("row 2", "第 2 行"). */
export interface CitationWords {
  row(number: number): string;
  /** A line of a file (CSV, JSON) a row was read from, counted from the file's first line. */
  line(number: number): string;
  rows(count: number): string;
  issues(count: number): string;
  page(number: number): string;
  /** A wide table's column a value was read from, by its header. */
  column(header: string): string;
  /** Where on a dashboard rows were read: the anchor, a table or an OCR region, the page's rows. */
  place(place: DashboardPlace): string;
}

/** Where on a dashboard rows were read (a provenance's `place`). */
export type DashboardPlace = NonNullable<Provenance["place"]>;

/** Row numbers as ranges: [1, 2, 3, 7] → "1–3, 7". */
export function compactRanges(numbers: number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let start = 0; start < sorted.length; ) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end] + 1) end += 1;
    parts.push(end > start ? `${sorted[start]}–${sorted[end]}` : `${sorted[start]}`);
    start = end + 1;
  }
  return parts.join(", ");
}

/** The asked values of keys in the answer's labels, each dimension's values joined by `or`. */
export function keyValues(keys: AskedKeys, labels: Labels, or: string): string[] {
  return Object.entries(keys).map(([dimension, value]) =>
    (Array.isArray(value) ? value : [value]).map((entry) => labels.value(dimension, entry)).join(or),
  );
}

/** Chinese words after Latin text or digits get a space ("2025-12 的"), after Chinese none ("市中心的"). */
export function beforeChinese(text: string): string {
  return /[\x21-\x7e]$/.test(text) ? `${text} ` : text;
}

/** Text in parentheses ("(…)", "（…）"), or nothing when the text is empty. */
export function parenthesized(open: string, close: string, text: string): string {
  return text ? `${open}${text}${close}` : "";
}

/** The event searches of a why question, one group per event with its sources in order ("crm_release" in tickets and handbook). */
export function searchedGroups(
  searched: { event: string; source: string }[],
): { event: string; sources: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const { event, source } of searched) {
    const sources = groups.get(event) ?? [];
    if (!sources.includes(source)) sources.push(source);
    groups.set(event, sources);
  }
  return [...groups].map(([event, sources]) => ({ event, sources }));
}

/** Where a goal reads from: "source/dataset", or the source alone. */
export function whereFrom(goal: SubGoal): string {
  return goal.dataset ? `${goal.source}/${goal.dataset}` : goal.source;
}

/** A currency unit read as its parts: kCNY → thousands of CNY, mUSD → millions of USD. */
export function currencyOf(unit: string): { scale: "" | "k" | "m"; code: string } | undefined {
  const match = /^([km]?)([A-Z]{3})$/.exec(unit);
  return match ? { scale: match[1] as "" | "k" | "m", code: match[2] } : undefined;
}
