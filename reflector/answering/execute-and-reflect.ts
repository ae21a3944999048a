import { describeSources } from "../../config/describe-sources.js";
import type { StepHints } from "../../executor/execute-plan.js";
import type { SubGoal } from "../../models/plan.js";
import { saidOf } from "../../models/step-message.js";
import type { StepResult } from "../../models/step-result.js";
import { failureWords, type GapMessage, type StopCause } from "../messages/gap-message.js";
import { applyRules } from "../rule-engine.js";
import { defaultRules } from "../rules/default-rules.js";
import { effectiveFailureKind } from "../rules/effective-failure-kind.js";
import type { ReflectionHistory, ReflectionRule, RuleDecision } from "../rules/rule.js";
import type { AnswerContext } from "./answer-context.js";
import type { ExecutedGoals, Settlement } from "./answer-stages.js";
import { goalsWithBeforeWindows } from "./before-window.js";
import { pause } from "./pause.js";

/** The goals' state while the rounds run; handed on, read-only, as `ExecutedGoals`. */
interface ReflectionState {
  current: Map<string, SubGoal>;
  latest: Map<string, StepResult>;
  settled: Map<string, Settlement>;
  histories: Map<string, ReflectionHistory>;
}

/** What stays the same over the rounds. */
interface ReflectionSetup {
  rules: readonly ReflectionRule[];
  capabilities: ReturnType<typeof describeSources>;
  maxIterations: number;
  defaultTimeoutMs: number;
}

/** The goals one round sends again, with their hints and the longest delay asked for. */
interface Round {
  rerun: SubGoal[];
  hints: Record<string, StepHints>;
  delayMs: number;
}

/**
 * Executes every sub-goal, then reflects on the results with the rules (retry, broaden, switch
 * source, stop) and runs the changed goals again, for at most max_iterations rounds within the deadline.
 */
export async function executeAndReflect(context: AnswerContext): Promise<ExecutedGoals> {
  const { plan, workspace, options, run } = context;
  const setup: ReflectionSetup = {
    rules: options.rules ?? defaultRules,
    capabilities: describeSources(workspace.config),
    maxIterations: options.maxIterations ?? workspace.config.reflector.max_iterations,
    defaultTimeoutMs: options.stepTimeoutMs ?? workspace.config.executor.step_timeout_seconds * 1000,
  };
  const state: ReflectionState = {
    current: goalsWithBeforeWindows(plan, run.trace),
    latest: new Map(),
    settled: new Map(),
    histories: new Map(
      plan.sub_goals.map((goal) => [
        goal.id,
        { retries: 0, broadenings: [], sourcesTried: [goal.source], usedFallback: false },
      ]),
    ),
  };
  for (const result of await run.execute([...state.current.values()]))
    state.latest.set(result.goal_id, result);
  for (let iteration = 1; ; iteration++) {
    const round = reflectRound(context, setup, state, iteration);
    if (round.rerun.length === 0) break;
    await pause(Math.min(round.delayMs, Math.max(0, run.remainingMs() - 1)), options.signal);
    for (const result of await run.execute(round.rerun, { hints: round.hints }))
      state.latest.set(result.goal_id, result);
  }
  return state;
}

/** Why reflection stops for every goal now (cancelled, deadline, rounds used up), or undefined. */
function stopCause(context: AnswerContext, iteration: number, maxIterations: number): StopCause | undefined {
  const { run, options } = context;
  if (options.signal?.aborted) return { kind: "interrupted" };
  if (run.remainingMs() <= 0) return { kind: "deadline" };
  if (iteration > maxIterations) return { kind: "rounds", rounds: maxIterations };
  return undefined;
}

/** A stop cause in the trace's words. */
function stopText(cause: StopCause): string {
  return cause.kind === "interrupted"
    ? "interrupted"
    : cause.kind === "deadline"
      ? "the deadline passed"
      : `still failing after ${cause.rounds} reflection rounds`;
}

/** A failed step's message: its kind, the upstream's own words, and what reflection concluded. */
function failureMessage(
  result: StepResult,
  conclusion?: Extract<GapMessage, { code: "step_failed" }>["conclusion"],
): GapMessage {
  return {
    code: "step_failed",
    kind: result.error_kind ?? "failed",
    ...failureWords(result),
    ...(conclusion ? { conclusion } : {}),
  };
}

