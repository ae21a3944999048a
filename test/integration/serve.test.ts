import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_AS_OF, type DemoEnvironment, FLAGSHIP_QUESTIONS, startDemo } from "../../demo/run-demo.js";
import { runCli } from "../support/run-cli.js";
import { TemporaryFolders } from "../support/temporary-workspace.js";

// `triangulate serve` as a client sees it: real HTTP on loopback against the demo workspace (the
// real BI portal in real Chromium, the Jira-format ticket server, the demo PDFs in LanceDB).
// Expected facts: demo/FACTS.md.
const TRIANGULATE = path.resolve("bin/triangulate.ts");
const folders = new TemporaryFolders();
let demo: DemoEnvironment;
let server: RunningServe;

function question(id: string): string {
  return FLAGSHIP_QUESTIONS.find((entry) => entry.id === id)!.question;
}

interface RunningServe {
  url: string;
  child: ChildProcess;
  /** Everything the server wrote on stderr so far (one line per request). */
  log(): string;
  stop(): Promise<number | null>;
}

/** Starts `triangulate serve --port 0 --json` and reads its address; rejects with its error output. */
function startServe(args: string[]): Promise<RunningServe> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", TRIANGULATE, "serve", "-w", demo.directory, "--port", "0", "--json", ...args],
    { env: { ...process.env, ...demo.environment, NO_COLOR: "1" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stdout = "";
  let stderr = "";
  child.stderr?.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk) => {
      stdout += chunk;
      try {
        const value = JSON.parse(stdout) as { url?: string };
        if (value.url)
          resolve({
            url: value.url.replace("0.0.0.0", "127.0.0.1"),
            child,
            log: () => stderr,
            stop: () => {
              child.kill("SIGTERM");
              return exited;
            },
          });
      } catch {
        // Not all of it yet.
      }
    });
    void exited.then((code) =>
      reject(Object.assign(new Error(`serve exited ${code}`), { code, stdout, stderr })),
    );
  });
}

async function postJson(pathname: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, any>,
  };
}

interface ServerSentEvent {
  event: string;
  data: any;
}

/** Reads an event stream to its end (or until `stopWhen` says so, then cancels the request). */
async function readEvents(
  response: Response,
  stopWhen: (events: ServerSentEvent[]) => boolean = () => false,
): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return events;
    buffer += value;
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data !== undefined) events.push({ event, data: JSON.parse(data) });
      end = buffer.indexOf("\n\n");
    }
    if (stopWhen(events)) {
      await reader.cancel();
      return events;
    }
  }
}

beforeAll(async () => {
  demo = await startDemo();
  server = await startServe([]);
}, 240_000);

afterAll(async () => {
  const code = await server?.stop();
  await demo?.close();
  folders.cleanup();
  // SIGTERM is a clean stop: the requests in flight cancelled, the adapters closed, exit 0.
  expect(code).toBe(0);
});

