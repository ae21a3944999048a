import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BiPortal, startBiPortal } from "../../demo/bi-portal/bi-portal-server.js";
import { DEMO_AS_OF } from "../../demo/run-demo.js";
import { englishAdviceSentences } from "../../reflector/gap-advice.js";
import { CLI } from "../support/run-cli.js";

// Issue 17.6: a step stopped by a real Ctrl-C (SIGINT to a real `ask` process, while the BI step
// waits on a slow loopback dashboard) is recorded as `interrupted` — not `timeout` with advice to
// check the source — in the step file, under --json and in the answer text, in English and Chinese.
let portal: BiPortal;
const folder = mkdtempSync(path.join(tmpdir(), "triangulate-interrupted-"));

beforeAll(async () => {
  // Every data request of the dashboard takes a minute: the step is still waiting when Ctrl-C comes.
  portal = await startBiPortal({ port: 0, dataDelayMs: 60_000 });
  cpSync("demo/workspace", folder, { recursive: true, filter: (source) => !source.includes(".triangulate") });
});

afterAll(async () => {
  await portal?.close();
  rmSync(folder, { recursive: true, force: true });
});

async function askAndInterrupt(
  question: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // No stored BI session: the login inside the step is the sign that the step has started.
  rmSync(path.join(folder, ".triangulate/sessions"), { recursive: true, force: true });
  const logins = portal.loginCount();
  const child = spawn(
    process.execPath,
    [CLI, "ask", question, "--workspace", folder, "--json", "--as-of", DEMO_AS_OF],
    {
      env: {
        ...process.env,
        NO_COLOR: "1",
        TRIANGULATE_BI_URL: portal.url,
        TRIANGULATE_TICKETS_URL: "http://127.0.0.1:9",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const closed = new Promise<number | null>((resolve) => child.on("close", resolve));
  // Mid-step: the adapter has logged in and waits for the dashboard's data.
  const until = Date.now() + 60_000;
  while (portal.loginCount() === logins && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 100));
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  child.kill("SIGINT");
  const killer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  const code = await closed;
  clearTimeout(killer);
  return { code, stdout, stderr };
}

function latestStepRecords(): { error_kind?: string; attempts: { error_kind?: string }[] }[] {
  // A step file is { goal, request, result }.
  const runs = path.join(folder, ".triangulate/runs");
  const latest = readdirSync(runs)
    .filter((name) => !name.startsWith("."))
    .sort()
    .at(-1) as string;
  return readdirSync(path.join(runs, latest))
    .filter((name) => name.startsWith("step-"))
    .map((name) => JSON.parse(readFileSync(path.join(runs, latest, name), "utf8")).result);
}

describe("a step stopped by Ctrl-C", () => {
  for (const [language, question] of [
    ["en", "Return rate of product C in West China in February 2024"],
    ["zh-Hans", "C产品在华西区2024年2月的退货率是多少"],
  ] as const) {
    it(`is recorded as interrupted, with no advice to check the source (${language})`, async () => {
      const result = await askAndInterrupt(question);
      expect(result.code, result.stderr).toBe(2);
      const steps = latestStepRecords();
      expect(steps.length).toBeGreaterThan(0);
      const failed = steps.filter((step) => step.error_kind !== undefined);
      expect(failed.length).toBeGreaterThan(0);
      for (const step of failed) {
        expect(step.error_kind).toBe("interrupted");
        expect(step.attempts.at(-1)?.error_kind).toBe("interrupted");
      }
      const output = JSON.parse(result.stdout) as {
        answer: { text: string; gaps: { check: string; missing: string }[] };
      };
      expect(output.answer.gaps.length).toBeGreaterThan(0);
      for (const gap of output.answer.gaps) expect(gap.check).toBe("");
      const text = output.answer.text;
      expect(text).not.toMatch(/timeout|whether the source is up|should check|人工核实/);
      expect(text).toContain(language === "en" ? "interrupted (Ctrl-C)" : "被中断（Ctrl-C）");
      if (language !== "en")
        for (const sentence of englishAdviceSentences()) expect(text).not.toContain(sentence);
    });
  }
});
