import type { ReflectionContext, ReflectionRule, RuleDecision } from "./rules/rule.js";

/** Something that records trace events (the run's TraceRecorder). */
export interface TraceSink {
  add(kind: string, line: string, detail?: Record<string, unknown>, goal?: string): unknown;
}

/** A decision and the rule that made it. */
export interface RuleFiring {
  rule: string;
  decision: RuleDecision;
}

function describe(decision: RuleDecision): string {
  switch (decision.action) {
    case "accept":
    case "stop":
    case "unresolved":
    case "retry":
    case "switch_source":
    case "broaden":
      return decision.reason;
  }
}

/**
 * Asks the rules in priority order (lowest first) and returns the first decision; records it as
 * a trace event "reflect:<goal>:<rule>:<reason>". A context no rule handles is unresolved.
 */
export function applyRules(
  rules: readonly ReflectionRule[],
  context: ReflectionContext,
  trace?: TraceSink,
): RuleFiring {
  const ordered = [...rules].sort((left, right) => left.priority - right.priority);
  let firing: RuleFiring | undefined;
  for (const rule of ordered) {
    const decision = rule.decide(context);
    if (decision) {
      firing = { rule: rule.name, decision };
      break;
    }
  }
  firing ??= { rule: "unresolved", decision: { action: "unresolved", reason: "no rule applies" } };
  trace?.add(
    "reflect",
    `reflect:${context.goal.id}:${firing.rule}:${describe(firing.decision)}`,
    {
      rule: firing.rule,
      action: firing.decision.action,
      iteration: context.iteration,
      error_kind: context.result.error_kind ?? null,
    },
    context.goal.id,
  );
  return firing;
}
