import { periodLabel } from "../period-broadening.js";
import type { AnswerView, ViewContext } from "./answer-view.js";

/**
 * The periods the answer is for, said first whenever the question did not name them outright
 * (plan `asked.period_reading`, planner/period-reading.ts): "“last quarter” is taken as 2024-Q3",
 * the default period, a bare month assumed to be a year's, a month widened to the source's quarter.
 * Each reading once, however many sources were asked.
 */
export function periodReadingViews(context: ViewContext): AnswerView["periodReadings"] {
  const views: AnswerView["periodReadings"] = [];
  const seen = new Set<string>();
  for (const outcome of context.input.outcomes) {
    const asked = outcome.planned.asked;
    if ((asked?.kind !== "metric" && asked?.kind !== "event") || !asked.period_reading) continue;
    const { how, written, period } = asked.period_reading;
    const label = periodLabel(period);
    const id = JSON.stringify([how, written, label]);
    if (seen.has(id)) continue;
    seen.add(id);
    // The label is the question's own period, for the number audit.
    context.known.addText(`${period.from} ${period.to} ${label}`, "question", { goal: outcome.planned.id });
    views.push({ how, period: label, ...(written ? { written } : {}) });
  }
  return views;
}
