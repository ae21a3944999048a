import { LANGUAGE_LOCALES, localeWords } from "./locales/index.js";
import type { Mention } from "./vocabulary.js";

/** A period tied to an event, not to a date: "since the POS upgrade", 换承运商之后. */
export interface EventAnchor {
  /** The phrase, anchor word and event together, in the folded question. */
  start: number;
  end: number;
  /** The event's catalog name. */
  event: string;
}

const escapeRegex = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const alternation = (words: readonly string[]) =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegex)
    .join("|");

interface AnchorPatterns {
  /** A change verb written right before the event's object (换承运商): part of the phrase. */
  changeVerb: RegExp;
  /** A leading word (and a determiner) ending right before the event. */
  leading: RegExp;
  /** A trailing word starting right after the event. */
  trailing: RegExp;
}

let patterns: AnchorPatterns | undefined;

// Built on first use (each locale's eventAnchors), not at import.
function anchorPatterns(): AnchorPatterns {
  if (patterns) return patterns;
  const spaced = LANGUAGE_LOCALES.filter((locale) => locale.spaced);
  const unspaced = LANGUAGE_LOCALES.filter((locale) => !locale.spaced);
  const latinLeading = alternation(spaced.flatMap((locale) => locale.eventAnchors.leading));
  const hanLeading = alternation(unspaced.flatMap((locale) => locale.eventAnchors.leading));
  const determiners = alternation(localeWords("determiners", true));
  const latinTrailing = alternation(spaced.flatMap((locale) => locale.eventAnchors.trailing));
  const hanTrailing = alternation(unspaced.flatMap((locale) => locale.eventAnchors.trailing));
  patterns = {
    changeVerb: new RegExp(`(?:${alternation(localeWords("changeVerbs", false))})$`, "u"),
    leading: new RegExp(
      [
        latinLeading ? `\\b(?:${latinLeading})\\s+(?:(?:${determiners})\\s+)?$` : "",
        hanLeading ? `(?:${hanLeading})$` : "",
      ]
        .filter(Boolean)
        .join("|"),
      "u",
    ),
    trailing: new RegExp(
      [latinTrailing ? `^\\s+(?:${latinTrailing})\\b` : "", hanTrailing ? `^(?:${hanTrailing})` : ""]
        .filter(Boolean)
        .join("|"),
      "u",
    ),
  };
  return patterns;
}

/**
 * The periods of a question tied to an event rather than a date: an event term with an anchor
 * word right before it (since, after the, 自从) or right after it (之后, 以来, 前后). Its date is
 * only known once the event is fetched, so such a period can be neither planned as a date nor
 * replaced by the default period: the planner asks for the period instead.
 */
export function eventAnchors(normalized: string, mentions: readonly Mention[]): EventAnchor[] {
  const { changeVerb, leading, trailing } = anchorPatterns();
  const anchors: EventAnchor[] = [];
  for (const mention of mentions) {
    if (mention.kind !== "event") continue;
    // 换承运商之后: the change verb before the event's object belongs to the phrase quoted.
    const verb = changeVerb.exec(normalized.slice(0, mention.start));
    const eventStart = verb ? verb.index : mention.start;
    const before = leading.exec(normalized.slice(0, eventStart));
    const after = trailing.exec(normalized.slice(mention.end));
    if (!before && !after) continue;
    anchors.push({
      start: before ? before.index : eventStart,
      end: after ? mention.end + after[0].length : mention.end,
      event: mention.name,
    });
  }
  return anchors;
}
