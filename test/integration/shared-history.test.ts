/**
 * Two copies of one workspace (two machines) pointing at the same REAL PostgreSQL history and the
 * same runs folder: a report run on one is listed and shown, with its run folders, from the other;
 * a history moves from SQLite to PostgreSQL with `history export` / `history import`; a wrong
 * password, a server that is down and a missing url are typed errors that never print the
 * password. Through the built CLI, as a user runs it. Without a server (`.ci/start-postgres`) the
 * tests are skipped with the reason; TRIANGULATE_REQUIRE_POSTGRES=1 (.ci/run) makes that a failure.
 */
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTemporaryWorkspace } from "../support/jobs/job-test-workspace.js";
import { createTestDatabase, findRealPostgres } from "../support/jobs/real-postgres.js";
import { runCli } from "../support/run-cli.js";

const found = await findRealPostgres();
const missing = "reason" in found ? found.reason : undefined;
if (missing) console.warn(`shared-history.test.ts skipped: ${missing}`);

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A workspace copy whose history is the given PostgreSQL (through ${HISTORY_DATABASE_URL}) and runs folder. */
function workspaceCopy(runsDirectory?: string): string {
  const fixture = createTemporaryWorkspace();
  cleanups.push(fixture.cleanup);
  appendFileSync(
    path.join(fixture.root, "triangulate.yaml"),
    `history:\n  store: postgres\n  url: "\${HISTORY_DATABASE_URL}"\n${runsDirectory ? `  runs_directory: ${runsDirectory}\n` : ""}`,
  );
  return fixture.root;
}

