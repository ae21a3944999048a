import { cellText } from "../domain/cell-text.js";
import type { Evidence } from "../models/evidence.js";
import type { JobReport, QuestionReport } from "./job-report.js";
import type { ReportChart } from "./report-charts.js";
import { MAX_CHANGE_LINES, MAX_TABLE_ROWS, summarizeStatuses } from "./report-markdown.js";

/** Pre-rendered charts for the HTML report (rendering is async; the HTML itself is a pure function). */
export interface ReportCharts {
  changes?: ReportChart;
  questions: Record<string, ReportChart[]>;
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: unknown): string {
  return cellText(value).replace(
    /[&<>"']/g,
    (character) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character] as string,
  );
}

// Inline styles only: the report is one file that opens offline and loads nothing.
const STYLE = `
:root { color-scheme: light; --muted: #57606a; --line: #d0d7de; --accent: #1f6feb; --warn: #9a6700; --warn-bg: #fff8c5; }
body { font: 15px/1.5 system-ui, "Noto Sans", "WenQuanYi Zen Hei", sans-serif; margin: 0 auto; max-width: 980px; padding: 24px; color: #1f2328; }
h1 { font-size: 24px; margin: 0 0 4px; } h2 { font-size: 19px; margin-top: 32px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
h3 { font-size: 15px; margin: 18px 0 6px; } .meta { color: var(--muted); }
.status { display: inline-block; padding: 0 8px; border-radius: 10px; font-size: 13px; font-weight: 600; }
.status-answered, .status-direct { background: #dafbe1; color: #116329; } .status-partial, .status-unanswerable { background: var(--warn-bg); color: var(--warn); }
.status-failed, .status-interrupted { background: #ffebe9; color: #a40e26; }
table { border-collapse: collapse; margin: 6px 0 12px; font-size: 13px; } th, td { border: 1px solid var(--line); padding: 3px 8px; text-align: left; }
th { background: #f6f8fa; } td.number { text-align: right; font-variant-numeric: tabular-nums; }
ul.changes li.highlighted { background: var(--warn-bg); font-weight: 600; } .answer { white-space: pre-wrap; }
figure { margin: 8px 0; } figure svg { max-width: 100%; height: auto; }
details { margin: 8px 0; } summary { cursor: pointer; color: var(--accent); } pre { background: #f6f8fa; padding: 8px; overflow-x: auto; font-size: 12px; }
blockquote { margin: 4px 0; padding-left: 10px; border-left: 3px solid var(--line); color: var(--muted); }
`;

function evidenceHtml(evidence: Evidence): string {
  if (evidence.kind === "text") {
    return evidence.passages
      .slice(0, 5)
      .map(
        (passage) =>
          `<blockquote>${escapeHtml(passage.text.slice(0, 600))}<br><small>${escapeHtml(passage.document)}, p. ${passage.page}${passage.section ? `, ${escapeHtml(passage.section)}` : ""}</small></blockquote>`,
      )
      .join("\n");
  }
  if (evidence.rows.length === 0) return `<p class="meta">(no rows)</p>`;
  const head = evidence.columns
    .map(
      (column) =>
        `<th>${escapeHtml(column.label ?? column.name)}${column.unit === "percent" ? " (%)" : ""}</th>`,
    )
    .join("");
  const body = evidence.rows
    .slice(0, MAX_TABLE_ROWS)
    .map(
      (row) =>
        `<tr>${evidence.columns.map((column) => `<td${typeof row[column.name] === "number" ? ' class="number"' : ""}>${escapeHtml(row[column.name])}</td>`).join("")}</tr>`,
    )
    .join("\n");
  const more =
    evidence.rows.length > MAX_TABLE_ROWS
      ? `<p class="meta">${evidence.rows.length - MAX_TABLE_ROWS} more rows in the JSON report.</p>`
      : "";
  return `<table class="evidence"><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>${more}`;
}

function chartHtml(chart: ReportChart): string {
  return `<figure class="chart chart-${chart.kind}" aria-label="${escapeHtml(chart.title)}">${chart.svg}</figure>`;
}