describe("triangulate serve on loopback", () => {
  it("answers POST /ask with the JSON of ask --json", async () => {
    const { status, body } = await postJson("/ask", { question: question("q6"), as_of: DEMO_AS_OF });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(
      [
        "answer",
        "exit_code",
        "plan",
        "run_directory",
        "sub_questions",
        "trace",
        "understanding",
        "warnings",
      ].sort(),
    );
    // As `ask` answers it (test/integration/flagship.test.ts): February has no data, so the
    // answer is partial with the gap said and the neighbouring months as context; exit code 2.
    expect(body.answer.status).toBe("partial");
    expect(body.exit_code).toBe(2);
    expect(body.answer.text).toContain("no data for 2024-02; used the enclosing quarter 2024-Q1");
    expect(body.answer.text).toMatch(/C · West · 2024-01: 4\.5% \[1\]/);
    expect(body.run_directory).toContain(path.join(".triangulate", "runs"));
  }, 180_000);

  it("streams progress as server-sent events, then the result, with no secret in any of them", async () => {
    const response = await fetch(`${server.url}/ask`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ question: question("q1-en"), as_of: DEMO_AS_OF }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = await readEvents(response);
    const progress = events.filter((event) => event.event === "progress");
    expect(progress.length).toBeGreaterThan(5);
    expect(events.at(-1)?.event).toBe("result");
    // Progress comes before the result, as it happens: fetch events among them.
    expect(progress.some((event) => /fetch/i.test(event.data.line))).toBe(true);
    const result = events.at(-1)!.data;
    expect(["answered", "partial"]).toContain(result.answer.status);
    // The demo's ticket token and portal password (their ${VAR:-default}s): the redactor's secrets.
    const secrets = demo.workspace.redactor.secretValues();
    expect(secrets.length).toBeGreaterThan(0);
    const streamed = JSON.stringify(events);
    for (const secret of secrets) expect(streamed).not.toContain(secret);
  }, 180_000);

  it("plans with POST /plan as plan --json does", async () => {
    const { status, body } = await postJson("/plan", { question: question("q6"), as_of: DEMO_AS_OF });
    expect(status).toBe(200);
    expect(body.sub_goals.length).toBeGreaterThan(0);
    expect(body.as_of).toBe(DEMO_AS_OF);
    expect(body.understanding).toBeDefined();
  }, 60_000);

  it("lists runs and shows one; an unknown run is a 404 not_found", async () => {
    const list = await fetch(`${server.url}/runs?limit=5`);
    expect(list.status).toBe(200);
    const { runs } = (await list.json()) as { runs: { run_id: string; question: string }[] };
    expect(runs.length).toBeGreaterThanOrEqual(2);
    const asked = runs.find((run) => run.question === question("q6"))!;
    expect(asked).toBeDefined();
    const shown = (await (await fetch(`${server.url}/runs/${asked.run_id}`)).json()) as Record<string, any>;
    expect(shown.run_id).toBe(asked.run_id);
    expect(shown.answer.status).toBe("partial");
    expect(shown.steps.length).toBeGreaterThan(0);
    const missing = await fetch(`${server.url}/runs/no-such-run`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as any).error.kind).toBe("not_found");
    const badLimit = await fetch(`${server.url}/runs?limit=0`);
    expect(badLimit.status).toBe(400);
  }, 30_000);

  it("lists the workspace's jobs and runs one; an unknown job is a 404", async () => {
    const { jobs } = (await (await fetch(`${server.url}/jobs`)).json()) as { jobs: { name: string }[] };
    expect(jobs.map((job) => job.name)).toEqual(
      expect.arrayContaining(["lumen-weekly", "returns-exports-monthly", "returns-questions-monthly"]),
    );
    const missing = await postJson("/jobs/no-such-job/run", {});
    expect(missing.status).toBe(404);
    expect(missing.body.error.kind).toBe("not_found");
    const run = await postJson("/jobs/returns-exports-monthly/run", { as_of: DEMO_AS_OF });
    expect(run.status).toBe(200);
    expect(run.body.job).toBeDefined();
    expect(run.body.questions.length).toBeGreaterThan(0);
    expect(typeof run.body.exit_code).toBe("number");
  }, 180_000);

  it("refuses bad requests with the typed error object and the right status", async () => {
    const notJson = await postJson("/ask", "{question: nope");
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.kind).toBe("usage_error");
    expect(notJson.body.error.message).toMatch(/^the body is not JSON: /);

    const unknownField = await postJson("/ask", { question: "hi", asof: "2024-01-01" });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.error.message).toMatch(/asof/);
    const badDate = await postJson("/plan", { question: "hi", as_of: "2024-02-30" });
    expect(badDate.status).toBe(400);
    expect(badDate.body.error.issues[0].path).toBe("as_of");
    const empty = await postJson("/ask", { question: "   " });
    expect(empty.status).toBe(400);

    const huge = await postJson("/ask", { question: "x".repeat(100 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body.error.kind).toBe("usage_error");

    const wrongType = await fetch(`${server.url}/ask`, { method: "POST", body: '{"question":"hi"}' });
    expect(wrongType.status).toBe(415);

    const wrongMethod = await fetch(`${server.url}/ask`);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("POST");
    const badPath = await fetch(`${server.url}/runs/%E0%A4%A`);
    expect(badPath.status).toBe(400);
    const nowhere = await fetch(`${server.url}/nowhere`);
    expect(nowhere.status).toBe(404);
    expect(((await nowhere.json()) as any).error.kind).toBe("not_found");

    // A page of another site pointing its name at 127.0.0.1 sends that name as Host: refused.
    const rebound = await new Promise<number>((resolve, reject) => {
      import("node:http").then(({ request }) => {
        const outgoing = request(
          `${server.url}/runs`,
          { headers: { host: "attacker.example:80" } },
          (reply) => {
            reply.resume();
            resolve(reply.statusCode ?? 0);
          },
        );
        outgoing.on("error", reject);
        outgoing.end();
      }, reject);
    });
    expect(rebound).toBe(403);
  }, 30_000);

  it("cancels the ask when the client disconnects, and keeps serving", async () => {
    // The ticket server stops answering, so the ask would wait for its step timeouts and retries.
    demo.tickets.setFaults({ hang: { times: 1000 } });
    try {
      const controller = new AbortController();
      const response = await fetch(`${server.url}/ask`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream" },
        body: JSON.stringify({ question: question("q1-en"), as_of: DEMO_AS_OF }),
        signal: controller.signal,
      });
      // Gone once the fetching has begun.
      const events = await readEvents(response, (seen) =>
        seen.some((event) => /fetch/i.test(event.data.line)),
      );
      expect(events.every((event) => event.event === "progress")).toBe(true);
      controller.abort();
      const disconnected = Date.now();
      // The server's line for the request comes when the ask has unwound: cancelled, not finished.
      await expect
        .poll(() => /POST \/ask 200 \d+ ms \(client went away\)/.test(server.log()), {
          timeout: 15_000,
          interval: 200,
        })
        .toBe(true);
      expect(Date.now() - disconnected).toBeLessThan(15_000);
    } finally {
      demo.tickets.setFaults({});
    }
    const after = await postJson("/plan", { question: question("q6"), as_of: DEMO_AS_OF });
    expect(after.status).toBe(200);
    // The cancelled ask's run is recorded, its interrupted steps so marked.
    const { runs } = (await (await fetch(`${server.url}/runs?limit=1`)).json()) as {
      runs: { question: string; goals: { status: string; error_kind?: string }[] }[];
    };
    expect(runs[0]?.question).toBe(question("q1-en"));
    expect(runs[0]?.goals.some((goal) => goal.error_kind === "interrupted")).toBe(true);
  }, 120_000);
});

