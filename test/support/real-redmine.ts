/**
 * A real Redmine 5 (Debian's package, sqlite) for the tests that read one: `.ci/start-redmine`
 * installs and starts it on 127.0.0.1 and writes the admin's API key; these helpers find it, seed
 * through its REST API, and create what the REST API cannot (trackers, custom fields) with
 * `bin/rails runner`.
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface RealRedmine {
  url: string;
  key: string;
}

const STATE = process.env.TRIANGULATE_REDMINE_STATE ?? "/tmp/triangulate-redmine";
const PORT = process.env.TRIANGULATE_REDMINE_PORT ?? "4390";

/** The running Redmine, or why there is none (to be printed: a test that needs it must not pass silently). */
export async function findRealRedmine(): Promise<RealRedmine | { reason: string }> {
  const url = `http://127.0.0.1:${PORT}`;
  let key: string;
  try {
    key = (await readFile(path.join(STATE, "api-key"), "utf8")).trim();
  } catch {
    return { reason: `no Redmine API key in ${STATE}/api-key: start one with .ci/start-redmine` };
  }
  try {
    const response = await fetch(`${url}/users/current.json`, {
      headers: { "X-Redmine-API-Key": key },
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) return { reason: `Redmine at ${url} answered ${response.status} to the admin key` };
  } catch (error) {
    return {
      reason: `no Redmine answers at ${url} (${error instanceof Error ? error.message : String(error)}): start one with .ci/start-redmine`,
    };
  }
  return { url, key };
}

/** One REST call as the admin; a non-2xx answer throws with Redmine's errors. */
export async function redmineRest(
  redmine: RealRedmine,
  method: "GET" | "POST" | "PUT",
  route: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${redmine.url}${route}`, {
    method,
    headers: { "X-Redmine-API-Key": redmine.key, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/** Ids of the tracker and custom fields created for one test run (names end with the run's suffix). */
export interface SeededSchema {
  tracker: number;
  bug: number;
  region: number;
  effective: number;
}

/** Creates the run's tracker and custom fields with `bin/rails runner` (Redmine's REST API cannot). */
export async function seedRedmineSchema(suffix: string): Promise<SeededSchema> {
  const script = path.join(import.meta.dirname, "redmine-seed.rb");
  const { stdout } = await run("bin/rails", ["runner", script, suffix], {
    cwd: "/usr/share/redmine",
    env: { ...process.env, RAILS_ENV: "production", X_DEBIAN_SITEID: "default" },
    timeout: 120_000,
  });
  const last = stdout.trim().split("\n").pop() ?? "";
  return JSON.parse(last) as SeededSchema;
}
