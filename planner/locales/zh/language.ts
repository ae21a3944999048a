import type { LanguageLocale } from "../language-locale.js";
import { chineseInterrogatives, chineseRequestWords } from "./asking-words.js";
import { chineseBreakdownCues } from "./breakdown-words.js";
import { chineseBusinessSynonyms } from "./business-synonyms.js";
import { chineseCapabilityPhrases } from "./capability-words.js";
import { chineseChangeGapWords, chineseChangeVerbs } from "./change-words.js";
import { chineseConnectives, chineseSequenceWords } from "./connective-words.js";
import { chineseDataCues } from "./data-cue-words.js";
import { chineseDocumentNouns } from "./document-nouns.js";
import { chineseEventAnchorWords } from "./event-anchor-words.js";
import {
  chineseAddressees,
  chineseCountClassifiers,
  chineseCountQuestionWords,
  chineseFunctionWords,
  chineseLocatives,
  chinesePlaceNouns,
} from "./function-words.js";
import { chineseIntentCues } from "./intent-cues.js";
import { chineseMeasureHeads } from "./measure-heads.js";
import { chineseBusinessMeasurePatterns, chineseEverydayMeasurePatterns } from "./measure-words.js";
import { chineseModalWords } from "./modal-words.js";
import {
  chineseClassifiers,
  chineseDeterminers,
  chinesePairQuantifiers,
  chinesePairReferences,
  chineseQuantifiers,
  chineseSubsetWords,
} from "./quantifier-words.js";
import { chineseSmallTalk } from "./small-talk.js";
import { chineseTermGapWords } from "./term-gap-words.js";

/** Chinese (zh-Hans and zh-Hant, one table in Simplified): the word tables of this folder. */
export const chineseLanguage: LanguageLocale = {
  code: "zh",
  spaced: false,
  functionWords: chineseFunctionWords,
  countClassifiers: chineseCountClassifiers,
  countQuestionWords: chineseCountQuestionWords,
  locatives: chineseLocatives,
  addressees: chineseAddressees,
  placeNouns: chinesePlaceNouns,
  changeVerbs: chineseChangeVerbs,
  changeGapWords: chineseChangeGapWords,
  modals: chineseModalWords,
  termGapWords: chineseTermGapWords,
  quantifiers: chineseQuantifiers,
  subsetWords: chineseSubsetWords,
  pairQuantifiers: chinesePairQuantifiers,
  pairReferences: chinesePairReferences,
  determiners: chineseDeterminers,
  classifiers: chineseClassifiers,
  connectives: chineseConnectives,
  sequenceWords: chineseSequenceWords,
  interrogatives: chineseInterrogatives,
  requestWords: chineseRequestWords,
  openingInterrogatives: [],
  smallTalk: chineseSmallTalk,
  capability: chineseCapabilityPhrases,
  intentCues: chineseIntentCues,
  // Chinese numerals (三, 两, 十二) are read by domain/chinese-numerals.ts
  countWords: {},
  eventAnchors: chineseEventAnchorWords,
  documentNouns: chineseDocumentNouns,
  measureHeads: chineseMeasureHeads,
  plainWords: [],
  dataCues: chineseDataCues,
  breakdownCues: chineseBreakdownCues,
  businessSynonyms: chineseBusinessSynonyms,
  businessMeasurePatterns: chineseBusinessMeasurePatterns,
  everydayMeasurePatterns: chineseEverydayMeasurePatterns,
};
