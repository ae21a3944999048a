import type { LanguageLocale } from "../language-locale.js";
import { englishInterrogatives, englishOpeningInterrogatives, englishRequestWords } from "./asking-words.js";
import { englishBreakdownCues } from "./breakdown-words.js";
import { englishBusinessSynonyms } from "./business-synonyms.js";
import { englishCapabilityPhrases } from "./capability-words.js";
import { englishChangeGapWords, englishChangeVerbs } from "./change-words.js";
import { englishConnectives, englishSequenceWords } from "./connective-words.js";
import { englishCountWords } from "./count-words.js";
import { englishDataCues } from "./data-cue-words.js";
import { englishDocumentNouns } from "./document-nouns.js";
import { englishEventAnchorWords } from "./event-anchor-words.js";
import { englishFunctionWords } from "./function-words.js";
import { englishIntentCues } from "./intent-cues.js";
import { englishMeasureHeads } from "./measure-heads.js";
import { englishBusinessMeasurePatterns, englishEverydayMeasurePatterns } from "./measure-words.js";
import { englishModalWords } from "./modal-words.js";
import { englishPlainWords } from "./plain-words.js";
import {
  englishDeterminers,
  englishPairQuantifiers,
  englishPairReferences,
  englishQuantifiers,
  englishSubsetWords,
} from "./quantifier-words.js";
import { englishSmallTalk } from "./small-talk.js";
import { englishTermGapWords } from "./term-gap-words.js";

/** English: the word tables of this folder, one per concept. */
export const englishLanguage: LanguageLocale = {
  code: "en",
  spaced: true,
  functionWords: englishFunctionWords,
  countClassifiers: [],
  countQuestionWords: [],
  locatives: [],
  addressees: [],
  placeNouns: [],
  changeVerbs: englishChangeVerbs,
  changeGapWords: englishChangeGapWords,
  modals: englishModalWords,
  termGapWords: englishTermGapWords,
  quantifiers: englishQuantifiers,
  subsetWords: englishSubsetWords,
  pairQuantifiers: englishPairQuantifiers,
  pairReferences: englishPairReferences,
  determiners: englishDeterminers,
  classifiers: [],
  connectives: englishConnectives,
  sequenceWords: englishSequenceWords,
  interrogatives: englishInterrogatives,
  requestWords: englishRequestWords,
  openingInterrogatives: englishOpeningInterrogatives,
  smallTalk: englishSmallTalk,
  capability: englishCapabilityPhrases,
  intentCues: englishIntentCues,
  countWords: englishCountWords,
  eventAnchors: englishEventAnchorWords,
  documentNouns: englishDocumentNouns,
  measureHeads: englishMeasureHeads,
  plainWords: englishPlainWords,
  dataCues: englishDataCues,
  breakdownCues: englishBreakdownCues,
  businessSynonyms: englishBusinessSynonyms,
  businessMeasurePatterns: englishBusinessMeasurePatterns,
  everydayMeasurePatterns: englishEverydayMeasurePatterns,
};
