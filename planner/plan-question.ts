import type { Workspace } from "../config/workspace.js";
import { today } from "../domain/today.js";
import type { Strategy } from "../models/plan.js";
import { CatalogPlanner } from "./catalog-planner.js";
import type { Planner, PlanOutcome } from "./planner.js";

/** Options of planQuestion; every one has a default. */
export interface PlanQuestionOptions {
  /** catalog (default when the workspace names no planner model) or model. */
  planner?: "catalog" | "model";
  /** YYYY-MM-DD; default today (UTC). */
  asOf?: string;
  strategy?: Strategy;
  signal?: AbortSignal;
}

/** The planner a workspace uses: the model planner when model.planner is set, else the catalog planner. */
export async function plannerFor(workspace: Workspace, kind?: "catalog" | "model"): Promise<Planner> {
  const wanted = kind ?? (workspace.config.model?.planner ? "model" : "catalog");
  if (wanted === "catalog") return new CatalogPlanner();
  // Imported only when asked for: the model client, its JSON repair and prompt templates cost a
  // cold `triangulate plan` about a tenth of its time (docs/planner.md, cold start).
  const { ModelPlanner } = await import("./model-planner.js");
  return new ModelPlanner();
}

/**
 * Plans a question with the chosen planner (for `triangulate plan` and `triangulate ask`).
 * Returns the route, the plan or why there is none, and the trace lines; never fetches.
 */
export async function planQuestion(
  question: string,
  workspace: Workspace,
  options: PlanQuestionOptions = {},
): Promise<PlanOutcome> {
  const planner = await plannerFor(workspace, options.planner);
  return planner.plan(question, {
    workspace,
    asOf: options.asOf ?? today(),
    strategy: options.strategy ?? "auto",
    ...(options.signal ? { signal: options.signal } : {}),
  });
}
