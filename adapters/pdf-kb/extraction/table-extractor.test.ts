import path from "node:path";
import { describe, expect, it } from "vitest";
import { CORPORA } from "../../../test/support/corpora.js";
import { extractTables } from "./table-extractor.js";

// Real PDFs from the outside corpora (ICDAR 2013, test/corpora), read by tabula-java through the Java helper.
const base = path.join(CORPORA, "pdf-tables", "icdar2013");

describe("ruled tables tabula-java 0.9 reads wrongly on its own", () => {
  it("cuts a row drawn without its inner vertical rules at the other rows' column edges", async () => {
    const tables = await extractTables(path.join(base, "eu-018.pdf"));
    const austria = tables[0].cells.find((row) => row[0] === "Austria");
    // tabula alone returns ["Austria Single", "25g 109 0.9 93 1.1 89 1.1 - - - -"].
    expect(austria).toEqual([
      "Austria",
      "Single",
      "25g",
      "109",
      "0.9",
      "93",
      "1.1",
      "89",
      "1.1",
      "-",
      "-",
      "-",
      "-",
    ]);
  }, 120_000);

  it("keeps the glyphs that touch a cell's rule and places cells by position", async () => {
    const tables = await extractTables(path.join(base, "us-011a.pdf"));
    const rows = tables.flatMap((table) => table.cells);
    // tabula alone drops the "B" of "Budget" and the "$" of "$1.1M".
    expect(rows.find((row) => row.includes("Program"))).toContain("Budget");
    expect(rows.find((row) => row.includes("Performance.gov"))).toContain("$1.1M");
  }, 120_000);

  it("takes in the row labels standing left of a frame around the value columns", async () => {
    const tables = await extractTables(path.join(base, "us-009.pdf"));
    const labels = tables[0].cells.map((row) => row[0]);
    expect(labels).toEqual(expect.arrayContaining(["Salaries (a)", "Staff Travel", "Bad Debts"]));
    expect(tables[0].cells.find((row) => row[0] === "Staff Travel")?.slice(1, 3)).toEqual(["94,000", ""]);
  }, 120_000);

  it("keeps borderless columns apart when one wide row bridges the gap between them", async () => {
    const tables = await extractTables(path.join(base, "us-034.pdf"));
    // tabula's own column finder merged "1.2" and "1.3" (the row 0.99 has wide values).
    expect(tables[0].cells.find((row) => row[0] === "0.95")).toEqual([
      "0.95",
      "160",
      "176",
      "192",
      "208",
      "224",
      "240",
      "256",
    ]);
  }, 120_000);

  it("keeps a group header that stream columns cut mid-word in one cell", async () => {
    const tables = await extractTables(path.join(base, "us-033.pdf"));
    // tabula cuts it at the column edge: "Non-Hispan" | "ic white".
    expect(tables[0].cells[0]).toContain("Non-Hispanic white");
    expect(tables[0].cells[0]).toContain("Non-Hispanic black");
  }, 120_000);
});
