import type { CellValue, Column, ColumnType, Provenance, TableEvidence } from "../../models/evidence.js";
import type { SubGoal } from "../../models/plan.js";
import type { BiDataset } from "../../models/sources/bi-dashboard-source.js";
import { StepError } from "../../models/step-error.js";
import type { Catalog } from "../../models/workspace.js";
import { inferColumnType, parseAs } from "../shared/parse-value.js";
import type { ExtractedRow } from "./browser-scripts.js";
import type { OcrReading } from "./region-ocr.js";

/** What fetch hands to normalize: the extracted cells and where they came from. */
export interface ExtractedBody {
  /** Page URL (no secrets). */
  url: string;
  /** Human-readable locator of the table. */
  locator: string;
  headers: string[];
  rows: ExtractedRow[];
  pages: number;
  scrollSteps: number;
  /** Present when the rows were read by OCR from a canvas or image (rows[i] ↔ ocr.confidence[i]). */
  ocr?: OcrReading;
}

function normalHeader(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\s\u00a0]+/g, " ")
    .replace(/[:：▲▼↑↓⇅]+/g, "")
    .trim();
}

/**
 * Finds each mapped header among the headers found: exact (case and spacing ignored), else the
 * last part of a "Group / Column" header when only one column ends that way. Throws format_error
 * listing the headers actually found when any is missing.
 */
export function mapColumns(
  headers: string[],
  mapping: Record<string, string>,
  where: string,
): Map<string, number> {
  const normal = headers.map(normalHeader);
  const result = new Map<string, number>();
  const missing: string[] = [];
  for (const [header, column] of Object.entries(mapping)) {
    const wanted = normalHeader(header);
    let index = normal.indexOf(wanted);
    if (index < 0) {
      const byLastPart = normal.flatMap((name, position) =>
        name.split(" / ").pop() === wanted ? [position] : [],
      );
      if (byLastPart.length === 1) index = byLastPart[0];
    }
    if (index < 0) missing.push(header);
    else result.set(column, index);
  }
  if (missing.length > 0) {
    throw new StepError(
      "format_error",
      `${where}: column${missing.length > 1 ? "s" : ""} ${missing.map((name) => `"${name}"`).join(", ")} not found; the table's headers are: ${headers.map((name) => `"${name}"`).join(", ") || "(none)"}`,
      { locator: where, missing, headers_found: headers },
    );
  }
  return result;
}

// A period value's first and last day: YYYY, YYYY-Qn, YYYY-MM, YYYY-MM-DD.
function periodRange(value: string): [string, string] | undefined {
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match) return [value, value];
  match = /^(\d{4})-(\d{2})$/.exec(value);
  if (match) {
    const last = new Date(Date.UTC(+match[1], +match[2], 0)).getUTCDate();
    return [`${value}-01`, `${value}-${String(last).padStart(2, "0")}`];
  }
  match = /^(\d{4})-Q([1-4])$/.exec(value);
  if (match) {
    const startMonth = (+match[2] - 1) * 3 + 1;
    const last = new Date(Date.UTC(+match[1], startMonth + 2, 0)).getUTCDate();
    return [
      `${match[1]}-${String(startMonth).padStart(2, "0")}-01`,
      `${match[1]}-${String(startMonth + 2).padStart(2, "0")}-${last}`,
    ];
  }
  match = /^(\d{4})$/.exec(value);
  if (match) return [`${value}-01-01`, `${value}-12-31`];
  return undefined;
}

function matchesFilter(
  value: CellValue,
  wanted: string[],
  synonyms: Record<string, string[]> | undefined,
): boolean {
  if (value === null) return false;
  const text = String(value).trim().toLowerCase();
  return wanted.some(
    (canonical) =>
      canonical.toLowerCase() === text ||
      (synonyms?.[canonical] ?? []).some((synonym) => synonym.toLowerCase() === text),
  );
}

/**
 * Turns extracted cells into typed evidence: mapped columns only, values parsed, then the
 * sub-goal's filters and period applied to the rows (whatever the URL already filtered: applying
 * a filter twice changes nothing), then the optional roll-up.
 */
