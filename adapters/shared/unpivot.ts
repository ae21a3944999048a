// The unpivot (melt) every tabular source shares: BI tables, file exports and PDF table datasets
// all reach it as headers and rows of cells, before their column mapping. Reports put periods in
// the columns ("Region | 2023年 / Q3 | 2023年 / Q4"), which no metric can be mapped to one by one;
// after the melt the table has one row per (row, wide column) and the header is data.

import { nearestName } from "../../config/nearest-name.js";
import { type PeriodLabelGrain, parsePeriodLabel } from "../../domain/period-label.js";
import type { CellValue } from "../../models/evidence.js";
import { type Unpivot, unpivotInto } from "../../models/sources/common.js";
import { codedStepError, type StepError } from "../../models/step-error.js";

/** One row of the long table: its cells (same order as the long headers) and where it came from. */
export interface LongRow {
  cells: CellValue[];
  /** Index of the wide row it came from. */
  sourceRow: number;
  /** Header text of the wide column its value came from. */
  sourceHeader: string;
}

export interface LongTable {
  /** Kept headers (as in the source), then `into`, then `value`. */
  headers: string[];
  rows: LongRow[];
  /** Name of the column holding the header: the period column when the headers are periods. */
  into: string;
  value: string;
  /** Wide cells that were empty and gave no row. */
  emptyCells: number;
}

function headerKey(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s\u00a0]+/g, " ")
    .trim();
}

/** Finds a header by its text, or by the last part of a two-row "Group / Column" header when unique. */
function findHeader(headers: string[], wanted: string): number {
  const keys = headers.map(headerKey);
  const key = headerKey(wanted);
  const exact = keys.indexOf(key);
  if (exact >= 0) return exact;
  const byLastPart = keys.flatMap((name, index) => (name.split(" / ").pop() === key ? [index] : []));
  return byLastPart.length === 1 ? byLastPart[0] : -1;
}

function missingHeaderError(where: string, wanted: string[], headers: string[]): StepError {
  const missing = wanted.map((name) => {
    const near = nearestName(name, headers);
    return near ? { name, near } : { name };
  });
  return codedStepError(
    "format_error",
    { code: "unpivot_columns_missing", where, missing, headers },
    { locator: where, missing: wanted, headers_found: headers },
  );
}

/** The positions of the wide columns the spec chooses. */
export function wideColumns(headers: string[], spec: Unpivot, where: string): number[] {
  const dropped = new Set(spec.drop.map((name) => findHeader(headers, name)));
  if (spec.columns) {
    const positions = spec.columns.map((name) => findHeader(headers, name));
    const missing = spec.columns.filter((_, index) => positions[index] < 0);
    if (missing.length > 0) throw missingHeaderError(where, missing, headers);
    return positions;
  }
  if (spec.all_but) {
    const kept = spec.all_but.map((name) => findHeader(headers, name));
    const missing = spec.all_but.filter((_, index) => kept[index] < 0);
    if (missing.length > 0) throw missingHeaderError(where, missing, headers);
    return headers.flatMap((_, index) => (kept.includes(index) || dropped.has(index) ? [] : [index]));
  }
  const pattern = new RegExp(spec.matching as string, "u");
  const positions = headers.flatMap((header, index) =>
    pattern.test(header) && !dropped.has(index) ? [index] : [],
  );
  if (positions.length === 0)
    throw codedStepError(
      "format_error",
      { code: "unpivot_pattern_unmatched", where, pattern: String(spec.matching), headers },
      { locator: where, headers_found: headers },
    );
  return positions;
}

/** What a wide header means: a canonical period label, or the dimension value (last part of a two-row header). */
function headerMeaning(header: string, spec: Unpivot, where: string): string {
  if (!spec.period) return header.split(" / ").pop()?.trim() ?? header;
  const options = {
    fiscalYearStart: spec.period.fiscal_year_start,
    fiscalYearNamedBy: spec.period.fiscal_year_named_by,
    year: spec.period.year,
  };
  // A two-row header is read whole ("2024年 / 一月"); when a group part above is not part of the
  // period (a caption such as "Income statement expense / 2019 €m") the lower parts are read alone.
  const parts = header.split(" / ");
  let result = parsePeriodLabel(header, options);
  for (let drop = 1; !result.ok && drop < parts.length; drop += 1) {
    const lower = parsePeriodLabel(parts.slice(drop).join(" / "), options);
    if (lower.ok) result = lower;
  }
  if (!result.ok)
    throw codedStepError(
      "format_error",
      { code: "unpivot_header_not_period", where, header, reason: result.reason },
      { locator: where, header },
    );
  const wantedGrain: PeriodLabelGrain | undefined = spec.period.grain;
  if (wantedGrain && result.period.grain !== wantedGrain)
    throw codedStepError(
      "format_error",
      { code: "unpivot_header_grain", where, header, grain: result.period.grain, wanted: wantedGrain },
      { locator: where, header },
    );
  return result.period.label;
}

function isEmpty(value: CellValue | undefined): boolean {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
}

/** The name of the column that receives the wide headers. */
/**
 * Melts a wide table. Every chosen header must mean what the spec says (a period label the
 * parser reads, at the declared grain); a header that does not is an error naming it, never a
 * row filed under a guessed period. Empty wide cells give no row and are counted.
 */
export function unpivotTable(
  headers: string[],
  rows: CellValue[][],
  spec: Unpivot,
  where: string,
): LongTable {
  const wide = wideColumns(headers, spec, where);
  const meanings = new Map(wide.map((index) => [index, headerMeaning(headers[index], spec, where)]));
  const dropped = spec.drop.map((name) => findHeader(headers, name));
  const missingDropped = spec.drop.filter((_, index) => dropped[index] < 0);
  if (missingDropped.length > 0) throw missingHeaderError(where, missingDropped, headers);
  const kept = headers.flatMap((_, index) => (meanings.has(index) || dropped.includes(index) ? [] : [index]));
  const into = unpivotInto(spec);
  const clash = kept.find(
    (index) =>
      headerKey(headers[index]) === headerKey(into) || headerKey(headers[index]) === headerKey(spec.value),
  );
  if (clash !== undefined)
    throw codedStepError(
      "format_error",
      { code: "unpivot_column_clash", where, column: headers[clash] },
      { locator: where },
    );
  const long: LongRow[] = [];
  let emptyCells = 0;
  rows.forEach((cells, rowIndex) => {
    for (const index of wide) {
      const value = cells[index];
      if (isEmpty(value)) {
        emptyCells += 1;
        continue;
      }
      long.push({
        cells: [
          ...kept.map((position) => cells[position] ?? null),
          meanings.get(index) as string,
          value ?? null,
        ],
        sourceRow: rowIndex,
        sourceHeader: headers[index],
      });
    }
  });
  return {
    headers: [...kept.map((index) => headers[index]), into, spec.value],
    rows: long,
    into,
    value: spec.value,
    emptyCells,
  };
}
