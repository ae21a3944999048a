import type { ReflectionRule } from "./rule.js";

const MAX_TIMEOUT_MS = 10 * 60 * 1000;

/** A step that ran out of time is retried once per round with its timeout doubled, within the deadline. */
export const retryTimeoutRule: ReflectionRule = {
  name: "retry",
  priority: 20,
  decide(context) {
    if (context.result.error_kind !== "timeout") return undefined;
    const lastAttempt = context.result.attempts.at(-1);
    const previous = lastAttempt?.timeout_ms ?? context.defaultTimeoutMs;
    const doubled = Math.min(previous * 2, MAX_TIMEOUT_MS);
    if (context.remainingMs < previous) {
      return {
        action: "unresolved",
        reason: `timed out after ${previous}ms and only ${Math.max(0, Math.round(context.remainingMs))}ms remain before the deadline`,
        conclusion: {
          code: "timeout_past_deadline",
          timeoutMs: previous,
          remainingMs: Math.max(0, Math.round(context.remainingMs)),
        },
      };
    }
    const timeoutMs = Math.min(doubled, Math.max(1, Math.floor(context.remainingMs)));
    return {
      action: "retry",
      goal: context.goal,
      hints: { timeoutMs },
      delayMs: 0,
      reason: `timeout ${previous}ms→${timeoutMs}ms`,
    };
  },
};