export function toTableEvidence(
  body: ExtractedBody,
  dataset: BiDataset,
  goal: SubGoal,
  sourceName: string,
  catalog: Catalog,
): TableEvidence {
  const positions = mapColumns(body.headers, dataset.columns, `${sourceName}: ${body.locator}`);
  const names = [...positions.keys()];
  const columns: Column[] = names.map((name) => {
    const index = positions.get(name) as number;
    let type: ColumnType = inferColumnType(body.rows.map((row) => row.cells[index]));
    const unit = catalog.metrics[name]?.unit;
    if (unit === "percent" && type === "number") type = "percent";
    const label = Object.entries(dataset.columns).find(([, column]) => column === name)?.[0];
    return {
      name,
      type,
      ...(unit ? { unit } : type === "percent" ? { unit: "percent" } : {}),
      ...(label ? { label } : {}),
    };
  });
  let rows = body.rows.map((row) => ({
    record: Object.fromEntries(
      columns.map((column) => [
        column.name,
        parseAs(row.cells[positions.get(column.name) as number], column.type),
      ]),
    ) as Record<string, CellValue>,
    provenance: [row.index],
  }));

  const notes: string[] = [];
  for (const [dimension, value] of Object.entries(goal.params.filters ?? {})) {
    const wanted = Array.isArray(value) ? value : [value];
    if (!names.includes(dimension)) {
      notes.push(
        `filter ${dimension}=${wanted.join("|")} is not a column of ${dataset.url}; left to the page`,
      );
      continue;
    }
    const synonyms = catalog.dimensions[dimension]?.values;
    rows = rows.filter((row) => matchesFilter(row.record[dimension], wanted, synonyms));
  }
  const period = goal.params.period;
  if (period && dataset.period_column && names.includes(dataset.period_column)) {
    rows = rows.filter((row) => {
      const range = periodRange(String(row.record[dataset.period_column as string] ?? ""));
      return range !== undefined && range[0] <= period.to && range[1] >= period.from;
    });
  }

  let outputColumns = columns;
  if (dataset.aggregate) {
    const { by, sum } = dataset.aggregate;
    const groups = new Map<string, { record: Record<string, CellValue>; provenance: number[] }>();
    for (const row of rows) {
      const key = JSON.stringify(by.map((name) => row.record[name]));
      let group = groups.get(key);
      if (!group) {
        group = {
          record: Object.fromEntries([
            ...by.map((name) => [name, row.record[name]]),
            ...sum.map((name) => [name, 0]),
          ]),
          provenance: [],
        };
        groups.set(key, group);
      }
      for (const name of sum)
        group.record[name] =
          (group.record[name] as number) +
          (typeof row.record[name] === "number" ? (row.record[name] as number) : 0);
      group.provenance.push(...row.provenance);
    }
    rows = [...groups.values()];
    outputColumns = [...by, ...sum].map(
      (name) => columns.find((column) => column.name === name) ?? { name, type: "number" as const },
    );
    notes.push(`rows summed by ${by.join(", ")} (${sum.join(", ")})`);
  }

  const ocr = body.ocr;
  const provenance: Provenance[] = rows.map((row) => ({
    source: sourceName,
    url: body.url,
    locator: `${body.locator} → row${row.provenance.length > 1 ? "s" : ""} ${compactIndexes(row.provenance)}`,
    ...(ocr ? { ocr: ocrProvenance(ocr, row.provenance, columns, positions, body.rows) } : {}),
  }));
  if (ocr) {
    notes.push(`read by OCR (${ocr.engine})${ocr.image ? ` from the screenshot ${ocr.image}` : ""}`);
    provenance.forEach((entry, index) => {
      for (const [column, confidence] of Object.entries(entry.ocr?.confidence ?? {}))
        if (confidence < ocr.threshold)
          notes.push(
            `OCR confidence ${confidence.toFixed(2)} (below ${ocr.threshold}) for ${column} = ${String(rows[index].record[column])} (${entry.locator}): check it against the screenshot`,
          );
    });
  }
  return { kind: "table", columns: outputColumns, rows: rows.map((row) => row.record), provenance, notes };
}

// A row's OCR confidence per column: the lowest over the extracted rows it came from (summed rows).
function ocrProvenance(
  ocr: OcrReading,
  rowIndexes: number[],
  columns: Column[],
  positions: Map<string, number>,
  extracted: ExtractedRow[],
): NonNullable<Provenance["ocr"]> {
  const confidence: Record<string, number> = {};
  for (const column of columns) {
    const position = positions.get(column.name) as number;
    const values = rowIndexes.map((index) => {
      const at = extracted.findIndex((row) => row.index === index);
      return ocr.confidence[at]?.[position] ?? 0;
    });
    confidence[column.name] = Math.min(...values);
  }
  return {
    engine: ocr.engine,
    ...(ocr.image ? { image: ocr.image } : {}),
    confidence,
    threshold: ocr.threshold,
  };
}

// "3, 4, 5, 9" → "3–5, 9": provenance stays readable for summed rows.
function compactIndexes(indexes: number[]): string {
  const sorted = [...new Set(indexes)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let start = 0; start < sorted.length; ) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end] + 1) end += 1;
    parts.push(end > start ? `${sorted[start]}–${sorted[end]}` : `${sorted[start]}`);
    start = end + 1;
  }
  return parts.join(", ");
}
