import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TableEvidence } from "../../models/evidence.js";
import { MAX_PATTERN_LENGTH } from "../../models/validation-rule/rule-limits.js";
import { evaluateRule } from "./evaluate-rule.js";

// The densest patterns RE2 accepts over long cells: linear time, but a large program. Evaluation
// must stop within its budget with a clear outcome instead of pinning a core for half a minute.
const longCells: TableEvidence = {
  kind: "table",
  columns: [{ name: "note", type: "string" }],
  rows: Array.from({ length: 40 }, (_, index) => ({ note: `${"a".repeat(9_999)}${index}` })),
  provenance: [],
  notes: [],
};

function cpuMs(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

describe("rule work budget", () => {
  it("stops `(?i)[^z]{1000}…z` over 40 cells of 10,000 characters with 'rule exceeded its budget'", () => {
    const pattern = `(?i)${"[^z]{1000}".repeat(11)}z`;
    expect(pattern.length).toBeLessThanOrEqual(MAX_PATTERN_LENGTH);
    let outcome: ReturnType<typeof evaluateRule> | undefined;
    const used = cpuMs(() => {
      try {
        outcome = evaluateRule(`note matches '${pattern}'`, longCells, { asOf: "2024-06-30" });
      } catch (error) {
        outcome = (error as { outcome?: ReturnType<typeof evaluateRule> }).outcome;
      }
    });
    expect(outcome?.passed).toBe(false);
    expect(outcome?.message).toMatch(/^rule exceeded its budget: /);
    expect(used).toBeLessThan(4_000);
  });

  it("stops at the deadline it is given (the step's), whatever is left of the work budget", () => {
    const started = Date.now();
    let message = "";
    try {
      evaluateRule(`note matches '(?i)${"[^z]{1000}".repeat(6)}z'`, longCells, {
        asOf: "2024-06-30",
        deadline: started + 50,
        maxWork: Number.MAX_SAFE_INTEGER,
      });
    } catch (error) {
      message = (error as { outcome: { message: string } }).outcome.message;
    }
    expect(message).toMatch(/rule exceeded its budget: .*still running when the step's time ran out/);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("lets ordinary patterns over the same cells finish", () => {
    const outcome = evaluateRule("all(note matches '^a+[0-9]+$')", longCells, { asOf: "2024-06-30" });
    expect(outcome.passed).toBe(true);
  });

  it("fuzz: any counted-repetition pattern over long cells ends in an outcome within the bound", () => {
    const piece = fc.constantFrom("[^z]", ".", "[a-y]", "(?:ab|a)", "\\\\w", "[^\\\\d]");
    const pattern = fc
      .array(fc.tuple(piece, fc.integer({ min: 1, max: 1000 })), { minLength: 1, maxLength: 8 })
      .map((parts) => `(?i)${parts.map(([atom, count]) => `${atom}{${count}}`).join("")}z`)
      .filter((text) => text.length <= MAX_PATTERN_LENGTH);
    fc.assert(
      fc.property(pattern, (text) => {
        let message: string | undefined;
        const used = cpuMs(() => {
          try {
            message = evaluateRule(`note matches '${text}'`, longCells, { asOf: "2024-06-30" }).message;
          } catch (error) {
            message = (error as { outcome?: { message?: string } }).outcome?.message;
            if (!message) throw error;
          }
        });
        expect(used).toBeLessThan(4_000);
        return message === undefined || typeof message === "string";
      }),
      { numRuns: 6, seed: 17 },
    );
  });
});
