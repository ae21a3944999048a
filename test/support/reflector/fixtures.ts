import path from "node:path";
import { fileURLToPath } from "node:url";
import { describeSources } from "../../../config/describe-sources.js";
import { loadWorkspace } from "../../../config/load-workspace.js";
import type { Workspace } from "../../../config/workspace.js";
import type { Evidence } from "../../../models/evidence.js";
import { SubGoal, type SubGoalInput } from "../../../models/plan.js";
import type { StepResult } from "../../../models/step-result.js";
import type { ReflectionContext } from "../../../reflector/rules/rule.js";

const here = path.dirname(fileURLToPath(import.meta.url));

/** The demo workspace's configuration, loaded from demo/workspace/triangulate.yaml (no connection is made). */
export function demoWorkspace(): Workspace {
  return loadWorkspace(path.resolve(here, "../../../demo/workspace"), { environment: {} });
}

/** A validated sub-goal from a short description. */
export function goal(input: Partial<SubGoalInput> & { id: string; source: string }): SubGoal {
  return SubGoal.parse({ description: `goal ${input.id}`, expected_format: "table", ...input });
}

/** A step result; failures carry their kind. */
export function result(goalId: string, source: string, fields: Partial<StepResult> = {}): StepResult {
  return { goal_id: goalId, source, status: "succeeded", attempts: [], duration_ms: 1, ...fields };
}

/** A failed step result of a kind. */
export function failed(
  goalId: string,
  source: string,
  kind: StepResult["error_kind"],
  fields: Partial<StepResult> = {},
): StepResult {
  return result(goalId, source, {
    status: "failed",
    error_kind: kind,
    error_message: `${kind} happened`,
    ...fields,
  });
}

/** A table of rows with typed columns inferred from the first row. */
export function table(
  rows: Record<string, string | number | null>[],
  source: string,
  options: { units?: Record<string, string> } = {},
): Evidence {
  const first = rows[0] ?? {};
  return {
    kind: "table",
    columns: Object.keys(first).map((name) => ({
      name,
      type:
        typeof first[name] === "number"
          ? options.units?.[name] === "percent"
            ? "percent"
            : "number"
          : "string",
      ...(options.units?.[name] ? { unit: options.units[name] } : {}),
    })),
    rows,
    provenance: rows.map((_, index) => ({
      source,
      url: `http://127.0.0.1/${source}`,
      locator: `row ${index + 1}`,
    })),
    notes: [],
  };
}

/** A reflection context for one goal and result in the demo workspace. */
export function reflectionContext(
  subGoal: SubGoal,
  stepResult: StepResult,
  overrides: Partial<ReflectionContext> = {},
): ReflectionContext {
  const workspace = overrides.workspace ?? demoWorkspace();
  return {
    goal: subGoal,
    originalGoal: subGoal,
    result: stepResult,
    workspace,
    capabilities: describeSources(workspace.config),
    iteration: 1,
    history: { retries: 0, broadenings: [], sourcesTried: [subGoal.source], usedFallback: false },
    remainingMs: 60_000,
    defaultTimeoutMs: 20_000,
    ...overrides,
  };
}
