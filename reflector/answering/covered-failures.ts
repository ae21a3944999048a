import { detectLanguage } from "../../domain/language.js";
import { trustOf } from "../../domain/trust.js";
import type { Gap } from "../../models/answer.js";
import type { FailureKind } from "../../models/failure-kind.js";
import type { SubGoal } from "../../models/plan.js";
import { checkOutcome } from "../check-outcome.js";
import { adviceForKind } from "../gap-advice.js";
import type { FailedSource } from "../rules/rule.js";
import { asksSameNumber } from "../same-number.js";
import type { GoalOutcome } from "../synthesizer/goal-outcome.js";
import type { AnswerLanguage } from "../synthesizer/labels.js";
import type { AnswerContext } from "./answer-context.js";
import type { ReflectedGoals } from "./execute-and-reflect.js";
import type { GradedOutcomes } from "./grade-outcomes.js";

// A failure in each answer language; the step's own message (the source's words) is quoted as it is.
const KIND_WORDS: Record<AnswerLanguage, Partial<Record<FailureKind, string>>> = {
  en: {
    timeout: "timed out",
    rate_limited: "rate limited",
    server_error: "server error",
    not_found: "not found",
    no_results: "no data",
    format_error: "unreadable response",
    validation_failed: "failed validation",
    auth_error: "credentials refused",
    config_error: "misconfigured",
  },
  "zh-Hans": {
    timeout: "超时",
    rate_limited: "访问受限",
    server_error: "服务器错误",
    not_found: "未找到",
    no_results: "没有数据",
    format_error: "响应无法读取",
    validation_failed: "未通过校验",
    auth_error: "凭据被拒绝",
    config_error: "配置有误",
  },
  "zh-Hant": {
    timeout: "逾時",
    rate_limited: "存取受限",
    server_error: "伺服器錯誤",
    not_found: "找不到",
    no_results: "沒有資料",
    format_error: "回應無法讀取",
    validation_failed: "未通過驗證",
    auth_error: "憑證被拒絕",
    config_error: "設定有誤",
  },
};

const FALLBACK_SENTENCE: Record<
  AnswerLanguage,
  {
    failed: (source: string, why: string) => string;
    from: (what: string, failed: string[], from: string) => string;
  }
> = {
  en: {
    failed: (source, why) => `${source} did not answer (${why})`,
    from: (what, failed, from) => `${what}: ${failed.join("; ")}; the value shown is from ${from}`,
  },
  "zh-Hans": {
    failed: (source, why) => `${source} 未能取得数据（${why}）`,
    from: (what, failed, from) => `${what}：${failed.join("；")}；所示数值取自 ${from}`,
  },
  "zh-Hant": {
    failed: (source, why) => `${source} 未能取得資料（${why}）`,
    from: (what, failed, from) => `${what}：${failed.join("；")}；所示數值取自 ${from}`,
  },
};

const sourceName = (goal: { source: string; dataset?: string }) =>
  goal.dataset ? `${goal.source}/${goal.dataset}` : goal.source;

/** Why a source failed, in the answer's language, with the step's own message. */
function failureWords(failure: { kind?: FailureKind; message?: string }, language: AnswerLanguage): string {
  const word = failure.kind ? (KIND_WORDS[language][failure.kind] ?? failure.kind) : undefined;
  return [word, failure.message].filter(Boolean).join(language === "en" ? ": " : "：");
}

/** The gap that states the failed sources, why each failed, and the source the value shown is from. */
function fallbackGap(goal: SubGoal, failed: FailedSource[], from: SubGoal, language: AnswerLanguage): Gap {
  const sentence = FALLBACK_SENTENCE[language];
  return {
    goal: goal.id,
    missing: sentence.from(
      goal.description,
      failed.map((source) => sentence.failed(sourceName(source), failureWords(source, language))),
      sourceName(from),
    ),
    check: adviceForKind(failed.at(-1)?.kind, language),
  };
}

/**
 * The number is there when any source holds it. A metric goal whose sources failed while another
 * goal of the plan (the cross-check on another source) answered the same metric, keys and periods
 * is not a missing answer: when it was the required one, the most trusted answering goal becomes
 * required in its place and it becomes optional; either way its gap names each failed source, why
 * it failed and the source the value shown comes from. A goal the reflector moved to another
 * source that answered states the sources it left the same way.
 */
export function coverFailedGoals(
  context: AnswerContext,
  reflected: ReflectedGoals,
  graded: GradedOutcomes,
): void {
  const { workspace, run, options, plan } = context;
  const language = options.language ?? detectLanguage(plan.question);
  const trust = (goal: SubGoal) => trustOf(workspace.config.sources, goal.source);
  // A value for the asked keys and periods, not only nearby periods shown as context.
  const holdsAskedValue = (other: GoalOutcome) => {
    const check = checkOutcome(other, workspace.config.catalog);
    return (
      check === undefined ||
      check.status === "answered" ||
      (check.status === "partial" && check.found.length > 0)
    );
  };
  for (const outcome of graded.outcomes) {
    const left = reflected.histories.get(outcome.planned.id)?.failedSources ?? [];
    if (outcome.status === "failed") coverFailure(outcome, left);
    else if (left.length > 0) stateFailures(outcome, left, outcome.goal);
  }

  function coverFailure(outcome: GoalOutcome, left: FailedSource[]): void {
    if (!outcome.planned.params.metric) return;
    const covering = graded.outcomes
      .filter(
        (other) =>
          other !== outcome &&
          other.status !== "failed" &&
          other.evidence?.kind === "table" &&
          asksSameNumber(other.planned, outcome.planned) &&
          holdsAskedValue(other),
      )
      .sort((first, second) => trust(second.goal) - trust(first.goal))[0];
    if (!covering) return;
    if (outcome.planned.required !== false) {
      outcome.planned = { ...outcome.planned, required: false };
      covering.planned = { ...covering.planned, required: true };
    }
    const result = outcome.result;
    const last: FailedSource = {
      source: outcome.goal.source,
      ...(outcome.goal.dataset ? { dataset: outcome.goal.dataset } : {}),
      ...(result?.error_kind ? { kind: result.error_kind } : {}),
      ...(result?.error_message ? { message: result.error_message } : {}),
    };
    // The goal's own gap (or the reflector's reason) is replaced by the one that says where the value is from.
    const index = graded.gaps.findIndex((existing) => existing.goal === outcome.planned.id);
    if (index >= 0) graded.gaps.splice(index, 1);
    stateFailures(outcome, [...left, last], covering.goal);
  }

  function stateFailures(outcome: GoalOutcome, failed: FailedSource[], from: SubGoal): void {
    graded.gaps.push(fallbackGap(outcome.planned, failed, from, language));
    run.trace.add(
      "reflect",
      `fallback:${outcome.planned.id}:${failed.map((source) => source.source).join(",")}→${from.source}`,
      { failed: failed.map((source) => ({ source: source.source, kind: source.kind ?? null })) },
      outcome.planned.id,
    );
  }
}
