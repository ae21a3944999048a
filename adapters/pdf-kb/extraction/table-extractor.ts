import type { ExtractedTable } from "./extracted-document.js";
import { buildTables } from "./table-builder.js";
import { runTabula } from "./tabula-runner.js";

/** Options of extractTables. */
export interface TableExtractOptions {
  mode?: "auto" | "lattice" | "stream";
  timeoutMs?: number;
  password?: string;
  signal?: AbortSignal;
  /** The java executable (default: $JAVA_HOME/bin/java, else java on PATH). */
  javaPath?: string;
}

/** Finds and types every table of a PDF with one tabula-java run; throws TableExtractionError. */
export async function extractTables(
  absolutePath: string,
  options: TableExtractOptions = {},
): Promise<ExtractedTable[]> {
  const pages = await runTabula(absolutePath, options);
  return buildTables(pages);
}
