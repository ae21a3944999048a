import { ConfigError } from "../config/config-error.js";
import { PathOutsideWorkspaceError } from "../config/workspace.js";
import { StepError } from "../models/step-error.js";

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
    return new StepError(
      "interrupted",
      "interrupted (Ctrl-C or cancelled by the caller)",
      {},
      {
        cause: error,
        retryable: false,
      },
    );
  if (context.timedOut) {
    return new StepError(
      "timeout",
      `no answer within ${context.timeoutMs} ms`,
      { timeoutMs: context.timeoutMs },
      { cause: error },
    );
  }
  if (StepError.isStepError(error)) return error;
  if (context.cancelled)
    return new StepError(
      "timeout",
      "cancelled (deadline reached or interrupted)",
      {},
      { cause: error, retryable: false },
    );
  if (error instanceof ConfigError || error instanceof PathOutsideWorkspaceError) {
    return new StepError("config_error", error.message, {}, { cause: error });
  }
  const code = (error as { cause?: { code?: string } })?.cause?.code ?? (error as { code?: string })?.code;
  if (code === "ECONNREFUSED" || code === "ECONNRESET" || code === "EPIPE" || code === "UND_ERR_SOCKET") {
    return new StepError("server_error", `connection failed (${code})`, {}, { cause: error });
  }
  if (code === "ETIMEDOUT" || code === "UND_ERR_CONNECT_TIMEOUT" || code === "UND_ERR_HEADERS_TIMEOUT") {
    return new StepError("timeout", `connection timed out (${code})`, {}, { cause: error });
  }
  if ((error as Error)?.name === "TimeoutError")
    return new StepError("timeout", (error as Error).message, {}, { cause: error });
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  // An unexpected exception is a defect or an unreadable response: do not retry it blindly.
  return new StepError(
    "format_error",
    `unexpected error: ${message}`,
    {},
    { cause: error, retryable: false },
  );
}
