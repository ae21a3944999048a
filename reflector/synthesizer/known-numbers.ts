import type { MetricComparison } from "../conflicts.js";
import type { MetricPoint } from "../metric-points.js";
import { type KnownNumber, knownNumbersInText } from "../number-audit.js";
import { periodLabel } from "../period-broadening.js";
import { ocrOfCell } from "./ocr-caveats.js";
import type { ViewInput } from "./view-input.js";

/** The numbers an answer may use, collected as the view is built; the number audit checks against them. */
export class KnownNumbers {
  readonly numbers: KnownNumber[] = [];

  /** One number with where it comes from. */
  add(value: number, origin: KnownNumber["origin"], extra: Partial<KnownNumber> = {}): void {
    this.numbers.push({ value, origin, ...extra });
  }

  /** Every number written in a text. */
  addText(
    text: string,
    origin: KnownNumber["origin"],
    extra: Omit<KnownNumber, "value" | "origin"> = {},
  ): void {
    this.numbers.push(...knownNumbersInText(text, origin, extra));
  }
}

/**
 * The numbers of the view's input: the question's, every value of every piece of evidence, the
 * periods asked for and broadened to, the run facts of failures and gaps, and the trust weights.
 */
export function collectInputNumbers(input: ViewInput, known: KnownNumbers): void {
  known.addText(input.question, "question");
  for (const outcome of input.outcomes) {
    const evidence = outcome.evidence;
    if (!evidence) continue;
    if (evidence.kind === "table") {
      evidence.rows.forEach((row, index) => {
        for (const [column, value] of Object.entries(row)) {
          if (typeof value === "number")
            known.add(value, "evidence", {
              goal: outcome.goal.id,
              label: `${outcome.goal.source} row ${index + 1}`,
              ...ocrOfCell(evidence, index, column),
            });
          else if (typeof value === "string") known.addText(value, "evidence", { goal: outcome.goal.id });
        }
      });
    } else {
      for (const passage of evidence.passages)
        known.addText(passage.text, "evidence", { goal: outcome.goal.id, label: passage.chunk_id });
    }
    // Periods the plan asked for (and broadened to) are the question's own numbers.
    for (const subGoal of [outcome.goal, outcome.planned]) {
      const period = subGoal.params.period;
      if (!period) continue;
      known.addText(`${period.from} ${period.to} ${periodLabel(period)}`, "question", { goal: subGoal.id });
    }
  }
  for (const broadening of input.broadenings)
    known.addText(`${broadening.from} ${broadening.to}`, "computed", { goal: broadening.goal });
  // Failure reasons and gaps quote run facts (HTTP 500, 20000ms); they are the run's own numbers, not claims about the data.
  for (const outcome of input.outcomes)
    if (outcome.reason)
      known.addText(outcome.reason, "computed", { goal: outcome.goal.id, label: "run detail" });
  for (const gap of input.gaps) known.addText(`${gap.missing} ${gap.check}`, "computed", { label: "gap" });
  for (const [, source] of Object.entries(input.workspace.config.sources))
    known.add(source.trust, "computed", { label: "trust weight from triangulate.yaml" });
}

/** Values counted or summed from rows are computed numbers. */
export function collectDerivedPoints(points: MetricPoint[], known: KnownNumbers): void {
  for (const point of points.filter((candidate) => candidate.derivation !== "cell"))
    known.add(point.value, "computed", { goal: point.goal, label: `${point.derivation} of ${point.metric}` });
}

/** The resolved value and the spread of every comparison between sources. */
export function collectComparisonNumbers(
  comparisons: readonly MetricComparison[],
  known: KnownNumbers,
): void {
  for (const comparison of comparisons) {
    if (comparison.resolved !== null)
      known.add(comparison.resolved, "computed", { label: `${comparison.policy} of ${comparison.metric}` });
    known.add(comparison.relativeDifference * 100, "computed", { label: "relative spread between sources" });
  }
}
