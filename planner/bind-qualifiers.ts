import { isAsk } from "./decomposer.js";
import { localeWords } from "./locales/index.js";
import type { PairReference } from "./pair-references.js";
import type { TimeMention } from "./time-expressions.js";
import type { Mention } from "./vocabulary.js";

/**
 * One entity the question asks about: its metrics (or events) with the dimension values and
 * time expressions that qualify them. "A产品在华东区2024年1月的退货率与B产品在华北区同期的退货率"
 * has two frames: {A, East, 2024-01, return_rate} and {B, North, 同期, return_rate}.
 */
export interface Frame {
  metrics: string[];
  events: string[];
  /** Dimension → values, in the order written. */
  dimensions: Map<string, string[]>;
  times: TimeMention[];
  /** Where the frame starts in the question. */
  start: number;
  /** Frames opened by an event word ("…and relate it to provider changes in both regions"). */
  isEventFrame: boolean;
  /** The frame's dimension values were inherited, not written in it. */
  inherited: Set<string>;
  /** Opened by a new sentence: its dates and values belong to that sentence's clause. */
  opensSentence?: boolean;
  /** Opened by a subset word (其中, of those): its values narrow it alone, no other frame takes them. */
  subset?: boolean;
}

const escapeRegex = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// 其中, of those: per language (planner/locales/<code>/quantifier-words.ts), Latin words whole.
const SUBSET_WORDS = new RegExp(
  [
    ...localeWords("subsetWords", true).map((word) => `\\b${escapeRegex(word)}\\b`),
    ...localeWords("subsetWords", false).map(escapeRegex),
  ].join("|"),
  "u",
);

// Where a new sentence starts: its time expressions and values belong to its own clause
// ("…in January 2024? Also, did East China switch carriers in 2023?").
const SENTENCE_END = /[。？！?!；;]+\s*/gu;

// Where a clause ends inside a sentence: a clause that asks something of its own binds its
// values, dates and measures inside it first ("What was X of zone A in March, and did zone B
// switch carriers?": B is the change's, not X's). A comma before no ask only lists or appends
// ("…North China, February 2024"; "华东区和华北区分别的退货率，A产品").
const CLAUSE_END = /[,，;；:：]+\s*/gu;

/** Where each asking clause after a comma starts. */
function askingClauseStarts(normalized: string): number[] {
  const ends = [...normalized.matchAll(CLAUSE_END)].map((match) => match.index + match[0].length);
  return ends.filter((start) => {
    const next = [...normalized.matchAll(CLAUSE_END), ...normalized.matchAll(SENTENCE_END)]
      .map((match) => match.index)
      .filter((position) => position >= start)
      .sort((a, b) => a - b)[0];
    return isAsk(normalized.slice(start, next ?? normalized.length));
  });
}

// A connective followed by an ask or a request starts a clause of its own, comma or not ("List the
// CRM releases in H2 last year and count the complaints over that half", 并统计…): its values, dates
// and measures bind inside it first.
type AskingConcept = "connectives" | "sequenceWords" | "interrogatives" | "requestWords";
const latinWords = (kind: AskingConcept) => localeWords(kind, true).map(escapeRegex).join("|");
const hanWords = (kind: AskingConcept) => localeWords(kind, false).map(escapeRegex).join("|");
const CONNECTED_ASK = new RegExp(
  `\\b(?:${latinWords("connectives")}|${latinWords("sequenceWords")})\\s+(?:(?:${latinWords("sequenceWords")})\\s+)?(?:${latinWords("interrogatives")}|${latinWords("requestWords")})\\b|(?:${hanWords("connectives")}|${hanWords("sequenceWords")})(?:${hanWords("requestWords")})`,
  "gu",
);

