import { firstCharacter, isCjkCharacter, lastCharacter, normalizeSpacing } from "./cjk-text.js";
import type { BoundingBox } from "./extracted-document.js";
import type { PageText, PositionedText } from "./pdf-text-reader.js";

/** A line of text in reading order, with the layout facts heading detection needs. */
export interface TextLine {
  text: string;
  page: number;
  bbox: BoundingBox;
  /** The size most of the line's characters are set in. */
  fontSize: number;
  /** The font id most of the line's characters use. */
  fontId: string;
  /** 0 for the only or left column, 1 for the right column; -1 for a line spanning both. */
  column: number;
  /** Left and right edge of the column the line sits in (the page's text area when one column). */
  columnLeft: number;
  columnRight: number;
  /** Vertical gap to the previous line in the same column (Infinity for the first). */
  gapAbove: number;
}

interface Segment {
  items: PositionedText[];
  left: number;
  right: number;
  baseline: number;
  fontSize: number;
}

function segmentText(items: PositionedText[]): string {
  let text = "";
  let previous: PositionedText | undefined;
  for (const item of items) {
    if (previous) {
      const gap = item.x - (previous.x + previous.width);
      const end = lastCharacter(text);
      const start = firstCharacter(item.text);
      // pdf.js often omits the space glyph; a visible gap means a word break unless CJK meets CJK.
      const needsSpace =
        gap > Math.max(previous.fontSize, item.fontSize) * 0.18 &&
        !(isCjkCharacter(end) && isCjkCharacter(start));
      if (needsSpace && !/\s/.test(end ?? "") && !/^\s/.test(item.text)) text += " ";
    }
    text += item.text;
    previous = item;
  }
  return normalizeSpacing(text);
}

function dominant<T>(items: PositionedText[], key: (item: PositionedText) => T): T {
  const weights = new Map<T, number>();
  for (const item of items) {
    const value = key(item);
    weights.set(value, (weights.get(value) ?? 0) + Math.max(1, item.text.trim().length));
  }
  let best = key(items[0]);
  let bestWeight = -1;
  for (const [value, weight] of weights) if (weight > bestWeight) [best, bestWeight] = [value, weight];
  return best;
}

/** Groups runs sharing a baseline into segments, splitting at gaps wide enough to be a column gutter. */
function buildSegments(items: PositionedText[]): Segment[] {
  const visible = items.filter((item) => item.text.trim() !== "" && item.fontSize > 0);
  visible.sort((a, b) => a.baseline - b.baseline || a.x - b.x);
  const rows: PositionedText[][] = [];
  for (const item of visible) {
    const row = rows[rows.length - 1];
    // Same line when baselines are within a third of the font size (superscripts stay inline).
    if (
      row &&
      Math.abs(row[0].baseline - item.baseline) <=
        Math.max(2, 0.35 * Math.min(row[0].fontSize, item.fontSize))
    )
      row.push(item);
    else rows.push([item]);
  }
  const segments: Segment[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.x - b.x);
    let current: PositionedText[] = [];
    const flush = () => {
      if (current.length === 0) return;
      const left = Math.min(...current.map((item) => item.x));
      const right = Math.max(...current.map((item) => item.x + item.width));
      segments.push({
        items: current,
        left,
        right,
        baseline: dominant(current, (item) => item.baseline),
        fontSize: dominant(current, (item) => Math.round(item.fontSize * 10) / 10),
      });
      current = [];
    };
    for (const item of row) {
      const previous = current[current.length - 1];
      if (
        previous &&
        item.x - (previous.x + previous.width) > 2.2 * Math.max(previous.fontSize, item.fontSize)
      )
        flush();
      current.push(item);
    }
    flush();
  }
  return segments;
}

/**
 * Finds a vertical gutter splitting the page into two columns: an x position in the middle
 * third that few segments cross while many sit wholly on each side. Returns undefined for
 * one-column pages.
 */
