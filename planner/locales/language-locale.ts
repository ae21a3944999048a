import type { BreakdownCues } from "./breakdown-cues.js";
import type { BusinessSynonymWords } from "./business-synonym-classes.js";
import type { CapabilityPhrases } from "./capability-phrases.js";
import type { EventAnchorWords } from "./event-anchor-words.js";
import type { IntentCues } from "./intent-cue-patterns.js";
import type { ModalWords } from "./modal-words.js";
import type { SmallTalkPhrases } from "./small-talk-phrases.js";

/**
 * The words one language asks questions with, apart from time (time-locale.ts: every word about
 * time, the time-like words no rule reads included) and apart from
 * any workspace's catalog: function words, change verbs, quantifiers, connectives, asking words.
 * The planner's rules are language-free and read these tables; a new language is a folder of
 * such files and one line in planner/locales/index.ts. Every word is written folded (lower case;
 * Chinese in Simplified: Traditional questions are folded to Simplified before matching, so
 * zh-Hans and zh-Hant share one table).
 */
export interface LanguageLocale {
  /** Locale code (en, zh). */
  code: string;
  /** True when words are separated by spaces: a word then matches only whole. */
  spaced: boolean;
  /**
   * Words that carry no qualifier of their own in a data question: question words, particles,
   * analysis verbs, generic nouns, grain words, generic people. Left alone, they are accounted for.
   */
  functionWords: readonly string[];
  /** Measure words of a count (几次, 多少个): also function words, alone and after 几 / 多少. */
  countClassifiers: readonly string[];
  /** Words a count is asked with (几, 多少): joined with a count classifier they are function words. */
  countQuestionWords: readonly string[];
  /** Words pointing at a place just named (那边, 一带); alone they point at something unsaid. */
  locatives: readonly string[];
  /** The words a user addresses the assistant with (你, 您): a locative after them (你这边) is the assistant's side, no place. */
  addressees: readonly string[];
  /**
   * General words for a place (地区, 区域, 省, 市): after an unknown word they make it a place
   * the catalog lacks (上海地区); alone they name no place and are function words.
   */
  placeNouns: readonly string[];
  /** Verbs that, with an event's object, name a change event (换, 更换; change, switch). */
  changeVerbs: readonly string[];
  /**
   * Words that may stand between an event's object and its change verb without content of their
   * own: Chinese auxiliaries and asks (有, 是否, 有没有: 物流商是否有更换), English determiners and
   * pronouns after the verb (switch their carrier).
   */
  changeGapWords: readonly string[];
  /**
   * Words that may stand between the parts of a catalog term written apart (订票App有没有发布新版本:
   * 发布, 新; "did the app ship a new release": ship, new): verbs of making a thing public, "new",
   * aspect particles. Never a catalog term itself.
   */
  termGapWords: readonly string[];
  /** Modals of what is allowed (能, 可以; can, may) and the words around them. */
  modals: ModalWords;
  /** Quantifiers over a dimension's values: every one (each, 各, 每个) or a breakdown (by, 按). */
  quantifiers: readonly string[];
  /**
   * Words that open a subset of what the clause before counted (of those, 其中): that clause's
   * value narrows only its own question, and the clause before keeps its total.
   */
  subsetWords: readonly string[];
  /** Quantifiers that count two of the values (both, either, 两): they refer to two named values. */
  pairQuantifiers: readonly string[];
  /**
   * Words that refer, with no noun, to the two values the question named ("which of the two",
   * both of them, 两者, 二者): a clause with one asks about both.
   */
  pairReferences: readonly string[];
  /** Words between a quantifier and its noun (the, our; 这, 那 need a numeral). */
  determiners: readonly string[];
  /** Classifiers between a numeral and its noun (三款产品, 两个区域). */
  classifiers: readonly string[];
  /** Words that join two items of a list or two clauses (and, 和, 以及, 并). */
  connectives: readonly string[];
  /**
   * Words that put a clause after the one before (then, also; 然后, 再): with or without a
   * connective, an ask or a request after them starts a clause of its own.
   */
  sequenceWords: readonly string[];
  /** Words that ask (what, how, 吗, 是否): each clause with one is its own sub-question. */
  interrogatives: readonly string[];
  /** Words that make a clause a request (compare, list, 对比, 请): a question, not a statement. */
  requestWords: readonly string[];
  /**
   * Interrogatives that ask only where they open a clause ("Are we covered?"); inside one they
   * state ("We are on the Business plan and a response was late."). Empty where word order does
   * not ask (Chinese).
   */
  openingInterrogatives: readonly string[];
  /**
   * Words a small count is spelled with (three, twelve); Chinese numerals are read by
   * domain/chinese-numerals.ts, so the Chinese table is empty. The time locale spreads this table.
   */
  countWords: Readonly<Record<string, number>>;
  /** Words that tie a period to an event instead of a date (since the POS upgrade, 换承运商之后). */
  eventAnchors: EventAnchorWords;
  /** Nouns that name a document of rules (policy, handbook, 政策, 规定): a clause asking what one says asks a document. */
  documentNouns: readonly string[];
  /** Words that make a stem a measure (rate, share, 率, 占比). */
  measureHeads: readonly string[];
  /** Words never corrected as typos: real words read as themselves ("went" is not "west"). */
  plainWords: readonly string[];
  /** Cues of what a question wants done with the data (compare, trend, correlate, policy). */
  intentCues: IntentCues;
  /** Greetings, thanks, check-ins, acknowledgements and closings, per act. */
  smallTalk: SmallTalkPhrases;
  /** Questions about what the assistant itself can look up (what data do you have, 你能查哪些数据). */
  capability: CapabilityPhrases;
  /** Words that say a question is about business data though no catalog term matched. */
  dataCues: readonly string[];
  /** Words of a breakdown or ranking (most often, 高频, top 3, 前三). */
  breakdownCues: BreakdownCues;
  /**
   * Business measures people ask about that a workspace may not hold (revenue, 毛利率): regular
   * expression sources over the folded question. A hit no catalog term covers is reported as an
   * unknown metric, never planned.
   */
  businessMeasurePatterns: readonly string[];
  /**
   * Measures of everyday life, not of a business's data (exchange rates, 汇率): regular expression
   * sources, matched whole (as words in a spaced language). No unknown metric, and no data cue.
   */
  everydayMeasurePatterns: readonly string[];
  /** Everyday business things in this language's words (carrier, 快递公司), joined across languages per thing. */
  businessSynonyms: BusinessSynonymWords;
}
