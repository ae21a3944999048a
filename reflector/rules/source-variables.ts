import { readFileSync } from "node:fs";
import { parse } from "yaml";
import type { Workspace } from "../../config/workspace.js";

/**
 * The ${VARIABLE} names a source's section of triangulate.yaml reads (tokens, passwords, URLs), so
 * an auth failure can say which variable to fix. Read from the file as written, before substitution.
 */
export function sourceVariables(workspace: Workspace, sourceName: string): string[] {
  try {
    const document = parse(readFileSync(workspace.file, "utf8")) as {
      sources?: Record<string, unknown>;
    } | null;
    const section = document?.sources?.[sourceName];
    if (section === undefined) return [];
    const names = [...JSON.stringify(section).matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map(
      (match) => match[1],
    );
    return [...new Set(names)];
  } catch {
    // A workspace built in memory (tests) has no file to read; the message then names only the source.
    return [];
  }
}
