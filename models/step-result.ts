import { z } from "zod";
import { Evidence } from "./evidence.js";
import { FailureKind } from "./failure-kind.js";
import { ValidationOutcome } from "./validation-outcome.js";

export const StepStatus = z.enum(["pending", "running", "succeeded", "failed", "unresolved"]);
export type StepStatus = z.infer<typeof StepStatus>;

/** One try at fetching a sub-goal. */
export const Attempt = z.object({
  request_id: z.string(),
  started_at: z.iso.datetime(),
  ended_at: z.iso.datetime(),
  duration_ms: z.number(),
  /** A human summary of the request, redacted: "GET /rest/api/2/search?jql=…" */
  request: z.string().optional(),
  http_status: z.number().int().optional(),
  error_kind: FailureKind.optional(),
  error_message: z.string().optional(),
  retry_after_seconds: z.number().optional(),
  timeout_ms: z.number().optional(),
});
export type Attempt = z.infer<typeof Attempt>;

/** Everything known about one sub-goal after the executor ran it. */
export const StepResult = z.object({
  goal_id: z.string(),
  source: z.string(),
  status: StepStatus,
  attempts: z.array(Attempt).default([]),
  /** Path of the raw snapshot inside the run directory, relative to it. */
  raw_snapshot: z.string().optional(),
  evidence: Evidence.optional(),
  validation: ValidationOutcome.optional(),
  error_kind: FailureKind.optional(),
  error_message: z.string().optional(),
  /** Extra facts about the failure (status, url, locator), redacted. */
  error_details: z.record(z.string(), z.unknown()).optional(),
  duration_ms: z.number().default(0),
});
export type StepResult = z.infer<typeof StepResult>;
