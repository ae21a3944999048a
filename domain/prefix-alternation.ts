// One regular expression for a long list of literal words, factored by their common prefixes.
//
// Why: V8 compiles a pattern on its first use, and a flat alternation of a thousand words (the
// locales' same-period words with every count and unit: 这三个月, "the same two quarters" …) took
// about 25 ms of a cold `plan` to compile and run once; the same words as a prefix tree compile
// and match in a fraction of that. At each branch a longer word is tried before a word that ends
// there, so the match at a position is the longest listed word, as a flat list sorted longest
// first gives.

import { escapeRegExp } from "./word-boundary.js";

/** What must hold before a word (from its first character) and after it (from its last). */
export interface WordEdges {
  before: string;
  after: string;
}

interface TrieNode {
  children: Map<string, TrieNode>;
  /** Set when a listed word ends here: the boundary that must hold after it. */
  endsWith?: string;
}

/**
 * The source of a pattern matching any of `words` literally (use with the `u` flag), each with
 * the boundaries `edges` gives it. Words that share a first character share their `before`
 * boundary and words that end on one node share their `after` one (the boundaries follow from
 * the characters at the edges); a list that breaks this is a programming error and throws.
 */
export function prefixAlternation(words: readonly string[], edges: (word: string) => WordEdges): string {
  const root: TrieNode = { children: new Map() };
  const beforeByFirst = new Map<string, string>();
  for (const word of words) {
    const characters = Array.from(word);
    if (characters.length === 0) continue;
    const { before, after } = edges(word);
    const known = beforeByFirst.get(characters[0]);
    if (known !== undefined && known !== before)
      throw new Error(`words starting with ${characters[0]} need one boundary before them`);
    beforeByFirst.set(characters[0], before);
    let node = root;
    for (const character of characters) {
      let child = node.children.get(character);
      if (!child) {
        child = { children: new Map() };
        node.children.set(character, child);
      }
      node = child;
    }
    if (node.endsWith !== undefined && node.endsWith !== after)
      throw new Error(`"${word}" is listed with two boundaries after it`);
    node.endsWith = after;
  }
  const branches = [...root.children].map(
    ([first, child]) => `${beforeByFirst.get(first)}${escapeRegExp(first)}${subtreePattern(child)}`,
  );
  return branches.join("|");
}

/** The pattern of what may follow a node: its children, longest first, then the end of a word. */
function subtreePattern(node: TrieNode): string {
  const alternatives = [...node.children].map(
    ([character, child]) => `${escapeRegExp(character)}${subtreePattern(child)}`,
  );
  if (node.endsWith !== undefined) alternatives.push(node.endsWith);
  if (alternatives.length === 0) return "";
  if (alternatives.length === 1)
    return node.endsWith === undefined ? alternatives[0] : `(?:${alternatives[0]})`;
  return `(?:${alternatives.join("|")})`;
}
