import { parseChineseNumeral } from "./chinese-numerals.js";
import { type Measure, RANGE_WORDS } from "./range-words.js";
import { foldText } from "./text-folding.js";

// A policy states its conditions as ranges ("Time before showtime: 2 to 24 hours; Rebooking fee:
// CNY 5", 身高1.2米以下的儿童…免票), and a question states its situation as one quantity ("five
// hours before the showtime", 身高1.1米). The row or sentence whose range holds the quantity is the
// one that answers; one whose ranges all leave it out states another case, however many words it
// shares with the question ("More than 24 hours: No fee" quoted for a rebooking five hours before).

/** A quantity in its measure's base unit (hours, metres, years of age, kilograms). */
export interface StatedQuantity {
  measure: Measure;
  value: number;
  start: number;
  end: number;
}

/** A range of one measure; an open end is undefined. */
export interface StatedRange {
  measure: Measure;
  low?: number;
  lowInclusive: boolean;
  high?: number;
  highInclusive: boolean;
}

/** Whether a condition's ranges hold the question's quantity: inside, outside, or no range of its measure. */
export type RangeFit = "inside" | "outside" | "unknown";

const UNITS = RANGE_WORDS.flatMap((words) => words.units);
const NUMBER_WORDS: Record<string, number> = Object.assign({}, ...RANGE_WORDS.map((words) => words.numbers));
const NUMBER = `(\\d+(?:\\.\\d+)?|[零〇一二两三四五六七八九十]+|${Object.keys(NUMBER_WORDS)
  .sort((a, b) => b.length - a.length)
  .map((word) => `\\b${word}\\b`)
  .join("|")})`;
// In the data's order, which lists the longer of two words that start alike first (周岁 before 周).
const UNIT = `(${UNITS.map((unit) => unit.source).join("|")})(?![a-z])`;
const QUANTITY = new RegExp(`${NUMBER}\\s*${UNIT}`, "gu");
const BETWEEN = RANGE_WORDS.flatMap((words) => words.between)
  .map((word) => (word === "-" ? "-" : word.replace(/[\\^$.*+?()[\]{}|]/gu, "\\$&")))
  .join("|");
const CLOSED_RANGE = new RegExp(`${NUMBER}\\s*(?:${UNIT}\\s*)?(?:${BETWEEN})\\s*${NUMBER}\\s*${UNIT}`, "gu");
const BEFORE = RANGE_WORDS.flatMap((words) =>
  words.before.map((word) => ({ ...word, pattern: new RegExp(`(?:${word.source})\\s*$`, "u") })),
);
const AFTER = RANGE_WORDS.flatMap((words) =>
  words.after.map((word) => ({ ...word, pattern: new RegExp(`^\\s*(?:${word.source})`, "u") })),
);

function numberOf(written: string): number | undefined {
  if (/^\d/u.test(written)) return Number(written);
  return NUMBER_WORDS[written] ?? parseChineseNumeral(written);
}

const UNIT_PATTERNS = UNITS.map((unit) => ({ ...unit, whole: new RegExp(`^(?:${unit.source})$`, "u") }));

function unitOf(written: string): { measure: Measure; factor: number } | undefined {
  return UNIT_PATTERNS.find((unit) => unit.whole.test(written));
}

/** The quantities a text states, each with its place in the folded text. */
function quantitiesIn(folded: string): StatedQuantity[] {
  const found: StatedQuantity[] = [];
  for (const match of folded.matchAll(QUANTITY)) {
    const value = numberOf(match[1]);
    const unit = unitOf(match[2]);
    if (value === undefined || !unit) continue;
    found.push({
      measure: unit.measure,
      value: value * unit.factor,
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  return found;
}

/** The ranges a text states: closed ("2 to 24 hours", 2至24小时) and bounded on one side (超过8小时, 1.2米以下). */
export function statedRanges(text: string): StatedRange[] {
  const folded = foldText(text);
  const ranges: StatedRange[] = [];
  const covered: [number, number][] = [];
  for (const match of folded.matchAll(CLOSED_RANGE)) {
    const low = numberOf(match[1]);
    const high = numberOf(match[3]);
    const unit = unitOf(match[4]);
    const lowUnit = match[2] ? unitOf(match[2]) : unit;
    if (low === undefined || high === undefined || !unit || lowUnit?.measure !== unit.measure) continue;
    const from = low * lowUnit.factor;
    const to = high * unit.factor;
    if (from >= to) continue;
    ranges.push({ measure: unit.measure, low: from, lowInclusive: true, high: to, highInclusive: true });
    covered.push([match.index, match.index + match[0].length]);
  }
  for (const quantity of quantitiesIn(folded)) {
    if (covered.some(([start, end]) => quantity.start >= start && quantity.end <= end)) continue;
    const bound = boundOf(folded, quantity);
    if (!bound) continue;
    ranges.push(
      bound.bound === "low"
        ? {
            measure: quantity.measure,
            low: quantity.value,
            lowInclusive: bound.inclusive,
            highInclusive: false,
          }
        : {
            measure: quantity.measure,
            high: quantity.value,
            highInclusive: bound.inclusive,
            lowInclusive: false,
          },
    );
  }
  return ranges;
}

function boundOf(
  folded: string,
  quantity: StatedQuantity,
): { bound: "low" | "high"; inclusive: boolean } | undefined {
  const before = folded.slice(Math.max(0, quantity.start - 16), quantity.start);
  const after = folded.slice(quantity.end, quantity.end + 12);
  return BEFORE.find((word) => word.pattern.test(before)) ?? AFTER.find((word) => word.pattern.test(after));
}

/** The quantities a question states as its situation: those it does not itself bound ("more than 5 hours"). */
export function situationQuantities(question: string): StatedQuantity[] {
  const folded = foldText(question);
  return quantitiesIn(folded).filter((quantity) => !boundOf(folded, quantity));
}

function holds(range: StatedRange, value: number): boolean {
  const epsilon = 1e-9;
  if (range.low !== undefined) {
    if (value < range.low - epsilon) return false;
    if (!range.lowInclusive && Math.abs(value - range.low) <= epsilon) return false;
  }
  if (range.high !== undefined) {
    if (value > range.high + epsilon) return false;
    if (!range.highInclusive && Math.abs(value - range.high) <= epsilon) return false;
  }
  return true;
}

/**
 * Whether a condition holds the situation a question states: `inside` when a range of the
 * quantity's measure holds it, `outside` when the condition states ranges of that measure and none
 * holds it, `unknown` when the question states no quantity or the condition no range of its measure.
 */
export function rangeFit(question: string, condition: string): RangeFit {
  const quantities = situationQuantities(question);
  if (quantities.length === 0) return "unknown";
  const ranges = statedRanges(condition);
  let fit: RangeFit = "unknown";
  for (const quantity of quantities) {
    const ofMeasure = ranges.filter((range) => range.measure === quantity.measure);
    if (ofMeasure.length === 0) continue;
    if (ofMeasure.some((range) => holds(range, quantity.value))) return "inside";
    fit = "outside";
  }
  return fit;
}
