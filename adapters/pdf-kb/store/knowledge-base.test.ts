import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HashedEmbedder } from "../embedding/hashed-embedder.js";
import { KnowledgeBase, lanceDirectory, rankCandidates, type SearchCandidates } from "./knowledge-base.js";
import { rowLayout, writeManifest } from "./knowledge-base-manifest.js";
import { KnowledgeBaseMissingError } from "./knowledge-base-missing-error.js";

// Candidate rows as LanceDB returns them: the passage columns plus _score (fts) or _distance (vector).
function row(id: string, extra: Record<string, unknown>): Record<string, unknown> {
  const table = id.includes("#table:");
  return {
    id,
    document: id.split("#")[0],
    kind: table ? "table" : "text",
    table_id: table ? id.split(":")[1] : "",
    section: "",
    page: 1,
    page_end: 1,
    pages_json: "[1]",
    bbox_json: "",
    text: id,
    date: "2024-01-01",
    tags: "",
    ...extra,
  };
}

const candidates: SearchCandidates = {
  fullText: ["a.pdf#1", "a.pdf#table:t1:row2", "a.pdf#table:t1", "a.pdf#2"].map((id, index) =>
    row(id, { _score: 10 - index }),
  ),
  vector: ["b.pdf#1", "a.pdf#2", "a.pdf#1"].map((id, index) => row(id, { _distance: 0.1 * (index + 1) })),
};

describe("rankCandidates", () => {
  it("lets full-text lead with the default weights and the vector lead when it weighs more", () => {
    const ids = (hits: { id: string }[]) => hits.map((hit) => hit.id);
    expect(ids(rankCandidates(candidates, { k: 2 }))).toEqual(["a.pdf#1", "a.pdf#2"]);
    expect(
      ids(rankCandidates(candidates, { k: 1, fusion: { fullText: 0.1, vector: 1, constant: 1 } })),
    ).toEqual(["b.pdf#1"]);
  });

  it("shows a table once, by its best-ranked passage, and keeps each mode's own score", () => {
    const fts = rankCandidates(candidates, { k: 8, mode: "fts" });
    expect(fts.map((hit) => hit.id)).toEqual(["a.pdf#1", "a.pdf#table:t1:row2", "a.pdf#2"]);
    expect(fts[1]).toMatchObject({ kind: "table", tableId: "t1", score: 9, ranks: { fts: 2 } });
    const vector = rankCandidates(candidates, { k: 1, mode: "vector" });
    expect(vector[0]).toMatchObject({ id: "b.pdf#1", score: 0.9, ranks: { vector: 1 } });
  });
});

describe("rankCandidates with a quantity in the query", () => {
  const table = (id: string, text: string, score: number) => row(id, { text, _score: score });
  const rows: SearchCandidates = {
    // The rows share the headers; the first-ranked states another case than the query's.
    fullText: [
      table("r.pdf#table:t2:row1", "Time before showtime: More than 24 hours; Rebooking fee: No fee", 9),
      table("r.pdf#table:t2:row2", "Time before showtime: 2 to 24 hours; Rebooking fee: CNY 5 per ticket", 8),
      table("r.pdf#table:t2:row3", "Time before showtime: Less than 2 hours; Rebooking allowed: No", 7),
      row("r.pdf#4", { text: "A ticket may be rebooked once only.", _score: 6 }),
    ],
    vector: [],
  };

  it("shows the row whose range holds the quantity, at the table's best rank", () => {
    const hits = rankCandidates(
      rows,
      { k: 8, mode: "fts" },
      "If I rebook five hours before the showtime, what fee?",
    );
    expect(hits.map((hit) => hit.id)).toEqual(["r.pdf#table:t2:row2", "r.pdf#4"]);
    expect(hits[0].score).toBe(9);
    // No quantity, or none any row holds: the best-ranked row, as before.
    expect(rankCandidates(rows, { k: 8, mode: "fts" }, "what is the rebooking fee?")[0].id).toBe(
      "r.pdf#table:t2:row1",
    );
    expect(rankCandidates(rows, { k: 8, mode: "fts" }, "身高1.1米的儿童")[0].id).toBe("r.pdf#table:t2:row1");
  });
});

describe("KnowledgeBase.open", () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "triangulate-kb-open-"));
  afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

  it("refuses an index of an older row layout and asks for an ingest", async () => {
    fs.mkdirSync(lanceDirectory(directory), { recursive: true });
    const embedder = new HashedEmbedder(16);
    writeManifest(directory, {
      format: 1,
      layout: rowLayout - 1,
      source: "handbook",
      embedder: embedder.id,
      dimensions: 16,
      generation: 1,
      passages: { name: "passages_g1", version: 1 },
      tables: { name: "tables_g1", version: 1 },
      documents: {},
      updated_at: new Date().toISOString(),
    });
    const failure = await KnowledgeBase.open("handbook", directory, embedder).catch((error) => error);
    expect(failure).toBeInstanceOf(KnowledgeBaseMissingError);
    expect(failure.message).toContain(`index layout ${rowLayout - 1}`);
    expect(failure.message).toContain("run `triangulate ingest`");
  });
});
