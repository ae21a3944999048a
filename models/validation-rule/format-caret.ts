/** Characters shown on each side of the caret, so a 10,000-character rule still prints as one short line. */
const WINDOW = 50;

// Wide (CJK, full-width) characters take two terminal columns; the caret must line up under them.
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

function displayWidth(text: string): number {
  let width = 0;
  for (const character of text) width += WIDE.test(character) ? 2 : 1;
  return width;
}

/**
 * Shows the line of `text` that holds `position` (a 0-based offset) with a caret under it,
 * clipped to a window around the position:
 * ```
 *   rows >= AND x
 *           ^
 * ```
 */
export function formatCaret(text: string, position: number): string {
  const at = Math.max(0, Math.min(position, text.length));
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  const newline = text.indexOf("\n", at);
  const lineEnd = newline === -1 ? text.length : newline;
  const from = Math.max(lineStart, at - WINDOW);
  const to = Math.min(lineEnd, at + WINDOW);
  const prefix = from > lineStart ? "…" : "";
  const suffix = to < lineEnd ? "…" : "";
  // Tabs and other control characters would move the caret; show them as spaces.
  const clean = (part: string) => part.replace(/\p{Cc}/gu, " ");
  const before = prefix + clean(text.slice(from, at));
  const line = before + clean(text.slice(at, to)) + suffix;
  return `  ${line}\n  ${" ".repeat(displayWidth(before))}^`;
}
