import type { ConfigIssue } from "../config/config-error.js";
import { nearestName } from "../config/nearest-name.js";
import type { Workspace } from "../config/workspace.js";
import type { ExecutionPlan } from "../models/plan.js";
import { sectionNames, sourceKindOf } from "../models/workspace.js";

/** A plan that cannot run against this workspace: each issue names the sub-goal and what is wrong. */
export class PlanError extends Error {
  override readonly name = "PlanError";
  constructor(
    readonly file: string,
    readonly issues: { path: string; message: string; suggestion?: string }[],
  ) {
    super(
      issues
        .map(
          (issue) =>
            `${file} ${issue.path}: ${issue.message}${issue.suggestion ? ` (did you mean \`${issue.suggestion}\`?)` : ""}`,
        )
        .join("\n"),
    );
  }
}

/** The datasets (or searches) a source offers, by name. */
function datasetNames(workspace: Workspace, source: string): string[] {
  const config = workspace.config.sources[source];
  if (!config) return [];
  return sectionNames(config);
}

/**
 * Checks a schema-valid plan against the workspace before anything is fetched: every source,
 * dataset, metric, event and filter dimension must be configured. A plan can never reach a
 * source the workspace does not have.
 */
export function checkPlanAgainstWorkspace(
  plan: ExecutionPlan,
  workspace: Workspace,
): Omit<ConfigIssue, "file">[] {
  const issues: Omit<ConfigIssue, "file">[] = [];
  const sources = Object.keys(workspace.config.sources);
  const catalog = workspace.config.catalog;
  plan.sub_goals.forEach((goal, index) => {
    const at = `sub_goals.${index}(${goal.id})`;
    const source = workspace.config.sources[goal.source];
    if (!source) {
      issues.push({
        path: `${at}.source`,
        message: `unknown source \`${goal.source}\`; configured: ${sources.join(", ")}`,
        suggestion: nearestName(goal.source, sources),
      });
      return;
    }
    const datasets = datasetNames(workspace, goal.source);
    if (goal.dataset !== undefined && !datasets.includes(goal.dataset)) {
      issues.push({
        path: `${at}.dataset`,
        message: `source ${goal.source} has no dataset \`${goal.dataset}\`; it has: ${datasets.join(", ") || "none"}`,
        suggestion: nearestName(goal.dataset, datasets),
      });
    }
    if (goal.dataset === undefined && !sourceKindOf(source).textSearch(source) && datasets.length > 1) {
      issues.push({
        path: `${at}.dataset`,
        message: `source ${goal.source} has several datasets; name one of: ${datasets.join(", ")}`,
      });
    }
    if (goal.params.metric && !(goal.params.metric in catalog.metrics)) {
      issues.push({
        path: `${at}.params.metric`,
        message: `unknown metric \`${goal.params.metric}\``,
        suggestion: nearestName(goal.params.metric, Object.keys(catalog.metrics)),
      });
    }
    if (goal.params.event && !(goal.params.event in catalog.events)) {
      issues.push({
        path: `${at}.params.event`,
        message: `unknown event \`${goal.params.event}\``,
        suggestion: nearestName(goal.params.event, Object.keys(catalog.events)),
      });
    }
    for (const dimension of Object.keys(goal.params.filters)) {
      if (!(dimension in catalog.dimensions)) {
        issues.push({
          path: `${at}.params.filters.${dimension}`,
          message: `unknown dimension \`${dimension}\``,
          suggestion: nearestName(dimension, Object.keys(catalog.dimensions)),
        });
      }
    }
  });
  return issues;
}
