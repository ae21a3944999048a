/**
 * Issue 27 (the light HTTP client and `serve` in front of the workers), against a REAL Redis
 * (`.ci/start-redis`), the demo BI portal in real Chromium and the demo ticket server, with the
 * built CLI in separate processes: `triangulate serve --queue` answers POST /ask on a warm
 * `triangulate worker`, and `ask --server` prints what a local `ask` prints (the JSON, the text, the
 * exit code); the server's refusals and an unreachable server come back as the CLI's failures.
 * Without Redis the tests are skipped with the reason; with TRIANGULATE_REQUIRE_REDIS=1 (set by
 * .ci/run) a missing Redis fails.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BiPortal, startBiPortal } from "../../demo/bi-portal/bi-portal-server.js";
import { DEMO_AS_OF, FLAGSHIP_QUESTIONS } from "../../demo/run-demo.js";
import { type RunningTicketServer, startTicketServer } from "../../demo/ticket-server/ticket-server.js";
import { findRealRedis, scratchPrefix } from "../support/real-redis.js";
import { CLI, runCli } from "../support/run-cli.js";

const found = await findRealRedis();
const missing = "reason" in found ? found.reason : undefined;
if (missing) console.warn(`serve-queue.test.ts skipped: ${missing}`);

if (missing) {
  describe("a real Redis", () => {
    it.runIf(process.env.TRIANGULATE_REQUIRE_REDIS === "1")("must run in CI", () => {
      throw new Error(`TRIANGULATE_REQUIRE_REDIS=1 but ${missing}`);
    });
    it.skip(`is not running here: ${missing}`, () => {});
  });
}

const QUESTION = "Return rate of product C in West China in February 2024";
const TOKEN = "serve-queue-test-token-0123456789";

/** The ask JSON without what differs between any two runs (timings, the run folder). */
function comparable(stdout: string) {
  const result = JSON.parse(stdout) as Record<string, unknown> & { understanding: Record<string, unknown> };
  const { run_directory: _folder, trace: _trace, ...rest } = result;
  const { elapsed_ms: _elapsed, ...understanding } = result.understanding;
  return { ...rest, understanding };
}

/** A person's answer without the line naming the run folder (each run has its own). */
const withoutRunFolder = (text: string) =>
  text
    .split("\n")
    .filter((line) => !line.includes(".triangulate/runs/"))
    .join("\n");

