/**
 * The one way to a local model: every caller (the model planner, the reflector's grader,
 * retrieval decision and writer, the knowledge base's embedder) talks to Ollama through this
 * client. It holds the base URL and the timeout, reads each reply through `boundedFetch` (cut at a
 * byte limit and at the timeout, and at the caller's abort signal), turns every failure into an
 * `OllamaError` of one of four kinds, and reads JSON-mode replies against a zod schema.
 */
import { jsonrepair } from "jsonrepair";
import { Ollama } from "ollama";
import { z } from "zod";
import type { ModelSettings } from "../models/workspace.js";
import { boundedFetch, MAX_MODEL_REPLY_BYTES, ModelReplyTooLargeError } from "./bounded-fetch.js";

/**
 * Why a model call failed: the server is not there (or failed before answering), the time or the
 * caller's signal ran out, the server refused with an HTTP status, or the reply is not usable
 * (not JSON, too large, the wrong shape).
 */
export type OllamaFailure = "unreachable" | "timeout" | "refused" | "bad_reply";

export class OllamaError extends Error {
  override readonly name = "OllamaError";
  constructor(
    readonly kind: OllamaFailure,
    message: string,
    readonly details: { status?: number; reply?: string } = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
  }

  /** The HTTP status of a refusal. */
  get status(): number | undefined {
    return this.details.status;
  }
}

/** A chat message for the model. */
export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface OllamaClientOptions {
  /** Base URL of the Ollama server (`model.host`). */
  host: string;
  /** Time for one whole exchange, body included (`model.timeout_seconds`). */
  timeoutMs: number;
  /** Largest reply read (default `MAX_MODEL_REPLY_BYTES`). */
  maxBytes?: number;
  /** Cancels every call of this client (Ctrl-C, the run's deadline). */
  signal?: AbortSignal;
  /** The underlying fetch (tests pass one; default the global fetch). */
  fetch?: typeof fetch;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature: number;
  /** Ollama's structured output: a JSON Schema the reply must follow. */
  format?: object;
}

/**
 * Reads a JSON-mode reply: drops a Markdown code fence and any prose before the first brace, then
 * repairs almost-JSON (jsonrepair: trailing commas, single quotes, a cut-off end). Throws when the
 * text cannot be read as JSON at all.
 */
export function parseModelJson(reply: string): unknown {
  let text = reply
    .trim()
    .replace(/^```[a-zA-Z]*\s*/u, "")
    .replace(/\s*```\s*$/u, "");
  const brace = text.indexOf("{");
  if (brace > 0) text = text.slice(brace);
  return JSON.parse(jsonrepair(text));
}

/** Classifies whatever the transport or the ollama library threw. */
function failure(error: unknown, signal: AbortSignal | undefined): OllamaError {
  if (error instanceof OllamaError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const name = error instanceof Error ? error.name : "";
  if (signal?.aborted || name === "TimeoutError" || name === "AbortError")
    return new OllamaError("timeout", message, {}, { cause: error });
  if (typeof error === "object" && error !== null && "status_code" in error) {
    const status = Number((error as { status_code: unknown }).status_code);
    return new OllamaError("refused", message, { status }, { cause: error });
  }
  if (error instanceof ModelReplyTooLargeError || error instanceof SyntaxError)
    return new OllamaError("bad_reply", message, {}, { cause: error });
  return new OllamaError("unreachable", message, {}, { cause: error });
}

/**
 * A fetch bounded in size and time whose non-JSON error bodies are turned into JSON: the ollama
 * library console.logs while reading a plain-text error, which would break `--json` output.
 */
function modelFetch(options: OllamaClientOptions): typeof fetch {
  const bounded = boundedFetch({
    maxBytes: options.maxBytes ?? MAX_MODEL_REPLY_BYTES,
    timeoutMs: options.timeoutMs,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
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

export class OllamaClient {
  readonly host: string;
  private readonly client: Ollama;

  constructor(private readonly options: OllamaClientOptions) {
    this.host = options.host;
    this.client = new Ollama({ host: options.host, fetch: modelFetch(options) });
  }

  /** A client for the workspace's `model:` settings (host and timeout). */
  static forSettings(
    settings: Pick<ModelSettings, "host" | "timeout_seconds">,
    options: Omit<OllamaClientOptions, "host" | "timeoutMs"> = {},
  ): OllamaClient {
    return new OllamaClient({ host: settings.host, timeoutMs: settings.timeout_seconds * 1000, ...options });
  }

  /** The names of the installed models, each also without its `:latest` tag. */
  async modelNames(): Promise<Set<string>> {
    const { models } = await this.call(() => this.client.list());
    return new Set(models.flatMap((model) => [model.name, model.name.replace(/:latest$/, "")]));
  }

  /** One non-streaming chat turn; the reply's text. */
  async chat(request: ChatRequest): Promise<string> {
    const response = await this.call(() =>
      this.client.chat({
        model: request.model,
        messages: request.messages,
        stream: false,
        ...(request.format ? { format: request.format } : {}),
        options: { temperature: request.temperature },
      }),
    );
    const content: unknown = response?.message?.content;
    if (typeof content !== "string") throw new OllamaError("bad_reply", "the chat reply has no message text");
    return content;
  }

  /**
   * JSON mode: the reply is bound to the schema's JSON Schema, parsed and validated. A reply that is
   * not JSON or not of the schema's shape is a `bad_reply` carrying the reply text.
   */
  async chatJson<T>(
    request: Omit<ChatRequest, "format">,
    schema: z.ZodType<T>,
  ): Promise<{ value: T; raw: string }> {
    const raw = await this.chat({
      ...request,
      format: z.toJSONSchema(schema, { unrepresentable: "any" }) as object,
    });
    let value: unknown;
    try {
      value = parseModelJson(raw);
    } catch (error) {
      throw new OllamaError("bad_reply", error instanceof Error ? error.message : String(error), {
        reply: raw,
      });
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw new OllamaError("bad_reply", `invalid reply: ${parsed.error.issues[0]?.message ?? "shape"}`, {
        reply: raw,
      });
    return { value: parsed.data, raw };
  }

  /** Embeddings of the texts (`/api/embed`, inputs longer than the model's context truncated). */
  async embed(model: string, input: string[]): Promise<number[][]> {
    const response = await this.call(() => this.client.embed({ model, input, truncate: true }));
    if (!Array.isArray(response?.embeddings))
      throw new OllamaError("bad_reply", "the embedding reply has no embeddings");
    return response.embeddings;
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw failure(error, this.options.signal);
    }
  }
}
