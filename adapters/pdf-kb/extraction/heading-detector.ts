import { joinWithSpace } from "./cjk-text.js";
import type { TextLine } from "./page-lines.js";

/** A line recognised as a heading, with what made it one. */
export interface HeadingLine {
  line: TextLine;
  /** Depth of a leading section number ("3.2" → 2); 0 when unnumbered. */
  numberDepth: number;
  bold: boolean;
  /** Which rule fired: size, numbered, bold or centred. */
  rule: "size" | "numbered" | "bold" | "centred";
  /** The lines a heading too long for one line wrapped onto, below `line` (empty for most). */
  continuation: TextLine[];
}

/** A heading's whole text, its wrapped lines joined (no space at a CJK seam). */
export function headingText(heading: HeadingLine): string {
  return heading.continuation.reduce(
    (text, line) => joinWithSpace(text, line.text.trim()),
    heading.line.text.trim(),
  );
}

/** Font facts of a line's font, when known. */
export type FontLookup = (line: TextLine) => { bold: boolean } | undefined;

const SECTION_NUMBER = /^((?:\d{1,2}\.){0,4}\d{1,2})\.?\s+(?=[^\d\s.,%])/u;
const CJK_NUMBERING =
  /^(第[一二三四五六七八九十百零〇\d]+[章節节條条部篇]|[一二三四五六七八九十]+[、.．]|[（(][一二三四五六七八九十]+[)）])/u;
const SENTENCE_END = /[.;,!?。；，！？]$/u;
/** The sentence ends a heading may still wrap after. */
const WRAP_PUNCTUATION = /[,，、]$/u;

/** Character-weighted median font size of the lines: the body text's size. */
export function bodyFontSize(lines: TextLine[]): number {
  const sizes: [number, number][] = lines.map((line) => [line.fontSize, line.text.length]);
  sizes.sort((a, b) => a[0] - b[0]);
  const total = sizes.reduce((sum, [, weight]) => sum + weight, 0);
  let seen = 0;
  for (const [size, weight] of sizes) {
    seen += weight;
    if (seen >= total / 2) return size;
  }
  return sizes[sizes.length - 1]?.[0] ?? 10;
}

/** Depth of the section number a heading starts with ("2" → 1, "2.1" → 2; CJK chapter marks → 1). */
export function sectionNumberDepth(text: string): number {
  const match = SECTION_NUMBER.exec(text);
  if (match) return match[1].split(".").length;
  if (CJK_NUMBERING.test(text)) return /^[（(]/.test(text) ? 2 : 1;
  return 0;
}

/** True for the characters JavaScript's \s matches. */
function isWhitespace(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    code === 0x20 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Characters other than whitespace, a surrogate pair counting once (no copy of the text). */
function visibleLength(text: string): number {
  let count = 0;
  // The last code unit kept, and whether it opened a pair (as with whitespace removed first).
  let pairOpen = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isWhitespace(code)) continue;
    if (pairOpen && code >= 0xdc00 && code <= 0xdfff) {
      pairOpen = false;
      continue;
    }
    pairOpen = code >= 0xd800 && code <= 0xdbff;
    count += 1;
  }
  return count;
}

/**
 * Line-numbered text (transcripts, code listings) starts most lines with a number, and there the
 * number says nothing about structure: more than half of the lines numbered, by plain integers
 * counting up (a line without text has none; a new page may start again). Section numbers
 * ("2", "2.1", "2.2", "3") are not such a count, and a short page whose headings are a third of
 * its lines is no transcript: on a scan, where no bold font tells a heading, the number is all
 * that marks a subsection.
 */
function lineNumbered(lines: TextLine[]): boolean {
  const numbered = lines.filter((line) => sectionNumberDepth(line.text) > 0);
  if (numbered.length <= Math.max(3, 0.5 * lines.length)) return false;
  const numbers = numbered.map((line) => SECTION_NUMBER.exec(line.text.trim())?.[1]);
  return numbers.every(
    (number, index) =>
      number !== undefined &&
      /^\d+$/.test(number) &&
      (index === 0 ||
        Number(number) > Number(numbers[index - 1]) ||
        numbered[index].page !== numbered[index - 1].page),
  );
}

/**
 * Decides which lines are headings, from layout alone: a font clearly larger than the body's
 * median; a leading section number on a short line; a bold short line; or a short, isolated,
 * centred line. Sentences (ending in . ; , etc.), page numbers and long lines never qualify.
 */
