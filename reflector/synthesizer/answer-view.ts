import type { Workspace } from "../../config/workspace.js";
import type { AnswerStatus, Broadening, Gap } from "../../models/answer.js";
import type { TableEvidence } from "../../models/evidence.js";
import type { MetricComparison, toAnswerConflict } from "../conflicts.js";
import type { KnownNumber } from "../number-audit.js";
import type { CitationRegistry } from "./citations.js";
import type { GoalOutcome } from "./goal-outcome.js";
import type { KnownNumbers } from "./known-numbers.js";
import type { AnswerLanguage, Labels } from "./labels.js";
import type { ViewInput } from "./view-input.js";

/** One value line of a metric item. */
export interface ValueView {
  keys: string;
  value: string;
  cite: number;
  /** Not for the asked keys or period: shown as context, never as the answer. */
  context: boolean;
  conflict?: {
    values: { source: string; value: string; weight: string; cite: number }[];
    resolved: string | null;
    policy: string;
    outcome: string;
  };
}

/** One item of the answer, per sub-goal; templates phrase it per kind. */
export type ItemView =
  | {
      kind: "metric";
      goal: string;
      label: string;
      /** The asked keys and periods with no value, and where the data ends (its last value), when known. */
      missing?: { keys: string; dataEnds?: string; lastValue?: string };
      values: ValueView[];
      more: number;
      status: "answered" | "partial" | "insufficient";
    }
  | {
      kind: "events";
      goal: string;
      label: string;
      /** Each event once: its citation, those of other sources listing it, or the one source that alone lists it. */
      events: {
        key: string;
        date: string;
        detail: string;
        cite: number;
        alsoCites: number[];
        /** Other sources that list the same event (the same key) on another day. */
        otherDates: { source: string; date: string }[];
        onlyIn?: string;
      }[];
      more: number;
      absent: { value: string; period: string }[];
      status: "answered" | "partial" | "insufficient";
    }
  | {
      kind: "records";
      goal: string;
      label: string;
      rows: { text: string; cite: number }[];
      more: number;
      status: "answered" | "partial" | "insufficient";
    }
  | {
      kind: "text";
      goal: string;
      question: string;
      sufficient: boolean;
      quotes: { text: string; cite: number }[];
      missing?: string;
      answerKind: string;
      aspect: string;
      status: "answered" | "insufficient";
    }
  | { kind: "failed"; goal: string; label: string; reason: string; status: "failed" };