/** One round: each goal not settled yet is settled at a stop, or given to the rules. */
function reflectRound(
  context: AnswerContext,
  setup: ReflectionSetup,
  state: ReflectionState,
  iteration: number,
): Round {
  const { plan, workspace, run } = context;
  const round: Round = { rerun: [], hints: {}, delayMs: 0 };
  for (const goal of plan.sub_goals) {
    if (state.settled.has(goal.id)) continue;
    const result = state.latest.get(goal.id) ?? run.results.get(goal.id);
    if (!result) continue;
    const stop = stopCause(context, iteration, setup.maxIterations);
    if (stop !== undefined) {
      state.settled.set(goal.id, settleAtStop(context, goal, result, stop, iteration));
      continue;
    }
    const history = state.histories.get(goal.id)!;
    const firing = applyRules(
      setup.rules,
      {
        goal: state.current.get(goal.id)!,
        originalGoal: goal,
        result,
        workspace,
        capabilities: setup.capabilities,
        iteration,
        history,
        remainingMs: run.remainingMs(),
        defaultTimeoutMs: setup.defaultTimeoutMs,
        otherGoals: [...state.current.values()],
        otherResults: state.latest,
        otherHistories: state.histories,
      },
      run.trace,
    );
    if (firing.decision.action === "switch_source") {
      recordFailedSource(history, state.current.get(goal.id)!, result);
      // Asked again as planned (no data even when broadened): the source left's broadenings are not this one's.
      if (JSON.stringify(firing.decision.goal.params) === JSON.stringify(goal.params))
        history.broadenings = [];
    }
    applyDecision(firing.decision, result, goal.id, history, state, round);
  }
  return round;
}

/** The source a goal is switched away from, with its failure, for the answer to state. */
function recordFailedSource(history: ReflectionHistory, goal: SubGoal, result: StepResult): void {
  const kind = effectiveFailureKind(result);
  history.failedSources = [
    ...(history.failedSources ?? []),
    {
      source: goal.source,
      ...(goal.dataset ? { dataset: goal.dataset } : {}),
      ...(kind ? { kind } : {}),
      ...(result.error_message ? { message: result.error_message } : {}),
      ...saidOf(result),
    },
  ];
}

/** A goal when reflection stops: answered if its last run succeeded, else failed with why. */
function settleAtStop(
  context: AnswerContext,
  goal: SubGoal,
  result: StepResult,
  cause: StopCause,
  iteration: number,
): Settlement {
  if (result.status === "succeeded") return { status: "answered" };
  const why = stopText(cause);
  context.run.trace.add("reflect", `reflect:${goal.id}:unresolved:${why}`, { iteration }, goal.id);
  return {
    status: "failed",
    reason: `${result.error_kind ?? result.status}${result.error_message ? ` (${result.error_message})` : ""}; ${why}`,
    message:
      cause.kind === "interrupted"
        ? { code: "interrupted" }
        : failureMessage(result, { code: "stopped", cause }),
  };
}

/** Records a rule's decision: settles the goal, or queues it again (retried, broadened, switched). */
function applyDecision(
  decision: RuleDecision,
  result: StepResult,
  goalId: string,
  history: ReflectionHistory,
  state: ReflectionState,
  round: Round,
): void {
  switch (decision.action) {
    case "accept":
      state.settled.set(goalId, { status: "answered" });
      break;
    case "stop":
      state.settled.set(goalId, {
        status: "failed",
        reason: decision.reason,
        message: failureMessage(result),
      });
      break;
    case "unresolved":
      state.settled.set(goalId, {
        status: "failed",
        reason: decision.reason,
        message: failureMessage(result, decision.conclusion),
      });
      break;
    case "retry":
      history.retries++;
      if (decision.hints.useFallback) history.usedFallback = true;
      round.hints[goalId] = decision.hints;
      round.delayMs = Math.max(round.delayMs, decision.delayMs);
      round.rerun.push(decision.goal);
      break;
    case "broaden":
      history.broadenings.push(decision.broadening);
      state.current.set(goalId, decision.goal);
      round.rerun.push(decision.goal);
      break;
    case "switch_source":
      history.sourcesTried.push(decision.goal.source);
      state.current.set(goalId, decision.goal);
      round.rerun.push(decision.goal);
      break;
  }
}
