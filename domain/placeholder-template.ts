import { codedStepError } from "../models/step-error.js";

/**
 * The one template rule of every source kind (BI dataset URLs and filter values, ticket
 * endpoints, query parameters and JQL): `{name}` is replaced by the sub-goal's value for name;
 * a part written `[[ … ]]` is dropped when any placeholder in it has no value; a placeholder
 * outside `[[ … ]]` without a value is a config error naming it and the template, never an
 * empty value (an empty filter would silently widen what is read). `{{` and `}}` are a literal
 * `{` and `}` (query languages write braces themselves: TicketSQL's `'CF.{{Effective date}}'`
 * sends `'CF.{Effective date}'`). Each kind says only how one value is written where it goes
 * (quoted JQL, URL-encoded, one path segment).
 */

/** Values a template may use; a list holds several values of one filter. */
export type TemplateValues = Record<string, string | string[] | undefined>;

// One scan finds escaped braces and placeholders together, left to right, so `{{region}}` is the
// literal text `{region}` and never a placeholder, and a substituted value is never scanned again.
const TOKEN = /\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_-]*)\}/g;
const OPTIONAL_PART = /\[\[([\s\S]*?)\]\]/g;
const LITERAL: Record<string, string> = { "{{": "{", "}}": "}" };

/** Placeholder names a template uses (inside optional parts or not); escaped braces are not placeholders. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(TOKEN)].flatMap((match) => (match[1] === undefined ? [] : [match[1]]));
}

/** Whether a value counts as given: an empty list or an empty string does not. */
export function hasValue(value: string | string[] | undefined): value is string | string[] {
  return value !== undefined && value !== "" && (!Array.isArray(value) || value.length > 0);
}

/** Whether the whole template is one optional part (a parameter that is sent only with its value). */
export function isWhollyOptional(template: string): boolean {
  return /^\s*\[\[[\s\S]*\]\]\s*$/.test(template);
}

export interface FillOptions {
  /** Writes one value (or list) for its target; called once per placeholder, in one pass. */
  render: (value: string | string[], name: string) => string;
  /** Where the template is written in the YAML, for the error (sources.x.searches.y.jql). */
  where: string;
  /** Collapse the runs of spaces a dropped part leaves (query languages, not URLs). */
  collapseSpaces?: boolean;
}

/**
 * Fills a template in one pass (a value containing "{x}" is never expanded again): optional parts
 * first, then every placeholder through `render` and every `{{` / `}}` as a literal brace.
 */
export function fillPlaceholders(template: string, values: TemplateValues, options: FillOptions): string {
  const withOptional = template.replace(OPTIONAL_PART, (_, part: string) =>
    placeholdersOf(part).every((name) => hasValue(values[name])) ? part : "",
  );
  const shaped = options.collapseSpaces ? withOptional.replace(/\s{2,}/g, " ").trim() : withOptional;
  return shaped.replace(TOKEN, (token, name: string | undefined) => {
    if (name === undefined) return LITERAL[token];
    const value = values[name];
    if (!hasValue(value)) {
      throw codedStepError(
        "config_error",
        { code: "placeholder_unset", where: options.where, name },
        { locator: `{${name}}` },
      );
    }
    return options.render(value, name);
  });
}
