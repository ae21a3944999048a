import type { ClientRequest, IncomingMessage, RequestOptions } from "node:http";
import type { TraceEvent } from "../../models/trace-event.js";
import type { AskResultJson } from "../../planner/ask-result-json.js";
import { UsageError } from "../cli-output.js";
import { type ErrorObject, ReportedError } from "../error-object.js";
import type { QuestionOptions } from "./answer-backend.js";

// The caller's side of `triangulate serve`'s POST /ask (docs/http-api.md): sends the question,
// follows the server-sent progress, and resolves to the JSON `ask --json` prints. It imports only
// Node's http or https (no fetch: undici costs a light client memory it does not need), so a
// process that only asks (`ask --server`, bin/server-client-cli.ts) stays small.

/** The environment variable holding a client's bearer token when no --token-file is given. */
export const TOKEN_VARIABLE = "TRIANGULATE_TOKEN";

/** The server answered with `{"error": …}` (an HTTP error status or an `error` event). */
export class ServerReportedError extends ReportedError {
  override name = "ServerReportedError";

  constructor(
    object: ErrorObject,
    readonly status?: number,
  ) {
    super(object);
  }
}

/** The server could not be reached, or did not answer as `triangulate serve` does. */
export class ServerUnreachableError extends Error {
  override readonly name = "ServerUnreachableError";
  readonly kind = "server_unreachable" as const;
}

/** Where and how to reach the server. */
export interface ServerAddress {
  /** http(s)://host:port of `triangulate serve` (a path prefix is kept: a proxy may mount it). */
  url: string;
  /** Sent as `Authorization: Bearer <token>` when given. */
  token?: string;
}

/** How the caller follows one ask. */
export interface AskFollow {
  /** Each progress event (a trace event) as the server sends it. */
  onProgress?: (event: TraceEvent) => void;
  /** Aborting closes the connection, which cancels the question on the server. */
  signal?: AbortSignal;
}

/** The server's URL checked (a usage error otherwise): http or https, no credentials in it (the token goes in a header). */
export function serverUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--server must be a URL such as http://127.0.0.1:8787, not ${text}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UsageError(
      `--server must be an http:// or https:// URL of triangulate serve, not ${url.protocol}//…`,
    );
  if (url.username || url.password)
    throw new UsageError(
      "--server must not carry credentials; give the bearer token with --token-file or $TRIANGULATE_TOKEN",
    );
  return url;
}

/** The URL shown in messages: scheme, host, port and path, nothing else. */
function shown(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/$/, "")}`;
}

/**
 * Asks the question on the server and follows its progress to the result. Resolves to the answer
 * JSON (partial and unanswerable answers included: `exit_code` says which); rejects with
 * ServerReportedError for the server's error object, ServerUnreachableError when no server
 * answered, or the signal's reason once aborted.
 */
export async function askServer(
  address: ServerAddress,
  question: string,
  options: QuestionOptions,
  follow: AskFollow = {},
): Promise<AskResultJson> {
  const base = serverUrl(address.url);
  const endpoint = new URL(`${base.pathname.replace(/\/$/, "")}/ask`, base);
  const body = JSON.stringify({ question, ...options });
  const { request } = base.protocol === "https:" ? await import("node:https") : await import("node:http");
  follow.signal?.throwIfAborted();
  return new Promise<AskResultJson>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      follow.signal?.removeEventListener("abort", onAbort);
      outcome();
    };
    const requestOptions: RequestOptions = {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        accept: "text/event-stream",
        ...(address.token ? { authorization: `Bearer ${address.token}` } : {}),
      },
    };
    const outgoing: ClientRequest = request(endpoint, requestOptions, (response) =>
      readResponse(response, follow, base).then(
        (result) => settle(() => resolve(result)),
        (error: unknown) => settle(() => reject(error)),
      ),
    );
    const onAbort = () => {
      outgoing.destroy();
      settle(() => reject(follow.signal?.reason ?? new Error("aborted")));
    };
    follow.signal?.addEventListener("abort", onAbort, { once: true });
    outgoing.on("error", (error: NodeJS.ErrnoException) =>
      settle(() =>
        reject(
          new ServerUnreachableError(
            `triangulate serve at ${shown(base)} could not be reached (${error.code ?? error.message})`,
          ),
        ),
      ),
    );
    outgoing.end(body);
  });
}

/** Reads the answer: an event stream to its `result` or `error` event, or a JSON error body. */
async function readResponse(response: IncomingMessage, follow: AskFollow, base: URL): Promise<AskResultJson> {
  response.setEncoding("utf8");
  const type = String(response.headers["content-type"] ?? "");
  if (!type.startsWith("text/event-stream")) {
    let text = "";
    for await (const chunk of response) text += chunk;
    const object = (() => {
      try {
        return (JSON.parse(text) as { error?: ErrorObject }).error;
      } catch {
        return undefined;
      }
    })();
    if (object && typeof object.kind === "string" && typeof object.message === "string")
      throw new ServerReportedError(object, response.statusCode);
    throw new ServerUnreachableError(
      `${shown(base)} answered HTTP ${response.statusCode} without an answer or an error object; is it triangulate serve?`,
    );
  }
  try {
    return await readEvents(response, follow);
  } catch (error) {
    if (error instanceof ServerReportedError || follow.signal?.aborted) throw error;
    // The connection reset under the stream (the server killed, its machine gone): no answer came.
    throw new ServerUnreachableError(
      `${shown(base)} closed the event stream before the answer (the server stopped, or a proxy cut the connection; ${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

/** The answer of an event stream: its `result` event, or its `error` event thrown. */
async function readEvents(response: IncomingMessage, follow: AskFollow): Promise<AskResultJson> {
  let buffer = "";
  for await (const chunk of response) {
    buffer += chunk;
    // Events end with a blank line; the data of one event is one line of JSON.
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = "message";
      let data = "";
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data += line.slice(5).trimStart();
        // A line starting with ":" is a comment (the server's keep-alive).
      }
      if (data === "") continue;
      const value = JSON.parse(data) as unknown;
      if (event === "progress") follow.onProgress?.(value as TraceEvent);
      else if (event === "result") return value as AskResultJson;
      else if (event === "error") throw new ServerReportedError((value as { error: ErrorObject }).error);
    }
  }
  throw new Error("the stream ended without a result");
}
