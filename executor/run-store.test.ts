import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Workspace } from "../config/workspace.js";
import type { WorkspaceConfig } from "../models/workspace.js";
import { leakedForms } from "../test/support/secret-encodings.js";
import { listRuns, RunStore } from "./run-store.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("RunStore.writeRaw", () => {
  it("redacts before it cuts a raw snapshot at 2 MB, so no start of a secret survives the cut", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "triangulate-run-store-"));
    folders.push(root);
    const secret = "k9-Secret/Token+2024";
    const workspace = new Workspace(root, path.join(root, "triangulate.yaml"), {} as WorkspaceConfig, [
      secret,
    ]);
    const store = await RunStore.create(workspace);
    // Each echoed form starts a few characters before the 2 MB mark of the serialised snapshot.
    for (const [index, form] of [
      secret,
      encodeURIComponent(secret),
      Buffer.from(secret).toString("hex"),
    ].entries()) {
      const padding = "x".repeat(2 * 1024 * 1024 - 20 - index);
      const name = await store.writeRaw(`raw/g1-${index}.json`, { body: `${padding}${form} and the rest` });
      const written = readFileSync(path.join(store.directory, name), "utf8");
      expect(written).toContain('"truncated":true');
      expect(leakedForms(written, secret)).toEqual([]);
      expect(written).not.toContain(form.slice(0, 8));
    }
  });
});

describe("listRuns", () => {
  it("lists two runs started within one second newest first", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "triangulate-run-store-"));
    folders.push(root);
    const workspace = new Workspace(root, path.join(root, "triangulate.yaml"), {} as WorkspaceConfig, []);
    // Forty pairs: with the second-only names, the random part ordered about half of them wrongly.
    for (let pair = 0; pair < 40; pair += 1) {
      const second = Date.UTC(2024, 0, 1, 0, 0, pair);
      const earlier = await RunStore.create(workspace, new Date(second + 100));
      await earlier.writeJson("run.json", { id: earlier.id, question: `earlier ${pair}`, goals: [] });
      const later = await RunStore.create(workspace, new Date(second + 900));
      await later.writeJson("run.json", { id: later.id, question: `later ${pair}`, goals: [] });
    }
    const runs = await listRuns(workspace, 80);
    expect(runs.map((run) => run.question)).toEqual(
      Array.from({ length: 40 }, (_, index) => 39 - index).flatMap((pair) => [
        `later ${pair}`,
        `earlier ${pair}`,
      ]),
    );
  });
});
