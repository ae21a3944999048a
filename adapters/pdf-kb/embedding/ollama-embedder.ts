import { MAX_EMBEDDING_REPLY_BYTES } from "../../../domain/bounded-fetch.js";
import { OllamaClient, OllamaError } from "../../../domain/ollama-client.js";
import { codedStepError, type StepError } from "../../../models/step-error.js";
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
    const client = new OllamaClient({
      host: this.options.host,
      timeoutMs: this.options.timeoutMs ?? 60_000,
      maxBytes: MAX_EMBEDDING_REPLY_BYTES,
      ...(signal ? { signal } : {}),
    });
    const batchSize = this.options.batchSize ?? 32;
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += batchSize) {
      const batch = texts.slice(start, start + batchSize);
      let embeddings: number[][];
      try {
        embeddings = await client.embed(this.options.model, batch);
      } catch (error) {
        throw this.failure(error);
      }
      if (embeddings.length !== batch.length) {
        throw codedStepError(
          "format_error",
          {
            code: "embedding_count_wrong",
            model: this.options.model,
            got: embeddings.length,
            sent: batch.length,
          },
          {
            url: `${this.options.host}/api/embed`,
          },
        );
      }
      for (const embedding of embeddings) vectors.push(this.normalised(embedding));
    }
    return vectors;
  }

  private normalised(embedding: number[]): Float32Array {
    if (this.size === undefined) this.size = embedding.length;
    if (
      embedding.length !== this.size ||
      embedding.some((value) => typeof value !== "number" || !Number.isFinite(value))
    ) {
      throw codedStepError(
        "format_error",
        {
          code: "embedding_size_wrong",
          model: this.options.model,
          got: embedding.length,
          expected: this.size,
        },
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

  /** The step failure of an embedding call, by the client's failure kind and HTTP status. */
  private failure(error: unknown): StepError {
    const url = `${this.options.host}/api/embed`;
    const kind = error instanceof OllamaError ? error.kind : "unreachable";
    const status = error instanceof OllamaError ? error.status : undefined;
    const message = error instanceof Error ? error.message : String(error);
    if (kind === "timeout")
      return codedStepError(
        "timeout",
        { code: "embedding_cancelled", model: this.options.model },
        { url },
        { cause: error },
      );
    if (status === 404) {
      return codedStepError(
        "config_error",
        { code: "embedding_model_missing", model: this.options.model, detail: message },
        { url, status },
      );
    }
    if (status === 429)
      return codedStepError("rate_limited", { code: "embedding_busy", detail: message }, { url, status });
    if (status !== undefined && status >= 500)
      return codedStepError(
        "server_error",
        { code: "embedding_server_failed", model: this.options.model, detail: message },
        { url, status },
      );
    if (status !== undefined)
      return codedStepError(
        "format_error",
        { code: "embedding_refused", status, detail: message },
        { url, status },
      );
    if (kind === "bad_reply")
      return codedStepError(
        "format_error",
        { code: "embedding_unusable", model: this.options.model, detail: message },
        { url },
        { cause: error },
      );
    return codedStepError(
      "server_error",
      { code: "embedding_unreachable", host: this.options.host, model: this.options.model, detail: message },
      { url },
      { cause: error },
    );
  }
}
