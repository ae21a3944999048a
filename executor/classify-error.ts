import { ConfigError } from "../config/config-error.js";
import { UnresolvedVariablesError } from "../config/unresolved-variables.js";
import { PathOutsideWorkspaceError } from "../config/workspace.js";
import { codedStepError, StepError } from "../models/step-error.js";

/**
 * The one place that decides what kind of failure an error is. Adapters throw StepErrors; anything
 * else that escapes (an abort, a bug, a network error) is classified here so the reflector sees
 * only failure kinds.
 */
export function classifyError(
  error: unknown,
  context: { timedOut: boolean; timeoutMs: number; cancelled: boolean; interrupted?: boolean },
): StepError {
  // Ctrl-C or a caller's abort: whatever the adapter made of its aborted work ("stopped", a
  // timeout), the step was interrupted, which says nothing about the source.
  if (context.interrupted && !context.timedOut)
    return codedStepError(
      "interrupted",
      { code: "interrupted_by_caller" },
      {},
      {
        cause: error,
        retryable: false,
      },
    );
  if (context.timedOut) {
    return codedStepError(
      "timeout",
      { code: "no_answer_within", timeoutMs: context.timeoutMs },
      { timeoutMs: context.timeoutMs },
      { cause: error },
    );
  }
  if (StepError.isStepError(error)) return error;
  if (context.cancelled)
    return codedStepError(
      "timeout",
      { code: "cancelled_by_deadline" },
      {},
      { cause: error, retryable: false },
    );
  if (error instanceof UnresolvedVariablesError) {
    const [first] = error.unresolved;
    return codedStepError(
      "config_error",
      {
        code: "variables_unset",
        source: first?.source ?? "",
        variables: error.unresolved.map((variable) => ({ name: variable.variable, secret: variable.secret })),
        detail: error.message,
      },
      {},
      { cause: error },
    );
  }
  if (error instanceof ConfigError || error instanceof PathOutsideWorkspaceError) {
    return codedStepError(
      "config_error",
      { code: "workspace_problem", detail: error.message },
      {},
      { cause: error },
    );
  }
  const code = (error as { cause?: { code?: string } })?.cause?.code ?? (error as { code?: string })?.code;
  if (code === "ECONNREFUSED" || code === "ECONNRESET" || code === "EPIPE" || code === "UND_ERR_SOCKET") {
    return codedStepError("server_error", { code: "connection_failed", reason: code }, {}, { cause: error });
  }
  if (code === "ETIMEDOUT" || code === "UND_ERR_CONNECT_TIMEOUT" || code === "UND_ERR_HEADERS_TIMEOUT") {
    return codedStepError("timeout", { code: "connection_timed_out", reason: code }, {}, { cause: error });
  }
  if ((error as Error)?.name === "TimeoutError")
    return codedStepError(
      "timeout",
      { code: "timed_out", detail: (error as Error).message },
      {},
      { cause: error },
    );
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  // An unexpected exception is a defect or an unreadable response: do not retry it blindly.
  return codedStepError(
    "format_error",
    { code: "unexpected_error", detail: message },
    {},
    { cause: error, retryable: false },
  );
}
