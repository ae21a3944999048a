import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { oversizedFileProblem } from "../domain/input-limits.js";
import { Catalog, SourceConfig, WorkspaceConfig } from "../models/workspace.js";
import { ConfigError, type ConfigIssue } from "./config-error.js";
import { withWorkspaceFiscalYear } from "./fiscal-year-defaults.js";
import { historySecrets } from "./history-secrets.js";
import { jsonPathProblem } from "./json-path-syntax.js";
import { type UnresolvedVariable, unresolvedVariableIssue } from "./unresolved-variables.js";
import { Workspace } from "./workspace.js";
import { checkWorkspaceReferences } from "./workspace-references.js";
import { readYamlMapping, sortIssues } from "./yaml-document.js";

/** The file name of a workspace's configuration. */
export const WORKSPACE_FILE = "triangulate.yaml";

export interface LoadOptions {
  /** Environment for ${VAR}; defaults to process.env. */
  environment?: NodeJS.ProcessEnv;
}

/**
 * Loads and validates a workspace folder. Returns every issue found at once, or the workspace.
 * Never throws for a problem in the user's files: those come back as issues.
 */
export function inspectWorkspace(
  directory: string,
  options: LoadOptions = {},
): { workspace?: Workspace; issues: ConfigIssue[]; warnings?: ConfigIssue[] } {
  const root = path.resolve(directory);
  const file = path.join(root, WORKSPACE_FILE);
  const shownFile = path.relative(process.cwd(), file) || file;
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    return {
      issues: [
        {
          file: shownFile,
          path: "",
          message: `workspace folder ${root} does not exist; pass --workspace DIR`,
        },
      ],
    };
  }
  if (!existsSync(file)) {
    return {
      issues: [
        {
          file: shownFile,
          path: "",
          message: `no ${WORKSPACE_FILE} in ${root}; create one with triangulate init (every key: docs/workspace-reference.md)`,
        },
      ],
    };
  }
  const oversized = oversizedFileProblem(file);
  if (oversized) return { issues: [{ file: shownFile, path: "", message: oversized }] };
  const read = readYamlMapping(
    shownFile,
    readFileSync(file, "utf8"),
    options.environment ?? process.env,
    "a mapping with sources: and catalog:",
  );
  if ("issues" in read) return { issues: read.issues };
  const { yaml, resolved } = read;
  const { parsed, data } = parseAwaitingVariables(resolved.data, resolved.unresolved);
  const issues = [...resolved.issues];
  const locate = (issuePath: (string | number)[], key?: string) => ({
    file: shownFile,
    ...yaml.locate(issuePath, key),
  });
  if (!parsed.success) {
    issues.push(...yaml.schemaIssues(WorkspaceConfig, data, parsed.error.issues));
    // The workspace cannot load: its unset variables are part of what the user must fix.
    issues.push(...resolved.unresolved.map(unresolvedVariableIssue));
    // Still check catalog references in the parts that are valid, so the user sees every problem
    // in one pass instead of fixing the schema first and meeting the references afterwards.
    const partial = validParts(data as Record<string, unknown>);
    if (partial) issues.push(...checkWorkspaceReferences(partial, locate));
    return { issues: sortIssues(issues) };
  }
  issues.push(...checkWorkspaceReferences(parsed.data, locate));
  issues.push(...malformedJsonPaths(parsed.data, locate));
  if (issues.length > 0) return { issues: sortIssues(issues) };
  return {
    workspace: new Workspace(
      root,
      file,
      withWorkspaceFiscalYear(parsed.data),
      [...resolved.secrets, ...historySecrets(parsed.data.history)],
      resolved.unresolved,
    ),
    issues: [],
    warnings: missingDataFiles(parsed.data, root, locate),
  };
}

/**
 * Where a value waits for an unset variable (its ${VAR} text kept), a URL on the reserved
 * `.invalid` domain (RFC 2606, never resolves) stands in when the schema wants a URL, so the rest
 * of the source is still checked. The stand-in is never fetched: a command that uses the source
 * stops first (Workspace.requireVariablesOf).
 */
