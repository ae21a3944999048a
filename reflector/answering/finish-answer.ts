import { compareSources } from "../conflicts.js";
import { pointsOfGoals } from "../metric-points.js";
import { synthesizeAnswer } from "../synthesizer/synthesize.js";
import type { AnswerContext } from "./answer-context.js";
import { type AnswerResult, answerResult } from "./answer-result.js";
import type { CheckedOutcomes } from "./answer-stages.js";

/**
 * Finishes the answer: sources that report the same metric for the same keys are compared (and
 * fused), the answer is written, and the run is finished with it.
 */
export async function finishAnswer(context: AnswerContext, found: CheckedOutcomes): Promise<AnswerResult> {
  const { plan, workspace, options, run } = context;
  const comparisons = compareSources(
    pointsOfGoals(found.outcomes, workspace.config.catalog),
    workspace.config,
  );
  for (const comparison of comparisons)
    run.trace.add("conflict", comparison.line, {
      relative_difference: comparison.relativeDifference,
      policy: comparison.policy,
      outcome: comparison.outcome,
    });
  const synthesis = await synthesizeAnswer({
    question: plan.question,
    language: context.language,
    labels: context.labels,
    outcomes: found.outcomes,
    comparisons,
    broadenings: found.broadenings,
    gaps: found.gaps,
    workspace,
    trace: run.trace,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  await run.finish({ answer: synthesis.answer, answerMarkdown: synthesis.markdown });
  return answerResult(plan, run, synthesis);
}
