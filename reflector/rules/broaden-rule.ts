import type { Period, SubGoal } from "../../models/plan.js";
import { rewriteRuleText } from "../../models/validation-rule/index.js";
import { broadenPeriod, periodLabel } from "../period-broadening.js";
import { effectiveFailureKind } from "./effective-failure-kind.js";
import type { ReflectionRule } from "./rule.js";
import { widenPeriodBounds, withoutFilterClauses } from "./rule-rewrites.js";

function filterText(filters: SubGoal["params"]["filters"]): string {
  return (
    Object.entries(filters)
      .map(([name, value]) => `${name}=${Array.isArray(value) ? value.join("|") : value}`)
      .join(",") || "no filters"
  );
}

/** A validation rule with its period bounds moved from one period to another (see widenPeriodBounds). */
export function widenValidation(validation: string, from: Period, to: Period): string {
  return rewriteRuleText(validation, (rule) => widenPeriodBounds(rule, from, to));
}

/**
 * 404 or an empty result: first move the period one grain up (month → quarter, expanded to the
 * enclosing quarter); at year, drop the least important filter (the last of catalog.filter_importance
 * that the goal uses). Every broadening is disclosed in the answer.
 */
export const broadenRule: ReflectionRule = {
  name: "broaden",
  priority: 40,
  decide(context) {
    const kind = effectiveFailureKind(context.result);
    if (kind !== "not_found" && kind !== "no_results") return undefined;
    const goal = context.goal;
    const period = goal.params.period;
    // Up to a year, the year before comes with it: the data often ends just before the asked year
    // (a quarter asked after the last export), and the answer then says where it ends and its last
    // value (issue 29 item 7) instead of only "no data". In the same step, so a source's fallback
    // is reached after as many rounds as before.
    const up = period ? broadenPeriod(period) : undefined;
    const broader = up?.grain === "year" ? (withYearBefore(up) ?? up) : up;
    if (period && broader) {
      const from = periodLabel(period);
      const to = periodLabel(broader);
      return {
        action: "broaden",
        goal: {
          ...goal,
          params: { ...goal.params, period: broader },
          validation: widenValidation(goal.validation, period, broader),
        },
        broadening: {
          goal: goal.id,
          from,
          to,
          reason: `no data for ${from}; used the enclosing ${broader.grain} ${to}`,
        },
        reason: `${period.grain}→${broader.grain}`,
      };
    }
    const importance = context.workspace.config.catalog.filter_importance;
    // A filter naming what was asked (the office, the product in the question) is never dropped: the
    // rows without it would be another entity's, listed under this question.
    const asked = context.originalGoal.asked;
    const askedKeys = asked && asked.kind !== "text" ? Object.keys(asked.keys) : [];
    const present = Object.keys(goal.params.filters).filter((name) => !askedKeys.includes(name));
    // The least important is the last in filter_importance; filters it does not list go first.
    const unlisted = present.filter((name) => !importance.includes(name));
    const listed = importance.filter((name) => present.includes(name));
    const drop = unlisted.at(-1) ?? listed.at(-1);
    if (!drop)
      return {
        action: "unresolved",
        reason:
          askedKeys.length > 0
            ? `no data for ${filterText(goal.params.filters)} even at the broadest period; the filters name what was asked, so none is dropped`
            : `no data even at the broadest period and with no filter left to relax`,
        conclusion: {
          code: "broadest_period_empty",
          filters: askedKeys.length > 0 ? goal.params.filters : {},
        },
      };
    const filters = { ...goal.params.filters };
    delete filters[drop];
    return {
      action: "broaden",
      goal: {
        ...goal,
        params: { ...goal.params, filters },
        validation: rewriteRuleText(goal.validation, (rule) => withoutFilterClauses(rule, drop)),
      },
      broadening: {
        goal: goal.id,
        from: filterText(goal.params.filters),
        to: filterText(filters),
        reason: `no data with ${drop} filtered; dropped the ${drop} filter`,
      },
      reason: `drop filter ${drop}`,
    };
  },
};

/** A year's period reaching back to the start of the year before (2020 → 2019..2020); undefined when it already spans more than a year. */
function withYearBefore(period: Period): Period | undefined {
  const fromYear = Number(period.from.slice(0, 4));
  if (Number(period.to.slice(0, 4)) !== fromYear) return undefined;
  return { grain: "year", from: `${fromYear - 1}-01-01`, to: period.to };
}
