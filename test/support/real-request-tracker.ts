/**
 * A real Request Tracker 5 (Debian's request-tracker5, SQLite, its standalone server) for the
 * tests that read one: `.ci/start-request-tracker` installs and starts it on 127.0.0.1 and writes
 * root's password; these helpers find it and seed it through its own REST 2.0 API (HTTP Basic auth
 * as root), as its documentation (RT::REST2) describes: custom fields, a queue, tickets, then
 * edits of the custom fields so the history holds real transactions.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { acquireLockFile } from "../../domain/lock-file.js";

/** A running RT: its REST 2.0 base and root's credentials. */
export interface RealRequestTracker {
  /** http://127.0.0.1:<port>/REST/2.0 */
  api: string;
  user: string;
  password: string;
}

const STATE = process.env.TRIANGULATE_REQUEST_TRACKER_STATE ?? "/tmp/triangulate-request-tracker";
const PORT = process.env.TRIANGULATE_REQUEST_TRACKER_PORT ?? "4391";

/** The running RT, or why there is none (to be printed: a test that needs it must not pass silently). */
export async function findRealRequestTracker(): Promise<RealRequestTracker | { reason: string }> {
  const api = `http://127.0.0.1:${PORT}/REST/2.0`;
  let password: string;
  try {
    password = (await readFile(path.join(STATE, "root-password"), "utf8")).trim();
  } catch {
    return {
      reason: `no RT root password in ${STATE}/root-password: start RT with .ci/start-request-tracker`,
    };
  }
  const tracker = { api, user: "root", password };
  try {
    await requestTrackerRest(tracker, "GET", "/rt");
  } catch (error) {
    return {
      reason: `no Request Tracker answers at ${api} (${error instanceof Error ? error.message : String(error)}): start one with .ci/start-request-tracker`,
    };
  }
  return tracker;
}

/** One REST 2.0 call as root; a non-2xx answer throws with RT's message. */
export async function requestTrackerRest(
  tracker: RealRequestTracker,
  method: "GET" | "POST" | "PUT",
  route: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${tracker.api}${route}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${tracker.user}:${tracker.password}`).toString("base64")}`,
      "content-type": "application/json",
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/** A custom field the seed makes sure exists (global: applied to every queue). */
export interface SeededCustomField {
  name: string;
  type: "Date" | "Select";
  /** 1: one value; 0: any number of values. */
  maxValues: 0 | 1;
  values?: string[];
}

/**
 * The custom field of that name (enabled, on tickets), created global when missing, with every
 * listed value added to a select field that lacks it. Idempotent: a second run finds them. Returns
 * the field's id.
 */
export async function ensureCustomField(
  tracker: RealRequestTracker,
  field: SeededCustomField,
): Promise<number> {
  const found = (await requestTrackerRest(
    tracker,
    "POST",
    "/customfields?fields=Name,Type,MaxValues&per_page=100",
    [
      { field: "Name", value: field.name },
      { field: "LookupType", value: "RT::Queue-RT::Ticket", entry_aggregator: "AND" },
    ],
  )) as { items: { id: string; Name: string }[] };
  let id = Number(found.items.find((item) => item.Name === field.name)?.id);
  if (!id) {
    const created = (await requestTrackerRest(tracker, "POST", "/customfield", {
      Name: field.name,
      Type: field.type,
      MaxValues: field.maxValues,
      LookupType: "RT::Queue-RT::Ticket",
      // Queue 0: applied globally, so every queue a test run creates has it.
      Queue: 0,
    })) as { id: string };
    id = Number(created.id);
  }
  if (field.values) {
    const existing = (await requestTrackerRest(tracker, "GET", `/customfield/${id}`)) as {
      Values?: string[];
    };
    for (const value of field.values)
      if (!(existing.Values ?? []).includes(value))
        await requestTrackerRest(tracker, "POST", `/customfield/${id}/value`, { Name: value });
  }
  return id;
}

class LockHeld extends Error {}

/**
 * Runs `work` while holding the seed lock of this RT (a file in its state folder): test files run
 * in parallel, and two of them creating the same custom field at once on a fresh database would
 * make two fields of one name. Waits up to a minute for another holder.
 */
export async function withSeedLock<T>(work: () => Promise<T>): Promise<T> {
  const file = path.join(STATE, "seed.lock");
  const deadline = Date.now() + 60_000;
  for (;;) {
    let release: () => void;
    try {
      release = acquireLockFile(file, () => new LockHeld(`${file} is held`));
    } catch (error) {
      if (!(error instanceof LockHeld) || Date.now() > deadline) throw error;
      await sleep(200);
      continue;
    }
    try {
      return await work();
    } finally {
      release();
    }
  }
}
