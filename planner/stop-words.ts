import { LANGUAGE_LOCALES, localeWords } from "./locales/index.js";

/**
 * Words of a data question that carry no qualifier of their own: question words, particles,
 * analysis verbs and generic nouns, from every locale's data (planner/locales/<code>/). A span
 * left after resolution that is none of these, no catalog term, no time expression and no
 * quantifier is something the catalog does not know.
 */
export const CHINESE_STOP_WORDS = new Set([
  ...localeWords("functionWords", false),
  ...localeWords("placeNouns", false),
  // Count measure words (几场, 多少台), alone and as the segmenter joins them with 几 / 多少.
  ...LANGUAGE_LOCALES.filter((locale) => !locale.spaced).flatMap((locale) => [
    ...locale.countClassifiers,
    ...locale.countClassifiers.flatMap((classifier) =>
      locale.countQuestionWords.map((word) => `${word}${classifier}`),
    ),
  ]),
]);

/** Locatives (那边, 一带): part of the place value right before them, else pointing at nothing said. */
export const CHINESE_LOCATIVES = new Set(localeWords("locatives", false));

/** The assistant addressed (你, 您): a locative right after one (你这边) points at no place. */
export const CHINESE_ADDRESSEES = new Set(localeWords("addressees", false));

/** English words with no qualifier of their own (articles, question words, analysis verbs …). */
export const ENGLISH_STOP_WORDS = new Set(localeWords("functionWords", true));

/** General place words (地区, 省): after an unknown word they make it a place the catalog lacks. */
export const CHINESE_PLACE_NOUNS = new Set(localeWords("placeNouns", false));
