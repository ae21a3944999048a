import type { Answer, AnswerItem, AnswerStatus } from "../../models/answer.js";
import { auditNumbers, type NumberAuditResult } from "../number-audit.js";
import type { TraceSink } from "../rule-engine.js";
import { eventDisagreementSection } from "./event-disagreement-lines.js";
import { filterMismatchSection } from "./filter-caveats.js";
import { type GoalOutcome, itemStatus } from "./goal-outcome.js";
import { type AnswerLanguage, Labels } from "./labels.js";
import { rephrasedByModel } from "./model-writer.js";
import { lowConfidenceSection } from "./ocr-caveats.js";
import { renderAnswer } from "./render-answer.js";
import { buildAnswerView, type ViewInput } from "./view-model.js";

/** What the synthesizer needs: the view's inputs, and where to trace and when to stop. */
export interface SynthesisInput extends ViewInput {
  /** The catalog's names in the answer's language, as decided once by `answerPlan`; made from `language` when absent. */
  labels?: Labels;
  trace?: TraceSink;
  signal?: AbortSignal;
}

/** The answer, its Markdown form, how it was written and its number audit. */
export interface Synthesis {
  answer: Answer;
  markdown: string;
  writer: "template" | "model";
  audit: NumberAuditResult;
}

const AUDIT_FAILED: Record<AnswerLanguage, (count: number, total: number, list: string) => string> = {
  en: (count, total, list) =>
    `Number audit failed: ${count} of the ${total} numbers above cannot be traced to the evidence (${list}); check them before use.`,
  "zh-Hans": (count, total, list) =>
    `数字核对未通过：以上 ${total} 个数字中有 ${count} 个无法追溯到证据（${list}），使用前请核实。`,
  "zh-Hant": (count, total, list) =>
    `數字核對未通過：以上 ${total} 個數字中有 ${count} 個無法追溯到證據（${list}），使用前請核實。`,
};

/** answered: every required goal answered; partial: some; unanswerable: none. Optional goals never lower it. */
export function answerStatus(outcomes: readonly GoalOutcome[]): AnswerStatus {
  const required = outcomes.filter((outcome) => outcome.planned.required !== false);
  const answered = required.filter((outcome) => itemStatus(outcome) === "answered");
  // Partial: an item answered or answered in part (one of two asked months), or values for the asked
  // keys in nearby periods shown as context; unanswerable: the evidence holds nothing of what was asked.
  const established = outcomes.some(
    (outcome) => ["answered", "partial"].includes(itemStatus(outcome)) || outcome.check?.context === true,
  );
  if (required.length === 0)
    return outcomes.some((outcome) => itemStatus(outcome) === "answered")
      ? "answered"
      : established
        ? "partial"
        : "unanswerable";
  if (answered.length === required.length) return "answered";
  return established ? "partial" : "unanswerable";
}

/**
 * Writes the answer, in one direction: decides the status, builds the view with it (the summaries
 * computed), renders the template in the question's language once and audits its numbers; with a
 * writer model configured, lets the model rephrase the template answer and keeps the rephrasing
 * only when every number in it is in the evidence or the summaries.
 */
