import type { FailureKind } from "../../models/failure-kind.js";
import type { StepResult } from "../../models/step-result.js";

/**
 * The failure kind the rules act on: a validation that failed only because nothing came back
 * (rows >= 1 on an empty table) is an empty result, and is broadened rather than switched.
 */
export function effectiveFailureKind(result: StepResult): FailureKind | undefined {
  if (result.status === "succeeded") return undefined;
  const evidence = result.evidence;
  const empty =
    evidence !== undefined &&
    (evidence.kind === "table" ? evidence.rows.length === 0 : evidence.passages.length === 0);
  if (result.error_kind === "validation_failed" && empty) return "no_results";
  return result.error_kind;
}
