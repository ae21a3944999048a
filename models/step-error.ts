import { type FailureKind, isRetryableKind } from "./failure-kind.js";
import type { StepMessage } from "./step-message.js";
import { englishStepMessage } from "./step-message-english.js";

/** What went wrong in terms a person and the reflector can act on; never carries a secret. */
export interface StepErrorDetails {
  /** HTTP status when there was one. */
  status?: number;
  /** The URL without credentials or secret query values. */
  url?: string;
  /** The JSONPath, locator or column that failed. */
  locator?: string;
  /** Seconds to wait before retrying, from Retry-After. */
  retryAfterSeconds?: number;
  /** A short excerpt of the offending response, already redacted. */
  snippet?: string;
  /** Anything else that helps, as plain values. */
  [key: string]: unknown;
}

/** The one error type adapters throw for a failed fetch or normalisation. */
export class StepError extends Error {
  override readonly name = "StepError";
  readonly kind: FailureKind;
  readonly details: StepErrorDetails;
  readonly retryable: boolean;

  constructor(
    kind: FailureKind,
    message: string,
    details: StepErrorDetails = {},
    options?: { cause?: unknown; retryable?: boolean },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.details = details;
    this.retryable = options?.retryable ?? isRetryableKind(kind);
  }

  static isStepError(value: unknown): value is StepError {
    return value instanceof Error && value.name === "StepError" && "kind" in value;
  }
}

/**
 * A StepError whose message is a code with parameters (`said`, which each answer language says in
 * its own words); its `message` is the English sentence of that code.
 */
export function codedStepError(
  kind: FailureKind,
  said: StepMessage,
  details: StepErrorDetails = {},
  options?: { cause?: unknown; retryable?: boolean },
): StepError {
  return new StepError(kind, englishStepMessage(said), { ...details, said }, options);
}
