import { Ollama } from "ollama";
import { z } from "zod";
import { boundedFetch, MAX_MODEL_REPLY_BYTES } from "../domain/bounded-fetch.js";
import type { ModelSettings } from "../models/workspace.js";

/** A chat message for the model. */
export interface ModelMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** Outcome of asking a model for structured output: the validated value, or why it was not usable. */
export type ModelReply<T> = { ok: true; value: T; raw: string } | { ok: false; reason: string; raw?: string };

function clientFor(settings: ModelSettings, signal?: AbortSignal): Ollama {
  // The client gets our fetch so a slow, hung or endless model reply is cut off at the configured
  // timeout and the reply size limit.
  return new Ollama({
    host: settings.host,
    fetch: boundedFetch({
      maxBytes: MAX_MODEL_REPLY_BYTES,
      timeoutMs: settings.timeout_seconds * 1000,
      ...(signal ? { signal } : {}),
    }),
  });
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
  let raw: string | undefined;
  try {
    const response = await clientFor(settings, signal).chat({
      model,
      messages,
      stream: false,
      format: z.toJSONSchema(schema, { unrepresentable: "any" }) as object,
      options: { temperature: settings.temperature },
    });
    raw = response.message.content;
    const parsed = schema.safeParse(JSON.parse(raw));
    if (!parsed.success)
      return { ok: false, reason: `invalid reply: ${parsed.error.issues[0]?.message ?? "shape"}`, raw };
    return { ok: true, value: parsed.data, raw };
  } catch (error) {
    return {
      ok: false,
      reason: error instanceof Error ? error.message.slice(0, 200) : String(error),
      ...(raw === undefined ? {} : { raw }),
    };
  }
}

/** Asks the model for free text (the answer writer); failures come back as a reason. */
export async function askModelForText(
  settings: ModelSettings,
  model: string,
  messages: ModelMessage[],
  signal?: AbortSignal,
): Promise<ModelReply<string>> {
  try {
    const response = await clientFor(settings, signal).chat({
      model,
      messages,
      stream: false,
      options: { temperature: settings.temperature },
    });
    const text = response.message.content.trim();
    if (!text) return { ok: false, reason: "empty reply" };
    return { ok: true, value: text, raw: text };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message.slice(0, 200) : String(error) };
  }
}
