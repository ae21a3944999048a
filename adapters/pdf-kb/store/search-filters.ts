import { foldText } from "../../../domain/text-folding.js";

/** Metadata filters of a knowledge-base search; every field narrows, absent fields do not. */
export interface KnowledgeBaseFilters {
  /** A document path or glob (or several: any of them), relative to the workspace; without a "/" it matches the file name. */
  document?: string | string[];
  /** Text the section path must contain (case and Traditional/Simplified ignored). */
  section?: string;
  /** Pages the passage must overlap, inclusive. */
  pages?: { from?: number; to?: number };
  /** ISO dates the document's date must fall within, inclusive. */
  date?: { from?: string; to?: string };
  /** The document must carry at least one of these tags. */
  tags?: string[];
  /** Only text passages or only table renderings. */
  kind?: "text" | "table";
}

/** The order in which filters are dropped when a search finds nothing: least telling first. */
export const relaxationOrder = ["pages", "section", "date", "tags", "document"] as const;
/** A filter the reflector may drop. */
export type RelaxableFilter = (typeof relaxationOrder)[number];

/** The filters with the next one in relaxation order dropped, or undefined when nothing is left to drop. */
export function relaxFilters(
  filters: KnowledgeBaseFilters,
): { filters: KnowledgeBaseFilters; dropped: RelaxableFilter } | undefined {
  for (const name of relaxationOrder) {
    if (filters[name] !== undefined) {
      const { [name]: _dropped, ...rest } = filters;
      return { filters: rest, dropped: name };
    }
  }
  return undefined;
}

/** A SQL string literal: quotes doubled, so a filter value can never end the literal. */
function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** A glob turned into a LIKE pattern: LIKE's own wildcards escaped with a backslash, then * → %, ? → _. */
export function globToLike(glob: string): string {
  return glob
    .replace(/[\\%_]/g, (character) => `\\${character}`)
    .replaceAll("*", "%")
    .replaceAll("?", "_");
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Checks the filters and turns them into a LanceDB (DataFusion SQL) predicate; undefined when nothing filters. */
export function whereClause(filters: KnowledgeBaseFilters): string | undefined {
  const clauses: string[] = [];
  const documents = (
    Array.isArray(filters.document)
      ? filters.document
      : filters.document === undefined
        ? []
        : [filters.document]
  )
    .map((glob) => glob.trim())
    .filter(Boolean);
  if (documents.length > 0) {
    const alternatives = documents.flatMap((glob) => {
      const pattern = globToLike(glob.replace(/^\.\//, ""));
      return glob.includes("/")
        ? [`document LIKE ${literal(pattern)}`]
        : [`document LIKE ${literal(pattern)}`, `document LIKE ${literal(`%/${pattern}`)}`];
    });
    clauses.push(`(${alternatives.join(" OR ")})`);
  }
  if (filters.section !== undefined && filters.section.trim() !== "") {
    clauses.push(`section_folded LIKE ${literal(`%${globToLike(foldText(filters.section.trim()))}%`)}`);
  }
  if (filters.pages) {
    for (const value of [filters.pages.from, filters.pages.to]) {
      if (value !== undefined && (!Number.isInteger(value) || value < 1))
        throw new RangeError(`a page filter takes page numbers from 1, not ${value}`);
    }
    if (filters.pages.from !== undefined) clauses.push(`page_end >= ${filters.pages.from}`);
    if (filters.pages.to !== undefined) clauses.push(`page <= ${filters.pages.to}`);
  }
  if (filters.date) {
    for (const value of [filters.date.from, filters.date.to]) {
      if (value !== undefined && !isoDate.test(value))
        throw new RangeError(`a date filter takes ISO dates (2024-01-31), not ${value}`);
    }
    if (filters.date.from !== undefined) clauses.push(`date >= ${literal(filters.date.from)}`);
    if (filters.date.to !== undefined) clauses.push(`date <= ${literal(filters.date.to)}`);
  }
  if (filters.tags && filters.tags.length > 0) {
    clauses.push(
      `(${filters.tags.map((tag) => `tags LIKE ${literal(`%|${globToLike(tag)}|%`)}`).join(" OR ")})`,
    );
  }
  if (filters.kind !== undefined) clauses.push(`kind = ${literal(filters.kind)}`);
  return clauses.length === 0 ? undefined : clauses.join(" AND ");
}

/** Parses "key=value" filter arguments (from the CLI) into filters; pages and dates take "from..to". */
export function parseFilterArguments(argumentsList: string[]): KnowledgeBaseFilters {
  const filters: KnowledgeBaseFilters = {};
  for (const argument of argumentsList) {
    const separator = argument.indexOf("=");
    if (separator <= 0)
      throw new RangeError(
        `a filter looks like key=value (document=…, section=…, pages=2..5, date=2024-01-01..2024-12-31, tags=a,b, kind=table), not "${argument}"`,
      );
    const key = argument.slice(0, separator).trim();
    const value = argument.slice(separator + 1).trim();
    const range = () => {
      const [from, to] = value.includes("..") ? value.split("..", 2) : [value, value];
      return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
    };
    switch (key) {
      case "document":
        filters.document = value;
        break;
      case "section":
        filters.section = value;
        break;
      case "page":
      case "pages": {
        const { from, to } = range();
        const number = (text: string | undefined) => {
          if (text === undefined) return undefined;
          const parsed = Number(text);
          if (!Number.isInteger(parsed) || parsed < 1)
            throw new RangeError(`pages takes page numbers like 3 or 2..5, not "${value}"`);
          return parsed;
        };
        filters.pages = { ...(from ? { from: number(from) } : {}), ...(to ? { to: number(to) } : {}) };
        break;
      }
      case "date":
        filters.date = range();
        break;
      case "tag":
      case "tags":
        filters.tags = value
          .split(",")
          .map((tag) => tag.trim())
          .filter(Boolean);
        break;
      case "kind":
        if (value !== "text" && value !== "table")
          throw new RangeError(`kind is text or table, not "${value}"`);
        filters.kind = value;
        break;
      default:
        throw new RangeError(`unknown filter "${key}"; use document, section, pages, date, tags or kind`);
    }
  }
  whereClause(filters);
  return filters;
}
