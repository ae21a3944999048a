import { fillPlaceholders, placeholdersOf, type TemplateValues } from "../../domain/placeholder-template.js";
import type { SubGoal } from "../../models/plan.js";
import { codedStepError } from "../../models/step-error.js";

export { placeholdersOf, type TemplateValues };

const QUARTER_OF_MONTH = (month: number) => Math.floor((month - 1) / 3) + 1;

/**
 * Values for the {placeholders}: every filter by its dimension name ({region}, {product}, …;
 * a list of several values gives no value, so its `[[ … ]]` part is dropped and the rows are
 * filtered after extraction instead), and from the period {month} (YYYY-MM of period.from),
 * {quarter} (YYYY-Qn), {year}, {from}, {to}.
 */
export function templateValues(goal: SubGoal): TemplateValues {
  const values: TemplateValues = {};
  for (const [dimension, value] of Object.entries(goal.params.filters ?? {})) {
    const single = Array.isArray(value) ? (value.length === 1 ? value[0] : undefined) : value;
    if (single !== undefined) values[dimension] = single;
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

/**
 * Fills a filter control's value (raw text typed or selected, not a URL). The whole value is
 * optional: a control whose placeholder has no value is left as it is (an empty result).
 */
export function fillText(template: string, values: TemplateValues, where = "filter value"): string {
  return fillPlaceholders(`[[${template}]]`, values, {
    render: (value) => (Array.isArray(value) ? value.join(",") : value),
    where,
  });
}

/**
 * Builds the dataset URL from its template: each value URL-encoded, the template a path relative
 * to base_url. Anything that would leave base_url's origin (an absolute template, "//host", a
 * backslash) is refused, so a plan can never reach an address the workspace did not configure.
 */
export function buildDatasetUrl(
  baseUrl: string,
  template: string,
  values: TemplateValues,
  where = "dataset url",
): URL {
  const trimmed = template.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith("//") || trimmed.includes("\\")) {
    throw codedStepError(
      "config_error",
      { code: "url_absolute", template, base: baseUrl },
      { url: template },
    );
  }
  // The one template rule (domain/placeholder-template.ts): `[[ … ]]` parts are optional, a
  // required placeholder without a value is a config error, each value is URL-encoded.
  const filled = fillPlaceholders(trimmed, values, {
    where,
    render: (given, name) => {
      const value = Array.isArray(given) ? given.join(",") : given;
      // URL parsers treat "." and ".." (even percent-encoded) as path steps; a value must stay a value.
      if (/^\.+$/.test(value))
        throw codedStepError("config_error", { code: "value_not_in_url", value, name }, { url: template });
      return encodeURIComponent(value);
    },
  });
  const base = new URL(baseUrl);
  // Join onto the base path (a base_url of http://host/bi keeps its /bi prefix).
  const basePath = base.pathname.endsWith("/") ? base.pathname : `${base.pathname}/`;
  const relative = filled.startsWith("/") ? filled.slice(1) : filled;
  const url = new URL(relative, new URL(basePath, base.origin));
  if (url.origin !== base.origin || !url.pathname.startsWith(basePath.replace(/\/$/, "") || "/")) {
    throw codedStepError(
      "config_error",
      { code: "address_leaves_base", what: "dataset_url", template, base: baseUrl },
      { url: url.origin },
    );
  }
  return url;
}