// Between two values of the same dimension, only a joiner means "a list" (A和B产品, East and North,
// Shanghai as well as Shenzhen): each locale's connectives, a list comma, a slash or an ampersand,
// and after a joiner a determiner ("the East region or the North region").
const alternativesOf = (words: string[]) =>
  words
    .sort((a, b) => b.length - a.length)
    .map(escapeRegex)
    .join("|");
const LIST_GAP = new RegExp(
  `^\\s*(?:(?:${alternativesOf([
    ...localeWords("connectives", true),
    ...localeWords("connectives", false),
    "、",
    ",",
    "/",
    "&",
    "vs.",
  ])})(?:\\s*(?:${alternativesOf([...localeWords("determiners", true), ...localeWords("determiners", false)])})\\b)?)?\\s*$`,
  "u",
);

// A joiner in the words between an event clause and a measure: each locale's connectives, as words
// in spaced languages and as written in the others.
const JOINED_ASK = new RegExp(
  `(?:^|[\\s,，、])(?:${alternativesOf([...localeWords("connectives", true)])})\\s|${alternativesOf([
    ...localeWords("connectives", false),
  ])}`,
  "u",
);

function newFrame(start: number, isEventFrame = false): Frame {
  return {
    metrics: [],
    events: [],
    dimensions: new Map(),
    times: [],
    start,
    isEventFrame,
    inherited: new Set(),
  };
}

/**
 * Binds qualifiers to entities. A new frame opens when a dimension already set in the current
 * frame appears again after other words (B产品 after A产品在华东区…), or at an event word once the
 * current frame has its metric. A repeated dimension separated only by a joiner extends a list.
 * Afterwards, frames that omitted a metric, a time or a dimension take them from the frame
 * before (then after): "…with product B's in North China for the same month" inherits return rate.
 */
