import { CommanderError } from "commander";
import { ConfigError, type ConfigIssue } from "../config/config-error.js";
import { UsageError } from "./cli-output.js";

/**
 * The one shape of a failed command under --json: `{ "error": { kind, message, location? } }` on
 * stdout (docs/json-output.md). `kind` is a failure kind (usage_error, config_error, plan_error,
 * the adapters' kinds such as auth_error) or `internal_error` for anything unexpected.
 */
export interface ErrorObject {
  kind: string;
  message: string;
  /** Where the problem is, when it is in a file. */
  location?: { file: string; line?: number; column?: number; path?: string };
  /** Every problem, when there are several (a workspace with many mistakes). */
  issues?: ConfigIssue[] | { path: string; message: string; suggestion?: string }[];
  /** The error's class, for internal errors. */
  name?: string;
}

/**
 * A failure another triangulate process already described as an error object (`triangulate
 * serve`'s `{"error": …}`): printed and returned as it came, so a client prints what the server's
 * own command would have printed.
 */
export class ReportedError extends Error {
  override name = "ReportedError";
  readonly kind: string;

  constructor(readonly object: ErrorObject) {
    super(object.message);
    this.kind = object.kind;
  }
}

const locationOf = (issue: ConfigIssue) => ({
  file: issue.file,
  ...(issue.line === undefined ? {} : { line: issue.line, column: issue.column ?? 1 }),
  ...(issue.path ? { path: issue.path } : {}),
});

/** The error object for anything a command threw. */
export function errorObject(error: unknown): ErrorObject {
  if (error instanceof ReportedError) return error.object;
  if (error instanceof CommanderError)
    return { kind: "usage_error", message: error.message.replace(/^error: /, "") };
  if (error instanceof UsageError) return { kind: "usage_error", message: error.message };
  if (error instanceof ConfigError) {
    const first = error.issues[0];
    return {
      kind: "config_error",
      message: error.message,
      ...(first ? { location: locationOf(first) } : {}),
      issues: error.issues,
    };
  }
  if (error instanceof Error && error.name === "PlanError") {
    const planError = error as Error & { file: string; issues: { path: string; message: string }[] };
    return {
      kind: "plan_error",
      message: error.message,
      location: { file: planError.file, ...(planError.issues[0] ? { path: planError.issues[0].path } : {}) },
      issues: planError.issues,
    };
  }
  const kind = (error as { kind?: unknown })?.kind;
  if (error instanceof Error)
    return {
      kind: typeof kind === "string" && /^[a-z_]+$/.test(kind) ? kind : "internal_error",
      message: error.message,
      name: error.name,
    };
  return { kind: "internal_error", message: String(error) };
}
