import type { ReflectionRule } from "./rule.js";

/** Wrong credentials or a wrong workspace are not fixed by trying again: stop the goal and say what to fix. */
export const stopOnAuthRule: ReflectionRule = {
  name: "stop",
  priority: 10,
  decide(context) {
    const kind = context.result.error_kind;
    if (kind !== "auth_error" && kind !== "config_error") return undefined;
    const source = context.goal.source;
    const detail = context.result.error_message ? `: ${context.result.error_message}` : "";
    const reason =
      kind === "auth_error"
        ? `source ${source} refused the credentials${detail}; check the token or password variables in its section of triangulate.yaml`
        : `source ${source} is misconfigured${detail}; fix its section of triangulate.yaml`;
    return { action: "stop", reason };
  },
};
