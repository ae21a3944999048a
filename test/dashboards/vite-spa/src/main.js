// A single-page dashboard as its users write one: client-side routes, a session checked by the
// app's own script (it sends the browser to its sign-in route itself when the API answers 401; the
// server never redirects), a Tabulator table, a Grid.js table and two Chart.js bar charts (one
// with value labels from chartjs-plugin-datalabels, one without). Every number comes from the API
// at run time. Served at / it routes by hash (#/login, #/dashboard, like vue-router's hash
// history); mounted under /app/ it routes by path (/app/login, /app/dashboard, history.pushState,
// like vue-router's web history), the server answering every /app/ path with index.html.
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Title } from "chart.js";
import ChartDataLabels from "chartjs-plugin-datalabels";
import { Grid } from "gridjs";
import "gridjs/dist/theme/mermaid.css";
import { TabulatorFull as Tabulator } from "tabulator-tables";
import "tabulator-tables/dist/css/tabulator.min.css";
import "./style.css";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Title);

const app = document.getElementById("app");
let charts = [];
const PATH_BASE = "/app";
const pathRoutes = location.pathname.startsWith(`${PATH_BASE}/`);

/** The current route and its query: "/login", "next=…". */
function currentRoute() {
  const [route, query] = (pathRoutes ? location.pathname.slice(PATH_BASE.length) + location.search : location.hash.slice(1)).split("?");
  return { route: route || "/dashboard", query: new URLSearchParams(query ?? "") };
}

/** Goes to a route ("/login?next=…") the way the router of each mode does. */
function navigate(target) {
  if (pathRoutes) {
    history.pushState(null, "", PATH_BASE + target);
    route();
  } else location.hash = `#${target}`;
}

function element(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "text") node.textContent = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function clear() {
  for (const chart of charts) chart.destroy();
  charts = [];
  app.replaceChildren();
}

function showLogin(next) {
  clear();
  const form = element("form", { class: "login" }, [
    element("h1", { text: "Sign in to Northwind Ops" }),
    element("label", { for: "user", text: "Email" }),
    element("input", { id: "user", name: "user", autocomplete: "username" }),
    element("label", { for: "secret", text: "Password" }),
    element("input", { id: "secret", name: "secret", type: "password", autocomplete: "current-password" }),
    element("button", { type: "submit", text: "Log in" }),
  ]);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    form.querySelector("[role=alert]")?.remove();
    const answer = await fetch("api/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user: form.user.value, secret: form.secret.value }),
    });
    if (answer.ok) navigate(next || "/dashboard");
    else form.append(element("p", { role: "alert", text: "Wrong email or password" }));
  });
  app.append(form);
}

function section(heading, body) {
  return element("section", {}, [element("h2", { text: heading }), body]);
}

function barChart(canvas, rows, withLabels, indexAxis = "x") {
  const valueAxis = indexAxis === "x" ? "y" : "x";
  return new Chart(canvas, {
    type: "bar",
    data: {
      labels: rows.map((row) => row.product),
      datasets: [{ label: "Units", data: rows.map((row) => row.units), backgroundColor: "#4e79a7" }],
    },
    plugins: withLabels ? [ChartDataLabels] : [],
    options: {
      animation: false,
      responsive: false,
      layout: { padding: { top: 24, right: 40 } },
      plugins: {
        legend: { display: false },
        datalabels: { anchor: "end", align: "end", color: "#222", font: { size: 14 } },
      },
      indexAxis,
      scales: {
        [indexAxis]: { ticks: { font: { size: 14 } } },
        [valueAxis]: { beginAtZero: true, ticks: { font: { size: 13 } } },
      },
    },
  });
}

async function showDashboard() {
  const market = currentRoute().query.get("market");
  const answer = await fetch(market ? `api/dashboard?market=${encodeURIComponent(market)}` : "api/dashboard");
  if (answer.status === 401) {
    const { route: name, query } = currentRoute();
    navigate(`/login?next=${encodeURIComponent(query.size > 0 ? `${name}?${query}` : name)}`);
    return;
  }
  const data = await answer.json();
  clear();
  app.append(element("h1", { text: "Operations overview" }));

  const revenue = element("div", { "aria-label": "Revenue by market" });
  app.append(section("Revenue by market", revenue));
  new Tabulator(revenue, {
    data: data.revenue,
    layout: "fitColumns",
    columns: [
      { title: "Market", field: "market" },
      { title: "Quarter", field: "quarter" },
      { title: "Revenue", field: "revenue", hozAlign: "right", formatter: "money", formatterParams: { precision: 0 } },
    ],
  });

  const orders = element("div");
  app.append(section("Orders by channel", orders));
  new Grid({
    columns: ["Channel", "Month", "Orders"],
    data: data.orders.map((row) => [row.channel, row.month, row.orders.toLocaleString("en-US")]),
  }).render(orders);

  const labelled = element("canvas", { "aria-label": "Units by product", role: "img", width: "640", height: "340" });
  app.append(section("Units by product", labelled));
  charts.push(barChart(labelled, data.units, true));

  const sideways = element("canvas", { "aria-label": "Units by product, horizontal", role: "img", width: "640", height: "300" });
  app.append(section("Units by product (horizontal)", sideways));
  charts.push(barChart(sideways, data.units, true, "y"));

  const plain = element("canvas", { "aria-label": "Units by product, no labels", role: "img", width: "640", height: "340" });
  app.append(section("Units by product (axis only)", plain));
  charts.push(barChart(plain, data.units, false));
}

function route() {
  const { route: name, query } = currentRoute();
  if (name === "/login") showLogin(query.get("next"));
  else void showDashboard();
}

window.addEventListener(pathRoutes ? "popstate" : "hashchange", route);
route();
