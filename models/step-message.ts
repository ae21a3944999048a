import { z } from "zod";
import { FilterValue } from "./plan.js";
import { BROWSER_MESSAGES } from "./step-messages/browser-messages.js";
import { FILE_MESSAGES } from "./step-messages/file-messages.js";
import { KNOWLEDGE_BASE_MESSAGES } from "./step-messages/knowledge-base-messages.js";
import { REQUEST_MESSAGES } from "./step-messages/request-messages.js";
import { RUN_MESSAGES } from "./step-messages/run-messages.js";
import { WORKSPACE_MESSAGES } from "./step-messages/workspace-messages.js";
import type { StepResult } from "./step-result.js";

// What an adapter or the executor said about a failed step, as a code with parameters, so each
// answer language's message catalog (reflector/messages/) says it in its own words. A step's
// `error_message` keeps the English sentence for the trace and scripts; an upstream's own words
// (an HTTP body, a server's error) stay in that message and are quoted as such.

export const StepMessage = z.discriminatedUnion("code", [
  /** A file had no row for the asked keys and period. */
  z.object({
    code: z.literal("no_matching_rows"),
    file: z.string(),
    filters: z.record(z.string(), FilterValue),
    from: z.string().optional(),
    to: z.string().optional(),
  }),
  /** An HTTP source answered a status that is not data (404, 4xx, 5xx), with the server's own words when it gave any. */
  z.object({
    code: z.literal("http_status"),
    source: z.string(),
    status: z.number().int(),
    url: z.string(),
    upstream: z.string().optional(),
  }),
  /** An HTTP source is limiting the rate of requests (429). */
  z.object({
    code: z.literal("http_rate_limited"),
    source: z.string(),
    retryAfterSeconds: z.number().optional(),
  }),
  /** An HTTP source answered with a body that is not JSON. */
  z.object({ code: z.literal("http_not_json"), source: z.string(), url: z.string() }),
  /** A validation rule's clause was false on the evidence. */
  z.object({ code: z.literal("rule_unmet"), clause: z.string() }),
  ...RUN_MESSAGES,
  ...REQUEST_MESSAGES,
  ...BROWSER_MESSAGES,
  ...KNOWLEDGE_BASE_MESSAGES,
  ...FILE_MESSAGES,
  ...WORKSPACE_MESSAGES,
]);
export type StepMessage = z.infer<typeof StepMessage>;

/**
 * The coded message of a failed step: the one its adapter put in the error's details (`said`),
 * or, for a validation failure, the rule's clause that was false.
 */
export function stepMessageOf(result: StepResult | undefined): StepMessage | undefined {
  const parsed = StepMessage.safeParse(result?.error_details?.said);
  if (parsed.success) return parsed.data;
  const clause = result?.validation?.failed_clause;
  return result?.error_kind === "validation_failed" && clause ? { code: "rule_unmet", clause } : undefined;
}

/** `{ said }` when the step has a coded message, else nothing: spread into a failure's record. */
export function saidOf(result: StepResult | undefined): { said?: StepMessage } {
  const said = stepMessageOf(result);
  return said ? { said } : {};
}
