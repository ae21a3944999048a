import { describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";

// An empty or punctuation-only question is a usage error (exit 1, a hint), not a greeting.
describe("ask with no words", () => {
  it.each(["", "   ", "?!", "？。…", "... ---"])("refuses %j", async (question) => {
    const result = await runCli(["ask", question, "-w", "demo/workspace"], { timeoutMs: 30_000 });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/has no words; ask e\.g\./);
    expect(result.stdout).toBe("");
  });
});
