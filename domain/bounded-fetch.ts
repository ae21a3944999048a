/**
 * Every call to a model (planner, grader, writer, embedder) goes through this fetch: a reply is
 * read up to a byte limit and within a time limit, and stopped past either. A 200 MB /api/chat
 * reply used to be buffered whole and kill the process with a heap OOM; now the caller gets an
 * error it answers with its deterministic path.
 */

/** Largest chat reply read (a plan or an answer is a few kilobytes; 4 MB is generous). */
export const MAX_MODEL_REPLY_BYTES = 4 * 1024 * 1024;
/** Largest embedding reply read (32 texts × 4,096 dimensions as JSON is about 3 MB). */
export const MAX_EMBEDDING_REPLY_BYTES = 32 * 1024 * 1024;

/** The model's reply was longer than the limit; reading stopped there. */
export class ModelReplyTooLargeError extends Error {
  override readonly name = "ModelReplyTooLargeError";
  constructor(readonly limitBytes: number) {
    super(`the model's reply is over ${Math.round(limitBytes / 1024 / 1024)} MB; stopped reading it`);
  }
}

export interface BoundedFetchOptions {
  maxBytes: number;
  /** Time for the whole exchange, body included. */
  timeoutMs: number;
  /** Cancels the call (Ctrl-C, the run's deadline). */
  signal?: AbortSignal;
  /** The underlying fetch (tests pass one; default the global fetch). */
  fetch?: typeof fetch;
}

/** A fetch whose response body is read eagerly, up to `maxBytes`, within `timeoutMs`. */
export function boundedFetch(options: BoundedFetchOptions): typeof fetch {
  const base = options.fetch ?? fetch;
  return async (input, init) => {
    const signals = [AbortSignal.timeout(options.timeoutMs)];
    if (options.signal) signals.push(options.signal);
    if (init?.signal) signals.push(init.signal);
    const signal = AbortSignal.any(signals);
    const response = await base(input, { ...init, signal });
    const declared = Number(response.headers.get("content-length") ?? Number.NaN);
    if (declared > options.maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw new ModelReplyTooLargeError(options.maxBytes);
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > options.maxBytes) {
          await reader.cancel().catch(() => undefined);
          throw new ModelReplyTooLargeError(options.maxBytes);
        }
        chunks.push(value);
      }
    }
    return new Response(response.body ? Buffer.concat(chunks) : null, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
