import type { PixelBox, RasterImage, RecognisedText } from "./ocr-engine.js";
import { type LaidOutCell, mergePieces } from "./text-layout.js";

// Lays the OCR text of a bar chart out as category → value rows, by geometry. The bars are found
// in the pixels (filled rectangles of one colour standing on a common baseline: the bottom edge of
// vertical bars, the left edge of horizontal ones); each bar owns the band between the midpoints to
// its neighbours (x for vertical bars, y for horizontal). In its band, the category is the line of
// text nearest below the baseline (left of it for horizontal bars) and the value is the piece with
// a digit nearest the bar's end, above/right of it or inside it. Axis tick labels (a column of
// aligned numbers left of every vertical bar, a row below every horizontal one) are set aside
// first: the first bar's band may reach into the axis, and a tick (140) can stand closer to a
// bar's end than its own label (142). A title far from every bar end is not taken either. Nothing
// here knows a chart's size, font or colours.

/** A filled rectangle found in the image. */
export interface Bar {
  box: PixelBox;
  /** The bar's colour, packed 0xRRGGBB. */
  colour: number;
}

export type ChartOrientation = "vertical" | "horizontal";

/** One bar read: its category and value labels (null when the chart has none for it). */
export interface ChartBar {
  box: PixelBox;
  category: LaidOutCell | null;
  value: LaidOutCell | null;
}

export interface LaidOutChart {
  orientation: ChartOrientation;
  /** Left to right (vertical bars) or top to bottom (horizontal bars). */
  bars: ChartBar[];
}

/** Smallest side of a bar, in pixels: grid and axis lines are thinner. */
const MIN_BAR_SIDE = 4;
/** Share of its bounding box a bar's pixels fill (a value label drawn inside it makes holes). */
const MIN_FILL = 0.6;
/** Colour distance (sum of |ΔR|+|ΔG|+|ΔB|) within which neighbouring pixels are one bar. */
const COLOUR_TOLERANCE = 36;
/** Bars standing on one baseline end within this many pixels of one another. */
const BASELINE_TOLERANCE = 3;

function pixel(image: RasterImage, index: number): [number, number, number] {
  return [image.data[index * 4], image.data[index * 4 + 1], image.data[index * 4 + 2]];
}

function colourDistance(a: [number, number, number], b: [number, number, number]): number {
  return Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);
}

/** The most frequent colour (quantised to 5 bits a channel): the chart's background. */
function backgroundColour(image: RasterImage): [number, number, number] {
  const counts = new Map<number, number>();
  let best = 0;
  let bestCount = 0;
  for (let index = 0; index < image.width * image.height; index += 1) {
    const [r, g, b] = pixel(image, index);
    const key = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    if (count > bestCount) {
      bestCount = count;
      best = key;
    }
  }
  return [((best >> 10) & 31) * 8 + 4, ((best >> 5) & 31) * 8 + 4, (best & 31) * 8 + 4];
}

/** Filled rectangles of one colour, other than the background: candidate bars (and legend swatches, cell fills). */
export function findFilledRectangles(image: RasterImage): Bar[] {
  const { width, height } = image;
  const background = backgroundColour(image);
  const seen = new Uint8Array(width * height);
  const bars: Bar[] = [];
  const stack: number[] = [];
  for (let start = 0; start < width * height; start += 1) {
    if (seen[start]) continue;
    const seed = pixel(image, start);
    if (colourDistance(seed, background) <= COLOUR_TOLERANCE) {
      seen[start] = 1;
      continue;
    }
    let left = width;
    let top = height;
    let right = 0;
    let bottom = 0;
    let count = 0;
    stack.push(start);
    seen[start] = 1;
    while (stack.length > 0) {
      const index = stack.pop() as number;
      const x = index % width;
      const y = (index - x) / width;
      count += 1;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
      for (const next of [
        x > 0 ? index - 1 : -1,
        x < width - 1 ? index + 1 : -1,
        y > 0 ? index - width : -1,
        y < height - 1 ? index + width : -1,
      ]) {
        if (next >= 0 && !seen[next] && colourDistance(pixel(image, next), seed) <= COLOUR_TOLERANCE) {
          seen[next] = 1;
          stack.push(next);
        }
      }
    }
    const boxWidth = right - left + 1;
    const boxHeight = bottom - top + 1;
    if (Math.min(boxWidth, boxHeight) < MIN_BAR_SIDE) continue;
    if (count < MIN_FILL * boxWidth * boxHeight) continue;
    // The whole image in one colour other than the background (a border) is no bar.
    if (boxWidth >= width - 1 && boxHeight >= height - 1) continue;
    bars.push({
      box: [left, top, right + 1, bottom + 1],
      colour: (seed[0] << 16) | (seed[1] << 8) | seed[2],
    });
  }
  return bars;
}

