import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// Test and bench support: pages that draw tables on <canvas> the way spreadsheet-like dashboards
// do — headers aligned otherwise than the numbers below them (left, centred), header cells merged
// across columns and across header rows, cell borders — so OCR's column bands are tested on more
// than a table whose every cell starts at its column's left edge. No number is in the DOM.

/** One header cell: its text and the columns (from … to, 0-based) and header rows it covers. */
export interface HeaderCellSpec {
  text: string;
  from: number;
  to?: number;
  /** Header rows it spans downwards (default 1). */
  rows?: number;
}

/** One drawn table. */
export interface AlignedTableSpec {
  label: string;
  font: string;
  fontSize: number;
  /** Column widths in CSS pixels. */
  widths: number[];
  /** Header rows, top to bottom. */
  header: HeaderCellSpec[][];
  headerAlign: "left" | "centre";
  /** Body rows; the first column is left-aligned, the others right-aligned. */
  body: string[][];
}

/** The headers the spec's table shows, flattened as a DOM table's are ("2024 / Q1"). */
export function flattenedHeaders(spec: AlignedTableSpec): string[] {
  return spec.widths.map((_, column) => {
    const parts: string[] = [];
    for (const row of spec.header)
      for (const cell of row)
        if (column >= cell.from && column <= (cell.to ?? cell.from)) parts.push(cell.text);
    return parts.join(" / ");
  });
}

const SCRIPT = `
function drawTable(canvas, spec) {
  const rowHeight = Math.round(spec.fontSize * 2.2);
  const width = spec.widths.reduce((sum, each) => sum + each, 0);
  const lefts = spec.widths.map((_, index) => spec.widths.slice(0, index).reduce((sum, each) => sum + each, 0));
  const rows = spec.header.length + spec.body.length;
  canvas.width = width + 2; canvas.height = rows * rowHeight + 2;
  const g = canvas.getContext("2d");
  g.fillStyle = "#fff"; g.fillRect(0, 0, canvas.width, canvas.height);
  g.textBaseline = "middle"; g.strokeStyle = "#c8ccd4"; g.lineWidth = 1;
  const padding = 10;
  const text = (value, x0, x1, y, align, bold) => {
    g.font = (bold ? "bold " : "") + spec.fontSize + "px " + spec.font; g.fillStyle = "#222";
    g.textAlign = align === "centre" ? "center" : align;
    const x = align === "left" ? x0 + padding : align === "right" ? x1 - padding : (x0 + x1) / 2;
    g.fillText(value, x, y);
  };
  spec.header.forEach((cells, r) => cells.forEach((cell) => {
    const x0 = lefts[cell.from], x1 = lefts[cell.to ?? cell.from] + spec.widths[cell.to ?? cell.from];
    const y0 = 1 + r * rowHeight, y1 = y0 + (cell.rows || 1) * rowHeight;
    g.fillStyle = "#f2f4f8"; g.fillRect(x0 + 1, y0, x1 - x0, y1 - y0);
    g.strokeRect(x0 + 1.5, y0 + 0.5, x1 - x0, y1 - y0);
    text(cell.text, x0 + 1, x1 + 1, (y0 + y1) / 2, spec.headerAlign, true);
  }));
  spec.body.forEach((cells, index) => {
    const y0 = 1 + (spec.header.length + index) * rowHeight;
    cells.forEach((value, c) => {
      g.strokeRect(lefts[c] + 1.5, y0 + 0.5, spec.widths[c], rowHeight);
      text(value, lefts[c] + 1, lefts[c] + spec.widths[c] + 1, y0 + rowHeight / 2, c === 0 ? "left" : "right", false);
    });
  });
}
specs.forEach((spec, index) => drawTable(document.getElementById("t" + index), spec));
document.querySelector("main").setAttribute("aria-busy", "false");
`;

function page(specs: AlignedTableSpec[]): string {
  const canvases = specs
    .map(
      (spec, index) =>
        `<h2>${spec.label}</h2>\n<canvas id="t${index}" role="img" aria-label="${spec.label}" width="10" height="10"></canvas>`,
    )
    .join("\n");
  return `<!doctype html><html><head><meta charset="utf-8"><title>tables</title></head>
<body style="margin:16px"><main aria-busy="true">${canvases}</main>
<script>const specs = ${JSON.stringify(specs)};${SCRIPT}</script></body></html>`;
}

/** Serves the tables at /tables on loopback (port 0); closes with the returned function. */
export async function serveAlignedTables(
  specs: AlignedTableSpec[],
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if ((request.url ?? "/").split("?")[0] !== "/tables") {
      response.writeHead(404).end("not found");
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page(specs));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The three tables the OCR-table test and bench read. */
export const ALIGNED_TABLES: AlignedTableSpec[] = [
  {
    label: "Units by market",
    font: "'DejaVu Sans', sans-serif",
    fontSize: 14,
    widths: [150, 130, 130, 130],
    headerAlign: "left",
    header: [
      [
        { text: "Market", from: 0 },
        { text: "Q1", from: 1 },
        { text: "Q2", from: 2 },
        { text: "Total", from: 3 },
      ],
    ],
    body: [
      ["North", "142", "97", "239"],
      ["South", "88", "1,131", "1,219"],
      ["East", "2,205", "12", "2,217"],
      ["West", "64", "310", "374"],
    ],
  },
  {
    label: "各市场销量",
    font: "'WenQuanYi Zen Hei', sans-serif",
    fontSize: 15,
    widths: [120, 140, 140, 140],
    headerAlign: "centre",
    header: [
      [
        { text: "市场", from: 0 },
        { text: "一季度", from: 1 },
        { text: "二季度", from: 2 },
        { text: "合计", from: 3 },
      ],
    ],
    body: [
      ["华东", "1,204", "96", "1,300"],
      ["华北", "57", "4,381", "4,438"],
      ["华南", "730", "25", "755"],
    ],
  },
  {
    label: "Revenue by market and quarter",
    font: "'DejaVu Sans', sans-serif",
    fontSize: 15,
    widths: [140, 110, 110, 110],
    headerAlign: "centre",
    header: [
      [
        { text: "Market", from: 0, rows: 2 },
        { text: "2024", from: 1, to: 3 },
      ],
      [
        { text: "Q1", from: 1 },
        { text: "Q2", from: 2 },
        { text: "Q3", from: 3 },
      ],
    ],
    body: [
      ["North", "3,120", "2,870", "3,405"],
      ["South", "915", "1,060", "998"],
      ["East", "4,410", "4,025", "4,760"],
    ],
  },
];
