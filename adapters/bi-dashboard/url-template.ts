import type { SubGoal } from "../../models/plan.js";
import { StepError } from "../../models/step-error.js";

/** The values a dataset's URL and filter templates can use, filled from a sub-goal. */
export type TemplateValues = Record<string, string>;

const QUARTER_OF_MONTH = (month: number) => Math.floor((month - 1) / 3) + 1;

/**
 * Values for the {placeholders}: every filter by its dimension name ({region}, {product}, …;
 * a list of values fills nothing, the rows are filtered after extraction instead), and from the
 * period {month} (YYYY-MM of period.from), {quarter} (YYYY-Qn), {year}, {from}, {to}.
 */
export function templateValues(goal: SubGoal): TemplateValues {
  const values: TemplateValues = {};
  for (const [dimension, value] of Object.entries(goal.params.filters ?? {})) {
    values[dimension] = Array.isArray(value) ? (value.length === 1 ? value[0] : "") : value;
  }
  const period = goal.params.period;
  if (period) {
    const month = Number(period.from.slice(5, 7));
    values.month = period.from.slice(0, 7);
    values.quarter = `${period.from.slice(0, 4)}-Q${QUARTER_OF_MONTH(month)}`;
    values.year = period.from.slice(0, 4);
    values.from = period.from;
    values.to = period.to;
  }
  return values;
}

/** Names of the placeholders a template uses. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(/\{([A-Za-z_][A-Za-z0-9_-]*)\}/g)].map((match) => match[1]);
}

/** Fills a template with raw values (for typed filter values, not URLs); unknown placeholders become empty. */
export function fillText(template: string, values: TemplateValues): string {
  return template.replace(/\{([A-Za-z_][A-Za-z0-9_-]*)\}/g, (_, name: string) => values[name] ?? "");
}

/**
 * Builds the dataset URL from its template: each value URL-encoded, the template a path relative
 * to base_url. Anything that would leave base_url's origin (an absolute template, "//host", a
 * backslash) is refused, so a plan can never reach an address the workspace did not configure.
 */
export function buildDatasetUrl(baseUrl: string, template: string, values: TemplateValues): URL {
  const trimmed = template.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith("//") || trimmed.includes("\\")) {
    throw new StepError(
      "config_error",
      `dataset url "${template}" must be a path relative to base_url ${baseUrl}, not an absolute address`,
      { url: template },
    );
  }
  const filled = trimmed.replace(/\{([A-Za-z_][A-Za-z0-9_-]*)\}/g, (_, name: string) => {
    const value = values[name] ?? "";
    // URL parsers treat "." and ".." (even percent-encoded) as path steps; a value must stay a value.
    if (/^\.+$/.test(value))
      throw new StepError("config_error", `the value "${value}" for {${name}} cannot be placed in a URL`, {
        url: template,
      });
    return encodeURIComponent(value);
  });
  const base = new URL(baseUrl);
  // Join onto the base path (a base_url of http://host/bi keeps its /bi prefix).
  const basePath = base.pathname.endsWith("/") ? base.pathname : `${base.pathname}/`;
  const relative = filled.startsWith("/") ? filled.slice(1) : filled;
  const url = new URL(relative, new URL(basePath, base.origin));
  if (url.origin !== base.origin || !url.pathname.startsWith(basePath.replace(/\/$/, "") || "/")) {
    throw new StepError("config_error", `dataset url "${template}" leaves ${baseUrl}; refused`, {
      url: url.origin,
    });
  }
  return url;
}
