import type { Broadening, Gap } from "../../models/answer.js";
import type { Evidence, Passage } from "../../models/evidence.js";
import type { SubGoal } from "../../models/plan.js";
import type { StepResult } from "../../models/step-result.js";
import { runRetrievalLoop } from "../agentic-retrieval.js";
import { documentsAdvice } from "../gap-advice.js";
import { gradeWithModel } from "../model-grader.js";
import { effectiveFailureKind } from "../rules/effective-failure-kind.js";
import type { GoalOutcome } from "../synthesizer/goal-outcome.js";
import type { AnswerContext } from "./answer-context.js";
import type { ReflectedGoals } from "./execute-and-reflect.js";
import { gapFor } from "./goal-gap.js";

/** Every goal's outcome, the gaps found so far, and the filters the retrieval loop relaxed. */
export interface GradedOutcomes {
  outcomes: GoalOutcome[];
  gaps: Gap[];
  broadenings: Broadening[];
}

type LoopStrategy = "standard" | "agentic";

/** The retrieval strategy: the option or the plan's, with auto decided by the router's complexity. */
function loopStrategyOf(context: AnswerContext): LoopStrategy {
  const strategy = context.options.strategy ?? context.plan.strategy;
  if (strategy !== "auto") return strategy;
  return context.options.complexity === "complex" ? "agentic" : "standard";
}

/**
 * Each goal's outcome: failed goals with their gap, knowledge-base goals graded (and, under the
 * agentic strategy, searched again until the passages answer), the rest answered with their evidence.
 */
export async function gradeOutcomes(
  context: AnswerContext,
  reflected: ReflectedGoals,
): Promise<GradedOutcomes> {
  const { plan, options, run } = context;
  const strategy = loopStrategyOf(context);
  const graded: GradedOutcomes = { outcomes: [], gaps: [], broadenings: [] };
  for (const planned of plan.sub_goals) {
    const goal = reflected.current.get(planned.id)!;
    const result = reflected.latest.get(planned.id);
    const verdict = reflected.settled.get(planned.id) ?? { status: "failed" as const, reason: "not run" };
    const emptyText =
      goal.expected_format === "text" &&
      result !== undefined &&
      effectiveFailureKind(result) === "no_results";
    if (verdict.status === "failed" && !(emptyText && strategy === "agentic")) {
      const reason = verdict.reason ?? "failed";
      graded.outcomes.push({
        goal,
        planned,
        status: "failed",
        ...(result ? { result } : {}),
        reason,
        ...(verdict.message ? { message: verdict.message } : {}),
      });
      graded.gaps.push(gapFor(context, goal, result, verdict.message));
      continue;
    }
    const evidence =
      run.evidence(planned.id) ??
      result?.evidence ??
      (emptyText ? { kind: "text" as const, source: goal.source, passages: [], notes: [] } : undefined);
    if (evidence?.kind === "text" && result) {
      await gradeText(context, { planned, goal, result, evidence, strategy }, graded);
      continue;
    }
    // An event search that found nothing answered "none": it gets an empty table so the answer can say so.
    const answeredEvidence =
      evidence ??
      (goal.params.event
        ? { kind: "table" as const, columns: [], rows: [], provenance: [], notes: [] }
        : undefined);
    graded.outcomes.push({
      goal,
      planned,
      status: "answered",
      ...(result ? { result } : {}),
      ...(answeredEvidence ? { evidence: answeredEvidence } : {}),
    });
  }
  return graded;
}

/** A knowledge-base goal's passages, graded by the retrieval loop; adds its outcome, gap and relaxed filters. */
async function gradeText(
  context: AnswerContext,
  goal: {
    planned: SubGoal;
    goal: SubGoal;
    result: StepResult;
    evidence: Extract<Evidence, { kind: "text" }>;
    strategy: LoopStrategy;
  },
  graded: GradedOutcomes,
): Promise<void> {
  const { workspace, options, run, plan } = context;
  const settings = workspace.config.reflector;
  const { planned, evidence } = goal;
  const signal = options.signal ? { signal: options.signal } : {};
  const loop = await runRetrievalLoop(
    goal.goal,
    goal.result,
    async (next) => (await run.execute([next]))[0],
    (question: string, passages: Passage[]) =>
      gradeWithModel(question, passages, workspace.config.model, {
        minDocs: settings.min_docs_to_answer,
        ...signal,
      }),
    {
      strategy: goal.strategy,
      maxSteps: settings.agentic_max_steps,
      minDocs: settings.min_docs_to_answer,
      ...(workspace.config.model ? { model: workspace.config.model } : {}),
      trace: run.trace,
      ...signal,
    },
  );
  graded.outcomes.push({
    goal: loop.goal,
    planned,
    status: loop.grade.sufficient ? "answered" : "insufficient",
    result: loop.lastResult,
    evidence: { ...evidence, passages: loop.passages },
    grade: loop.grade,
  });
  if (!loop.grade.sufficient)
    graded.gaps.push({
      goal: planned.id,
      missing: loop.grade.missing ?? `no answer to "${loop.grade.aspect}"`,
      check: documentsAdvice(goal.goal.source, context.language, loop.grade.aspect),
    });
  for (const dropped of loop.relaxed)
    graded.broadenings.push({
      goal: planned.id,
      from: `${dropped} filter`,
      to: "no filter",
      reason: `no passages with the ${dropped} filter; searched without it`,
    });
}
