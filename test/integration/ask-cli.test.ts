import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_AS_OF, type DemoEnvironment, FLAGSHIP_QUESTIONS, startDemo } from "../../demo/run-demo.js";
import { runCli } from "../support/run-cli.js";

// `triangulate ask` as a user runs it: the built binary against the running demo sources.
let demo: DemoEnvironment;
const question = (id: string) => FLAGSHIP_QUESTIONS.find((entry) => entry.id === id)!.question;

beforeAll(async () => {
  demo = await startDemo();
}, 180_000);

afterAll(async () => {
  await demo?.close();
});

describe("triangulate ask (built binary)", () => {
  it("a greeting: exit 0, JSON only, direct, no fetch", async () => {
    const result = await runCli(["ask", "你好", "--workspace", demo.directory, "--json"], {
      env: demo.environment,
    });
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output.answer.status).toBe("direct");
    expect(
      output.trace
        .map((event: { line: string }) => event.line)
        .some((line: string) => line.startsWith("fetch:")),
    ).toBe(false);
  });

  it("the policy question: exit 2 (partial) with the gap in the JSON", async () => {
    const result = await runCli(
      ["ask", question("q2"), "--workspace", demo.directory, "--json", "--as-of", DEMO_AS_OF],
      { env: demo.environment, timeoutMs: 120_000 },
    );
    expect(result.code).toBe(2);
    const output = JSON.parse(result.stdout);
    expect(output.answer.status).toBe("partial");
    expect(output.answer.gaps).toHaveLength(1);
    expect(output.exit_code).toBe(2);
  });

  // Issue 14: q6 used to exit 0 "answered" with January and March; they are context, the answer partial.
  it("a month with no data: exit 2 (partial), broadened only for context, and --show-trace shows the rule and the check", async () => {
    const result = await runCli(
      ["ask", question("q6"), "--workspace", demo.directory, "--show-trace", "--as-of", DEMO_AS_OF],
      { env: demo.environment, timeoutMs: 120_000 },
    );
    expect(result.code).toBe(2);
    expect(result.stdout).toContain("Broadened:");
    expect(result.stdout).toContain(
      "no data for 2024-02; used the enclosing quarter 2024-Q1 — only to show context",
    );
    expect(result.stdout).toContain(
      "check:g1:insufficient:no value of return_rate for product=C, region=West for 2024-02",
    );
    expect(result.stdout).toContain("reflect:g1:broaden:month→quarter");
    expect(result.stdout).toMatch(/Sources:\n\s+\[1\] sales_bi/);
  });

  it("Ctrl-C while the sources are read: a prompt, explained partial answer (exit 2), not a crash", async () => {
    const started = Date.now();
    const result = await runCli(
      ["ask", question("q1-en"), "--workspace", demo.directory, "--json", "--as-of", DEMO_AS_OF],
      { env: demo.environment, timeoutMs: 60_000, interruptAfterMs: 900 },
    );
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(result.code, result.stderr).toBe(2);
    const output = JSON.parse(result.stdout);
    expect(["partial", "unanswerable"]).toContain(output.answer.status);
    expect(JSON.stringify(output.answer.gaps)).toMatch(/cancelled|interrupted/);
  });

  it("a bad flag: exit 1 with a clear message", async () => {
    const result = await runCli(["ask", "hello", "--workspace", demo.directory, "--max-iterations", "many"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("--max-iterations must be a whole number");
  });
});
