import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import nunjucks from "nunjucks";
import type { Language } from "../domain/language.js";
import { type ChatMessage, OllamaClient, OllamaError, parseModelJson } from "../domain/ollama-client.js";
import { checkPlanAgainstWorkspace } from "../executor/check-plan.js";
import { type ExecutionPlan, planJsonSchema, safeParsePlan } from "../models/plan.js";
import type { WorkspaceConfig } from "../models/workspace.js";
import { withAskedFor } from "./asked-for.js";
import { CatalogPlanner } from "./catalog-planner.js";
import type { PlanContext, Planner, PlanOutcome } from "./planner.js";
import { validationRuleFor } from "./validation-rule-for.js";
import { type Offer, workspaceOffers } from "./workspace-offers.js";

/** A span the catalog could not resolve, with what a model's plan must do to account for it. */
interface Leftover {
  written: string;
  /** Every metric or event goal whose dataset offers this dimension must filter it. */
  dimension?: string;
  /** The plan's metrics or events must come from these catalog names. */
  candidates?: string[];
  requirement: string;
}

/** The unresolved spans whose handling a plan can be checked for. */
function checkableLeftovers(outcome: PlanOutcome): Leftover[] {
  const leftovers: Leftover[] = [];
  for (const term of outcome.unknownTerms) {
    if (term.kind === "dimension_value" && term.dimension)
      leftovers.push({
        written: term.text,
        dimension: term.dimension,
        requirement: `filter ${term.dimension} by a catalog value, or reply that no value fits`,
      });
    else if (term.kind === "metric" && term.suggestion)
      leftovers.push({
        written: term.text,
        candidates: [term.suggestion],
        requirement: `use the metric ${term.suggestion} or reply that none fits`,
      });
  }
  return leftovers;
}

function leftoverPrompt(outcome: PlanOutcome, leftovers: Leftover[]): string {
  if (leftovers.length === 0) return "";
  const fixed = (outcome.corrections ?? []).map(
    (correction) => `"${correction.written}" = "${correction.corrected}"`,
  );
  return [
    "",
    fixed.length > 0 ? `Already resolved (keep): ${fixed.join(", ")}` : "",
    `Not in the catalog: ${leftovers.map((span) => `"${span.written}" (${span.requirement})`).join("; ")}.`,
    "Plan only if each of these clearly means a catalog term; never drop one.",
  ]
    .filter((line) => line !== "")
    .join("\n");
}

function unaccountedLeftovers(plan: ExecutionPlan, leftovers: Leftover[]): Leftover[] {
  return leftovers.filter((span) => {
    if (span.dimension) {
      const dimension = span.dimension;
      const goals = plan.sub_goals.filter((goal) => goal.params.metric || goal.params.event);
      return goals.length === 0 || goals.some((goal) => goal.params.filters?.[dimension] === undefined);
    }
    const names = plan.sub_goals.map((goal) => goal.params.metric ?? goal.params.event).filter(Boolean);
    return names.length === 0 || names.some((name) => !span.candidates?.includes(name as string));
  });
}

/** Options of the model planner; the defaults suit production, tests pass a fetch or a catalog planner. */
export interface ModelPlannerOptions {
  /** The fetch the Ollama client uses (default: global fetch). */
  fetch?: typeof fetch;
  /** The planner to fall back to (default: a CatalogPlanner). */
  fallback?: CatalogPlanner;
}

const TEMPLATE_NAME = "model-planner-prompt.njk";

/** Finds the templates folder from the source tree or from dist/ (tsc does not copy .njk files). */
function templatesDirectory(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, "templates"), path.resolve(here, "../../planner/templates")];
  return candidates.find((candidate) => existsSync(path.join(candidate, TEMPLATE_NAME))) ?? candidates[0];
}

let environment: nunjucks.Environment | undefined;
function templates(): nunjucks.Environment {
  // autoescape off: the prompt is plain text holding JSON, not HTML.
  environment ??= new nunjucks.Environment(new nunjucks.FileSystemLoader(templatesDirectory()), {
    autoescape: false,
    throwOnUndefined: false,
  });
  return environment;
}

/** Why a model reply was not accepted, as lines to show the model on the second try and in the trace. */
type Verdict = { plan: ExecutionPlan; problems?: undefined } | { plan?: undefined; problems: string[] };

/**
 * Reads a model reply: repairs almost-JSON (`parseModelJson`), validates it against the plan schema
 * (zod), pins the fields the model must not choose (question, as_of, planner, strategy) and
 * checks every name against the workspace. Returns the plan or the problems.
 */