export function bindQualifiers(
  normalized: string,
  mentions: Mention[],
  times: TimeMention[],
  pairs: readonly PairReference[] = [],
  unknownMeasures: readonly { start: number; end: number }[] = [],
): Frame[] {
  type Item = { start: number; end: number; mention?: Mention; time?: TimeMention };
  const items: Item[] = [
    ...mentions
      .filter((mention) => mention.kind !== "topic")
      .map((mention) => ({ start: mention.start, end: mention.end, mention })),
    ...times.map((time) => ({ start: time.start, end: time.end, time })),
  ].sort((a, b) => a.start - b.start);
  const frames: Frame[] = [newFrame(0)];
  const lastEnd = new Map<string, number>();
  const sentenceStarts = [
    ...[...normalized.matchAll(SENTENCE_END)].map((match) => match.index + match[0].length),
    ...askingClauseStarts(normalized),
    ...[...normalized.matchAll(CONNECTED_ASK)].map((match) => match.index),
  ]
    .filter((start) => start < normalized.length)
    .sort((a, b) => a - b);
  // Where the last item bound so far ends: a boundary opens a frame only once, after what it ends.
  let boundEnd = 0;
  let lastItemWasTime = false;
  // The last catalog term bound (not a time): an event clause ends where its event word does when
  // its date came first (2023年下半年的CRM发布，以及这半年的…).
  let lastMention: Item | undefined;
  for (const item of items) {
    let current = frames[frames.length - 1];
    const sentence = sentenceStarts.filter((start) => start > current.start && start <= item.start).pop();
    const previousEnd = boundEnd;
    boundEnd = item.end;
    // A clause of values without a measure of its own ("…compare with domestic routes") ends too: it
    // takes its measure from the clause before, and what the next clause asks stays there.
    const continuation =
      frames.length > 1 && (current.dimensions.size > 0 || current.times.length > 0) && !current.subset;
    if (
      sentence !== undefined &&
      sentence >= previousEnd &&
      (current.metrics.length > 0 || current.events.length > 0 || continuation)
    ) {
      current = newFrame(sentence);
      current.opensSentence = true;
      // "…分别有多少？其中服务类的有几起？": the subset word before the new clause's first item.
      if (SUBSET_WORDS.test(normalized.slice(previousEnd, item.start))) current.subset = true;
      frames.push(current);
      lastEnd.clear();
    }
    const previousWasTime = lastItemWasTime;
    lastItemWasTime = item.time !== undefined;
    if (item.time) {
      current.times.push(item.time);
      continue;
    }
    const mention = item.mention as Mention;
    const before = lastMention;
    lastMention = item;
    // An event clause dated on its own, then a joiner and a measure or a value ("List the CRM releases
    // in H2 2023 and the number of service complaints over that half", 列出2023年下半年的CRM发布，以及
    // 这半年的服务类投诉数量): two asks, each over its own period; the event is not searched around the
    // measure's. The joiner follows the event's date, or the event word when the date came first; a
    // time written after the joiner (这半年, 同期) dates the new clause.
    if (mention.kind !== "event" && current.events.length > 0 && current.metrics.length === 0) {
      const joinedFrom =
        before?.mention?.kind === "event" ? before.end : previousWasTime ? previousEnd : undefined;
      const joiner =
        joinedFrom === undefined ? null : JOINED_ASK.exec(normalized.slice(joinedFrom, mention.start));
      if (joinedFrom !== undefined && joiner) {
        const at = joinedFrom + joiner.index;
        const dated = current.times.filter((time) => time.start >= at);
        if (current.times.length > dated.length) {
          current.times = current.times.filter((time) => !dated.includes(time));
          current = newFrame(Math.min(mention.start, ...dated.map((time) => time.start)));
          current.times.push(...dated);
          frames.push(current);
          lastEnd.clear();
        }
      }
    }
    if (mention.kind === "metric") {
      if (!current.metrics.includes(mention.name)) current.metrics.push(mention.name);
      continue;
    }
    if (mention.kind === "event") {
      // The same event named again in its own clause (物流服务商变更（carrier change）) is a gloss,
      // not a second question: one sub-goal per measure, keys and period.
      if (current.events.includes(mention.name)) continue;
      const opensFrame =
        current.metrics.length > 0 ||
        current.events.length > 0 ||
        (frames.length > 1 && !current.opensSentence);
      if (opensFrame) {
        const previous = current;
        current = newFrame(mention.start, true);
        frames.push(current);
        lastEnd.clear();
        // "…退货率比较，并看两区同期有没有换物流商": a 同期 written after the metric's words and
        // right before the event word dates the event (the metric's own period), not the metric.
        // After a joiner that follows the metric (…的退货率，以及同期华东区的物流商变更), what the
        // joiner opens dates the event, a value repeated between them or not.
        const lastMetric = Math.max(
          previous.start,
          ...items
            .filter(
              (candidate) =>
                candidate.mention?.kind === "metric" &&
                candidate.start >= previous.start &&
                candidate.end <= mention.start,
            )
            .map((candidate) => candidate.end),
        );
        const joined = [
          ...normalized.slice(lastMetric, mention.start).matchAll(new RegExp(JOINED_ASK, "gu")),
        ].pop();
        const lastQualifier =
          joined !== undefined
            ? lastMetric + joined.index
            : Math.max(previous.start, ...lastItemEnds(items, previous, mention.start));
        const moved = previous.times.filter(
          (time) =>
            time.kind === "same_period" &&
            !time.shiftYears &&
            time.inYear === undefined &&
            // 环比 / month over month is an operation on the metric: it never dates an event.
            time.comparison === undefined &&
            time.start >= lastQualifier,
        );
        if (moved.length > 0) {
          previous.times = previous.times.filter((time) => !moved.includes(time));
          current.times.push(...moved);
        }
        // Frames before the event word that hold values only ("Did East China, or perhaps the North
        // region, change carriers?": a word between the values opened a frame) ask the event of
        // those values: their values and dates move to the event's frame, which searches each.
        const earlier = frames.slice(0, -1);
        if (
          earlier.length > 1 &&
          earlier.every((frame) => frame.metrics.length === 0 && frame.events.length === 0)
        ) {
          for (const frame of earlier) {
            for (const [dimension, values] of frame.dimensions)
              current.dimensions.set(dimension, [
                ...new Set([...(current.dimensions.get(dimension) ?? []), ...values]),
              ]);
            current.times.push(...frame.times);
          }
          current.start = earlier[0].start;
          frames.splice(0, earlier.length);
        }
      } else {
        current.isEventFrame = true;
      }
      if (!current.events.includes(mention.name)) current.events.push(mention.name);
      continue;
    }
    const dimension = mention.name;
    const value = mention.value as string;
    const existing = current.dimensions.get(dimension);
    if (existing) {
      if (existing.includes(value)) continue;
      const gap = normalized.slice(lastEnd.get(dimension) ?? mention.start, mention.start);
      if (LIST_GAP.test(gap)) {
        existing.push(value);
        lastEnd.set(dimension, mention.end);
        continue;
      }
      current = newFrame(mention.start);
      frames.push(current);
      lastEnd.clear();
    }
    current.dimensions.set(dimension, [value]);
    lastEnd.set(dimension, mention.end);
  }
  const used = frames.filter(
    (frame) =>
      frame.metrics.length > 0 ||
      frame.events.length > 0 ||
      frame.dimensions.size > 0 ||
      frame.times.length > 0,
  );
  return withPairs(inherit(used, measureless(used, normalized, mentions, unknownMeasures)), pairs);
}

