import { trustOf } from "../../domain/trust.js";
import { type FailureKind, isRetryableKind } from "../../models/failure-kind.js";
import type { SubGoal } from "../../models/plan.js";
import { printRule } from "../../models/validation-rule/index.js";
import { asksSameNumber } from "../same-number.js";
import { broadenRule } from "./broaden-rule.js";
import { effectiveFailureKind } from "./effective-failure-kind.js";
import type { ReflectionContext, ReflectionRule, RuleDecision } from "./rule.js";
import { ruleForOtherSource } from "./rule-rewrites.js";

/** Another source (and dataset) offering what the goal asks for, not tried yet, highest trust first. */
export function findAlternativeSource(
  context: ReflectionContext,
): { source: string; dataset: string; trust: number } | undefined {
  const { goal } = context;
  const wanted = goal.params.metric ?? goal.params.event;
  if (!wanted) return undefined;
  // A source another goal of the plan asks for the same thing, or asked before it moved on, would
  // only repeat that goal.
  const askedElsewhere = new Set(
    (context.otherGoals ?? [])
      .filter(
        (other) =>
          other.id !== goal.id &&
          (other.params.metric ?? other.params.event) === wanted &&
          JSON.stringify(other.params.filters) === JSON.stringify(goal.params.filters),
      )
      .flatMap((other) => [other.source, ...(context.otherHistories?.get(other.id)?.sourcesTried ?? [])]),
  );
  // The workspace may limit the sources a metric is asked of (catalog metric `sources`).
  const allowed = goal.params.metric
    ? context.workspace.config.catalog.metrics[goal.params.metric]?.sources
    : undefined;
  const candidates = context.capabilities
    .filter(
      (capability) =>
        !context.history.sourcesTried.includes(capability.name) &&
        !askedElsewhere.has(capability.name) &&
        (allowed === undefined || allowed.includes(capability.name)),
    )
    .sort((left, right) => right.trust - left.trust);
  for (const capability of candidates) {
    const dataset = capability.datasets.find(
      (candidate) =>
        (candidate.metrics.includes(wanted) || candidate.events.includes(wanted)) &&
        // The alternative must be able to filter on what the goal filters on.
        Object.keys(goal.params.filters).every(
          (name) => candidate.dimensions.includes(name) || candidate.columns.includes(name),
        ),
    );
    if (dataset) return { source: capability.name, dataset: dataset.name, trust: capability.trust };
  }
  return undefined;
}

/** The goal moved to another source, checked for rows only (the plan's rule names the first source's columns). */
function switchedGoal(goal: SubGoal, alternative: { source: string; dataset: string }): SubGoal {
  return {
    ...goal,
    source: alternative.source,
    dataset: alternative.dataset,
    validation: printRule(ruleForOtherSource()),
  };
}

/** The most trusted other goal of the plan that asks for the same number and already has it, if any. */
export function coveringGoal(context: ReflectionContext): SubGoal | undefined {
  const trust = (goal: SubGoal) => trustOf(context.workspace.config.sources, goal.source);
  return (context.otherGoals ?? [])
    .filter(
      (other) =>
        other.id !== context.goal.id &&
        other.source !== context.goal.source &&
        context.otherResults?.get(other.id)?.status === "succeeded" &&
        asksSameNumber(other, context.goal),
    )
    .sort((left, right) => trust(right) - trust(left))[0];
}

const SOURCE_FAILURES: readonly FailureKind[] = [
  "timeout",
  "server_error",
  "rate_limited",
  "auth_error",
  "config_error",
];

/**
 * A source that cannot answer (down, too slow, refusing the credentials, misconfigured) is not the
 * end of a goal while another source offers the same number. The goal moves to the most trusted
 * source offering the metric that no goal asks yet (a `fallback` source of the metric, or any when
 * it is not cross-checked) — unless another goal of the plan already holds the number from a source
 * at least as trusted: then a slow or failing source is not waited for again, and the goal ends with
 * its failure, which the answer states beside the other source's value. A timeout moves at once (a
 * retry would wait twice as long), a server error after one retry (covered or not), a rate limit
 * after one retry when nothing covers it, credentials and configuration at once; with nowhere to go, the retry and stop rules decide as before. A goal
 * with no data even at the broadest period is asked of that source too (`noDataFallback`).
 */