function questionHtml(question: QuestionReport, index: number, charts: ReportChart[]): string {
  const parts = [
    `<section class="question" id="q-${escapeHtml(question.id)}">`,
    `<h2>${index + 1}. ${escapeHtml(question.title)} <span class="status status-${question.status}">${question.status}</span></h2>`,
  ];
  if (question.title !== question.question)
    parts.push(`<blockquote>${escapeHtml(question.question)}</blockquote>`);
  if (question.plan_file)
    parts.push(`<p class="meta">Saved plan: <code>${escapeHtml(question.plan_file)}</code></p>`);
  if (question.error) parts.push(`<p><strong>Could not answer:</strong> ${escapeHtml(question.error)}</p>`);
  const answer = question.answer;
  if (answer) {
    parts.push(`<div class="answer">${escapeHtml(answer.text.trim())}</div>`);
    const structured = [
      ...answer.conflicts.map(
        (conflict) =>
          `<li>conflict: ${escapeHtml(conflict.metric)} ${escapeHtml(Object.values(conflict.keys).join("/"))}: ${conflict.values.map((value) => `${escapeHtml(value.source)} ${value.value} (weight ${value.weight})`).join(", ")} → ${conflict.resolved ?? "unresolved"} (${conflict.policy})</li>`,
      ),
      ...answer.broadened.map(
        (item) =>
          `<li>broadened ${escapeHtml(item.goal)}: ${escapeHtml(item.from)} → ${escapeHtml(item.to)} (${escapeHtml(item.reason)})</li>`,
      ),
      ...answer.gaps.map(
        (gap) => `<li>gap: ${escapeHtml(gap.missing)} — check ${escapeHtml(gap.check)}</li>`,
      ),
    ];
    if (structured.length > 0)
      parts.push(
        `<details class="structured"><summary>Conflicts, broadenings and gaps (${structured.length})</summary><ul>${structured.join("")}</ul></details>`,
      );
  }
  parts.push(...charts.map(chartHtml));
  for (const step of question.evidence) {
    parts.push(
      `<h3>${escapeHtml(step.goal)} · ${escapeHtml(step.source)}${step.description ? ` — ${escapeHtml(step.description)}` : ""} <span class="meta">(${escapeHtml(step.status)})</span></h3>`,
    );
    if (step.error) parts.push(`<p class="meta">${escapeHtml(step.error)}</p>`);
    if (step.evidence) parts.push(evidenceHtml(step.evidence));
  }
  if (question.trace.length > 0) {
    parts.push(
      `<details class="trace"><summary>Trace (${question.trace.length} events)</summary><pre>${question.trace.map((event) => escapeHtml(event.line)).join("\n")}</pre></details>`,
    );
  }
  parts.push("</section>");
  return parts.join("\n");
}

function changesHtml(report: JobReport, chart?: ReportChart): string {
  const changes = report.changes;
  if (!changes.previous_run)
    return `<p class="meta">This is the first recorded run of this job; nothing to compare with.</p>`;
  const shown = changes.changes.filter((change) => change.kind !== "unchanged");
  const unchanged = changes.changes.length - shown.length;
  const items = shown
    .slice(0, MAX_CHANGE_LINES)
    .map((change) =>
      change.highlighted
        ? `<li class="highlighted">⚠ ${escapeHtml(change.text)} <span class="meta">(beyond ${escapeHtml(change.threshold)})</span></li>`
        : `<li class="${change.kind}">${escapeHtml(change.text)}</li>`,
    );
  if (shown.length > MAX_CHANGE_LINES)
    items.push(`<li class="meta">… ${shown.length - MAX_CHANGE_LINES} more in the JSON report.</li>`);
  if (shown.length === 0) items.push("<li>No reported number changed.</li>");
  if (unchanged > 0)
    items.push(`<li class="meta">${unchanged} number${unchanged === 1 ? "" : "s"} unchanged.</li>`);
  return [
    `<p class="meta">Compared with run ${changes.previous_run.id} (as of ${escapeHtml(changes.previous_run.as_of)}, ${escapeHtml(changes.previous_run.started_at.replace("T", " ").slice(0, 16))} UTC).</p>`,
    `<ul class="changes">${items.join("\n")}</ul>`,
    chart ? chartHtml(chart) : "",
  ].join("\n");
}

/** The HTML report: one self-contained file (inline CSS and SVG, no scripts, nothing loaded from elsewhere). */
export function renderHtmlReport(report: JobReport, charts: ReportCharts): string {
  const contents = report.questions
    .map(
      (question) =>
        `<li><a href="#q-${escapeHtml(question.id)}">${escapeHtml(question.title)}</a> <span class="status status-${question.status}">${question.status}</span></li>`,
    )
    .join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(report.job)} — as of ${escapeHtml(report.as_of)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${escapeHtml(report.job)} <span class="status status-${report.status}">${report.status}</span></h1>
${report.description ? `<p>${escapeHtml(report.description)}</p>` : ""}
<p class="meta">As of ${escapeHtml(report.as_of)} (${escapeHtml(report.timezone)}) · run ${report.run_id} · ${escapeHtml(report.started_at.replace("T", " ").slice(0, 19))} UTC · ${escapeHtml(summarizeStatuses(report))} · ${(report.duration_ms / 1000).toFixed(1)} s</p>
<ol class="contents">${contents}</ol>
</header>
<section id="changes"><h2>Changed since the previous run</h2>
${changesHtml(report, charts.changes)}
</section>
${report.questions.map((question, index) => questionHtml(question, index, charts.questions[question.id] ?? [])).join("\n")}
</body>
</html>
`;
}
