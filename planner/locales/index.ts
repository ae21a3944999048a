import { englishLanguage } from "./en/language.js";
import { englishTime } from "./en/time.js";
import type { LanguageLocale } from "./language-locale.js";
import type { TimeLocale } from "./time-locale.js";
import { chineseLanguage } from "./zh/language.js";
import { chineseTime } from "./zh/time.js";

/** One language the planner reads: its words (language.ts) and its time words (time.ts). */
export interface PlannerLocale {
  language: LanguageLocale;
  time: TimeLocale;
}

/**
 * The languages the planner reads, each registered once here with its data folder
 * (planner/locales/<code>/): adding a language is its folder and one line in this list. A question
 * is read with every locale's words at once: questions mix scripts ("2024年Q1", "East China 的退货率"),
 * and each table only matches its own script.
 */
export const PLANNER_LOCALES: readonly PlannerLocale[] = [
  { language: englishLanguage, time: englishTime },
  { language: chineseLanguage, time: chineseTime },
];

/** Every locale's words of function, asks and operations. */
export const LANGUAGE_LOCALES: readonly LanguageLocale[] = PLANNER_LOCALES.map((locale) => locale.language);

/** Every locale's time words. */
export const TIME_LOCALES: readonly TimeLocale[] = PLANNER_LOCALES.map((locale) => locale.time);

/** The words of one concept in every spaced (Latin) or unspaced (Han) locale. */
export function localeWords(
  concept: {
    [Key in keyof LanguageLocale]: LanguageLocale[Key] extends readonly string[] ? Key : never;
  }[keyof LanguageLocale],
  spaced: boolean,
): string[] {
  return LANGUAGE_LOCALES.filter((locale) => locale.spaced === spaced).flatMap((locale) => [
    ...locale[concept],
  ]);
}
