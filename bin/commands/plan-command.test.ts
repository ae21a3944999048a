import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const cli = (...args: string[]) =>
  run(process.execPath, ["--import", "tsx", path.join(root, "bin/triangulate.ts"), ...args], {
    cwd: root,
    env: { ...process.env, NO_COLOR: "1" },
  }).then(
    (result) => ({ code: 0, ...result }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
const temporary = mkdtempSync(path.join(os.tmpdir(), "triangulate-plan-"));
afterAll(() => rmSync(temporary, { recursive: true, force: true }));

// Each case spawns the CLI through tsx; on a loaded 2-core machine that can take tens of seconds.
describe("triangulate plan / eval plans", { timeout: 180_000 }, () => {
  it("prints the flagship plan as JSON and exits 0", async () => {
    const result = await cli(
      "plan",
      "-w",
      "demo/workspace",
      "--as-of",
      "2024-06-30",
      "--json",
      "对比A产品在华东区2024年1月的退货率与B产品在华北区同期的退货率，并结合两地物流服务商变更记录分析可能原因",
    );
    expect(result.code).toBe(0);
    const plan = JSON.parse(result.stdout);
    expect(plan.planner).toBe("catalog");
    expect(plan.sub_goals).toHaveLength(6);
    expect(plan.sub_goals[2]).toMatchObject({
      source: "sales_bi",
      params: {
        filters: { product: "B", region: "North" },
        period: { from: "2024-01-01", to: "2024-01-31" },
      },
    });
  });

  it("exits 3 asking back for an unknown qualifier, 1 when it cannot plan, 0 with a reply for a greeting", async () => {
    const unknown = await cli("plan", "-w", "demo/workspace", "Z产品在华东区2024年1月的退货率是多少？");
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain("Z产品");
    expect(unknown.stderr).toContain("A产品");
    const clarify = await cli("plan", "-w", "demo/workspace", "--json", "东北区A产品2024年1月的退货率");
    expect(clarify.code).toBe(3);
    expect(JSON.parse(clarify.stdout)).toMatchObject({
      status: "needs_clarification",
      clarification: { spans: [{ written: "东北区", candidates: ["华东", "华北", "华南", "华西"] }] },
    });
    const margin = await cli("plan", "-w", "demo/workspace", "2023年的毛利率是多少？");
    expect(margin.code).toBe(1);
    expect(margin.stderr).toContain("毛利率");
    const empty = await cli("plan", "-w", "demo/workspace", "？？？");
    expect(empty.code).not.toBe(0);
    expect(empty.stderr).toContain("give a question");
    const greeting = await cli("plan", "-w", "demo/workspace", "Hello!");
    expect(greeting.code).toBe(0);
    expect(greeting.stdout).toMatch(/route direct \(greeting\)[\s\S]*Hello!/);
  });

  it("scores the gold set and exports fine-tuning examples", async () => {
    const report = await cli("eval", "plans", "demo/gold/plans.jsonl", "-w", "demo/workspace", "--json");
    expect(report.code).toBe(0);
    const parsed = JSON.parse(report.stdout);
    expect(parsed.f1).toBeGreaterThanOrEqual(0.95);
    expect(parsed.schemaCompliance).toBe(1);
    const file = path.join(temporary, "examples.jsonl");
    const exported = await cli("plan", "-w", "demo/workspace", "--export-examples", file);
    expect(exported.code).toBe(0);
    const lines = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.length).toBeGreaterThanOrEqual(50);
    expect(lines[0].messages.map((message: { role: string }) => message.role)).toEqual([
      "system",
      "user",
      "assistant",
    ]);
    expect(JSON.parse(lines[0].messages[2].content).sub_goals.length).toBeGreaterThan(0);
  });
});
