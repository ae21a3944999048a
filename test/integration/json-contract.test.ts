import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../support/run-cli.js";
import { TemporaryFolders } from "../support/temporary-workspace.js";

// docs/json-output.md: with --json, stdout holds exactly one JSON object, errors included.
const folders = new TemporaryFolders();
afterAll(() => folders.cleanup());
const demo = folders.demoWorkspace();
const missing = `${folders.make()}/nowhere`;

const cases: { name: string; args: string[]; kind: string; message: RegExp; file?: RegExp }[] = [
  {
    name: "runs list --limit abc",
    args: ["runs", "list", "--limit", "abc", "-w", demo],
    kind: "usage_error",
    message: /--limit <n>.*'abc' is invalid\. expects a whole number/,
  },
  {
    name: "plan --as-of 2024-13-45",
    args: ["plan", "A产品的退货率", "--as-of", "2024-13-45", "-w", demo],
    kind: "usage_error",
    message: /'2024-13-45' is invalid\. expects a calendar date/,
  },
  {
    name: "ask --as-of 2024-02-30",
    args: ["ask", "A产品的退货率", "--as-of", "2024-02-30", "-w", demo],
    kind: "usage_error",
    message: /'2024-02-30' is invalid/,
  },
  {
    name: "ask in a folder that does not exist",
    args: ["ask", "A产品的退货率", "-w", missing],
    kind: "config_error",
    message: /does not exist/,
    file: /triangulate\.yaml$/,
  },
  {
    name: "plan in a folder that does not exist",
    args: ["plan", "A产品的退货率", "-w", missing],
    kind: "config_error",
    message: /does not exist/,
  },
  {
    name: "run a plan file that is not there",
    args: ["run", "no-such-plan.json", "-w", demo],
    kind: "plan_error",
    message: /cannot read the plan/,
    file: /no-such-plan\.json$/,
  },
  {
    name: "kb search without a workspace",
    args: ["kb", "search", "exchange", "-w", missing],
    kind: "config_error",
    message: /does not exist/,
  },
  {
    name: "report run of an unknown job",
    args: ["report", "run", "no-such-job", "-w", missing],
    kind: "config_error",
    message: /does not exist/,
  },
  {
    name: "an unknown option",
    args: ["runs", "list", "--lmit", "3", "-w", demo],
    kind: "usage_error",
    message: /unknown option '--lmit'/,
  },
];

describe("one JSON object on stdout with --json, errors included", () => {
  it.each(cases)("$name", async ({ args, kind, message, file }) => {
    const result = await runCli([...args, "--json"]);
    expect(result.code, result.stderr).toBe(1);
    const output = JSON.parse(result.stdout) as {
      error: { kind: string; message: string; location?: { file: string } };
    };
    expect(Object.keys(output)).toEqual(["error"]);
    expect(output.error.kind).toBe(kind);
    expect(output.error.message).toMatch(message);
    if (file) expect(output.error.location?.file).toMatch(file);
  });

  it("prints a valid option value's result as before", async () => {
    const result = await runCli(["runs", "list", "--limit", "3", "-w", demo, "--json"]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).not.toHaveProperty("error");
  });
});
