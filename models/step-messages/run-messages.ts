import { z } from "zod";

// What the executor says of a step it stopped or could not classify better (executor/classify-error.ts).

/** The executor's messages. */
export const RUN_MESSAGES = [
  /** Ctrl-C, or the caller cancelled the run. */
  z.object({ code: z.literal("interrupted_by_caller") }),
  /** The step's time ran out. */
  z.object({ code: z.literal("no_answer_within"), timeoutMs: z.number() }),
  /** The run's deadline came (or an interrupt) while the step was running. */
  z.object({ code: z.literal("cancelled_by_deadline") }),
  /** The connection was refused or reset (a network error code, ECONNREFUSED). */
  z.object({ code: z.literal("connection_failed"), reason: z.string() }),
  /** Connecting took too long (ETIMEDOUT). */
  z.object({ code: z.literal("connection_timed_out"), reason: z.string() }),
  /** A timeout raised by a library, in its own words. */
  z.object({ code: z.literal("timed_out"), detail: z.string() }),
  /** An error nobody foresaw, with its own words. */
  z.object({ code: z.literal("unexpected_error"), detail: z.string() }),
  /** The workspace is wrong for this step; its own located issues, in their words. */
  z.object({ code: z.literal("workspace_problem"), detail: z.string() }),
  /** The source's ${VAR}s have no value in the environment. */
  z.object({
    code: z.literal("variables_unset"),
    source: z.string(),
    variables: z.array(z.object({ name: z.string(), secret: z.boolean() })),
    detail: z.string(),
  }),
  /** The sub-goal's validation rule does not parse. */
  z.object({ code: z.literal("rule_unparsable"), goal: z.string(), display: z.string() }),
  /** The plan names a source the workspace does not have. */
  z.object({ code: z.literal("source_not_configured"), source: z.string(), file: z.string() }),
] as const;
