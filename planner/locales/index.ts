import { englishLanguage } from "./en/language.js";
import type { LanguageLocale } from "./language-locale.js";
import { chineseLanguage } from "./zh/language.js";

/**
 * The languages the planner reads, each registered once here with its data folder
 * (planner/locales/<code>/). A question is read with every locale's words at once: questions mix
 * scripts ("2024年Q1", "East China 的退货率"), and each table only matches its own script.
 */
export const LANGUAGE_LOCALES: readonly LanguageLocale[] = [englishLanguage, chineseLanguage];

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
