// Public API of PDF extraction: text, headings, sections, chunks and tables of one PDF.
export { extractDocument, DEFAULT_CHUNKING } from "./extract-document.js";
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
export { DocumentError, type DocumentErrorReason } from "./document-error.js";
export { TableExtractionError, type TableExtractionErrorReason } from "./table-extraction-error.js";
export { extractTables, type TableExtractOptions } from "./table-extractor.js";
export { renderTableText } from "./table-builder.js";
export { tableToEvidence } from "./table-evidence.js";
export { extractDocuments, type BatchOptions, type BatchResult } from "./extract-documents.js";
