// tabula-java 0.9 returns the glyphs of a line in visual order, left to right. For Hebrew and
// Arabic that is the reverse of the order the text is read and stored in ("לכה ךס" for
// "סך הכל"), so search and display both need the logical order back.

const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;
// Characters that keep their left-to-right order inside a right-to-left line: Latin and other
// left-to-right letters and digits.
const LEFT_TO_RIGHT = /[\p{L}\p{N}]/u;
// Neutral characters that join two left-to-right characters into one run ("4.3", "1,200",
// "2014-2015", "a b").
const JOINER = /[.,:/%\-+ ]/u;
const MIRRORED: Record<string, string> = {
  "(": ")",
  ")": "(",
  "[": "]",
  "]": "[",
  "{": "}",
  "}": "{",
  "<": ">",
  ">": "<",
};

/** True when the text holds a Hebrew or Arabic letter. */
export function hasRightToLeft(text: string): boolean {
  return RIGHT_TO_LEFT.test(text);
}

function isLeftToRight(character: string): boolean {
  return LEFT_TO_RIGHT.test(character) && !RIGHT_TO_LEFT.test(character);
}

/**
 * Turns one line read in visual order (left to right on the page) into logical order, taking
 * the line as right-to-left when it holds a Hebrew or Arabic letter: the characters are
 * reversed, runs of left-to-right letters and digits (with the dots, commas and spaces
 * between them) keep their own order, and brackets outside those runs are mirrored. A line
 * without right-to-left letters comes back unchanged.
 */
export function visualToLogical(line: string): string {
  if (!hasRightToLeft(line)) return line;
  const characters = Array.from(line);
  const units: string[] = [];
  let index = 0;
  while (index < characters.length) {
    if (!isLeftToRight(characters[index])) {
      units.push(MIRRORED[characters[index]] ?? characters[index]);
      index += 1;
      continue;
    }
    // A left-to-right run ends at its last left-to-right character; joiners after it belong
    // to the right-to-left text around it.
    let end = index;
    let scan = index + 1;
    while (scan < characters.length && (isLeftToRight(characters[scan]) || JOINER.test(characters[scan]))) {
      if (isLeftToRight(characters[scan])) end = scan;
      scan += 1;
    }
    units.push(characters.slice(index, end + 1).join(""));
    index = end + 1;
  }
  return units.reverse().join("");
}
