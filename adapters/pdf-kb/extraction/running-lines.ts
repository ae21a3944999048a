import type { TextLine } from "./page-lines.js";

function key(line: TextLine, pageHeight: number): string {
  // Page numbers change from page to page; the band (top or bottom) and the words stay.
  const band = line.bbox[1] < pageHeight * 0.12 ? "top" : line.bbox[3] > pageHeight * 0.88 ? "bottom" : "";
  if (band === "") return "";
  return `${band}:${line.text.replace(/\d+/g, "#").replace(/\s+/g, " ").trim().toLowerCase()}`;
}

/**
 * Removes running headers and footers: lines in the top or bottom band whose text (digits
 * ignored) repeats on at least half of the pages of a document of three or more pages. A lone
 * page number in the bottom band is dropped on any page.
 */
export function removeRunningLines(
  lines: TextLine[],
  pageHeights: Map<number, number>,
  pageCount: number,
): TextLine[] {
  const pagesByKey = new Map<string, Set<number>>();
  for (const line of lines) {
    const lineKey = key(line, pageHeights.get(line.page) ?? 792);
    if (lineKey === "") continue;
    const pages = pagesByKey.get(lineKey) ?? new Set<number>();
    pages.add(line.page);
    pagesByKey.set(lineKey, pages);
  }
  return lines.filter((line) => {
    const height = pageHeights.get(line.page) ?? 792;
    const lineKey = key(line, height);
    if (lineKey === "") return true;
    if (
      /^(bottom|top):(page )?#( of #)?$|^(bottom|top):[-–— ]*#[-–— ]*$|^(bottom|top):第 ?# ?[页頁]/.test(
        lineKey,
      )
    )
      return false;
    return !(pageCount >= 3 && (pagesByKey.get(lineKey)?.size ?? 0) >= Math.max(3, pageCount / 2));
  });
}
