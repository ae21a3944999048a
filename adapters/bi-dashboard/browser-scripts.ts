import type { PageStep } from "../../models/step-messages/page-wait.js";
import { errors } from "./playwright.js";
import { boundedStep, StalledStepError } from "./stalled-step-error.js";

// Functions that run inside the page. They are plain JavaScript source (not TypeScript functions
// handed to evaluate) because a transpiler's helpers (e.g. esbuild's __name) do not exist in the page.

/** One header cell as the page shows it. */
export interface HeaderCell {
  text: string;
  colspan: number;
  rowspan: number;
}

/** One body row; `index` is aria-rowindex (virtualised grids) or the row's position. */
export interface ExtractedRow {
  index: number;
  cells: string[];
  /** ARIA rows only: how many cells the row had in the DOM (fewer than the columns = not fully rendered yet). */
  present?: number;
}

/** What EXTRACT_TABLE returns for an HTML table or an ARIA grid/table. */
export interface ExtractedTable {
  kind: "html" | "aria";
  /** The header rows with their spans, as written. */
  headerRows: HeaderCell[][];
  /** One name per column: spanning group headers joined with " / ". */
  headers: string[];
  rows: ExtractedRow[];
  /** The footer rows' cell texts, as written (no span expansion). */
  footer: string[][];
  /** aria-rowcount minus header rows, when the grid declares it (virtualised grids). */
  declaredRowCount: number | null;
}

