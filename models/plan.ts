import { z } from "zod";
import { AskedBreakdown } from "./asked-breakdown.js";
import { nameRecord, PROTOTYPE_KEY_MESSAGE, prototypeKeyPaths } from "./name-record.js";
import { ruleProblem } from "./validation-rule/rule-problem.js";

/** Identifier of a sub-goal inside one plan: g1, g2, … */
export const SubGoalId = z.string().regex(/^g[0-9]{1,3}$/, "a sub-goal id looks like g1, g2, …");

/** Granularity of a period; broadening moves up this list. */
export const Grain = z.enum(["day", "week", "month", "quarter", "year"]);
export type Grain = z.infer<typeof Grain>;

/** A closed period [from, to] in ISO dates, with the grain the data is wanted at. */
export const Period = z
  .object({
    grain: Grain,
    from: z.iso.date(),
    to: z.iso.date(),
  })
  .strict()
  .refine((period) => period.from <= period.to, { message: "period.from must not be after period.to" });
export type Period = z.infer<typeof Period>;

/** A filter value: one value or a list of values of a catalog dimension. */
export const FilterValue = z.union([
  z.string().min(1).max(200),
  z.array(z.string().min(1).max(200)).min(1).max(50),
]);
export type FilterValue = z.infer<typeof FilterValue>;

/** Names of things in the workspace: metrics, dimensions, sources, datasets, events. */
export const Name = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/, "a name is letters, digits, _ and -, starting with a letter or _")
  .refine((name) => name !== "__proto__", PROTOTYPE_KEY_MESSAGE);

/** What a sub-goal asks of its source. Never a URL, path or verbatim query: adapters build requests. */
export const SubGoalParams = z
  .object({
    metric: Name.optional(),
    event: Name.optional(),
    filters: nameRecord(Name, FilterValue).prefault({}),
    period: Period.optional(),
    /** Free text for a knowledge base search; it is searched, never sent to another system. */
    query: z.string().min(1).max(2000).optional(),
  })
  .strict();
export type SubGoalParams = z.infer<typeof SubGoalParams>;

/** The aspect a text sub-question asks about: what an answering sentence must state. */
export const AskedAspect = z.enum([
  "eligibility",
  "who_pays",
  "duration",
  "amount",
  "count",
  "procedure",
  "reason",
  "date",
  "general",
]);
export type AskedAspect = z.infer<typeof AskedAspect>;

/** What the question wants done with the values: read one, count rows, total, average, or explain. */
export const AskedOperation = z.enum(["value", "count", "total", "average", "why"]);
export type AskedOperation = z.infer<typeof AskedOperation>;

/**
 * What a "why did it change" question (why, what drove, 为什么, 怎么回事) asks besides the value: the
 * base period the change is measured from (the period before, or the one the question states) and
 * the window events are searched over (base..asked, widened by the planner's margin). An event
 * aligns with the change when it is dated within base..asked and its keys match the metric's.
 */
export const AskedExplain = z.object({ base: Period, window: Period }).strict();
export type AskedExplain = z.infer<typeof AskedExplain>;

/**
 * How the asked period was arrived at when the question did not name it outright, so the answer says
 * the period it is for: read from a relative expression ("last quarter" → 2024-Q3), a default (no
 * period named: the last complete one before as-of), an assumption (a bare month read as last
 * year's), or widened to the source's grain (a month of a quarterly ledger → its quarter).
 * `period` is the period at the grain the question meant; `written`, the question's words.
 */
export const AskedPeriodReading = z
  .object({
    how: z.enum(["relative", "default", "assumed", "widened"]),
    period: Period,
    written: z.string().min(1).max(200).optional(),
  })
  .strict();
export type AskedPeriodReading = z.infer<typeof AskedPeriodReading>;

/**
 * What would answer a sub-goal, recorded by the planner before anything runs. The answer is checked
 * against it: broadening may change params (to find context), never this record.
 */
