import { readdirSync, readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { browserEndpoints } from "../../models/workspace.js";
import { resolveBrowserExecutable } from "./browser-executable.js";
import { chromium } from "./playwright.js";
import { connectRemoteBrowser } from "./remote-browser.js";
import {
  browserSharingEnabled,
  connectSharedBrowser,
  type SharedConnection,
  startedServerPids,
} from "./shared-browser.js";

/** How to launch the browser (the workspace's `browser` section). */
export interface BrowserLaunchSettings {
  /** Unset: see resolveBrowserExecutable. */
  executable_path?: string;
  headless: boolean;
  /** A remote browser server (Playwright's `launchServer`) to connect to instead of launching. */
  ws_endpoint?: string;
  /** A pool of remote browser servers; see connectRemoteBrowser. */
  ws_endpoints?: string[];
}

/**
 * Flags for a quiet, offline, headless Chromium: no background traffic, no sandbox (containers), no
 * QUIC, and one renderer process per site of a browser context (`--process-per-site`) instead of
 * one per page. A source's pages are all of its dashboard's site and its own context, so a warm
 * worker reading one source through four pages at once keeps one renderer, not four: measured with
 * 8 pages of the demo portal in 2 contexts, 2 renderers and 0.25 GB RSS against 8 and 0.84 GB, the
 * pages loading about a fifth slower (they share the renderer's main thread, which on a machine of
 * few cores they share anyway). Pages of other sites, and other sources' contexts, keep their own
 * renderers; a renderer that crashes fails the reads of its source under way, which are retried.
 * Kept after an A/B of two warm workers with and without it (20 asks + a report job, one run, the
 * same answers 20/20 both ways): renderers at the peak 12 → 8, the workers and their browser
 * 2.87 → 2.24 GB RSS and 7.0 → 4.4 CPU seconds, p95 9.0 → 8.0 s (docs/deployment.md).
 */
export const CHROMIUM_ARGUMENTS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  "--process-per-site",
];

/**
 * One Chromium per process, shared by every BI source of a run (and, when a report job holds it,
 * across questions). Users take a lease; the browser closes when the last lease is released.
 *
 * Given the workspace's state folder (and unless TRIANGULATE_SHARED_BROWSER=0), the browser is the
 * workspace's shared one (shared-browser.ts): concurrent processes connect to one Chromium, each
 * with its own contexts, and "closing" it only disconnects. When that cannot be had, this process
 * launches its own, as without a state folder.
 *
 * With `ws_endpoint(s)` the browser is a remote one (remote-browser.ts): nothing is launched or
 * shared through the state folder, closing disconnects (the server closes this process's
 * contexts), and a server that goes away is replaced by the next one of the pool on the next
 * acquire.
 */
export class BrowserManager {
  private browser: Promise<Browser> | undefined;
  private leases = 0;
  private closing: Promise<void> | undefined;
  private connection: SharedConnection | undefined;
  /** The endpoint of the remote browser server connected to (undefined: a local browser or none). */
  private remoteEndpoint: string | undefined;

  /** The binary this manager launches (explicit setting or the resolved default). */
  readonly executablePath: string;

  constructor(
    readonly settings: BrowserLaunchSettings,
    /** The workspace's state folder: share the browser with other processes of the workspace. */
    readonly stateDirectory?: string,
  ) {
    this.executablePath = resolveBrowserExecutable(settings);
  }

  /** The shared browser server's pid while connected to it (undefined: own browser or none). */
  get sharedServerPid(): number | undefined {
    return this.connection?.serverPid;
  }

  /** The remote browser server connected to now (undefined: a local browser, or none). */
  get connectedEndpoint(): string | undefined {
    return this.remoteEndpoint;
  }

  /** Takes a lease and returns the (possibly just launched) browser. Release it with release(). */
  async acquire(): Promise<Browser> {
    this.leases += 1;
    try {
      return await this.launched();
    } catch (error) {
      this.leases -= 1;
      throw error;
    }
  }

