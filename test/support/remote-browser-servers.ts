import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

/** A browser server running in a child process (browser-server-process.ts). */
export interface BrowserServerProcess {
  wsEndpoint: string;
  pid: number;
  browserPid: number;
  /** Kills the server's process at once (SIGKILL, as a crash or a lost host would). */
  kill(): void;
  /** Stops it gracefully (the server closes Chromium). */
  stop(): Promise<void>;
}

/** Starts a real Playwright browser server in a separate process and waits for its endpoint. */
export async function startBrowserServerProcess(): Promise<BrowserServerProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "browser-server-process.ts")],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const record = await new Promise<{ ws_endpoint: string; pid: number; browser_pid: number }>(
    (resolve, reject) => {
      let output = "";
      child.stdout?.on("data", (chunk) => {
        output += chunk;
        const line = output.split("\n").find((each) => each.startsWith("{"));
        if (line) resolve(JSON.parse(line));
      });
      void exited.then(() => reject(new Error(`the browser server exited before it started: ${output}`)));
    },
  );
  return {
    wsEndpoint: record.ws_endpoint,
    pid: record.pid,
    browserPid: record.browser_pid,
    kill: () => child.kill("SIGKILL"),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
