import type { Catalog } from "../models/workspace.js";
import { asksFigure, asksPolicy } from "./intents.js";
import { normalizeForMatching } from "./normalize-text.js";
import { clauseAround } from "./policy-mentions.js";
import type { Mention } from "./vocabulary.js";

const HAN = /^[\u4e00-\u9fff]+$/u;
// Modals that make a verb a question of what is allowed (能退吗, 可以退嗎, 能不能换).
const CHINESE_MODALS = "可不可以|能不能|可以|可否|能否|能|允许|允不允许";
// What may follow the verb: a particle, punctuation or the end (能退吗？, 可以换不, 能不能退).
const CHINESE_CLOSE = "(?:了)?(?:吗|嘛|么|不|呢|吧|啊)?(?=[\\s?？。!！，,；;]|$)";
const ENGLISH_MODALS = "can|could|may";

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

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

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
    const pattern = new RegExp(
      `(?:${CHINESE_MODALS})(?:再|还|也)?(${escapeRegex(verb)})${CHINESE_CLOSE}`,
      "gu",
    );
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
    for (const match of normalized.matchAll(new RegExp(`\\b${escapeRegex(verb)}\\b(?!\\s+to\\b)`, "gu"))) {
      const at = match.index;
      if (!free(at, at + verb.length) || found.some((mention) => mention.start === at)) continue;
      const clause = clauseAround(normalized, { start: at, end: at + verb.length });
      if (!asksPolicy(clause) || asksFigure(clause)) continue;
      found.push({ kind: "topic", name: topic, start: at, end: at + verb.length, text: verb });
    }
    const pattern = new RegExp(
      `\\b(?:${ENGLISH_MODALS})\\s+(?:i|we)\\s+(?:still\\s+|also\\s+|just\\s+)?(${escapeRegex(verb)})\\b(?!\\s+to\\b)`,
      "gu",
    );
    for (const match of normalized.matchAll(pattern)) {
      const at = match.index + match[0].length - verb.length;
      if (!free(at, at + verb.length)) continue;
      found.push({ kind: "topic", name: topic, start: at, end: at + verb.length, text: verb });
    }
  }
  return found;
}
