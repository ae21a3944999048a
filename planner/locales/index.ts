import { englishTime } from "./en/time.js";
import type { TimeLocale } from "./time-locale.js";
import { chineseTime } from "./zh/time.js";

/**
 * The languages the planner reads, each registered once here with its data folder
 * (planner/locales/<code>/). A question is read with every locale's time words at once: questions
 * mix scripts ("2024年Q1", "East China 上个月"), and each table only matches its own script.
 */
export const TIME_LOCALES: readonly TimeLocale[] = [englishTime, chineseTime];