export const Asked = z.discriminatedUnion("kind", [
  z
    .object({
      kind: z.literal("metric"),
      metric: Name,
      /** Exact catalog keys the value must be for (dimension → canonical value or values). */
      keys: z.record(Name, FilterValue).default({}),
      /**
       * A comparison that needs a base period (同比 / year over year: a year earlier; 环比 / month
       * over month: the period before), and whether this goal's period is the one asked or its base.
       */
      comparison: z
        .object({
          kind: z.enum(["year_over_year", "period_over_period"]),
          role: z.enum(["period", "base"]),
        })
        .strict()
        .optional(),
      /** The asked period(s), each one unit of the grain; empty when the question named no period. */
      periods: z.array(Period).max(60).default([]),
      operation: AskedOperation.default("value"),
      /** A direction the question takes for granted ("why did it rise"): the answer checks it. */
      premise: z.enum(["up", "down"]).optional(),
      /** The metric per value of a dimension, ranked ("which … most often", 高频, "by region"). */
      breakdown: AskedBreakdown.optional(),
      /** A "why did it change" question: the base the change is measured from, and the events' window. */
      explain: AskedExplain.optional(),
      /** How the period was read when the question did not name it outright: the answer says it. */
      period_reading: AskedPeriodReading.optional(),
      /**
       * The coarser unit the question compared in when its source records a finer one ("from Q1 to
       * Q2" on monthly rows: quarter): the answer sums an additive metric's rows per unit.
       */
      compared_by: Grain.optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal("event"),
      event: Name,
      keys: z.record(Name, FilterValue).default({}),
      window: Period.optional(),
      operation: AskedOperation.default("value"),
      /** How the window was read when the question did not name it outright (a default, "last year"). */
      period_reading: AskedPeriodReading.optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal("text"),
      aspect: AskedAspect,
      /** Words that name what the answer must be about; they and the aspect meet in one sentence. */
      subject: z.array(z.string().min(1).max(100)).max(20).default([]),
      /**
       * Words of the situation the question states before the ask (its clauses without a question
       * word): a sentence naming them may stand in for a second subject word, never for the first.
       */
      situation: z.array(z.string().min(1).max(100)).max(20).optional(),
      /** For a count: the noun counted ("points"); a number must stand right before it. */
      counted: z.string().min(1).max(40).optional(),
      operation: AskedOperation.default("value"),
    })
    .strict(),
]);
export type Asked = z.infer<typeof Asked>;

export const ExpectedFormat = z.enum(["table", "records", "text"]);
export type ExpectedFormat = z.infer<typeof ExpectedFormat>;

/**
 * A validation rule as a plan carries it: text (people write it in JSON and YAML), parsed as soon as
 * the plan is, so a rule that does not parse fails at load with its column and a caret, before any
 * request.
 */