describe("triangulate serve off loopback", () => {
  it("refuses to listen on a non-loopback address without a bearer token", async () => {
    const failed = await startServe(["--host", "0.0.0.0"]).then(
      (running) => {
        void running.stop();
        throw new Error("it started");
      },
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed.code).toBe(1);
    const { error } = JSON.parse(failed.stdout) as { error: { kind: string; message: string } };
    expect(error.kind).toBe("usage_error");
    expect(error.message).toMatch(/refusing to listen on 0\.0\.0\.0 without a bearer token/);
  }, 60_000);

  it("with a token, every request needs Authorization: Bearer <token>", async () => {
    const tokenFile = path.join(folders.make(), "token");
    const token = "3f9c1a7e5b2d4c6f8a0b1c2d3e4f5a6b";
    writeFileSync(tokenFile, `${token}\n`);
    const guarded = await startServe(["--host", "0.0.0.0", "--token-file", tokenFile]);
    try {
      const none = await fetch(`${guarded.url}/runs`);
      expect(none.status).toBe(401);
      expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(((await none.json()) as any).error.kind).toBe("unauthorized");
      const wrong = await fetch(`${guarded.url}/runs`, {
        headers: { authorization: `Bearer ${token.slice(0, -1)}0` },
      });
      expect(wrong.status).toBe(401);
      const right = await fetch(`${guarded.url}/runs`, { headers: { authorization: `Bearer ${token}` } });
      expect(right.status).toBe(200);
      // Not even a bad body is read without the token.
      const unread = await fetch(`${guarded.url}/ask`, { method: "POST", body: "{" });
      expect(unread.status).toBe(401);
      expect(guarded.log()).not.toContain(token);
    } finally {
      expect(await guarded.stop()).toBe(0);
    }
  }, 60_000);
});

