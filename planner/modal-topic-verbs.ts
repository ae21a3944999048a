import type { Catalog } from "../models/workspace.js";
import { asksFigure, asksPolicy } from "./intents.js";
import { LANGUAGE_LOCALES } from "./locales/index.js";
import type { ModalWords } from "./locales/modal-words.js";
import { normalizeForMatching } from "./normalize-text.js";
import { clauseAround } from "./policy-mentions.js";
import type { Mention } from "./vocabulary.js";

const HAN = /^[\u4e00-\u9fff]+$/u;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const alternatives = (words: readonly string[]) =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegex)
    .join("|");
const optional = (words: readonly string[], after = "") =>
  words.length === 0 ? "" : `(?:(?:${alternatives(words)})${after})?`;

// The modal words of every locale (planner/locales/<code>/modal-words.ts), by script.
const HAN_MODALS = LANGUAGE_LOCALES.filter((locale) => !locale.spaced).map((locale) => locale.modals);
const LATIN_MODALS = LANGUAGE_LOCALES.filter((locale) => locale.spaced).map((locale) => locale.modals);
const words = (tables: ModalWords[], key: keyof ModalWords) => tables.flatMap((table) => [...table[key]]);
// A modal, an adverb, the verb (group 1), an aspect and a closing particle, then punctuation or the
// end (能退吗？, 可以换不, 能不能退).
const HAN_BEFORE = `(?:${alternatives(words(HAN_MODALS, "modals"))})${optional(words(HAN_MODALS, "adverbs"))}`;
const HAN_AFTER = `${optional(words(HAN_MODALS, "aspects"))}${optional(words(HAN_MODALS, "particles"))}(?=[\\s?？。!！，,；;]|$)`;
// "return to the dashboard": a direction word after the verb sends it somewhere.
const LATIN_DIRECTIONS = words(LATIN_MODALS, "directions");
const LATIN_NOT_GOING = LATIN_DIRECTIONS.length > 0 ? `(?!\\s+(?:${alternatives(LATIN_DIRECTIONS)})\\b)` : "";
// "can I (still) return": a modal, its subject, an adverb.
const LATIN_BEFORE = `\\b(?:${alternatives(words(LATIN_MODALS, "modals"))})\\s+(?:${alternatives(words(LATIN_MODALS, "subjects"))})\\s+${optional(words(LATIN_MODALS, "adverbs"), "\\s+")}`;

/** The verbs a topic's synonyms begin with: 退 (退货, 退款), 换 (换货), "return" (return policy). */
function topicVerbs(catalog: Catalog): { han: Map<string, string>; latin: Map<string, string> } {
  const han = new Map<string, string>();
  const latin = new Map<string, string>();
  for (const [name, topic] of Object.entries(catalog.topics))
    for (const synonym of [...topic.synonyms, ...(topic.label ? [topic.label] : [])]) {
      const folded = normalizeForMatching(synonym.trim());
      if (folded.length >= 2 && HAN.test(folded)) {
        if (!han.has(folded[0])) han.set(folded[0], name);
      } else {
        const first = /^[a-z]{4,}/u.exec(folded)?.[0];
        if (first && folded.length > first.length && !latin.has(first)) latin.set(first, name);
      }
    }
  return { han, latin };
}

const cache = new WeakMap<Catalog, ReturnType<typeof topicVerbs>>();

/**
 * A modal with a topic's verb standing alone (not "can I return to the dashboard") is a policy question of that topic: 能退吗, 可以退嗎,
 * 能不能换, "can I return it". The verb is the first character (or English word) of the topic's
 * synonyms; alone it names nothing, with the modal it asks what the policy allows. Spans already
 * taken by a catalog term are left to it (能退货吗 is the topic 退货 itself).
 */
export function findModalTopicVerbs(normalized: string, catalog: Catalog, taken: Mention[]): Mention[] {
  let verbs = cache.get(catalog);
  if (!verbs) {
    verbs = topicVerbs(catalog);
    cache.set(catalog, verbs);
  }
  const found: Mention[] = [];
  const free = (start: number, end: number) =>
    !taken.some((mention) => mention.start < end && start < mention.end);
  for (const [verb, topic] of verbs.han) {
    const pattern = new RegExp(`${HAN_BEFORE}(${escapeRegex(verb)})${HAN_AFTER}`, "gu");
    for (const match of normalized.matchAll(pattern)) {
      // The verb is the last occurrence of its character in the match (能不能退: not a modal's 不).
      const at = match.index + match[0].lastIndexOf(match[1]);
      if (!free(at, at + verb.length)) continue;
      found.push({ kind: "topic", name: topic, start: at, end: at + verb.length, text: verb });
    }
  }
  for (const [verb, topic] of verbs.latin) {
    // The verb alone in a clause that asks a rule and no figure ("how many days do customers have
    // to return an item?", "must I return the receipt?"): the word-form guard keeps it from a
    // measure of the same stem (returns), and it names the topic whose synonyms it opens. Not
    // "return to the dashboard": with "to" after it the verb goes somewhere, as with a modal below.
    for (const match of normalized.matchAll(
      new RegExp(`\\b${escapeRegex(verb)}\\b${LATIN_NOT_GOING}`, "gu"),
    )) {
      const at = match.index;
      if (!free(at, at + verb.length) || found.some((mention) => mention.start === at)) continue;
      const clause = clauseAround(normalized, { start: at, end: at + verb.length });
      if (!asksPolicy(clause) || asksFigure(clause)) continue;
      found.push({ kind: "topic", name: topic, start: at, end: at + verb.length, text: verb });
    }
    const pattern = new RegExp(`${LATIN_BEFORE}(${escapeRegex(verb)})\\b${LATIN_NOT_GOING}`, "gu");
    for (const match of normalized.matchAll(pattern)) {
      const at = match.index + match[0].length - verb.length;
      if (!free(at, at + verb.length)) continue;
      found.push({ kind: "topic", name: topic, start: at, end: at + verb.length, text: verb });
    }
  }
  return found;
}
