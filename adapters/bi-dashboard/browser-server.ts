// The shared browser of a workspace: a detached process started on demand by the first `ask` (or
// report job) that needs a browser, see shared-browser.ts. It launches Chromium with playwright's
// launchServer, publishes the websocket endpoint in the state folder, and exits — closing Chromium —
// once no live process has used it for the idle timeout.
//
//   node browser-server.js '<JSON ServerOptions>'
import { appendFileSync } from "node:fs";
import { CHROMIUM_ARGUMENTS } from "./browser-manager.js";
import { chromium } from "./playwright.js";
import {
  type EndpointRecord,
  liveUsers,
  readEndpoint,
  removeEndpointIfOurs,
  type ServerOptions,
  writeEndpoint,
} from "./shared-browser-files.js";

const options = JSON.parse(process.argv[2] ?? "{}") as ServerOptions;
const log = (message: string) => {
  try {
    appendFileSync(options.logFile, `${new Date().toISOString()} ${process.pid} ${message}\n`);
  } catch {
    // No log is no reason to stop.
  }
};

const server = await chromium.launchServer({
  executablePath: options.executablePath,
  headless: options.headless,
  args: CHROMIUM_ARGUMENTS,
  // Signals are handled below (close Chromium, then exit); the process is detached from the
  // terminal, so a Ctrl-C of one `ask` never reaches it.
  handleSIGINT: false,
  handleSIGTERM: false,
  handleSIGHUP: false,
});
let stopping = false;
async function stop(reason: string): Promise<never> {
  stopping = true;
  log(`stopping: ${reason}`);
  removeEndpointIfOurs(options.endpointFile, process.pid);
  await server.close().catch(() => undefined);
  process.exit(0);
}
server.process().once("exit", () => {
  if (!stopping) void stop("Chromium ended");
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void stop(signal));

const record: EndpointRecord = {
  pid: process.pid,
  browser_pid: server.process().pid ?? 0,
  ws_endpoint: server.wsEndpoint(),
  executable_path: options.executablePath,
  headless: options.headless,
  started_at: new Date().toISOString(),
};
writeEndpoint(options.endpointFile, record);
log(`serving ${options.executablePath} (browser pid ${record.browser_pid})`);

// Idle check: users register a file named by their pid before they read the endpoint, so removing
// the endpoint first and counting users afterwards never strands a user that is about to connect.
let lastUsed = Date.now();
setInterval(() => {
  if (stopping) return;
  if (liveUsers(options.usersDirectory) > 0) {
    lastUsed = Date.now();
    return;
  }
  if (Date.now() - lastUsed < options.idleMs) return;
  removeEndpointIfOurs(options.endpointFile, process.pid);
  if (liveUsers(options.usersDirectory) > 0) {
    // A user arrived between the two looks: publish again and carry on.
    if (!readEndpoint(options.endpointFile)) writeEndpoint(options.endpointFile, record);
    lastUsed = Date.now();
    return;
  }
  void stop(`idle for ${Math.round(options.idleMs / 1000)} s`);
}, 250);
