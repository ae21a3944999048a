import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// Test support: a tiny web server whose pages draw bar charts and tables on <canvas> from a spec —
// size, font, orientation, labels, axis ticks and grid lines, a title with digits — so OCR is
// tested on charts other than the demo portal's. No number is in the DOM.

/** One drawn chart or table. */
export interface CanvasSpec {
  kind: "bars" | "table";
  label: string;
  width: number;
  height: number;
  font: string;
  fontSize: number;
  /** Bars: vertical (categories under the bars) or horizontal (categories left of them). */
  orientation?: "vertical" | "horizontal";
  title?: string;
  /** Bars: category label and value label; values give the bar lengths. */
  bars?: { category: string; value: number; text: string }[];
  /** Draw the value labels in white inside the bars' ends instead of beyond them. */
  valuesInside?: boolean;
  colour?: string;
  /** Tables: header row, then rows; a cell "~text" is drawn tiny and blurred (hard to read). */
  rows?: string[][];
  /** Size of a "~" cell's font as a share of fontSize (default 0.45). */
  tiny?: number;
  /** Blur of a "~" cell, in pixels (default 1.2). */
  blur?: number;
}

function script(specs: CanvasSpec[]): string {
  return `
const specs = ${JSON.stringify(specs)};
function drawBars(canvas, spec) {
  canvas.width = spec.width; canvas.height = spec.height;
  const g = canvas.getContext("2d");
  g.fillStyle = "#fff"; g.fillRect(0, 0, spec.width, spec.height);
  g.font = spec.fontSize + "px " + spec.font; g.textBaseline = "alphabetic";
  const vertical = spec.orientation !== "horizontal";
  const max = Math.max(...spec.bars.map((bar) => bar.value));
  const n = spec.bars.length;
  if (spec.title) { g.fillStyle = "#333"; g.textAlign = "left"; g.fillText(spec.title, 10, spec.fontSize + 6); }
  const top = spec.fontSize * 3 + 10;
  if (vertical) {
    const left = 70, bottom = spec.height - spec.fontSize * 2 - 12, plot = bottom - top;
    const slot = (spec.width - left - 20) / n, width = Math.round(slot * 0.55);
    // Grid lines and y-axis ticks (numbers that are no bar's value).
    g.textAlign = "right";
    for (let tick = 0; tick <= 4; tick += 1) {
      const y = Math.round(bottom - (plot * tick) / 4) + 0.5;
      g.strokeStyle = "#ddd"; g.beginPath(); g.moveTo(left, y); g.lineTo(spec.width - 10, y); g.stroke();
      g.fillStyle = "#777"; g.fillText(String(Math.round((max * tick) / 4)), left - 10, y + spec.fontSize / 3);
    }
    g.strokeStyle = "#444"; g.beginPath(); g.moveTo(left, bottom + 0.5); g.lineTo(spec.width - 10, bottom + 0.5); g.stroke();
    g.textAlign = "center";
    spec.bars.forEach((bar, index) => {
      const x = Math.round(left + index * slot + (slot - width) / 2), height = Math.round((bar.value / max) * (plot - spec.fontSize * 2));
      g.fillStyle = spec.colour || "#3b7dd8"; g.fillRect(x, bottom - height, width, height);
      if (spec.valuesInside) { g.fillStyle = "#fff"; g.fillText(bar.text, x + width / 2, bottom - height + spec.fontSize + 6); }
      else { g.fillStyle = "#222"; g.fillText(bar.text, x + width / 2, bottom - height - 8); }
      g.fillStyle = "#222"; g.fillText(bar.category, x + width / 2, bottom + spec.fontSize + 8);
    });
  } else {
    const left = 150, bottom = spec.height - spec.fontSize * 2 - 10, plot = spec.width - left - 40;
    const slot = (bottom - top) / n, height = Math.round(slot * 0.6);
    g.textAlign = "center";
    for (let tick = 0; tick <= 4; tick += 1) {
      const x = Math.round(left + ((plot - 80) * tick) / 4) + 0.5;
      g.strokeStyle = "#ddd"; g.beginPath(); g.moveTo(x, top - 6); g.lineTo(x, bottom); g.stroke();
      g.fillStyle = "#777"; g.fillText(String(Math.round((max * tick) / 4)), x, bottom + spec.fontSize + 8);
    }
    g.strokeStyle = "#444"; g.beginPath(); g.moveTo(left + 0.5, top - 6); g.lineTo(left + 0.5, bottom); g.stroke();
    spec.bars.forEach((bar, index) => {
      const y = Math.round(top + index * slot + (slot - height) / 2), width = Math.round((bar.value / max) * (plot - 80));
      g.fillStyle = spec.colour || "#d8703b"; g.fillRect(left + 1, y, width, height);
      g.textAlign = "left";
      if (spec.valuesInside) { g.fillStyle = "#fff"; g.textAlign = "right"; g.fillText(bar.text, left + width - 6, y + height / 2 + spec.fontSize / 3); }
      else { g.fillStyle = "#222"; g.fillText(bar.text, left + width + 8, y + height / 2 + spec.fontSize / 3); }
      g.fillStyle = "#222"; g.textAlign = "right"; g.fillText(bar.category, left - 12, y + height / 2 + spec.fontSize / 3);
    });
  }
}
function drawTable(canvas, spec) {
  const columns = spec.rows[0].length, rowHeight = spec.fontSize * 2 + 6, widths = spec.width / columns;
  canvas.width = spec.width; canvas.height = rowHeight * spec.rows.length + 2;
  const g = canvas.getContext("2d");
  g.fillStyle = "#fff"; g.fillRect(0, 0, canvas.width, canvas.height);
  g.textBaseline = "middle";
  spec.rows.forEach((cells, r) => {
    const y = 1 + r * rowHeight;
    g.strokeStyle = "#dde"; g.strokeRect(1, y, canvas.width - 2, rowHeight);
    cells.forEach((text, c) => {
      g.fillStyle = "#222";
      if (text.startsWith("~")) {
        // Hard to read: a tiny, blurred, faint cell.
        g.save(); g.filter = "blur(" + (spec.blur || 1.2) + "px)"; g.fillStyle = "#999"; g.font = Math.round(spec.fontSize * (spec.tiny || 0.45)) + "px " + spec.font;
        g.fillText(text.slice(1), c * widths + 12, y + rowHeight / 2); g.restore();
      } else {
        g.font = (r === 0 ? "bold " : "") + spec.fontSize + "px " + spec.font;
        g.fillText(text, c * widths + 12, y + rowHeight / 2);
      }
    });
  });
}
specs.forEach((spec, index) => {
  const canvas = document.getElementById("c" + index);
  if (spec.kind === "bars") drawBars(canvas, spec); else drawTable(canvas, spec);
});
document.querySelector("main").setAttribute("aria-busy", "false");
`;
}

function page(title: string, specs: CanvasSpec[]): string {
  const canvases = specs
    .map(
      (spec, index) =>
        `<h2>${spec.label}</h2>\n<canvas id="c${index}" role="img" aria-label="${spec.label}" width="10" height="10"></canvas>`,
    )
    .join("\n");
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head>
<body><main aria-busy="true"><h1>${title}</h1>
${canvases}
</main><script>${script(specs)}</script></body></html>`;
}

/** Serves each page at /<name>; closes with the returned function. */
export async function serveCanvasPages(
  pages: Record<string, CanvasSpec[]>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const name = (request.url ?? "/").split("?")[0].slice(1);
    const specs = pages[name];
    if (!specs) {
      response.writeHead(404).end("not found");
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page(name, specs));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
