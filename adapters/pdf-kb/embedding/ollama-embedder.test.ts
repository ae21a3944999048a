import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StepError } from "../../../models/step-error.js";
import { OllamaEmbedder } from "./ollama-embedder.js";

// A stand-in for the model: a loopback server speaking Ollama's /api/embed wire format
// ({model, input[]} → {model, embeddings[][]}) with scripted vectors, recording every request.
const requests: { url: string; body: { model: string; input: string[]; truncate?: boolean } }[] = [];
let mode: "ok" | "missing-model" | "crash" | "short" | "plain-error" = "ok";
const server = http.createServer((request, response) => {
  let text = "";
  request.on("data", (chunk) => (text += chunk));
  request.on("end", () => {
    const body = JSON.parse(text);
    requests.push({ url: request.url ?? "", body });
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(value));
    };
    if (request.url !== "/api/embed") return json(404, { error: "not found" });
    if (mode === "missing-model")
      return json(404, { error: `model "${body.model}" not found, try pulling it first` });
    if (mode === "crash") return json(500, { error: "llama runner process has terminated" });
    if (mode === "plain-error") {
      response.writeHead(502, { "content-type": "text/plain" });
      return response.end("bad gateway");
    }
    // Scripted vector: [length of the text, 1, 0, 2] so normalisation and order are checkable.
    const embeddings = (body.input as string[]).map((input) => [input.length, 1, 0, 2]);
    json(200, {
      model: body.model,
      embeddings: mode === "short" ? embeddings.slice(1) : embeddings,
      total_duration: 1,
      load_duration: 1,
      prompt_eval_count: 1,
    });
  });
});
let host = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("OllamaEmbedder against a loopback server speaking /api/embed", () => {
  it("sends the configured model and the texts in batches, returns normalised vectors in order", async () => {
    mode = "ok";
    requests.length = 0;
    const embedder = new OllamaEmbedder({ host, model: "nomic-embed-text", batchSize: 2 });
    const vectors = await embedder.embed(["abc", "a", "abcdefg"]);
    expect(requests.map((entry) => entry.url)).toEqual(["/api/embed", "/api/embed"]);
    expect(requests[0].body).toMatchObject({
      model: "nomic-embed-text",
      input: ["abc", "a"],
      truncate: true,
    });
    expect(requests[1].body.input).toEqual(["abcdefg"]);
    expect(vectors).toHaveLength(3);
    const norm = Math.sqrt(3 * 3 + 1 + 0 + 4);
    expect(Array.from(vectors[0])).toEqual(
      [3 / norm, 1 / norm, 0, 2 / norm].map((value) => Math.fround(value)),
    );
    expect(vectors[2][0]).toBeGreaterThan(vectors[1][0]);
    expect(embedder.dimensions).toBe(4);
    expect(embedder.id).toBe("ollama:nomic-embed-text");
  });

  it("reports a model that is not pulled as a config error naming the fix", async () => {
    mode = "missing-model";
    const failure = await new OllamaEmbedder({ host, model: "no-such-model" })
      .embed(["x"])
      .catch((error) => error);
    expect(StepError.isStepError(failure)).toBe(true);
    expect(failure.kind).toBe("config_error");
    expect(failure.message).toContain("ollama pull no-such-model");
  });

  it("maps a crash to server_error, a plain-text error likewise, and a short reply to format_error", async () => {
    mode = "crash";
    expect((await new OllamaEmbedder({ host, model: "m" }).embed(["x"]).catch((error) => error)).kind).toBe(
      "server_error",
    );
    mode = "plain-error";
    const plain = await new OllamaEmbedder({ host, model: "m" }).embed(["x"]).catch((error) => error);
    expect(plain.kind).toBe("server_error");
    expect(plain.message).toContain("bad gateway");
    mode = "short";
    expect(
      (await new OllamaEmbedder({ host, model: "m" }).embed(["x", "y"]).catch((error) => error)).kind,
    ).toBe("format_error");
  });

  it("reports an unreachable host as server_error and a cancelled call as timeout", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = await new OllamaEmbedder({ host: `http://127.0.0.1:${port}`, model: "m" })
      .embed(["x"])
      .catch((error) => error);
    expect(unreachable.kind).toBe("server_error");
    expect(unreachable.message).toContain("cannot reach Ollama");
    mode = "ok";
    const controller = new AbortController();
    controller.abort();
    expect(
      (await new OllamaEmbedder({ host, model: "m" }).embed(["x"], controller.signal).catch((error) => error))
        .kind,
    ).toBe("timeout");
  });
});
