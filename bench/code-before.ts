import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";

// Benches that compare "before" (main's code, where this branch started) with "after" (this
// checkout) load the before code from git itself: the folders named, without their tests, are
// extracted from the revision into a temporary folder beside a link to the checkout's
// node_modules (so its imports of npm packages resolve as the checkout's do, and no test runner
// of the checkout finds a second copy of the tests), and the bench imports both side by side.

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

/** The revision "before" means: `--before <rev>` if given, else where this branch left main. */
export function beforeRevision(argv: string[] = process.argv): string {
  const given = argv.indexOf("--before");
  const name = given >= 0 ? argv[given + 1] : undefined;
  const revision =
    name ?? execFileSync("git", ["merge-base", "HEAD", "main"], { cwd: root, encoding: "utf8" });
  return execFileSync("git", ["rev-parse", "--short", revision.trim()], {
    cwd: root,
    encoding: "utf8",
  }).trim();
}

/** A folder holding the source folders of the revision (extracted once), to import "before" code from. */
export function codeAt(revision: string, folders = ["adapters", "models", "domain", "config"]): string {
  const target = path.join(os.tmpdir(), `triangulate-bench-before-${revision}`);
  if (!existsSync(path.join(target, folders[0]))) {
    mkdirSync(target, { recursive: true });
    const archive = execFileSync("git", ["archive", revision, "--", ...folders, ":(exclude)*.test.ts"], {
      cwd: root,
      maxBuffer: 256 * 1024 * 1024,
    });
    execFileSync("tar", ["-x", "-C", target], { input: archive });
  }
  const modules = path.join(target, "node_modules");
  if (!existsSync(modules)) symlinkSync(path.join(root, "node_modules"), modules);
  return target;
}