/** Reads an HTML table or ARIA grid/treegrid/table into header rows, flattened headers, body rows and footer. */
export const EXTRACT_TABLE = String.raw`(root) => {
  const clean = (value) => (value || "").replace(/[\s\u00a0]+/g, " ").trim();
  const text = (element) => clean(typeof element.innerText === "string" ? element.innerText : element.textContent);
  const span = (element, name) => Math.max(1, parseInt(element.getAttribute(name) || "1", 10) || 1);

  // Places spanning cells on a grid: rowspan repeats a cell downwards (merged row labels),
  // colspan fills the next columns with the same origin.
  function fillGrid(rows, cellsOf) {
    const grid = [];
    rows.forEach((row, rowIndex) => {
      grid[rowIndex] = grid[rowIndex] || [];
      let column = 0;
      for (const cell of cellsOf(row)) {
        while (grid[rowIndex][column] !== undefined) column += 1;
        const colspan = span(cell, "colspan");
        const rowspan = span(cell, "rowspan");
        const origin = { cell, text: text(cell) };
        for (let down = 0; down < rowspan && rowIndex + down < rows.length; down += 1) {
          grid[rowIndex + down] = grid[rowIndex + down] || [];
          for (let across = 0; across < colspan; across += 1) {
            grid[rowIndex + down][column + across] = { origin, first: across === 0 };
          }
        }
        column += colspan;
      }
    });
    return grid;
  }

  function flattenHeaders(grid) {
    const width = Math.max(0, ...grid.map((row) => row.length));
    const names = [];
    for (let column = 0; column < width; column += 1) {
      const parts = [];
      let previous = null;
      for (const row of grid) {
        const slot = row[column];
        if (!slot || slot.origin === previous) continue;
        previous = slot.origin;
        if (slot.origin.text && parts[parts.length - 1] !== slot.origin.text) parts.push(slot.origin.text);
      }
      names.push(parts.join(" / "));
    }
    return names;
  }

  const headerCells = (row, cellsOf) => cellsOf(row).map((cell) => ({ text: text(cell), colspan: span(cell, "colspan"), rowspan: span(cell, "rowspan") }));

  if (root.tagName === "TABLE") {
    const cellsOf = (row) => Array.from(row.cells);
    const bodies = Array.from(root.tBodies);
    let headRows = root.tHead ? Array.from(root.tHead.rows) : [];
    let bodyRows = bodies.flatMap((body) => Array.from(body.rows));
    if (headRows.length === 0) {
      // No <thead>: leading rows made only of <th> are the header.
      while (bodyRows.length > 0 && bodyRows[0].cells.length > 0 && Array.from(bodyRows[0].cells).every((cell) => cell.tagName === "TH")) {
        headRows.push(bodyRows.shift());
      }
    }
    const headerGrid = fillGrid(headRows, cellsOf);
    const bodyGrid = fillGrid(bodyRows, cellsOf);
    return {
      kind: "html",
      headerRows: headRows.map((row) => headerCells(row, cellsOf)),
      headers: flattenHeaders(headerGrid),
      rows: bodyGrid.map((row, index) => ({ index: index + 1, cells: row.map((slot) => (slot ? slot.origin.text : "")) })),
      footer: root.tFoot ? Array.from(root.tFoot.rows).map((row) => cellsOf(row).map(text)) : [],
      declaredRowCount: null,
    };
  }

  // ARIA grid / treegrid / table, possibly virtualised: place cells by aria-colindex and merge
  // the row parts a grid splits over pinned containers by aria-rowindex.
  const container = root.closest("[role=grid],[role=treegrid],[role=table]") || root;
  const ownRows = Array.from(container.querySelectorAll("[role=row]")).filter(
    (row) => row.closest("[role=grid],[role=treegrid],[role=table]") === container && row.getAttribute("aria-hidden") !== "true",
  );
  const cellsOf = (row) =>
    Array.from(row.querySelectorAll("[role=columnheader],[role=rowheader],[role=gridcell],[role=cell]")).filter((cell) => cell.closest("[role=row]") === row);
  const headerRows = [];
  const bodies = new Map();
  let position = 0;
  for (const row of ownRows) {
    const cells = cellsOf(row);
    if (cells.length === 0) continue;
    if (cells.every((cell) => cell.getAttribute("role") === "columnheader")) {
      headerRows.push(row);
      continue;
    }
    position += 1;
    const declared = parseInt(row.getAttribute("aria-rowindex") || "", 10);
    const index = Number.isFinite(declared) ? declared : position;
    const slots = bodies.get(index) || [];
    cells.forEach((cell, offset) => {
      const declaredColumn = parseInt(cell.getAttribute("aria-colindex") || "", 10);
      slots[Number.isFinite(declaredColumn) ? declaredColumn - 1 : offset] = text(cell);
    });
    bodies.set(index, slots);
  }
  const headerNames = [];
  const headerRecords = headerRows.map((row) => {
    const cells = cellsOf(row);
    cells.forEach((cell, offset) => {
      const declaredColumn = parseInt(cell.getAttribute("aria-colindex") || "", 10);
      const column = Number.isFinite(declaredColumn) ? declaredColumn - 1 : offset;
      const name = text(cell);
      if (name) headerNames[column] = headerNames[column] ? headerNames[column] + " / " + name : name;
    });
    return headerCells(row, () => cells);
  });
  const width = Math.max(headerNames.length, ...Array.from(bodies.values()).map((slots) => slots.length));
  const declaredCount = parseInt(container.getAttribute("aria-rowcount") || "", 10);
  return {
    kind: "aria",
    headerRows: headerRecords,
    headers: Array.from({ length: width }, (_, column) => headerNames[column] || ""),
    rows: Array.from(bodies.entries())
      .sort((a, b) => a[0] - b[0])
      .map(([index, slots]) => ({ index, cells: Array.from({ length: width }, (_, column) => slots[column] ?? ""), present: slots.filter((slot) => slot !== undefined).length })),
    footer: [],
    declaredRowCount: Number.isFinite(declaredCount) && declaredCount > 0 ? Math.max(0, declaredCount - headerRows.length) : null,
  };
}`;

/** What READ_STATE returns: enough to tell whether a table is still changing. */
export interface TableState {
  rows: number;
  /** True while the table or an ancestor says aria-busy="true". */
  busy: boolean;
  /** True when the table or an ancestor carries aria-busy at all: the page reports its loading. */
  busyDeclared: boolean;
  /** Row count, a hash of every row's text, first and last row: changes when any row does. */
  signature: string;
  /**
   * How long ago the page last changed anything inside the table (TABLE_CHANGES), by the page's
   * own record; null when it has recorded no change there (a table inserted whole and never
   * touched since, a table inside a shadow root, a page opened before the record was installed).
   */
  unchangedForMs: number | null;
}

