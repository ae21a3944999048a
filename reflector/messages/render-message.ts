import type { Gap } from "../../models/answer.js";
import type { SubGoal } from "../../models/plan.js";
import type { AnswerLanguage, Labels } from "../synthesizer/labels.js";
import { english } from "./en.js";
import type { GapMessage } from "./gap-message.js";
import type { MessageCatalog } from "./message-catalog.js";
import { simplifiedChinese } from "./zh-hans.js";
import { traditionalChinese } from "./zh-hant.js";

/** One catalog per answer language: the only place a gap's words are chosen. */
const CATALOGS: Record<AnswerLanguage, () => MessageCatalog> = {
  en: () => english,
  "zh-Hans": () => simplifiedChinese,
  "zh-Hant": traditionalChinese,
};

/** The code and parameters of a gap's message, kept beside its words for `--json` readers. */
export function messageFields(message: { code: string }): Pick<Gap, "code" | "params"> {
  const { code, ...params } = message;
  return { code, params };
}

/** The words of an answer language's catalog (the CLI's lines under an answer). */
export function messageCatalog(language: AnswerLanguage): MessageCatalog {
  return CATALOGS[language]();
}

/** What a goal was after, in the labels' language. */
export function renderSubject(goal: SubGoal, labels: Labels): string {
  return CATALOGS[labels.language]().subject(goal, labels);
}

/** A gap in the labels' language: the goal's subject (when given), then what is missing. */
export function renderGap(message: GapMessage, labels: Labels, goal?: SubGoal): string {
  const catalog = CATALOGS[labels.language]();
  const text = catalog.gap(message, labels);
  if (!goal) return text;
  return `${catalog.subject(goal, labels)}${labels.language === "en" ? ": " : "："}${text}`;
}
