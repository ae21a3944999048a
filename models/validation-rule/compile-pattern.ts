import { RE2JS } from "re2js";
import { MAX_PATTERN_LENGTH } from "./rule-limits.js";

/** A compiled pattern for `matches`: linear-time, so no input can make it backtrack catastrophically. */
export interface CompiledPattern {
  test(input: string): boolean;
  /**
   * Size of the compiled program: matching costs about this many steps per input character,
   * which is what a rule's work budget counts.
   */
  readonly instructions: number;
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
  const result: CompiledPattern = {
    test: (input) => compiled.test(input),
    instructions: programSize(compiled),
  };
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(pattern, result);
  return result;
}

/**
 * The number of instructions of the compiled RE2 program. re2js keeps it on an internal field;
 * should that move, the pattern's length with each counted repetition expanded is the estimate.
 */
function programSize(compiled: RE2JS): number {
  const internal = (compiled as unknown as { re2Input?: { prog?: { inst?: unknown[] } } }).re2Input?.prog
    ?.inst;
  if (Array.isArray(internal)) return Math.max(1, internal.length);
  let size = compiled.pattern().length;
  for (const match of compiled.pattern().matchAll(/\{(\d+)(?:,(\d*))?\}/g))
    size += Number(match[2] || match[1]);
  return Math.max(1, size);
}
