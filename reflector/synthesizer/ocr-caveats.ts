import type { Workspace } from "../../config/workspace.js";
import type { TableEvidence } from "../../models/evidence.js";
import { messageCatalog } from "../messages/render-message.js";
import { pointsOfGoals } from "../metric-points.js";
import type { KnownNumber } from "../number-audit.js";
import { formatAmount, formatNumber } from "./format-number.js";
import type { GoalOutcome } from "./goal-outcome.js";
import type { AnswerLanguage, Labels } from "./labels.js";

// A number read by OCR below its dataset's ocr.min_confidence is shown in the answer with a caveat
// — which value, how sure the engine was, the threshold — in the answer's language, and the number
// audit sees every OCR'd evidence number with its confidence (KnownNumber.ocrConfidence), so a
// number whose only evidence is doubtful is flagged (NumberReference.low_confidence).

/** The OCR confidence of one evidence cell, for the audit's known numbers ({} when not read by OCR). */
export function ocrOfCell(
  evidence: TableEvidence,
  row: number,
  column: string,
): Pick<KnownNumber, "ocrConfidence" | "ocrThreshold"> {
  const ocr = evidence.provenance[row]?.ocr;
  const confidence = ocr?.confidence[column];
  return ocr && confidence !== undefined ? { ocrConfidence: confidence, ocrThreshold: ocr.threshold } : {};
}

/** A doubtful OCR value shown in the answer. */
export interface LowConfidenceValue {
  goal: string;
  source: string;
  metric: string;
  keys: Record<string, string>;
  period?: string;
  value: number;
  unit?: string;
  confidence: number;
  threshold: number;
  image?: string;
}

const HEADING: Record<AnswerLanguage, string> = {
  en: "Read by OCR with low confidence (check against the screenshot in the run folder):",
  "zh-Hans": "以下数字由 OCR 识别，置信度偏低（请对照运行目录中的截图核实）：",
  "zh-Hant": "以下數字由 OCR 辨識，信賴度偏低（請對照執行目錄中的截圖核實）：",
};

function line(language: AnswerLanguage, entry: LowConfidenceValue, what: string, value: string): string {
  const confidence = formatNumber(entry.confidence);
  const threshold = formatNumber(entry.threshold);
  if (language === "en")
    return `- ${what}: ${value} — OCR confidence ${confidence}, below ${threshold} (${entry.source}); may be misread.`;
  if (language === "zh-Hans")
    return `- ${what}：${value} —— OCR 置信度 ${confidence}，低于 ${threshold}（${entry.source}），可能识别有误。`;
  return `- ${what}：${value} —— OCR 信賴度 ${confidence}，低於 ${threshold}（${entry.source}），可能辨識有誤。`;
}

/** Metric values read by OCR below their threshold, in the goals that established something. */
export function lowConfidenceValues(
  outcomes: readonly GoalOutcome[],
  workspace: Workspace,
): LowConfidenceValue[] {
  const answered = outcomes.filter(
    (outcome) => outcome.status !== "failed" && outcome.evidence?.kind === "table",
  );
  const values: LowConfidenceValue[] = [];
  for (const point of pointsOfGoals(answered, workspace.config.catalog)) {
    if (point.ocrConfidence === undefined) continue;
    const evidence = answered.find((outcome) => outcome.goal.id === point.goal)?.evidence as TableEvidence;
    const ocr = point.rows.map((row) => evidence.provenance[row]?.ocr).find((entry) => entry !== undefined);
    if (!ocr || point.ocrConfidence >= ocr.threshold) continue;
    values.push({
      goal: point.goal,
      source: point.source,
      metric: point.metric,
      keys: point.keys,
      ...(point.period ? { period: point.period } : {}),
      value: point.value,
      ...(point.unit ? { unit: point.unit } : {}),
      confidence: point.ocrConfidence,
      threshold: ocr.threshold,
      ...(ocr.image ? { image: ocr.image } : {}),
    });
  }
  return values;
}

/**
 * The caveat section for the answer text ("" when every OCR'd value is confident), and the numbers
 * it adds (confidence and threshold), which the audit must know.
 */
export function lowConfidenceSection(
  outcomes: readonly GoalOutcome[],
  workspace: Workspace,
  language: AnswerLanguage,
  labels: Labels,
): { text: string; values: LowConfidenceValue[]; known: KnownNumber[] } {
  const values = lowConfidenceValues(outcomes, workspace);
  if (values.length === 0) return { text: "", values, known: [] };
  const known: KnownNumber[] = values.flatMap((entry) => [
    { value: Number(formatNumber(entry.confidence)), origin: "computed", label: "OCR confidence" },
    { value: entry.threshold, origin: "computed", label: "OCR confidence threshold (ocr.min_confidence)" },
  ]);
  const lines = values.map((entry) =>
    line(
      language,
      entry,
      `${labels.metric(entry.metric)} ${labels.keys(entry.keys, entry.period)}`.trim(),
      formatAmount(entry.value, entry.unit, (unit) => messageCatalog(language).unit(unit)),
    ),
  );
  return { text: [HEADING[language], ...lines].join("\n"), values, known };
}
