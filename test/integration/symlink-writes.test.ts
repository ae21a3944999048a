import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTemporaryWorkspace } from "../support/jobs/job-test-workspace.js";
import { runCli } from "../support/run-cli.js";

// Writes through symbolic links (issue 26.5): a report job's outputs.directory through a link
// whose target does not exist yet, and a .triangulate that is a link (to a folder that exists or
// not) must be refused with a typed error, and nothing may appear outside the workspace.
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function outsideFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "triangulate-outside-"));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

function workspace(): string {
  const fixture = createTemporaryWorkspace();
  cleanups.push(fixture.cleanup);
  return fixture.root;
}

describe("writes through symbolic links", () => {
  it("refuses report outputs through a link to a folder that does not exist yet, in report check and report run", async () => {
    const root = workspace();
    const target = path.join(outsideFolder(), "not-yet");
    symlinkSync(target, path.join(root, "reports"));
    const check = await runCli(["report", "check", "returns-test", "-w", root]);
    expect(check.code).toBe(1);
    expect(check.stdout + check.stderr).toMatch(
      new RegExp(`reports is outside the workspace \\(a symbolic link leads to ${target}\\)`),
    );
    const run = await runCli(
      ["report", "run", "returns-test", "--as-of", "2024-02-29", "--json", "-w", root],
      {
        timeoutMs: 120_000,
      },
    );
    expect(run.code).not.toBe(0);
    expect(run.stdout).toMatch(/outside the workspace/);
    expect(existsSync(target)).toBe(false);
  }, 180_000);

  for (const [name, makeTarget] of [
    ["an existing folder", (outside: string) => outside],
    ["a folder that does not exist yet", (outside: string) => path.join(outside, "state")],
  ] as const)
    it(`refuses run folders when .triangulate is a link to ${name} outside`, async () => {
      const root = workspace();
      const outside = outsideFolder();
      const target = makeTarget(outside);
      symlinkSync(target, path.join(root, ".triangulate"));
      const run = await runCli(["run", "plans/compare.json", "--json", "-w", root], { cwd: root });
      expect(run.code).not.toBe(0);
      const error = JSON.parse(run.stdout).error as { kind: string; message: string };
      expect(error.kind).toBe("config_error");
      expect(error.message).toMatch(
        /\.triangulate(\/runs)? is outside the workspace .*symbolic link leads to/,
      );
      expect(readdirSync(outside)).toEqual([]);
    }, 120_000);

  it("still writes run folders and reports into an ordinary workspace", async () => {
    const root = workspace();
    mkdirSync(path.join(root, "reports"));
    const run = await runCli(["report", "run", "returns-test", "--as-of", "2024-02-29", "-w", root], {
      timeoutMs: 120_000,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(readdirSync(path.join(root, "reports")).length).toBe(3);
    expect(readdirSync(path.join(root, ".triangulate", "runs")).length).toBeGreaterThan(0);
  }, 180_000);
});
