import type { Workspace } from "../../config/workspace.js";

// Finds words of another language in what a person reads under an answer: Latin-letter phrases in
// a Chinese answer, Chinese characters in an English one. What may legitimately be in another
// language is taken out first: quotations (an upstream's own words, a document's passage), proper
// names the workspace gave (catalog keys, labels, synonyms and values, source, dataset and column
// names, paths), URLs and file names, and codes (return_rate, product=A, LOG-101, 2024-Q1, PDF).
// What is left of another language is a sentence the answer should have said in its own.

export type AnswerLanguage = "en" | "zh-Hans" | "zh-Hant";

/** A word or phrase of another language, with the text around it to find it by. */
export interface ForeignRun {
  run: string;
  context: string;
}

/** Quotation marks whose content is another's words: Chinese corner brackets, curly and straight quotes. */
const QUOTATIONS = [/「[^」]*」/g, /『[^』]*』/g, /“[^”]*”/g, /"[^"\n]*"/g, /‘[^’\n]*’/g];
const URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s「」“”"'）)，。；]+/gi;
/** A path or a file name: anything with a slash, or a name with an extension. */
const PATH =
  /[^\s「」“”"（）()，。；：:]*[/\\][^\s「」“”"（）()，。；]*|\b[\w.-]+\.(?:pdf|csv|json|jsonl|yaml|yml|xlsx|txt|md|html|lance)\b/gi;
/** Codes: identifiers with _ = or digits (return_rate, region=East, LOG-101, 2024-Q1, 3.4.0), acronyms (PDF, HTTP, YoY). */
const CODE = /[A-Za-z0-9]*[_=\d][A-Za-z0-9_=.|+-]*|\b[A-Z][A-Za-z]*[A-Z][A-Za-z]*\b/g;
const LATIN_WORD = /[A-Za-z][A-Za-z'’-]*/g;
const HAN = /[\p{Script=Han}\u3001-\u3003\u3008-\u3011\uff01-\uff1f]+/gu;

/**
 * Proper names in a workspace's configuration: every string value but prose (descriptions), and
 * every key, both the names a workspace gave (sources, datasets, metrics, values, columns) and the
 * YAML keys a person types and a message may point to (catalog, events).
 */
export function workspaceNames(workspace: Workspace): string[] {
  const names = new Set<string>();
  const walk = (value: unknown, key: string) => {
    if (typeof value === "string") {
      if (key !== "description") names.add(value);
    } else if (Array.isArray(value)) for (const entry of value) walk(entry, key);
    else if (value && typeof value === "object")
      for (const [name, entry] of Object.entries(value)) {
        names.add(name);
        walk(entry, name);
      }
  };
  walk(workspace.config, "");
  return [...names].filter((name) => name.trim().length >= 2);
}

function literalPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The text with quotations, paths, URLs, proper names and codes blanked (same length, so positions hold). */
export function withoutAllowed(text: string, properNames: Iterable<string>): string {
  const blank = (match: string) => " ".repeat(match.length);
  let rest = text;
  for (const quotation of QUOTATIONS) rest = rest.replace(quotation, blank);
  rest = rest.replace(URL, blank).replace(PATH, blank);
  // Longest first, so "Patient visits" goes before "visits"; Latin names only as whole words.
  const names = [...new Set(properNames)].sort((a, b) => b.length - a.length);
  for (const name of names) {
    const latin = /^[\x20-\x7e]+$/.test(name);
    const pattern = latin
      ? new RegExp(`(?<![A-Za-z])${literalPattern(name)}(?![A-Za-z])`, "gi")
      : new RegExp(literalPattern(name), "g");
    rest = rest.replace(pattern, blank);
  }
  return rest.replace(CODE, blank);
}

/**
 * Runs of another language's words: in a Chinese answer, two or more Latin words in a row, or one
 * lower-case word of three letters or more (an English word, not a name); in an English answer,
 * any Chinese characters.
 */
export function foreignSentences(
  text: string,
  language: AnswerLanguage,
  properNames: Iterable<string>,
): ForeignRun[] {
  const rest = withoutAllowed(text, properNames);
  const found: ForeignRun[] = [];
  const report = (start: number, end: number) =>
    found.push({
      run: text.slice(start, end),
      context: text.slice(Math.max(0, start - 30), Math.min(text.length, end + 30)).replace(/\n/g, " ⏎ "),
    });
  if (language === "en") {
    for (const match of rest.matchAll(HAN)) {
      // Chinese punctuation alone (a stray "，" between names) is not a sentence; characters are.
      if (/\p{Script=Han}/u.test(match[0])) report(match.index, match.index + match[0].length);
    }
    return found;
  }
  // Latin words, grouped into runs when only spaces and light punctuation stand between them.
  const words = [...rest.matchAll(LATIN_WORD)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    word: match[0],
  }));
  let index = 0;
  while (index < words.length) {
    let last = index;
    while (
      last + 1 < words.length &&
      /^[\s,;:()'’-]*$/.test(rest.slice(words[last].end, words[last + 1].start)) &&
      !rest.slice(words[last].end, words[last + 1].start).includes("\n")
    )
      last++;
    const run = words.slice(index, last + 1);
    const single = run.length === 1 ? run[0].word : undefined;
    if (!single || (single.length >= 3 && single === single.toLowerCase()))
      report(run[0].start, run[run.length - 1].end);
    index = last + 1;
  }
  return found;
}