/**
 * Frames whose clause asks a measure the catalog lacks: they take no measure from another clause.
 * "…return rate in East China in January, and the churn rate in North China?" does not ask North's
 * return rate; 华北区的流失率呢 neither. An unknown measure inside the frame's span, or the last
 * measure written before it when that one is not listed with a known one ("return rate and churn
 * rate of A …, and of B?" still asks B's return rate).
 */
function measureless(
  frames: Frame[],
  normalized: string,
  mentions: Mention[],
  unknownMeasures: readonly { start: number; end: number }[],
): Set<Frame> {
  const blocked = new Set<Frame>();
  if (unknownMeasures.length === 0) return blocked;
  const ordered = [...frames].sort((a, b) => a.start - b.start);
  const known = mentions.filter((mention) => mention.kind === "metric" || mention.kind === "event");
  ordered.forEach((frame, index) => {
    if (frame.metrics.length > 0 || frame.events.length > 0) return;
    const end = ordered[index + 1]?.start ?? normalized.length;
    if (unknownMeasures.some((span) => span.start >= frame.start && span.start < end)) {
      blocked.add(frame);
      return;
    }
    const lastUnknown = unknownMeasures.filter((span) => span.end <= frame.start).at(-1);
    const lastKnown = known.filter((mention) => mention.end <= frame.start).at(-1);
    if (!lastUnknown || (lastKnown && lastKnown.end > lastUnknown.end)) return;
    const listedKnown = known.some(
      (mention) =>
        mention.end <= lastUnknown.start &&
        MEASURE_LIST_GAP.test(normalized.slice(mention.end, lastUnknown.start)),
    );
    if (!listedKnown) blocked.add(frame);
  });
  return blocked;
}

// Between two measures of one list: "return rate and churn rate", 退货率、流失率.
const MEASURE_LIST_GAP = new RegExp(
  `^\\s*(?:(?:${[
    ...localeWords("connectives", false),
    ...localeWords("connectives", true),
    ...localeWords("determiners", true),
  ]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegex)
    .join("|")}|、|,|，)\\s*)*$`,
  "u",
);

/**
 * A clause with a pair word and no value of that dimension of its own ("which of the two had the
 * longer delay", 两者中哪个更高) asks about both values the question named, not the nearest one:
 * as one list when the question listed them together (A和B产品), else as one frame per value, as
 * the clauses that named them apart were ("on international routes compared with domestic routes").
 */
