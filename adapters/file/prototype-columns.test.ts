import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { evaluateRule } from "../../executor/rules/index.js";
import type { Evidence } from "../../models/evidence.js";
import { TemporaryFolders } from "../../test/support/temporary-workspace.js";
import { readTabularFile } from "./read-tabular-file.js";

// Columns named after Object.prototype members: a cell is what the file says, a missing cell is
// null, never the inherited function.
const folders = new TemporaryFolders();
afterAll(() => folders.cleanup());

function asEvidence(file: Awaited<ReturnType<typeof readTabularFile>>): Evidence {
  return { kind: "table", columns: file.columns, rows: file.rows } as Evidence;
}

describe("prototype-named columns", () => {
  it("reads a CSV header `constructor` as an ordinary number column", async () => {
    const folder = folders.withFiles({ "data.csv": "region,constructor,toString\nEast,5,x\nNorth,,y\n" });
    const file = await readTabularFile(path.join(folder, "data.csv"));
    expect(file.columns.map((column) => [column.name, column.type])).toEqual([
      ["region", "string"],
      ["constructor", "number"],
      ["toString", "string"],
    ]);
    expect(file.rows[0].constructor).toBe(5);
    const evidence = asEvidence(file);
    expect(evaluateRule("max(constructor) = 5", evidence, { asOf: "2024-06-30" }).passed).toBe(true);
    expect(evaluateRule("null_rate(constructor) = 50%", evidence, { asOf: "2024-06-30" }).passed).toBe(true);
  });

  it("reads a JSON record without `constructor` as null, not as Object", async () => {
    const folder = folders.withFiles({
      "data.json": JSON.stringify([
        { region: "East", constructor: 5 },
        { region: "North" },
        { region: "West", hasOwnProperty: 1 },
      ]),
    });
    const file = await readTabularFile(path.join(folder, "data.json"));
    expect(file.rows.map((row) => (Object.hasOwn(row, "constructor") ? row.constructor : "absent"))).toEqual([
      5,
      null,
      null,
    ]);
    expect(file.rows[0].hasOwnProperty).toBeNull();
    const evidence = asEvidence(file);
    expect(
      evaluateRule("null_rate(constructor) > 66% AND null_rate(constructor) < 67%", evidence, {
        asOf: "2024-06-30",
      }).passed,
    ).toBe(true);
    expect(evaluateRule("sum(constructor) = 5", evidence, { asOf: "2024-06-30" }).passed).toBe(true);
  });
});
