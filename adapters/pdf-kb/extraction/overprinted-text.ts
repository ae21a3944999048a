import type { PositionedText } from "./positioned-text.js";

// Fake bold and drop shadows draw the same text twice, the copy a fraction of a point away:
// wkhtmltopdf (Qt) draws every bold run of a font that has no bold face again 0.3 pt to the right,
// and pdf.js reports both runs, so a heading read "精鹰零部件精鹰零部件" and a table cell
// "零零件件" (tabula reads the glyphs interleaved). A reader sees one copy. Poppler's pdftotext
// drops such duplicates (TextOutputDev.cc, TextBlock::coalesce): a word whose text equals an
// earlier word's and whose box lies within dupMaxPriDelta = 0.1 font size along the line (both
// ends) and dupMaxSecDelta = 0.2 font size across it. The same rule is applied here to pdf.js's
// runs, with the baseline for the box's vertical position.

/** Along the line: both ends within this share of the font size (poppler's dupMaxPriDelta). */
const ALONG_LINE = 0.1;
/** Across the line: baselines within this share of the font size (poppler's dupMaxSecDelta). */
const ACROSS_LINE = 0.2;

/**
 * A page's runs without the copies drawn over an earlier run (same text, same size, a fraction of
 * a glyph away), whether the producer drew the whole run again or each glyph twice.
 */
export function removeOverprintedRuns(items: PositionedText[]): PositionedText[] {
  return trimOverprintedHeads(removeRepeatedRuns(items));
}

function removeRepeatedRuns(items: PositionedText[]): PositionedText[] {
  const kept: PositionedText[] = [];
  const byText = new Map<string, PositionedText[]>();
  for (const item of items) {
    if (item.text.trim() === "") {
      kept.push(item);
      continue;
    }
    const earlier = byText.get(item.text);
    const copy = earlier?.some((other) => isOverprint(other, item));
    if (copy) {
      // The copy may carry the line's end that the first did not.
      if (item.endOfLine) {
        const original = earlier!.find((other) => isOverprint(other, item))!;
        original.endOfLine = true;
      }
      continue;
    }
    kept.push(item);
    if (earlier) earlier.push(item);
    else byText.set(item.text, [item]);
  }
  return kept;
}

function isOverprint(first: PositionedText, second: PositionedText): boolean {
  const size = first.fontSize;
  if (Math.abs(first.fontSize - second.fontSize) > size * 0.05) return false;
  return (
    Math.abs(first.x - second.x) < ALONG_LINE * size &&
    Math.abs(first.x + first.width - (second.x + second.width)) < ALONG_LINE * size &&
    Math.abs(first.baseline - second.baseline) < ACROSS_LINE * size
  );
}

/**
 * Glyph by glyph: a producer that draws each glyph twice moves back after the first copy, and
 * pdf.js starts a new run at every move back, so "Warm" comes as "W", "Wa", "ar", "rm", "m", each
 * run starting on the last glyph of the one before. A run that starts inside the previous run of
 * its line, with the previous run's last characters as its first ones, drawn where those
 * characters stand (their estimated width within the same 0.1 font size), loses those characters.
 * pdf.js gives no glyph positions, so a character's width is the run's width over its characters.
 */
function trimOverprintedHeads(items: PositionedText[]): PositionedText[] {
  const result: PositionedText[] = [];
  let previous: PositionedText | undefined;
  for (const item of items) {
    if (item.text.trim() === "") {
      result.push(item);
      continue;
    }
    const trimmed = previous ? withoutOverprintedHead(previous, item) : item;
    if (trimmed) {
      result.push(trimmed);
      previous = trimmed;
    }
  }
  return result;
}

function withoutOverprintedHead(previous: PositionedText, item: PositionedText): PositionedText | undefined {
  const size = previous.fontSize;
  if (Math.abs(previous.fontSize - item.fontSize) > size * 0.05) return item;
  if (Math.abs(previous.baseline - item.baseline) >= ACROSS_LINE * size) return item;
  const overlap = previous.x + previous.width - item.x;
  const previousCharacters = Array.from(previous.text);
  const characters = Array.from(item.text);
  const perCharacter = previous.width / previousCharacters.length;
  // Only a step back over at least half a glyph: kerning and tight tracking stay.
  if (overlap < perCharacter / 2) return item;
  for (let count = Math.min(previousCharacters.length, characters.length); count >= 1; count -= 1) {
    const tail = previousCharacters.slice(-count).join("");
    if (characters.slice(0, count).join("") !== tail) continue;
    if (Math.abs(overlap - perCharacter * count) >= ALONG_LINE * size * count) continue;
    if (count === characters.length) return undefined;
    return {
      ...item,
      text: characters.slice(count).join(""),
      x: item.x + overlap,
      width: Math.max(0, item.width - overlap),
    };
  }
  return item;
}
