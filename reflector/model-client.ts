import type { z } from "zod";
import type { ChatMessage, OllamaError } from "../domain/ollama-client.js";
import type { ModelSettings } from "../models/workspace.js";

/** A chat message for the model. */
export type ModelMessage = ChatMessage;

/** Outcome of asking a model for structured output: the validated value, or why it was not usable. */
export type ModelReply<T> = { ok: true; value: T; raw: string } | { ok: false; reason: string; raw?: string };

/**
 * The Ollama client and what it brings (the ollama package, JSON repair), loaded on the first
 * model call: a workspace without a model never loads them, and a cold `ask` does not pay for them.
 */
const ollamaClient = () => import("../domain/ollama-client.js");

function failed(
  error: unknown,
  errorType: typeof OllamaError | undefined,
): { ok: false; reason: string; raw?: string } {
  const reply = errorType !== undefined && error instanceof errorType ? error.details.reply : undefined;
  return {
    ok: false,
    reason: error instanceof Error ? error.message.slice(0, 200) : String(error),
    ...(reply === undefined ? {} : { raw: reply }),
  };
}

/**
 * Asks the model for JSON matching a zod schema (Ollama's structured output, bound to the schema's
 * JSON Schema) and validates the reply; anything else (no server, bad JSON, wrong shape) is a
 * failure the caller answers with its deterministic path.
 */
export async function askModelForJson<T>(
  settings: ModelSettings,
  model: string,
  messages: ModelMessage[],
  schema: z.ZodType<T>,
  signal?: AbortSignal,
): Promise<ModelReply<T>> {
  let client: Awaited<ReturnType<typeof ollamaClient>> | undefined;
  try {
    client = await ollamaClient();
    const { value, raw } = await client.OllamaClient.forSettings(settings, signal ? { signal } : {}).chatJson(
      { model, messages, temperature: settings.temperature },
      schema,
    );
    return { ok: true, value, raw };
  } catch (error) {
    return failed(error, client?.OllamaError);
  }
}

/** Asks the model for free text (the answer writer); failures come back as a reason. */
export async function askModelForText(
  settings: ModelSettings,
  model: string,
  messages: ModelMessage[],
  signal?: AbortSignal,
): Promise<ModelReply<string>> {
  let client: Awaited<ReturnType<typeof ollamaClient>> | undefined;
  try {
    client = await ollamaClient();
    const reply = await client.OllamaClient.forSettings(settings, signal ? { signal } : {}).chat({
      model,
      messages,
      temperature: settings.temperature,
    });
    const text = reply.trim();
    if (!text) return { ok: false, reason: "empty reply" };
    return { ok: true, value: text, raw: text };
  } catch (error) {
    return failed(error, client?.OllamaError);
  }
}
