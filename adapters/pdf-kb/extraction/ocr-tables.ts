// Tables on pages without a text layer. OCR gives such a page as lines of recognised pieces with
// boxes (page-ocr.ts turns them into the text runs a text layer would give, each with its
// confidence); the same alignment detector that reads borderless tables from pdf.js's runs reads
// them (page-table-detector.ts), and the same builder types them (table-builder.ts), so a scanned
// table has the header rows, columns and typed rows a text table has. Each cell keeps the
// engine's confidence, and a doubtful cell is listed. A scan has no ruling lines in its operator
// list, so ruled tables are read by their aligned text too.

import type { ExtractedTable, TableOcr } from "./extracted-document.js";
import type { OcrPage } from "./page-ocr.js";
import { alignedTables } from "./page-table-detector.js";
import { buildTables } from "./table-builder.js";
import type { TabulaPage } from "./tabula-runner.js";

/**
 * A cell read with less confidence than this is marked doubtful. Tesseract's word confidences on
 * clean 150 dpi scans are 0.9–0.97; below 0.8 a character is often wrong.
 */
export const OCR_CELL_THRESHOLD = 0.8;

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The tables of the OCR'd pages, typed, with detector `ocr-alignment` and their cells' confidence. */
export function ocrTables(pages: OcrPage[]): ExtractedTable[] {
  const engines = new Map(pages.map((page) => [page.page, page.engine]));
  const found: TabulaPage[] = pages.flatMap((page) => {
    const tables = alignedTables(page.textLayer);
    return tables.length === 0
      ? []
      : [
          {
            page: page.page,
            width: page.textLayer.width,
            height: page.textLayer.height,
            rotation: 0,
            tables,
          },
        ];
  });
  return buildTables(found).map((table) => {
    const confidence = table.cellConfidence ?? table.cells.map((row) => row.map(() => null));
    const filled = confidence.flat().filter((value): value is number => value !== null);
    const lowConfidenceCells: TableOcr["lowConfidenceCells"] = [];
    confidence.forEach((row, rowIndex) => {
      row.forEach((value, column) => {
        if (value !== null && value < OCR_CELL_THRESHOLD)
          lowConfidenceCells.push({
            row: rowIndex,
            column,
            text: table.cells[rowIndex][column],
            confidence: round(value),
          });
      });
    });
    return {
      ...table,
      cellConfidence: confidence.map((row) => row.map((value) => (value === null ? null : round(value)))),
      detector: "ocr-alignment" as const,
      textCheck: { status: "ocr" as const, replacedCells: 0, unverifiedCells: [] },
      ocr: {
        engine: engines.get(table.page) ?? "",
        confidence:
          filled.length === 0 ? 0 : round(filled.reduce((sum, value) => sum + value, 0) / filled.length),
        threshold: OCR_CELL_THRESHOLD,
        lowConfidenceCells,
      },
    };
  });
}
