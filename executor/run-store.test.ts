import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Workspace } from "../config/workspace.js";
import type { WorkspaceConfig } from "../models/workspace.js";
import { leakedForms } from "../test/support/secret-encodings.js";
import { RunStore } from "./run-store.js";

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
