import type { FailureKind } from "../../models/failure-kind.js";
import type { AskedAspect, FilterValue } from "../../models/plan.js";
import { type StepMessage, stepMessageOf } from "../../models/step-message.js";
import type { StepResult } from "../../models/step-result.js";
import type { GradeShortfall } from "../grader.js";

// What a gap says, as a code with parameters: the reflector decides WHAT is missing; each answer
// language's catalog (en.ts, zh-hans.ts, zh-hant.ts) decides how it is said. Catalog names (metric,
// dimension values) are parameters, so a catalog renders them with the answer language's labels;
// an upstream's own words are a parameter too, quoted as such.

/** Asked keys of a goal: dimension → value(s). */
export type AskedKeys = Record<string, FilterValue>;

/** Why reflection stopped for every goal at once. */
export type StopCause = { kind: "interrupted" } | { kind: "deadline" } | { kind: "rounds"; rounds: number };

/** One gap's content, language-free. */
export type GapMessage =
  /** The evidence has no value for some asked periods of the keys. */
  | {
      code: "metric_periods_missing";
      metric: string;
      keys: AskedKeys;
      periods: string[];
      /** The data's last period, when it ends before the first missing one. */
      dataEnds?: string;
      /** The value at `dataEnds`, in its unit ("3.6%"), when the keys have one value there. */
      lastValue?: string;
      /** `lastValue`'s unit, so a catalog says a money value's currency after it ("31200 CNY", "31200 元"). */
      lastUnit?: string;
      /** Values for the keys in other periods were found and are shown as context. */
      context: boolean;
      notKeptBy?: NotKeptBy;
    }
  /** The evidence has no value for the keys at all (no period asked). */
  | { code: "metric_value_absent"; metric: string; keys: AskedKeys }
  /** A value was found, but the source does not keep the metric by some asked dimensions. */
  | ({ code: "metric_not_kept_by" } & NotKeptBy)
  /** The source gave rows, not the metric: counting them is not its value. */
  | { code: "metric_count_not_value"; metric: string; source: string }
  /** An event search lost a key: its rows cannot be told apart. */
  | {
      code: "event_filter_dropped";
      event: string;
      keys: AskedKeys;
      window?: string;
      dimension: string;
      source: string;
    }
  /** An event search did not cover the asked window. */
  | { code: "event_window_uncovered"; window: string }
  /**
   * The grader found the passages short of the asked aspect: `shortfall` is what it found, about
   * `clause`, the question's own words the answer must be about.
   */
  | {
      code: "passages_insufficient";
      aspect: AskedAspect;
      about?: string;
      shortfall?: GradeShortfall;
      clause?: string;
    }
  /**
   * The grader found the passages short of a sub-question the plan gave no asked aspect: `clause`
   * is the question's own words the answer must be about.
   */
  | { code: "passages_short"; clause: string; shortfall?: GradeShortfall }
  /** No passage states the asked aspect. */
  | { code: "text_aspect_missing"; aspect: AskedAspect; about?: string }
  /** A "why" question whose plan searched no event source. */
  | { code: "why_no_event_source"; metric: string; period?: string }
  /** A "why" question whose event searches found nothing in their windows. */
  | { code: "why_no_event_found"; metric: string; period?: string }
  /**
   * A breakdown or ranking the question asked for that cannot be given: the workspace maps no
   * dimension holding the kinds (`mapped: false`; `wanted` is what the question called them), or
   * no answered source's rows carry the mapped `dimension`. The total is then not the answer.
   */
  | {
      code: "breakdown_unavailable";
      metric: string;
      keys: AskedKeys;
      mapped: boolean;
      dimension?: string;
      wanted?: string;
    }
  /**
   * A "why" question whose event searches found no event within base..asked for the metric's keys
   * (`period`, the change's span): what was searched (event and source), over which window, and how
   * many events found lie outside the change or are for other keys.
   */
  | {
      code: "why_no_event_aligned";
      metric: string;
      period: string;
      searched: { event: string; source: string }[];
      window: string;
      outside: number;
    }
  /**
   * A step that failed, with its kind, what its adapter said as a code (rendered in the answer's
   * language) or else the upstream's own words (quoted), and what reflection concluded.
   */
  | {
      code: "step_failed";
      kind: FailureKind | "failed";
      said?: StepMessage;
      upstream?: string;
      conclusion?: FailureConclusion;
    }
  /** Stopped by Ctrl-C or a caller's abort before the goal finished. */
  | { code: "interrupted" }
  /** Sources that failed for a number other sources hold: each failure, and where the value shown is from. */
  | { code: "answered_by_other_source"; failed: FailedSourceWords[]; from: string[] };

/** A source that failed, in a gap: its name (source/dataset), its failure kind, its own words. */
export interface FailedSourceWords {
  source: string;
  kind?: FailureKind;
  said?: StepMessage;
  upstream?: string;
}

/** The dimensions a metric's source does not keep it by. */
export interface NotKeptBy {
  metric: string;
  dimensions: string[];
  source: string;
  dataset: string;
  keys: AskedKeys;
}

/** What reflection concluded about a failed goal, beyond the failure itself. */
export type FailureConclusion =
  | { code: "no_alternative_source"; metric?: string; event?: string; source: string; clause?: string }
  | { code: "broadest_period_empty"; filters: AskedKeys }
  | { code: "rate_limit_past_deadline"; delayMs: number }
  | { code: "timeout_past_deadline"; timeoutMs: number; remainingMs: number }
  | { code: "stopped"; cause: StopCause };

/**
 * What a failed step's gap says of the failure: the adapter's coded message (rendered in the
 * answer's language) when it gave one, and the step's own message (the upstream's words, kept in
 * the gap's params for `--json` readers; rendered, quoted, only when there is no code).
 */
export function failureWords(result: StepResult | undefined): { said?: StepMessage; upstream?: string } {
  const said = stepMessageOf(result);
  return {
    ...(said ? { said } : {}),
    ...(result?.error_message ? { upstream: result.error_message } : {}),
  };
}
