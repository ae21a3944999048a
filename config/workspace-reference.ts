import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { WorkspaceConfig } from "../models/workspace.js";

/**
 * docs/workspace-reference.md, generated from the zod schema of triangulate.yaml (through its JSON
 * Schema), so the reference cannot drift from what `config check` accepts: every key with its
 * type, default, allowed values and one example (from the demo workspace where it has the key).
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  required?: string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  format?: string;
};

interface ReferenceRow {
  key: string;
  type: string;
  required: boolean;
  default?: unknown;
  allowed?: string;
  description?: string;
}

const inline = (value: unknown) => `\`${JSON.stringify(value)}\``;

function typeOf(schema: JsonSchema): string {
  if (schema.const !== undefined) return `constant ${inline(schema.const)}`;
  if (schema.enum) return "one of the allowed values";
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return [...new Set(alternatives.map(typeOf))].join(" or ");
  if (schema.type === "array") return `list of ${schema.items ? typeOf(schema.items) : "values"}`;
  if (schema.type === "object")
    return schema.properties ? "mapping" : schema.additionalProperties ? "mapping of names" : "mapping";
  if (schema.format === "uri") return "URL";
  if (Array.isArray(schema.type)) return schema.type.join(" or ");
  return schema.type ?? "any";
}

function allowedOf(schema: JsonSchema): string | undefined {
  if (schema.enum) return schema.enum.map(inline).join(", ");
  const bounds = [
    schema.minimum !== undefined ? `>= ${schema.minimum}` : undefined,
    schema.exclusiveMinimum !== undefined ? `> ${schema.exclusiveMinimum}` : undefined,
    schema.maximum !== undefined ? `<= ${schema.maximum}` : undefined,
    schema.pattern ? `matches \`${schema.pattern}\`` : undefined,
  ].filter(Boolean);
  return bounds.length > 0 ? bounds.join(", ") : undefined;
}

/** Rows for every key under `schema`, depth first; a mapping of names shows `<name>`. */
function rowsOf(schema: JsonSchema, prefix: string, required: boolean, output: ReferenceRow[]): void {
  if (prefix) {
    output.push({
      key: prefix,
      type: typeOf(schema),
      required,
      ...(schema.default !== undefined ? { default: schema.default } : {}),
      ...(allowedOf(schema) ? { allowed: allowedOf(schema) } : {}),
      ...(schema.description ? { description: schema.description } : {}),
    });
  }
  if (schema.properties)
    for (const [key, child] of Object.entries(schema.properties))
      rowsOf(child, prefix ? `${prefix}.${key}` : key, schema.required?.includes(key) ?? false, output);
  if (schema.additionalProperties && typeof schema.additionalProperties === "object" && !schema.properties)
    rowsOf(schema.additionalProperties, `${prefix}.<name>`, true, output);
  if (schema.type === "array" && schema.items?.properties)
    rowsOf({ ...schema.items, type: "object" }, `${prefix}[]`, true, output);
}

/** The first value at a dotted key (`<name>` matches any key, `[]` any item) in the example data. */
function exampleAt(data: unknown, key: string): unknown {
  const parts = key.split(".").flatMap((part) => (part.endsWith("[]") ? [part.slice(0, -2), "[]"] : [part]));
  const search = (node: unknown, index: number): unknown => {
    if (index === parts.length) return node;
    if (node === null || typeof node !== "object") return undefined;
    const part = parts[index];
    const children =
      part === "<name>" || part === "[]"
        ? Object.values(node as Record<string, unknown>)
        : [(node as Record<string, unknown>)[part]];
    for (const child of children) {
      if (child === undefined) continue;
      const found = search(child, index + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return search(data, 0);
}

function exampleCell(row: ReferenceRow, examples: unknown): string {
  const found = exampleAt(examples, row.key);
  const value = found !== undefined ? found : row.default;
  if (value === undefined || value === null) return "";
  // Lists are shown when short; a mapping is shown through its own keys' rows.
  if (Array.isArray(value)) return JSON.stringify(value).length <= 60 ? inline(value) : "";
  return typeof value === "object" ? "" : inline(value);
}

const escapeCell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

function table(rows: ReferenceRow[], examples: unknown): string {
  const lines = ["| key | type | required | default | allowed | example |", "|---|---|---|---|---|---|"];
  for (const row of rows) {
    const defaultCell =
      row.default === undefined ? "" : typeof row.default === "object" ? "" : inline(row.default);
    lines.push(
      `| \`${row.key}\` | ${escapeCell(row.type)}${row.description ? ` — ${escapeCell(row.description)}` : ""} | ${row.required && row.default === undefined ? "yes" : ""} | ${escapeCell(defaultCell)} | ${escapeCell(row.allowed ?? "")} | ${escapeCell(exampleCell(row, examples))} |`,
    );
  }
  return lines.join("\n");
}

/** The reference as Markdown; `exampleYaml` (the demo workspace) supplies the example column. */
export function workspaceReferenceMarkdown(exampleYaml: string): string {
  const examples = parseYaml(exampleYaml) as unknown;
  const schema = z.toJSONSchema(WorkspaceConfig, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const sections: string[] = [
    "# Workspace reference (`triangulate.yaml`)",
    "",
    "Generated from the zod schema by `npm run docs:reference` (`triangulate schema workspace --markdown`);",
    "a test fails when this file is stale, so do not edit it by hand. Examples come from",
    "`demo/workspace/triangulate.yaml` where it has the key, else the default. `<name>` is a name you",
    "choose (letters, digits, `_`, `-`); `[]` is each item of a list. Values may use `${VAR}` and",
    "`${VAR:-default}` (see README, The workspace). Start one with `triangulate init`.",
    "",
  ];
  const top = { ...schema, properties: { ...schema.properties } };
  const sourcesSchema = top.properties?.sources;
  delete top.properties?.sources;
  const topRows: ReferenceRow[] = [];
  rowsOf(top, "", true, topRows);
  sections.push("## Top level, catalog and settings", "", table(topRows, examples), "");
  const sourceSchema = (sourcesSchema?.additionalProperties ?? {}) as JsonSchema;
  for (const kind of sourceSchema.oneOf ?? sourceSchema.anyOf ?? []) {
    const name = kind.properties?.kind?.const ?? kind.properties?.kind?.enum?.[0];
    const rows: ReferenceRow[] = [];
    rowsOf({ ...kind, type: "object" }, "", true, rows);
    const kindExamples = {
      ...Object.fromEntries(
        Object.values((examples as { sources?: Record<string, { kind?: string }> })?.sources ?? {})
          .filter((source) => source?.kind === name)
          .slice(0, 1)
          .flatMap((source) => Object.entries(source)),
      ),
    };
    sections.push(
      `## Sources of kind \`${String(name)}\` (\`sources.<name>\`)`,
      "",
      table(rows, kindExamples),
      "",
    );
  }
  return `${sections.join("\n").trimEnd()}\n`;
}
