import type { ConfigIssue } from "../config/config-error.js";
import { describeSource } from "../config/describe-sources.js";
import { nearestName } from "../config/nearest-name.js";
import type { Workspace } from "../config/workspace.js";
import { ownValue } from "../models/name-record.js";
import type { ExecutionPlan, SubGoal } from "../models/plan.js";
import type { DatasetCapabilities } from "../models/source-capabilities.js";
import { ruleProblem } from "../models/validation-rule/index.js";

/** A plan that cannot run against this workspace: each issue names the sub-goal and what is wrong. */
export class PlanError extends Error {
  override readonly name = "PlanError";
  constructor(
    readonly file: string,
    readonly issues: PlanIssue[],
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

/** One reason a plan cannot run against the workspace, with the path of the offending field. */
export type PlanIssue = Omit<ConfigIssue, "file">;

/**
 * What one sub-goal may ask of: a dataset's capabilities, or a knowledge base's free-text search
 * (no dataset). Read from the YAML alone, so the check needs no connection.
 */
function offerFor(goal: SubGoal, workspace: Workspace): DatasetCapabilities | "text_search" | undefined {
  const source = ownValue(workspace.config.sources, goal.source);
  if (!source) return undefined;
  const capabilities = describeSource(goal.source, source);
  if (goal.dataset === undefined) {
    if (capabilities.text_search) return "text_search";
    // A source with a single dataset may leave it unnamed; the adapter takes that one.
    return capabilities.datasets.length === 1 ? capabilities.datasets[0] : undefined;
  }
  return capabilities.datasets.find((dataset) => dataset.name === goal.dataset);
}

/**
 * The one check every plan passes before anything is fetched, whoever wrote it (a person through
 * `run`, a job, the catalog planner, a model): every source, dataset, metric, event and filter
 * dimension must be configured and offered by the chosen dataset, filter values must be known,
 * expected_format must be what the dataset returns, free text may only go to a knowledge base, and
 * every validation rule must parse. A plan can never reach a source the workspace does not have,
 * and a plan that would fail on its own terms fails here, not after the first request.
 */
export function checkPlanAgainstWorkspace(plan: ExecutionPlan, workspace: Workspace): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const catalog = workspace.config.catalog;
  const sourceNames = Object.keys(workspace.config.sources);
  plan.sub_goals.forEach((goal, index) => {
    const at = `sub_goals.${index}(${goal.id})`;
    const before = issues.length;
    const source = ownValue(workspace.config.sources, goal.source);
    if (!source) {
      issues.push({
        path: `${at}.source`,
        message: `unknown source \`${goal.source}\`; configured: ${sourceNames.join(", ")}`,
        suggestion: nearestName(goal.source, sourceNames),
      });
      return;
    }
    const capabilities = describeSource(goal.source, source);
    const datasets = capabilities.datasets.map((dataset) => dataset.name);
    const named = goal.dataset ?? "";
    if (goal.dataset !== undefined && !datasets.includes(goal.dataset)) {
      issues.push({
        path: `${at}.dataset`,
        message: `source ${goal.source} has no dataset \`${goal.dataset}\`; it has: ${datasets.join(", ") || "none"}`,
        suggestion: nearestName(goal.dataset, datasets),
      });
    }
    if (goal.dataset === undefined && !capabilities.text_search && datasets.length !== 1) {
      issues.push({
        path: `${at}.dataset`,
        message:
          datasets.length === 0
            ? `source ${goal.source} offers no datasets`
            : `source ${goal.source} has several datasets; name one of: ${datasets.join(", ")}`,
      });
    }
    const metric = goal.params.metric;
    if (metric !== undefined && !ownValue(catalog.metrics, metric)) {
      issues.push({
        path: `${at}.params.metric`,
        message: `unknown metric \`${metric}\``,
        suggestion: nearestName(metric, Object.keys(catalog.metrics)),
      });
    }
    const event = goal.params.event;
    if (event !== undefined && !ownValue(catalog.events, event)) {
      issues.push({
        path: `${at}.params.event`,
        message: `unknown event \`${event}\``,
        suggestion: nearestName(event, Object.keys(catalog.events)),
      });
    }
    for (const [dimension, value] of Object.entries(goal.params.filters)) {
      const known = ownValue(catalog.dimensions, dimension);
      if (!known) {
        issues.push({
          path: `${at}.params.filters.${dimension}`,
          message: `unknown dimension \`${dimension}\``,
          suggestion: nearestName(dimension, Object.keys(catalog.dimensions)),
        });
        continue;
      }
      for (const single of Array.isArray(value) ? value : [value]) {
        if (!ownValue(known.values, single))
          issues.push({
            path: `${at}.params.filters.${dimension}`,
            message: `unknown ${dimension} value \`${single}\`; known: ${Object.keys(known.values).join(", ")}`,
            suggestion: nearestName(single, Object.keys(known.values)),
          });
      }
    }
    issues.push(...ruleIssues(goal, at));
    // Offer-level checks only make sense once the names themselves are right.
    if (issues.length > before) return;
    const offer = offerFor(goal, workspace);
    if (!offer) return;
    const where = `${goal.source}${goal.dataset ? `/${named}` : ""}`;
    if (offer === "text_search") {
      if (goal.expected_format !== "text")
        issues.push({
          path: `${at}.expected_format`,
          message: `${where} returns text, not ${goal.expected_format}`,
        });
      if (!goal.params.query)
        issues.push({ path: `${at}.params.query`, message: "a knowledge-base search needs params.query" });
      if (metric !== undefined || event !== undefined)
        issues.push({
          path: `${at}.params`,
          message: `a knowledge-base text search takes a query, not a metric or an event; name one of its datasets for numbers`,
        });
      for (const dimension of Object.keys(goal.params.filters)) {
        if (source.kind === "pdf_kb" && !source.offers.dimensions.includes(dimension))
          issues.push({
            path: `${at}.params.filters.${dimension}`,
            message: `${where} cannot filter by ${dimension}; it offers: ${source.offers.dimensions.join(", ") || "no dimensions"}`,
          });
      }
      return;
    }
    if (metric !== undefined && !offer.metrics.includes(metric)) {
      issues.push({
        path: `${at}.params.metric`,
        message: `${where} does not offer metric ${metric}; it offers: ${offer.metrics.join(", ") || "none"}`,
      });
    }
    if (event !== undefined && !offer.events.includes(event)) {
      issues.push({
        path: `${at}.params.event`,
        message: `${where} does not offer event ${event}; it offers: ${offer.events.join(", ") || "none"}`,
      });
    }
    for (const dimension of Object.keys(goal.params.filters)) {
      if (!offer.dimensions.includes(dimension)) {
        issues.push({
          path: `${at}.params.filters.${dimension}`,
          message: `${where} cannot filter by ${dimension}; it offers: ${offer.dimensions.join(", ") || "no dimensions"}`,
        });
      }
    }
    if (goal.expected_format !== offer.expected_format) {
      issues.push({
        path: `${at}.expected_format`,
        message: `${where} returns ${offer.expected_format}, not ${goal.expected_format}`,
      });
    }
    if (goal.params.query !== undefined) {
      // Free text is only ever searched in a knowledge base; nothing else may carry it.
      issues.push({
        path: `${at}.params.query`,
        message: `params.query is only for knowledge-base text searches, not ${where}`,
      });
    }
  });
  return issues;
}

/** A validation rule that does not parse is the plan's fault: found here, before any request. */
function ruleIssues(goal: SubGoal, at: string): PlanIssue[] {
  const problem = goal.validation ? ruleProblem(goal.validation) : undefined;
  return problem ? [{ path: `${at}.validation`, message: problem }] : [];
}
