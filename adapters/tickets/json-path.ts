import { JSONPath } from "jsonpath-plus";

/** A JSONPath compiled once and evaluated on many records; returns every match (empty when none). */
export type CompiledPath = (json: unknown) => unknown[];

const PLAIN_SEGMENT = /^[^*?@()^~$:,.[\]'"`]+$/;

/**
 * Compiles a JSONPath. Plain member paths ($.a.b[0].c) become a direct property walk, which is
 * many times faster than the general evaluator and gives the same result; anything else
 * (wildcards, filters, recursive descent) is evaluated by jsonpath-plus.
 */
export function compilePath(path: string): CompiledPath {
  let compiled = cache.get(path);
  if (!compiled) {
    compiled = compileUncached(path);
    cache.set(path, compiled);
  }
  return compiled;
}

// Paths come from the YAML, so the set is small; compiling each once keeps per-record work to the walk.
const cache = new Map<string, CompiledPath>();

function compileUncached(path: string): CompiledPath {
  let segments: string[];
  try {
    segments = JSONPath.toPathArray(path).slice();
  } catch {
    segments = [];
  }
  const plain =
    segments.length > 0 &&
    segments[0] === "$" &&
    segments.slice(1).every((segment) => PLAIN_SEGMENT.test(segment) && !/^-/.test(segment));
  if (!plain) return generalPath(path);
  const steps = segments.slice(1);
  return (json) => {
    let current: unknown = json;
    for (const step of steps) {
      if (current === null || typeof current !== "object") return [];
      if (!Object.hasOwn(current as object, step)) return [];
      current = (current as Record<string, unknown>)[step];
    }
    return current === undefined ? [] : [current];
  };
}

/** Evaluates a path with jsonpath-plus only (the reference the compiled form must agree with). */
export function generalPath(path: string): CompiledPath {
  return (json) => {
    if (json === null || typeof json !== "object") return [];
    return JSONPath({ path, json: json as object, wrap: true, eval: "safe" }) as unknown[];
  };
}

/** The first match of a path, or undefined. */
export function firstMatch(path: string, json: unknown): unknown {
  return compilePath(path)(json)[0];
}
