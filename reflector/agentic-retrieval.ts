import { z } from "zod";
import type { Passage, TextEvidence } from "../models/evidence.js";
import type { SubGoal } from "../models/plan.js";
import type { StepResult } from "../models/step-result.js";
import type { ModelSettings } from "../models/workspace.js";
import type { AnswerKind } from "./answer-kind.js";
import type { Grade } from "./grader.js";
import { keyTerms } from "./key-terms.js";
import { PASSAGE_WORDS } from "./locales/index.js";
import { CUED_KINDS, type CuedKind } from "./locales/passage-words.js";
import { askModelForJson } from "./model-client.js";
import type { TraceSink } from "./rule-engine.js";

/** What the loop does next. */
export const RetrievalAction = z.enum(["ANSWER", "RETRIEVE", "BROADEN"]);
export type RetrievalAction = z.infer<typeof RetrievalAction>;

/** The model's structured decision; anything that does not parse falls back to the deterministic decision. */
export const RetrievalDecision = z
  .object({
    action: RetrievalAction,
    rewritten_query: z.string().min(1).max(500).optional(),
    reasoning: z.string().max(1000).default(""),
  })
  .strict();
export type RetrievalDecision = z.infer<typeof RetrievalDecision>;

/** Runs one retrieval for a goal (the executor's run.execute for that goal). */
export type RetrieveFunction = (goal: SubGoal) => Promise<StepResult>;
/** Grades merged passages against the sub-question. */
export type GradeFunction = (question: string, passages: Passage[]) => Promise<Grade>;

/** Settings of one retrieval loop. */
export interface AgenticOptions {
  strategy: "standard" | "agentic";
  maxSteps: number;
  minDocs: number;
  model?: ModelSettings;
  trace?: TraceSink;
  signal?: AbortSignal;
}

/** The outcome for one knowledge-base goal: merged passages, the final grade, and the goal as last run. */
export interface AgenticOutcome {
  goal: SubGoal;
  passages: Passage[];
  grade: Grade;
  steps: number;
  /** Queries tried, the first being the plan's. */
  queries: string[];
  /** Filters relaxed along the way, for the answer's broadened list. */
  relaxed: string[];
  lastResult: StepResult;
}

// Words that pull in the passages a missing aspect would live in, per answer kind (every language's).
const ASPECT_WORDS: Record<AnswerKind, string> = {
  ...(Object.fromEntries(
    CUED_KINDS.map((kind) => [kind, PASSAGE_WORDS.map((words) => words.searchHints[kind]).join(" ")]),
  ) as Record<CuedKind, string>),
  general: "",
};

/** Merges passages of several retrievals, keeping the first (best-ranked) copy of every chunk. */
export function mergePassages(existing: Passage[], incoming: Passage[]): Passage[] {
  const seen = new Set(existing.map((passage) => passage.chunk_id));
  const merged = [...existing];
  for (const passage of incoming) {
    if (seen.has(passage.chunk_id)) continue;
    seen.add(passage.chunk_id);
    merged.push(passage);
  }
  return merged;
}

/** A query aimed at what the grade says is missing: the focus clause's terms and words of the answer kind. */
export function rewriteQuery(grade: Grade): string {
  const focus = keyTerms(grade.aspect);
  return [...new Set([...focus, ...ASPECT_WORDS[grade.kind].split(" ").filter(Boolean)])].join(" ");
}

/** The deterministic decision (CRAG-style): nothing found → relax filters; insufficient → a rewritten query; else answer. */
export function decideDeterministically(
  goal: SubGoal,
  passages: Passage[],
  grade: Grade,
  queries: string[],
  minDocs: number,
): RetrievalDecision {
  if (passages.length === 0 && Object.keys(goal.params.filters).length > 0) {
    return { action: "BROADEN", reasoning: "no passages with the filters; relax them" };
  }
  if (grade.sufficient && passages.length >= minDocs)
    return { action: "ANSWER", reasoning: "the passages answer the question" };
  const rewritten = rewriteQuery(grade);
  if (!rewritten || queries.includes(rewritten)) {
    if (Object.keys(goal.params.filters).length > 0)
      return { action: "BROADEN", reasoning: "rewriting found nothing new; relax the filters" };
    return { action: "ANSWER", reasoning: "nothing new to try; answer with what is there" };
  }
  return { action: "RETRIEVE", rewritten_query: rewritten, reasoning: grade.missing ?? "too few passages" };
}

function textEvidence(result: StepResult): TextEvidence | undefined {
  return result.evidence?.kind === "text" ? result.evidence : undefined;
}

