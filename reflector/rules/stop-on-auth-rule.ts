import type { ReflectionRule } from "./rule.js";
import { sourceVariables } from "./source-variables.js";

/** Wrong credentials or a wrong workspace are not fixed by trying again: stop the goal and say what to fix. */
export const stopOnAuthRule: ReflectionRule = {
  name: "stop",
  priority: 10,
  decide(context) {
    const kind = context.result.error_kind;
    if (kind !== "auth_error" && kind !== "config_error") return undefined;
    const source = context.goal.source;
    const detail = context.result.error_message ? `: ${context.result.error_message}` : "";
    // Only the variables that can hold credentials are named for an auth failure (not the URL ones).
    const variables = sourceVariables(context.workspace, source).filter(
      (name) => kind !== "auth_error" || !/URL$/i.test(name),
    );
    const where =
      variables.length > 0
        ? `the environment variable${variables.length > 1 ? "s" : ""} ${variables.join(", ")}`
        : "its section of triangulate.yaml";
    const reason =
      kind === "auth_error"
        ? `source ${source} refused the credentials${detail}; check ${where}`
        : `source ${source} is misconfigured${detail}; fix its section of triangulate.yaml`;
    return { action: "stop", reason };
  },
};
