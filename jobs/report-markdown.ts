import { cellText } from "../domain/cell-text.js";
import type { Evidence } from "../models/evidence.js";
import type { JobReport, QuestionReport } from "./job-report.js";

/** Rows shown per evidence table; the JSON report keeps them all. */
export const MAX_TABLE_ROWS = 50;

/** Change lines shown before "… more" (highlighted ones sort first, so they are always shown). */
export const MAX_CHANGE_LINES = 40;

function cell(value: unknown): string {
  return cellText(value).replaceAll("|", "\\|").replace(/\r?\n/g, " ");
}

/** One line summing up a run: "3 questions: 2 answered, 1 partial". */
export function summarizeStatuses(report: JobReport): string {
  const counts = new Map<string, number>();
  for (const question of report.questions)
    counts.set(question.status, (counts.get(question.status) ?? 0) + 1);
  return `${report.questions.length} question${report.questions.length === 1 ? "" : "s"}: ${[...counts].map(([status, count]) => `${count} ${status}`).join(", ")}`;
}

function evidenceMarkdown(evidence: Evidence): string[] {
  if (evidence.kind === "text") {
    return evidence.passages
      .slice(0, 5)
      .map(
        (passage) =>
          `> ${cell(passage.text).slice(0, 400)}\n> — ${passage.document}, p. ${passage.page}${passage.section ? `, ${passage.section}` : ""}\n`,
      );
  }
  if (evidence.rows.length === 0) return ["_(no rows)_", ""];
  const names = evidence.columns.map((column) => column.name);
  const lines = [
    `| ${evidence.columns.map((column) => cell(column.label ?? column.name) + (column.unit === "percent" ? " (%)" : "")).join(" | ")} |`,
    `|${names.map(() => "---").join("|")}|`,
  ];
  for (const row of evidence.rows.slice(0, MAX_TABLE_ROWS))
    lines.push(`| ${names.map((name) => cell(row[name])).join(" | ")} |`);
  if (evidence.rows.length > MAX_TABLE_ROWS)
    lines.push("", `_${evidence.rows.length - MAX_TABLE_ROWS} more rows in the JSON report._`);
  lines.push("");
  return lines;
}

function questionMarkdown(question: QuestionReport, index: number): string[] {
  const lines = [`## ${index + 1}. ${question.title} — ${question.status}`, ""];
  if (question.title !== question.question) lines.push(`> ${cell(question.question)}`, "");
  if (question.plan_file) lines.push(`Saved plan: \`${question.plan_file}\``, "");
  if (question.error) lines.push(`**Could not answer:** ${question.error}`, "");
  const answer = question.answer;
  if (answer) {
    // Hard line breaks keep the synthesizer's line layout (one value per line) in rendered Markdown.
    lines.push(
      answer.text
        .trim()
        .split("\n")
        .map((line) => (line.trim() === "" || line.trimStart().startsWith("- ") ? line : `${line}  `))
        .join("\n"),
      "",
    );
    // The synthesized text already states conflicts, broadenings and gaps in prose; the structured
    // lists stay available, folded, for whoever checks the numbers.
    const structured: string[] = [];
    for (const conflict of answer.conflicts) {
      structured.push(
        `- conflict: ${conflict.metric} ${Object.values(conflict.keys).join("/")}: ${conflict.values.map((value) => `${value.source} ${value.value} (weight ${value.weight})`).join(", ")} → ${conflict.resolved ?? "unresolved"} (${conflict.policy})`,
      );
    }
    for (const broadening of answer.broadened)
      structured.push(
        `- broadened ${broadening.goal}: ${broadening.from} → ${broadening.to} (${broadening.reason})`,
      );
    for (const gap of answer.gaps) structured.push(`- gap: ${gap.missing} — check ${gap.check}`);
    if (structured.length > 0)
      lines.push(
        "<details><summary>Conflicts, broadenings and gaps</summary>",
        "",
        ...structured,
        "",
        "</details>",
        "",
      );
  }
  for (const step of question.evidence) {
    lines.push(
      `### ${step.goal} · ${step.source}${step.description ? ` — ${cell(step.description)}` : ""} (${step.status})`,
      "",
    );
    if (step.error) lines.push(`_${cell(step.error)}_`, "");
    if (step.evidence) lines.push(...evidenceMarkdown(step.evidence));
  }
  if (question.trace.length > 0) {
    lines.push(
      "<details><summary>Trace</summary>",
      "",
      "```",
      ...question.trace.map((event) => event.line),
      "```",
      "",
      "</details>",
      "",
    );
  }
  return lines;
}

/** The Markdown report: summary, changes since the previous run, then every question with its evidence and trace. */
export function renderMarkdownReport(report: JobReport): string {
  const lines = [
    `# ${report.job} — as of ${report.as_of}`,
    "",
    ...(report.description ? [report.description, ""] : []),
    `Run ${report.run_id} · ${report.started_at.replace("T", " ").slice(0, 19)} UTC · ${summarizeStatuses(report)} · ${(report.duration_ms / 1000).toFixed(1)} s · status **${report.status}**`,
    "",
    "## Changed since the previous run",
    "",
  ];
  const changes = report.changes;
  if (!changes.previous_run) {
    lines.push("_This is the first recorded run of this job; nothing to compare with._", "");
  } else {
    lines.push(
      `Compared with run ${changes.previous_run.id} (as of ${changes.previous_run.as_of}, ${changes.previous_run.started_at.replace("T", " ").slice(0, 16)} UTC).`,
      "",
    );
    const shown = changes.changes.filter((change) => change.kind !== "unchanged");
    for (const change of shown.slice(0, MAX_CHANGE_LINES))
      lines.push(
        change.highlighted ? `- **⚠ ${change.text}** (beyond ${change.threshold})` : `- ${change.text}`,
      );
    const unchanged = changes.changes.length - shown.length;
    if (shown.length > MAX_CHANGE_LINES)
      lines.push(`- … ${shown.length - MAX_CHANGE_LINES} more in the JSON report.`);
    if (shown.length === 0) lines.push("- No reported number changed.");
    if (unchanged > 0) lines.push(`- ${unchanged} number${unchanged === 1 ? "" : "s"} unchanged.`);
    lines.push("");
  }
  for (const [index, question] of report.questions.entries())
    lines.push(...questionMarkdown(question, index));
  return `${lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trimEnd()}\n`;
}