export const ValidationRuleText = z
  .string()
  .max(2000)
  .superRefine((text, context) => {
    const problem = ruleProblem(text);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

/** One unit of work for one source. */
export const SubGoal = z
  .object({
    id: SubGoalId,
    description: z.string().min(1).max(500),
    source: Name,
    dataset: Name.optional(),
    params: SubGoalParams.default({ filters: {} }),
    expected_format: ExpectedFormat,
    validation: ValidationRuleText.default(""),
    required: z.boolean().default(true),
    depends_on: z.array(SubGoalId).max(12).optional(),
    /** What would answer this sub-goal (planner/asked-for.ts); absent in hand-written plans of old. */
    asked: Asked.optional(),
  })
  .strict();
export type SubGoal = z.infer<typeof SubGoal>;
export type SubGoalInput = z.input<typeof SubGoal>;

export const Strategy = z.enum(["standard", "agentic", "auto"]);
export type Strategy = z.infer<typeof Strategy>;

export const PlannerKind = z.enum(["catalog", "model", "fallback", "manual"]);
export type PlannerKind = z.infer<typeof PlannerKind>;

/**
 * How the planner read the question, printed beside a plan (`plan --json`, `ask --json`):
 * informative only — the executor ignores it, and a plan file may carry or omit it.
 */
/** One span of the question and what the planner made of it (issue 25, coverage accounting). */
export const SpanUse = z
  .object({
    text: z.string(),
    start: z.number().int().nonnegative(),
    end: z.number().int().nonnegative(),
    /** What read it: a catalog term, a time span, a quantifier, a function word, the search query, unknown, or nothing. */
    role: z.enum([
      "metric",
      "event",
      "topic",
      "dimension",
      "time",
      "quantifier",
      "function_word",
      "query",
      "unknown",
      "unused",
    ]),
    /** The catalog name (metric:return_rate, dimension:region=East) or the periods of a time span. */
    became: z.string().optional(),
  })
  .strict();
export type SpanUse = z.infer<typeof SpanUse>;

export const PlanUnderstanding = z
  .object({
    /** planned, direct, needs_clarification or cannot_plan. */
    status: z.enum(["planned", "direct", "needs_clarification", "cannot_plan"]),
    route: z.string(),
    language: z.string(),
    /** Assumptions and corrections the user should see, in the question's language where written for them. */
    notes: z.array(z.string()),
    /** Defaults applied because the question left them out ("no period given: the last complete month"). */
    defaults: z.array(z.string()),
    corrections: z.array(z.object({ written: z.string(), corrected: z.string(), reason: z.string() })),
    clarification: z
      .object({ spans: z.array(z.object({ written: z.string(), candidates: z.array(z.string()) })) })
      .optional(),
    /** Every span of the question and what it became; `unused` spans are also reported in a note. */
    spans: z.array(SpanUse).optional(),
    elapsed_ms: z.number().nonnegative(),
  })
  .strict();
export type PlanUnderstanding = z.infer<typeof PlanUnderstanding>;

/** A whole plan: what the executor runs. */
export const ExecutionPlan = z
  .object({
    question: z.string().min(1).max(4000),
    as_of: z.iso.date(),
    strategy: Strategy.default("auto"),
    planner: PlannerKind.default("manual"),
    sub_goals: z.array(SubGoal).min(1).max(12),
    understanding: PlanUnderstanding.optional(),
  })
  .strict()
  .superRefine((plan, context) => {
    const ids = new Set<string>();
    plan.sub_goals.forEach((goal, index) => {
      if (ids.has(goal.id)) {
        context.addIssue({
          code: "custom",
          path: ["sub_goals", index, "id"],
          message: `duplicate sub-goal id ${goal.id}`,
        });
      }
      ids.add(goal.id);
    });
    plan.sub_goals.forEach((goal, index) => {
      for (const dependency of goal.depends_on ?? []) {
        if (!ids.has(dependency) || dependency === goal.id) {
          context.addIssue({
            code: "custom",
            path: ["sub_goals", index, "depends_on"],
            message: `depends on ${dependency}, which is not another sub-goal of this plan`,
          });
        }
      }
    });
    if (hasCycle(plan.sub_goals)) {
      context.addIssue({ code: "custom", path: ["sub_goals"], message: "depends_on forms a cycle" });
    }
  });
export type ExecutionPlan = z.infer<typeof ExecutionPlan>;
export type ExecutionPlanInput = z.input<typeof ExecutionPlan>;

function hasCycle(goals: { id: string; depends_on?: string[] }[]): boolean {
  const edges = new Map(goals.map((goal) => [goal.id, goal.depends_on ?? []]));
  const state = new Map<string, "visiting" | "done">();
  const visit = (id: string): boolean => {
    if (state.get(id) === "done") return false;
    if (state.get(id) === "visiting") return true;
    state.set(id, "visiting");
    for (const next of edges.get(id) ?? []) if (edges.has(next) && visit(next)) return true;
    state.set(id, "done");
    return false;
  };
  return goals.some((goal) => visit(goal.id));
}

/** Result of safeParsePlan: the plan, or the zod issues to show to a person or a model. */
export type SafeParsePlanResult =
  | { success: true; value: ExecutionPlan }
  | { success: false; issues: z.core.$ZodIssue[]; rawValue: unknown };

/** Parses a plan without throwing; the issues keep their paths. */
export function safeParsePlan(value: unknown): SafeParsePlanResult {
  // zod drops an own `__proto__` key without a word; a plan carrying one is refused instead.
  const prototypeKeys = prototypeKeyPaths(value);
  if (prototypeKeys.length > 0)
    return {
      success: false,
      issues: prototypeKeys.map((path) => ({
        code: "custom",
        path,
        message: PROTOTYPE_KEY_MESSAGE,
        input: value,
      })),
      rawValue: value,
    };
  const result = ExecutionPlan.safeParse(value);
  return result.success
    ? { success: true, value: result.data }
    : { success: false, issues: result.error.issues, rawValue: value };
}

/** JSON Schema of a plan, generated from the zod schema: the one contract for people and models. */
export function planJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(ExecutionPlan, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
}
