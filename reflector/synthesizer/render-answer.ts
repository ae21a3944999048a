import { messageCatalog } from "../messages/render-message.js";
import type { AnswerView } from "./answer-view.js";
import { renderTemplate } from "./render-template.js";

/** The answer template's words: the whole text and each item's own text (`answer.items[].text`). */
export interface RenderedAnswer {
  text: string;
  /** By the view's item order; "" for an item the template kept no text for. */
  itemTexts: readonly string[];
}

/** Blank line ends and runs of empty lines removed, as a reader expects plain text. */
export function tidy(text: string): string {
  return text
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * Renders the answer template of the view's language once, items as data: the template writes the
 * whole text and hands each item's own text to `keepItemText(index, text)` as it goes, so the item
 * texts are the same words the answer shows. A workspace's own template that keeps none leaves them empty.
 */
export function renderAnswer(view: AnswerView, workspaceRoot?: string): RenderedAnswer {
  const kept: string[] = [];
  const keepItemText = (index: number, text: unknown) => {
    kept[index] = tidy(String(text));
    return "";
  };
  // A unit's words are the language catalog's (kCNY → "千元", "thousand CNY"), not the template's.
  const catalog = messageCatalog(view.language);
  const unitWords = (unit: unknown, short: unknown) => catalog.unit(String(unit ?? ""), short === true);
  const text = renderTemplate(
    `answer.${view.language}.njk`,
    { ...view, keepItemText, unitWords },
    workspaceRoot,
  );
  return { text: tidy(text), itemTexts: view.items.map((_, index) => kept[index] ?? "") };
}
