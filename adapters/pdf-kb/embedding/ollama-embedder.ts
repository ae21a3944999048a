import { Ollama } from "ollama";
import { boundedFetch, MAX_EMBEDDING_REPLY_BYTES } from "../../../domain/bounded-fetch.js";
import { StepError } from "../../../models/step-error.js";
import type { Embedder } from "./embedder.js";

/** Settings of the Ollama embedder: the model from the source's `embedding.model`, the host from the workspace's `model.host`. */
export interface OllamaEmbedderOptions {
  host: string;
  model: string;
  /** Texts per /api/embed request. */
  batchSize?: number;
  /** Time for one /api/embed request (default 60 s, or the workspace's model.timeout_seconds). */
  timeoutMs?: number;
}

/**
 * Embeddings from a local model through Ollama's /api/embed (e.g. nomic-embed-text). Vectors
 * are L2-normalised here so cosine distance means the same as for the hashed embedder.
 */
export class OllamaEmbedder implements Embedder {
  readonly id: string;
  private size: number | undefined;

  constructor(private readonly options: OllamaEmbedderOptions) {
    this.id = `ollama:${options.model}`;
  }

  get dimensions(): number | undefined {
    return this.size;
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const client = new Ollama({
      host: this.options.host,
      fetch: fetchWith(signal, this.options.timeoutMs ?? 60_000),
    });
    const batchSize = this.options.batchSize ?? 32;
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += batchSize) {
      const batch = texts.slice(start, start + batchSize);
      let response: { embeddings: number[][] };
      try {
        response = await client.embed({ model: this.options.model, input: batch, truncate: true });
      } catch (error) {
        throw this.failure(error, signal);
      }
      if (!Array.isArray(response.embeddings) || response.embeddings.length !== batch.length) {
        throw new StepError(
          "format_error",
          `Ollama returned ${response.embeddings?.length ?? 0} embeddings for ${batch.length} texts (model ${this.options.model})`,
          {
            url: `${this.options.host}/api/embed`,
          },
        );
      }
      for (const embedding of response.embeddings) vectors.push(this.normalised(embedding));
    }
    return vectors;
  }

  private normalised(embedding: number[]): Float32Array {
    if (this.size === undefined) this.size = embedding.length;
    if (
      embedding.length !== this.size ||
      embedding.some((value) => typeof value !== "number" || !Number.isFinite(value))
    ) {
      throw new StepError(
        "format_error",
        `Ollama model ${this.options.model} returned a vector of ${embedding.length} values where ${this.size} finite numbers were expected`,
        {
          url: `${this.options.host}/api/embed`,
        },
      );
    }
    const vector = Float32Array.from(embedding);
    let norm = 0;
    for (const value of vector) norm += value * value;
    if (norm > 0) {
      const scale = 1 / Math.sqrt(norm);
      for (let index = 0; index < vector.length; index += 1) vector[index] *= scale;
    }
    return vector;
  }

  private failure(error: unknown, signal: AbortSignal | undefined): StepError {
    const url = `${this.options.host}/api/embed`;
    if (signal?.aborted)
      return new StepError(
        "timeout",
        `embedding with Ollama (${this.options.model}) was cancelled or timed out`,
        { url },
        { cause: error },
      );
    const status =
      typeof error === "object" && error !== null && "status_code" in error
        ? Number((error as { status_code: unknown }).status_code)
        : undefined;
    const message = error instanceof Error ? error.message : String(error);
    if (status === 404) {
      return new StepError(
        "config_error",
        `Ollama has no model ${this.options.model} (${message}); run \`ollama pull ${this.options.model}\` or change embedding.model`,
        { url, status },
      );
    }
    if (status === 429) return new StepError("rate_limited", `Ollama is busy: ${message}`, { url, status });
    if (status !== undefined && status >= 500)
      return new StepError("server_error", `Ollama failed to embed with ${this.options.model}: ${message}`, {
        url,
        status,
      });
    if (status !== undefined)
      return new StepError("format_error", `Ollama refused the embedding request (${status}): ${message}`, {
        url,
        status,
      });
    return new StepError(
      "server_error",
      `cannot reach Ollama at ${this.options.host} to embed with ${this.options.model}: ${message}`,
      { url },
      { cause: error },
    );
  }
}

/**
 * A fetch that honours the caller's abort signal and turns non-JSON error bodies into JSON,
 * because the ollama client console.logs while reading a plain-text error, which would break `--json` output.
 */
function fetchWith(signal: AbortSignal | undefined, timeoutMs: number): typeof fetch {
  // Bounded in size and time like every model call: an endless reply cannot exhaust the heap.
  const bounded = boundedFetch({
    maxBytes: MAX_EMBEDDING_REPLY_BYTES,
    timeoutMs,
    ...(signal ? { signal } : {}),
  });
  return async (input, init) => {
    const response = await bounded(input, init);
    if (response.ok || response.headers.get("content-type")?.includes("application/json")) return response;
    const text = await response.text();
    return new Response(JSON.stringify({ error: text || response.statusText }), {
      status: response.status,
      statusText: response.statusText,
      headers: { "content-type": "application/json" },
    });
  };
}
