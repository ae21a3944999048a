import { nearestName } from "../../config/nearest-name.js";
import { valueMatchesFilter } from "../../domain/canonical-values.js";
import { convertFraction } from "../../domain/fraction-units.js";
import { columnFractionUnit, inferColumnType, parseAs } from "../../domain/parse-value.js";
import { labelOverlapsPeriod } from "../../domain/period-range.js";
import type { CellValue, Column, ColumnType, Provenance, TableEvidence } from "../../models/evidence.js";
import type { SubGoal } from "../../models/plan.js";
import { type BiDataset, datasetPeriodColumn } from "../../models/sources/bi-dashboard-source.js";
import { unpivotInto } from "../../models/sources/common.js";
import { codedStepError } from "../../models/step-error.js";
import type { Catalog } from "../../models/workspace.js";
import { unpivotTable } from "../shared/unpivot.js";
import type { ExtractedRow } from "./browser-scripts.js";
import type { OcrReading } from "./region-ocr.js";
import type { AnchorSpec } from "./table-locator.js";

/** What fetch hands to normalize: the extracted cells and where they came from. */
export interface ExtractedBody {
  /** Page URL (no secrets). */
  url: string;
  /** Human-readable locator of the table. */
  locator: string;
  /** The same as data: the anchor, and whether a table or a region read by OCR (what it is). */
  place?: { anchor: AnchorSpec; read: "table" | "ocr"; region?: string };
  headers: string[];
  rows: ExtractedRow[];
  pages: number;
  scrollSteps: number;
  /** Present when the rows were read by OCR from a canvas or image (rows[i] ↔ ocr.confidence[i]). */
  ocr?: OcrReading;
  /** What the reader wants the evidence to say about the read (requests blocked, rows scrolled in). */
  notes?: string[];
  /** The period the whole page shows (declared in the dataset, or read from its heading), as a label. */
  period?: { label: string; heading?: string };
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
    throw codedStepError(
      "format_error",
      {
        code: "table_columns_missing",
        where,
        missing: missing.map((name) => {
          const near = nearestName(name, headers);
          return near ? { name, near } : { name };
        }),
        headers,
      },
      { locator: where, missing, headers_found: headers },
    );
  }
  return result;
}

/**
 * The extracted table after the dataset's unpivot: the long headers and rows (each row keeps the
 * page's row index and the wide column it came from), and the column mapping restricted to the
 * kept columns and extended by the unpivot's own two. Unchanged without an unpivot.
 */
