import type { SubGoal } from "../../models/plan.js";
import { printRule } from "../../models/validation-rule/index.js";
import { effectiveFailureKind } from "./effective-failure-kind.js";
import type { ReflectionContext, ReflectionRule } from "./rule.js";
import { ruleForOtherSource } from "./rule-rewrites.js";

/** Another source (and dataset) offering what the goal asks for, not tried yet, highest trust first. */
export function findAlternativeSource(
  context: ReflectionContext,
): { source: string; dataset: string } | undefined {
  const { goal } = context;
  const wanted = goal.params.metric ?? goal.params.event;
  if (!wanted) return undefined;
  // A source another goal of the plan already asks for the same thing would only repeat that goal.
  const askedElsewhere = new Set(
    (context.otherGoals ?? [])
      .filter(
        (other) =>
          other.id !== goal.id &&
          (other.params.metric ?? other.params.event) === wanted &&
          JSON.stringify(other.params.filters) === JSON.stringify(goal.params.filters),
      )
      .map((other) => other.source),
  );
  const candidates = context.capabilities
    .filter(
      (capability) =>
        !context.history.sourcesTried.includes(capability.name) && !askedElsewhere.has(capability.name),
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
    if (dataset) return { source: capability.name, dataset: dataset.name };
  }
  return undefined;
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
    // The plan's rule names the first source's columns; the alternative is checked for rows only.
    const goal: SubGoal = {
      ...context.goal,
      source: alternative.source,
      dataset: alternative.dataset,
      validation: printRule(ruleForOtherSource()),
    };
    return { action: "switch_source", goal, reason: `${why}; ${context.goal.source}→${alternative.source}` };
  },
};