/** The largest set of rectangles sharing one edge within the tolerance (edge 3: bottom, edge 0: left). */
function onOneBaseline(rectangles: Bar[], edge: 0 | 3): Bar[] {
  let best: Bar[] = [];
  for (const candidate of rectangles) {
    const group = rectangles.filter(
      (other) => Math.abs(other.box[edge] - candidate.box[edge]) <= BASELINE_TOLERANCE,
    );
    if (group.length > best.length) best = group;
  }
  return best;
}

/** The chart's bars and their orientation; none when the image holds no two bars on a baseline (or one when that is all). */
export function findBars(
  image: RasterImage,
  orientation: ChartOrientation | "auto" = "auto",
): { orientation: ChartOrientation; bars: Bar[] } {
  const rectangles = findFilledRectangles(image);
  const vertical = onOneBaseline(rectangles, 3);
  const horizontal = onOneBaseline(rectangles, 0);
  let chosen: ChartOrientation;
  if (orientation !== "auto") chosen = orientation;
  else if (vertical.length !== horizontal.length)
    chosen = vertical.length > horizontal.length ? "vertical" : "horizontal";
  else {
    // One bar (or a tie): the bars' lengths differ along their orientation.
    const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
    const heights = vertical.map((bar) => bar.box[3] - bar.box[1]);
    const widths = horizontal.map((bar) => bar.box[2] - bar.box[0]);
    chosen =
      vertical.length === 0
        ? "vertical"
        : spread(heights) !== spread(widths)
          ? spread(heights) > spread(widths)
            ? "vertical"
            : "horizontal"
          : vertical[0].box[3] - vertical[0].box[1] >= vertical[0].box[2] - vertical[0].box[0]
            ? "vertical"
            : "horizontal";
  }
  const bars = (chosen === "vertical" ? vertical : horizontal).sort((a, b) =>
    chosen === "vertical" ? a.box[0] - b.box[0] : a.box[1] - b.box[1],
  );
  return { orientation: chosen, bars };
}

const centreX = (box: PixelBox) => (box[0] + box[2]) / 2;
const centreY = (box: PixelBox) => (box[1] + box[3]) / 2;

/** Each bar's band along the category axis: from the midpoint to the previous bar to the midpoint to the next. */
function bands(bars: Bar[], orientation: ChartOrientation): [number, number][] {
  const [low, high] = orientation === "vertical" ? [0, 2] : [1, 3];
  return bars.map((bar, index) => {
    const previous = bars[index - 1];
    const next = bars[index + 1];
    const size = bar.box[high] - bar.box[low];
    const gap = next ? next.box[low] - bar.box[high] : previous ? bar.box[low] - previous.box[high] : size;
    return [
      previous ? (previous.box[high] + bar.box[low]) / 2 : bar.box[low] - Math.max(gap, size) / 2,
      next ? (bar.box[high] + next.box[low]) / 2 : bar.box[high] + Math.max(gap, size) / 2,
    ];
  });
}

const HAS_DIGIT = /\p{N}/u;
/** A number as an axis labels its ticks: digits with separators, a sign, a percent or a unit letter. */
const TICK_TEXT = /^[-−+]?[\d.,\s]+[%kKmMbB]?$/u;

/**
 * The axis tick labels: numbers standing in a column left of every vertical bar (their right
 * edges aligned) or in a row below every horizontal bar (their centres aligned), two or more.
 * They give the axis's scale, never a bar's value (Chart.js draws "140" beside a bar of 142).
 */
export function axisTickLabels(
  pieces: RecognisedText[],
  bars: Bar[],
  orientation: ChartOrientation,
): Set<RecognisedText> {
  const ticks = new Set<RecognisedText>();
  if (bars.length === 0) return ticks;
  const vertical = orientation === "vertical";
  const plotStart = vertical
    ? Math.min(...bars.map((bar) => bar.box[0]))
    : Math.max(...bars.map((bar) => bar.box[3]));
  const candidates = pieces.filter(
    (piece) =>
      TICK_TEXT.test(piece.text.trim()) &&
      (vertical
        ? piece.box[2] <= plotStart + BASELINE_TOLERANCE
        : piece.box[1] >= plotStart - BASELINE_TOLERANCE),
  );
  // Vertical bars: a column of right-aligned labels; horizontal bars: a row of labels.
  const edge = (piece: RecognisedText) => (vertical ? piece.box[2] : centreY(piece.box));
  for (const piece of candidates) {
    const tolerance = Math.max(BASELINE_TOLERANCE, (piece.box[3] - piece.box[1]) / 2);
    const aligned = candidates.filter((other) => Math.abs(edge(other) - edge(piece)) <= tolerance);
    if (aligned.length >= 2) for (const each of aligned) ticks.add(each);
  }
  return ticks;
}

