import type { Redactor } from "../../config/redactor.js";
import { jsonNestingPastLimit, MAX_JSON_NESTING } from "../../domain/input-limits.js";
import { codedStepError, StepError } from "../../models/step-error.js";
import type { StepMessage } from "../../models/step-message.js";
import type { CredentialPlace } from "../../models/step-messages/request-messages.js";

/** What one request needs besides its URL. */
export interface HttpRequestOptions {
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  /** The step's signal: the executor's deadline or Ctrl-C. */
  signal: AbortSignal;
  /** Per-request timeout in milliseconds. */
  timeoutMs: number;
  maxBytes: number;
  redactor: Redactor;
  /** Source name and the environment variables behind its credentials, for auth error messages. */
  sourceName: string;
  /** The source's own name ("rt"), as a coded message names it; sourceName is the English phrase. */
  source: string;
  credentialHint: CredentialPlace;
}

/** A parsed JSON response. */
export interface HttpJsonResponse {
  status: number;
  body: unknown;
  headers: Headers;
  bytes: number;
  elapsedMs: number;
}

/** Seconds to wait from a Retry-After header: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** A short, redacted excerpt of a body for error messages. */
function snippetOf(text: string, redactor: Redactor): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return redactor.clip(flat, 160);
}

/**
 * Sends one request and parses its JSON body, turning every way it can go wrong into one
 * StepError of the right kind (DESIGN §3). Bounded by the step signal and the per-request
 * timeout, including while the body streams; a body over maxBytes is abandoned, not buffered.
 */
export async function requestJson(url: string, options: HttpRequestOptions): Promise<HttpJsonResponse> {
  const shownUrl = options.redactor.text(url);
  const started = performance.now();
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(new Error("per-request timeout")), options.timeoutMs);
  const signal = AbortSignal.any([options.signal, timer.signal]);
  const aborted = (cause: unknown): StepError => {
    const byStep = options.signal.aborted;
    return codedStepError(
      "timeout",
      {
        code: "request_cancelled",
        method: options.method,
        url: shownUrl,
        byStep,
        timeoutSeconds: Math.round(options.timeoutMs / 100) / 10,
      },
      { url: shownUrl, timeoutMs: options.timeoutMs },
      { cause },
    );
  };
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method: options.method,
        headers: options.headers,
        body: options.body,
        signal,
        redirect: "error",
      });
    } catch (error) {
      if (signal.aborted) throw aborted(error);
      const reason = (error as { cause?: { code?: string; message?: string } }).cause;
      throw codedStepError(
        "server_error",
        {
          code: "request_failed",
          method: options.method,
          url: shownUrl,
          detail: options.redactor.text(reason?.code ?? reason?.message ?? String(error)),
        },
        { url: shownUrl },
        { cause: error },
      );
    }
    const status = response.status;
    const details = { status, url: shownUrl };
    if (status === 429) {
      await response.body?.cancel().catch(() => {});
      const retryAfterSeconds = parseRetryAfter(response.headers.get("retry-after"));
      throw new StepError(
        "rate_limited",
        `${options.sourceName} is rate limiting requests (429)${retryAfterSeconds !== undefined ? `; retry after ${retryAfterSeconds}s` : ""}`,
        {
          ...details,
          ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
          said: {
            code: "http_rate_limited",
            source: options.source,
            ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
          } satisfies StepMessage,
        },
      );
    }
    if (status === 401 || status === 403) {
      await response.body?.cancel().catch(() => {});
      throw codedStepError(
        "auth_error",
        { code: "credentials_refused", source: options.source, status, check: options.credentialHint },
        details,
        { retryable: false },
      );
    }
    const text = await readLimited(response, options, shownUrl, signal, aborted);
    if (status >= 500) {
      throw new StepError(
        "server_error",
        `${options.sourceName} answered ${status} for ${options.method} ${shownUrl}`,
        {
          ...details,
          snippet: snippetOf(text, options.redactor),
          said: {
            code: "http_status",
            source: options.source,
            status,
            url: shownUrl,
          } satisfies StepMessage,
        },
      );
    }
    if (status === 404) {
      throw new StepError("not_found", `${options.sourceName} has nothing at ${shownUrl} (404)`, {
        ...details,
        snippet: snippetOf(text, options.redactor),
        said: {
          code: "http_status",
          source: options.source,
          status,
          url: shownUrl,
        } satisfies StepMessage,
      });
    }
    if (status >= 400 || status < 200 || status >= 300) {
      throw new StepError(
        "format_error",
        `${options.sourceName} rejected the request (${status}): ${serverMessage(text, options.redactor)}`,
        {
          ...details,
          snippet: snippetOf(text, options.redactor),
          said: {
            code: "http_status",
            source: options.source,
            status,
            url: shownUrl,
            upstream: serverMessage(text, options.redactor),
          } satisfies StepMessage,
        },
      );
    }
    // Bounded before parsing: the mapping's JSONPath walk and the redactor recurse into the body.
    const tooDeep = jsonNestingPastLimit(text);
    if (tooDeep !== undefined)
      throw codedStepError(
        "format_error",
        {
          code: "response_too_deep",
          source: options.source,
          url: shownUrl,
          limit: MAX_JSON_NESTING,
          at: tooDeep,
        },
        { ...details, maxJsonNesting: MAX_JSON_NESTING },
      );
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw new StepError(
        "format_error",
        `${options.sourceName} answered ${shownUrl} with a body that is not JSON`,
        {
          ...details,
          snippet: snippetOf(text, options.redactor),
          said: {
            code: "http_not_json",
            source: options.source,
            url: shownUrl,
          } satisfies StepMessage,
        },
        { cause: error },
      );
    }
    return {
      status,
      body,
      headers: response.headers,
      bytes: Buffer.byteLength(text),
      elapsedMs: performance.now() - started,
    };
  } finally {
    clearTimeout(timeout);
  }
}

/** Jira's errorMessages / errors, or the start of the body. */
function serverMessage(text: string, redactor: Redactor): string {
  try {
    const body = JSON.parse(text) as { errorMessages?: string[]; errors?: Record<string, string> | string[] };
    const messages = [...(body.errorMessages ?? []), ...Object.values(body.errors ?? {})].map(String);
    if (messages.length > 0) return redactor.clip(messages.join("; "), 300);
  } catch {
    // not JSON: fall through to the snippet
  }
  return snippetOf(text, redactor);
}

async function readLimited(
  response: Response,
  options: HttpRequestOptions,
  shownUrl: string,
  signal: AbortSignal,
  aborted: (cause: unknown) => StepError,
): Promise<string> {
  const tooLarge = (declared?: number) =>
    codedStepError(
      "format_error",
      {
        code: "response_too_large",
        source: options.source,
        url: shownUrl,
        limit: options.maxBytes,
        ...(declared !== undefined ? { declared } : {}),
      },
      {
        status: response.status,
        url: shownUrl,
        maxResponseBytes: options.maxBytes,
      },
    );
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge(declared);
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > options.maxBytes) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (StepError.isStepError(error)) throw error;
    if (signal.aborted) throw aborted(error);
    throw codedStepError(
      "server_error",
      { code: "connection_broke", source: options.source, url: shownUrl },
      { status: response.status, url: shownUrl },
      { cause: error },
    );
  }
  return Buffer.concat(chunks).toString("utf8");
}
