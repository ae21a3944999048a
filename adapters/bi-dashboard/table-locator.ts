import type { Locator, Page } from "playwright-core";
import type { z } from "zod";
import type { Anchor } from "../../models/sources/bi-dashboard-source.js";
import { anchorText } from "../../models/step-message-english.js";

/** A semantic anchor from the YAML. */
export type AnchorSpec = z.infer<typeof Anchor>;

/** Quotes a string as an XPath literal, even when it holds both kinds of quotes. */
export function xpathLiteral(value: string): string {
  if (!value.includes("'")) return `'${value}'`;
  if (!value.includes('"')) return `"${value}"`;
  return `concat(${value
    .split("'")
    .map((part) => `'${part}'`)
    .join(`, "'", `)})`;
}

// What counts as a table: an HTML table or an element with an ARIA table role. Never a class name.
const TABLE_TEST = "self::table or @role='grid' or @role='treegrid' or @role='table'";

/** A human-readable description of an anchor, for errors and provenance. */
export function describeAnchor(anchor: AnchorSpec): string {
  return anchorText(anchor);
}

/**
 * The anchor element: a heading by its accessible name (role locator), or the element carrying
 * the aria-label / title (XPath), or the text of a nearby label. Undefined means "the page itself".
 */
export function anchorLocator(page: Page, anchor: AnchorSpec): Locator | undefined {
  if (anchor.heading) return page.getByRole("heading", { name: anchor.heading }).first();
  if (anchor.aria_label)
    return page.locator(`xpath=//*[@aria-label=${xpathLiteral(anchor.aria_label)}]`).first();
  if (anchor.title) return page.locator(`xpath=//*[@title=${xpathLiteral(anchor.title)}]`).first();
  if (anchor.label) {
    // A nearby label: an element whose own text is the label (a <label>, a caption, a <span>).
    return page.locator(`xpath=//*[normalize-space(text())=${xpathLiteral(anchor.label)}]`).first();
  }
  return undefined;
}

/**
 * The table the anchor names: the anchor itself when it is a table, else the nth table inside it,
 * else the nth table that follows it in the document.
 */
export function tableLocator(page: Page, anchor: AnchorSpec): Locator {
  const nth = anchor.nth ?? 1;
  const from = anchorLocator(page, anchor);
  if (!from) return page.locator(`xpath=(//*[${TABLE_TEST}])[${nth}]`);
  return from.locator(`xpath=(descendant-or-self::*[${TABLE_TEST}] | following::*[${TABLE_TEST}])[${nth}]`);
}

/** The locator of the table, as text for provenance and error details. */
export function tableLocatorText(anchor: AnchorSpec): string {
  return `${describeAnchor(anchor)} → table`;
}
