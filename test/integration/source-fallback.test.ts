import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadWorkspace } from "../../config/load-workspace.js";
import { askQuestion } from "../../planner/ask.js";

// Issue 28 item 7: one source down, another offering the same metric. The answer carries the
// other source's number with the failure stated (status answered), never a gap while it is there.
// Before: a required source that failed left the item "could not be established" and the status
// partial even when the other source's value was printed beside it, and a timed-out dashboard
// never fell back to the export of the same metric.

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A temporary copy of a workspace, with `change` applied to it (runs never write into the repository). */
function copyOf(workspace: string, change: (folder: string) => void = () => {}): string {
  const folder = mkdtempSync(path.join(tmpdir(), "triangulate-fallback-"));
  folders.push(folder);
  cpSync(workspace, folder, { recursive: true, filter: (source) => !source.includes(".triangulate") });
  change(folder);
  return folder;
}

const gapText = (gaps: { missing: string }[]) => gaps.map((gap) => gap.missing).join("\n");

describe("a file export that is gone: the other export holds the number", () => {
  it("qingtu: revenue from the finance ledger when the operations export is missing (English)", async () => {
    const folder = copyOf("test/held-out/qingtu/workspace", (root) =>
      renameSync(path.join(root, "data/revenue-ops.csv"), path.join(root, "data/revenue-ops.csv.moved")),
    );
    const { answer, plan } = await askQuestion(
      "What was the revenue of Downtown in January 2024?",
      loadWorkspace(folder, { environment: {} }),
      { asOf: "2024-06-30" },
    );
    expect(plan?.sub_goals.map((goal) => goal.source)).toEqual(["ops_exports", "finance_ledger"]);
    expect(answer.status).toBe("answered");
    expect(answer.text).toContain("100600");
    expect(answer.items.every((item) => item.status === "answered")).toBe(true);
    expect(answer.gaps).toHaveLength(1);
    expect(gapText(answer.gaps)).toMatch(
      /ops_exports\/revenue did not answer \(config_error: .*revenue-ops\.csv: file not found\); the value shown is from finance_ledger\/revenue/,
    );
  });

  it("qingtu with cross_check: false on revenue: only the operations export is asked, and the ledger answers in its place", async () => {
    const folder = copyOf("test/held-out/qingtu/workspace", (root) => {
      const file = path.join(root, "triangulate.yaml");
      writeFileSync(
        file,
        readFileSync(file, "utf8").replace(
          "revenue: { label: { en: Ride revenue, zh-Hans: 骑行收入, zh-Hant: 騎行收入 }, unit: CNY,",
          "revenue: { label: { en: Ride revenue, zh-Hans: 骑行收入, zh-Hant: 騎行收入 }, unit: CNY, cross_check: false,",
        ),
      );
      renameSync(path.join(root, "data/revenue-ops.csv"), path.join(root, "data/revenue-ops.csv.moved"));
    });
    const { answer, plan, trace } = await askQuestion(
      "What was the revenue of Downtown in January 2024?",
      loadWorkspace(folder, { environment: {} }),
      { asOf: "2024-06-30" },
    );
    expect(plan?.sub_goals.map((goal) => goal.source)).toEqual(["ops_exports"]);
    expect(trace.map((event) => event.line)).toContain("fallback:g1:ops_exports→finance_ledger");
    expect(answer.status).toBe("answered");
    expect(answer.text).toContain("100600");
    expect(gapText(answer.gaps)).toMatch(
      /ops_exports\/revenue did not answer \(config_error: .*file not found\); the value shown is from finance_ledger\/revenue/,
    );
  });

  it("qingtu with fallback: [ops_exports]: a zone the ledger never lists is asked of the fallback, as planned, not broadened there", async () => {
    const folder = copyOf("test/held-out/qingtu/workspace", (root) => {
      const file = path.join(root, "triangulate.yaml");
      writeFileSync(
        file,
        readFileSync(file, "utf8").replace(
          "revenue: { label: { en: Ride revenue, zh-Hans: 骑行收入, zh-Hant: 騎行收入 }, unit: CNY,",
          "revenue: { label: { en: Ride revenue, zh-Hans: 骑行收入, zh-Hant: 騎行收入 }, unit: CNY, fallback: [ops_exports],",
        ),
      );
    });
    const { answer, plan, trace } = await askQuestion(
      "What was the revenue of the Airport zone in March 2025?",
      loadWorkspace(folder, { environment: {} }),
      { asOf: "2025-06-30" },
    );
    expect(plan?.sub_goals.map((goal) => goal.source)).toEqual(["finance_ledger"]);
    expect(trace.map((event) => event.line)).toContain(
      "reflect:g1:fallback:no data even at the broadest period; finance_ledger→ops_exports",
    );
    expect(answer.status).toBe("answered");
    expect(answer.text).toContain("Airport · 2025-03: 12800");
    expect(answer.broadened).toEqual([]);
    expect(gapText(answer.gaps)).toMatch(
      /finance_ledger\/revenue did not answer \(no_results: .*\); the value shown is from ops_exports\/revenue/,
    );
  });

  it("lanting: the average daily rate from the revenue-management export when the PMS export is missing (Chinese)", async () => {
    const folder = copyOf("test/held-out/lanting/workspace", (root) =>
      renameSync(path.join(root, "data/pms-monthly.csv"), path.join(root, "data/pms-monthly.csv.moved")),
    );
    const { answer } = await askQuestion(
      "2024年1月上海店的平均房价是多少？",
      loadWorkspace(folder, { environment: {} }),
      { asOf: "2024-06-30" },
    );
    expect(answer.status).toBe("answered");
    expect(answer.text).toContain("807");
    expect(gapText(answer.gaps)).toMatch(
      /pms\/monthly 未能取得数据（配置错误，.*pms-monthly\.csv：找不到文件）；所示数值取自 rms\/adr/,
    );
    expect(gapText(answer.gaps)).not.toMatch(/did not answer|the value shown/);
  });

  it("lanting: with both exports there, they are compared as before (no fallback gap)", async () => {
    const { answer } = await askQuestion(
      "2024年1月上海店的平均房价是多少？",
      loadWorkspace(copyOf("test/held-out/lanting/workspace"), { environment: {} }),
      { asOf: "2024-06-30" },
    );
    expect(answer.status).toBe("answered");
    expect(answer.gaps).toEqual([]);
  });
});

