import type { Catalog } from "../models/workspace.js";
import { type AnswerCheck, checkEvent, checkMetric, checkText } from "./answer-check.js";
import type { GoalOutcome } from "./synthesizer/goal-outcome.js";

/** The answer check of one outcome, by the kind of thing asked; undefined when nothing was recorded or it failed. */
export function checkOutcome(outcome: GoalOutcome, catalog: Catalog): AnswerCheck | undefined {
  const asked = outcome.planned.asked;
  if (!asked || outcome.status === "failed" || !outcome.evidence) return undefined;
  const evidence = outcome.evidence;
  if (asked.kind === "text")
    return evidence.kind === "text" ? checkText(asked, outcome.grade, evidence) : undefined;
  if (evidence.kind !== "table") return undefined;
  if (asked.kind === "metric") return checkMetric(asked, outcome.goal, outcome.planned, evidence, catalog);
  return checkEvent(asked, outcome.goal, evidence);
}
