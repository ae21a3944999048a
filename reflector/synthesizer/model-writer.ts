import { askModelForText } from "../model-client.js";
import type { KnownNumber, NumberAuditResult } from "../number-audit.js";
import { auditNumbers } from "../number-audit.js";
import type { AnswerLanguage } from "./labels.js";
import { renderTemplate } from "./render-template.js";
import type { SynthesisInput } from "./synthesize.js";

const LANGUAGE_NAMES: Record<AnswerLanguage, string> = {
  en: "English",
  "zh-Hans": "Simplified Chinese",
  "zh-Hant": "Traditional Chinese",
};

/** A text of the answer with its number audit, and who wrote it. */
export interface WrittenText {
  text: string;
  audit: NumberAuditResult;
  writer: "template" | "model";
}

/**
 * The text the answer keeps: with `model.writer` configured, the model's rephrasing of the template
 * answer when every number in it passes the audit; else (no writer, no reply, a number the evidence
 * does not hold) the template's own, with the reason in the trace.
 */
export async function rephrasedByModel(
  template: { text: string; audit: NumberAuditResult },
  known: readonly KnownNumber[],
  input: Pick<SynthesisInput, "language" | "question" | "workspace" | "trace" | "signal">,
): Promise<WrittenText> {
  const kept: WrittenText = { ...template, writer: "template" };
  const model = input.workspace.config.model;
  if (!model?.writer) return kept;
  const prompt = renderTemplate(
    "writer-prompt.njk",
    { languageName: LANGUAGE_NAMES[input.language], question: input.question, draft: template.text },
    input.workspace.root,
  );
  const reply = await askModelForText(model, model.writer, [{ role: "user", content: prompt }], input.signal);
  if (!reply.ok) {
    input.trace?.add("synthesize", `synthesize:template:writer unavailable: ${reply.reason}`, {
      reason: reply.reason,
    });
    return kept;
  }
  const audit = auditNumbers(reply.value, known);
  if (audit.passed) return { text: reply.value.trim(), audit, writer: "model" };
  input.trace?.add(
    "synthesize",
    `synthesize:template:audit failed: ${audit.unmatched.map((token) => token.text).join(", ")} not in evidence`,
    { unmatched: audit.unmatched.map((token) => token.text), model: model.writer },
  );
  return kept;
}
