import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { workspaceReferenceMarkdown } from "./workspace-reference.js";

const root = path.resolve(import.meta.dirname, "..");

describe("docs/workspace-reference.md", () => {
  it("is what the zod schema generates now (run `npm run docs:reference` when this fails)", () => {
    const generated = workspaceReferenceMarkdown(
      readFileSync(path.join(root, "demo/workspace/triangulate.yaml"), "utf8"),
    );
    expect(readFileSync(path.join(root, "docs/workspace-reference.md"), "utf8")).toBe(generated);
  });

  it("lists every key of every source kind, with types, defaults and allowed values", () => {
    const reference = workspaceReferenceMarkdown("");
    for (const kind of ["file", "bi_dashboard", "tickets", "pdf_kb"])
      expect(reference).toContain(`## Sources of kind \`${kind}\``);
    expect(reference).toMatch(/\| `reflector\.max_iterations` \| integer \| {2}\| `3` \| >= 0, <= 10 \|/);
    expect(reference).toMatch(
      /\| `preset` \| one of the allowed values \| {2}\| `"generic"` \| `"generic"`, `"jira-v2"`/,
    );
    expect(reference).toContain("`catalog.metrics.<name>.higher_is`");
  });
});