/** Everything the answer templates need, numbers already formatted. */
export interface AnswerView {
  language: AnswerLanguage;
  question: string;
  /** Decided before the view is built (`answerStatus`), never patched in after. */
  status: AnswerStatus;
  items: ItemView[];
  differences: {
    metric: string;
    left: string;
    right: string;
    leftValue: string;
    rightValue: string;
    difference: string;
    /** The unit the difference is said in (`changeUnitOf`): percent_points, points, hours, a currency code, or "". */
    changeUnit: string;
    relative: string | null;
    higher: "left" | "right" | "equal";
  }[];
  trends: {
    metric: string;
    keys: string;
    direction: string;
    first: string;
    last: string;
    firstPeriod: string;
    lastPeriod: string;
    largestFrom?: string;
    largestTo?: string;
    largestChange?: string;
    /** last − first, signed, in `changeUnit`. */
    change: string;
    /** (last − first) / |first| in percent, signed; null when first is 0. */
    relative: string | null;
    changeUnit: string;
  }[];
  alignments: {
    event: string;
    eventKey: string;
    date: string;
    metric: string;
    keys: string;
    period: string;
    value: string;
    beforePeriod?: string;
    beforeValue?: string;
    change?: string;
    direction?: string;
    changeUnit: string;
  }[];
  absences: { event: string; value: string; period: string }[];
  /**
   * A why-question's candidate explanations (explanation-views.ts): per explained metric and keys,
   * the recorded events within the change's span (base..asked) for its keys, each cited (the same
   * event from two sources once), and the ones found that do not line up, marked with why.
   */
  explanations: {
    metric: string;
    keys: string;
    span: string;
    aligned: { event: string; eventKey: string; date: string; cites: number[] }[];
    notAligned: { event: string; eventKey: string; date: string; place: "outside" | "other_keys" }[];
  }[];
  /** How periods the question did not name outright were read ("last quarter" → 2024-Q3), said first. */
  periodReadings: { how: "relative" | "default" | "assumed" | "widened"; period: string; written?: string }[];
  /** Directions the question took for granted that the evidence contradicts, said first. */
  premises: {
    stated: "up" | "down";
    actual: "up" | "down" | "flat";
    metric: string;
    keys: string;
    before: string;
    beforePeriod: string;
    last: string;
    lastPeriod: string;
    /**
     * The sources' values at the asked period when they disagree and one of them shows the stated
     * direction: the fused value decided it, and the answer says so. Empty otherwise.
     */
    disputed: { source: string; value: string }[];
  }[];
  /**
   * Breakdowns and rankings the question asked for (which … most often, 高频, top 3): each period's
   * ranking, cited, and each kind's change from the first period to the last.
   */
  breakdowns: {
    metric: string;
    dimension: string;
    keys: string;
    order: "descending" | "ascending";
    top?: number;
    periods: {
      period: string;
      /** The whole asked span's ranking, each kind summed over its periods. */
      total?: boolean;
      source: string;
      entries: { rank: number; value: string; amount: string; cite: number }[];
      more: number;
    }[];
    firstPeriod: string;
    lastPeriod: string;
    changes: { value: string; from: string; to: string; change: string; relative: string | null }[];
    changeUnit: string;
    /** The kind that rose most between the first and the last period, and by how much. */
    grewMost: string | null;
    grewMostBy: string | null;
  }[];
  /** Events sharing a name with what was broken down by (a release's module and a category): leads, not proof. */
  sharedNames: {
    event: string;
    key: string;
    date: string;
    text: string;
    shared: string;
    with: string;
    change: string | null;
    cite: number;
  }[];
  /** Counts, totals and means the question asked for, each with how it was computed and its inputs cited. */
  aggregates: { label: string; value: string; operation: string; inputs: number; cites: number[] }[];
  correlations: { left: string; right: string; coefficient: string; periods: number }[];
  conflicts: {
    metric: string;
    keys: string;
    values: { source: string; value: string; weight: string }[];
    resolved: string | null;
    policy: string;
  }[];
  agreements: { metric: string; keys: string; sources: string; value: string }[];
  gaps: (Gap & { kind?: string; aspect?: string; source?: string })[];
  broadened: Broadening[];
}

/** The view, the citations and every number the answer may use. */
export interface BuiltView {
  view: AnswerView;
  citations: CitationRegistry;
  known: KnownNumber[];
  conflicts: ReturnType<typeof toAnswerConflict>[];
  items: { goal: string; status: ItemView["status"]; citations: number[] }[];
}

/** What the view is built from (its own file: the known numbers read it too). */
export type { ViewInput };

/** What every step of building the view shares: its input, the labels, the citations and the known numbers. */
export interface ViewContext {
  input: ViewInput;
  workspace: Workspace;
  labels: Labels;
  citations: CitationRegistry;
  known: KnownNumbers;
  /** The table evidence of a goal. */
  evidenceOf(goalId: string): TableEvidence;
  /** A value in its unit in the answer's language, money with its currency (`formatAmount`). */
  amount(value: number, unit: string | undefined): string;
  /** The words after a money figure already written ("31200" → " CNY", " 元"); "" for other units. */
  moneyWords(unit: string | undefined): string;
}

/** At most this many lines of one item or one summary. */
export const MAX_LINES = 8;

/**
 * How many lines are left out of a list ("… and 4 more", "……另有 4 条"): a number the answer
 * computed, so the audit traces it (it passed before only when the evidence held the same number).
 */
export function linesLeftOut(context: ViewContext, total: number, shown: number): number {
  const more = Math.max(0, total - shown);
  if (more > 0) context.known.add(more, "computed", { label: "lines not shown" });
  return more;
}
