import { backoffDelayMs } from "./backoff.js";
import type { ReflectionRule } from "./rule.js";

/** Longest wait honoured from a Retry-After header; a server asking for more is reported, not obeyed. */
export const MAX_RETRY_AFTER_MS = 10_000;

/** 429: wait what Retry-After says (capped) or back off exponentially with jitter, then retry. */
export const rateLimitedRule: ReflectionRule = {
  name: "retry",
  priority: 20,
  decide(context) {
    if (context.result.error_kind !== "rate_limited") return undefined;
    const retryAfterSeconds =
      context.result.attempts.at(-1)?.retry_after_seconds ??
      (typeof context.result.error_details?.retryAfterSeconds === "number"
        ? (context.result.error_details.retryAfterSeconds as number)
        : undefined);
    const asked = retryAfterSeconds !== undefined ? retryAfterSeconds * 1000 : undefined;
    const delayMs =
      asked !== undefined ? Math.min(asked, MAX_RETRY_AFTER_MS) : backoffDelayMs(context.history.retries + 1);
    if (delayMs >= context.remainingMs) {
      return {
        action: "unresolved",
        reason: `rate limited; waiting ${delayMs}ms would pass the deadline`,
        conclusion: { code: "rate_limit_past_deadline", delayMs },
      };
    }
    const how =
      asked !== undefined
        ? `Retry-After ${retryAfterSeconds}s${asked > MAX_RETRY_AFTER_MS ? ` capped to ${MAX_RETRY_AFTER_MS / 1000}s` : ""}`
        : `backoff ${delayMs}ms`;
    return { action: "retry", goal: context.goal, hints: {}, delayMs, reason: `rate limited, ${how}` };
  },
};
