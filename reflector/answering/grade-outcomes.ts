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
import type { ExecutedGoals, GradedOutcomes } from "./answer-stages.js";
import { disclosedBroadenings } from "./disclosed-broadenings.js";
import { gapFor, messageGap } from "./goal-gap.js";

/** One goal graded: its outcome, its gap when it falls short, and the filters its retrieval relaxed. */
interface GradedGoal {
  outcome: GoalOutcome;
  gap?: Gap;
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
 * agentic strategy, searched again until the passages answer), the rest answered with their
 * evidence; with every broadening to disclose.
 */
export async function gradeOutcomes(
  context: AnswerContext,
  executed: ExecutedGoals,
): Promise<GradedOutcomes> {
  const graded: GradedGoal[] = [];
  // One goal after the other: the retrieval loop of a knowledge-base goal runs steps of the same run.
  for (const planned of context.plan.sub_goals) graded.push(await gradeGoal(context, executed, planned));
  return {
    stage: "graded",
    outcomes: graded.map((goal) => goal.outcome),
    gaps: graded.flatMap((goal) => (goal.gap ? [goal.gap] : [])),
    // Every broadening to disclose: the periods reflection widened first, then the filters retrieval relaxed.
    broadenings: [
      ...disclosedBroadenings(context.plan, executed),
      ...graded.flatMap((goal) => goal.broadenings),
    ],
  };
}

/** One goal's outcome: failed with its gap, text graded, or answered with its evidence. */
async function gradeGoal(
  context: AnswerContext,
  executed: ExecutedGoals,
  planned: SubGoal,
): Promise<GradedGoal> {
  const { run } = context;
  const strategy = loopStrategyOf(context);
  const goal = executed.current.get(planned.id)!;
  const result = executed.latest.get(planned.id);
  const verdict = executed.settled.get(planned.id) ?? { status: "failed" as const, reason: "not run" };
  const emptyText =
    goal.expected_format === "text" && result !== undefined && effectiveFailureKind(result) === "no_results";
  if (verdict.status === "failed" && !(emptyText && strategy === "agentic")) {
    const reason = verdict.reason ?? "failed";
    return {
      outcome: {
        goal,
        planned,
        status: "failed",
        ...(result ? { result } : {}),
        reason,
        ...(verdict.message ? { message: verdict.message } : {}),
      },
      gap: gapFor(context, goal, result, verdict.message),
      broadenings: [],
    };
  }
  const evidence =
    run.evidence(planned.id) ??
    result?.evidence ??
    (emptyText ? { kind: "text" as const, source: goal.source, passages: [], notes: [] } : undefined);
  if (evidence?.kind === "text" && result)
    return gradeText(context, { planned, goal, result, evidence, strategy });
  // An event search that found nothing answered "none": it gets an empty table so the answer can say so.
  const answeredEvidence =
    evidence ??
    (goal.params.event
      ? { kind: "table" as const, columns: [], rows: [], provenance: [], notes: [] }
      : undefined);
  return {
    outcome: {
      goal,
      planned,
      status: "answered",
      ...(result ? { result } : {}),
      ...(answeredEvidence ? { evidence: answeredEvidence } : {}),
    },
    broadenings: [],
  };
}

/** A knowledge-base goal's passages, graded by the retrieval loop: its outcome, gap and relaxed filters. */
async function gradeText(
  context: AnswerContext,
  goal: {
    planned: SubGoal;
    goal: SubGoal;
    result: StepResult;
    evidence: Extract<Evidence, { kind: "text" }>;
    strategy: LoopStrategy;
  },
): Promise<GradedGoal> {
  const { workspace, options, run } = context;
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
  return {
    outcome: {
      goal: loop.goal,
      planned,
      status: loop.grade.sufficient ? "answered" : "insufficient",
      result: loop.lastResult,
      evidence: { ...evidence, passages: loop.passages },
      grade: loop.grade,
    },
    ...(loop.grade.sufficient
      ? {}
      : {
          gap: messageGap(
            context,
            planned.id,
            {
              code: "passages_short",
              clause: loop.grade.aspect,
              ...(loop.grade.shortfall ? { shortfall: loop.grade.shortfall } : {}),
            },
            documentsAdvice(goal.goal.source, context.language, loop.grade.aspect),
          ),
        }),
    broadenings: loop.relaxed.map((dropped) => ({
      goal: planned.id,
      from: `${dropped} filter`,
      to: "no filter",
      filter: dropped,
      reason: `no passages with the ${dropped} filter; searched without it`,
    })),
  };
}
