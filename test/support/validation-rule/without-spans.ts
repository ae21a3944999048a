/** A rule tree without its text positions (`start`, `end`, `source`), to compare a parsed tree with a built one. */
export function withoutSpans(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSpans);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "start" && key !== "end" && key !== "source" && key !== "patternSpan")
      .map(([key, inner]) => [key, withoutSpans(inner)]),
  );
}
