// A JSONPath from the YAML checked when the workspace loads, so a typo is a `config check` error
// at its line:column instead of "ok" followed by `Unexpected "?" at character 0` mid-run.

import { JSONPath } from "jsonpath-plus";

/** Why a JSONPath is malformed, or undefined when it reads. */
export function jsonPathProblem(path: string): string | undefined {
  const text = path.trim();
  if (!text.startsWith("$")) return `a JSONPath starts with "$" (e.g. "$.${text.replace(/^[?.@]+/, "")}")`;
  let depth = 0;
  let quote: string | undefined;
  const filters: string[] = [];
  let filterStart = -1;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (quote) {
      if (character === quote && text[index - 1] !== "\\") quote = undefined;
      continue;
    }
    if (character === "'" || character === '"') quote = character;
    else if (character === "[") {
      depth += 1;
      if (text.startsWith("[?(", index) && filterStart < 0) filterStart = index + 3;
    } else if (character === "]") {
      depth -= 1;
      if (depth < 0) return `unbalanced "]" at character ${index}`;
      if (depth === 0 && filterStart >= 0) {
        const end = text.lastIndexOf(")", index);
        if (end < filterStart)
          return `the filter starting at character ${filterStart - 3} is not closed by ")]"`;
        filters.push(text.slice(filterStart, end));
        filterStart = -1;
      }
    }
  }
  if (quote) return `an unclosed ${quote} quote`;
  if (depth > 0) return `an unclosed "[" (${depth} open)`;
  try {
    JSONPath.toPathArray(text);
  } catch (error) {
    return (error as Error).message;
  }
  // The safe evaluator parses a filter only when it meets an element: give it one.
  for (const filter of filters) {
    try {
      JSONPath({ path: `$[?(${filter})]`, json: [{}], wrap: true, eval: "safe" });
    } catch (error) {
      return `in the filter "${filter}": ${(error as Error).message}`;
    }
  }
  return undefined;
}
