import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { OllamaClient, OllamaError, parseModelJson } from "./ollama-client.js";

// A loopback server speaking Ollama's API: /api/tags lists two models, /api/embed echoes vectors,
// and /api/chat answers by the model's name: "hang" never answers, "endless" never stops, "plain"
// fails with a text/plain 502, "missing" with Ollama's JSON 404, any other model says its name's reply.
const replies: Record<string, string> = {
  fenced: '```json\n{"answer": 42,}\n```',
  json: '{"answer": 42}',
  prose: "no JSON here",
  shape: '{"answer": "forty-two"}',
};
let server: Server;
let host = "";

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const json = (status: number, value: unknown) =>
        response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
      if (request.url === "/api/tags")
        return json(200, { models: [{ name: "planner:latest" }, { name: "qwen2.5:7b" }] });
      const parsed = JSON.parse(body) as { model: string; input?: string[] };
      if (request.url === "/api/embed")
        return json(200, { embeddings: (parsed.input ?? []).map((text) => [text.length, 1]) });
      if (parsed.model === "hang") return;
      if (parsed.model === "plain")
        return response.writeHead(502, { "content-type": "text/plain" }).end("bad gateway");
      if (parsed.model === "missing") return json(404, { error: 'model "missing" not found' });
      if (parsed.model === "endless") {
        response.writeHead(200, { "content-type": "application/json" });
        const pump = () => {
          while (!response.destroyed && response.write("a".repeat(64 * 1024)));
        };
        response.on("drain", pump);
        return pump();
      }
      json(200, {
        model: parsed.model,
        message: { role: "assistant", content: replies[parsed.model] ?? "" },
        done: true,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const ask = (client: OllamaClient, model: string) =>
  client.chat({ model, messages: [{ role: "user", content: "?" }], temperature: 0 }).catch((error) => error);
const Answer = z.object({ answer: z.number() });

describe("OllamaClient against a loopback server speaking Ollama's API", () => {
  it("lists the installed models with and without :latest, chats and embeds", async () => {
    const client = new OllamaClient({ host, timeoutMs: 5000 });
    expect([...(await client.modelNames())]).toEqual(["planner:latest", "planner", "qwen2.5:7b"]);
    expect(await ask(client, "json")).toBe('{"answer": 42}');
    expect(await client.embed("e", ["abc", "a"])).toEqual([
      [3, 1],
      [1, 1],
    ]);
  });

  it("types every failure: unreachable, timeout, refused with the status, bad reply", async () => {
    const closed = new OllamaClient({ host: "http://127.0.0.1:9", timeoutMs: 5000 });
    expect((await ask(closed, "json")).kind).toBe("unreachable");
    expect((await ask(new OllamaClient({ host, timeoutMs: 200 }), "hang")).kind).toBe("timeout");
    const cancelled = new AbortController();
    cancelled.abort();
    expect(
      (await ask(new OllamaClient({ host, timeoutMs: 5000, signal: cancelled.signal }), "json")).kind,
    ).toBe("timeout");
    const client = new OllamaClient({ host, timeoutMs: 5000, maxBytes: 1024 * 1024 });
    const missing = await ask(client, "missing");
    expect([missing.kind, missing.status, missing.message]).toEqual([
      "refused",
      404,
      'model "missing" not found',
    ]);
    // A plain-text error body is read without the ollama library's console.log (it would break --json).
    const log = vi.spyOn(console, "log");
    const plain = await ask(client, "plain");
    expect([plain.kind, plain.status, plain.message]).toEqual(["refused", 502, "bad gateway"]);
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
    const endless = await ask(client, "endless");
    expect(endless).toBeInstanceOf(OllamaError);
    expect(endless.kind).toBe("bad_reply");
  });

  it("JSON mode: binds the schema, repairs almost-JSON, refuses prose and the wrong shape with the reply", async () => {
    const client = new OllamaClient({ host, timeoutMs: 5000 });
    const json = (model: string) =>
      client.chatJson({ model, messages: [], temperature: 0 }, Answer).catch((error: OllamaError) => error);
    expect(await json("fenced")).toEqual({ value: { answer: 42 }, raw: replies.fenced });
    const prose = (await json("prose")) as OllamaError;
    expect([prose.kind, prose.details.reply]).toEqual(["bad_reply", "no JSON here"]);
    const shape = (await json("shape")) as OllamaError;
    expect(shape.kind).toBe("bad_reply");
    expect(shape.message).toMatch(/^invalid reply: /);
  });
});

describe("parseModelJson", () => {
  it("reads a fenced reply, prose before the object and a trailing comma", () => {
    expect(parseModelJson('Here it is: {"a": [1, 2,],}')).toEqual({ a: [1, 2] });
    expect(parseModelJson('```\n{"a": 1}\n```')).toEqual({ a: 1 });
  });
});
