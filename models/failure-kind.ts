import { z } from "zod";

/** Why a step failed; the reflector's rules are keyed on this (DESIGN §3). */
export const FailureKind = z.enum([
  "timeout",
  "rate_limited",
  "server_error",
  "not_found",
  "no_results",
  "format_error",
  "validation_failed",
  "auth_error",
  "config_error",
  // Stopped from outside (Ctrl-C, SIGTERM, a caller's abort): not the source's fault, never retried.
  "interrupted",
]);
export type FailureKind = z.infer<typeof FailureKind>;

/** Whether a failure of this kind may be retried as it is (the reflector may still broaden or switch source). */
export function isRetryableKind(kind: FailureKind): boolean {
  return kind === "timeout" || kind === "rate_limited" || kind === "server_error";
}
