import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { z } from "zod";
import type { Workspace } from "../../config/workspace.js";
import { findRun, listRuns, readRunFolder } from "../../executor/run-store.js";
import { inspectJobFile, jobsDirectoryOf, listJobFiles, loadJob } from "../../jobs/job-file.js";
import { JobLockedError } from "../../jobs/job-lock.js";
import { runJob } from "../../jobs/job-runner.js";
import { UsageError } from "../cli-output.js";
import { reportSummary } from "../commands/report-command.js";
import { type ErrorObject, errorObject } from "../error-object.js";
import { IsoDate } from "../iso-date.js";
import type { AnswerBackend } from "./answer-backend.js";
import { bearerMatches, isLoopbackHost } from "./request-auth.js";
import { ServerSentEvents } from "./server-sent-events.js";

/** The largest request body read (a question and its options are far smaller). */
export const MAX_BODY_BYTES = 64 * 1024;

/** Options of startHttpServer. */
export interface HttpServerOptions {
  workspace: Workspace;
  backend: AnswerBackend;
  /** Address to listen on; default 127.0.0.1. Any other than loopback needs `token`. */
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Every request must carry `Authorization: Bearer <token>`. */
  token?: string;
  /** Lines for the operator (one per request), never a secret. */
  log?: (line: string) => void;
}

/** A listening server. */
export interface RunningHttpServer {
  /** http://host:port */
  url: string;
  /** Stops accepting, cancels the requests in flight, waits for them. */
  close(): Promise<void>;
}

/** A request that cannot be served, with its HTTP status and the error object's kind. */
class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly kind: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The body of POST /ask and POST /plan. */
const QuestionBody = z
  .object({
    question: z.string().trim().min(1, "give a question with words in it").max(4000),
    as_of: IsoDate.optional(),
    strategy: z.enum(["standard", "agentic", "auto"]).optional(),
    planner: z.enum(["catalog", "model"]).optional(),
    max_iterations: z.number().int().min(0).max(10).optional(),
  })
  .strict();

/** The body of POST /jobs/:name/run (optional). */
const JobRunBody = z.object({ as_of: IsoDate.optional() }).strict();

const NAME = /^[\w.-]{1,200}$/;

/**
 * `triangulate serve`'s HTTP API over node:http (docs/http-api.md): POST /ask, POST /plan,
 * GET /runs, GET /runs/:id, GET /jobs, POST /jobs/:name/run. Answers are JSON in the shape of the
 * CLI's `--json`; with `Accept: text/event-stream`, /ask and /jobs/:name/run stream progress
 * events and then the result. A client that goes away cancels its request's work.
 */
