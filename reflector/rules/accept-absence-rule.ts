import { effectiveFailureKind } from "./effective-failure-kind.js";
import type { ReflectionRule } from "./rule.js";

/**
 * An event search that finds nothing has answered: "no provider change in North in January" is a
 * finding, and broadening it would report events from outside the period asked about. A failure
 * that names a locator (a document or table that was not found) is a missing structure, not an
 * absence of events, and is left to the other rules.
 */
export const acceptAbsenceRule: ReflectionRule = {
  name: "accept",
  priority: 30,
  decide(context) {
    if (!context.goal.params.event) return undefined;
    const kind = effectiveFailureKind(context.result);
    if (kind !== "no_results") return undefined;
    if (typeof context.result.error_details?.locator === "string" && !context.result.evidence)
      return undefined;
    return { action: "accept", reason: "no events in the period is the answer" };
  },
};
