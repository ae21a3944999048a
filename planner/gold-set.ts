import { readFileSync } from "node:fs";
import { z } from "zod";
import { Name, Period } from "../models/plan.js";

/** A sub-goal as a gold entry states it: what to fetch, not how (ids, rules and wording are derived). */
export const GoldSubGoal = z
  .object({
    source: Name,
    dataset: Name.optional(),
    metric: Name.optional(),
    event: Name.optional(),
    filters: z.record(Name, z.union([z.string(), z.array(z.string())])).default({}),
    period: Period.optional(),
    /** For knowledge-base searches: the self-contained sub-question. */
    query: z.string().optional(),
    required: z.boolean().optional(),
  })
  .strict();
export type GoldSubGoal = z.infer<typeof GoldSubGoal>;

/** One question of a gold set with its expected route and sub-goals, written by hand. */
export const GoldEntry = z
  .object({
    id: z.string(),
    question: z.string().min(1),
    language: z.enum(["en", "zh-Hans", "zh-Hant"]),
    as_of: z.iso.date(),
    route: z.enum(["direct", "retrieve"]),
    /** plan: sub_goals are expected; direct: a reply; no_plan: the question cannot be planned (unknown terms). */
    expect: z.enum(["plan", "direct", "no_plan"]),
    complexity: z.enum(["simple", "complex"]).optional(),
    tags: z.array(z.string()).default([]),
    unknown_terms: z.array(z.string()).default([]),
    sub_goals: z.array(GoldSubGoal).default([]),
    note: z.string().optional(),
  })
  .strict();
export type GoldEntry = z.infer<typeof GoldEntry>;

/** A gold file that does not parse: the line and what is wrong with it. */
export class GoldSetError extends Error {
  override readonly name = "GoldSetError";
}

/** Reads a gold set (JSON Lines, one GoldEntry per line; blank lines and // comments skipped). */
export function readGoldSet(file: string): GoldEntry[] {
  const entries: GoldEntry[] = [];
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, index) => {
      const text = line.trim();
      if (text === "" || text.startsWith("//")) return;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        throw new GoldSetError(
          `${file}:${index + 1}: not JSON: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      const parsed = GoldEntry.safeParse(value);
      if (!parsed.success) {
        throw new GoldSetError(
          `${file}:${index + 1}: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`,
        );
      }
      entries.push(parsed.data);
    });
  const ids = new Set<string>();
  for (const entry of entries) {
    if (ids.has(entry.id)) throw new GoldSetError(`${file}: duplicate id ${entry.id}`);
    ids.add(entry.id);
  }
  return entries;
}
