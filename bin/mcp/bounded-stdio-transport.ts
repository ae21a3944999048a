import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { type JSONRPCMessage, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import { jsonNestingPastLimit, MAX_JSON_NESTING } from "../../domain/input-limits.js";

/** Longest message line the server reads; a longer one is answered with an error and skipped. */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** How much of an over-long line is kept to find its request id. */
const HEAD_BYTES = 4096;

/** JSON-RPC's code for a line that is not JSON. */
export const PARSE_ERROR = -32700;
/** JSON-RPC's code for a message that is not a valid request (not JSON-RPC, too large, too deep). */
export const INVALID_REQUEST = -32600;

/** A request id written before `params`, as clients write it (`{"jsonrpc":"2.0","id":7,"method":…`). */
const LEADING_ID =
  /^\s*\{(?:\s*"(?:jsonrpc|method)"\s*:\s*"[^"\\]*"\s*,)*\s*"id"\s*:\s*(-?\d{1,15}|"(?:[^"\\]|\\.){0,200}")/;

/**
 * MCP over stdin/stdout, one JSON-RPC message a line, that answers every line. The SDK's stdio
 * transport closes the connection when a line passes its 10 MB buffer (the server then exits
 * with code 0 and never answers what follows) and drops a line that is not JSON-RPC without a
 * reply. Here a line over the limit is skipped as it streams in (never buffered past its first
 * bytes) and answered with −32600 naming the limit; a line that is not JSON gets −32700; JSON that
 * is not a JSON-RPC message gets −32600, and so does one nested more than MAX_JSON_NESTING levels
 * deep (the schemas would overflow the stack on it); the lines after each are read as usual.
 */
export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  /** The unfinished line's pieces while it is within the limit. */
  private pieces: Buffer[] = [];
  private pendingBytes = 0;
  /** Set while an over-long line streams past: its first bytes, and how many bytes it has had. */
  private overLong: { head: Buffer; bytes: number } | undefined;
  private started = false;

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    private readonly maxMessageBytes = MAX_MESSAGE_BYTES,
  ) {}

  private readonly onData = (chunk: Buffer) => {
    let start = 0;
    for (let newline = chunk.indexOf(10, start); newline !== -1; newline = chunk.indexOf(10, start)) {
      this.take(chunk.subarray(start, newline));
      this.endLine();
      start = newline + 1;
    }
    if (start < chunk.length) this.take(chunk.subarray(start));
  };

  private readonly onError = (error: Error) => this.onerror?.(error);

  async start(): Promise<void> {
    if (this.started) throw new Error("BoundedStdioTransport already started");
    this.started = true;
    this.input.on("data", this.onData);
    this.input.on("error", this.onError);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const line = `${JSON.stringify(message)}\n`;
    if (this.output.write(line)) return;
    await new Promise<void>((resolve) => this.output.once("drain", resolve));
  }

  async close(): Promise<void> {
    this.input.off("data", this.onData);
    this.input.off("error", this.onError);
    if (this.input.listenerCount("data") === 0) this.input.pause();
    this.pieces = [];
    this.overLong = undefined;
    this.onclose?.();
  }

  /** Adds part of the current line, switching to skipping once it passes the limit. */
  private take(part: Buffer): void {
    if (part.length === 0) return;
    if (this.overLong) {
      this.overLong.bytes += part.length;
      return;
    }
    if (this.pendingBytes + part.length <= this.maxMessageBytes) {
      this.pieces.push(part);
      this.pendingBytes += part.length;
      return;
    }
    const head = Buffer.concat([...this.pieces, part.subarray(0, HEAD_BYTES)]).subarray(0, HEAD_BYTES);
    this.overLong = { head: Buffer.from(head), bytes: this.pendingBytes + part.length };
    this.pieces = [];
    this.pendingBytes = 0;
  }

  /** A newline arrived: answers or passes on the line it ends. */
  private endLine(): void {
    const overLong = this.overLong;
    if (overLong) {
      this.overLong = undefined;
      const id = LEADING_ID.exec(overLong.head.toString("utf8"))?.[1];
      this.reply(id === undefined ? null : JSON.parse(id), INVALID_REQUEST, "message too large", {
        kind: "message_too_large",
        bytes: overLong.bytes,
        limit_bytes: this.maxMessageBytes,
        message: `the message is ${overLong.bytes} bytes; the server reads messages of at most ${this.maxMessageBytes} bytes (one line each)`,
      });
      return;
    }
    const line = Buffer.concat(this.pieces).toString("utf8").replace(/\r$/, "");
    this.pieces = [];
    this.pendingBytes = 0;
    if (line.trim() === "") return;
    // The SDK's schemas and the tools walk a message recursively: bound its depth before parsing.
    const tooDeep = jsonNestingPastLimit(line);
    if (tooDeep !== undefined) {
      const id = LEADING_ID.exec(line.slice(0, HEAD_BYTES))?.[1];
      this.reply(id === undefined ? null : JSON.parse(id), INVALID_REQUEST, "message nested too deeply", {
        kind: "nested_too_deep",
        limit_levels: MAX_JSON_NESTING,
        message: `the message nests arrays and objects more than ${MAX_JSON_NESTING} levels deep (at character ${tooDeep})`,
      });
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (error) {
      this.reply(null, PARSE_ERROR, "Parse error", {
        kind: "parse_error",
        message: `the line is not JSON: ${(error as Error).message}`,
      });
      return;
    }
    const message = JSONRPCMessageSchema.safeParse(parsed);
    if (!message.success) {
      const id = (parsed as { id?: unknown } | null)?.id;
      this.reply(
        typeof id === "string" || typeof id === "number" ? id : null,
        INVALID_REQUEST,
        "Invalid Request",
        {
          kind: "invalid_request",
          message: "the line is JSON but not a JSON-RPC 2.0 request, notification or response",
        },
      );
      return;
    }
    this.onmessage?.(message.data);
  }

  /** Writes a JSON-RPC error response (id null when the request's id could not be read). */
  private reply(
    id: string | number | null,
    code: number,
    message: string,
    data: Record<string, unknown>,
  ): void {
    const response = { jsonrpc: "2.0", id, error: { code, message, data } };
    this.output.write(`${JSON.stringify(response)}\n`);
  }
}
