import {
  type Document,
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  parseDocument,
} from "yaml";
import type { z } from "zod";
import { PROTOTYPE_KEY_MESSAGE } from "../models/name-record.js";
import type { ConfigIssue } from "./config-error.js";
import { SECRET_VARIABLE, substituteVariables } from "./environment.js";
import { nearestName } from "./nearest-name.js";
import { SECRET_KEY } from "./redactor.js";
import { allowedKeysAt } from "./schema-keys.js";
import { type UnresolvedVariable, unsetVariableMessage } from "./unresolved-variables.js";

/** Deeper nesting than this is refused with a location (the walk is recursive). */
const MAX_NESTING = 64;
/** More alias expansions than this are refused: a "billion laughs" document expands exponentially. */
const MAX_ALIAS_EXPANSIONS = 1000;

/** A YAML file parsed with positions kept, so every later problem can point at line and column. */
export class LocatedYaml {
  readonly document: Document;
  private readonly lines = new LineCounter();

  constructor(
    readonly file: string,
    readonly text: string,
  ) {
    this.document = parseDocument(text, { lineCounter: this.lines, prettyErrors: false, uniqueKeys: true });
  }

  /** YAML syntax errors and warnings as issues. */
  syntaxIssues(): ConfigIssue[] {
    return [...this.document.errors, ...this.document.warnings].map((error) => {
      const position = this.lines.linePos(error.pos[0]);
      return {
        file: this.file,
        line: position.line,
        column: position.col,
        path: "",
        // The parser itself recurses; on absurd nesting it reports the stack, not the cause.
        message: /maximum call stack/i.test(error.message)
          ? `nested too deeply to read (the parser ran out of stack here); a workspace never needs that, flatten it`
          : error.message.split("\n")[0],
      };
    });
  }

  /** Line and column of the node at path, or of its closest existing parent. */
  locate(path: (string | number)[], keyOf?: string): { line: number; column: number } {
    for (let length = path.length; length >= 0; length -= 1) {
      const node = this.document.getIn(path.slice(0, length), true) as Node | undefined;
      if (keyOf !== undefined && length === path.length && isMap(node)) {
        const pair = node.items.find((item) => isScalar(item.key) && item.key.value === keyOf);
        const keyNode = pair?.key as Node | undefined;
        if (keyNode?.range) return this.position(keyNode.range[0]);
      }
      if (node && (node as Node).range) {
        // For a value, point at its key when the parent is a map: that is where people look.
        if (length > 0) {
          const parent = this.document.getIn(path.slice(0, length - 1), true);
          if (isMap(parent)) {
            const pair = parent.items.find(
              (item) => isScalar(item.key) && String(item.key.value) === String(path[length - 1]),
            );
            if (isPair(pair) && (pair.key as Node)?.range) return this.position((pair.key as Node).range![0]);
          }
        }
        return this.position((node as Node).range![0]);
      }
    }
    return { line: 1, column: 1 };
  }

  private position(offset: number): { line: number; column: number } {
    const position = this.lines.linePos(offset);
    return { line: position.line, column: position.col };
  }

  /**
   * The document as plain data with ${VAR} substituted in every string. Returns the issues for
   * missing variables and the values that must be treated as secrets.
   */
  resolve(environment: NodeJS.ProcessEnv): {
    data: unknown;
    issues: ConfigIssue[];
    secrets: string[];
    unresolved: UnresolvedVariable[];
  } {
    const issues: ConfigIssue[] = [];
    const secrets: string[] = [];
    const unresolved: UnresolvedVariable[] = [];
    let aliasesExpanded = 0;
    const walk = (node: unknown, path: (string | number)[], secretHint: boolean): unknown => {
      if (path.length > MAX_NESTING) {
        // Deeper than any workspace needs; walking on would exhaust the stack without a location.
        if (path.length === MAX_NESTING + 1)
          issues.push({
            file: this.file,
            ...this.locate(path),
            path: path.slice(0, 8).join(".") + "…",
            message: `nested more than ${MAX_NESTING} levels deep; a workspace never needs that, flatten it`,
          });
        return null;
      }
      if (isAlias(node)) {
        aliasesExpanded += 1;
        if (aliasesExpanded === MAX_ALIAS_EXPANSIONS + 1) {
          issues.push({
            file: this.file,
            ...(node.range ? this.position(node.range[0]) : this.locate(path)),
            path: path.join("."),
            message: `more than ${MAX_ALIAS_EXPANSIONS} alias expansions (*${node.source}); an alias that repeats aliases grows without bound, write the values out`,
          });
        }
        if (aliasesExpanded > MAX_ALIAS_EXPANSIONS) return null;
        return walk(node.resolve(this.document), path, secretHint);
      }
      if (isMap(node)) {
        const output: Record<string, unknown> = Object.create(null);
        const markedSecret = node.items.some(
          (item) =>
            isScalar(item.key) &&
            item.key.value === "secret" &&
            isScalar(item.value) &&
            item.value.value === true,
        );
        for (const item of node.items) {
          const key = isScalar(item.key) ? String(item.key.value) : String(item.key);
          if (key === "__proto__") {
            // Assigning it would replace the object's prototype and the entry would vanish.
            issues.push({
              file: this.file,
              ...((item.key as Node | null)?.range
                ? this.position((item.key as Node).range![0])
                : this.locate(path)),
              path: [...path, key].join("."),
              message: PROTOTYPE_KEY_MESSAGE,
            });
            continue;
          }
          output[key] = walk(
            item.value,
            [...path, key],
            SECRET_KEY.test(key) || (markedSecret && key === "value"),
          );
        }
        return output;
      }
      if (isSeq(node)) return node.items.map((item, index) => walk(item, [...path, index], secretHint));
      if (isScalar(node)) {
        if (typeof node.value !== "string" || !node.value.includes("$")) return node.value;
        const result = substituteVariables(node.value, environment);
        // A source's variable is needed only by a command that uses that source: it is recorded
        // and the value keeps its text, so the rest of the workspace loads and is checked.
        const source = path[0] === "sources" && path.length > 2 ? String(path[1]) : undefined;
        for (const missing of result.missing) {
          const position = node.range ? this.position(node.range[0]) : this.locate(path);
          const secret = secretHint || SECRET_VARIABLE.test(missing.name);
          if (source !== undefined) {
            unresolved.push({
              source,
              variable: missing.name,
              secret,
              file: this.file,
              ...position,
              path: path.join("."),
            });
            continue;
          }
          issues.push({
            file: this.file,
            ...position,
            path: path.join("."),
            message: unsetVariableMessage(missing.name, secret),
          });
        }
        if (source !== undefined && result.missing.length > 0) return node.value;
        for (const used of result.used) {
          if (secretHint || SECRET_VARIABLE.test(used.name)) secrets.push(used.value);
        }
        if (secretHint && result.used.length === 0 && node.value.length > 0) secrets.push(node.value);
        return result.value;
      }
      return node === null || node === undefined
        ? null
        : ((node as { toJSON?: () => unknown }).toJSON?.() ?? node);
    };
    const data = walk(this.document.contents, [], false);
    return { data, issues, secrets, unresolved };
  }