export function readModelReply(
  reply: string,
  question: string,
  context: PlanContext,
  strategy: ExecutionPlan["strategy"],
): Verdict {
  let value: unknown;
  try {
    value = parseModelJson(reply);
  } catch (error) {
    return { problems: [`the reply is not JSON: ${error instanceof Error ? error.message : String(error)}`] };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return { problems: ["the reply is not a JSON object"] };
  const pinned = {
    ...(value as Record<string, unknown>),
    question,
    as_of: context.asOf,
    planner: "model",
    strategy,
  };
  const parsed = safeParsePlan(pinned);
  if (!parsed.success)
    return {
      problems: parsed.issues.map((issue) => `${issue.path.join(".") || "(plan)"}: ${issue.message}`),
    };
  const references = checkPlanAgainstWorkspace(parsed.value, context.workspace);
  if (references.length > 0)
    return { problems: references.map((issue) => `${issue.path}: ${issue.message}`) };
  return { plan: withAskedFor(parsed.value, { replace: true }) };
}

/** The note that the model, not the catalog, resolved a span of the question: the plan is worth a look. */
const MODEL_RESOLVED_NOTE: Record<Language, (written: string) => string> = {
  en: (written) => `the model planner resolved "${written}" (not in the catalog): check the plan`,
  "zh-Hans": (written) => `“${written}”不在目录中，由模型规划器解读：请核对计划`,
  "zh-Hant": (written) => `「${written}」不在目錄中，由模型規劃器解讀：請核對計畫`,
};

/**
 * The model planner: a local model through Ollama writes the plan, bound to the plan's JSON Schema
 * (`format`), at a low temperature, from a prompt holding the catalog, the sources and examples.
 * The reply is repaired, validated and checked against the workspace; one re-prompt shows the
 * model its issues; after that (or on a timeout or a transport error) the catalog planner plans
 * and the plan records planner: "fallback". Routing, unknown terms and decomposition stay
 * deterministic: the model is never asked to guess a term the catalog does not know.
 */
export class ModelPlanner implements Planner {
  readonly kind = "model" as const;
  private readonly fallback: CatalogPlanner;

  constructor(private readonly options: ModelPlannerOptions = {}) {
    this.fallback = options.fallback ?? new CatalogPlanner();
  }

  async plan(question: string, context: PlanContext): Promise<PlanOutcome> {
    const started = performance.now();
    const deterministic = this.fallback.planSync(question, context);
    // Direct replies never reach the model. A question left with spans the catalog could not
    // resolve does, when the check below can tell whether its plan accounts for every one of them
    // (a qualifier of a known dimension, or a span with catalog candidates); otherwise the
    // refusal or the question back stands.
    if (deterministic.route.route === "direct") return deterministic;
    const leftovers = deterministic.plan ? [] : checkableLeftovers(deterministic);
    if (deterministic.unknownTerms.length > 0 && leftovers.length === 0) return deterministic;
    if (!deterministic.plan && leftovers.length === 0 && deterministic.clarification) return deterministic;
    // A period after as-of has no recorded data whoever plans it.
    if (deterministic.trace.some((line) => line.startsWith("refuse:after_as_of:"))) return deterministic;
    const settings = context.workspace.config.model;
    const trace = deterministic.trace.filter((line) => !line.startsWith("plan:"));
    const fallBack = (reason: string): PlanOutcome => {
      trace.push(`planner:fallback:${reason}`);
      const plan = deterministic.plan ? { ...deterministic.plan, planner: "fallback" as const } : undefined;
      if (plan) trace.push(`plan:fallback:${plan.sub_goals.length}`);
      return {
        ...deterministic,
        planner: "fallback",
        ...(plan ? { plan } : {}),
        trace,
        elapsedMs: performance.now() - started,
      };
    };
    if (!settings?.planner) return fallBack("no model.planner in the workspace");
    const strategy =
      deterministic.plan?.strategy ??
      (context.strategy === "auto"
        ? deterministic.route.complexity === "complex"
          ? "agentic"
          : "standard"
        : context.strategy);
    // Each call is cut off at the timeout and at the reply size limit (a 200 MB reply is refused, not buffered).
    const client = OllamaClient.forSettings(settings, {
      ...(context.signal ? { signal: context.signal } : {}),
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
    });
    const timedOut = (error: unknown) => error instanceof OllamaError && error.kind === "timeout";
    const messages: ChatMessage[] = [
      { role: "system", content: this.prompt(context) },
      {
        role: "user",
        content: `as_of: ${context.asOf}\nQuestion: ${question}${leftoverPrompt(deterministic, leftovers)}`,
      },
    ];
    try {
      // A missing model is the commonest setup mistake: say so instead of a 404 from /api/chat.
      if (!(await client.modelNames()).has(settings.planner))
        return fallBack(
          `model ${settings.planner} is not available on ${settings.host} (ollama create ${settings.planner} -f demo/models/triangulate-planner.Modelfile)`,
        );
    } catch (error) {
      return fallBack(
        timedOut(error)
          ? `timeout after ${settings.timeout_seconds}s`
          : `cannot reach Ollama at ${settings.host}`,
      );
    }
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      let reply: string;
      try {
        reply = await client.chat({
          model: settings.planner,
          messages,
          format: planJsonSchema(),
          temperature: Math.min(settings.temperature, 0.2),
        });
      } catch (error) {
        const reason = timedOut(error)
          ? `timeout after ${settings.timeout_seconds}s`
          : `model call failed: ${error instanceof Error ? error.message : String(error)}`;
        return fallBack(reason.slice(0, 200));
      }
      let verdict = readModelReply(reply, question, context, strategy);
      // The same checks as the catalog's: every span the catalog could not resolve is accounted for.
      const unaccounted = verdict.plan ? unaccountedLeftovers(verdict.plan, leftovers) : [];
      if (unaccounted.length > 0)
        verdict = {
          problems: unaccounted.map(
            (span) => `the span "${span.written}" is not accounted for: ${span.requirement}`,
          ),
        };
      if (verdict.plan) {
        for (const span of leftovers)
          deterministic.warnings.push(MODEL_RESOLVED_NOTE[deterministic.language](span.written));
        trace.push(`plan:model:${verdict.plan.sub_goals.length}${attempt > 1 ? ":after-reprompt" : ""}`);
        return {
          ...deterministic,
          plan: verdict.plan,
          planner: "model",
          clarification: undefined,
          message: undefined,
          trace,
          elapsedMs: performance.now() - started,
        };
      }
      trace.push(
        `model:rejected:${attempt}:${verdict.problems.length} issues:${verdict.problems[0].slice(0, 120)}`,
      );
      if (attempt === 1) {
        messages.push({ role: "assistant", content: reply.slice(0, 20_000) });
        messages.push({
          role: "user",
          content: `That plan was rejected:\n${verdict.problems
            .slice(0, 20)
            .map((problem) => `- ${problem}`)
            .join("\n")}\nReply with a corrected plan as one JSON object.`,
        });
      }
    }
    return fallBack("the model's plan was rejected twice");
  }

  /** The system prompt: the template rendered with the workspace's catalog, offers and examples. */
  prompt(context: PlanContext): string {
    const config = context.workspace.config;
    const offers = workspaceOffers(config);
    return templates().render(TEMPLATE_NAME, {
      workspace_name: config.name ?? path.basename(context.workspace.root),
      as_of: context.asOf,
      check_conflicts: config.reflector.check_conflicts,
      catalog: config.catalog,
      offers,
      examples: this.examples(context),
      filter_example: filterExample(config.catalog),
      validation_example: validationExample(offers),
    });
  }

  /** Worked examples made by the catalog planner from the workspace's own vocabulary. */
  private examples(context: PlanContext): { question: string; plan: string }[] {
    const catalog = context.workspace.config.catalog;
    const questions: string[] = [];
    const metric = Object.entries(catalog.metrics)[0];
    const dimension = Object.entries(catalog.dimensions).find(
      ([, definition]) => Object.keys(definition.values).length >= 2,
    );
    if (metric && dimension) {
      const [first, second] = Object.entries(dimension[1].values);
      const label =
        metric[1].synonyms.find((synonym) => /[\u4e00-\u9fff]/.test(synonym)) ?? metric[1].label ?? metric[0];
      questions.push(`对比${first[1][0] ?? first[0]}与${second[1][0] ?? second[0]}上个月的${label}`);
    }
    const event = Object.entries(catalog.events)[0];
    if (event) questions.push(`${event[1].label ?? event[0]} last quarter`);
    const topic = Object.entries(catalog.topics)[0];
    if (topic) questions.push(`What does the ${topic[1].label ?? topic[0]} say?`);
    return questions.flatMap((question) => {
      const outcome = this.fallback.planSync(question, context);
      if (!outcome.plan) return [];
      const {
        question: _question,
        as_of: _asOf,
        planner: _planner,
        strategy: _strategy,
        ...rest
      } = outcome.plan;
      return [{ question, plan: JSON.stringify(rest) }];
    });
  }
}

/**
 * A dimension value and a synonym of it that differs, from the workspace's own catalog, for the
 * prompt's rule that filters hold canonical values; none when no value has such a synonym. Taken
 * from the catalog so the prompt holds no word of any one workspace.
 */
export function filterExample(
  catalog: WorkspaceConfig["catalog"],
): { value: string; synonym: string } | undefined {
  for (const dimension of Object.values(catalog.dimensions)) {
    for (const [value, synonyms] of Object.entries(dimension.values)) {
      const synonym = synonyms.find((candidate) => candidate.toLowerCase() !== value.toLowerCase());
      if (synonym) return { value, synonym };
    }
  }
  return undefined;
}

/** The validation rule the catalog planner gives the first dataset offering a metric: the prompt's example of a rule. */
export function validationExample(offers: readonly Offer[]): string {
  const offer = offers.find((candidate) => candidate.dataset && candidate.metrics.length > 0);
  return offer ? validationRuleFor(offer, "metric") : "rows >= 1";
}