function withPairs(frames: Frame[], pairs: readonly PairReference[]): Frame[] {
  const ordered = [...frames].sort((a, b) => a.start - b.start);
  const result: Frame[] = [];
  ordered.forEach((frame, index) => {
    const end = ordered[index + 1]?.start ?? Number.POSITIVE_INFINITY;
    const pair = pairs.find(
      (candidate) =>
        candidate.start >= frame.start &&
        candidate.start < end &&
        !(frame.dimensions.has(candidate.dimension) && !frame.inherited.has(candidate.dimension)),
    );
    if (!pair) {
      result.push(frame);
      return;
    }
    const listed = ordered.some((other) =>
      pair.values.every((value) => other.dimensions.get(pair.dimension)?.includes(value)),
    );
    const variants = listed ? [pair.values] : pair.values.map((value) => [value]);
    for (const values of variants) {
      const variant: Frame = {
        ...frame,
        metrics: [...frame.metrics],
        events: [...frame.events],
        times: [...frame.times],
        dimensions: new Map(frame.dimensions),
        inherited: new Set(frame.inherited),
      };
      variant.dimensions.set(pair.dimension, values);
      variant.inherited.add(pair.dimension);
      result.push(variant);
    }
  });
  return result;
}

/** Where the metric and dimension words of a frame end, before a given offset. */
function lastItemEnds(
  items: { start: number; end: number; mention?: Mention }[],
  frame: Frame,
  before: number,
): number[] {
  return items
    .filter((item) => item.mention && item.start >= frame.start && item.end <= before)
    .map((item) => item.end);
}

/**
 * A metric frame takes what it lacks from the other metric frames (nearest before first), then
 * from the event frames: "Did Shenzhen or Hangzhou have outages in Q2, and what was availability in
 * both cities that quarter?" asks availability for the cities the event clause named.
 */
function inherit(merged: Frame[], measureless: ReadonlySet<Frame> = new Set()): Frame[] {
  const metricFrames = merged.filter((frame) => !frame.isEventFrame);
  const eventFrames = merged.filter((frame) => frame.isEventFrame);
  metricFrames.forEach((frame, index) => {
    const before = metricFrames.slice(0, index).reverse();
    const after = metricFrames.slice(index + 1);
    if (frame.metrics.length === 0 && !measureless.has(frame)) {
      const donor = [...before, ...after].find((candidate) => candidate.metrics.length > 0);
      if (donor) frame.metrics.push(...donor.metrics);
      // A follow-up of values only after an event clause ("How many outages in Q2? And Shenzhen?",
      // 深圳仓呢) asks the same event of them.
      const eventDonor = donor
        ? undefined
        : [...merged.filter((candidate) => candidate.start < frame.start)]
            .reverse()
            .find((candidate) => candidate.events.length > 0);
      if (eventDonor) {
        frame.events.push(...eventDonor.events);
        frame.isEventFrame = true;
      }
    }
    // A subset's value narrows the subset alone: the total it is taken from keeps no filter of it.
    // Clause first: a later clause that asks its own measure keeps its values ("how many crane moves
    // did the Upper terminal have, how many damage reports did reefer cargo get": the moves are not
    // the reefers'); a later clause of values alone (…分别的退货率，A产品) or of the same measure still
    // completes this one.
    const ownMeasure = (candidate: Frame) =>
      candidate.metrics.length > 0 && candidate.metrics.some((metric) => !frame.metrics.includes(metric));
    const laterDonors =
      frame.dimensions.size > 0 ? after.filter((candidate) => !ownMeasure(candidate)) : after;
    for (const donor of [...before, ...laterDonors, ...eventFrames].filter(
      (candidate) => !candidate.subset,
    )) {
      for (const [dimension, values] of donor.dimensions) {
        if (!frame.dimensions.has(dimension)) {
          frame.dimensions.set(dimension, values);
          frame.inherited.add(dimension);
        }
      }
    }
  });
  return merged;
}
