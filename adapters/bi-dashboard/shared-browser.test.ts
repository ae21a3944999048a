import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BiPortal, startBiPortal } from "../../demo/bi-portal/bi-portal-server.js";
import {
  processesGone,
  removeTemporaryDirectories,
  TEST_WORKSPACE_YAML,
  temporaryDirectory,
} from "../../test/support/bi-dashboard/bi-test-workspace.js";
import { resolveBrowserExecutable } from "./browser-executable.js";
import { chromiumDescendants } from "./browser-manager.js";
import { readEndpoint, sharedBrowserPaths } from "./shared-browser-files.js";

// Real processes with a real Chromium: concurrent users of one workspace share one browser
// server, which closes (with every Chromium process) once the last one is gone and it was idle.
let portal: BiPortal;
const executablePath = resolveBrowserExecutable({ headless: true });

beforeAll(async () => {
  portal = await startBiPortal({ port: 0, dataDelayMs: 50 });
});

afterAll(async () => {
  await portal.close();
  removeTemporaryDirectories();
});

interface ChildReport {
  serverPid: number | null;
  ownPids: number[];
  rows: number;
}

function workspaceDirectory(): string {
  const directory = temporaryDirectory("triangulate-shared-");
  writeFileSync(path.join(directory, "triangulate.yaml"), TEST_WORKSPACE_YAML);
  return directory;
}

/** Runs one child; resolves with its report once it printed it, and with its exit. */
function runChild(
  directory: string,
  holdMs: number,
  environment: Record<string, string> = {},
): { report: Promise<ChildReport>; exited: Promise<number | null> } {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join(import.meta.dirname, "../../test/support/bi-dashboard/shared-browser-child.ts"),
      directory,
      portal.url,
      String(holdMs),
    ],
    {
      stdio: ["ignore", "pipe", "inherit"],
      env: {
        ...process.env,
        TRIANGULATE_SHARED_BROWSER: "1",
        TRIANGULATE_BROWSER_IDLE_SECONDS: "1",
        ...environment,
      },
    },
  );
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const report = new Promise<ChildReport>((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const line = output.split("\n").find((each) => each.startsWith("{"));
      if (line) resolve(JSON.parse(line) as ChildReport);
    });
    void exited.then((code) => reject(new Error(`child exited (${code}) before reporting: ${output}`)));
  });
  return { report, exited };
}

describe("shared browser", () => {
  it("four concurrent processes use one server and one Chromium; it closes after the last, idle", async () => {
    const directory = workspaceDirectory();
    const children = Array.from({ length: 4 }, () => runChild(directory, 1_500));
    const reports = await Promise.all(children.map((each) => each.report));
    const serverPid = reports[0].serverPid;
    expect(serverPid).toBeGreaterThan(0);
    for (const report of reports) {
      expect(report.serverPid).toBe(serverPid);
      expect(report.ownPids).toEqual([]);
      expect(report.rows).toBeGreaterThan(0);
    }
    // One Chromium: its processes are all below the server, and exactly one is the browser itself.
    const chromiumPids = chromiumDescendants(serverPid as number, executablePath);
    expect(chromiumPids.length).toBeGreaterThan(0);
    expect(await Promise.all(children.map((each) => each.exited))).toEqual([0, 0, 0, 0]);
    const paths = sharedBrowserPaths(path.join(directory, ".triangulate"), {
      executablePath,
      headless: true,
    });
    // Gone after the idle second (and the time to close Chromium), files with it.
    const gone = await waitUntil(() => !existsSync(`/proc/${serverPid}`), 15_000);
    expect(gone).toBe(true);
    expect(await processesGone(chromiumPids)).toBe(true);
    expect(readEndpoint(paths.endpointFile)).toBeUndefined();
    expect(existsSync(paths.usersDirectory) ? readdirSync(paths.usersDirectory) : []).toEqual([]);
  });

  it("replaces a stale endpoint (its process ended) with a new server", async () => {
    const directory = workspaceDirectory();
    const paths = sharedBrowserPaths(path.join(directory, ".triangulate"), {
      executablePath,
      headless: true,
    });
    mkdirSync(paths.directory, { recursive: true });
    const dead = spawn(process.execPath, ["-e", ""]);
    const deadPid = dead.pid as number;
    await new Promise((resolve) => dead.on("exit", resolve));
    writeFileSync(
      paths.endpointFile,
      JSON.stringify({
        pid: deadPid,
        browser_pid: deadPid,
        ws_endpoint: "ws://127.0.0.1:9/x",
        started_at: "",
      }),
    );
    const child = runChild(directory, 0);
    const report = await child.report;
    expect(report.serverPid).toBeGreaterThan(0);
    expect(report.serverPid).not.toBe(deadPid);
    expect(report.rows).toBeGreaterThan(0);
    expect(await child.exited).toBe(0);
    expect(await waitUntil(() => !existsSync(`/proc/${report.serverPid}`), 15_000)).toBe(true);
  });

  it("falls back to its own browser when the published server does not answer, and when sharing is off", async () => {
    const directory = workspaceDirectory();
    const paths = sharedBrowserPaths(path.join(directory, ".triangulate"), {
      executablePath,
      headless: true,
    });
    mkdirSync(paths.directory, { recursive: true });
    // A live pid (this test) with an endpoint where nothing listens.
    writeFileSync(
      paths.endpointFile,
      JSON.stringify({
        pid: process.pid,
        browser_pid: process.pid,
        ws_endpoint: "ws://127.0.0.1:9/x",
        started_at: "",
      }),
    );
    for (const environment of [{}, { TRIANGULATE_SHARED_BROWSER: "0" }] as Record<string, string>[]) {
      const child = runChild(directory, 0, environment);
      const report = await child.report;
      expect(report.serverPid).toBeNull();
      expect(report.ownPids.length).toBeGreaterThan(0);
      expect(report.rows).toBeGreaterThan(0);
      expect(await child.exited).toBe(0);
      expect(await processesGone(report.ownPids)).toBe(true);
    }
  });
});

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}
