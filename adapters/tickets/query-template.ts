import { StepError } from "../../models/step-error.js";

/** Values a template may use: {from}, {to}, {to_exclusive}, {project}, one per filter dimension. */
export type TemplateValues = Record<string, string | string[] | undefined>;

/** How a substituted value is escaped: quoted JQL string, raw text later URL-encoded, or one URL path segment. */
export type TemplateTarget = "jql" | "text" | "path";

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must not reach JQL
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const OPTIONAL_SEGMENT = /\[\[([\s\S]*?)\]\]/g;

/** Placeholder names a template uses (inside optional segments or not). */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]);
}

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
    throw new StepError(
      "format_error",
      `the value ${JSON.stringify(value)} cannot be used as a URL path segment`,
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
 * Fills a template in one pass (a value containing "{x}" is never expanded again). A segment in
 * [[ … ]] is kept only when every placeholder in it has a value, so `[[AND cf[10012] = {region}]]`
 * disappears when the plan has no region filter. A required placeholder without a value is a
 * config error naming it.
 */
export function fillTemplate(
  template: string,
  values: TemplateValues,
  target: TemplateTarget,
  where: string,
  listSeparator = ",",
): string {
  const withOptional = template.replace(OPTIONAL_SEGMENT, (_, segment: string) =>
    placeholdersOf(segment).every((name) => hasValue(values[name])) ? segment : "",
  );
  // Collapse the gaps a dropped segment leaves before filling, so values keep their own spacing.
  const shaped = target === "jql" ? withOptional.replace(/\s{2,}/g, " ").trim() : withOptional;
  return shaped.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    if (!hasValue(value)) {
      throw new StepError(
        "config_error",
        `${where} uses {${name}} but the sub-goal gives no value for it; add a ${name} filter to the plan, or wrap the clause in [[ … ]] to make it optional`,
        { locator: `{${name}}` },
      );
    }
    return render(value!, target, listSeparator);
  });
}

function hasValue(value: string | string[] | undefined): boolean {
  return value !== undefined && (Array.isArray(value) ? value.length > 0 : true);
}
