/**
 * Questions about the assistant itself rather than about the data: "what can you do", "what data
 * do you have", 你都能帮我查哪些数据, 你可以做什麼. They are answered with what the workspace's
 * catalog holds (the router's help reply), never planned: no catalog term is in them, and
 * refusing them as "no metric named" would leave the user without the list they asked for.
 *
 * Matched on the folded question (lower case, Traditional folded to Simplified), whole: a
 * capability phrase followed by a real subject ("what can you tell me about return rates") names
 * a catalog term and never reaches this check. The words are each language's
 * (planner/locales/<code>/capability-words.ts); this file holds none.
 */
import type { CapabilityPhrases } from "./locales/capability-phrases.js";
import { LANGUAGE_LOCALES } from "./locales/index.js";

// Punctuation and marks that ask or pause, never a word of the phrase.
const PUNCTUATION = /[?？!！.。,，、~～]+/gu;

interface CapabilityReader {
  spaced: boolean;
  fillers?: RegExp;
  openers: RegExp[];
  spellings: [RegExp, string][];
  pattern?: RegExp;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function alternation(words: readonly string[]): string {
  return [...words]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegex)
    .join("|");
}

function readerOf(phrases: CapabilityPhrases, spaced: boolean): CapabilityReader {
  // In a spaced language a word is whole: bounded by the start, the end or a space.
  const whole = (source: string) => (spaced ? `(?<![^\\s])(?:${source})(?![^\\s])` : `(?:${source})`);
  return {
    spaced,
    ...(phrases.fillers.length > 0 ? { fillers: new RegExp(whole(alternation(phrases.fillers)), "gu") } : {}),
    openers: phrases.openers
      .filter((group) => group.length > 0)
      .map((group) => new RegExp(`^(?:${alternation(group)})${spaced ? "\\s+" : ""}`, "u")),
    spellings: Object.entries(phrases.spellings).map(([written, full]) => [
      new RegExp(whole(escapeRegex(written)), "gu"),
      full,
    ]),
    ...(phrases.patterns.length > 0
      ? { pattern: new RegExp(`^(?:${phrases.patterns.join("|")})$`, "u") }
      : {}),
  };
}

// Built on first use, not at import: most questions never reach this check.
let readers: CapabilityReader[] | undefined;

function capabilityReaders(): CapabilityReader[] {
  readers ??= LANGUAGE_LOCALES.map((locale) => readerOf(locale.capability, locale.spaced));
  return readers;
}

/** The question as one locale's patterns read it: marks, fillers and openers gone, spellings written out. */
function cleaned(folded: string, reader: CapabilityReader): string {
  let text = folded.replace(PUNCTUATION, reader.spaced ? " " : "");
  if (reader.fillers) text = text.replace(reader.fillers, " ");
  text = reader.spaced ? text.replace(/\s+/gu, " ").trim() : text.replace(/\s+/gu, "");
  for (const opener of reader.openers) text = text.replace(opener, "");
  for (const [written, full] of reader.spellings) text = text.replace(written, full);
  return text;
}

/** True when the whole folded question asks what the assistant can look up or answer. */
export function isCapabilityQuestion(folded: string): boolean {
  return capabilityReaders().some((reader) => reader.pattern?.test(cleaned(folded, reader)) ?? false);
}
