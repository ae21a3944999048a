import { isDateFieldName } from "../domain/period-columns.js";
import type { Grain, Period } from "../models/plan.js";
import { build, printRule, type RuleNode } from "../models/validation-rule/index.js";
import { sourceKindNamed } from "../models/workspace.js";
import type { Offer } from "./workspace-offers.js";

/** A period bound written the way the rule language compares it at the given grain. */
export function periodBound(iso: string, grain: Grain): string {
  const [year, month] = iso.split("-").map(Number);
  switch (grain) {
    case "year":
      return String(year);
    case "quarter":
      return `${year}-Q${Math.ceil(month / 3)}`;
    case "month":
      return iso.slice(0, 7);
    default:
      return iso;
  }
}

/** The column that carries a dataset's period: one named after its grain, else a date field. */
export function periodColumn(offer: Offer): string | undefined {
  if (offer.grain && offer.columns.includes(offer.grain)) return offer.grain;
  return offer.columns.find(isDateFieldName);
}

/**
 * The validation rule (DESIGN §4) a sub-goal's evidence must satisfy, derived from the dataset's
 * columns and the period:
 * - a metric table: every mapped column present, at least one row, and a row inside the period
 *   (`any(...)`: a dashboard may show a whole year around the quarter asked for);
 * - event records: the fields present and `rows >= 0`, because "no provider change in North"
 *   is a finding, not a failure;
 * - text: at least one passage.
 * Tables read from documents (pdf_kb) are not period-filtered, so they get no period clause.
 */
export function validationTreeFor(
  offer: Offer,
  role: "metric" | "event" | "text",
  period?: Period,
): RuleNode {
  if (role === "text" || offer.expectedFormat === "text") return build.atLeast("chunks", 1);
  const columns =
    offer.columns.length > 0
      ? [build.hasColumns(offer.expectedFormat === "records" ? "has_fields" : "has_columns", offer.columns)]
      : [];
  if (role === "event") return build.allOf([...columns, build.atLeast("rows", 0)]);
  const column = periodColumn(offer);
  const inPeriod =
    period && column && sourceKindNamed(offer.sourceKind)?.periodFiltered
      ? [build.anyRow(periodClause(column, column === offer.grain ? (offer.grain as Grain) : "day", period))]
      : [];
  return build.allOf([...columns, build.atLeast("rows", 1), ...inPeriod]);
}

/** `column >= 'from' AND column <= 'to'` with the bounds at the grain the column holds. */
function periodClause(column: string, grain: Grain, period: Period): RuleNode {
  return build.between(column, periodBound(period.from, grain), periodBound(period.to, grain));
}

/** validationTreeFor as the text a plan carries (plan JSON, YAML, `plan` output). */
export function validationRuleFor(offer: Offer, role: "metric" | "event" | "text", period?: Period): string {
  return printRule(validationTreeFor(offer, role, period));
}
