import type { TableEvidence } from "../../models/evidence.js";
import type { Asked, SubGoal } from "../../models/plan.js";
import { pointHasAskedKeys } from "../answer-check.js";
import { dateColumnOf, periodStart } from "../metric-points.js";
import { periodLabel } from "../period-broadening.js";
import { eventSearches, explainedAsk, placeEvents } from "../why-alignment.js";
import { type AnswerView, MAX_LINES, type ViewContext } from "./answer-view.js";
import { eventDetail, eventKeyColumn } from "./event-views.js";
import { cellText } from "./format-number.js";
import { sameEvent } from "./same-events.js";
import type { Series } from "./summaries.js";

/**
 * The candidate explanations of a why-question: for each explained metric and keys (plan
 * `asked.explain`), the recorded events that line up with the change (reflector/why-alignment.ts),
 * each cited and the same event from two sources once with both citations, and the events found
 * that do not line up, marked (outside the change's span, or for other keys). None lining up gives
 * no view: the why check's gap says so, with what was searched. Nor does a change that was not
 * measured (no value at its base, or at the asked period: a year earlier before the data starts):
 * events cannot line up with a change nobody knows.
 */
export function explanationViews(context: ViewContext, series: Series[]): AnswerView["explanations"] {
  const { labels, citations } = context;
  const searches = eventSearches(context.input.outcomes);
  const catalogDimensions = context.workspace.config.catalog.dimensions;
  const dimensions = new Set(Object.keys(catalogDimensions));
  const views: AnswerView["explanations"] = [];
  const seen = new Set<string>();
  for (const outcome of context.input.outcomes) {
    const asked = explainedAsk(outcome);
    if (!asked?.explain) continue;
    const id = JSON.stringify([asked.metric, asked.keys, asked.explain.base, asked.periods]);
    if (seen.has(id)) continue;
    if (!changeMeasured(asked, outcome.goal, series)) continue;
    seen.add(id);
    const placements = placeEvents(asked, searches);
    const aligned: (AnswerView["explanations"][number]["aligned"][number] & {
      evidence: TableEvidence;
      row: number;
    })[] = [];
    const notAligned: AnswerView["explanations"][number]["notAligned"] = [];
    for (const placement of placements) {
      const search = searches.find((entry) => entry.outcome.goal.id === placement.goal)!;
      const { evidence } = search;
      const goal = search.outcome.goal;
      const row = evidence.rows[placement.row];
      const keyColumn = eventKeyColumn(evidence, dateColumnOf(evidence));
      const detail = eventDetail(context, evidence, row, keyColumn, dateColumnOf(evidence));
      // A key that is a dimension value (a zone) is said in the answer's language, as the details are.
      const key = keyColumn ? cellText(row[keyColumn]) : "";
      const keyText = keyColumn && keyColumn in catalogDimensions ? labels.value(keyColumn, key) : key;
      const line = {
        event: goal.params.event ? labels.event(goal.params.event) : goal.description,
        eventKey: `${keyText}${detail ? ` (${detail})` : ""}`.trim(),
        date: placement.date,
      };
      if (placement.place !== "aligned") {
        if (notAligned.length < MAX_LINES) notAligned.push({ ...line, place: placement.place });
        continue;
      }
      const cite = citations.rows(goal.id, goal.source, evidence, [placement.row]);
      const same = aligned.find(
        (entry) =>
          entry.evidence !== evidence &&
          sameEvent(
            { evidence: entry.evidence, row: entry.row },
            { evidence, row: placement.row },
            dimensions,
          ),
      );
      if (same) {
        if (!same.cites.includes(cite)) same.cites.push(cite);
      } else if (aligned.length < MAX_LINES)
        aligned.push({ ...line, cites: [cite], evidence, row: placement.row });
    }
    if (aligned.length === 0) continue;
    const last = asked.periods.at(-1);
    views.push({
      metric: labels.metric(asked.metric),
      // In the catalog's dimension order, as the items and the analysis say them.
      keys: labels.keys(
        Object.fromEntries(
          Object.keys(catalogDimensions)
            .filter((dimension) => dimension in asked.keys)
            .map((dimension) => {
              const value = asked.keys[dimension];
              return [dimension, Array.isArray(value) ? value.join(", ") : value];
            }),
        ),
      ),
      span: `${periodLabel(asked.explain.base)}..${last ? periodLabel(last) : periodLabel(asked.explain.base)}`,
      aligned: aligned.map(({ event, eventKey, date, cites }) => ({ event, eventKey, date, cites })),
      notAligned,
    });
  }
  return views;
}

/** Whether a series of the asked metric and keys has a value at the base and at the last asked period. */
function changeMeasured(asked: Extract<Asked, { kind: "metric" }>, run: SubGoal, series: Series[]): boolean {
  const base = asked.explain?.base;
  const last = asked.periods.at(-1);
  if (!base || !last) return false;
  const within = (label: string | undefined, from: string, to: string) => {
    const start = periodStart(label);
    return from <= start && start <= to;
  };
  const points = series
    .filter((entry) => entry.metric === asked.metric)
    .flatMap((entry) => entry.points)
    .filter((point) => pointHasAskedKeys(point, asked.keys, run));
  return (
    points.some((point) => within(point.period, base.from, base.to)) &&
    points.some((point) => within(point.period, last.from, last.to))
  );
}
