import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadWorkspace } from "../../../config/load-workspace.js";
import { writeTestPdf } from "../../../test/support/pdf-kb/write-test-pdf.js";
import { ingestKnowledgeBase } from "./ingest-knowledge-base.js";

// A `paths` glob that matches nothing (a typo, a moved folder) must not empty the index.
const root = fs.mkdtempSync(path.join(os.tmpdir(), "triangulate-empty-glob-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function workspaceWith(paths: string) {
  fs.writeFileSync(
    path.join(root, "triangulate.yaml"),
    `sources:\n  handbook:\n    kind: pdf_kb\n    paths: [${paths}]\n`,
  );
  return loadWorkspace(root, { environment: {} });
}

describe("ingest with a glob that matches nothing", () => {
  it("warns and keeps the documents already indexed", async () => {
    fs.mkdirSync(path.join(root, "docs"));
    for (const name of ["a", "b"])
      await writeTestPdf(path.join(root, "docs", `${name}.pdf`), {
        title: `Policy ${name}`,
        sections: [{ heading: "1 Refunds", paragraphs: [`Refunds for ${name} take five days.`] }],
      });
    const first = await ingestKnowledgeBase(workspaceWith("docs/*.pdf"), "handbook");
    expect(first.index.documents).toBe(2);
    const typo = await ingestKnowledgeBase(workspaceWith("dcos/*.pdf"), "handbook");
    expect(typo.removed).toBe(0);
    expect(typo.index.documents).toBe(2);
    expect(typo.warnings.map((warning) => warning.message).join(" ")).toMatch(
      /paths glob "dcos\/\*\.pdf" matches no file; the 2 indexed documents no longer found stay in the index/,
    );
  }, 120_000);
});
