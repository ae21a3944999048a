import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadWorkspace } from "../../../config/load-workspace.js";
import { PathOutsideWorkspaceError, type Workspace } from "../../../config/workspace.js";
import { writeImageOnlyPdf, writeTestPdf } from "../../../test/support/pdf-kb/write-test-pdf.js";
import { HashedEmbedder } from "../embedding/hashed-embedder.js";
import { KnowledgeBase, knowledgeBaseDirectory, lanceDirectory } from "../store/knowledge-base.js";
import { readManifest } from "../store/knowledge-base-manifest.js";
import { lancedb } from "../store/lance-database.js";
import { ingestKnowledgeBase } from "./ingest-knowledge-base.js";
import { IngestLockedError } from "./ingest-lock.js";

const yaml = `sources:
  handbook:
    kind: pdf_kb
    paths: [docs/**/*.pdf]
    tables: { mode: "off" }
    metadata:
      - { match: "policy-*.pdf", date: "2024-01-15", tags: [policy] }
`;

const englishPolicy = (refundDays: number) => ({
  title: "Return and Exchange Policy",
  sections: [
    {
      heading: "1 Returns",
      paragraphs: ["Items in their original packaging may be returned within 30 days of delivery."],
    },
    {
      heading: "2 Exchanges",
      paragraphs: [
        "Custom-engraved items are exchanged only when the store made the error, such as a misspelt name.",
      ],
    },
    {
      heading: "3 Refunds",
      paragraphs: [`Refunds are made within ${refundDays} business days after the returned item arrives.`],
    },
  ],
});

let root: string;
let workspace: Workspace;
const directory = () => knowledgeBaseDirectory(workspace.stateDirectory, "handbook");
const open = () => KnowledgeBase.open("handbook", directory(), new HashedEmbedder(384));