export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const host = options.host ?? "127.0.0.1";
  if (!isLoopbackHost(host) && !options.token)
    throw new UsageError(
      `refusing to listen on ${host} without a bearer token: anyone who reaches it could ask the workspace's sources. Give --token-file <file>, or listen on 127.0.0.1`,
    );
  const inFlight = new Set<AbortController>();
  const server: Server = createServer((request, response) => {
    const controller = new AbortController();
    inFlight.add(controller);
    // The response closing before it was finished: the client went away (or the server is closing).
    response.once("close", () => {
      inFlight.delete(controller);
      if (!response.writableFinished) controller.abort(new Error("the client closed the connection"));
    });
    const started = Date.now();
    handle(request, response, controller.signal, options)
      .catch((error: unknown) => sendError(response, options.workspace, error))
      .finally(() =>
        options.log?.(
          `${request.method} ${(request.url ?? "").split("?")[0]} ${response.statusCode} ${Date.now() - started} ms${controller.signal.aborted ? " (client went away)" : ""}`,
        ),
      );
  });
  // Slow or stalled clients do not hold a socket for ever; answering can take minutes, so only the
  // request's own arrival is bounded.
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const controller of inFlight) controller.abort(new Error("the server is stopping"));
      server.closeIdleConnections();
      // An event stream of a cancelled ask ends once its work has unwound; give it a moment.
      const forced = setTimeout(() => server.closeAllConnections(), 5_000);
      await closed;
      clearTimeout(forced);
    },
  };
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  signal: AbortSignal,
  options: HttpServerOptions,
): Promise<void> {
  const { workspace, backend, token } = options;
  if (token) {
    if (!bearerMatches(request.headers.authorization, token))
      throw new RequestError(401, "unauthorized", "this server needs Authorization: Bearer <token>", {
        "www-authenticate": 'Bearer realm="triangulate"',
      });
  } else if (!isLoopbackHost((request.headers.host ?? "").replace(/:\d+$/, ""))) {
    // Without a token only this machine may ask, and only by a loopback name: a web page that
    // points its own name at 127.0.0.1 (DNS rebinding) sends its name in Host and is refused.
    throw new RequestError(
      403,
      "forbidden",
      "without a bearer token this server answers only requests to a loopback address",
    );
  }
  const url = new URL(request.url ?? "/", "http://localhost");
  let parts: string[];
  try {
    parts = url.pathname
      .split("/")
      .filter((part) => part !== "")
      .map(decodeURIComponent);
  } catch {
    throw new UsageError(`the path ${url.pathname} is not valid percent-encoding`);
  }
  const route = `${request.method} /${parts.map((part, index) => (index === 1 ? ":id" : part)).join("/")}`;
  const wantsEvents = (request.headers.accept ?? "").includes("text/event-stream");

  switch (route) {
    case "POST /ask": {
      const body = QuestionBody.parse(await readJson(request, true));
      const { question, ...choices } = body;
      if (!wantsEvents) {
        sendJson(
          response,
          200,
          answeredOrInterrupted(await backend.ask(question, choices, { signal }), signal),
        );
        return;
      }
      const events = new ServerSentEvents(response);
      try {
        const reply = await backend.ask(question, choices, {
          signal,
          onProgress: (event) => events.send("progress", event),
        });
        events.end("result", answeredOrInterrupted(reply, signal));
      } catch (error) {
        events.end("error", { error: redactedError(workspace, error) });
      }
      return;
    }
    case "POST /plan": {
      const { question, ...choices } = QuestionBody.parse(await readJson(request, true));
      sendJson(response, 200, await backend.plan(question, choices, { signal }));
      return;
    }
    case "GET /runs": {
      const limitText = url.searchParams.get("limit") ?? "20";
      const limit = Number(limitText);
      if (!Number.isInteger(limit) || limit < 1 || limit > 500)
        throw new UsageError(`limit must be a whole number from 1 to 500, not ${limitText}`);
      const runs = await listRuns(workspace, limit);
      sendJson(response, 200, {
        runs: workspace.redactor.value(
          runs.map(({ directory, ...summary }) => ({ ...summary, run_id: path.basename(directory) })),
        ),
      });
      return;
    }
    case "GET /runs/:id": {
      const id = parts[1] ?? "";
      const directory = NAME.test(id) ? await findRun(workspace, id) : undefined;
      if (!directory) throw new RequestError(404, "not_found", `no run matches ${id}; see GET /runs`);
      const folder = await readRunFolder(directory);
      sendJson(
        response,
        200,
        workspace.redactor.value({
          run_id: path.basename(directory),
          summary: folder.summary ?? null,
          plan: folder.plan ?? null,
          steps: folder.steps,
          trace: folder.trace,
          answer: folder.answer ?? null,
          answer_markdown: folder.answerMarkdown ?? null,
        }),
      );
      return;
    }
    case "GET /jobs": {
      const inspected = listJobFiles(jobsDirectoryOf(workspace)).map((file) =>
        inspectJobFile(file, workspace),
      );
      sendJson(
        response,
        200,
        workspace.redactor.value({
          jobs: inspected.flatMap(({ job }) =>
            job
              ? [
                  {
                    name: path.basename(job.file).replace(/\.ya?ml$/, ""),
                    title: job.config.name,
                    questions: job.config.questions.length,
                    schedule: job.config.schedule ?? null,
                    timezone: job.config.timezone,
                  },
                ]
              : [],
          ),
          issues: inspected.flatMap(({ issues }) => issues),
        }),
      );
      return;
    }
    case "POST /jobs/:id/run": {
      if (parts[2] !== "run") break;
      const name = parts[1] ?? "";
      if (!NAME.test(name)) throw new RequestError(404, "not_found", `no job named ${name}; see GET /jobs`);
      const body = JobRunBody.parse((await readJson(request, false)) ?? {});
      if (
        !listJobFiles(jobsDirectoryOf(workspace)).some(
          (file) => path.basename(file).replace(/\.ya?ml$/, "") === name,
        )
      )
        throw new RequestError(404, "not_found", `no job named ${name}; see GET /jobs`);
      const job = loadJob(workspace, name);
      const events = wantsEvents ? new ServerSentEvents(response) : undefined;
      try {
        const result = await runJob(job, workspace, {
          ...(body.as_of ? { asOf: body.as_of } : {}),
          signal,
          ...(events ? { onProgress: (event) => events.send("progress", event) } : {}),
        });
        const summary = workspace.redactor.value(reportSummary(result.report, result.exitCode));
        if (events) events.end("result", summary);
        else sendJson(response, 200, summary);
      } catch (error) {
        const failure =
          error instanceof JobLockedError ? new RequestError(409, "job_running", error.message) : error;
        if (!events) throw failure;
        events.end("error", { error: redactedError(workspace, failure) });
      }
      return;
    }
  }
  const allowed = allowedMethods(parts);
  if (allowed)
    throw new RequestError(
      405,
      "method_not_allowed",
      `${request.method} is not allowed here; use ${allowed}`,
      {
        allow: allowed,
      },
    );
  throw new RequestError(
    404,
    "not_found",
    `no endpoint ${url.pathname}; the endpoints are POST /ask, POST /plan, GET /runs, GET /runs/<id>, GET /jobs, POST /jobs/<name>/run`,
  );
}

