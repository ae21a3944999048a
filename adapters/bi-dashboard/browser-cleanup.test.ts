import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BiPortal, startBiPortal } from "../../demo/bi-portal/bi-portal-server.js";
import { processesGone } from "../../test/support/bi-dashboard/bi-test-workspace.js";

// A real process with a real Chromium, stopped the way users stop it: no browser may survive.
let portal: BiPortal;

beforeAll(async () => {
  portal = await startBiPortal({ port: 0, dataDelayMs: 50 });
});

afterAll(async () => {
  await portal.close();
});

async function runChild(
  mode: "--wait" | "--leave",
  signal?: NodeJS.Signals,
): Promise<{ pids: number[]; code: number | null; signal: NodeJS.Signals | null }> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join(import.meta.dirname, "../../test/support/bi-dashboard/interrupt-child.ts"),
      portal.url,
      mode,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let output = "";
  const pids = await new Promise<number[]>((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const line = output.split("\n").find((each) => each.startsWith("{"));
      if (line) resolve((JSON.parse(line) as { pids: number[] }).pids);
    });
    child.on("exit", (code) => reject(new Error(`child exited early (${code}): ${output}`)));
  });
  if (signal) child.kill(signal);
  const [code, received] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on("exit", (exitCode, exitSignal) => resolve([exitCode, exitSignal])),
  );
  return { pids, code, signal: received };
}

describe("browser cleanup", () => {
  it("Ctrl-C (SIGINT) ends the process and every Chromium process", async () => {
    const { pids, code, signal } = await runChild("--wait", "SIGINT");
    expect(pids.length).toBeGreaterThan(0);
    expect(code === 130 || signal === "SIGINT").toBe(true);
    expect(await processesGone(pids)).toBe(true);
  });

  it("a process that exits without close() leaves no Chromium behind", async () => {
    const { pids, code } = await runChild("--leave");
    expect(code).toBe(0);
    expect(pids.length).toBeGreaterThan(0);
    expect(await processesGone(pids)).toBe(true);
  });
});