describe.skipIf(missing !== undefined)("`ask --server` through `serve --queue` and a warm worker", () => {
  const url = "url" in found ? found.url : "";
  const prefix = scratchPrefix("serve");
  let portal: BiPortal;
  let tickets: RunningTicketServer;
  let root: string;
  let tokenFile: string;
  let environment: NodeJS.ProcessEnv;
  let serverUrl = "";
  const children: ChildProcess[] = [];
  /** Each started process's stderr so far, by command (`worker`, `serve`). */
  const logs: Record<string, string> = {};

  /** Starts a CLI process and resolves once a line of its output matches. */
  function start(args: string[], stream: "stdout" | "stderr", ready: RegExp): Promise<string> {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, NO_COLOR: "1", ...environment, TRIANGULATE_QUEUE_PREFIX: prefix },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    logs[args[0]] = "";
    child.stderr.on("data", (chunk: Buffer) => {
      logs[args[0]] += chunk.toString();
    });
    return new Promise((resolve, reject) => {
      let text = "";
      child[stream].on("data", (chunk: Buffer) => {
        text += chunk.toString();
        const match = ready.exec(text);
        if (match) resolve(match[1] ?? match[0]);
      });
      child.once("close", (code) => reject(new Error(`${args[0]} ended (exit ${code}) before it was ready`)));
    });
  }

  beforeAll(async () => {
    portal = await startBiPortal({ port: 0 });
    tickets = await startTicketServer({ port: 0 });
    root = mkdtempSync(path.join(tmpdir(), "triangulate-serve-queue-"));
    for (const entry of ["triangulate.yaml", "data"])
      cpSync(path.resolve("demo/workspace", entry), path.join(root, entry), { recursive: true });
    tokenFile = path.join(root, "token");
    writeFileSync(tokenFile, `${TOKEN}\n`);
    environment = { TRIANGULATE_BI_URL: portal.url, TRIANGULATE_TICKETS_URL: tickets.url };
    await start(["worker", "--queue", url, "--workspace", root, "--json"], "stderr", /"worker-started"/);
    serverUrl = await start(
      ["serve", "--queue", url, "--workspace", root, "--port", "0", "--token-file", tokenFile, "--json"],
      "stdout",
      /"url":\s*"([^"]+)"/,
    );
  }, 180_000);

  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once("close", () => resolve());
            child.kill("SIGTERM");
          }),
      ),
    );
    await portal?.close();
    await tickets?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("prints what a local ask prints, as JSON and as text, with its exit code", async () => {
    const options = ["--as-of", DEMO_AS_OF];
    const server = ["--server", serverUrl, "--token-file", tokenFile];
    const local = await runCli(["ask", QUESTION, "--workspace", root, ...options, "--json"], {
      env: environment,
      timeoutMs: 180_000,
    });
    expect(local.code, local.stderr).toBe(2);
    const remote = await runCli(["ask", QUESTION, ...server, ...options, "--json"], { timeoutMs: 180_000 });
    expect(remote.code, remote.stderr).toBe(local.code);
    expect(comparable(remote.stdout)).toEqual(comparable(local.stdout));
    // The worker answered it: its run folder is in the workspace the worker loaded.
    expect((JSON.parse(remote.stdout) as { run_directory: string }).run_directory).toContain(root);

    const localText = await runCli(["ask", QUESTION, "--workspace", root, ...options], {
      env: environment,
      timeoutMs: 180_000,
    });
    // The token from the environment this time.
    const remoteText = await runCli(["ask", QUESTION, "--server", serverUrl, ...options], {
      env: { TRIANGULATE_TOKEN: TOKEN },
      timeoutMs: 180_000,
    });
    expect(remoteText.code).toBe(localText.code);
    expect(withoutRunFolder(remoteText.stdout)).toBe(withoutRunFolder(localText.stdout));
    expect(remoteText.stdout).toContain("Return rate");
  }, 600_000);

  it("streams the worker and its trace as server-sent progress, then the answer", async () => {
    const response = await fetch(`${serverUrl}/ask`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "text/event-stream",
        authorization: `Bearer ${TOKEN}`,
      },
      body: JSON.stringify({ question: QUESTION, as_of: DEMO_AS_OF }),
    });
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const text = await response.text();
    const events = text
      .split("\n\n")
      .filter((block) => block.startsWith("event:"))
      .map((block) => ({
        event: /^event: (\S+)/.exec(block)?.[1],
        data: JSON.parse(/\ndata: (.*)/.exec(block)?.[1] ?? "null") as { line?: string; exit_code?: number },
      }));
    const lines = events.filter((each) => each.event === "progress").map((each) => each.data.line ?? "");
    expect(lines[0]).toMatch(/^worker:/);
    expect(lines.some((line) => line.startsWith("plan:"))).toBe(true);
    expect(events.at(-1)?.event).toBe("result");
    expect(events.at(-1)?.data.exit_code).toBe(2);
  }, 300_000);

  it("cancels the question on its worker when the client is interrupted (exit 1, kind interrupted)", async () => {
    // The ticket server stops answering: the question's ticket step waits for its timeout.
    tickets.setFaults({ hang: { times: 1000 } });
    try {
      const interrupted = await runCli(
        [
          "ask",
          FLAGSHIP_QUESTIONS.find((entry) => entry.id === "q1-en")?.question ?? "",
          "--server",
          serverUrl,
          "--token-file",
          tokenFile,
          "--as-of",
          DEMO_AS_OF,
          "--json",
        ],
        { timeoutMs: 120_000, interruptAfterMs: 5_000 },
      );
      expect(interrupted.code).toBe(1);
      expect((JSON.parse(interrupted.stdout) as { error: { kind: string } }).error.kind).toBe("interrupted");
      // The connection closed, the server cancelled the job, the worker stopped it.
      await expect.poll(() => /"job-cancel"/.test(logs.worker ?? ""), { timeout: 30_000 }).toBe(true);
      await expect
        .poll(() => /POST \/ask 200 \d+ ms \(client went away\)/.test(logs.serve ?? ""), { timeout: 30_000 })
        .toBe(true);
    } finally {
      tickets.setFaults({});
    }
  }, 240_000);

  it("says the server's refusal and an unreachable server as the CLI's failures (exit 1, --json error)", async () => {
    const refused = await runCli(
      ["ask", QUESTION, "--server", serverUrl, "--as-of", DEMO_AS_OF, "--json"],
      // No token: the server refuses before reading the question.
      { env: { TRIANGULATE_TOKEN: "" }, timeoutMs: 60_000 },
    );
    expect(refused.code).toBe(1);
    // The server's own error object, as it sent it (its redactor hides what follows "Bearer").
    const { error } = JSON.parse(refused.stdout) as { error: { kind: string; message: string } };
    expect(error.kind).toBe("unauthorized");
    expect(error.message).toMatch(/^this server needs Authorization: Bearer /);
    expect(refused.stderr).toBe(`error: ${error.message}\n`);

    const down = await runCli(["ask", QUESTION, "--server", "http://127.0.0.1:1", "--json"], {
      timeoutMs: 60_000,
    });
    expect(down.code).toBe(1);
    expect((JSON.parse(down.stdout) as { error: { kind: string; message: string } }).error).toMatchObject({
      kind: "server_unreachable",
      message: "triangulate serve at http://127.0.0.1:1 could not be reached (ECONNREFUSED)",
    });
  }, 120_000);
});
