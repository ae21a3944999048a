import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { formatConfigIssue } from "./config-error.js";
import { inspectWorkspace, loadWorkspace } from "./load-workspace.js";
import { PathOutsideWorkspaceError } from "./workspace.js";

const folders: string[] = [];
function folder(): string {
  const created = mkdtempSync(path.join(tmpdir(), "triangulate-history-config-"));
  folders.push(created);
  return created;
}
function workspaceWith(history: string): string {
  const root = folder();
  writeFileSync(path.join(root, "triangulate.yaml"), `name: history-test\nsources: {}\n${history}`);
  return root;
}
afterEach(() => {
  for (const created of folders.splice(0)) rmSync(created, { recursive: true, force: true });
});

describe("history: in triangulate.yaml", () => {
  it("defaults to SQLite and run folders in .triangulate/runs", () => {
    const root = workspaceWith("");
    const workspace = loadWorkspace(root, { environment: {} });
    expect(workspace.config.history.store).toBe("sqlite");
    expect(workspace.runsDirectory).toBe(path.join(root, ".triangulate", "runs"));
  });

  it("hides the password of a postgres url given through a variable whose name says nothing of secrets", () => {
    const root = workspaceWith(`history:\n  store: postgres\n  url: "\${DATABASE_URL}"\n`);
    const workspace = loadWorkspace(root, {
      environment: { DATABASE_URL: "postgres://worker:s3cr%40t-pw@db.internal:5432/history" },
    });
    expect(workspace.config.history.url).toContain("db.internal");
    const printed = workspace.redactor.text("could not log in as worker with s3cr@t-pw (s3cr%40t-pw)");
    expect(printed).not.toContain("s3cr@t-pw");
    expect(printed).not.toContain("s3cr%40t-pw");
  });

  it("locates a missing url, a url that is not postgres (without repeating it) and an unset variable", () => {
    const missingUrl = inspectWorkspace(workspaceWith("history:\n  store: postgres\n"), { environment: {} });
    expect(missingUrl.issues.map(formatConfigIssue).join("\n")).toMatch(
      /triangulate\.yaml:\d+:\d+ history\.url: store: postgres needs url/,
    );
    const otherDatabase = inspectWorkspace(
      workspaceWith('history:\n  store: postgres\n  url: "mysql://worker:hunter2-pw@db/history"\n'),
      { environment: {} },
    );
    const shown = otherDatabase.issues.map(formatConfigIssue).join("\n");
    expect(shown).toMatch(
      /triangulate\.yaml:5:3 history\.url: url must be a postgres:\/\/ or postgresql:\/\/ URL/,
    );
    expect(shown).not.toContain("hunter2-pw");
    const unset = inspectWorkspace(
      workspaceWith(`history:\n  store: postgres\n  url: "\${DATABASE_URL}"\n`),
      {
        environment: {},
      },
    );
    expect(unset.issues.map(formatConfigIssue).join("\n")).toMatch(
      /triangulate\.yaml:5:8 history\.url: environment variable DATABASE_URL, which is not set/,
    );
    const sqliteUrl = inspectWorkspace(workspaceWith('history:\n  url: "postgres://a:b@c/d"\n'), {
      environment: {},
    });
    expect(sqliteUrl.issues.map(formatConfigIssue).join("\n")).toMatch(
      /history\.url: url is for store: postgres/,
    );
  });

  it("takes an absolute runs_directory outside the workspace, and refuses a run folder that links out of it", () => {
    const shared = folder();
    const elsewhere = folder();
    const root = workspaceWith(`history:\n  runs_directory: ${shared}\n`);
    const workspace = loadWorkspace(root, { environment: {} });
    expect(workspace.runsDirectory).toBe(shared);
    expect(workspace.resolveInsideRunsDirectory("20240101T000000Z-abcdef")).toBe(
      path.join(shared, "20240101T000000Z-abcdef"),
    );
    symlinkSync(elsewhere, path.join(shared, "20240101T000000Z-linked"));
    expect(() => workspace.resolveInsideRunsDirectory("20240101T000000Z-linked")).toThrow(
      PathOutsideWorkspaceError,
    );
    expect(() => workspace.resolveInsideRunsDirectory("20240101T000000Z-linked")).toThrow(
      /outside the runs directory/,
    );
  });

  it("keeps a relative runs_directory inside the workspace, a symbolic link out of it refused", () => {
    const elsewhere = folder();
    const root = workspaceWith("history:\n  runs_directory: shared-runs\n");
    symlinkSync(elsewhere, path.join(root, "shared-runs"));
    const workspace = loadWorkspace(root, { environment: {} });
    expect(() => workspace.runsDirectory).toThrow(/outside the workspace/);
    const inside = workspaceWith("history:\n  runs_directory: runs/here\n");
    mkdirSync(path.join(inside, "runs"));
    expect(loadWorkspace(inside, { environment: {} }).runsDirectory).toBe(path.join(inside, "runs", "here"));
  });
});
