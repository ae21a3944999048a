import type { Workspace } from "../config/workspace.js";
import { type ExecutionPlan, safeParsePlan } from "../models/plan.js";
import type { GoldEntry } from "./gold-set.js";
import { validationRuleFor } from "./validation-rule-for.js";
import { workspaceOffers } from "./workspace-offers.js";

/**
 * Expands a gold entry's sub-goals into a full plan (ids, descriptions, expected formats and
 * validation rules derived from the workspace), e.g. to write fine-tuning examples.
 * Throws when a gold sub-goal names something the workspace does not offer.
 */
export function goldPlan(entry: GoldEntry, workspace: Workspace): ExecutionPlan {
  const offers = workspaceOffers(workspace.config);
  const plan = {
    question: entry.question,
    as_of: entry.as_of,
    strategy: entry.complexity === "complex" ? "agentic" : "standard",
    planner: "manual",
    sub_goals: entry.sub_goals.map((goal, index) => {
      const offer = offers.find(
        (candidate) => candidate.source === goal.source && candidate.dataset === goal.dataset,
      );
      if (!offer)
        throw new Error(
          `gold ${entry.id}: ${goal.source}/${goal.dataset ?? "(text)"} is not offered by the workspace`,
        );
      const role = offer.expectedFormat === "text" ? "text" : goal.event ? "event" : "metric";
      const what = goal.metric ?? goal.event ?? "passages";
      return {
        id: `g${index + 1}`,
        description: goal.query
          ? `passages for: ${goal.query}`
          : `${what} from ${goal.source}/${goal.dataset}`,
        source: goal.source,
        ...(goal.dataset ? { dataset: goal.dataset } : {}),
        params: {
          ...(goal.metric ? { metric: goal.metric } : {}),
          ...(goal.event ? { event: goal.event } : {}),
          filters: goal.filters,
          ...(goal.period ? { period: goal.period } : {}),
          ...(goal.query ? { query: goal.query } : {}),
        },
        expected_format: offer.expectedFormat,
        validation: validationRuleFor(offer, role, goal.period),
        required: goal.required ?? role !== "event",
      };
    }),
  };
  const parsed = safeParsePlan(plan);
  if (!parsed.success)
    throw new Error(
      `gold ${entry.id}: ${parsed.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`,
    );
  return parsed.value;
}