/** The pieces on the line nearest the baseline, joined: a category label OCR split in two stays one. */
function nearestLine(
  pieces: RecognisedText[],
  distance: (piece: RecognisedText) => number,
): LaidOutCell | null {
  if (pieces.length === 0) return null;
  const sorted = [...pieces].sort((a, b) => distance(a) - distance(b));
  const first = sorted[0];
  const line = sorted.filter(
    (piece) => Math.abs(distance(piece) - distance(first)) <= (first.box[3] - first.box[1]) / 2,
  );
  return mergePieces(line);
}

/**
 * Lays a bar chart's recognised text out as one row per bar: its category label and its value
 * label. `orientation` "auto" decides from the bars (vertical bars share their bottom edge).
 */
export function layOutBarChart(
  image: RasterImage,
  texts: RecognisedText[],
  orientation: ChartOrientation | "auto" = "auto",
): LaidOutChart {
  const found = findBars(image, orientation);
  const written = texts.filter((text) => text.text.trim() !== "");
  const ticks = axisTickLabels(written, found.bars, found.orientation);
  const pieces = written.filter((piece) => !ticks.has(piece));
  const vertical = found.orientation === "vertical";
  const bandsOf = bands(found.bars, found.orientation);
  const baseline = found.bars.length
    ? vertical
      ? Math.max(...found.bars.map((bar) => bar.box[3]))
      : Math.min(...found.bars.map((bar) => bar.box[0]))
    : 0;
  const used = new Set<RecognisedText>();
  const bars = found.bars.map((bar, index) => {
    const [from, to] = bandsOf[index];
    const inBand = (piece: RecognisedText) => {
      const at = vertical ? centreX(piece.box) : centreY(piece.box);
      return at >= from && at < to;
    };
    // Category: beyond the baseline (below vertical bars, left of horizontal ones), nearest line first.
    const categories = pieces.filter(
      (piece) =>
        inBand(piece) &&
        (vertical
          ? piece.box[1] >= baseline - BASELINE_TOLERANCE
          : piece.box[2] <= baseline + BASELINE_TOLERANCE),
    );
    const category = nearestLine(categories, (piece) =>
      vertical ? piece.box[1] - baseline : baseline - piece.box[2],
    );
    // Value: a piece with a digit on the bar's side of the baseline, nearest the bar's end (0 inside it).
    const end = vertical ? bar.box[1] : bar.box[2];
    const valueDistance = (piece: RecognisedText) => {
      // Inside the bar means inside it across too: a piece beside the bar is no label drawn in it.
      if (vertical) {
        if (piece.box[3] <= end + BASELINE_TOLERANCE) return end - piece.box[3];
        const across = centreX(piece.box) >= bar.box[0] && centreX(piece.box) <= bar.box[2];
        return across && centreY(piece.box) <= bar.box[3] ? 0 : Number.POSITIVE_INFINITY;
      }
      if (piece.box[0] >= end - BASELINE_TOLERANCE) return piece.box[0] - end;
      const across = centreY(piece.box) >= bar.box[1] && centreY(piece.box) <= bar.box[3];
      return across && centreX(piece.box) >= bar.box[0] ? 0 : Number.POSITIVE_INFINITY;
    };
    const values = pieces
      .filter((piece) => !used.has(piece) && HAS_DIGIT.test(piece.text) && inBand(piece))
      .map((piece) => ({ piece, distance: valueDistance(piece) }))
      // A label more than three of its own heights (widths of a digit for horizontal bars) from the
      // bar's end belongs to something else (a title, a legend).
      .filter(
        ({ piece, distance }) =>
          Number.isFinite(distance) && distance <= 3 * (piece.box[3] - piece.box[1]) + BASELINE_TOLERANCE,
      )
      .sort((a, b) => a.distance - b.distance);
    const value = values[0]?.piece;
    if (value) used.add(value);
    return {
      box: bar.box,
      category,
      value: value ? mergePieces([value]) : null,
    };
  });
  return { orientation: found.orientation, bars };
}
