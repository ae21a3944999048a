import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireLockFile, FOREIGN_LOCK_STALE_MS, isProcessAlive, isStaleLock } from "./lock-file.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function lockPath(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "triangulate-lock-"));
  folders.push(folder);
  return path.join(folder, "x.lock");
}
const held = () => new Error("held");
// pid 2^22 + 1 is above Linux's pid_max: no such process.
const deadPid = 4_194_305;

describe("isProcessAlive", () => {
  it("sees this process and its parent, not a pid that cannot exist", () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    expect(isProcessAlive(process.ppid)).toBe(true);
    expect(isProcessAlive(deadPid)).toBe(false);
  });
});

describe("acquireLockFile", () => {
  it("writes pid, host and start time, is exclusive while held and gone once released", () => {
    const file = lockPath();
    const release = acquireLockFile(file, held);
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ pid: process.pid, host: hostname() });
    // A second run inside the same process is refused too: the lock's pid is alive (ours).
    expect(() => acquireLockFile(file, held)).toThrow("held");
    release();
    release();
    expect(existsSync(file)).toBe(false);
  });

  it("takes over a dead process's lock and an unreadable one, with or without a host", () => {
    const file = lockPath();
    for (const content of [
      JSON.stringify({ pid: deadPid }),
      JSON.stringify({ pid: deadPid, host: hostname(), started_at: new Date().toISOString() }),
      "{ cut short",
    ]) {
      writeFileSync(file, content);
      acquireLockFile(file, held)();
    }
  });

  it("keeps a live process's lock, even one written without a host (the old ingest lock)", () => {
    const file = lockPath();
    writeFileSync(file, JSON.stringify({ pid: process.ppid }));
    expect(() => acquireLockFile(file, (holder) => new Error(`held by ${holder?.pid}`))).toThrow(
      `held by ${process.ppid}`,
    );
  });

  it("keeps another host's lock until it is older than FOREIGN_LOCK_STALE_MS", () => {
    const now = Date.parse("2024-06-30T12:00:00Z");
    const foreign = (ageMs: number) => ({
      pid: 1,
      host: `not-${hostname()}`,
      started_at: new Date(now - ageMs).toISOString(),
    });
    expect(isStaleLock(foreign(60_000), now)).toBe(false);
    expect(isStaleLock(foreign(FOREIGN_LOCK_STALE_MS + 1), now)).toBe(true);
    expect(isStaleLock({ pid: 1, host: "elsewhere" }, now)).toBe(true);
  });
});
