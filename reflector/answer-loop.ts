import { describeSources } from "../config/describe-sources.js";
import type { Workspace } from "../config/workspace.js";
import { type ExecuteOptions, type Run, type StepHints, startRun } from "../executor/execute-plan.js";
import type { Answer, Broadening, Gap } from "../models/answer.js";
import type { Passage } from "../models/evidence.js";
import type { ExecutionPlan, SubGoal } from "../models/plan.js";
import type { StepResult } from "../models/step-result.js";
import { runRetrievalLoop } from "./agentic-retrieval.js";
import { checkOutcome } from "./check-outcome.js";
import { compareSources } from "./conflicts.js";
import {
  adviceForKind,
  documentsAdvice,
  eventSourcesAdvice,
  interruptedGap,
  needsOcrAdvice,
  unresolvedWhy,
} from "./gap-advice.js";
import { pointsOfGoals } from "./metric-points.js";
import { gradeWithModel } from "./model-grader.js";
import { enclosingUnit, periodLabel } from "./period-broadening.js";
import { applyRules } from "./rule-engine.js";
import { widenValidation } from "./rules/broaden-rule.js";
import { defaultRules } from "./rules/default-rules.js";
import { effectiveFailureKind } from "./rules/effective-failure-kind.js";
import type { ReflectionHistory, ReflectionRule } from "./rules/rule.js";
import type { GoalOutcome } from "./synthesizer/goal-outcome.js";
import type { AnswerLanguage } from "./synthesizer/labels.js";
import { type Synthesis, synthesizeAnswer } from "./synthesizer/synthesize.js";
import { detectLanguage } from "./text-folding.js";
import { checkWhy } from "./why-check.js";

/** Options of answerPlan: the executor's, plus the reflector's. */
export interface AnswerOptions extends ExecuteOptions {
  /** standard | agentic | auto (default: the plan's strategy). */
  strategy?: "standard" | "agentic" | "auto";
  /** The router's complexity; under auto, complex questions get the agentic retrieval loop. */
  complexity?: "simple" | "complex";
  /** Reflection rounds; default reflector.max_iterations. */
  maxIterations?: number;
  /** Language of the answer; default from the question. */
  language?: AnswerLanguage;
  /** Rules in place of the default ones (tests, extensions). */
  rules?: readonly ReflectionRule[];
}

/** The answer and the run that produced it (already finished: answer.json, answer.md, trace.jsonl written). */
export interface AnswerResult {
  answer: Answer;
  markdown: string;
  run: Run;
  synthesis: Synthesis;
}

// Waits for a retry delay without outliving the deadline or Ctrl-C.
function pause(milliseconds: number, signal?: AbortSignal): Promise<void> {
  if (milliseconds <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, milliseconds);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}

/** The gap of a goal that stayed unresolved: what is missing (with the step's own message) and what to check. */
export function gapFor(
  goal: SubGoal,
  result: StepResult | undefined,
  reason: string,
  language?: AnswerLanguage,
): Gap {
  const kind = result?.error_kind ?? "no_results";
  const region =
    result?.error_details?.needs_ocr === true ? String(result.error_details.region ?? "an image") : undefined;
  // Stopped by Ctrl-C: nothing to check at the source (an empty check: the answer says none).
  if (kind === "interrupted")
    return { goal: goal.id, missing: `${goal.description}: ${interruptedGap(language)}`, check: "" };
  return {
    goal: goal.id,
    missing: `${goal.description}: ${reason}`,
    check: region !== undefined ? needsOcrAdvice(region, language) : adviceForKind(kind, language),
  };
}

/**
 * The goal with its period extended back by one unit of its grain (2024-01 → 2023-12..2024-01), so
 * an event can be compared with the period before it; undefined when the goal has no metric period,
 * already spans several units, or its rule counts rows exactly (rows = 1 would no longer hold).
 */
