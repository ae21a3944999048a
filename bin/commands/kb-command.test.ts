import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeManyPagesPdf } from "../../test/support/pdf-kb/write-raw-pdf.js";
import { writeTestPdf } from "../../test/support/pdf-kb/write-test-pdf.js";
import { colors } from "../cli-output.js";
import { formatIngestSummary } from "./ingest-command.js";

const cli = path.resolve(import.meta.dirname, "../triangulate.ts");
let root: string;

function triangulate(...args: string[]) {
  const result = spawnSync(process.execPath, ["--import", "tsx", cli, ...args], {
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
    timeout: 90_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "triangulate-kb-cli-"));
  fs.mkdirSync(path.join(root, "docs"));
  fs.writeFileSync(
    path.join(root, "triangulate.yaml"),
    'sources:\n  handbook:\n    kind: pdf_kb\n    paths: [docs/*.pdf]\n    tables: { mode: "off" }\n',
  );
  await writeTestPdf(path.join(root, "docs/policy.pdf"), {
    title: "Return Policy",
    sections: [
      { heading: "1 Refunds", paragraphs: ["Refunds are made within 7 business days."] },
      {
        heading: "2 Exchanges",
        paragraphs: ["Custom-engraved items are exchanged when the store made the error."],
      },
    ],
  });
  await writeTestPdf(path.join(root, "docs/policy-zh.pdf"), {
    title: "退換貨政策",
    cjk: true,
    sections: [{ heading: "1 退款", paragraphs: ["本店將於七個工作天內退款。"] }],
  });
  fs.writeFileSync(path.join(root, "docs/broken.pdf"), "not a pdf at all");
  // One page over the default ingest.max_pages (2000).
  writeManyPagesPdf(path.join(root, "docs/pages.pdf"), 2001);
}, 30_000);

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("triangulate ingest / kb", () => {
  it("says to run ingest before searching", () => {
    const result = triangulate("kb", "search", "refund", "-w", root);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("run `triangulate ingest`");
  });

  it("ingests with --json (only JSON on stdout) and exits 2 when a file failed", () => {
    const result = triangulate("ingest", "-w", root, "--json");
    expect(result.code).toBe(2);
    const { sources } = JSON.parse(result.stdout);
    expect(sources[0]).toMatchObject({
      source: "handbook",
      documents: 2,
      failed: [
        { document: "docs/broken.pdf", reason: "corrupt" },
        {
          document: "docs/pages.pdf",
          reason: "too_many_pages",
          budget: { setting: "ingest.max_pages", limit: 2000 },
        },
      ],
    });
    const human = formatIngestSummary(
      { ...sources[0], documents: 0, added: 0, skipped: 2, failed: sources[0].failed.slice(0, 1) },
      colors({ isTTY: false } as NodeJS.WriteStream),
    );
    expect(human).toContain(
      "handbook: 0 documents indexed, 0 removed, 2 unchanged, 1 failed [rebuilt: first ingest]",
    );
    expect(human).toContain("failed docs/broken.pdf: corrupt (corrupt or truncated, not a readable PDF)");
  }, 120_000);

  it("kb status lists the index and the documents the last ingest skipped, with why", () => {
    const json = triangulate("kb", "status", "-w", root, "--json");
    expect(json.code).toBe(0);
    const status = JSON.parse(json.stdout);
    expect(status.index).toMatchObject({ documents: 2 });
    expect(status.skipped).toEqual([
      expect.objectContaining({ document: "docs/broken.pdf", reason: "corrupt" }),
      expect.objectContaining({
        document: "docs/pages.pdf",
        reason: "too_many_pages",
        budget: { setting: "ingest.max_pages", limit: 2000 },
      }),
    ]);
    const human = triangulate("kb", "status", "-w", root);
    expect(human.stdout).toContain("skipped by the last ingest: 2");
    expect(human.stdout).toContain(
      "skipped docs/pages.pdf: too_many_pages (2001 pages, more than the 2000 the ingest allows; raise ingest.max_pages if the document is genuine)",
    );
  }, 60_000);

  it("searches with filters and modes and prints document, page, section and score", () => {
    const json = triangulate(
      "kb",
      "search",
      "退款",
      "-w",
      root,
      "--json",
      "--k",
      "2",
      "--filter",
      "document=policy-zh.pdf",
    );
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout);
    expect(parsed.hits[0]).toMatchObject({ document: "docs/policy-zh.pdf", page: 1, section: "1 退款" });
    expect(parsed.hits.every((hit: { document: string }) => hit.document === "docs/policy-zh.pdf")).toBe(
      true,
    );
    const human = triangulate(
      "kb",
      "search",
      "custom engraved exchange",
      "-w",
      root,
      "--mode",
      "fts",
      "-k",
      "1",
    );
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(
      /^ 1 {2}\d+\.\d{4} {2}docs\/policy\.pdf p\. 1 {2}2 Exchanges\n {4}Custom-engraved items/,
    );
  }, 120_000);
});