// Issue 27: a cancelled `ask --server` prints no answer (exit 1), and the server records the run as
// interrupted, whether the client was interrupted or the server went away. Real `serve`, real
// `ask --server` child processes (the built CLI).
describe("a cancelled ask --server", () => {
  const ask = (url: string, extra: string[], options: Parameters<typeof runCli>[1] = {}) =>
    runCli(["ask", question("q1-en"), "--server", url, "--as-of", DEMO_AS_OF, ...extra], {
      env: demo.environment,
      timeoutMs: 120_000,
      ...options,
    });
  /** The newest run of the workspace as `runs list --json` shows it. */
  const newestRun = async () => {
    const listed = await runCli(["runs", "list", "-w", demo.directory, "--limit", "1", "--json"], {
      env: demo.environment,
    });
    return (JSON.parse(listed.stdout) as { question: string; status: string }[])[0];
  };

  it("on Ctrl-C prints no answer, exits 1, and the server records the run interrupted", async () => {
    // The ticket server stops answering: the question waits for its ticket steps when interrupted.
    demo.tickets.setFaults({ hang: { times: 1000 } });
    try {
      for (const json of [true, false]) {
        const result = await ask(server.url, json ? ["--json"] : [], { interruptAfterMs: 5_000 });
        expect(result.code).toBe(1);
        if (json)
          expect(JSON.parse(result.stdout)).toEqual({
            error: { kind: "interrupted", message: expect.stringMatching(/^interrupted \(Ctrl-C\)/) },
          });
        else expect(result.stdout).toBe("");
        expect(result.stderr).toMatch(
          /^error: interrupted \(Ctrl-C\): the question was cancelled on the server\n/,
        );
        await expect
          .poll(async () => (await newestRun())?.status, { timeout: 30_000, interval: 500 })
          .toBe("interrupted");
      }
    } finally {
      demo.tickets.setFaults({});
    }
  }, 300_000);

  it("prints no answer when the server stops under it (SIGTERM), and the run is recorded interrupted", async () => {
    const stopping = await startServe([]);
    demo.tickets.setFaults({ hang: { times: 1000 } });
    try {
      const asked = ask(stopping.url, ["--json"]);
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      const code = await stopping.stop();
      const result = await asked;
      expect(code).toBe(0);
      expect(result.code).toBe(1);
      // Before: the cancelled run's gaps printed as an "unanswerable" answer, exit 2.
      const { error } = JSON.parse(result.stdout) as { error: { kind: string; message: string } };
      expect(error.kind).toBe("interrupted");
      expect(error.message).toMatch(
        /^the question was cancelled before it was answered: the server is stopping \(run \S+, recorded as interrupted\); ask again$/,
      );
      expect(result.stdout).not.toMatch(/"answer"/);
      const run = await newestRun();
      expect(run?.question).toBe(question("q1-en"));
      expect(run?.status).toBe("interrupted");
    } finally {
      demo.tickets.setFaults({});
      if (stopping.child.exitCode === null) await stopping.stop();
    }
  }, 180_000);

  it("says the server went away when it is killed under the stream (exit 1, no answer)", async () => {
    const killed = await startServe([]);
    demo.tickets.setFaults({ hang: { times: 1000 } });
    try {
      const asked = ask(killed.url, ["--json"]);
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      killed.child.kill("SIGKILL");
      const result = await asked;
      expect(result.code).toBe(1);
      const { error } = JSON.parse(result.stdout) as { error: { kind: string; message: string } };
      expect(error.kind).toBe("server_unreachable");
      // Before: `{"kind": "internal_error", "message": "aborted"}`.
      expect(error.message).toMatch(/closed the event stream before the answer/);
    } finally {
      demo.tickets.setFaults({});
    }
  }, 180_000);
});