  /** Holds the browser open until the returned function is called: for report jobs asking many questions. */
  retain(): () => Promise<void> {
    this.leases += 1;
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      await this.release();
    };
  }

  /** Gives a lease back; the last one closes the browser. */
  async release(): Promise<void> {
    this.leases = Math.max(0, this.leases - 1);
    if (this.leases === 0) await this.close();
  }

  /** Whether a browser is running now. */
  get running(): boolean {
    return this.browser !== undefined;
  }

  /**
   * Process ids of this browser's processes (the browser and its renderers), read from /proc.
   * None while connected to the shared browser, which is not this process's to kill; and a shared
   * server this process started (a child until this process ends) is never counted.
   */
  processIds(): number[] {
    if (this.connection || this.remoteEndpoint !== undefined) return [];
    return chromiumDescendants(process.pid, this.executablePath, startedServerPids);
  }

  /** Closes the browser now, whatever the leases. */
  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    if (!browser) return this.closing;
    this.closing = (async () => {
      try {
        // A connected browser's close() closes this process's contexts and disconnects.
        await (await browser).close();
      } catch {
        // A browser that failed to launch or already died has nothing left to close.
      }
      this.connection?.release();
      this.connection = undefined;
      this.remoteEndpoint = undefined;
    })();
    await this.closing;
  }

  private launched(): Promise<Browser> {
    if (!this.browser) {
      const launching = (async () => {
        await this.closing;
        const endpoints = browserEndpoints(this.settings);
        if (endpoints.length > 0) {
          const remote = await connectRemoteBrowser(endpoints);
          this.remoteEndpoint = remote.endpoint;
          remote.browser.on("disconnected", () => {
            // The server went away (or closed): the next acquire connects again, to the next one.
            if (this.browser === launching) this.browser = undefined;
            if (this.remoteEndpoint === remote.endpoint) this.remoteEndpoint = undefined;
          });
          return remote.browser;
        }
        const shared =
          this.stateDirectory && browserSharingEnabled()
            ? await connectSharedBrowser(this.stateDirectory, this.executablePath, this.settings.headless)
            : undefined;
        if (shared) {
          this.connection = shared;
          shared.browser.on("disconnected", () => {
            if (this.browser === launching) this.browser = undefined;
            if (this.connection === shared) {
              shared.release();
              this.connection = undefined;
            }
          });
          return shared.browser;
        }
        const browser = await chromium.launch({
          executablePath: this.executablePath,
          headless: this.settings.headless,
          args: CHROMIUM_ARGUMENTS,
          // Not Playwright's signal handlers: they close the browser and exit 130 even when the
          // command handles the signal itself (Ctrl-C must let `report run` record "interrupted",
          // SIGTERM must leave the scheduler's running job its grace period). See installSafetyNet.
          handleSIGINT: false,
          handleSIGTERM: false,
          handleSIGHUP: false,
        });
        browser.on("disconnected", () => {
          if (this.browser === launching) this.browser = undefined;
        });
        return browser;
      })();
      this.browser = launching;
      launching.catch(() => {
        if (this.browser === launching) this.browser = undefined;
      });
    }
    return this.browser;
  }
}

const managers = new Map<string, BrowserManager>();
let safetyNetInstalled = false;

/**
 * The process-wide browser manager for these settings (one Chromium per process and settings).
 * With the workspace's state folder, the browser is shared with the workspace's other processes.
 */
export function sharedBrowserManager(
  settings: BrowserLaunchSettings,
  stateDirectory?: string,
): BrowserManager {
  const key = `${resolveBrowserExecutable(settings)}|${settings.headless}|${stateDirectory ?? ""}|${browserEndpoints(settings).join(" ")}`;
  let manager = managers.get(key);
  if (!manager) {
    manager = new BrowserManager(settings, stateDirectory);
    managers.set(key, manager);
  }
  if (!safetyNetInstalled) {
    safetyNetInstalled = true;
    installSafetyNet();
  }
  return manager;
}

/** Kills every Chromium process of every manager at once (nothing async can run at exit). */
function killAllBrowsers(): void {
  for (const each of managers.values()) {
    if (!each.running) continue;
    for (const pid of each.processIds()) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
  }
}

const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

/**
 * Last resort, so no Chromium outlives its process: on exit (a caller forgot close()), kill what
 * is left; on SIGINT/SIGTERM/SIGHUP that nothing else in the process handles (which would end the
 * process by default), kill the browsers and exit with 128 + the signal number. A signal the
 * command handles itself (abort, record, close) is left to it.
 */
function installSafetyNet(): void {
  process.once("exit", killAllBrowsers);
  for (const signal of Object.keys(SIGNAL_EXIT_CODES) as (keyof typeof SIGNAL_EXIT_CODES)[]) {
    // First in line, so the count still includes `once` listeners that remove themselves when called.
    process.prependListener(signal, () => {
      if (process.listenerCount(signal) > 1) return;
      killAllBrowsers();
      process.exit(SIGNAL_EXIT_CODES[signal]);
    });
  }
}

/** Pids of the processes below `rootPid` whose executable is `executablePath` (Linux /proc). */
export function chromiumDescendants(
  rootPid: number,
  executablePath: string,
  /** Processes whose subtrees are left out. */
  excludedRoots: ReadonlySet<number> = new Set(),
): number[] {
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const parents = new Map<number, number>();
  const commands = new Map<number, string>();
  for (const entry of entries) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name may hold spaces and parentheses; fields resume after the last ")".
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parents.set(Number(entry), Number(fields[1]));
      commands.set(Number(entry), readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0")[0] ?? "");
    } catch {
      // The process ended while we looked.
    }
  }
  const result: number[] = [];
  const executableName = executablePath.split("/").pop() ?? executablePath;
  const isBelow = (pid: number): boolean => {
    for (
      let current = parents.get(pid), hops = 0;
      current !== undefined && hops < 64;
      current = parents.get(current), hops += 1
    ) {
      if (excludedRoots.has(current)) return false;
      if (current === rootPid) return true;
    }
    return false;
  };
  for (const [pid, command] of commands) {
    if (
      (command === executablePath || command.endsWith(`/${executableName}`) || command.includes("chrom")) &&
      isBelow(pid)
    )
      result.push(pid);
  }
  return result;
}

/** Sum of the resident memory (bytes) of the given processes, from /proc/<pid>/status VmRSS. */
export function residentMemoryBytes(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      if (match) total += Number(match[1]) * 1024;
    } catch {
      // Ended.
    }
  }
  return total;
}
