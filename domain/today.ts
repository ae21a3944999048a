/** Today's date in UTC, YYYY-MM-DD: the as-of date of a question that names none. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}
