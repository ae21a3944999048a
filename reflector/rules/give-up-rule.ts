import type { ReflectionRule } from "./rule.js";

/** Whatever no other rule handled is left unresolved, with the step's own message. */
export const giveUpRule: ReflectionRule = {
  name: "unresolved",
  priority: 1000,
  decide(context) {
    const kind = context.result.error_kind ?? context.result.status;
    return {
      action: "unresolved",
      reason: `${kind}${context.result.error_message ? `: ${context.result.error_message}` : ""}`,
    };
  },
};
