import { foldText } from "../../../domain/text-folding.js";
import type { Embedder } from "../embedding/embedder.js";
import type { ExtractedDocument } from "../extraction/extracted-document.js";
import type { PassageRow, TableRow } from "../store/knowledge-base-schema.js";
import { tableCellLines } from "../store/table-cell-lines.js";
import { searchableText } from "../store/text-folding.js";

/** Date and tags a document is indexed with. */
export interface DocumentMetadata {
  date: string;
  tags: string[];
}

/** The rows one extracted document adds to the passages and tables tables. */
export interface DocumentRows {
  passages: PassageRow[];
  tables: TableRow[];
}

const tagText = (tags: string[]) => (tags.length === 0 ? "" : `|${tags.join("|")}|`);

/**
 * Builds the index rows of one document: a passage per chunk and per table (its text rendering,
 * so a search finds tables too), and a table row with the typed cells. The section path is
 * indexed with the text because a heading often carries the words a question uses.
 */
export async function documentRows(
  document: string,
  extracted: ExtractedDocument,
  metadata: DocumentMetadata,
  embedder: Embedder,
  signal?: AbortSignal,
): Promise<DocumentRows> {
  const drafts: Omit<PassageRow, "vector">[] = [];
  const embedTexts: string[] = [];
  for (const chunk of extracted.chunks) {
    if (chunk.text.trim() === "") continue;
    const pages = chunk.pages.length > 0 ? chunk.pages : [1];
    const indexed = chunk.section ? `${chunk.section}\n${chunk.text}` : chunk.text;
    drafts.push({
      id: `${document}#${chunk.id.includes("#") ? chunk.id.slice(chunk.id.lastIndexOf("#") + 1) : chunk.id}`,
      document,
      kind: "text",
      table_id: "",
      section: chunk.section,
      section_folded: foldText(chunk.section),
      page: Math.min(...pages),
      page_end: Math.max(...pages),
      pages_json: JSON.stringify(pages),
      bbox_json: chunk.bbox ? JSON.stringify(chunk.bbox) : "",
      text: chunk.text,
      search_text: searchableText(indexed),
      date: metadata.date,
      tags: tagText(metadata.tags),
      ocr_json: chunk.ocr ? JSON.stringify(chunk.ocr) : "",
    });
    embedTexts.push(indexed);
  }
  const tables: TableRow[] = [];
  for (const table of extracted.tables) {
    // Extraction's rendering already carries a caption with the page and section.
    const text =
      table.text || [table.section, ...table.cells.map((row) => row.join(" | "))].filter(Boolean).join("\n");
    // The indexed and embedded text adds a "<row label> <column header>" line per cell of the
    // passage's rows, so "revenue 2019" matches; the stored text stays the table as printed.
    const withCellLines = (passageText: string, bodyRows?: number[]) =>
      [passageText, ...tableCellLines(table.cells, table.headerRows, bodyRows)].join("\n");
    const tableRow = (id: string, passageText: string, bodyRows?: number[]) =>
      ({
        id,
        document,
        kind: "table",
        table_id: table.id,
        section: table.section,
        section_folded: foldText(table.section),
        page: table.page,
        page_end: table.page,
        pages_json: JSON.stringify([table.page]),
        bbox_json: JSON.stringify(table.bbox),
        text: passageText,
        search_text: searchableText(withCellLines(passageText, bodyRows)),
        date: metadata.date,
        tags: tagText(metadata.tags),
        // A scanned table's passages say they were read by OCR, as a scanned page's text does.
        ocr_json: table.ocr
          ? JSON.stringify({ engine: table.ocr.engine, confidence: table.ocr.confidence })
          : "",
      }) satisfies Omit<PassageRow, "vector">;
    drafts.push(tableRow(`${document}#table:${table.id}`, text));
    embedTexts.push(withCellLines(text));
    // Each body row is also a passage of its own (caption + header + that row): in a long table
    // the row a question is about is drowned by the others, while on its own it matches well.
    // A search shows a table once, by its best-ranked passage.
    const body = table.cells.slice(table.headerRows);
    if (body.length > 1) {
      const caption = text.startsWith("Table ") ? text.split("\n", 1)[0] : table.section;
      const header = table.cells.slice(0, table.headerRows).map((row) => row.filter(Boolean).join(" | "));
      body.forEach((row, index) => {
        if (row.every((cell) => cell.trim() === "")) return;
        const rowText = [caption, ...header, row.filter(Boolean).join(" | ")].filter(Boolean).join("\n");
        drafts.push(tableRow(`${document}#table:${table.id}:row${index + 1}`, rowText, [index]));
        embedTexts.push(withCellLines(rowText, [index]));
      });
    }
    tables.push({
      id: `${document}#${table.id}`,
      document,
      table_id: table.id,
      section: table.section,
      page: table.page,
      bbox_json: JSON.stringify(table.bbox),
      method: table.method,
      header_rows: table.headerRows,
      columns_json: JSON.stringify(table.columns),
      cells_json: JSON.stringify(table.cells),
      rows_json: JSON.stringify(table.rows),
      text,
      date: metadata.date,
      tags: tagText(metadata.tags),
      extraction_json: JSON.stringify({
        detector: table.detector ?? "tabula",
        ...(table.textCheck ? { textCheck: table.textCheck } : {}),
        ...(table.ocr ? { ocr: table.ocr, cellConfidence: table.cellConfidence } : {}),
      }),
    });
  }
  const vectors = embedTexts.length === 0 ? [] : await embedder.embed(embedTexts, signal);
  return {
    passages: drafts.map((draft, index) => ({ ...draft, vector: Array.from(vectors[index]) })),
    tables,
  };
}
