// A table's text rendering puts a row's label and its column's header on different lines
// ("| 2019 | 2018" at the top, "Revenue | 1,234 | 1,100" further down), so a question about
// "revenue in 2019" matches the words but never the pair. One line per filled cell naming its
// row and its column puts the pair side by side for the full-text word bigrams and the embedder.

/** The header text of each column: the non-empty header cells above it, top to bottom. */
function columnHeaders(cells: string[][], headerRows: number): string[] {
  const width = Math.max(0, ...cells.map((row) => row.length));
  return Array.from({ length: width }, (_, column) =>
    cells
      .slice(0, headerRows)
      .map((row) => (row[column] ?? "").trim())
      .filter(Boolean)
      .join(" "),
  );
}

/**
 * Lines "<row label> <column header>" for every filled cell of the given body rows (indices
 * into the body, all when omitted). The label is the row's first cell (a year or a version
 * can label a row too); a row whose first cell is empty (a subtotal) has none and adds
 * nothing, nor does a table without recognised header rows. Values are left out because
 * questions name rows and columns, not the figures.
 */
export function tableCellLines(cells: string[][], headerRows: number, bodyRows?: number[]): string[] {
  if (headerRows <= 0) return [];
  const headers = columnHeaders(cells, headerRows);
  const body = cells.slice(headerRows);
  const lines: string[] = [];
  for (const index of bodyRows ?? body.keys()) {
    const row = body[index] ?? [];
    const label = (row[0] ?? "").trim();
    if (label === "") continue;
    for (let column = 1; column < row.length; column += 1) {
      if ((row[column] ?? "").trim() === "" || headers[column] === "") continue;
      lines.push(`${label} ${headers[column]}`);
    }
  }
  return lines;
}