describe("the demo's dashboards down: the sales export, the metric's fallback, holds the number", () => {
  let hanging: http.Server;
  let hangingUrl = "";
  let closedUrl = "";
  const sharing = process.env.TRIANGULATE_SHARED_BROWSER;
  beforeAll(async () => {
    // This process's own browser, closed with its run (no shared browser server left behind).
    process.env.TRIANGULATE_SHARED_BROWSER = "0";
    hanging = http.createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
  });
  afterAll(async () => {
    hanging?.closeAllConnections();
    await new Promise((resolve) => hanging?.close(resolve));
    if (sharing === undefined) delete process.env.TRIANGULATE_SHARED_BROWSER;
    else process.env.TRIANGULATE_SHARED_BROWSER = sharing;
  });

  /** The demo workspace with the given step timeout, its dashboards at `url`. */
  function demoAt(url: string, timeoutSeconds: number) {
    const folder = copyOf("demo/workspace", (root) => {
      const file = path.join(root, "triangulate.yaml");
      writeFileSync(
        file,
        `${readFileSync(file, "utf8")}\nexecutor: { step_timeout_seconds: ${timeoutSeconds} }\n`,
      );
    });
    return loadWorkspace(folder, { environment: { ...process.env, TRIANGULATE_BI_URL: url } });
  }

  it("BI unreachable (nothing listens on its port): the return rate from sales_exports, both dashboards named", async () => {
    const { answer, trace } = await askQuestion(
      "What was product A's return rate in East China in January 2024?",
      demoAt(closedUrl, 20),
      { asOf: "2024-06-30" },
    );
    expect(answer.status).toBe("answered");
    expect(answer.text).toMatch(/A · East · 2024-01: 5\.2%/);
    const gaps = gapText(answer.gaps);
    expect(gaps).toMatch(
      /sales_bi\/returns did not answer \(server_error: .*cannot reach.*\); the value shown is from sales_exports\/returns/,
    );
    expect(gaps).toMatch(
      /support_bi\/returns did not answer \(server_error: .*; the value shown is from sales_exports\/returns/,
    );
    expect(trace.map((event) => event.line)).toContain("fallback:g1:sales_bi→sales_exports");
  }, 120_000);

  it("BI that never answers: a timeout moves to the export at once, not after a retry twice as long (Traditional Chinese)", async () => {
    const started = Date.now();
    const { answer, trace } = await askQuestion("2023年第四季度VIP復購率是多少？", demoAt(hangingUrl, 3), {
      asOf: "2024-06-30",
    });
    const seconds = (Date.now() - started) / 1000;
    expect(answer.status).toBe("answered");
    expect(answer.text).toMatch(/24\.1%/);
    expect(gapText(answer.gaps)).toMatch(
      /sales_bi\/vip_repurchase 未能取得資料（逾時，sales_bi\.vip_repurchase：頁面等待逾時.*）；所示數值取自 sales_exports\/vip_repurchase/,
    );
    const lines = trace.map((event) => event.line);
    expect(lines.some((line) => /^reflect:g1:fallback:timeout .*sales_bi→sales_exports$/.test(line))).toBe(
      true,
    );
    expect(lines.some((line) => line.startsWith("reflect:g1:retry:timeout"))).toBe(false);
    // One 3 s timeout, then the CSV: well under the 3 s + 6 s a doubled retry would add.
    expect(seconds).toBeLessThan(9);
  }, 120_000);
});