/**
 * The property TABLE_CHANGES keeps a table's last change on (ms since epoch, page clock). A name
 * of triangulate's own, so no page's property is read as one.
 */
const CHANGE_MARK = "__triangulateTableChangedAt";

/** What TABLE_CHANGES marks: tables and ARIA grids, the containers READ_STATE reads rows from. */
const TABLE_CONTAINERS = "table,[role=grid],[role=treegrid],[role=table]";

/**
 * Installed in every page of a dashboard's browser context before the page's own scripts run
 * (`addInitScript`): a MutationObserver over the document that stamps, on each table or grid, the
 * time anything inside it last changed (rows added or removed, text changed, aria-busy set), on every enclosing
 * table too. With it a table's stability is known from the moment it last changed, not only from
 * the moment the reader first looked: waitUntilSettled asks for the same unchanged window, minus
 * the part that had already passed. Only the light DOM is observed, which is all READ_STATE's
 * rows and signature cover (`querySelectorAll` and `textContent` do not enter shadow roots).
 */
export const TABLE_CHANGES = `(() => {
  const mark = (node, at) => {
    let element = node && node.nodeType === 1 ? node : node && node.parentElement;
    for (element = element && element.closest("${TABLE_CONTAINERS}"); element; element = element.parentElement && element.parentElement.closest("${TABLE_CONTAINERS}"))
      element["${CHANGE_MARK}"] = at;
  };
  const observer = new MutationObserver((records) => {
    const at = Date.now();
    for (const record of records) mark(record.target, at);
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["aria-busy"] });
})()`;

/** Counts the body rows of a table or grid and reads aria-busy on it and its ancestors. */
export const READ_STATE = String.raw`(root) => {
  let rows;
  if (root.tagName === "TABLE") rows = Array.from(root.tBodies).flatMap((body) => Array.from(body.rows));
  else {
    const container = root.closest("[role=grid],[role=treegrid],[role=table]") || root;
    rows = Array.from(container.querySelectorAll("[role=row]")).filter((row) => !row.querySelector("[role=columnheader]"));
  }
  const busy = !!root.closest("[aria-busy=true]") || !!root.querySelector("[aria-busy=true]");
  const busyDeclared = !!root.closest("[aria-busy]");
  const line = (row) => (row ? (row.textContent || "").replace(/\s+/g, " ").trim() + "#" + (row.getAttribute("aria-rowindex") || "") : "");
  // FNV-1a over every row's text: a cell changing in the middle of the table changes the signature too.
  let hash = 0x811c9dc5;
  for (const row of rows) {
    const text = row.textContent || "";
    for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
    hash = Math.imul(hash ^ 10, 0x01000193);
  }
  const container = root.tagName === "TABLE" ? root : root.closest("${TABLE_CONTAINERS}") || root;
  const changedAt = container["${CHANGE_MARK}"];
  const unchangedForMs = typeof changedAt === "number" ? Math.max(0, Date.now() - changedAt) : null;
  return { rows: rows.length, busy, busyDeclared, signature: rows.length + "|" + (hash >>> 0).toString(16) + "|" + line(rows[0]) + "|" + line(rows[rows.length - 1]), unchangedForMs };
}`;

/** How long a page-side script may take unless the caller says otherwise: they are synchronous reads. */
export const DEFAULT_SCRIPT_TIMEOUT_MS = 10_000;

// A synchronous read is given at least this long even when the step's deadline is nearer: the
// caller checks its deadline after the read, and a read cut at 1 ms would blame the wrong step.
const MINIMUM_READ_MS = 1_000;

/**
 * The limit of one page read whose step ends at `deadline`: what is left of the step (at least 1 s).
 * Not less: on a loaded machine (ten pages on two busy cores) one read of a page can take seconds,
 * and a limit tighter than the step's would fail a read the step had time for.
 */
export function readTimeout(deadline: number): number {
  return Math.max(MINIMUM_READ_MS, deadline - Date.now());
}

/** The step a script is and its own time limit. */
export interface ScriptBound {
  /** What the script does, for the error when it stalls ("table_rows": reading the table's rows). */
  step: PageStep;
  timeoutMs: number;
}

