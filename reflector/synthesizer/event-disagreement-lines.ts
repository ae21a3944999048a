import type { Workspace } from "../../config/workspace.js";
import { trustOf } from "../../domain/trust.js";
import { type EventDisagreement, eventDisagreements } from "../event-disagreements.js";
import type { GoalOutcome } from "./goal-outcome.js";
import type { AnswerLanguage } from "./labels.js";

// When two sources list the same event differently (the planner asks every source that offers it,
// most trusted first), the answer says so beside the events instead of silently choosing one list.
// The lines carry source names and event dates only: every date is in the evidence, so the number
// audit checks them like any other.

const HEADING: Record<AnswerLanguage, string> = {
  en: "Event sources disagree:",
  "zh-Hans": "事件来源不一致：",
  "zh-Hant": "事件來源不一致：",
};

function line(language: AnswerLanguage, record: EventDisagreement, label: string): string {
  const list = (dates: string[], none: string) => (dates.length ? dates.join(", ") : none);
  const sources = [record.preferred, ...record.others];
  if (language === "en")
    return `- ${label}: ${sources.map((source) => `${source.source} lists ${list(source.dates, "none")}`).join("; ")}; the answer follows ${record.preferred.source}, the most trusted.`;
  const simplified = language === "zh-Hans";
  const listed = sources
    .map(
      (source) =>
        `${source.source} ${simplified ? "记录" : "記錄"} ${list(source.dates, simplified ? "无" : "無")}`,
    )
    .join("；");
  return `- ${label}：${listed}；回答以可信度最高的 ${record.preferred.source} ${simplified ? "为准" : "為準"}。`;
}

/** The disagreement section for the answer text, or "" when the event lists agree. */
export function eventDisagreementSection(
  outcomes: readonly GoalOutcome[],
  workspace: Workspace,
  language: AnswerLanguage,
  labelOf: (event: string) => string,
): { text: string; records: EventDisagreement[] } {
  const records = eventDisagreements(
    outcomes.flatMap((outcome) =>
      outcome.goal.params.event && outcome.evidence?.kind === "table"
        ? [
            {
              goal: outcome.goal,
              evidence: outcome.evidence,
              trust: trustOf(workspace.config.sources, outcome.goal.source),
            },
          ]
        : [],
    ),
  );
  if (records.length === 0) return { text: "", records };
  return {
    text: [HEADING[language], ...records.map((record) => line(language, record, labelOf(record.event)))].join(
      "\n",
    ),
    records,
  };
}
