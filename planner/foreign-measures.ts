import { CHINESE_HEADS, ENGLISH_HEADS } from "./resolve-spans.js";
import type { Mention } from "./vocabulary.js";

/** A measure phrase the catalog does not hold, built on a topic word: "exchange rate", 换货占比. */
export interface ForeignMeasure {
  start: number;
  end: number;
  /** The topic the word would otherwise have named. */
  topic: string;
}

const HAN = /[\u4e00-\u9fff]/u;
const ENGLISH_HEAD = new RegExp(`^\\s*(?:${ENGLISH_HEADS.join("|")})\\b`, "u");
const CHINESE_HEAD = new RegExp(`^(?:的)?(?:${CHINESE_HEADS.join("|")})`, "u");

/**
 * A topic word written as the qualifier of a measure head (exchange + rate, 换货 + 占比) forms a
 * measure phrase. When that phrase is no catalog metric (the vocabulary found none there: a
 * metric synonym is longer and would have won), the topic reading must not win: "the exchange
 * rate of USD to EUR" is no return-policy question. The phrase is a measure the workspace lacks.
 */
export function findForeignMeasures(normalized: string, mentions: Mention[]): ForeignMeasure[] {
  const found: ForeignMeasure[] = [];
  for (const mention of mentions) {
    if (mention.kind !== "topic") continue;
    // A topic phrase of its own ("return shipping", "shipping cost", 退货运费) names the policy
    // matter itself: "return shipping rates" asks what return shipping costs, a policy question.
    // Only a single topic word is open to being the qualifier of some other measure.
    const words = mention.text.trim().split(/\s+/u);
    if (HAN.test(mention.text) ? mention.text.length >= 4 : words.length >= 2) continue;
    const rest = normalized.slice(mention.end);
    const head = (HAN.test(mention.text) ? CHINESE_HEAD : ENGLISH_HEAD).exec(rest);
    if (!head) continue;
    const end = mention.end + head[0].length;
    if (mentions.some((other) => other !== mention && other.start < end && mention.end < other.end)) continue;
    found.push({ start: mention.start, end, topic: mention.name });
  }
  return found;
}

/** The question with the phrases blanked (same length), for cues that must not count them. */
export function withoutForeignMeasures(normalized: string, foreign: ForeignMeasure[]): string {
  let text = normalized;
  for (const span of foreign)
    text = text.slice(0, span.start) + " ".repeat(span.end - span.start) + text.slice(span.end);
  return text;
}