/**
 * Runs one of the page-side sources above on the element a locator points at, bounded: waiting for
 * the element and the evaluation together end by the bound's limit with a StalledStepError naming
 * the step, never by Playwright's default 30 s without a cause.
 */
export async function runOnElement<T>(
  locator: {
    evaluate: (
      fn: (element: Element, payload: { source: string; argument: unknown }) => unknown,
      arg: { source: string; argument: unknown },
      options?: { timeout?: number },
    ) => Promise<unknown>;
  },
  source: string,
  argument?: unknown,
  bound: ScriptBound = { step: "table", timeoutMs: DEFAULT_SCRIPT_TIMEOUT_MS },
): Promise<T> {
  const timeoutMs = Math.max(1, bound.timeoutMs);
  return boundedStep(bound.step, timeoutMs, async () => {
    try {
      // The page compiles the source itself; the wrapper is tiny so no transpiler helper sneaks in.
      return (await locator.evaluate(
        // biome-ignore lint/security/noGlobalEval: runs inside the page on this module's own constant sources; no plan or page value is ever evaluated.
        (element, payload) => globalThis.eval(`(${payload.source})`)(element, payload.argument),
        { source, argument: argument ?? null },
        { timeout: timeoutMs },
      )) as T;
    } catch (error) {
      if (error instanceof errors.TimeoutError)
        throw new StalledStepError(bound.step, timeoutMs, [], { cause: error });
      throw error;
    }
  });
}

/** What SCROLL_AND_COLLECT returns: the merged table and how it was read. */
export interface ScrollCollectResult {
  table: ExtractedTable;
  steps: number;
  scrollable: boolean;
  /** True when it stopped at its time limit before reaching the end. */
  timedOut: boolean;
  /** aria-rowindex values between the first and the last row that were never read fully rendered. */
  missing: number[];
  /** The aria-rowindex range the grid declared (aria-rowcount), or null when it declares none. */
  expected: { first: number; last: number } | null;
}

/**
 * Reads a virtualised grid inside the page in one call (one round trip instead of several per step).
 * When the grid declares aria-rowcount, the rows it must yield are known (header rows + 1 … rowcount):
 * it repeatedly scrolls the lowest aria-rowindex not yet read fully rendered to the top of the
 * viewport (every row above it is read already), and after each scroll waits (animation frames, by condition) until
 * the rows of the new scroll position are rendered. A row counts once it has all its cells; a partly
 * rendered row never replaces a complete one. Without aria-rowcount it scrolls to the end in
 * viewport-sized steps and reports gaps between the first and the last aria-rowindex.
 */
