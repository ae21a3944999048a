import { describeSource } from "../../config/describe-sources.js";
import { nearestName } from "../../config/nearest-name.js";
import type { Workspace } from "../../config/workspace.js";
import { valueMatchesFilter } from "../../domain/canonical-values.js";
import { inferColumnType } from "../../domain/parse-value.js";
import { labelOverlapsPeriod, spanOverlapsPeriod } from "../../domain/period-range.js";
import type { CellValue, Column, Provenance, TableEvidence } from "../../models/evidence.js";
import type { SubGoal } from "../../models/plan.js";
import { unpivotInto } from "../../models/sources/common.js";
import type { FileDataset, FileSource } from "../../models/sources/file-source.js";
import { codedStepError, StepError } from "../../models/step-error.js";
import type { StepMessage } from "../../models/step-message.js";
import type { AdapterFactory, RawResponse, SourceAdapter, StepContext } from "../adapter.js";
import { unpivotTable } from "../shared/unpivot.js";
import { FileFormatError } from "./file-error.js";
import { readTabularFile } from "./read-tabular-file.js";

/** Raw snapshot of a file read: the typed table exactly as in the file, before mapping and filtering. */
interface FileRawBody {
  file: string;
  encoding: string;
  columns: Column[];
  rows: Record<string, CellValue>[];
  lines: number[];
}

/** Reads CSV and JSON exports inside the workspace as typed tables. */
class FileAdapter implements SourceAdapter {
  readonly kind = "file" as const;

  constructor(
    readonly name: string,
    private readonly config: FileSource,
    private readonly workspace: Workspace,
  ) {}

  describe() {
    return describeSource(this.name, this.config);
  }

  private dataset(goal: SubGoal): [string, FileDataset] {
    const names = Object.keys(this.config.datasets);
    const name = goal.dataset ?? (names.length === 1 ? names[0] : undefined);
    if (!name || !this.config.datasets[name]) {
      throw codedStepError("config_error", {
        code: "dataset_unknown",
        source: this.name,
        section: "dataset",
        ...(goal.dataset ? { dataset: goal.dataset } : {}),
        available: names,
      });
    }
    return [name, this.config.datasets[name]];
  }

  async fetch(goal: SubGoal, context: StepContext): Promise<RawResponse> {
    const [name, dataset] = this.dataset(goal);
    let absolute: string;
    try {
      absolute = this.workspace.resolveInside(dataset.path);
    } catch (error) {
      throw codedStepError(
        "config_error",
        { code: "workspace_problem", detail: (error as Error).message },
        { locator: dataset.path },
      );
    }
    context.signal.throwIfAborted();
    try {
      const table = await readTabularFile(absolute, {
        format: dataset.format,
        encoding: dataset.encoding,
        delimiter: dataset.delimiter,
        headerRows: dataset.header_rows,
        records: dataset.records,
        types: dataset.types,
      });
      const body: FileRawBody = {
        file: dataset.path,
        encoding: table.encoding,
        columns: table.columns,
        rows: table.rows,
        lines: table.lines,
      };
      return {
        request: `read ${dataset.path} (dataset ${name})`,
        body,
        contentType: "application/json",
        meta: { rows: table.rows.length },
      };
    } catch (error) {
      if (error instanceof FileFormatError) {
        // A dataset whose file is gone is the workspace's to fix (`config check` warns of it), not
        // data missing for a period: broadening the period would only read the missing file again,
        // while another source offering the metric can answer at once (reflector fallback rule).
        throw new StepError(
          error.said?.code === "file_missing" ? "config_error" : "format_error",
          error.message,
          { locator: dataset.path, line: error.line, ...(error.said ? { said: error.said } : {}) },
        );
      }
      throw error;
    }
  }

