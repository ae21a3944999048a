/**
 * The text a reader is shown for a cell or any value: nothing for null and undefined, JSON for an
 * object or array, `String` otherwise. The CLI's tables and the HTML and Markdown reports write
 * values through it, so a cell reads the same in each.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}