if (missing) {
  describe("a shared history on a real PostgreSQL", () => {
    it.runIf(process.env.TRIANGULATE_REQUIRE_POSTGRES === "1")("must run in CI", () => {
      throw new Error(`TRIANGULATE_REQUIRE_POSTGRES=1 but ${missing}`);
    });
    it.skip(`is not running here: ${missing}`, () => {});
  });
} else if ("url" in found) {
  const database = await createTestDatabase(found.url);
  cleanups.push(database.drop);
  const password = decodeURIComponent(new URL(database.url).password);
  const environment = { HISTORY_DATABASE_URL: database.url };
  const shared = mkdtempSync(path.join(tmpdir(), "triangulate-shared-runs-"));
  cleanups.push(() => rmSync(shared, { recursive: true, force: true }));

  describe("a shared history on a real PostgreSQL", () => {
    it("a report run on one machine is listed and shown, with its run folders, from another", async () => {
      const first = workspaceCopy(shared);
      const second = workspaceCopy(shared);
      const run = await runCli(["report", "run", "returns-test", "--workspace", first, "--json"], {
        env: environment,
      });
      expect(run.stderr).not.toContain(password);
      expect(run.code).toBe(0);
      const listed = await runCli(
        ["runs", "list", "--job", "returns-test", "--workspace", second, "--json"],
        {
          env: environment,
        },
      );
      expect(listed.code).toBe(0);
      const runs = JSON.parse(listed.stdout) as {
        status: string;
        questions: { question_id: string; run_directory: string }[];
      }[];
      expect(runs).toHaveLength(1);
      expect(runs[0].status).toBe("answered");
      expect(runs[0].questions.map((question) => question.question_id)).toEqual(["compare", "trend"]);
      // The run folders are in the shared folder, named by absolute path, and readable from the second copy.
      const folder = runs[0].questions[0].run_directory;
      expect(path.dirname(folder)).toBe(shared);
      const shown = await runCli(["runs", "show", path.basename(folder), "--workspace", second, "--json"], {
        env: environment,
      });
      expect(shown.code).toBe(0);
      const detail = JSON.parse(shown.stdout) as { directory: string; steps: unknown[]; answer?: string };
      expect(detail.directory).toBe(folder);
      expect(detail.steps.length).toBeGreaterThan(0);
      expect(detail.answer).toMatch(/A/);
      const folders = await runCli(["runs", "list", "--workspace", second, "--json"], { env: environment });
      expect(
        (JSON.parse(folders.stdout) as { directory: string }[]).map((listing) => listing.directory),
      ).toContain(folder);
      for (const output of [listed, shown, folders])
        expect(output.stdout + output.stderr).not.toContain(password);
    }, 120_000);

    it("moves a SQLite history to PostgreSQL with history export and import, and refuses a second import", async () => {
      const local = createTemporaryWorkspace();
      cleanups.push(local.cleanup);
      for (const asOf of ["2024-01-31", "2024-02-29"]) {
        const run = await runCli([
          "report",
          "run",
          "returns-test",
          "--workspace",
          local.root,
          "--as-of",
          asOf,
        ]);
        expect(run.code).toBe(0);
      }
      const exportFile = path.join(local.root, "history.jsonl");
      const exported = await runCli(["history", "export", "--workspace", local.root, "--output", exportFile]);
      expect(exported.code).toBe(0);
      expect(exported.stderr).toContain("exported 2 runs");
      // A renamed job, so this test's runs do not meet the other test's in the shared database.
      const renamed = path.join(local.root, "renamed.jsonl");
      const { readFileSync } = await import("node:fs");
      writeFileSync(
        renamed,
        readFileSync(exportFile, "utf8").replaceAll('"job":"returns-test"', '"job":"moved"'),
      );
      const target = workspaceCopy();
      const imported = await runCli(["history", "import", renamed, "--workspace", target, "--json"], {
        env: environment,
      });
      expect(imported.code).toBe(0);
      expect(JSON.parse(imported.stdout)).toMatchObject({ imported: 2, jobs: ["moved"] });
      expect(imported.stdout).not.toContain(password);
      const listed = await runCli(["runs", "list", "--job", "moved", "--workspace", target, "--json"], {
        env: environment,
      });
      expect((JSON.parse(listed.stdout) as { as_of: string }[]).map((run) => run.as_of)).toEqual([
        "2024-02-29",
        "2024-01-31",
      ]);
      const again = await runCli(["history", "import", renamed, "--workspace", target, "--json"], {
        env: environment,
      });
      expect(again.code).toBe(1);
      expect(JSON.parse(again.stdout).error.kind).toBe("config_error");
      expect(JSON.parse(again.stdout).error.message).toContain("already has runs of moved");
      writeFileSync(renamed, '{"run": {"id": "one"}}\n');
      const broken = await runCli(["history", "import", renamed, "--workspace", target], {
        env: environment,
      });
      expect(broken.code).toBe(1);
      expect(broken.stderr).toMatch(/renamed\.jsonl:1:1 run\.id:/);
    }, 120_000);

    it("a wrong password and a server that is down are typed errors that never print the password", async () => {
      const target = workspaceCopy();
      const wrong = new URL(database.url);
      wrong.password = "not-the-password-9f3b";
      const refused = await runCli(
        ["runs", "list", "--job", "returns-test", "--workspace", target, "--json"],
        {
          env: { HISTORY_DATABASE_URL: wrong.toString() },
        },
      );
      expect(refused.code).toBe(1);
      const refusedError = JSON.parse(refused.stdout).error;
      expect(refusedError.kind).toBe("auth_error");
      expect(refusedError.message).toContain(`${wrong.hostname}:${wrong.port}`);
      expect(refused.stdout + refused.stderr).not.toContain("not-the-password-9f3b");
      const down = new URL(database.url);
      down.port = "1";
      const unreachable = await runCli(["report", "run", "returns-test", "--workspace", target], {
        env: { HISTORY_DATABASE_URL: down.toString() },
      });
      expect(unreachable.code).toBe(1);
      expect(unreachable.stderr).toContain("could not be reached");
      expect(unreachable.stderr).toContain("127.0.0.1:1");
      expect(unreachable.stdout + unreachable.stderr).not.toContain(password);
    }, 60_000);

    it("a postgres store without a url is a config error at its line and column", async () => {
      const fixture = createTemporaryWorkspace();
      cleanups.push(fixture.cleanup);
      appendFileSync(path.join(fixture.root, "triangulate.yaml"), "history:\n  store: postgres\n");
      const result = await runCli(["runs", "list", "--job", "returns-test", "--workspace", fixture.root]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/triangulate\.yaml:\d+:\d+ history(\.url)?: store: postgres needs url/);
    });
  });
}