async function search(query: string, options: Parameters<KnowledgeBase["search"]>[1] = {}) {
  const knowledgeBase = await open();
  try {
    return await knowledgeBase.search(query, options);
  } finally {
    knowledgeBase.close();
  }
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "triangulate-kb-"));
  fs.mkdirSync(path.join(root, "docs"));
  fs.writeFileSync(path.join(root, "triangulate.yaml"), yaml);
  workspace = loadWorkspace(root);
  await writeTestPdf(path.join(root, "docs/policy-en.pdf"), englishPolicy(7));
  await writeTestPdf(path.join(root, "docs/policy-zh-Hant.pdf"), {
    title: "退換貨政策",
    cjk: true,
    sections: [
      {
        heading: "1 換貨",
        paragraphs: ["客製化刻字商品僅在本店出錯時予以換貨。因商品瑕疵而換貨時，運費由本店負擔。"],
      },
      { heading: "2 退款", paragraphs: ["退回商品送達本店後，本店將於七個工作天內退款。"] },
    ],
  });
  await writeTestPdf(path.join(root, "docs/notes-zh-Hans.pdf"), {
    title: "物流说明",
    cjk: true,
    sections: [
      {
        heading: "1 物流服务商变更",
        paragraphs: ["华东区于二〇二四年一月中旬更换了物流服务商，配送时间因此延长。"],
      },
    ],
  });
  fs.writeFileSync(
    path.join(root, "docs/broken.pdf"),
    "%PDF-1.4\n1 0 obj << /Type /Catalog >> garbage, cut short",
  );
  await writeTestPdf(path.join(root, "docs/locked.pdf"), { ...englishPolicy(5), password: "secret" });
  await writeImageOnlyPdf(path.join(root, "docs/scan.pdf"));
}, 30_000);

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe("ingest into LanceDB on disk", () => {
  it("indexes the readable PDFs and reports corrupt, encrypted and image-only ones without stopping", async () => {
    const summary = await ingestKnowledgeBase(workspace, "handbook");
    expect(summary.rebuilt).toBe(true);
    expect(summary.added).toBe(3);
    expect(summary.documents).toBe(3);
    expect(summary.passages).toBeGreaterThanOrEqual(6);
    expect(summary.pages).toBe(3);
    expect(Object.fromEntries(summary.failed.map((failure) => [failure.document, failure.reason]))).toEqual({
      "docs/broken.pdf": "corrupt",
      "docs/locked.pdf": "encrypted",
      "docs/scan.pdf": "image_only",
    });
    expect(summary.index).toMatchObject({ documents: 3, passages: summary.passages });
    const manifest = readManifest(directory())!;
    expect(Object.keys(manifest.documents).sort()).toEqual([
      "docs/notes-zh-Hans.pdf",
      "docs/policy-en.pdf",
      "docs/policy-zh-Hant.pdf",
    ]);
    expect(manifest.documents["docs/policy-en.pdf"]).toMatchObject({ date: "2024-01-15", tags: ["policy"] });
  }, 60_000);

  it("finds English, Traditional and Simplified Chinese passages across scripts, in every mode", async () => {
    const english = await search("are custom engraved items exchanged?", { k: 3 });
    expect(english[0]).toMatchObject({ document: "docs/policy-en.pdf", page: 1 });
    expect(english[0].section).toContain("Exchanges");
    expect(english[0].text).toContain("Custom-engraved");
    expect(english[0].ranks.fts).toBe(1);

    const traditional = await search("刻字商品換貨", { k: 3 });
    expect(traditional[0].document).toBe("docs/policy-zh-Hant.pdf");
    expect(traditional[0].text).toContain("客製化刻字商品");
    const simplified = await search("刻字商品换货", { k: 3 });
    expect(simplified[0].id).toBe(traditional[0].id);
    const acrossScripts = await search("物流服務商變更", { k: 3 });
    expect(acrossScripts[0].document).toBe("docs/notes-zh-Hans.pdf");

    for (const mode of ["fts", "vector"] as const) {
      const hits = await search("refund business days", { k: 2, mode });
      expect(hits[0].document, mode).toBe("docs/policy-en.pdf");
      expect(hits[0].text, mode).toContain("7 business days");
    }
  }, 30_000);

  it("applies metadata filters and returns nothing when they exclude everything", async () => {
    const tagged = await search("物流 配送", { k: 5, filters: { tags: ["policy"] } });
    expect(tagged.every((hit) => hit.document.startsWith("docs/policy-"))).toBe(true);
    expect(await search("refund", { filters: { document: "notes-*.pdf", kind: "table" } })).toEqual([]);
    expect(await search("refund", { filters: { date: { to: "2023-12-31" }, tags: ["policy"] } })).toEqual([]);
    const section = await search("items", { k: 5, filters: { section: "exchanges" } });
    expect(section.length).toBeGreaterThan(0);
    expect(section.every((hit) => hit.section.includes("Exchanges"))).toBe(true);
  }, 30_000);

  it("skips unchanged files, replaces changed ones, deletes removed ones", async () => {
    const again = await ingestKnowledgeBase(workspace, "handbook");
    expect(again).toMatchObject({ rebuilt: false, skipped: 3, documents: 0, removed: 0 });
    expect(again.failed).toHaveLength(3);

    await writeTestPdf(path.join(root, "docs/policy-en.pdf"), englishPolicy(10));
    fs.rmSync(path.join(root, "docs/notes-zh-Hans.pdf"));
    fs.mkdirSync(path.join(root, "docs/sub"));
    await writeTestPdf(path.join(root, "docs/sub/release-notes.pdf"), {
      title: "CRM Release Notes",
      sections: [
        {
          heading: "1 Version 3.4.0",
          paragraphs: ["Version 3.4.0 changed the Service Desk and Notifications modules."],
        },
      ],
    });
    const summary = await ingestKnowledgeBase(workspace, "handbook");
    expect(summary).toMatchObject({ added: 1, changed: 1, removed: 1, skipped: 1, documents: 2 });
    expect(summary.index.documents).toBe(3);

    const refunds = await search("refund business days", { k: 3, filters: { document: "policy-en.pdf" } });
    expect(refunds[0].text).toContain("10 business days");
    expect(refunds.some((hit) => hit.text.includes("7 business days"))).toBe(false);
    expect(
      (await search("物流服务商变更", { k: 5 })).some((hit) => hit.document === "docs/notes-zh-Hans.pdf"),
    ).toBe(false);
    expect((await search("service desk notifications", { k: 1 }))[0].document).toBe(
      "docs/sub/release-notes.pdf",
    );
  }, 60_000);

  it("keeps the previous index queryable and consistent when the ingest process is killed mid-way", async () => {
    const before = readManifest(directory())!;
    const current = await open();
    const passagesBefore = await current.countPassages();
    current.close();
    // A changed document (its old rows are deleted first) and enough new ones that the kill lands mid-write.
    await writeTestPdf(path.join(root, "docs/policy-en.pdf"), englishPolicy(14));
    for (let index = 0; index < 12; index += 1) {
      await writeTestPdf(path.join(root, `docs/bulk-${String(index).padStart(2, "0")}.pdf`), {
        title: `Bulletin ${index}`,
        sections: [
          { heading: "1 Notice", paragraphs: [`Bulletin number ${index} about warehouse inventory counts.`] },
        ],
      });
    }
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        path.join(import.meta.dirname, "../../../test/support/pdf-kb/ingest-child.ts"),
        root,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    const killed = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the child never got mid-way: ${output}`)), 60_000);
      child.stdout.on("data", (chunk) => {
        output += chunk;
        // Documents 0..3 are written one by one by now: kill while the ingest is writing.
        if (/extract 4 /.test(output) && child.exitCode === null) child.kill("SIGKILL");
      });
      child.on("exit", () => {
        clearTimeout(timer);
        resolve();
      });
    });
    await killed;
    expect(output).not.toContain("done ");
    expect(child.signalCode).toBe("SIGKILL");
    // The child did write before it died: the passages table has versions past the pinned one.
    expect(fs.existsSync(path.join(directory(), "ingest.lock"))).toBe(true);
    const connection = await lancedb.connect(lanceDirectory(directory()));
    const written = await connection.openTable(before.passages.name);
    expect(await written.version()).toBeGreaterThan(before.passages.version + 2);
    written.close();
    connection.close();

    const after = readManifest(directory())!;
    expect(after).toEqual(before);
    const knowledgeBase = await open();
    expect(await knowledgeBase.countPassages()).toBe(passagesBefore);
    const refunds = await knowledgeBase.search("refund business days", {
      k: 3,
      filters: { document: "policy-en.pdf" },
    });
    expect(refunds[0].text).toContain("10 business days");
    expect(
      (await knowledgeBase.search("warehouse inventory bulletin", { k: 3 })).some((hit) =>
        hit.document.includes("bulk-"),
      ),
    ).toBe(false);
    knowledgeBase.close();

    // The next ingest takes over the dead process's lock, undoes its writes and finishes the job.
    const summary = await ingestKnowledgeBase(workspace, "handbook");
    expect(summary).toMatchObject({ added: 12, changed: 1, removed: 0 });
    expect(
      (await search("refund business days", { k: 1, filters: { document: "policy-en.pdf" } }))[0].text,
    ).toContain("14 business days");
    expect((await search("bulletin number 7 warehouse", { k: 1 }))[0].document).toBe("docs/bulk-07.pdf");
    const final = await open();
    expect(await final.countPassages()).toBe(
      Object.values(readManifest(directory())!.documents).reduce((sum, entry) => sum + entry.passages, 0),
    );
    final.close();
  }, 120_000);

  it("rebuilds into new tables and drops the old generation after the switch", async () => {
    const before = readManifest(directory())!;
    const summary = await ingestKnowledgeBase(workspace, "handbook", { rebuild: true });
    expect(summary).toMatchObject({ rebuilt: true, rebuildReason: "--rebuild" });
    const after = readManifest(directory())!;
    expect(after.generation).toBe(before.generation + 1);
    expect(
      fs
        .readdirSync(lanceDirectory(directory()))
        .filter((name) => name.endsWith(".lance"))
        .sort(),
    ).toEqual([`${after.passages.name}.lance`, `${after.tables.name}.lance`]);
    expect((await search("refund business days", { k: 1 }))[0].text).toContain("14 business days");
  }, 120_000);

  it("refuses a second ingest while one runs, and globs that leave the workspace", async () => {
    fs.writeFileSync(path.join(directory(), "ingest.lock"), JSON.stringify({ pid: process.ppid }));
    await expect(ingestKnowledgeBase(workspace, "handbook")).rejects.toBeInstanceOf(IngestLockedError);
    fs.rmSync(path.join(directory(), "ingest.lock"));
    const outside = loadWorkspace(root);
    (outside.config.sources.handbook as { paths: string[] }).paths = ["../*.pdf"];
    await expect(ingestKnowledgeBase(outside, "handbook")).rejects.toBeInstanceOf(PathOutsideWorkspaceError);
  });

  it("tells the user to run triangulate ingest when there is no index", async () => {
    await expect(
      KnowledgeBase.open("handbook", path.join(root, "nowhere"), new HashedEmbedder(384)),
    ).rejects.toThrow(/run `triangulate ingest`/);
    await expect(KnowledgeBase.open("handbook", directory(), new HashedEmbedder(512))).rejects.toThrow(
      /built with embedder hashed-v2:384/,
    );
  });
});
