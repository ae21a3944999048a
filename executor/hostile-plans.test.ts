import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadWorkspace } from "../config/load-workspace.js";
import { safeParsePlan } from "../models/plan.js";
import { TemporaryFolders } from "../test/support/temporary-workspace.js";
import { checkPlanAgainstWorkspace, PlanError } from "./check-plan.js";
import { executePlan } from "./execute-plan.js";
import { readPlanFile } from "./read-plan-file.js";

// Hostile plans (test/fixtures/hostile-plans.json): prototype names, names the dataset does not
// offer, a text query aimed at a dashboard, a rule that does not parse. Every one must be refused
// by the one plan check, with the offending field named, before a run folder or a request exists.
interface HostileCase {
  name: string;
  goal?: Record<string, unknown>;
  raw_filters?: string;
  expect: string;
}
const fixture = JSON.parse(readFileSync("test/fixtures/hostile-plans.json", "utf8")) as {
  base_goal: Record<string, unknown>;
  cases: HostileCase[];
};
const folders = new TemporaryFolders();
afterAll(() => folders.cleanup());

/** The plan as JSON text: a `__proto__` key stays an own key, as it does when read from a file. */
function planText(hostile: HostileCase): string {
  const goal = { ...fixture.base_goal, ...hostile.goal };
  const text = JSON.stringify({ question: "q", as_of: "2024-06-30", sub_goals: [goal] });
  if (!hostile.raw_filters) return text;
  return text.replace(/"filters":\{[^}]*\}/, `"filters":${hostile.raw_filters}`);
}

describe("hostile plans", () => {
  const root = folders.demoWorkspace();
  const workspace = loadWorkspace(root, { environment: {} });

  it("refuses a rule that does not parse when the plan is parsed, at the rule's field with a caret", () => {
    const parsed = safeParsePlan(
      JSON.parse(planText({ name: "rule", goal: { validation: "rows >= 1 AND (" }, expect: "" })),
    );
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.issues).toHaveLength(1);
    expect(parsed.issues[0].path).toEqual(["sub_goals", 0, "validation"]);
    expect(parsed.issues[0].message).toMatch(
      /^the rule does not parse: .*\(at column 16\)\n {2}rows >= 1 AND \(\n {17}\^$/s,
    );
  });

  it("accepts the base goal the cases start from", () => {
    const parsed = safeParsePlan(JSON.parse(planText({ name: "base", expect: "" })));
    expect(parsed.success && checkPlanAgainstWorkspace(parsed.value, workspace)).toEqual([]);
  });

  it.each(fixture.cases)("refuses $name with a PlanError before any run folder exists", async (hostile) => {
    const file = path.join(root, "hostile.json");
    writeFileSync(file, planText(hostile));
    const error = await readPlanFile(file, workspace).catch((failure) => failure);
    expect(error).toBeInstanceOf(PlanError);
    expect(error.message).toMatch(new RegExp(hostile.expect));
    expect(existsSync(path.join(root, ".triangulate", "runs"))).toBe(false);
  });

  it.each(fixture.cases.filter((hostile) => !hostile.raw_filters && hostile.goal?.source !== "__proto__"))(
    "executePlan itself refuses $name (entry points that skip readPlanFile)",
    async (hostile) => {
      // The schema already refuses a rule that does not parse; a plan built in code skips the
      // schema, so the rule is put back after parsing to reach executePlan's own check.
      const { validation, ...rest } = hostile.goal ?? {};
      const parsed = safeParsePlan(JSON.parse(planText({ ...hostile, goal: rest })));
      if (!parsed.success) throw new Error(`fixture ${hostile.name} is not schema-valid`);
      if (typeof validation === "string") parsed.value.sub_goals[0].validation = validation;
      const error = await executePlan(parsed.value, workspace).catch((failure) => failure);
      expect(error).toBeInstanceOf(PlanError);
      expect(error.message).toMatch(new RegExp(hostile.expect));
      expect(existsSync(path.join(root, ".triangulate", "runs"))).toBe(false);
    },
  );
});