export const SCROLL_AND_COLLECT = `async (root, options) => {
  const extract = ${EXTRACT_TABLE};
  const deadline = Date.now() + options.timeoutMs;
  const patienceMs = options.patienceMs;
  // A frame, or 50 ms when frames are throttled (a page Chromium considers hidden gets none).
  const frame = () => new Promise((resolve) => { requestAnimationFrame(() => resolve()); setTimeout(resolve, 50); });
  const container = root.closest("[role=grid],[role=treegrid],[role=table]") || root;
  const viewports = [container, ...container.querySelectorAll("*")].filter((element) => {
    const overflow = getComputedStyle(element).overflowY;
    return (overflow === "auto" || overflow === "scroll") && element.scrollHeight > element.clientHeight + 2;
  });
  const first = extract(root);
  const width = first.headers.length;
  const merged = new Map();
  const complete = (row) => row.present === undefined || row.present >= width;
  // Keeps what is rendered now; a complete row is never replaced by a partly rendered one.
  const keep = (table) => {
    for (const row of table.rows) {
      const known = merged.get(row.index);
      if (!known || complete(row)) merged.set(row.index, row);
    }
  };
  // Rows the grid keeps showing with fewer cells than columns (full-width group rows, say), accepted
  // as shown after a whole patience period of waiting for the rest.
  const acceptedPartial = new Set();
  const done = (index) => merged.has(index) && (complete(merged.get(index)) || acceptedPartial.has(index));
  const renderedComplete = () => extract(root).rows.filter(complete).map((row) => row.index);
  // Waits by condition: until check() holds, or patience/deadline runs out. Returns whether it held.
  const until = async (check) => {
    const end = Math.min(deadline, Date.now() + patienceMs);
    for (;;) {
      if (check()) return true;
      if (Date.now() >= end) return false;
      await frame();
    }
  };
  // Then until the rendered rows hold still for a frame (a render batch may still be landing). One
  // frame is enough: a row caught partly rendered never replaces a complete one and is scrolled back to.
  const holdStill = async () => {
    let last = extract(root).rows.map((row) => row.index + ":" + row.present).join(",");
    for (let still = 0; still < 1 && Date.now() < deadline; ) {
      await frame();
      const now = extract(root).rows.map((row) => row.index + ":" + row.present).join(",");
      still = now === last ? still + 1 : 0;
      last = now;
    }
  };
  const finish = (steps, timedOut, expected) => {
    const rows = [...merged.values()].sort((a, b) => a.index - b.index);
    const missing = [];
    if (rows.length > 0 || expected) {
      const low = expected ? expected.first : rows[0].index;
      const high = expected ? expected.last : rows[rows.length - 1].index;
      for (let index = low; index <= high; index += 1) if (!done(index)) missing.push(index);
    }
    return { table: { ...first, rows }, steps, scrollable: viewports.length > 0, timedOut, missing, expected };
  };
  keep(first);
  const headerCount = first.headerRows.length;
  let expected = null;
  if (first.declaredRowCount !== null) {
    // Rows without aria-rowindex are numbered from 1; with it, body rows follow the header rows.
    const base = first.rows.length > 0 && first.rows[0].index <= headerCount ? 1 : headerCount + 1;
    expected = { first: base, last: base + first.declaredRowCount - 1 };
  }
  if (viewports.length === 0) return finish(0, false, expected);
  const viewport = viewports.sort((a, b) => (b.scrollHeight - b.clientHeight) - (a.scrollHeight - a.clientHeight))[0];
  const maxTop = () => Math.max(0, viewport.scrollHeight - viewport.clientHeight);
  let steps = 0;
  // Scrolls to a position and waits until rendered() says its rows are there; returns whether they came.
  const scrollTo = async (top, rendered) => {
    const target = Math.max(0, Math.min(maxTop(), Math.round(top)));
    const moved = Math.abs(viewport.scrollTop - target) > 1;
    viewport.scrollTop = target;
    if (moved) steps += 1;
    const held = await until(rendered);
    await holdStill();
    keep(extract(root));
    return held;
  };
  if (expected) {
    const total = expected.last - expected.first + 1;
    const attempts = new Map();
    const givenUp = new Set();
    let timedOut = false;
    const has = (indexes) => () => { const now = renderedComplete(); return indexes.some((index) => now.includes(index)); };
    await scrollTo(0, has([expected.first]));
    for (;;) {
      if (Date.now() >= deadline) { timedOut = true; break; }
      if (steps >= options.maxSteps) break;
      let missing = null;
      for (let index = expected.first; index <= expected.last; index += 1) {
        if (!done(index) && !givenUp.has(index)) { missing = index; break; }
      }
      if (missing === null) break;
      const tried = (attempts.get(missing) || 0) + 1;
      attempts.set(missing, tried);
      if (tried > 1 && merged.has(missing)) { acceptedPartial.add(missing); continue; }
      if (tried > 3) { givenUp.add(missing); continue; }
      // Where the missing row sits, from the grid's uniform row height: one row below the top edge.
      // Every row above it is read already, so the step may exceed the viewport (into the rows the
      // grid renders as a buffer below it) without skipping any.
      const rowHeight = viewport.scrollHeight / total;
      const top = (missing - expected.first) * rowHeight - rowHeight;
      const atTop = Math.max(0, Math.min(maxTop(), Math.round(top)));
      // The rows of the new position: the one at its bottom edge (not rendered before a forward step), or the missing one.
      const bottom = Math.min(expected.last, expected.first + Math.floor((atTop + viewport.clientHeight - 1) / rowHeight));
      await scrollTo(atTop, has([missing, bottom]));
    }
    return finish(steps, timedOut, expected);
  }
  // No aria-rowcount: scroll to the end, one viewport at most per step, waiting for each position to render.
  await scrollTo(0, () => renderedComplete().length > 0);
  let timedOut = false;
  for (;;) {
    if (Date.now() >= deadline) { timedOut = true; break; }
    if (steps >= options.maxSteps) break;
    if (viewport.scrollTop >= maxTop() - 1) break;
    const before = renderedComplete().join(",");
    await scrollTo(viewport.scrollTop + Math.max(20, Math.floor(viewport.clientHeight * 0.8)), () => renderedComplete().join(",") !== before);
  }
  return finish(steps, timedOut, null);
}`;

