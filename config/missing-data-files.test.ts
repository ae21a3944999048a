import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { inspectWorkspace } from "./load-workspace.js";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "triangulate-missing-csv-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

it("warns at the dataset's path line when a file dataset's CSV is missing", () => {
  fs.writeFileSync(path.join(root, "here.csv"), "a\n1\n");
  fs.writeFileSync(
    path.join(root, "triangulate.yaml"),
    "sources:\n  files:\n    kind: file\n    datasets:\n      ok:\n        path: here.csv\n      gone:\n        path: data/salaries.csv\n",
  );
  const { workspace, issues, warnings } = inspectWorkspace(root, { environment: {} });
  expect(workspace).toBeDefined();
  expect(issues).toEqual([]);
  expect(warnings).toEqual([
    expect.objectContaining({
      line: 8,
      path: "sources.files.datasets.gone.path",
      message: expect.stringMatching(/file data\/salaries\.csv does not exist/),
    }),
  ]);
});
