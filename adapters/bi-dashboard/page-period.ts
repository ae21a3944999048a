import type { Locator } from "playwright-core";
import { parseDateText } from "../../domain/parse-value.js";
import { periodLabelRange } from "../../domain/period-range.js";
import type { BiDataset } from "../../models/sources/bi-dashboard-source.js";
import { codedStepError } from "../../models/step-error.js";
import { boundedStep } from "./stalled-step-error.js";

// The nearest heading before the element read (an HTML heading or an ARIA one), else its own anchor.
const PRECEDING_HEADING =
  "xpath=preceding::*[self::h1 or self::h2 or self::h3 or self::h4 or self::h5 or self::h6 or @role='heading'][1]";

/** A period label as people write it ("2024年第三季度", "Q3 2024", "2024-07") in its canonical form, if it is one. */
function canonicalPeriod(text: string): string | undefined {
  const trimmed = text.trim();
  const label = parseDateText(trimmed) ?? (/^\d{4}$/.test(trimmed) ? trimmed : undefined);
  return label && periodLabelRange(label) ? label : undefined;
}

/**
 * The period the dataset's page shows as a whole: the one it declares, or the one its heading states
 * (the nearest heading above the table or chart read, matched by the dataset's pattern). Undefined
 * when the dataset says nothing about it. A declared label that is no period is a config_error; a
 * heading that does not match, or matches no period, is a format_error quoting the heading.
 */
export async function pagePeriod(
  dataset: BiDataset,
  element: Locator,
  where: string,
  timeoutMs: number,
): Promise<{ label: string; heading?: string } | undefined> {
  const declared = dataset.period;
  if (declared === undefined) return undefined;
  if (typeof declared === "string") {
    const label = canonicalPeriod(declared);
    if (!label)
      throw codedStepError(
        "config_error",
        { code: "page_period_invalid", where, period: declared },
        { period: declared },
        { retryable: false },
      );
    return { label };
  }
  const heading = await boundedStep("heading", timeoutMs, async () => {
    const candidate = element.locator(PRECEDING_HEADING);
    if ((await candidate.count()) === 0) return undefined;
    return ((await candidate.textContent({ timeout: timeoutMs })) ?? "").replace(/\s+/g, " ").trim();
  });
  if (!heading)
    throw codedStepError(
      "format_error",
      { code: "page_heading_missing", where, pattern: declared.heading },
      { period_pattern: declared.heading },
      { retryable: false },
    );
  const match = new RegExp(declared.heading, "u").exec(heading);
  const text = match ? (match[1] ?? match[0]) : undefined;
  const label = text === undefined ? undefined : canonicalPeriod(text);
  if (!label)
    throw codedStepError(
      "format_error",
      {
        code: "page_heading_not_period",
        where,
        heading,
        pattern: declared.heading,
        ...(match && text !== undefined ? { matched: text } : {}),
      },
      { heading, period_pattern: declared.heading },
      { retryable: false },
    );
  return { label, heading };
}