  /** Turns zod issues into located config issues, with "did you mean" for unknown keys. */
  schemaIssues(schema: z.ZodType, data: unknown, zodIssues: z.core.$ZodIssue[]): ConfigIssue[] {
    const issues: ConfigIssue[] = [];
    for (const issue of zodIssues) {
      const path = issue.path.map((segment) => (typeof segment === "symbol" ? String(segment) : segment)) as (
        | string
        | number
      )[];
      if (issue.code === "unrecognized_keys") {
        const allowed = allowedKeysAt(schema, path, data);
        for (const key of issue.keys) {
          const position = this.locate(path, key);
          issues.push({
            file: this.file,
            ...position,
            path: [...path, key].join("."),
            message: `unknown key \`${key}\`${allowed.length ? `; allowed here: ${allowed.join(", ")}` : ""}`,
            suggestion: nearestName(key, allowed),
          });
        }
        continue;
      }
      const position = this.locate(path);
      issues.push({
        file: this.file,
        ...position,
        path: path.join("."),
        message: describeIssue(issue, data, path),
      });
    }
    return issues;
  }
}

function valueAt(data: unknown, path: (string | number)[]): unknown {
  let value = data;
  for (const segment of path)
    value =
      value && typeof value === "object" ? (value as Record<string, unknown>)[segment as string] : undefined;
  return value;
}

function describeIssue(issue: z.core.$ZodIssue, data: unknown, path: (string | number)[]): string {
  const found = valueAt(data, path);
  const shown = found === undefined ? "nothing" : JSON.stringify(found)?.slice(0, 60);
  switch (issue.code) {
    case "invalid_type":
      return found === undefined
        ? `required, but missing (expected ${issue.expected})`
        : `expected ${issue.expected}, found ${shown}`;
    case "invalid_value":
      return `expected one of ${issue.values.map((value) => JSON.stringify(value)).join(", ")}, found ${shown}`;
    case "invalid_union": {
      const discriminator = (issue as { note?: string }).note;
      return `${issue.message}${discriminator ? ` (${discriminator})` : ""}, found ${shown}`;
    }
    default: {
      // A check of a value that may hold a secret (a URL with its password) says so in its params.
      const secret = issue.code === "custom" && (issue.params as { secret?: boolean } | undefined)?.secret;
      return `${issue.message}${found !== undefined && typeof found !== "object" && !secret ? `, found ${shown}` : ""}`;
    }
  }
}

/** Issues in the order of the file: by line, then column. */
export function sortIssues(issues: ConfigIssue[]): ConfigIssue[] {
  return [...issues].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

/** A YAML file resolved: its located document and its data, a mapping. */
export interface ResolvedYamlMapping {
  yaml: LocatedYaml;
  resolved: ReturnType<LocatedYaml["resolve"]> & { data: Record<string, unknown> };
}

/**
 * Reads a YAML file whose top must be a mapping (the workspace, a job): its syntax issues when
 * there are any, else the document with ${VAR} substituted; a top that is not a mapping is one
 * issue at 1:1 saying what was expected (`expected`, e.g. "a mapping with sources: and catalog:").
 */
export function readYamlMapping(
  shownFile: string,
  text: string,
  environment: NodeJS.ProcessEnv,
  expected: string,
): ResolvedYamlMapping | { issues: ConfigIssue[] } {
  const yaml = new LocatedYaml(shownFile, text);
  const syntax = yaml.syntaxIssues();
  if (syntax.length > 0) return { issues: syntax };
  const resolved = yaml.resolve(environment);
  if (resolved.data === null || typeof resolved.data !== "object" || Array.isArray(resolved.data)) {
    return {
      issues: [
        ...resolved.issues,
        { file: shownFile, line: 1, column: 1, path: "", message: `expected ${expected}` },
      ],
    };
  }
  return { yaml, resolved: resolved as ResolvedYamlMapping["resolved"] };
}
