// Whether a cell holds one of the values a sub-goal filters on. Every tabular source resolves a
// filter value through the catalog's synonyms the same way: the catalog key ("South") matches a
// cell holding it or any of its synonyms ("South China", "华南"), compared without case, width or
// surrounding space, so a filter means the same on a dashboard, a file export and a PDF table.

import type { CellValue } from "../../models/evidence.js";

function key(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

/** The cell matches a wanted value itself or one of that value's synonyms in the catalog dimension. */
export function cellMatchesFilter(
  value: CellValue | undefined,
  wanted: string | string[],
  synonyms: Record<string, string[]> | undefined,
): boolean {
  if (value === null || value === undefined) return false;
  const text = key(String(value));
  const values = Array.isArray(wanted) ? wanted : [wanted];
  return values.some((canonical) => {
    if (key(canonical) === text) return true;
    // The filter may carry a synonym itself ("South China"): match it to its key's other names.
    const entry =
      synonyms?.[canonical] !== undefined
        ? ([canonical, synonyms[canonical]] as const)
        : Object.entries(synonyms ?? {}).find(([, names]) =>
            names.some((name) => key(name) === key(canonical)),
          );
    if (!entry) return false;
    const [canonicalKey, names] = entry;
    return key(canonicalKey) === text || names.some((name) => key(name) === text);
  });
}
