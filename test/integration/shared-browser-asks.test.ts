import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveBrowserExecutable } from "../../adapters/bi-dashboard/browser-executable.js";
import { chromiumDescendants } from "../../adapters/bi-dashboard/browser-manager.js";
import { readEndpoint, sharedBrowserPaths } from "../../adapters/bi-dashboard/shared-browser-files.js";
import { type BiPortal, startBiPortal } from "../../demo/bi-portal/bi-portal-server.js";
import { DEMO_AS_OF } from "../../demo/run-demo.js";
import type { Answer } from "../../models/answer.js";
import { CLI } from "../support/run-cli.js";

// Issue 17.7 with the built binary: three concurrent `ask` processes on one workspace use one
// browser server, answer as a lone `ask` does, and leave no Chromium once the idle time passed.
let portal: BiPortal;
const folder = mkdtempSync(path.join(tmpdir(), "triangulate-shared-asks-"));
const executablePath = resolveBrowserExecutable({ headless: true });
const QUESTION = "Return rate of product C in West China in February 2024";

beforeAll(async () => {
  portal = await startBiPortal({ port: 0 });
  cpSync("demo/workspace", folder, { recursive: true, filter: (source) => !source.includes(".triangulate") });
});

afterAll(async () => {
  await portal?.close();
  rmSync(folder, { recursive: true, force: true });
});

function ask(sharing: "1" | "0"): Promise<{ code: number | null; answer?: Answer; stderr: string }> {
  const child = spawn(
    process.execPath,
    [CLI, "ask", QUESTION, "--workspace", folder, "--json", "--as-of", DEMO_AS_OF],
    {
      env: {
        ...process.env,
        NO_COLOR: "1",
        TRIANGULATE_BI_URL: portal.url,
        TRIANGULATE_TICKETS_URL: "http://127.0.0.1:9",
        TRIANGULATE_SHARED_BROWSER: sharing,
        TRIANGULATE_BROWSER_IDLE_SECONDS: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) =>
    child.on("close", (code) => {
      let answer: Answer | undefined;
      try {
        answer = (JSON.parse(stdout) as { answer: Answer }).answer;
      } catch {
        // Reported by the assertion below.
      }
      resolve({ code, answer, stderr });
    }),
  );
}

const fingerprint = (answer?: Answer) =>
  answer ? `${answer.status}|${answer.numbers.map((each) => each.value).join(",")}` : "none";

describe("concurrent ask processes share the workspace's browser", () => {
  it("one server for three asks, the lone answer, nothing left after the idle time", async () => {
    const alone = await ask("0");
    expect(alone.code, alone.stderr).toBe(2);
    const paths = sharedBrowserPaths(path.join(folder, ".triangulate"), { executablePath, headless: true });
    const servers = new Set<number>();
    const chromium = new Set<number>();
    const watch = setInterval(() => {
      const record = readEndpoint(paths.endpointFile);
      if (!record) return;
      servers.add(record.pid);
      for (const pid of chromiumDescendants(record.pid, executablePath)) chromium.add(pid);
    }, 100);
    const results = await Promise.all([ask("1"), ask("1"), ask("1")]);
    clearInterval(watch);
    for (const result of results) {
      expect(result.code, result.stderr).toBe(2);
      expect(fingerprint(result.answer)).toBe(fingerprint(alone.answer));
    }
    expect(servers.size).toBe(1);
    expect(chromium.size).toBeGreaterThan(0);
    const until = Date.now() + 20_000;
    const alive = () => [...servers, ...chromium].filter((pid) => existsSync(`/proc/${pid}`));
    while (alive().length > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(alive()).toEqual([]);
    expect(readEndpoint(paths.endpointFile)).toBeUndefined();
    expect(existsSync(paths.usersDirectory) ? readdirSync(paths.usersDirectory) : []).toEqual([]);
  }, 240_000);
});
