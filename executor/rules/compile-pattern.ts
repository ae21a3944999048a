import { RE2JS } from "re2js";
import { MAX_PATTERN_LENGTH } from "./rule-limits.js";

/** A compiled pattern for `matches`: linear-time, so no input can make it backtrack catastrophically. */
export interface CompiledPattern {
  test(input: string): boolean;
}

// Rules are evaluated again and again (every retry, every report job); keep compiled patterns.
const cache = new Map<string, CompiledPattern>();
const CACHE_SIZE = 256;

/**
 * Compiles a `matches` pattern with RE2 (via re2js) rather than JavaScript's backtracking
 * RegExp: RE2 runs in time linear in the input and has no backreferences or lookaround, which
 * are exactly the features that make patterns from YAML dangerous. Throws an Error whose
 * message says what is wrong with the pattern.
 */
export function compilePattern(pattern: string): CompiledPattern {
  const cached = cache.get(pattern);
  if (cached) return cached;
  if (pattern.length > MAX_PATTERN_LENGTH) {
    throw new Error(`pattern is ${pattern.length} characters long; the limit is ${MAX_PATTERN_LENGTH}`);
  }
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(pattern);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`invalid pattern: ${message.replace(/^error parsing regexp: /, "")}`);
  }
  const result: CompiledPattern = { test: (input) => compiled.test(input) };
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(pattern, result);
  return result;
}
