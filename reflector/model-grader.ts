import { z } from "zod";
import type { Passage } from "../models/evidence.js";
import type { ModelSettings } from "../models/workspace.js";
import {
  type Grade,
  type GradeOptions,
  type GradeShortfall,
  gradePassages,
  shortfallInEnglish,
} from "./grader.js";
import { askModelForJson } from "./model-client.js";

/** What the model grader must reply. */
export const ModelGradeReply = z
  .object({
    sufficient: z.boolean(),
    missing_aspect: z.string().max(300).optional(),
    supporting_chunk_ids: z.array(z.string()).max(10).default([]),
  })
  .strict();

/**
 * Grades with the workspace's grader model when one is configured; the deterministic grade is the
 * base (its key terms, kind and sentences) and the answer when the model's reply is unusable.
 */
export async function gradeWithModel(
  question: string,
  passages: Passage[],
  settings: ModelSettings | undefined,
  options: GradeOptions & { signal?: AbortSignal } = {},
): Promise<Grade & { fallbackReason?: string }> {
  const deterministic = gradePassages(question, passages, options);
  if (!settings?.grader || passages.length === 0) return deterministic;
  const listing = passages
    .map((passage) => `[${passage.chunk_id}] (${passage.document} p.${passage.page}) ${passage.text}`)
    .join("\n");
  const reply = await askModelForJson(
    settings,
    settings.grader,
    [
      {
        role: "system",
        content:
          "You judge whether passages answer a question. Reply with JSON only. If they do not fully answer it, name the missing aspect.",
      },
      { role: "user", content: `Question: ${question}\n\nPassages:\n${listing}` },
    ],
    ModelGradeReply,
    options.signal,
  );
  if (!reply.ok) return { ...deterministic, fallbackReason: reply.reason };
  const known = new Set(passages.map((passage) => passage.chunk_id));
  const chosen = reply.value.supporting_chunk_ids.filter((id) => known.has(id));
  const supporting =
    chosen.length > 0
      ? deterministic.supporting.filter((sentence) => chosen.includes(sentence.chunk_id))
      : deterministic.supporting;
  return {
    ...deterministic,
    sufficient: reply.value.sufficient,
    supporting: supporting.length > 0 ? supporting : deterministic.supporting,
    ...(reply.value.sufficient
      ? { shortfall: undefined, missing: undefined }
      : modelShortfall(reply.value, deterministic)),
    grader: `model:${settings.grader}`,
  };
}

/**
 * What the model found missing: its own words (quoted in every answer language, as an upstream's),
 * else the deterministic grade's finding, else that no sentence states the kind asked for.
 */
function modelShortfall(
  reply: z.infer<typeof ModelGradeReply>,
  deterministic: Grade,
): Pick<Grade, "shortfall" | "missing"> {
  const shortfall: GradeShortfall = reply.missing_aspect
    ? { code: "model_finding", words: reply.missing_aspect }
    : (deterministic.shortfall ?? { code: "kind_not_stated", kind: deterministic.kind });
  return { shortfall, missing: shortfallInEnglish(shortfall, deterministic.aspect) };
}
