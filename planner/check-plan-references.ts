import type { Workspace } from "../config/workspace.js";
import { checkPlanAgainstWorkspace as checkConfiguredNames } from "../executor/check-plan.js";
import type { ExecutionPlan } from "../models/plan.js";
import { workspaceOffers } from "./workspace-offers.js";

/** One reason a plan cannot run against the workspace, with the path of the offending field. */
export interface PlanReferenceIssue {
  path: string;
  message: string;
  suggestion?: string;
}

/**
 * Rejects a plan that names anything the workspace does not offer, before anything is fetched:
 * unknown sources, datasets, metrics, events or dimensions (the executor's name check), and
 * beyond names, a metric, event or filter the chosen dataset does not offer, a text search on a
 * source that cannot search text, or an expected_format the dataset cannot produce. This is the
 * gate a model-written plan passes; `triangulate run` can use it for hand-written plans too.
 */
export function checkPlanAgainstWorkspace(plan: ExecutionPlan, workspace: Workspace): PlanReferenceIssue[] {
  const issues: PlanReferenceIssue[] = checkConfiguredNames(plan, workspace).map((issue) => ({
    path: issue.path,
    message: issue.message,
    ...(issue.suggestion ? { suggestion: issue.suggestion } : {}),
  }));
  if (issues.length > 0) return issues;
  const offers = workspaceOffers(workspace.config);
  plan.sub_goals.forEach((goal, index) => {
    const at = `sub_goals.${index}(${goal.id})`;
    const offer = offers.find(
      (candidate) => candidate.source === goal.source && candidate.dataset === goal.dataset,
    );
    if (!offer) {
      issues.push({
        path: `${at}.dataset`,
        message: `source ${goal.source} offers nothing without a dataset; name one of its datasets`,
      });
      return;
    }
    if (goal.params.metric && !offer.metrics.includes(goal.params.metric)) {
      issues.push({
        path: `${at}.params.metric`,
        message: `${goal.source}/${goal.dataset} does not offer metric ${goal.params.metric}; it offers: ${offer.metrics.join(", ") || "none"}`,
      });
    }
    if (goal.params.event && !offer.events.includes(goal.params.event)) {
      issues.push({
        path: `${at}.params.event`,
        message: `${goal.source}/${goal.dataset} does not offer event ${goal.params.event}; it offers: ${offer.events.join(", ") || "none"}`,
      });
    }
    for (const dimension of Object.keys(goal.params.filters)) {
      if (!offer.dimensions.includes(dimension)) {
        issues.push({
          path: `${at}.params.filters.${dimension}`,
          message: `${goal.source}${goal.dataset ? `/${goal.dataset}` : ""} cannot filter by ${dimension}; it offers: ${offer.dimensions.join(", ") || "no dimensions"}`,
        });
      }
    }
    for (const [dimension, value] of Object.entries(goal.params.filters)) {
      const known = workspace.config.catalog.dimensions[dimension];
      if (!known) continue;
      for (const single of Array.isArray(value) ? value : [value]) {
        if (!(single in known.values))
          issues.push({
            path: `${at}.params.filters.${dimension}`,
            message: `unknown ${dimension} value \`${single}\`; known: ${Object.keys(known.values).join(", ")}`,
          });
      }
    }
    if (goal.expected_format !== offer.expectedFormat) {
      issues.push({
        path: `${at}.expected_format`,
        message: `${goal.source}${goal.dataset ? `/${goal.dataset}` : ""} returns ${offer.expectedFormat}, not ${goal.expected_format}`,
      });
    }
    if (offer.expectedFormat === "text" && !goal.params.query) {
      issues.push({ path: `${at}.params.query`, message: `a knowledge-base search needs params.query` });
    }
    if (offer.expectedFormat !== "text" && goal.params.query !== undefined) {
      // Free text is only ever searched in a knowledge base; nothing else may carry it.
      issues.push({
        path: `${at}.params.query`,
        message: `params.query is only for knowledge-base text searches, not ${goal.source}/${goal.dataset}`,
      });
    }
    if (offer.expectedFormat !== "text" && !goal.params.metric && !goal.params.event) {
      issues.push({
        path: `${at}.params`,
        message: `a ${offer.expectedFormat} sub-goal names a metric or an event`,
      });
    }
  });
  return issues;
}