function findGutter(segments: Segment[], pageWidth: number): number | undefined {
  if (segments.length < 12) return undefined;
  let best: { x: number; crossing: number } | undefined;
  for (let x = pageWidth * 0.3; x <= pageWidth * 0.7; x += 2) {
    let left = 0;
    let right = 0;
    let crossing = 0;
    for (const segment of segments) {
      if (segment.right <= x) left += 1;
      else if (segment.left >= x) right += 1;
      else crossing += 1;
    }
    if (left < 5 || right < 5) continue;
    // Both columns need real body lines, not a handful of labels at the margin.
    if (Math.min(left, right) < 0.2 * segments.length) continue;
    if (crossing > 0.15 * segments.length) continue;
    if (!best || crossing < best.crossing) best = { x, crossing };
  }
  if (!best) return undefined;
  // Columns of prose fill their width; table columns (short cells) do not and must not be read
  // as page columns.
  const gutter = best.x;
  const textLeft = Math.min(...segments.map((segment) => segment.left));
  const textRight = Math.max(...segments.map((segment) => segment.right));
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const leftWidths = median(
    segments.filter((segment) => segment.right <= gutter).map((segment) => segment.right - segment.left),
  );
  const rightWidths = median(
    segments.filter((segment) => segment.left >= gutter).map((segment) => segment.right - segment.left),
  );
  if (leftWidths < 0.5 * (gutter - textLeft) || rightWidths < 0.5 * (textRight - gutter)) return undefined;
  return gutter;
}

/** Turns one page's text runs into lines in reading order (two-column pages read column by column). */
export function buildPageLines(page: PageText): TextLine[] {
  const segments = buildSegments(page.items);
  if (segments.length === 0) return [];
  const gutter = findGutter(segments, page.width);
  const textLeft = Math.min(...segments.map((segment) => segment.left));
  const textRight = Math.max(...segments.map((segment) => segment.right));
  type Placed = Segment & { column: number };
  const placed: Placed[] = segments.map((segment) => ({
    ...segment,
    column: gutter === undefined ? 0 : segment.right <= gutter ? 0 : segment.left >= gutter ? 1 : -1,
  }));
  // Reading order: spanning lines cut the page into bands; inside a band, left column then right.
  placed.sort((a, b) => a.baseline - b.baseline || a.left - b.left);
  const ordered: Placed[] = [];
  let band: Placed[] = [];
  const flushBand = () => {
    for (const column of [0, 1]) ordered.push(...band.filter((segment) => segment.column === column));
    band = [];
  };
  for (const segment of placed) {
    if (segment.column === -1) {
      flushBand();
      ordered.push(segment);
    } else band.push(segment);
  }
  flushBand();
  // Merge segments of one column that share a baseline back into one line (e.g. tab-separated runs).
  const lines: TextLine[] = [];
  const lastBaseline = new Map<number, number>();
  let previousInLine: Placed | undefined;
  for (const segment of ordered) {
    const previousLine = lines[lines.length - 1];
    if (
      previousLine &&
      previousInLine &&
      previousInLine.column === segment.column &&
      Math.abs(previousInLine.baseline - segment.baseline) < 0.35 * segment.fontSize &&
      segment.left >= previousInLine.right
    ) {
      previousLine.text = normalizeSpacing(`${previousLine.text} ${segmentText(segment.items)}`);
      previousLine.bbox = [
        Math.min(previousLine.bbox[0], segment.left),
        previousLine.bbox[1],
        Math.max(previousLine.bbox[2], segment.right),
        previousLine.bbox[3],
      ];
      previousInLine = segment;
      continue;
    }
    const columnLeft =
      gutter === undefined || segment.column === -1 ? textLeft : segment.column === 0 ? textLeft : gutter;
    const columnRight =
      gutter === undefined || segment.column === -1 ? textRight : segment.column === 0 ? gutter : textRight;
    const previousBaseline = lastBaseline.get(segment.column);
    lines.push({
      text: segmentText(segment.items),
      page: page.page,
      bbox: [
        segment.left,
        segment.baseline - 0.8 * segment.fontSize,
        segment.right,
        segment.baseline + 0.2 * segment.fontSize,
      ],
      fontSize: segment.fontSize,
      fontId: dominant(segment.items, (item) => item.fontId),
      column: segment.column,
      columnLeft,
      columnRight,
      gapAbove:
        previousBaseline === undefined
          ? Number.POSITIVE_INFINITY
          : segment.baseline - previousBaseline - segment.fontSize,
    });
    lastBaseline.set(segment.column, segment.baseline);
    if (segment.column === -1) {
      lastBaseline.set(0, segment.baseline);
      lastBaseline.set(1, segment.baseline);
    }
    previousInLine = segment;
  }
  return lines.filter((line) => line.text !== "");
}