export function detectHeadings(
  lines: TextLine[],
  fontOf: FontLookup,
  bodySize = bodyFontSize(lines),
): HeadingLine[] {
  const headings: HeadingLine[] = [];
  const numbersAreStructure = !lineNumbered(lines);
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    const text = line.text.trim();
    const length = visibleLength(text);
    if (length < 2 || length > 120) continue;
    if (!/[\p{L}]/u.test(text)) continue;
    const numberDepth = sectionNumberDepth(text);
    const bold = fontOf(line)?.bold ?? false;
    const larger = line.fontSize >= bodySize * 1.1 && line.fontSize >= bodySize + 1;
    const endsSentence = SENTENCE_END.test(text);
    const next = lines[index + 1];
    const gapBelow =
      next && next.page === line.page && next.column === line.column
        ? next.bbox[1] - line.bbox[3]
        : Number.POSITIVE_INFINITY;
    // A large line that breaks after a comma is a long heading wrapping when the next line goes on
    // in the same size at a line's leading ("Delays, cancellations," / "and compensation").
    const wrapsOn =
      endsSentence &&
      WRAP_PUNCTUATION.test(text) &&
      next !== undefined &&
      gapBelow < 0.6 * line.fontSize &&
      Math.abs(next.fontSize - line.fontSize) < 0.5;
    if (larger && length <= 100 && (!endsSentence || wrapsOn)) {
      headings.push({ line, numberDepth, bold, rule: "size", continuation: [] });
      continue;
    }
    if (line.fontSize < bodySize * 0.95) continue;
    if (
      numberDepth > 0 &&
      numbersAreStructure &&
      length <= 80 &&
      !endsSentence &&
      (bold || line.gapAbove >= 0.5 * line.fontSize)
    ) {
      headings.push({ line, numberDepth, bold, rule: "numbered", continuation: [] });
      continue;
    }
    if (bold && length <= 80 && !endsSentence) {
      headings.push({ line, numberDepth, bold, rule: "bold", continuation: [] });
      continue;
    }
    const columnWidth = line.columnRight - line.columnLeft;
    const centre = (line.bbox[0] + line.bbox[2]) / 2;
    const width = line.bbox[2] - line.bbox[0];
    const centred =
      columnWidth > 0 &&
      Math.abs(centre - (line.columnLeft + line.columnRight) / 2) < 0.03 * columnWidth &&
      width < 0.6 * columnWidth;
    if (
      centred &&
      length <= 60 &&
      !endsSentence &&
      line.gapAbove >= 0.9 * line.fontSize &&
      gapBelow >= 0.6 * line.fontSize
    ) {
      headings.push({ line, numberDepth, bold, rule: "centred", continuation: [] });
    }
  }
  return joinWrappedHeadings(headings, lines);
}

/**
 * A title too long for the page wraps onto a second line set in the same font: both lines pass
 * the rules above, and read as two headings the second would replace the first in every section
 * path ("Policy 2025" for "Passenger Service Policy 2025"). A heading line directly below another,
 * in the same column, font size and weight, aligned with it, at the leading of one paragraph and
 * without a section number of its own, continues it.
 */
function joinWrappedHeadings(headings: HeadingLine[], lines: TextLine[]): HeadingLine[] {
  const position = new Map(lines.map((line, index) => [line, index]));
  const joined: HeadingLine[] = [];
  for (const heading of headings) {
    const previous = joined[joined.length - 1];
    const above = previous ? (previous.continuation.at(-1) ?? previous.line) : undefined;
    if (previous && above && continues(above, heading, previous, position)) {
      previous.continuation.push(heading.line);
      continue;
    }
    joined.push(heading);
  }
  return joined;
}

function continues(
  above: TextLine,
  heading: HeadingLine,
  previous: HeadingLine,
  position: Map<TextLine, number>,
): boolean {
  const line = heading.line;
  const size = above.fontSize;
  const leftAligned = Math.abs(line.bbox[0] - above.bbox[0]) < size;
  const centred = Math.abs((line.bbox[0] + line.bbox[2]) / 2 - (above.bbox[0] + above.bbox[2]) / 2) < size;
  return (
    position.get(line) === (position.get(above) ?? -2) + 1 &&
    line.page === above.page &&
    line.column === above.column &&
    Math.abs(line.fontSize - size) < 0.5 &&
    heading.bold === previous.bold &&
    heading.numberDepth === 0 &&
    line.gapAbove < 0.6 * size &&
    (leftAligned || centred)
  );
}

/**
 * True when heading a ranks above heading b in the outline: both numbered → fewer number parts;
 * otherwise the larger font (within 0.5 pt counts as equal), then bold over regular.
 */
export function outranks(a: HeadingLine, b: HeadingLine): boolean {
  if (a.numberDepth > 0 && b.numberDepth > 0 && Math.abs(a.line.fontSize - b.line.fontSize) < 2.5)
    return a.numberDepth < b.numberDepth;
  if (Math.abs(a.line.fontSize - b.line.fontSize) >= 0.5) return a.line.fontSize > b.line.fontSize;
  if (a.bold !== b.bold) return a.bold;
  if (a.numberDepth > 0 && b.numberDepth > 0) return a.numberDepth < b.numberDepth;
  return false;
}
