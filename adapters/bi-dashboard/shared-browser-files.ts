import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isProcessAlive } from "../../domain/lock-file.js";

/** What the browser server publishes in `.triangulate/browser/<key>.json`. */
export interface EndpointRecord {
  /** The server process (Node). */
  pid: number;
  /** Chromium's main process. */
  browser_pid: number;
  ws_endpoint: string;
  executable_path: string;
  headless: boolean;
  started_at: string;
}

/** What the client hands the server process (argv, JSON). */
export interface ServerOptions {
  executablePath: string;
  headless: boolean;
  endpointFile: string;
  usersDirectory: string;
  logFile: string;
  idleMs: number;
}

/** The files of one shared browser (one per executable and headless setting) in a state folder. */
export interface SharedBrowserPaths {
  directory: string;
  endpointFile: string;
  lockFile: string;
  usersDirectory: string;
  logFile: string;
}

export function sharedBrowserPaths(
  stateDirectory: string,
  settings: { executablePath: string; headless: boolean },
): SharedBrowserPaths {
  const key = createHash("sha1")
    .update(`${settings.executablePath}|${settings.headless}`)
    .digest("hex")
    .slice(0, 10);
  const directory = path.join(stateDirectory, "browser");
  return {
    directory,
    endpointFile: path.join(directory, `${key}.json`),
    lockFile: path.join(directory, `${key}.start.lock`),
    usersDirectory: path.join(directory, `${key}.users`),
    logFile: path.join(directory, `${key}.log`),
  };
}

export function readEndpoint(file: string): EndpointRecord | undefined {
  try {
    const record = JSON.parse(readFileSync(file, "utf8")) as Partial<EndpointRecord>;
    if (!Number.isInteger(record.pid) || typeof record.ws_endpoint !== "string") return undefined;
    return record as EndpointRecord;
  } catch {
    return undefined;
  }
}

/** Written to a temporary name and renamed: a reader sees the whole record or none. */
export function writeEndpoint(file: string, record: EndpointRecord): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(record));
  renameSync(temporary, file);
}

export function removeEndpointIfOurs(file: string, pid: number): void {
  if (readEndpoint(file)?.pid === pid) rmSync(file, { force: true });
}

/** Counts the users whose process still runs; files of ended processes are removed. */
export function liveUsers(usersDirectory: string): number {
  let names: string[];
  try {
    names = readdirSync(usersDirectory);
  } catch {
    return 0;
  }
  let live = 0;
  for (const name of names) {
    const pid = Number(name);
    if (Number.isInteger(pid) && pid > 0 && isProcessAlive(pid)) live += 1;
    else rmSync(path.join(usersDirectory, name), { force: true });
  }
  return live;
}

/** Marks this process as a user of the shared browser (before it reads the endpoint). */
export function registerUser(usersDirectory: string): void {
  mkdirSync(usersDirectory, { recursive: true });
  writeFileSync(path.join(usersDirectory, String(process.pid)), "");
}

export function unregisterUser(usersDirectory: string): void {
  rmSync(path.join(usersDirectory, String(process.pid)), { force: true });
}
