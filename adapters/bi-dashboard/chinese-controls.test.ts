import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableEvidence } from "../../models/evidence.js";
import {
  biGoal,
  removeTemporaryDirectories,
  stepContext,
  testWorkspace,
} from "../../test/support/bi-dashboard/bi-test-workspace.js";
import { BiDashboardAdapter } from "./bi-dashboard-adapter.js";
import { BrowserManager } from "./browser-manager.js";

// A dashboard whose every control is labelled in Chinese, Japanese or full-width Latin: a login
// (用戶名 / 密碼 / 登入), a region select (地區), and a pager whose label the query chooses.
// Before the word-boundary fix the pager (matched with `name\b`) was never clicked after a CJK
// character, so only page 1 was read. Real headless Chromium against a real local server.

const ROWS = [
  ["2023-Q1", "華東", "21.4%"],
  ["2023-Q2", "華東", "22.0%"],
  ["2023-Q3", "華東", "23.1%"],
  ["2023-Q4", "華東", "24.8%"],
  ["2023-Q1", "華北", "18.2%"],
  ["2023-Q2", "華北", "19.5%"],
];

function dashboardPage(pager: string, decoy: string): string {
  return `<!doctype html><html lang="zh-Hant"><head><meta charset="utf-8"><title>季度</title></head><body>
<h1>儀表板</h1>
<label for="region">地區</label>
<select id="region"><option value="">全部</option><option>華東</option><option>華北</option></select>
<section><h2>各季 VIP 回購率</h2>
<table><thead><tr><th>季度</th><th>地區</th><th>回購率</th></tr></thead><tbody></tbody></table>
<div><button id="decoy">${decoy}</button><button id="next">${pager}</button></div></section>
<script>
const rows = ${JSON.stringify(ROWS)};
let page = 0;
function visible() { const r = document.getElementById("region").value; return rows.filter((row) => !r || row[1] === r); }
function render() {
  const all = visible();
  document.querySelector("tbody").innerHTML = all.slice(page * 2, page * 2 + 2)
    .map((row) => "<tr>" + row.map((cell) => "<td>" + cell + "</td>").join("") + "</tr>").join("");
  document.getElementById("next").disabled = (page + 1) * 2 >= all.length;
}
document.getElementById("next").onclick = () => { page += 1; render(); };
document.getElementById("decoy").onclick = () => { page = 0; document.querySelector("tbody").innerHTML = ""; };
document.getElementById("region").onchange = () => { page = 0; render(); };
render();
</script></body></html>`;
}

const LOGIN_PAGE = `<!doctype html><html lang="zh-Hant"><head><meta charset="utf-8"></head><body>
<form method="post" action="/login"><label for="u">用戶名</label><input id="u" name="u">
<label for="p">密碼</label><input id="p" name="p" type="password"><button type="submit">登入</button></form></body></html>`;

let server: Server;
let baseUrl = "";
let logins = 0;

function handle(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? "/", "http://local");
  const signedIn = (request.headers.cookie ?? "").includes("session=ok");
  if (url.pathname === "/login" && request.method === "POST") {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const form = new URLSearchParams(body);
      if (form.get("u") === "分析師" && form.get("p") === "密碼123") {
        logins += 1;
        response.writeHead(303, { location: "/dash", "set-cookie": "session=ok; Path=/" }).end();
      } else response.writeHead(303, { location: "/login" }).end();
    });
    return;
  }
  if (url.pathname === "/login") {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(LOGIN_PAGE);
    return;
  }
  if (!signedIn) {
    response.writeHead(303, { location: "/login" }).end();
    return;
  }
  if (url.pathname === "/dash") {
    const pager = url.searchParams.get("pager") ?? "下一頁";
    const decoy = url.searchParams.get("decoy") ?? "上一頁";
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(dashboardPage(pager, decoy));
    return;
  }
  response.writeHead(404).end();
}

function yaml(nextButton: string): string {
  return `
catalog:
  metrics:
    vip_repurchase_rate: { unit: percent }
  dimensions:
    region: { values: { East: [華東, 华东], North: [華北, 华北] } }
sources:
  tw_bi:
    kind: bi_dashboard
    base_url: \${TRIANGULATE_BI_URL}
    timeout_seconds: 20
    login:
      url: /login
      username: { label: 用戶名, value: 分析師 }
      password: { label: 密碼, value: 密碼123, secret: true }
      submit: 登入
      success: { text: 儀表板 }
    datasets:
      vip:
        url: /dash?pager={pager}&decoy={decoy}
        filters:
          - { label: 地區, action: select, value: "{region}" }
        locate: { heading: 各季 VIP 回購率 }
        extract: auto
        next_button: ${JSON.stringify(nextButton)}
        columns: { 季度: quarter, 地區: region, 回購率: vip_repurchase_rate }
        offers: { metrics: [vip_repurchase_rate], dimensions: [region], grain: quarter }
`;
}

const browsers = new BrowserManager({ headless: true });
const adapters: BiDashboardAdapter[] = [];

function adapterFor(nextButton: string): BiDashboardAdapter {
  const workspace = testWorkspace(baseUrl, {}, yaml(nextButton));
  const config = workspace.config.sources.tw_bi;
  if (config.kind !== "bi_dashboard") throw new Error("not a BI source");
  const adapter = new BiDashboardAdapter("tw_bi", config, workspace, browsers);
  adapters.push(adapter);
  return adapter;
}

async function quarters(
  adapter: BiDashboardAdapter,
  pager: string,
  decoy: string,
  region?: string,
): Promise<string[]> {
  // The pager and decoy labels reach the page through the dataset URL's placeholders.
  const goal = biGoal("tw_bi", "vip", { filters: { pager, decoy, ...(region ? { region } : {}) } });
  const raw = await adapter.fetch(goal, stepContext());
  const evidence = adapter.normalize(raw, goal) as TableEvidence;
  return evidence.rows.map((row) => `${row.quarter} ${row.region}`);
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.allSettled(adapters.map((adapter) => adapter.close()));
  await browsers.close();
  await new Promise((resolve) => server.close(resolve));
  removeTemporaryDirectories();
});

describe("controls named in Chinese, Japanese and full-width Latin", () => {
  it("signs in with 用戶名 / 密碼 / 登入, selects 地區 and follows 下一頁 to the last page", async () => {
    const adapter = adapterFor("下一頁");
    expect(await quarters(adapter, "下一頁", "上一頁", "華東")).toEqual([
      "2023-Q1 華東",
      "2023-Q2 華東",
      "2023-Q3 華東",
      "2023-Q4 華東",
    ]);
    expect(logins).toBe(1);
    // All six rows (three pages) with no region selected.
    expect(await quarters(adapter, "下一頁 ›", "上一頁")).toHaveLength(6);
  }, 60_000);

  it("follows a kana pager (次へ) and a full-width one (Ｎｅｘｔ)", async () => {
    expect(await quarters(adapterFor("次へ"), "次へ", "前へ")).toHaveLength(6);
    expect(await quarters(adapterFor("Ｎｅｘｔ"), "Ｎｅｘｔ »", "Ｐｒｅｖ")).toHaveLength(6);
  }, 60_000);

  it("does not take a longer word that starts with the name for the pager", async () => {
    // "Next" must not match "Nextcloud" (the decoy empties the table if clicked): the real "Next" is used.
    expect(await quarters(adapterFor("Next"), "Next", "Nextcloud")).toHaveLength(6);
    // With only the decoy present, there is no pager: page 1 alone (two rows), decoy untouched.
    expect(await quarters(adapterFor("Next"), "Weiter", "Nextcloud")).toHaveLength(2);
  }, 60_000);
});
