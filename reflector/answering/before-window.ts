import type { TraceRecorder } from "../../executor/trace-recorder.js";
import type { ExecutionPlan, SubGoal } from "../../models/plan.js";
import { readRule } from "../../models/validation-rule/index.js";
import { enclosingUnit, periodLabel } from "../period-broadening.js";
import { widenValidation } from "../rules/broaden-rule.js";
import { capsRows } from "../rules/rule-rewrites.js";

/**
 * The goal with its period extended back by one unit of its grain (2024-01 → 2023-12..2024-01), so
 * an event can be compared with the period before it; undefined when the goal has no metric period,
 * already spans several units, or its rule counts rows exactly (rows = 1 would no longer hold).
 */
export function withBeforeWindow(goal: SubGoal): SubGoal | undefined {
  const period = goal.params.period;
  const rule = readRule(goal.validation);
  if (!goal.params.metric || !period || (rule && capsRows(rule))) return undefined;
  // A period of a comparison (同比, 环比) has its base planned as a goal of its own: a unit before
  // it would be a third period the question did not ask about (April, of May year over year).
  if (goal.asked?.kind === "metric" && goal.asked.comparison) return undefined;
  // A goal asked why it changed fetches its whole base (a quarter before, for a quarter of months).
  const base = goal.asked?.kind === "metric" ? goal.asked.explain?.base : undefined;
  if (base) {
    if (base.from >= period.from) return undefined;
    const widened = { ...period, from: base.from };
    return {
      ...goal,
      params: { ...goal.params, period: widened },
      validation: widenValidation(goal.validation, period, widened),
    };
  }
  if (period.grain === "year") return undefined;
  // A period of several units already shows the movement (Q3 vs Q4); only a single unit needs the one before.
  if (enclosingUnit(period.from, period.grain).to < period.to) return undefined;
  const dayBefore = new Date(Date.parse(`${period.from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const widened = { ...period, from: enclosingUnit(dayBefore, period.grain).from };
  return {
    ...goal,
    params: { ...goal.params, period: widened },
    validation: widenValidation(goal.validation, period, { ...period, from: widened.from }),
  };
}

/**
 * Relating a metric to events needs the metric before the events too: when the plan has an event
 * goal, each metric goal's period before is fetched with it (the goals to run, by id); so is the
 * base of a goal asked why it changed (`asked.explain`), events or not.
 */
export function goalsWithBeforeWindows(plan: ExecutionPlan, trace: TraceRecorder): Map<string, SubGoal> {
  const current = new Map(plan.sub_goals.map((goal) => [goal.id, goal]));
  const explained = (goal: SubGoal) => goal.asked?.kind === "metric" && goal.asked.explain !== undefined;
  const hasEvents = plan.sub_goals.some((goal) => goal.params.event);
  if (!hasEvents && !plan.sub_goals.some(explained)) return current;
  for (const goal of plan.sub_goals) {
    if (!hasEvents && !explained(goal)) continue;
    const widened = withBeforeWindow(goal);
    if (!widened) continue;
    current.set(goal.id, widened);
    trace.add(
      "reflect",
      `reflect:${goal.id}:context:${periodLabel(widened.params.period!)} (the period before, to align events)`,
      {},
      goal.id,
    );
  }
  return current;
}
