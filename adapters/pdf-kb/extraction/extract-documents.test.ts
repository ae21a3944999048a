import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DocumentError, extractDocuments } from "./index.js";

const docs = path.resolve(import.meta.dirname, "..", "..", "..", "demo", "workspace", "docs");
let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), "triangulate-batch-"));
  await writeFile(path.join(directory, "broken.pdf"), "%PDF-1.4\nnot really\n");
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe("extractDocuments", () => {
  it("extracts every file of a batch and reports a bad one without stopping", async () => {
    const files = [
      path.join(docs, "return-exchange-policy-en.pdf"),
      path.join(directory, "broken.pdf"),
      path.join(docs, "return-exchange-policy-zh-Hant.pdf"),
    ];
    const results = [];
    for await (const result of extractDocuments(files, { tableMode: "off", concurrency: 2 }))
      results.push(result);
    expect(results.map((result) => result.path).sort()).toEqual([...files].sort());
    const broken = results.find((result) => result.path.endsWith("broken.pdf"))!;
    expect(DocumentError.isDocumentError(broken.error)).toBe(true);
    expect((broken.error as DocumentError).reason).toBe("corrupt");
    const chinese = results.find((result) => result.path.endsWith("zh-Hant.pdf"))!;
    expect(chinese.document?.title).toBe("Lumen Home 退換貨政策");
  }, 60_000);
});
