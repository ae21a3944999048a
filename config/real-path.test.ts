import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { realPathForWriting } from "./real-path.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function folder(): string {
  const made = realpathSync(mkdtempSync(path.join(tmpdir(), "triangulate-real-path-")));
  folders.push(made);
  return made;
}

describe("realPathForWriting", () => {
  it("follows a link whose target does not exist yet, and links inside it", () => {
    const inside = folder();
    const outside = folder();
    symlinkSync(path.join(outside, "a"), path.join(inside, "reports"));
    expect(realPathForWriting(path.join(inside, "reports", "weekly", "x.md"))).toBe(
      path.join(outside, "a", "weekly", "x.md"),
    );
    symlinkSync("b", path.join(outside, "a"));
    expect(realPathForWriting(path.join(inside, "reports", "x.md"))).toBe(path.join(outside, "b", "x.md"));
  });

  it("keeps paths without links as they are, existing or not", () => {
    const inside = folder();
    mkdirSync(path.join(inside, "runs"));
    expect(realPathForWriting(path.join(inside, "runs", "new", "step.json"))).toBe(
      path.join(inside, "runs", "new", "step.json"),
    );
  });

  it("refuses a loop of links", () => {
    const inside = folder();
    symlinkSync(path.join(inside, "b"), path.join(inside, "a"));
    symlinkSync(path.join(inside, "a"), path.join(inside, "b"));
    expect(() => realPathForWriting(path.join(inside, "a", "x"))).toThrow(/symbolic links|ELOOP/);
  });
});
