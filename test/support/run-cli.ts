import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

/** The built CLI; `npm test` builds it first. */
export const CLI = path.resolve("dist/bin/triangulate.js");

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI as a user would, without colour, and collects its output. */
export function runCli(
  args: string[],
  options: {
    cwd?: string;
    env?: NodeJS.ProcessEnv;
    timeoutMs?: number;
    input?: string;
    /** Sends SIGINT (Ctrl-C) this long after the start. */
    interruptAfterMs?: number;
  } = {},
): Promise<CliResult> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` (npm test does it)`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: options.cwd ?? process.cwd(),
      env: { ...process.env, NO_COLOR: "1", CI: "true", ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(
        new Error(
          `triangulate ${args.join(" ")} did not finish in ${options.timeoutMs ?? 60_000} ms\n${stderr}`,
        ),
      );
    }, options.timeoutMs ?? 60_000);
    const interrupt =
      options.interruptAfterMs === undefined
        ? undefined
        : setTimeout(() => child.kill("SIGINT"), options.interruptAfterMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      clearTimeout(interrupt);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? "");
  });
}
