import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTemporaryWorkspace } from "../test/support/jobs/job-test-workspace.js";
import { acquireJobLock, JobLockedError } from "./job-lock.js";
import { SqliteHistoryStore } from "./sqlite-history-store.js";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function lockFile(root: string, holder: { pid: number; host: string; started_at: string }): string {
  const directory = path.join(root, ".triangulate/locks");
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, "returns-test.lock");
  writeFileSync(file, JSON.stringify(holder));
  return file;
}

describe("job lock", () => {
  it("is exclusive while held and gone once released", () => {
    const fixture = createTemporaryWorkspace();
    cleanups.push(fixture.cleanup);
    const workspace = fixture.workspace();
    const release = acquireJobLock(workspace, "returns-test");
    expect(() => acquireJobLock(workspace, "returns-test")).toThrow(JobLockedError);
    release();
    expect(existsSync(path.join(fixture.root, ".triangulate/locks/returns-test.lock"))).toBe(false);
    acquireJobLock(workspace, "returns-test")();
  });

  it("takes over a lock of a dead process on this host, and of another host after six hours, but not a fresh foreign one", () => {
    const fixture = createTemporaryWorkspace();
    cleanups.push(fixture.cleanup);
    const workspace = fixture.workspace();
    // pid 2^22 + 1 is above Linux's pid_max: no such process.
    lockFile(fixture.root, { pid: 4_194_305, host: hostname(), started_at: new Date().toISOString() });
    acquireJobLock(workspace, "returns-test")();
    lockFile(fixture.root, { pid: 1, host: "other-pod", started_at: new Date().toISOString() });
    expect(() => acquireJobLock(workspace, "returns-test")).toThrow(/already running \(pid 1 on other-pod/);
    lockFile(fixture.root, {
      pid: 1,
      host: "other-pod",
      started_at: new Date(Date.now() - 7 * 3600_000).toISOString(),
    });
    acquireJobLock(workspace, "returns-test")();
  });

  it("leaves another host's running rows alone unless the caller holds the lock", async () => {
    const fixture = createTemporaryWorkspace();
    cleanups.push(fixture.cleanup);
    const history = SqliteHistoryStore.open(fixture.workspace());
    try {
      const id = await history.startRun({
        job: "returns-test",
        asOf: "2024-01-31",
        startedAt: new Date(),
        questionsTotal: 1,
      });
      // Pretend the row belongs to a process on another machine.
      (
        history as unknown as {
          database: { prepare: (sql: string) => { run: (...values: unknown[]) => void } };
        }
      ).database
        .prepare("UPDATE job_runs SET host = 'other-pod', pid = 1 WHERE id = ?")
        .run(id);
      expect(await history.recoverInterrupted("returns-test")).toBe(0);
      expect((await history.run(id))?.status).toBe("running");
      expect(await history.recoverInterrupted("returns-test", { anyHost: true })).toBe(1);
      expect((await history.run(id))?.status).toBe("interrupted");
    } finally {
      await history.close();
    }
  });
});