export async function synthesizeAnswer(input: SynthesisInput): Promise<Synthesis> {
  const labels = input.labels ?? new Labels(input.workspace.config.catalog, input.language);
  // Decided before the view is built, from the checked outcomes; the view and the text only say it.
  const status = answerStatus(input.outcomes);
  const built = buildAnswerView(input, { status, labels });
  const disagreements = eventDisagreementSection(input.outcomes, input.workspace, input.language, (event) =>
    labels.event(event),
  );
  for (const record of disagreements.records)
    input.trace?.add("synthesize", `synthesize:events-disagree:${record.event}:${record.preferred.source}`, {
      summary: record.summary,
    });
  const lowConfidence = lowConfidenceSection(input.outcomes, input.workspace, input.language, labels);
  for (const entry of lowConfidence.values)
    input.trace?.add(
      "synthesize",
      `synthesize:ocr-low-confidence:${entry.goal}:${entry.metric}=${entry.value}:${entry.confidence}<${entry.threshold}`,
      { ...entry },
    );
  const filtered = filterMismatchSection(input.outcomes, input.language);
  // Every number the answer may use: the view's, and those of the caveats said after the template's text.
  const known = [...built.known, ...lowConfidence.known, ...filtered.known];
  const rendered = renderAnswer(built.view, input.workspace.root);
  // A workspace's own template from before item texts were kept: said in the trace, not silently empty.
  const textless = built.view.items.filter((_, index) => !rendered.itemTexts[index]).map((item) => item.goal);
  if (textless.length > 0)
    input.trace?.add("synthesize", `synthesize:template:no item text kept for ${textless.join(", ")}`, {
      goals: textless,
    });
  const templateText = [rendered.text, disagreements.text, lowConfidence.text, filtered.text]
    .filter(Boolean)
    .join("\n\n");
  const templateAudit = auditNumbers(templateText, known);
  if (!templateAudit.passed) {
    input.trace?.add(
      "synthesize",
      `synthesize:template:audit failed: ${templateAudit.unmatched.map((token) => token.text).join(", ")} not in evidence`,
      { unmatched: templateAudit.unmatched.map((token) => token.text) },
    );
  }
  const written = await rephrasedByModel({ text: templateText, audit: templateAudit }, known, input);
  const { audit, writer } = written;
  const model = input.workspace.config.model;
  let text = written.text;
  if (writer === "template" && templateAudit.passed) {
    input.trace?.add(
      "synthesize",
      `synthesize:template:${input.language}:${audit.references.length} numbers audited`,
      { numbers: audit.references.length },
    );
  } else if (writer === "model") {
    input.trace?.add(
      "synthesize",
      `synthesize:model:${model?.writer}:${audit.references.length} numbers audited`,
      { numbers: audit.references.length },
    );
  }
  // The OCR caveat stays in the answer whoever wrote it (its numbers are known to the audit).
  if (writer === "model" && lowConfidence.text && !text.includes(lowConfidence.text.split("\n")[0]))
    text = `${text}\n\n${lowConfidence.text}`;
  if (writer === "model" && filtered.text && !text.includes(filtered.text.split("\n")[0]))
    text = `${text}\n\n${filtered.text}`;
  // A number the audit could not trace is said in the answer itself, not only in the trace.
  if (!audit.passed) {
    const untraced = audit.unmatched.map((token) => token.text);
    text = `${text}\n\n${AUDIT_FAILED[input.language](untraced.length, audit.unmatched.length + audit.references.length, untraced.join(", "))}`;
  }
  const items: AnswerItem[] = built.items.map((entry, index) => ({
    text: rendered.itemTexts[index] ?? "",
    status: entry.status,
    citations: entry.citations.map((number) => built.citations.citations[number - 1]),
  }));
  const answer: Answer = {
    question: input.question,
    status,
    language: input.language,
    text,
    items,
    conflicts: built.conflicts,
    gaps: [...input.gaps],
    broadened: [...input.broadenings],
    audit: {
      numbers: audit.references.length + audit.unmatched.length,
      untraced: audit.unmatched.map((token) => token.text),
      ...(audit.lowConfidence.length > 0
        ? { low_confidence: audit.lowConfidence.map((token) => token.text) }
        : {}),
    },
    numbers: audit.references.map((reference) => {
      if (reference.citation || !reference.goal) return reference;
      // Numbers from evidence point at the first citation of their goal: the source, URL and rows.
      const index = built.citations.citations.findIndex((citation) => citation.goal === reference.goal);
      return index < 0
        ? reference
        : { ...reference, citation: `[${index + 1}] ${built.citations.citations[index].label}` };
    }),
  };
  const sources = built.citations.lines();
  const markdown = [
    `# ${input.question}`,
    "",
    `**Status:** ${status}`,
    "",
    text,
    "",
    ...(sources.length > 0 ? ["## Sources", "", ...sources.map((line) => `- ${line}`), ""] : []),
  ].join("\n");
  return { answer, markdown, writer, audit };
}
