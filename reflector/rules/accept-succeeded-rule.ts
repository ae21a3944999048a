import type { ReflectionRule } from "./rule.js";

/** A step that succeeded and passed validation needs nothing more. */
export const acceptSucceededRule: ReflectionRule = {
  name: "accept",
  priority: 0,
  decide(context) {
    if (context.result.status !== "succeeded") return undefined;
    return { action: "accept", reason: "ok" };
  },
};