/** What SCROLL_TO_END returns: how far the rows grew while their scroll container was scrolled. */
export interface ScrollToEndResult {
  /** False when no ancestor of the table scrolls: there is nothing more to load by scrolling. */
  scrollable: boolean;
  /** Body rows before and after. */
  rowsBefore: number;
  rowsAfter: number;
  steps: number;
  /** True when it stopped at its time limit while rows were still arriving. */
  timedOut: boolean;
  /** True when the container's scroll events produced no rows although it was not at its end. */
  stuck: boolean;
}

/**
 * Reads to the end a table that appends rows as its scroll container scrolls (Observable Inputs.table,
 * infinite lists): scrolls the nearest scrolling ancestor to its bottom, waits until more rows are
 * there or `patienceMs` passes, and repeats until a scroll brings no new row. Only setTimeout is
 * waited on (never an animation frame: a page whose rendering is blocked gets none), and the whole
 * call ends by `timeoutMs`.
 */
export const SCROLL_TO_END = `async (root, options) => {
  const deadline = Date.now() + options.timeoutMs;
  const bodyRows = () => root.tagName === "TABLE" ? Array.from(root.tBodies).reduce((count, body) => count + body.rows.length, 0) : root.querySelectorAll("[role=row]").length;
  const scrolls = (element) => {
    const overflow = getComputedStyle(element).overflowY;
    return (overflow === "auto" || overflow === "scroll") && element.scrollHeight > element.clientHeight + 2;
  };
  let container = root;
  while (container && container !== document.documentElement && !scrolls(container)) container = container.parentElement;
  const rowsBefore = bodyRows();
  if (!container || container === document.documentElement) return { scrollable: false, rowsBefore, rowsAfter: rowsBefore, steps: 0, timedOut: false, stuck: false };
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  let steps = 0;
  let timedOut = false;
  let stuck = false;
  for (;;) {
    if (steps >= options.maxSteps) break;
    const before = bodyRows();
    const atEnd = container.scrollTop >= container.scrollHeight - container.clientHeight - 1;
    container.scrollTop = container.scrollHeight;
    container.dispatchEvent(new Event("scroll"));
    steps += 1;
    const end = Math.min(deadline, Date.now() + options.patienceMs);
    while (bodyRows() === before && Date.now() < end) await pause(25);
    if (bodyRows() === before) {
      if (Date.now() >= deadline) timedOut = true;
      else if (!atEnd && container.scrollTop < container.scrollHeight - container.clientHeight - 1) stuck = true;
      break;
    }
    if (Date.now() >= deadline) { timedOut = true; break; }
  }
  container.scrollTop = 0;
  return { scrollable: true, rowsBefore, rowsAfter: bodyRows(), steps, timedOut, stuck };
}`;

/**
 * The text around a table, without the table's own: for each of up to four ancestors, closest first,
 * its text with the table's removed (so "180 rows" above a table is found, a count inside a cell is not).
 */
export const TEXT_AROUND = String.raw`(root) => {
  const texts = [];
  let element = root.parentElement;
  for (let level = 0; level < 4 && element && element !== document.body; level += 1) {
    const clone = element.cloneNode(true);
    const path = [];
    for (let node = root; node && node !== element; node = node.parentElement) path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
    let inner = clone;
    for (const index of path) inner = inner && inner.children[index];
    if (inner) inner.remove();
    texts.push((clone.textContent || "").replace(/[\s\u00a0]+/g, " ").trim());
    element = element.parentElement;
  }
  return texts;
}`;
