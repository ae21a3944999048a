import { fillPlaceholders, placeholdersOf, type TemplateValues } from "../../domain/placeholder-template.js";
import { codedStepError } from "../../models/step-error.js";

export { placeholdersOf, type TemplateValues };

/** How a substituted value is escaped: quoted JQL string, raw text later URL-encoded, or one URL path segment. */
export type TemplateTarget = "jql" | "text" | "path";

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must not reach JQL
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * Quotes a value as a JQL string literal: always double-quoted, with backslashes and quotes
 * escaped and control characters turned into spaces, so a value can never end the string and add
 * clauses, and reserved words (AND, OR, EMPTY, null …) stay plain text.
 */
export function quoteJql(value: string): string {
  const escaped = value.replace(CONTROL_CHARACTERS, " ").replace(/\\/g, "\\\\").replace(/"/g, '\\"');
  return `"${escaped}"`;
}

/** Encodes a value as one URL path segment; "." and ".." are refused because they would walk the path. */
export function encodePathSegment(value: string): string {
  if (value === "." || value === ".." || value === "") {
    throw codedStepError(
      "format_error",
      { code: "value_not_in_url", value },
      { locator: "endpoint" },
      { retryable: false },
    );
  }
  return encodeURIComponent(value);
}

function render(value: string | string[], target: TemplateTarget, listSeparator: string): string {
  const values = Array.isArray(value) ? value : [value];
  switch (target) {
    case "jql":
      // A list renders as "a", "b": write `field in ({dimension})` in the template to accept one or many.
      return values.map(quoteJql).join(", ");
    case "path":
      return values.map(encodePathSegment).join(",");
    default:
      return values.join(listSeparator);
  }
}

/**
 * Fills a ticket template by the one rule of every source kind (domain/placeholder-template.ts):
 * `[[ … ]]` parts are dropped when a placeholder in them has no value, a required placeholder
 * without one is a config error naming it. Values are escaped for the target.
 */
export function fillTemplate(
  template: string,
  values: TemplateValues,
  target: TemplateTarget,
  where: string,
  listSeparator = ",",
): string {
  return fillPlaceholders(template, values, {
    render: (value) => render(value, target, listSeparator),
    where,
    collapseSpaces: target === "jql",
  });
}
