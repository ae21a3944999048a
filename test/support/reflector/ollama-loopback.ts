import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A loopback server speaking Ollama's /api/chat with scripted replies, recording each request body. */
export interface OllamaLoopback {
  url: string;
  requests: { model: string; format?: unknown; messages: { role: string; content: string }[] }[];
  close(): Promise<void>;
}

/** Starts the loopback on 127.0.0.1:0; each reply is returned in turn (the last one repeats). */
export async function startOllamaLoopback(replies: string[]): Promise<OllamaLoopback> {
  const requests: OllamaLoopback["requests"] = [];
  let index = 0;
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      if (request.url !== "/api/chat") {
        response
          .writeHead(404, { "content-type": "application/json" })
          .end(JSON.stringify({ error: "not found" }));
        return;
      }
      const parsed = JSON.parse(body);
      requests.push(parsed);
      const content = replies[Math.min(index, replies.length - 1)];
      index++;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          model: parsed.model,
          created_at: new Date().toISOString(),
          message: { role: "assistant", content },
          done: true,
          done_reason: "stop",
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