function parseAwaitingVariables(
  data: unknown,
  unresolved: UnresolvedVariable[],
): { parsed: ReturnType<typeof WorkspaceConfig.safeParse>; data: unknown } {
  const parsed = WorkspaceConfig.safeParse(data);
  if (parsed.success || unresolved.length === 0) return { parsed, data };
  const waiting = new Set(unresolved.map((variable) => variable.path));
  const blocked = parsed.error.issues.filter((issue) => waiting.has(issue.path.map(String).join(".")));
  if (blocked.length === 0) return { parsed, data };
  const standIn = structuredClone(data) as Record<string, unknown>;
  for (const issue of blocked) {
    const parent = issue.path
      .slice(0, -1)
      .reduce<unknown>((node, key) => (node as Record<PropertyKey, unknown>)?.[key as PropertyKey], standIn);
    if (parent && typeof parent === "object")
      (parent as Record<PropertyKey, unknown>)[issue.path.at(-1) as PropertyKey] = UNRESOLVED_URL;
  }
  return { parsed: WorkspaceConfig.safeParse(standIn), data: standIn };
}

/** The stand-in for a URL whose variable is not set (see parseAwaitingVariables). */
export const UNRESOLVED_URL = "https://unset-variable.invalid/";

/** Loads a workspace or throws a ConfigError listing every problem. */
export function loadWorkspace(directory: string, options: LoadOptions = {}): Workspace {
  const { workspace, issues } = inspectWorkspace(directory, options);
  if (!workspace) throw new ConfigError(issues);
  return workspace;
}

/** The catalog and the sources that are valid on their own, or undefined when the catalog is not. */
function validParts(data: Record<string, unknown>): Pick<WorkspaceConfig, "catalog" | "sources"> | undefined {
  const catalog = Catalog.safeParse(data.catalog ?? {});
  if (!catalog.success) return undefined;
  const sources: WorkspaceConfig["sources"] = {};
  const given = data.sources;
  if (given !== null && typeof given === "object" && !Array.isArray(given)) {
    for (const [name, source] of Object.entries(given)) {
      const each = SourceConfig.safeParse(source);
      if (each.success) sources[name] = each.data;
    }
  }
  return { catalog: catalog.data, sources };
}

/**
 * File datasets whose file is not there: a warning, not an error, because exports are often
 * written after the workspace is set up; a run reading the dataset fails with not_found.
 */
function missingDataFiles(
  config: WorkspaceConfig,
  root: string,
  locate: (issuePath: (string | number)[], key?: string) => Omit<ConfigIssue, "path" | "message">,
): ConfigIssue[] {
  const warnings: ConfigIssue[] = [];
  for (const [sourceName, source] of Object.entries(config.sources)) {
    if (source.kind !== "file") continue;
    for (const [datasetName, dataset] of Object.entries(source.datasets)) {
      if (existsSync(path.resolve(root, dataset.path))) continue;
      const issuePath = ["sources", sourceName, "datasets", datasetName, "path"];
      warnings.push({
        ...locate(issuePath),
        path: issuePath.join("."),
        message: `file ${dataset.path} does not exist (relative to the workspace folder); the dataset cannot be read until it does`,
      });
    }
  }
  return warnings;
}

/** Every JSONPath of the ticket searches (records, fields, pagination) that does not read. */
function malformedJsonPaths(
  config: WorkspaceConfig,
  locate: (issuePath: (string | number)[], key?: string) => Omit<ConfigIssue, "path" | "message">,
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const check = (value: unknown, issuePath: (string | number)[]) => {
    if (typeof value !== "string") return;
    const problem = jsonPathProblem(value);
    if (problem)
      issues.push({
        ...locate(issuePath),
        path: issuePath.join("."),
        message: `malformed JSONPath "${value}": ${problem}`,
      });
  };
  for (const [sourceName, source] of Object.entries(config.sources)) {
    if (source.kind !== "tickets") continue;
    for (const [searchName, search] of Object.entries(source.searches)) {
      const base = ["sources", sourceName, "searches", searchName];
      check(search.records, [...base, "records"]);
      for (const [field, mapping] of Object.entries(search.fields))
        check(typeof mapping === "string" ? mapping : mapping.path, [
          ...base,
          "fields",
          field,
          ...(typeof mapping === "string" ? [] : ["path"]),
        ]);
      for (const [key, value] of Object.entries(search.pagination ?? {}))
        if (key.endsWith("_path")) check(value, [...base, "pagination", key]);
    }
  }
  return issues;
}
