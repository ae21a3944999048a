// PDF bombs against a real ingest: each document is held to the source's `ingest` budget (decoded
// stream bytes, pages, time, memory), a document over a bound is skipped with a typed reason, and
// the ordinary documents of the same ingest are indexed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadWorkspace } from "../../../config/load-workspace.js";
import { processTree, samplePeakMemory } from "../../../test/support/pdf-kb/process-memory.js";
import { writeInflationBombPdf, writeManyPagesPdf } from "../../../test/support/pdf-kb/write-raw-pdf.js";
import { writeTestPdf } from "../../../test/support/pdf-kb/write-test-pdf.js";
import { HashedEmbedder } from "../embedding/hashed-embedder.js";
import { KnowledgeBase, knowledgeBaseDirectory } from "../store/knowledge-base.js";
import { readManifest } from "../store/knowledge-base-manifest.js";
import { ingestKnowledgeBase } from "./ingest-knowledge-base.js";

const GIGABYTE = 1024 ** 3;
let root: string;

function workspaceAt(name: string, budget?: string) {
  const directory = path.join(root, name);
  fs.mkdirSync(path.join(directory, "docs"), { recursive: true });
  fs.writeFileSync(
    path.join(directory, "triangulate.yaml"),
    `sources:\n  handbook:\n    kind: pdf_kb\n    paths: [docs/*.pdf]\n${budget ? `    ingest: ${budget}\n` : ""}`,
  );
  return directory;
}

async function addPolicy(directory: string) {
  await writeTestPdf(path.join(directory, "docs/policy.pdf"), {
    title: "Return Policy",
    sections: [{ heading: "1 Returns", paragraphs: ["Items may be returned within 30 days of delivery."] }],
  });
}

async function search(directory: string, query: string) {
  const workspace = loadWorkspace(directory);
  const knowledgeBase = await KnowledgeBase.open(
    "handbook",
    knowledgeBaseDirectory(workspace.stateDirectory, "handbook"),
    new HashedEmbedder(384),
  );
  try {
    return await knowledgeBase.search(query, { mode: "fts" });
  } finally {
    knowledgeBase.close();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "triangulate-bombs-"));
});

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe("ingest bounded per document", () => {
  it("skips an inflation bomb and a page bomb with typed reasons, within 1 GB and 90 s, and indexes the rest", async () => {
    const directory = workspaceAt("defaults");
    await addPolicy(directory);
    writeInflationBombPdf(path.join(directory, "docs/inflation.pdf"), 1600);
    writeManyPagesPdf(path.join(directory, "docs/pages.pdf"), 10_000);
    const workspace = loadWorkspace(directory);
    const memory = samplePeakMemory(process.pid);
    const started = performance.now();
    const summary = await ingestKnowledgeBase(workspace, "handbook");
    const seconds = (performance.now() - started) / 1000;
    const peak = memory.stop();

    expect(seconds).toBeLessThan(90);
    expect(peak).toBeLessThan(GIGABYTE);
    expect(summary.documents).toBe(1);
    const failures = Object.fromEntries(summary.failed.map((failure) => [failure.document, failure]));
    expect(failures["docs/inflation.pdf"]).toMatchObject({
      reason: "too_large",
      budget: { setting: "ingest.max_decoded_megabytes", limit: 256 },
    });
    expect(failures["docs/pages.pdf"]).toMatchObject({
      reason: "too_many_pages",
      budget: { setting: "ingest.max_pages", limit: 2000 },
    });
    expect(failures["docs/pages.pdf"].message).toContain("10000 pages");

    // The index is consistent: the policy is searchable, the bombs are recorded as skipped.
    const hits = await search(directory, "returned within 30 days");
    expect(hits[0]?.document).toBe("docs/policy.pdf");
    const manifest = readManifest(knowledgeBaseDirectory(workspace.stateDirectory, "handbook"))!;
    expect(Object.keys(manifest.documents)).toEqual(["docs/policy.pdf"]);
    expect(manifest.skipped["docs/inflation.pdf"]?.reason).toBe("too_large");
    expect(manifest.skipped["docs/pages.pdf"]?.reason).toBe("too_many_pages");
    expect(manifest.skipped["docs/pages.pdf"]?.hash).toMatch(/^[0-9a-f]{64}$/);
  }, 180_000);

  it("stops a document at the time bound and leaves no process of its extraction behind", async () => {
    // With the page bound raised, the empty pages go to OCR one by one: only the deadline ends it.
    const directory = workspaceAt("time", "{ max_pages: 20000, max_seconds: 10 }");
    await addPolicy(directory);
    writeManyPagesPdf(path.join(directory, "docs/pages.pdf"), 10_000);
    const started = performance.now();
    const summary = await ingestKnowledgeBase(loadWorkspace(directory), "handbook");
    expect((performance.now() - started) / 1000).toBeLessThan(60);
    expect(summary.failed).toEqual([
      expect.objectContaining({
        document: "docs/pages.pdf",
        reason: "timeout",
        budget: { setting: "ingest.max_seconds", limit: 10 },
      }),
    ]);
    expect(summary.documents).toBe(1);
    // The extraction process, and the OCR and JVM processes it started, are gone. (Its memory
    // bound is met by a tsx child here: tsx alone keeps it near 480 MB, the built one near 130 MB.)
    // (A SIGKILLed process needs a moment to go.)
    const left = () =>
      processTree(process.pid)
        .filter((pid) => pid !== process.pid)
        .map((pid) => commandLine(pid))
        .filter((command) => /extraction-process|java|pdftoppm|tesseract/.test(command));
    for (let wait = 0; wait < 20 && left().length > 0; wait += 1) await sleep(100);
    expect(left()).toEqual([]);

    // The next ingest does not spend the bound again on the unchanged file under the same bound.
    const again = performance.now();
    const second = await ingestKnowledgeBase(loadWorkspace(directory), "handbook");
    expect((performance.now() - again) / 1000).toBeLessThan(10);
    expect(second.failed).toEqual([
      expect.objectContaining({
        document: "docs/pages.pdf",
        reason: "timeout",
        notRetriedSince: expect.any(String),
      }),
    ]);
    expect(second.index.documents).toBe(1);
  }, 180_000);

  it("stops a document at the memory bound when the decoded-bytes bound is raised", async () => {
    const directory = workspaceAt(
      "memory",
      "{ max_decoded_megabytes: 4096, max_memory_megabytes: 900, max_seconds: 120 }",
    );
    await addPolicy(directory);
    writeInflationBombPdf(path.join(directory, "docs/inflation.pdf"), 1600);
    // The processes the ingest starts (extraction, tabula's JVM), sampled more often than the bound is.
    const memory = samplePeakMemory(process.pid, { intervalMs: 10, descendantsOnly: true });
    const summary = await ingestKnowledgeBase(loadWorkspace(directory), "handbook");
    const peak = memory.stop();
    expect(summary.failed).toEqual([
      expect.objectContaining({
        document: "docs/inflation.pdf",
        reason: "out_of_memory",
        budget: { setting: "ingest.max_memory_megabytes", limit: 900 },
      }),
    ]);
    expect(summary.documents).toBe(1);
    expect(peak).toBeLessThan(GIGABYTE);
  }, 180_000);
});
