/**
 * Optimal-string-alignment distance: Levenshtein plus the transposition of two adjacent
 * characters as one edit, the commonest typing slip ("retrun" → "return", "chrun" → "churn"),
 * which plain Levenshtein (fastest-levenshtein) counts as two.
 */
export function typingDistance(a: string, b: string): number {
  if (a === b) return 0;
  const rows = a.length + 1;
  const columns = b.length + 1;
  const table: number[][] = Array.from({ length: rows }, (_, row) =>
    Array.from({ length: columns }, (_, column) => (row === 0 ? column : column === 0 ? row : 0)),
  );
  for (let row = 1; row < rows; row += 1) {
    for (let column = 1; column < columns; column += 1) {
      const cost = a[row - 1] === b[column - 1] ? 0 : 1;
      let best = Math.min(
        table[row - 1][column] + 1,
        table[row][column - 1] + 1,
        table[row - 1][column - 1] + cost,
      );
      if (row > 1 && column > 1 && a[row - 1] === b[column - 2] && a[row - 2] === b[column - 1])
        best = Math.min(best, table[row - 2][column - 2] + 1);
      table[row][column] = best;
    }
  }
  return table[rows - 1][columns - 1];
}