function longTable(
  body: ExtractedBody,
  dataset: BiDataset,
  where: string,
): {
  headers: string[];
  rows: (ExtractedRow & { wideHeader?: string })[];
  mapping: Record<string, string>;
  note?: string;
} {
  if (!dataset.unpivot) return { headers: body.headers, rows: body.rows, mapping: dataset.columns };
  const long = unpivotTable(
    body.headers,
    body.rows.map((row) => row.cells),
    dataset.unpivot,
    where,
  );
  const kept = long.headers.slice(0, -2).map(normalHeader);
  const mapping = Object.fromEntries(
    Object.entries(dataset.columns).filter(([header]) =>
      kept.some((name) => name === normalHeader(header) || name.split(" / ").pop() === normalHeader(header)),
    ),
  );
  mapping[long.into] = long.into;
  mapping[long.value] = long.value;
  return {
    headers: long.headers,
    rows: long.rows.map((row) => ({
      index: body.rows[row.sourceRow].index,
      cells: row.cells.map((cell) => (cell === null ? "" : String(cell))),
      wideHeader: row.sourceHeader,
    })),
    mapping,
    note: `unpivoted ${body.rows.length} rows × ${body.headers.length - kept.length} columns into ${long.rows.length} rows (${long.into}, ${long.value})${long.emptyCells > 0 ? `; ${long.emptyCells} empty cells gave no row` : ""}`,
  };
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
  const where = `${sourceName}: ${body.locator}`;
  const table = longTable(body, dataset, where);
  const positions = mapColumns(table.headers, table.mapping, where);
  const names = [...positions.keys()];
  const notes: string[] = [...(body.notes ?? []), ...(table.note ? [table.note] : [])];
  // Per column: the unit its numbers are in on the page, and the factor to the catalog's unit.
  const conversions = new Map<string, { from: string; to: string }>();
  const columns: Column[] = names.map((name) => {
    const index = positions.get(name) as number;
    const texts = table.rows.map((row) => row.cells[index]);
    let type: ColumnType = inferColumnType(texts);
    const pageUnit = pageUnitOf(name, texts, type, dataset, where);
    const catalogUnit = catalog.metrics[name]?.unit;
    if (
      pageUnit &&
      catalogUnit &&
      pageUnit !== catalogUnit &&
      convertFraction(1, pageUnit, catalogUnit) !== undefined
    ) {
      conversions.set(name, { from: pageUnit, to: catalogUnit });
      notes.push(`${name} converted from ${pageUnit} on the page to ${catalogUnit} (the catalog's unit)`);
    }
    const unit = catalogUnit ?? pageUnit;
    if (unit === "percent" && type === "number") type = "percent";
    const label = Object.entries(table.mapping).find(([, column]) => column === name)?.[0];
    return {
      name,
      type,
      ...(unit ? { unit } : type === "percent" ? { unit: "percent" } : {}),
      ...(label ? { label } : {}),
    };
  });
  const cellValue = (column: Column, text: string | undefined): CellValue => {
    const value = parseAs(text, column.type);
    const conversion = conversions.get(column.name);
    if (!conversion || typeof value !== "number") return value;
    return convertFraction(value, conversion.from, conversion.to) ?? value;
  };
  let rows: { record: Record<string, CellValue>; provenance: number[]; wideHeader?: string }[] =
    table.rows.map((row) => ({
      wideHeader: row.wideHeader,
      record: Object.fromEntries(
        columns.map((column) => [
          column.name,
          cellValue(column, row.cells[positions.get(column.name) as number]),
        ]),
      ) as Record<string, CellValue>,
      provenance: [row.index],
    }));
  if (body.period) {
    // The page's one period, as a column, so the period filter and the answer's points see it.
    const periodColumn = datasetPeriodColumn(dataset);
    if (!names.includes(periodColumn)) {
      columns.push({ name: periodColumn, type: "string" });
      names.push(periodColumn);
      for (const row of rows) row.record[periodColumn] = body.period.label;
      notes.push(
        body.period.heading
          ? `period ${body.period.label} read from the heading "${body.period.heading}"`
          : `period ${body.period.label} as the dataset declares it`,
      );
    }
  }

  for (const [dimension, value] of Object.entries(goal.params.filters ?? {})) {
    const wanted = Array.isArray(value) ? value : [value];
    if (!names.includes(dimension)) {
      notes.push(
        `filter ${dimension}=${wanted.join("|")} is not a column of ${dataset.url}; left to the page`,
      );
      continue;
    }
    rows = rows.filter((row) => valueMatchesFilter(catalog, dimension, row.record[dimension], wanted));
  }
  const period = goal.params.period;
  const periodColumn =
    dataset.period_column ??
    (body.period ? datasetPeriodColumn(dataset) : undefined) ??
    (dataset.unpivot?.period ? unpivotInto(dataset.unpivot) : undefined);
  if (period && periodColumn && names.includes(periodColumn)) {
    rows = rows.filter((row) => labelOverlapsPeriod(String(row.record[periodColumn] ?? ""), period));
  }

  let outputColumns = columns;
  if (dataset.aggregate) {
    const { by, sum } = dataset.aggregate;
    const groups = new Map<
      string,
      { record: Record<string, CellValue>; provenance: number[]; wideHeader?: string }
    >();
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
    locator: `${body.locator} → row${row.provenance.length > 1 ? "s" : ""} ${compactIndexes(row.provenance)}${row.wideHeader ? `, column "${row.wideHeader}"` : ""}`,
    ...(body.place
      ? { place: { ...body.place, rows: [...new Set(row.provenance)].sort((a, b) => a - b) } }
      : {}),
    ...(row.wideHeader ? { column: row.wideHeader } : {}),
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

/**
 * The unit a column's numbers are in on the page: the dataset's `units`, else what every cell is
 * written with (ppm, ‰, bp; percent signs). A declared unit the cells contradict is a format_error:
 * one of the two is wrong and a number read in the wrong unit is off by a factor of ten or more.
 */
function pageUnitOf(
  name: string,
  texts: (string | undefined)[],
  type: ColumnType,
  dataset: BiDataset,
  where: string,
): string | undefined {
  const written = columnFractionUnit(texts) ?? (type === "percent" ? "percent" : undefined);
  const declared = dataset.units[name];
  if (declared && written && declared !== written)
    throw codedStepError(
      "format_error",
      {
        code: "unit_contradicted",
        where,
        column: name,
        declared,
        written,
        example: String(texts.find((text) => text?.trim())),
      },
      { column: name, declared_unit: declared, written_unit: written },
      { retryable: false },
    );
  return declared ?? written;
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
