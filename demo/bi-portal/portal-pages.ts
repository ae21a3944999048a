import type { HashedClassNames } from "./class-names.js";

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** What every page needs: the hashed class names of this server start. */
export interface PageContext {
  classes: HashedClassNames;
  /** Delay before the client starts rendering received data, and between row batches (the slow-rendering switch). */
  renderDelayMs: number;
}

function layout(
  context: PageContext,
  title: string,
  body: string,
  options: { user?: string; script?: string; head?: string } = {},
): string {
  const c = (stem: string) => context.classes.of(stem);
  const nav = options.user
    ? `<nav class="${c("nav")}" aria-label="Main"><a href="/dashboards">Dashboards</a> · <a href="/logout">Sign out (${escapeHtml(options.user)})</a></nav>`
    : "";
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Lumen BI</title>
<link rel="icon" href="/static/favicon.png">
<style>
@font-face { font-family: LumenSans; src: url(/static/lumen-sans.woff2) format("woff2"); }
body { font-family: LumenSans, sans-serif; margin: 0; }
.${c("header")} { background: #24305e; color: #fff; padding: 8px 16px; display: flex; gap: 16px; align-items: center; }
.${c("nav")} a { color: #fff; }
.${c("main")} { padding: 16px; }
.${c("card")} { border: 1px solid #ccd; border-radius: 6px; padding: 12px; margin-bottom: 16px; }
.${c("table")} { border-collapse: collapse; }
.${c("table")} td, .${c("table")} th { border: 1px solid #ddd; padding: 4px 8px; }
.${c("divtable")} { display: table; border-collapse: collapse; }
.${c("divrow")} { display: table-row; }
.${c("divcell")} { display: table-cell; border: 1px solid #ddd; padding: 4px 8px; }
.${c("status")} { color: #666; }
.${c("filters")} { display: flex; gap: 12px; margin-bottom: 12px; }
</style>${options.head ?? ""}</head>
<body>
<header class="${c("header")}"><img src="/static/logo.png" alt="Lumen BI" width="24" height="24"><span>Lumen BI</span>${nav}</header>
<main class="${c("main")}">${body}</main>
<script>window.__CLASSES = ${JSON.stringify(context.classes.toJson())}; window.__RENDER_DELAY_MS = ${context.renderDelayMs};</script>
${options.script ? `<script>${options.script}</script>` : ""}
</body></html>`;
}

/** The sign-in page; `error` shows the failed-login message. */
export function loginPage(context: PageContext, next: string, error?: string): string {
  const c = (stem: string) => context.classes.of(stem);
  return layout(
    context,
    "Sign in",
    `<section class="${c("card")}"><h1>Sign in to Lumen BI</h1>
${error ? `<p role="alert" class="${c("error")}">${escapeHtml(error)}</p>` : ""}
<form method="post" action="/login" class="${c("form")}">
<input type="hidden" name="next" value="${escapeHtml(next)}">
<p><label for="u-${context.classes.suffix}">Username</label> <input id="u-${context.classes.suffix}" name="username" autocomplete="username" placeholder="your.name"></p>
<p><label for="p-${context.classes.suffix}">Password</label> <input id="p-${context.classes.suffix}" name="password" type="password" autocomplete="current-password" placeholder="password"></p>
<button type="submit" class="${c("button")}">Sign in</button>
</form></section>`,
  );
}

/** The list of dashboards, shown after signing in. */
export function dashboardListPage(context: PageContext, user: string): string {
  const c = (stem: string) => context.classes.of(stem);
  return layout(
    context,
    "Dashboards",
    `<h1>Dashboards</h1>
<ul class="${c("list")}">
<li><a href="/dashboards/returns">Returns</a> (sales)</li>
<li><a href="/dashboards/service-complaints">Service complaints</a></li>
<li><a href="/dashboards/vip-repurchase">VIP repurchase</a></li>
<li><a href="/dashboards/returns-chart">Returns (chart)</a> (sales, drawn on canvas)</li>
<li><a href="/support/returns">Returns</a> (support)</li>
</ul>`,
    { user },
  );
}

// Shared client code: fetch JSON, report busy state on the dashboard section, render in slow batches.
const CLIENT_COMMON = `
const C = window.__CLASSES;
async function getJson(url) {
  const response = await fetch(url, { credentials: "same-origin" });
  if (response.status === 401) { location.href = "/login?next=" + encodeURIComponent(location.pathname + location.search); return null; }
  if (!response.ok) throw new Error("HTTP " + response.status);
  return response.json();
}
function pause(ms) { return new Promise((resolve) => setTimeout(resolve, ms)); }
async function appendInBatches(parent, items, makeRow) {
  const slow = window.__RENDER_DELAY_MS;
  if (slow > 0) await pause(slow);
  const batch = slow > 0 ? 7 : items.length || 1;
  for (let index = 0; index < items.length; index += batch) {
    for (const item of items.slice(index, index + batch)) parent.appendChild(makeRow(item));
    if (slow > 0) await pause(Math.min(150, slow / 4));
  }
}
function cell(tag, text) { const element = document.createElement(tag); element.textContent = text; return element; }
`;

// The sales "Returns" dashboard: filters in the URL and in form controls, data from /api/returns.
const RETURNS_SCRIPT = `${CLIENT_COMMON}
const MONTHS = ["Jan","Feb","Mar","Apr","May","Jun","Jul","Aug","Sep","Oct","Nov","Dec"];
const section = document.querySelector("section[data-dashboard]");
const params = new URLSearchParams(location.search);
for (const [name, id] of [["region","f-region"],["product","f-product"],["month","f-month"]]) {
  const control = document.getElementById(id);
  control.value = params.get(name) || "";
  const update = () => {
    if (control.value) params.set(name, control.value); else params.delete(name);
    if (name === "month") { params.delete("from"); params.delete("to"); }
    history.replaceState(null, "", location.pathname + "?" + params.toString());
    load();
  };
  control.addEventListener("change", update);
}
let generation = 0;
async function load() {
  const mine = ++generation;
  section.setAttribute("aria-busy", "true");
  const holder = document.getElementById("returns-holder");
  holder.innerHTML = "<p class='" + C.status + "'>Loading…</p>";
  const data = await getJson(section.dataset.api + "?" + params.toString());
  if (!data || mine !== generation) return;
  holder.innerHTML = "";
  const table = document.createElement("table");
  table.className = C.table;
  const head = table.createTHead().insertRow();
  for (const name of ["Product", "Region", "Month", "Return rate"]) head.appendChild(cell("th", name));
  const body = table.createTBody();
  holder.appendChild(table);
  if (data.rows.length === 0) holder.appendChild(cell("p", "No data for this selection."));
  await appendInBatches(body, data.rows, (row) => {
    const tr = document.createElement("tr");
    const [year, month] = row.month.split("-");
    for (const text of [row.product, row.region, MONTHS[Number(month) - 1] + " " + year, row.return_rate.toFixed(1) + "%"]) tr.appendChild(cell("td", text));
    return tr;
  });
  if (mine === generation) section.setAttribute("aria-busy", "false");
}
load();
`;

/** The sales "Returns" dashboard (an HTML table rendered client-side after an async request). */
export function returnsPage(context: PageContext, user: string): string {
  const c = (stem: string) => context.classes.of(stem);
  const options = (values: string[]) =>
    [
      `<option value="">All</option>`,
      ...values.map((value) => `<option value="${value}">${value}</option>`),
    ].join("");
  return layout(
    context,
    "Returns",
    `<section class="${c("card")}" data-dashboard="returns" data-api="/api/returns" aria-busy="true">
<h2 class="${c("title")}">Return rate by region</h2>
<div class="${c("filters")}">
<span><label for="f-region">Region</label> <select id="f-region">${options(["East", "North", "South", "West"])}</select></span>
<span><label for="f-product">Product</label> <select id="f-product">${options(["A", "B", "C"])}</select></span>
<span><label for="f-month">Month</label> <input id="f-month" type="month" min="2023-01" max="2024-12"></span>
</div>
<div id="returns-holder" class="${c("holder")}"></div>
</section>`,
    { user, script: RETURNS_SCRIPT },
  );
}

// The support "Returns" dashboard: an ARIA table made of divs (no <table> element at all).
const SUPPORT_SCRIPT = `${CLIENT_COMMON}
const section = document.querySelector("section[data-dashboard]");
async function load() {
  const data = await getJson(section.dataset.api + location.search);
  if (!data) return;
  const table = document.createElement("div");
  table.setAttribute("role", "table");
  table.setAttribute("aria-label", "Support returns");
  table.className = C.divtable;
  const header = document.createElement("div");
  header.setAttribute("role", "row");
  header.className = C.divrow;
  for (const name of ["Product", "Region", "Month", "Return rate"]) {
    const element = cell("div", name); element.setAttribute("role", "columnheader"); element.className = C.divcell; header.appendChild(element);
  }
  table.appendChild(header);
  document.getElementById("support-holder").appendChild(table);
  await appendInBatches(table, data.rows, (row) => {
    const element = document.createElement("div");
    element.setAttribute("role", "row");
    element.className = C.divrow;
    for (const text of [row.product, row.region, row.month, row.return_rate.toFixed(1) + " %"]) {
      const child = cell("div", text); child.setAttribute("role", "cell"); child.className = C.divcell; element.appendChild(child);
    }
    return element;
  });
  section.setAttribute("aria-busy", "false");
}
load();
`;

/** The support "Returns" dashboard, at /support/returns. */
export function supportReturnsPage(context: PageContext, user: string): string {
  const c = (stem: string) => context.classes.of(stem);
  return layout(
    context,
    "Support returns",
    `<section class="${c("card")}" data-dashboard="support-returns" data-api="/api/support/returns" aria-busy="true">
<h2 class="${c("title")}">Returns reported to support</h2>
<p class="${c("status")}">Counted from support cases; may differ from the sales figures.</p>
<div id="support-holder" class="${c("holder")}"></div>
</section>`,
    { user, script: SUPPORT_SCRIPT },
  );
}

// The "Service complaints" dashboard: AG Grid Community with virtualised rows.
const COMPLAINTS_SCRIPT = `${CLIENT_COMMON}
const section = document.querySelector("section[data-dashboard]");
const grid = agGrid.createGrid(document.getElementById("complaints-grid"), {
  columnDefs: [
    { field: "category", headerName: "Category" },
    { field: "sub_type", headerName: "Sub-type" },
    { field: "month", headerName: "Month" },
    { field: "quarter", headerName: "Quarter" },
    { field: "complaints", headerName: "Complaints", type: "numericColumn" },
  ],
  rowBuffer: 4,
  animateRows: false,
  loading: true,
});
// The slow-rendering switch also makes the grid lag behind scrolling, as a grid on a busy machine
// does: each scroll event reaches AG Grid only after a delay, so the rows of a new scroll position
// appear well after scrollTop changed.
if (window.__RENDER_DELAY_MS > 0) {
  const lag = Math.min(600, window.__RENDER_DELAY_MS / 2);
  const host = document.getElementById("complaints-grid");
  host.addEventListener("scroll", (event) => {
    // Only the rows' viewport lags; AG Grid's own scrollbar follows it (lagging both makes them fight).
    if (event.lagged || event.target.classList.contains("ag-body-vertical-scroll-viewport")) return;
    event.stopImmediatePropagation();
    const target = event.target;
    setTimeout(() => { const later = new Event("scroll"); later.lagged = true; target.dispatchEvent(later); }, lag);
  }, true);
}
async function load() {
  const data = await getJson("/api/service-complaints" + location.search);
  if (!data) return;
  if (window.__RENDER_DELAY_MS > 0) await pause(window.__RENDER_DELAY_MS);
  grid.setGridOption("rowData", data.rows);
  grid.setGridOption("loading", false);
  section.setAttribute("aria-busy", "false");
}
load();
`;

/** The "Service complaints" dashboard (AG Grid, virtualised). */
export function serviceComplaintsPage(context: PageContext, user: string): string {
  const c = (stem: string) => context.classes.of(stem);
  return layout(
    context,
    "Service complaints",
    `<section class="${c("card")}" data-dashboard="service-complaints" aria-busy="true">
<h2 class="${c("title")}">Service complaints 2023</h2>
<div aria-label="Complaints by category" class="${c("gridwrap")}"><div id="complaints-grid" style="height: 320px; width: 760px"></div></div>
</section>`,
    { user, script: COMPLAINTS_SCRIPT, head: `<script src="/vendor/ag-grid-community.min.js"></script>` },
  );
}

// The "VIP repurchase" dashboard: a table paged by the server, "Next" disabled on the last page.
const VIP_SCRIPT = `${CLIENT_COMMON}
const section = document.querySelector("section[data-dashboard]");
const params = new URLSearchParams(location.search);
let page = 1;
async function show(number) {
  section.setAttribute("aria-busy", "true");
  params.set("page", String(number));
  const data = await getJson("/api/vip-repurchase?" + params.toString());
  if (!data) return;
  page = data.page;
  const body = document.getElementById("vip-body");
  body.innerHTML = "";
  await appendInBatches(body, data.rows, (row) => {
    const tr = document.createElement("tr");
    tr.appendChild(cell("td", row.quarter.replace("-", " ")));
    tr.appendChild(cell("td", row.vip_repurchase_rate.toFixed(1) + "%"));
    return tr;
  });
  document.getElementById("vip-page").textContent = "Page " + data.page + " of " + data.pages;
  document.getElementById("vip-previous").disabled = data.page <= 1;
  document.getElementById("vip-next").disabled = data.page >= data.pages;
  section.setAttribute("aria-busy", "false");
}
document.getElementById("vip-next").addEventListener("click", () => show(page + 1));
document.getElementById("vip-previous").addEventListener("click", () => show(page - 1));
show(1);
`;

/** The "VIP repurchase" dashboard (a paginated table by quarter). */
export function vipRepurchasePage(context: PageContext, user: string): string {
  const c = (stem: string) => context.classes.of(stem);
  return layout(
    context,
    "VIP repurchase",
    `<section class="${c("card")}" data-dashboard="vip-repurchase" aria-busy="true">
<h2 class="${c("title")}">VIP repurchase rate by quarter</h2>
<table class="${c("table")}"><thead><tr><th>Quarter</th><th>VIP repurchase rate</th></tr></thead><tbody id="vip-body"></tbody></table>
<div class="${c("pager")}"><button id="vip-previous" class="${c("button")}" disabled>Previous</button> <span id="vip-page" class="${c("status")}"></span> <button id="vip-next" class="${c("button")}" disabled>Next</button></div>
</section>`,
    { user, script: VIP_SCRIPT },
  );
}

/** A plain page for 404s and errors. */
export function messagePage(context: PageContext, title: string, message: string): string {
  return layout(context, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}

// The "Returns (chart)" dashboard: the same /api/returns rows drawn on <canvas> — a table and a bar
// chart with value labels — so no number is in the DOM (the OCR path, issue 18). Headers in Chinese.
const CANVAS_SCRIPT = `${CLIENT_COMMON}
const section = document.querySelector("section[data-dashboard]");
const params = new URLSearchParams(location.search);
const REGION_NAMES = { East: "华东", North: "华北", South: "华南", West: "华西" };
const FONT = "'WenQuanYi Zen Hei', 'Noto Sans CJK SC', sans-serif";
function drawTable(canvas, rows) {
  const headers = ["产品", "地区", "月份", "退货率"];
  const widths = [110, 110, 150, 130];
  const rowHeight = 34;
  canvas.width = widths.reduce((a, b) => a + b, 0) + 2;
  canvas.height = rowHeight * (rows.length + 1) + 2;
  const g = canvas.getContext("2d");
  g.fillStyle = "#fff"; g.fillRect(0, 0, canvas.width, canvas.height);
  g.textBaseline = "middle";
  const lines = [headers].concat(rows.map((row) => [row.product, REGION_NAMES[row.region] || row.region, row.month, row.return_rate.toFixed(1) + "%"]));
  lines.forEach((cells, r) => {
    const y = 1 + r * rowHeight;
    if (r === 0) { g.fillStyle = "#eef1f8"; g.fillRect(1, y, canvas.width - 2, rowHeight); }
    g.strokeStyle = "#dde"; g.strokeRect(1, y, canvas.width - 2, rowHeight);
    let x = 1;
    cells.forEach((text, c) => {
      g.fillStyle = "#222";
      g.font = (r === 0 ? "bold " : "") + "16px " + FONT;
      g.fillText(text, x + 12, y + rowHeight / 2);
      x += widths[c];
    });
  });
}
function drawChart(canvas, rows) {
  // Return rate of each region for the first product shown, one labelled bar each.
  const first = rows.filter((row) => row.product === rows[0].product);
  canvas.width = 520; canvas.height = 260;
  const g = canvas.getContext("2d");
  g.fillStyle = "#fff"; g.fillRect(0, 0, canvas.width, canvas.height);
  const max = Math.max(...first.map((row) => row.return_rate), 1);
  g.font = "15px " + FONT; g.textAlign = "center";
  first.forEach((row, index) => {
    const x = 60 + index * 110, height = (row.return_rate / max) * 160;
    g.fillStyle = "#4a6fd1"; g.fillRect(x, 210 - height, 60, height);
    g.fillStyle = "#222";
    g.fillText(row.return_rate.toFixed(1) + "%", x + 30, 200 - height);
    g.fillText(REGION_NAMES[row.region] || row.region, x + 30, 235);
  });
}
async function show() {
  section.setAttribute("aria-busy", "true");
  const data = await getJson("/api/returns?" + params.toString());
  if (!data) return;
  if (window.__RENDER_DELAY_MS > 0) await pause(window.__RENDER_DELAY_MS);
  drawTable(document.getElementById("returns-canvas"), data.rows);
  if (data.rows.length) drawChart(document.getElementById("returns-chart"), data.rows);
  section.setAttribute("aria-busy", "false");
}
show();
`;

/** The "Returns (chart)" dashboard: a canvas-drawn table and bar chart, no table in the DOM. */
export function returnsCanvasPage(context: PageContext, user: string): string {
  const c = (stem: string) => context.classes.of(stem);
  return layout(
    context,
    "Returns (chart)",
    `<section class="${c("card")}" data-dashboard="returns-canvas" aria-busy="true">
<h2 class="${c("title")}">退货率（按地区）</h2>
<canvas id="returns-canvas" role="img" aria-label="退货率表" width="500" height="40"></canvas>
<h3 class="${c("title")}">A 产品退货率</h3>
<canvas id="returns-chart" role="img" aria-label="退货率图" width="520" height="260"></canvas>
</section>`,
    { user, script: CANVAS_SCRIPT },
  );
}
