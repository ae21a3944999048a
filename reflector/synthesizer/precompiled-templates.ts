import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import nunjucks from "nunjucks";

// Nunjucks compiles a template to JavaScript the first time it renders it: for the answer
// templates that is about 0.15 s of CPU, paid by every cold `ask`. `npm run build` compiles the
// built-in templates once (build/precompile-templates.ts) into a file beside the built code; a
// process renders from it whenever the template it found has exactly the source that was compiled,
// so a workspace's own template or an edited one is compiled from its source as before.

/** The options every template is parsed and rendered with; the build compiles with the same ones. */
export const TEMPLATE_OPTIONS = {
  autoescape: false,
  trimBlocks: false,
  lstripBlocks: false,
  throwOnUndefined: false,
} as const;

/** One compiled template: the SHA-256 of the source it was compiled from, and the compiled code. */
export interface PrecompiledTemplate {
  sha256: string;
  code: string;
}

/** The compiled templates' file, written by the build into dist/ (none when running the sources). */
export const PRECOMPILED_FILE_NAME = "templates-precompiled.json";

export function templateHash(source: string): string {
  return createHash("sha256").update(source).digest("hex");
}

/** A template's source compiled to the code nunjucks runs (the same call nunjucks makes itself). */
export function compileTemplate(source: string, name: string): string {
  const compiler = (nunjucks as unknown as { compiler: { compile: (...parts: unknown[]) => string } })
    .compiler;
  return compiler.compile(source, [], [], name, TEMPLATE_OPTIONS);
}

/**
 * The compiled templates in `file`, by the hash of their source; empty when the file is missing or
 * unreadable (a run from the sources, or a damaged build: templates are then compiled as they load).
 */
export function readPrecompiledTemplates(file: string): Map<string, PrecompiledTemplate> {
  try {
    const entries = JSON.parse(readFileSync(file, "utf8")) as unknown;
    if (!Array.isArray(entries)) return new Map();
    const valid = entries.filter(
      (entry): entry is PrecompiledTemplate =>
        typeof entry?.sha256 === "string" && typeof entry?.code === "string",
    );
    return new Map(valid.map((entry) => [entry.sha256, entry]));
  } catch {
    return new Map();
  }
}

/**
 * A file-system loader that hands nunjucks the compiled code of a template whose source matches a
 * precompiled one, and the source itself otherwise.
 */
export class PrecompiledFirstLoader extends nunjucks.FileSystemLoader {
  constructor(
    folders: string[],
    private readonly precompiled: Map<string, PrecompiledTemplate>,
  ) {
    super(folders);
  }

  override getSource(name: string): nunjucks.LoaderSource {
    const found = super.getSource(name);
    if (!found || typeof found.src !== "string") return found;
    const entry = this.precompiled.get(templateHash(found.src));
    if (!entry) return found;
    // The build's own output, trusted as the bundle beside it is; nunjucks evaluates it the same way.
    const properties = new Function(entry.code)() as object;
    return { ...found, src: { type: "code", obj: properties } as unknown as string };
  }
}