/** The methods a known path takes, when it is one. */
function allowedMethods(parts: string[]): string | undefined {
  const [first, , third] = parts;
  if (parts.length === 1 && (first === "ask" || first === "plan")) return "POST";
  if (first === "runs" && parts.length <= 2) return "GET";
  if (first === "jobs" && parts.length === 1) return "GET";
  if (first === "jobs" && parts.length === 3 && third === "run") return "POST";
  return undefined;
}

/** Reads a JSON body within MAX_BODY_BYTES; an empty body is undefined unless `required`. */
async function readJson(request: IncomingMessage, required: boolean): Promise<unknown> {
  const type = request.headers["content-type"] ?? "";
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    request.resume();
    throw tooLarge();
  }
  // Read by events, not by iteration: leaving an iteration early destroys the socket, and the
  // client would get a reset instead of the 413.
  const chunks = await new Promise<Buffer[]>((resolve, reject) => {
    const received: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        // The rest is read and dropped, so the answer reaches the client.
        request.removeAllListeners("data");
        request.resume();
        reject(tooLarge());
        return;
      }
      received.push(chunk);
    });
    request.once("end", () => resolve(received));
    request.once("error", reject);
  });
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") {
    if (!required) return undefined;
    throw new UsageError('the body is empty: send JSON such as {"question": "…"}');
  }
  if (!/^application\/json\b/i.test(type))
    throw new RequestError(
      415,
      "usage_error",
      `send the body as Content-Type: application/json, not ${type || "no type"}`,
    );
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`the body is not JSON: ${(error as Error).message}`);
  }
}

function tooLarge(): RequestError {
  return new RequestError(413, "usage_error", `the body is over ${MAX_BODY_BYTES / 1024} KB`);
}

function sendJson(
  response: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  if (response.headersSent || response.destroyed) return;
  const body = `${JSON.stringify(value, null, 2)}\n`;
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    ...headers,
  });
  response.end(body);
}

/**
 * An ask's reply, unless the ask was cancelled under it (the server stopping; a client gone hears
 * nothing either way): what a cancelled run holds is the part it had read, not an answer, and a
 * client must not print it as one. The run is recorded as interrupted in its folder.
 */
function answeredOrInterrupted<T extends { run_directory?: string | null }>(
  reply: T,
  signal: AbortSignal,
): T {
  if (!signal.aborted) return reply;
  const reason = signal.reason instanceof Error ? signal.reason.message : "cancelled";
  const run = reply.run_directory
    ? ` (run ${path.basename(reply.run_directory)}, recorded as interrupted)`
    : "";
  throw new RequestError(
    503,
    "interrupted",
    `the question was cancelled before it was answered: ${reason}${run}; ask again`,
  );
}

/** The error object (bin/error-object.ts) of what a request threw, redacted. */
function redactedError(workspace: Workspace, error: unknown): ErrorObject {
  if (error instanceof RequestError)
    return { kind: error.kind, message: workspace.redactor.text(error.message) };
  if (error instanceof z.ZodError)
    return {
      kind: "usage_error",
      message: `the body does not fit: ${error.issues.map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`).join("; ")}`,
      issues: error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
    };
  const object = errorObject(error);
  return workspace.redactor.value(
    object.kind === "internal_error" ? { kind: object.kind, message: object.message } : object,
  );
}

/** HTTP status of an error object's kind. */
function statusOf(error: unknown, object: ErrorObject): number {
  if (error instanceof RequestError) return error.status;
  switch (object.kind) {
    case "usage_error":
    case "plan_error":
    case "config_error":
      return 400;
    case "not_found":
      return 404;
    case "interrupted":
      return 503;
    default:
      return 500;
  }
}

function sendError(response: ServerResponse, workspace: Workspace, error: unknown): void {
  const object = redactedError(workspace, error);
  if (response.headersSent) {
    if (!response.writableEnded) response.end();
    return;
  }
  sendJson(
    response,
    statusOf(error, object),
    { error: object },
    error instanceof RequestError ? error.headers : {},
  );
}
