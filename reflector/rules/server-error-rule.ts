import { sourceKindOf } from "../../models/workspace.js";
import { backoffDelayMs } from "./backoff.js";
import type { ReflectionRule } from "./rule.js";

/** 5xx: switch to the source's fallback endpoint when it has one, else back off and retry. */
export const serverErrorRule: ReflectionRule = {
  name: "retry",
  priority: 20,
  decide(context) {
    if (context.result.error_kind !== "server_error") return undefined;
    const source = context.workspace.config.sources[context.goal.source];
    const hasFallback = source !== undefined && sourceKindOf(source).fallbackEndpoint(source) !== undefined;
    if (hasFallback && !context.history.usedFallback) {
      return {
        action: "retry",
        goal: context.goal,
        hints: { useFallback: true },
        delayMs: 0,
        reason: "server error, using the fallback endpoint",
      };
    }
    const delayMs = backoffDelayMs(context.history.retries + 1);
    if (delayMs >= context.remainingMs)
      return { action: "unresolved", reason: "server error; no time left to retry" };
    return {
      action: "retry",
      goal: context.goal,
      hints: context.history.usedFallback ? { useFallback: true } : {},
      delayMs,
      reason: `server error, backoff ${delayMs}ms`,
    };
  },
};
