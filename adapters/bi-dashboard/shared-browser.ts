import { spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { acquireLockFile, isProcessAlive } from "../../domain/lock-file.js";
import { chromium } from "./playwright.js";
import {
  type EndpointRecord,
  readEndpoint,
  registerUser,
  type ServerOptions,
  type SharedBrowserPaths,
  sharedBrowserPaths,
  unregisterUser,
} from "./shared-browser-files.js";

/** How long an idle shared browser waits for another user before it closes (seconds). */
export const DEFAULT_IDLE_SECONDS = 15;
/** How long a process waits for a browser server being started (by it or another process). */
const START_WAIT_MS = 20_000;
const CONNECT_TIMEOUT_MS = 10_000;

/** Whether concurrent processes share one browser: on unless TRIANGULATE_SHARED_BROWSER=0/false/off. */
export function browserSharingEnabled(environment: NodeJS.ProcessEnv = process.env): boolean {
  const value = environment.TRIANGULATE_SHARED_BROWSER?.trim().toLowerCase();
  return !(value === "0" || value === "false" || value === "off" || value === "no");
}

export function idleMilliseconds(environment: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(environment.TRIANGULATE_BROWSER_IDLE_SECONDS);
  return (Number.isFinite(seconds) && seconds >= 0 ? seconds : DEFAULT_IDLE_SECONDS) * 1000;
}

/** This process's registrations, removed at exit (nothing async runs then). */
const registered = new Set<string>();
let exitHookInstalled = false;
function rememberUser(usersDirectory: string): void {
  registerUser(usersDirectory);
  registered.add(usersDirectory);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once("exit", () => {
      for (const each of registered) unregisterUser(each);
    });
  }
}
function forgetUser(usersDirectory: string): void {
  registered.delete(usersDirectory);
  unregisterUser(usersDirectory);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The command that runs browser-server: the built .js, or the .ts source through tsx (tests). */
function serverCommand(): { command: string; args: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith(".ts")) {
    return {
      command: process.execPath,
      // Resolved here: the server runs in the state folder, where `tsx` alone would not be found.
      args: [
        "--import",
        import.meta.resolve("tsx"),
        here.replace(/shared-browser\.ts$/, "browser-server.ts"),
      ],
    };
  }
  return { command: process.execPath, args: [here.replace(/shared-browser\.js$/, "browser-server.js")] };
}

/** Browser servers this process started: its children until it ends, but not its browsers to kill. */
export const startedServerPids = new Set<number>();

function startServer(
  paths: SharedBrowserPaths,
  executablePath: string,
  headless: boolean,
): number | undefined {
  const options: ServerOptions = {
    executablePath,
    headless,
    endpointFile: paths.endpointFile,
    usersDirectory: paths.usersDirectory,
    logFile: paths.logFile,
    idleMs: idleMilliseconds(),
  };
  const { command, args } = serverCommand();
  // Detached: its own process group and session, so a Ctrl-C in the terminal of the `ask` that
  // started it does not reach it, and it outlives that `ask` for the others.
  const child = spawn(command, [...args, JSON.stringify(options)], {
    detached: true,
    stdio: "ignore",
    cwd: paths.directory,
  });
  child.on("error", () => undefined);
  child.unref();
  if (child.pid !== undefined) startedServerPids.add(child.pid);
  return child.pid;
}

/** Waits for a live endpoint; gives up when `alive()` turns false or after START_WAIT_MS. */
async function waitForEndpoint(file: string, alive: () => boolean): Promise<EndpointRecord | undefined> {
  const until = Date.now() + START_WAIT_MS;
  while (Date.now() < until) {
    const record = readEndpoint(file);
    if (record && isProcessAlive(record.pid)) return record;
    if (!alive()) return undefined;
    await sleep(50);
  }
  return undefined;
}

/** A browser connected to the workspace's shared server, and how to let go of it. */
export interface SharedConnection {
  browser: Browser;
  /** The server process. */
  serverPid: number;
  release(): void;
}

/**
 * Connects to the workspace's shared browser, starting the server when none runs (one starter at
 * a time, under a lock; a stale endpoint whose process has ended is replaced). Undefined when
 * that fails for any reason: the caller launches its own browser instead.
 */
export async function connectSharedBrowser(
  stateDirectory: string,
  executablePath: string,
  headless: boolean,
): Promise<SharedConnection | undefined> {
  const paths = sharedBrowserPaths(stateDirectory, { executablePath, headless });
  try {
    mkdirSync(paths.directory, { recursive: true });
    rememberUser(paths.usersDirectory);
  } catch {
    return undefined;
  }
  try {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const record = await findOrStart(paths, executablePath, headless);
      if (!record) break;
      try {
        const browser = await chromium.connect(record.ws_endpoint, { timeout: CONNECT_TIMEOUT_MS });
        return {
          browser,
          serverPid: record.pid,
          release: () => forgetUser(paths.usersDirectory),
        };
      } catch {
        // The server was closing or hung: try once more with whatever is published then.
        if (readEndpoint(paths.endpointFile)?.pid === record.pid && !isProcessAlive(record.pid))
          rmSync(paths.endpointFile, { force: true });
      }
    }
  } catch {
    // Any other trouble (a read-only state folder, …): fall back.
  }
  forgetUser(paths.usersDirectory);
  return undefined;
}

async function findOrStart(
  paths: SharedBrowserPaths,
  executablePath: string,
  headless: boolean,
): Promise<EndpointRecord | undefined> {
  const published = readEndpoint(paths.endpointFile);
  if (published && isProcessAlive(published.pid)) return published;
  let releaseLock: (() => void) | undefined;
  try {
    releaseLock = acquireLockFile(paths.lockFile, () => new Error("held"));
  } catch {
    // Another process is starting the server: wait for what it publishes (or for its lock to go).
    return waitForEndpoint(paths.endpointFile, () => existsSync(paths.lockFile));
  }
  try {
    // Published while we took the lock?
    const again = readEndpoint(paths.endpointFile);
    if (again && isProcessAlive(again.pid)) return again;
    if (again) rmSync(paths.endpointFile, { force: true }); // stale: its process has ended
    const pid = startServer(paths, executablePath, headless);
    if (pid === undefined) return undefined;
    return await waitForEndpoint(paths.endpointFile, () => isProcessAlive(pid));
  } finally {
    releaseLock();
  }
}