  normalize(raw: RawResponse, goal: SubGoal): TableEvidence {
    const [name, dataset] = this.dataset(goal);
    const body = longFile(
      raw.body as FileRawBody,
      dataset,
      `${this.name}: ${(raw.body as FileRawBody).file}`,
    );
    const headers = body.columns.map((column) => column.name);
    for (const header of Object.keys(dataset.columns)) {
      if (headers.includes(header)) continue;
      const near = nearestName(header, headers);
      throw codedStepError(
        "format_error",
        {
          code: "mapped_column_missing",
          source: this.name,
          dataset: name,
          header,
          file: body.file,
          ...(near ? { near } : {}),
          headers,
        },
        { locator: `datasets.${name}.columns`, headers_found: headers },
      );
    }
    const rename = (header: string) => dataset.columns[header] ?? header;
    const columns: Column[] = body.columns.map((column) => {
      const columnName = rename(column.name);
      const unit = dataset.units[columnName] ?? column.unit;
      return {
        name: columnName,
        type: dataset.units[columnName] === "percent" && column.type === "number" ? "percent" : column.type,
        label: column.name,
        ...(unit ? { unit } : {}),
      };
    });
    const known = new Set(columns.map((column) => column.name));
    // A unit for a column the rows do not carry applies to nothing: say so instead of reading the
    // numbers in no unit (config check catches a header that columns renames; this, a typo).
    for (const column of Object.keys(dataset.units)) {
      if (known.has(column)) continue;
      const near = nearestName(column, known);
      throw codedStepError(
        "format_error",
        {
          code: "unit_column_missing",
          source: this.name,
          dataset: name,
          column,
          file: body.file,
          ...(near ? { near } : {}),
          columns: [...known],
        },
        { locator: `datasets.${name}.units`, headers_found: [...known] },
      );
    }
    for (const dimension of Object.keys(goal.params.filters)) {
      if (!known.has(dimension)) {
        const near = nearestName(dimension, known);
        throw codedStepError(
          "format_error",
          {
            code: "filter_column_missing",
            source: this.name,
            dataset: name,
            column: dimension,
            period: false,
            ...(near ? { near } : {}),
            columns: [...known],
          },
          { locator: dimension },
        );
      }
    }
    const declared =
      dataset.period_column ?? (dataset.unpivot?.period ? unpivotInto(dataset.unpivot) : undefined);
    const periodColumns = declared === undefined ? [] : Array.isArray(declared) ? declared : [declared];
    for (const periodColumn of periodColumns) {
      if (known.has(periodColumn)) continue;
      const near = nearestName(periodColumn, known);
      throw codedStepError(
        "format_error",
        {
          code: "filter_column_missing",
          source: this.name,
          dataset: name,
          column: periodColumn,
          period: true,
          ...(near ? { near } : {}),
          columns: [...known],
        },
        { locator: `datasets.${name}.period_column` },
      );
    }
    const catalog = this.workspace.config.catalog;
    const rows: Record<string, CellValue>[] = [];
    const provenance: Provenance[] = [];
    body.rows.forEach((rawRow, index) => {
      const row = Object.fromEntries(Object.entries(rawRow).map(([key, value]) => [rename(key), value]));
      for (const [dimension, wanted] of Object.entries(goal.params.filters)) {
        // The file's 浦东 is the catalog's Pudong, and a hand-written plan's "South China" is South.
        if (!valueMatchesFilter(catalog, dimension, row[dimension], wanted)) return;
      }
      if (goal.params.period && periodColumns.length > 0) {
        const [start, end] = periodColumns.map((column) => String(row[column] ?? ""));
        const inPeriod =
          end === undefined
            ? labelOverlapsPeriod(start, goal.params.period)
            : spanOverlapsPeriod(start, end, goal.params.period);
        if (!inPeriod) return;
      }
      rows.push(row);
      provenance.push({
        source: this.name,
        file: body.file,
        line: body.lines[index],
        ...(body.wideHeaders ? { column: body.wideHeaders[index] } : {}),
      });
    });
    // No event in the file for the asked keys and period is an answer ("none recorded"), as an empty
    // ticket search is; no metric row is a failure the reflector may broaden.
    if (rows.length === 0 && !goal.params.event) {
      throw new StepError("no_results", `no rows in ${body.file} match ${describeGoalFilters(goal)}`, {
        locator: body.file,
        // The same, as a code the answer's language says (models/step-message.ts).
        said: {
          code: "no_matching_rows",
          file: body.file,
          filters: goal.params.filters ?? {},
          ...(goal.params.period ? { from: goal.params.period.from, to: goal.params.period.to } : {}),
        } satisfies StepMessage,
      });
    }
    return { kind: "table", columns, rows, provenance, notes: body.notes };
  }

  async close(): Promise<void> {}
}

/** The file's table after the dataset's unpivot (unchanged without one), with each row's line and wide header. */
function longFile(
  body: FileRawBody,
  dataset: FileDataset,
  where: string,
): FileRawBody & { wideHeaders?: string[]; notes: string[] } {
  if (!dataset.unpivot) return { ...body, notes: [] };
  const headers = body.columns.map((column) => column.name);
  const long = unpivotTable(
    headers,
    body.rows.map((row) => headers.map((header) => row[header] ?? null)),
    dataset.unpivot,
    where,
  );
  const wide = body.columns.filter((column) => !long.headers.includes(column.name));
  const valueType = wide.every((column) => column.type === wide[0]?.type)
    ? (wide[0]?.type ?? "string")
    : wide.every((column) => column.type === "number" || column.type === "percent")
      ? "number"
      : "string";
  const keptColumns = body.columns.filter((column) => long.headers.slice(0, -2).includes(column.name));
  const columns: Column[] = [
    ...keptColumns,
    // Typed as the same labels would be in a period column of their own ("2024-Q1" reads as a date).
    {
      name: long.into,
      type: inferColumnType(long.rows.map((row) => String(row.cells[long.headers.length - 2]))),
    },
    { name: long.value, type: valueType, ...(valueType === "percent" ? { unit: "percent" } : {}) },
  ];
  return {
    file: body.file,
    encoding: body.encoding,
    columns,
    rows: long.rows.map((row) =>
      Object.fromEntries(long.headers.map((header, index) => [header, row.cells[index]])),
    ),
    lines: long.rows.map((row) => body.lines[row.sourceRow]),
    wideHeaders: long.rows.map((row) => row.sourceHeader),
    notes: [
      `unpivoted ${body.rows.length} rows × ${headers.length - keptColumns.length} columns into ${long.rows.length} rows (${long.into}, ${long.value})${long.emptyCells > 0 ? `; ${long.emptyCells} empty cells gave no row` : ""}`,
    ],
  };
}

function describeGoalFilters(goal: SubGoal): string {
  const parts = Object.entries(goal.params.filters).map(
    ([key, value]) => `${key}=${Array.isArray(value) ? value.join("|") : value}`,
  );
  if (goal.params.period) parts.push(`period ${goal.params.period.from}..${goal.params.period.to}`);
  return parts.length ? parts.join(", ") : "the sub-goal";
}

/** Builds the adapter for a `kind: file` source. */
export const createFileAdapter: AdapterFactory = (name, config, workspace) => {
  if (config.kind !== "file") throw new Error(`source ${name} is ${config.kind}, not file`);
  return new FileAdapter(name, config, workspace);
};