export const fallbackSourceRule: ReflectionRule = {
  name: "fallback",
  priority: 5,
  decide(context) {
    const kind = context.result.error_kind;
    // Event searches are asked of every source already, each with the filters it can apply.
    if (!context.goal.params.metric || kind === undefined) return undefined;
    if (!SOURCE_FAILURES.includes(kind)) return noDataFallback(context);
    const failure = `${kind}${context.result.error_message ? ` (${context.result.error_message})` : ""}`;
    const covering = coveringGoal(context);
    const coveringTrust = covering ? trustOf(context.workspace.config.sources, covering.source) : undefined;
    const alternative = findAlternativeSource(context);
    const retried = context.history.retries > 0 || context.history.sourcesTried.length > 1;
    // A server error is retried once before anything else, even when another goal holds the same
    // number: one reset connection of a busy server is cured by one more request, and giving up
    // at once would drop the source's cross-check from the answer (it would differ from the same
    // question asked a moment later). A rate limit waits first only when nothing covers the number
    // (its wait is the source's to set, possibly minutes).
    const waitFirst = !retried && (kind === "server_error" || (kind === "rate_limited" && !covering));
    if (alternative && !waitFirst && (coveringTrust === undefined || alternative.trust > coveringTrust))
      return {
        action: "switch_source",
        goal: switchedGoal(context.goal, alternative),
        reason: `${failure}; ${context.goal.source}→${alternative.source}`,
      };
    if (covering && isRetryableKind(kind) && !waitFirst)
      return {
        action: "unresolved",
        reason: `${failure}; ${covering.source} holds the same number, so ${context.goal.source} is not waited for again`,
      };
    return undefined;
  },
};

/**
 * No data for the asked keys even at the broadest period the broaden rule reaches: the goal, as
 * planned, is asked of a source no goal asks (a `fallback` source of the metric, or any when it is
 * not cross-checked) before it is given up — unless another goal already holds the number.
 */
function noDataFallback(context: ReflectionContext): RuleDecision | undefined {
  const kind = effectiveFailureKind(context.result);
  if (kind !== "not_found" && kind !== "no_results") return undefined;
  if (broadenRule.decide(context)?.action !== "unresolved" || coveringGoal(context)) return undefined;
  const alternative = findAlternativeSource(context);
  if (!alternative) return undefined;
  return {
    action: "switch_source",
    goal: switchedGoal(context.originalGoal, alternative),
    reason: `no data even at the broadest period; ${context.goal.source}→${alternative.source}`,
  };
}

/** Unparsable data or a failed validation: ask another source that offers the same metric, else give up on the goal. */
export const alternativeSourceRule: ReflectionRule = {
  name: "switch",
  priority: 50,
  decide(context) {
    const kind = effectiveFailureKind(context.result);
    if (kind !== "format_error" && kind !== "validation_failed") return undefined;
    const clause = context.result.validation?.failed_clause;
    const why =
      kind === "validation_failed"
        ? `validation failed${clause ? ` at ${clause}` : ""}`
        : "unreadable response";
    const alternative = findAlternativeSource(context);
    if (!alternative)
      return {
        action: "unresolved",
        reason: `${why}; no other source offers ${context.goal.params.metric ?? context.goal.params.event ?? "this data"}`,
        conclusion: {
          code: "no_alternative_source",
          ...(context.goal.params.metric ? { metric: context.goal.params.metric } : {}),
          ...(context.goal.params.event ? { event: context.goal.params.event } : {}),
          source: context.goal.source,
          ...(clause ? { clause } : {}),
        },
      };
    const goal = switchedGoal(context.goal, alternative);
    return { action: "switch_source", goal, reason: `${why}; ${context.goal.source}→${alternative.source}` };
  },
};
