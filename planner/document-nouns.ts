import { localeWords } from "./locales/index.js";

const escapeRegex = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
let pattern: RegExp | undefined;

/**
 * Where a folded text names a document of rules (policy, handbook, 政策, 规定; each locale's
 * `documentNouns`, Latin words whole): a clause asking what one says is a document ask.
 * Built on first use.
 */
export function documentNounSpans(normalized: string): { start: number; end: number }[] {
  pattern ??= new RegExp(
    [
      ...localeWords("documentNouns", true).map((word) => `\\b${escapeRegex(word)}\\b`),
      ...localeWords("documentNouns", false).map(escapeRegex),
    ].join("|"),
    "gu",
  );
  return [...normalized.matchAll(pattern)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
  }));
}
