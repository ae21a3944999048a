import { readFile } from "node:fs/promises";
import path from "node:path";
import { LineCounter, parseDocument } from "yaml";
import type { Workspace } from "../config/workspace.js";
import { oversizedFileProblem } from "../domain/input-limits.js";
import { type ExecutionPlan, safeParsePlan } from "../models/plan.js";
import { checkPlanAgainstWorkspace, PlanError } from "./check-plan.js";

/**
 * Reads a saved or hand-written plan (JSON, or YAML for people writing it by hand), fills as_of
 * when asked, validates it against the schema and the workspace. Throws PlanError with every issue.
 */
export async function readPlanFile(
  file: string,
  workspace: Workspace,
  options: { asOf?: string } = {},
): Promise<ExecutionPlan> {
  const shown = path.relative(process.cwd(), file) || file;
  const oversized = oversizedFileProblem(file);
  if (oversized) throw new PlanError(shown, [{ path: "", message: oversized }]);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new PlanError(shown, [
      {
        path: "",
        message: `cannot read the plan (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      },
    ]);
  }
  const lines = new LineCounter();
  // YAML 1.2 is a superset of JSON, so one parser gives line:column for both.
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  if (document.errors.length > 0) {
    throw new PlanError(
      shown,
      document.errors.map((error) => {
        const position = lines.linePos(error.pos[0]);
        return {
          path: `${position.line}:${position.col}`,
          message: `not valid JSON/YAML: ${error.message.split("\n")[0]}`,
        };
      }),
    );
  }
  const value = document.toJS() as Record<string, unknown> | null;
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw new PlanError(shown, [
      { path: "", message: "expected an object with question, as_of and sub_goals" },
    ]);
  if (options.asOf) value.as_of = options.asOf;
  const parsed = safeParsePlan(value);
  if (!parsed.success) {
    throw new PlanError(
      shown,
      parsed.issues.map((issue) => {
        const issuePath = issue.path.map(String);
        const node = document.getIn(issue.path as (string | number)[], true) as
          | { range?: [number, number, number] }
          | undefined;
        const where = node?.range ? lines.linePos(node.range[0]) : undefined;
        return {
          path: `${where ? `${where.line}:${where.col} ` : ""}${issuePath.join(".") || "(plan)"}`,
          message: issue.message,
        };
      }),
    );
  }
  const referenceIssues = checkPlanAgainstWorkspace(parsed.value, workspace);
  if (referenceIssues.length > 0) throw new PlanError(shown, referenceIssues);
  return parsed.value;
}
