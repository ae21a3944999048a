import { writeFileSync } from "node:fs";
import type { Workspace } from "../config/workspace.js";
import { goldPlan } from "./gold-plan.js";
import type { GoldEntry } from "./gold-set.js";
import { ModelPlanner } from "./model-planner.js";

/**
 * Writes the gold plans as chat-format JSON Lines for fine-tuning a planner model: per line
 * {"messages": [system prompt, user question with as_of, assistant plan JSON]}. Only entries that
 * expect a plan are written (direct replies and refusals are the router's, not the model's job).
 * Returns the number of examples written.
 */
export function exportExamples(gold: GoldEntry[], workspace: Workspace, file: string): number {
  const planner = new ModelPlanner();
  const lines: string[] = [];
  for (const entry of gold) {
    if (entry.expect !== "plan") continue;
    const { question: _question, as_of: _asOf, planner: _planner, ...rest } = goldPlan(entry, workspace);
    const context = { workspace, asOf: entry.as_of, strategy: "auto" as const };
    lines.push(
      JSON.stringify({
        messages: [
          { role: "system", content: planner.prompt(context) },
          { role: "user", content: `as_of: ${entry.as_of}\nQuestion: ${entry.question}` },
          {
            role: "assistant",
            content: JSON.stringify({
              question: entry.question,
              as_of: entry.as_of,
              planner: "model",
              ...rest,
            }),
          },
        ],
      }),
    );
  }
  writeFileSync(file, lines.length > 0 ? `${lines.join("\n")}\n` : "");
  return lines.length;
}
