import { z } from "zod";

export const AnswerStatus = z.enum(["answered", "partial", "unanswerable", "direct"]);
export type AnswerStatus = z.infer<typeof AnswerStatus>;

/** Pointer from a claim to the evidence behind it. */
export const Citation = z.object({
  goal: z.string(),
  source: z.string(),
  /** Table rows (indexes into the step's evidence rows) or passage chunk ids. */
  rows: z.array(z.number().int()).optional(),
  chunk_id: z.string().optional(),
  url: z.string().optional(),
  locator: z.string().optional(),
  issue_key: z.string().optional(),
  document: z.string().optional(),
  page: z.number().int().optional(),
  section: z.string().optional(),
  label: z.string(),
});
export type Citation = z.infer<typeof Citation>;

export const AnswerItem = z.object({
  text: z.string(),
  status: z.enum(["answered", "partial", "insufficient", "failed"]),
  citations: z.array(Citation).default([]),
});
export type AnswerItem = z.infer<typeof AnswerItem>;

export const ConflictValue = z.object({ source: z.string(), value: z.number(), weight: z.number() });

/** Values of the same metric and keys that disagreed, and how they were resolved. */
export const Conflict = z.object({
  metric: z.string(),
  keys: z.record(z.string(), z.string()),
  values: z.array(ConflictValue),
  policy: z.enum(["weighted_mean", "highest_trust", "flag"]),
  resolved: z.number().nullable(),
});
export type Conflict = z.infer<typeof Conflict>;

/** Something the answer could not establish, and what a person should check. */
export const Gap = z.object({
  goal: z.string().optional(),
  /** What is missing, in the answer's language. */
  missing: z.string(),
  /** What a person should check, in the answer's language. */
  check: z.string(),
  /** The message the words were rendered from (reflector/messages/): a stable code for machines. */
  code: z.string().optional(),
  /** The message's parameters (catalog names, periods, an upstream's own words). */
  params: z.record(z.string(), z.unknown()).optional(),
});
export type Gap = z.infer<typeof Gap>;

/** A relaxation the reflector made to get data, disclosed in the answer. */
export const Broadening = z.object({
  goal: z.string(),
  from: z.string(),
  to: z.string(),
  /** Why, in English (the trace's and `--json`'s words; the answer's templates say it from the fields). */
  reason: z.string(),
  /** The filter dropped, when a filter (not a period) was relaxed: a document filter's name. */
  filter: z.string().optional(),
  /** The values found are context only: they are not for what was asked. */
  context_only: z.boolean().optional(),
});
export type Broadening = z.infer<typeof Broadening>;

/** One number in the answer text and where it came from. */
export const NumberReference = z.object({
  text: z.string(),
  value: z.number(),
  origin: z.enum(["evidence", "computed", "question"]),
  goal: z.string().optional(),
  citation: z.string().optional(),
  /** For a computed number: how it was computed and over what ("difference of return_rate", "count of 2 rows"). */
  derivation: z.string().optional(),
  /** When the number's evidence was read by OCR: the confidence (0–1) of the cell behind it. */
  ocr_confidence: z.number().optional(),
  /** The only evidence behind the number was read by OCR below its source's confidence threshold. */
  low_confidence: z.boolean().optional(),
});
export type NumberReference = z.infer<typeof NumberReference>;

export const Answer = z.object({
  question: z.string(),
  status: AnswerStatus,
  language: z.enum(["zh-Hans", "zh-Hant", "en"]).default("en"),
  text: z.string(),
  items: z.array(AnswerItem).default([]),
  conflicts: z.array(Conflict).default([]),
  gaps: z.array(Gap).default([]),
  broadened: z.array(Broadening).default([]),
  numbers: z.array(NumberReference).default([]),
  /** The number audit: how many numbers the text holds and those that could not be traced. */
  audit: z
    .object({
      numbers: z.number().int(),
      untraced: z.array(z.string()).default([]),
      /** Numbers whose only evidence was read by OCR below the confidence threshold (shown with a caveat). */
      low_confidence: z.array(z.string()).optional(),
    })
    .default({ numbers: 0, untraced: [] }),
});
export type Answer = z.infer<typeof Answer>;