function relaxFilters(goal: SubGoal): { goal: SubGoal; dropped?: string } {
  const names = Object.keys(goal.params.filters);
  const dropped = names.at(-1);
  if (!dropped) return { goal };
  const filters = { ...goal.params.filters };
  delete filters[dropped];
  return { goal: { ...goal, params: { ...goal.params, filters } }, dropped };
}

async function modelDecision(
  options: AgenticOptions,
  question: string,
  passages: Passage[],
  grade: Grade,
): Promise<RetrievalDecision | string> {
  const model = options.model?.grader ?? options.model?.writer;
  if (!options.model || !model) return "no model";
  const listing = passages
    .slice(0, 8)
    .map((passage) => `[${passage.chunk_id}] ${passage.text.slice(0, 400)}`)
    .join("\n");
  const reply = await askModelForJson(
    options.model,
    model,
    [
      {
        role: "system",
        content:
          "You steer a retrieval loop over a knowledge base. Decide ANSWER (the passages answer the question), RETRIEVE (search again with rewritten_query aimed at what is missing) or BROADEN (relax filters). Reply with JSON {action, rewritten_query, reasoning}.",
      },
      {
        role: "user",
        content: `Question: ${question}\nMissing so far: ${grade.missing ?? "nothing"}\nPassages:\n${listing || "(none)"}`,
      },
    ],
    RetrievalDecision,
    options.signal,
  );
  if (!reply.ok) return reply.reason;
  if (reply.value.action === "RETRIEVE" && !reply.value.rewritten_query)
    return "RETRIEVE without rewritten_query";
  return reply.value;
}

/**
 * The retrieval loop for one knowledge-base goal. standard: grade the first retrieval and stop.
 * agentic: ANSWER / RETRIEVE (rewritten query) / BROADEN (relax filters) until the passages answer
 * the sub-question or maxSteps retrievals were made; passages are merged across steps by chunk id.
 */
export async function runRetrievalLoop(
  goal: SubGoal,
  first: StepResult,
  retrieve: RetrieveFunction,
  grade: GradeFunction,
  options: AgenticOptions,
): Promise<AgenticOutcome> {
  const question = goal.params.query ?? goal.description;
  let current = goal;
  let lastResult = first;
  let passages = textEvidence(first)?.passages ?? [];
  let currentGrade = await grade(question, passages);
  const queries = [current.params.query ?? question];
  const relaxed: string[] = [];
  let steps = 1;
  while (options.strategy === "agentic" && steps < options.maxSteps && !options.signal?.aborted) {
    let decision = decideDeterministically(current, passages, currentGrade, queries, options.minDocs);
    if (options.model && (options.model.grader || options.model.writer)) {
      const fromModel = await modelDecision(options, question, passages, currentGrade);
      if (typeof fromModel === "string")
        options.trace?.add(
          "agentic",
          `agentic:${goal.id}:model decision unusable (${fromModel}), deterministic`,
          { reason: fromModel },
          goal.id,
        );
      else decision = fromModel;
    }
    if (decision.action === "ANSWER") break;
    steps++;
    if (decision.action === "BROADEN") {
      const next = relaxFilters(current);
      if (!next.dropped) {
        options.trace?.add("agentic", `agentic:${goal.id}:step${steps}:broaden:no filter left`, {}, goal.id);
        break;
      }
      relaxed.push(next.dropped);
      current = next.goal;
      options.trace?.add(
        "agentic",
        `agentic:${goal.id}:step${steps}:broaden:drop ${next.dropped}`,
        { reasoning: decision.reasoning },
        goal.id,
      );
    } else {
      const query = decision.rewritten_query ?? question;
      queries.push(query);
      current = { ...current, params: { ...current.params, query } };
      options.trace?.add(
        "agentic",
        `agentic:${goal.id}:step${steps}:retrieve:"${query}"`,
        { reasoning: decision.reasoning },
        goal.id,
      );
    }
    lastResult = await retrieve(current);
    passages = mergePassages(passages, textEvidence(lastResult)?.passages ?? []);
    currentGrade = await grade(question, passages);
  }
  options.trace?.add(
    "grade",
    `grade:${goal.id}:${currentGrade.sufficient ? "sufficient" : `insufficient:${currentGrade.missing ?? ""}`}`,
    { kind: currentGrade.kind, coverage: currentGrade.coverage, steps, grader: currentGrade.grader },
    goal.id,
  );
  return { goal: current, passages, grade: currentGrade, steps, queries, relaxed, lastResult };
}