export function withBeforeWindow(goal: SubGoal): SubGoal | undefined {
  const period = goal.params.period;
  if (!goal.params.metric || !period || period.grain === "year" || /\brows\s*(=|<=|<)/.test(goal.validation))
    return undefined;
  // A period of several units already shows the movement (Q3 vs Q4); only a single unit needs the one before.
  if (enclosingUnit(period.from, period.grain).to < period.to) return undefined;
  const dayBefore = new Date(Date.parse(`${period.from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const widened = { ...period, from: enclosingUnit(dayBefore, period.grain).from };
  return {
    ...goal,
    params: { ...goal.params, period: widened },
    validation: widenValidation(goal.validation, period, { ...period, from: widened.from }),
  };
}

/**
 * Answers a plan: executes every sub-goal, reflects on failures with the rules (retry, broaden,
 * switch source, stop) for at most max_iterations rounds within the deadline, compares sources,
 * grades knowledge-base passages (with the agentic retrieval loop when the strategy asks for it),
 * writes the answer and finishes the run.
 */
export async function answerPlan(
  plan: ExecutionPlan,
  workspace: Workspace,
  options: AnswerOptions = {},
): Promise<AnswerResult> {
  const settings = workspace.config.reflector;
  const run = await startRun(plan, workspace, {
    ...options,
    ...(options.deadlineMs === undefined ? { deadlineMs: settings.deadline_seconds * 1000 } : {}),
  });
  try {
    const trace = run.trace;
    const rules = options.rules ?? defaultRules;
    const capabilities = describeSources(workspace.config);
    const maxIterations = options.maxIterations ?? settings.max_iterations;
    const defaultTimeoutMs = options.stepTimeoutMs ?? workspace.config.executor.step_timeout_seconds * 1000;
    const current = new Map(plan.sub_goals.map((goal) => [goal.id, goal]));
    const histories = new Map<string, ReflectionHistory>(
      plan.sub_goals.map((goal) => [
        goal.id,
        { retries: 0, broadenings: [], sourcesTried: [goal.source], usedFallback: false },
      ]),
    );
    const settled = new Map<string, { status: "answered" | "failed"; reason?: string }>();
    const broadenings: Broadening[] = [];

    // Relating a metric to events needs the metric before the events too: the period before is fetched with it.
    if (plan.sub_goals.some((goal) => goal.params.event)) {
      for (const goal of plan.sub_goals) {
        const widened = withBeforeWindow(goal);
        if (!widened) continue;
        current.set(goal.id, widened);
        trace.add(
          "reflect",
          `reflect:${goal.id}:context:${periodLabel(widened.params.period!)} (the period before, to align events)`,
          {},
          goal.id,
        );
      }
    }
    const latest = new Map<string, StepResult>();
    for (const result of await run.execute([...current.values()])) latest.set(result.goal_id, result);

    for (let iteration = 1; ; iteration++) {
      const rerun: SubGoal[] = [];
      const hints: Record<string, StepHints> = {};
      let delayMs = 0;
      for (const goal of plan.sub_goals) {
        if (settled.has(goal.id)) continue;
        const result = latest.get(goal.id) ?? run.results.get(goal.id);
        if (!result) continue;
        const history = histories.get(goal.id)!;
        const currentGoal = current.get(goal.id)!;
        if (iteration > maxIterations || run.remainingMs() <= 0 || options.signal?.aborted) {
          if (result.status === "succeeded") {
            settled.set(goal.id, { status: "answered" });
            continue;
          }
          const why = unresolvedWhy(
            options.signal?.aborted
              ? { kind: "interrupted" }
              : run.remainingMs() <= 0
                ? { kind: "deadline" }
                : { kind: "rounds", rounds: maxIterations },
            options.language ?? detectLanguage(plan.question),
          );
          trace.add("reflect", `reflect:${goal.id}:unresolved:${why}`, { iteration }, goal.id);
          settled.set(goal.id, {
            status: "failed",
            reason: `${result.error_kind ?? result.status}${result.error_message ? ` (${result.error_message})` : ""}; ${why}`,
          });
          continue;
        }
        const firing = applyRules(
          rules,
          {
            goal: currentGoal,
            originalGoal: goal,
            result,
            workspace,
            capabilities,
            iteration,
            history,
            remainingMs: run.remainingMs(),
            defaultTimeoutMs,
            otherGoals: [...current.values()],
          },
          trace,
        );
        const decision = firing.decision;
        switch (decision.action) {
          case "accept":
            settled.set(goal.id, { status: "answered" });
            break;
          case "stop":
          case "unresolved":
            settled.set(goal.id, { status: "failed", reason: decision.reason });
            break;
          case "retry":
            history.retries++;
            if (decision.hints.useFallback) history.usedFallback = true;
            hints[goal.id] = decision.hints;
            delayMs = Math.max(delayMs, decision.delayMs);
            rerun.push(decision.goal);
            break;
          case "broaden":
            history.broadenings.push(decision.broadening);
            current.set(goal.id, decision.goal);
            rerun.push(decision.goal);
            break;
          case "switch_source":
            history.sourcesTried.push(decision.goal.source);
            current.set(goal.id, decision.goal);
            rerun.push(decision.goal);
            break;
        }
      }
      if (rerun.length === 0) break;
      await pause(Math.min(delayMs, Math.max(0, run.remainingMs() - 1)), options.signal);
      for (const result of await run.execute(rerun, { hints })) latest.set(result.goal_id, result);
    }
    for (const goal of plan.sub_goals) {
      const history = histories.get(goal.id)!;
      // Only broadenings that led to data are disclosed as such; the others end in a gap.
      const first = history.broadenings[0];
      const last = history.broadenings.at(-1);
      if (settled.get(goal.id)?.status === "answered" && first && last) {
        broadenings.push(
          history.broadenings.length === 1
            ? first
            : {
                goal: goal.id,
                from: first.from,
                to: last.to,
                reason: `no data for ${first.from}; broadened to ${last.to}`,
              },
        );
      }
    }

    // Knowledge-base goals: grade the passages, and under the agentic strategy loop until they answer.
    const strategy = options.strategy ?? plan.strategy;
    const loopStrategy =
      strategy === "auto"
        ? options.complexity === "simple"
          ? "standard"
          : options.complexity === "complex"
            ? "agentic"
            : "standard"
        : strategy;
    const outcomes: GoalOutcome[] = [];
    const gaps: Gap[] = [];
    for (const planned of plan.sub_goals) {
      const goal = current.get(planned.id)!;
      const result = latest.get(planned.id);
      const verdict = settled.get(planned.id) ?? { status: "failed" as const, reason: "not run" };
      const emptyText =
        goal.expected_format === "text" &&
        result !== undefined &&
        effectiveFailureKind(result) === "no_results";
      if (verdict.status === "failed" && !(emptyText && loopStrategy === "agentic")) {
        outcomes.push({
          goal,
          planned,
          status: "failed",
          ...(result ? { result } : {}),
          reason: verdict.reason ?? "failed",
        });
        gaps.push(
          gapFor(goal, result, verdict.reason ?? "failed", options.language ?? detectLanguage(plan.question)),
        );
        continue;
      }
      const evidence =
        run.evidence(planned.id) ??
        result?.evidence ??
        (emptyText ? { kind: "text" as const, source: goal.source, passages: [], notes: [] } : undefined);
      if (evidence?.kind === "text" && result) {
        const loop = await runRetrievalLoop(
          goal,
          result,
          async (next) => (await run.execute([next]))[0],
          (question: string, passages: Passage[]) =>
            gradeWithModel(question, passages, workspace.config.model, {
              minDocs: settings.min_docs_to_answer,
              ...(options.signal ? { signal: options.signal } : {}),
            }),
          {
            strategy: loopStrategy,
            maxSteps: settings.agentic_max_steps,
            minDocs: settings.min_docs_to_answer,
            ...(workspace.config.model ? { model: workspace.config.model } : {}),
            trace,
            ...(options.signal ? { signal: options.signal } : {}),
          },
        );
        const merged = { ...evidence, passages: loop.passages };
        outcomes.push({
          goal: loop.goal,
          planned,
          status: loop.grade.sufficient ? "answered" : "insufficient",
          result: loop.lastResult,
          evidence: merged,
          grade: loop.grade,
        });
        if (!loop.grade.sufficient) {
          gaps.push({
            goal: planned.id,
            missing: loop.grade.missing ?? `no answer to "${loop.grade.aspect}"`,
            check: documentsAdvice(
              goal.source,
              options.language ?? detectLanguage(plan.question),
              loop.grade.aspect,
            ),
          });
        }
        for (const dropped of loop.relaxed)
          broadenings.push({
            goal: planned.id,
            from: `${dropped} filter`,
            to: "no filter",
            reason: `no passages with the ${dropped} filter; searched without it`,
          });
        continue;
      }
      // An event search that found nothing answered "none": it gets an empty table so the answer can say so.
      const answeredEvidence =
        evidence ??
        (goal.params.event
          ? { kind: "table" as const, columns: [], rows: [], provenance: [], notes: [] }
          : undefined);
      outcomes.push({
        goal,
        planned,
        status: "answered",
        ...(result ? { result } : {}),
        ...(answeredEvidence ? { evidence: answeredEvidence } : {}),
      });
    }

    // Nothing is called answered before its evidence is checked against what the plan says was asked.
    for (const outcome of outcomes) {
      const check = checkOutcome(outcome, workspace.config.catalog);
      if (!check) continue;
      outcome.check = check;
      trace.add(
        "check",
        `check:${outcome.planned.id}:${check.status}${check.gap ? `:${check.gap}` : ""}`,
        { found: check.found, missing: check.missing },
        outcome.planned.id,
      );
      if (check.status === "answered" || !check.gap) continue;
      if (gaps.some((gap) => gap.goal === outcome.planned.id && gap.missing === check.gap)) continue;
      // The grader's own gap already says what the passages lack; the check's replaces it when stricter.
      const existing = gaps.findIndex((gap) => gap.goal === outcome.planned.id);
      const gap = {
        goal: outcome.planned.id,
        missing: `${outcome.planned.description}: ${check.gap}`,
        check:
          outcome.planned.asked?.kind === "text"
            ? documentsAdvice(outcome.goal.source, options.language ?? detectLanguage(plan.question))
            : adviceForKind("not_found", options.language ?? detectLanguage(plan.question)),
      };
      if (existing >= 0) gaps[existing] = { ...gaps[existing], missing: gap.missing };
      else gaps.push(gap);
    }
    for (const why of checkWhy(outcomes)) {
      trace.add("check", `check:${why.goal}:partial:${why.gap}`, {}, why.goal);
      gaps.push({
        goal: why.goal,
        missing: why.gap,
        check: eventSourcesAdvice(options.language ?? detectLanguage(plan.question)),
      });
    }
    // A broadening that found only context is disclosed as such, not as the way the answer was found.
    for (const [index, broadening] of broadenings.entries()) {
      const outcome = outcomes.find((candidate) => candidate.planned.id === broadening.goal);
      if (outcome?.check && outcome.check.status !== "answered")
        broadenings[index] = {
          ...broadening,
          reason: `${broadening.reason} — only to show context; the values found are not for what was asked`,
        };
    }

    // Sources that report the same metric for the same keys are compared (and fused) before writing.
    const comparisons = compareSources(
      pointsOfGoals(outcomes, workspace.config.catalog.metrics),
      workspace.config,
    );
    for (const comparison of comparisons)
      trace.add("conflict", comparison.line, {
        relative_difference: comparison.relativeDifference,
        policy: comparison.policy,
        outcome: comparison.outcome,
      });

    const language = options.language ?? detectLanguage(plan.question);
    const synthesis = await synthesizeAnswer({
      question: plan.question,
      language,
      outcomes,
      comparisons,
      broadenings,
      gaps,
      workspace,
      trace,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    await run.finish({ answer: synthesis.answer, answerMarkdown: synthesis.markdown });
    return { answer: synthesis.answer, markdown: synthesis.markdown, run, synthesis };
  } finally {
    await run.close();
  }
}
