// Public API of PDF extraction: text, headings, sections, chunks and tables of one PDF.

export { DocumentError, type DocumentErrorReason } from "./document-error.js";
export { DEFAULT_CHUNKING, extractDocument } from "./extract-document.js";
export { type BatchOptions, type BatchResult, extractDocuments } from "./extract-documents.js";
export type {
  BoundingBox,
  ExtractedChunk,
  ExtractedColumn,
  ExtractedDocument,
  ExtractedSection,
  ExtractedTable,
  ExtractOptions,
  TableMode,
} from "./extracted-document.js";
export { renderTableText } from "./table-builder.js";
export { tableToEvidence } from "./table-evidence.js";
export { TableExtractionError, type TableExtractionErrorReason } from "./table-extraction-error.js";
export { extractTables, type TableExtractOptions } from "./table-extractor.js";
