import type { ServerResponse } from "node:http";

/** How often an idle event stream sends a comment, so proxies and clients do not time it out. */
const KEEP_ALIVE_MS = 15_000;

/**
 * A server-sent event stream (text/event-stream) on a response: named events whose data is one
 * JSON value per event, and a comment line now and then while nothing else is sent.
 */
export class ServerSentEvents {
  private readonly keepAlive: NodeJS.Timeout;

  constructor(private readonly response: ServerResponse) {
    response.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      connection: "keep-alive",
      // Tells buffering proxies (nginx) to pass events through as they come.
      "x-accel-buffering": "no",
    });
    response.flushHeaders();
    this.keepAlive = setInterval(() => this.response.write(": keep-alive\n\n"), KEEP_ALIVE_MS);
    this.keepAlive.unref();
    response.once("close", () => clearInterval(this.keepAlive));
  }

  /** Sends one event; JSON never holds a raw newline, so the data is one line. */
  send(event: string, data: unknown): void {
    if (this.response.writableEnded || this.response.destroyed) return;
    this.response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** Sends the last event and ends the stream. */
  end(event: string, data: unknown): void {
    this.send(event, data);
    clearInterval(this.keepAlive);
    if (!this.response.writableEnded) this.response.end();
  }
}
