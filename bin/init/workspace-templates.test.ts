import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { inspectWorkspace } from "../../config/load-workspace.js";
import { INIT_KINDS, templateFiles, workspaceTemplate } from "./workspace-templates.js";

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe("triangulate init templates", () => {
  it.each(INIT_KINDS)("%s: passes config check with nothing set in the environment", (kind) => {
    const folder = mkdtempSync(path.join(tmpdir(), "triangulate-init-"));
    folders.push(folder);
    const files = { "triangulate.yaml": workspaceTemplate(kind, "starter"), ...templateFiles(kind) };
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
      writeFileSync(path.join(folder, name), content);
    }
    const { workspace, issues } = inspectWorkspace(folder, { environment: {} });
    expect(issues).toEqual([]);
    expect(Object.values(workspace!.config.sources).map((source) => source.kind)).toEqual([kind]);
    // Credentials are only ever read from the environment, never written with a default.
    expect(files["triangulate.yaml"]).not.toMatch(/(PASSWORD|TOKEN):-/);
    // Commented: a newcomer reads what each part is for.
    expect(files["triangulate.yaml"].split("\n").filter((line) => line.includes("#")).length).toBeGreaterThan(
      4,
    );
  });
});
