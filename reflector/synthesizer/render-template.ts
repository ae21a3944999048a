import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import nunjucks from "nunjucks";
import {
  PRECOMPILED_FILE_NAME,
  PrecompiledFirstLoader,
  readPrecompiledTemplates,
  TEMPLATE_OPTIONS,
} from "./precompiled-templates.js";

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Folders that hold answer templates, first match wins: the workspace's own templates/ (so a
 * team can reword answers), then the built-in ones. The built-in folder is found from the source
 * tree or, when running from dist/, from the package root (tsc does not copy .njk files).
 */
export function templateFolders(workspaceRoot?: string): string[] {
  const candidates = [
    ...(workspaceRoot ? [path.join(workspaceRoot, "templates")] : []),
    path.resolve(here, "../templates"),
    path.resolve(here, "../../../reflector/templates"),
  ];
  return candidates.filter((folder) => existsSync(folder));
}

const environments = new Map<string, nunjucks.Environment>();

/** The built-in templates compiled by `npm run build`, found beside the built code (dist/reflector/). */
let precompiled: ReturnType<typeof readPrecompiledTemplates> | undefined;
function precompiledTemplates(): ReturnType<typeof readPrecompiledTemplates> {
  precompiled ??= readPrecompiledTemplates(path.resolve(here, "..", PRECOMPILED_FILE_NAME));
  return precompiled;
}

/** Renders a template by name with autoescape off (the output is plain text, not HTML). */
export function renderTemplate(name: string, context: object, workspaceRoot?: string): string {
  const folders = templateFolders(workspaceRoot);
  const key = folders.join("|");
  let environment = environments.get(key);
  if (!environment) {
    environment = new nunjucks.Environment(
      new PrecompiledFirstLoader(folders, precompiledTemplates()),
      TEMPLATE_OPTIONS,
    );
    environments.set(key, environment);
  }
  return environment.render(name, context);
}
