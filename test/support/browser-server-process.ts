// A Playwright browser server in its own process, as a remote browser host would run one
// (`chromium.launchServer`, Debian's Chromium): prints `{"ws_endpoint": …, "pid": …}` on one line,
// then serves until it is killed. Tests connect to it through `browser.ws_endpoint(s)`.
//
//   node --import tsx test/support/browser-server-process.ts
import { resolveBrowserExecutable } from "../../adapters/bi-dashboard/browser-executable.js";
import { CHROMIUM_ARGUMENTS } from "../../adapters/bi-dashboard/browser-manager.js";
import { chromium } from "../../adapters/bi-dashboard/playwright.js";

const server = await chromium.launchServer({
  executablePath: resolveBrowserExecutable({ headless: true }),
  headless: true,
  args: CHROMIUM_ARGUMENTS,
});
process.stdout.write(
  `${JSON.stringify({ ws_endpoint: server.wsEndpoint(), pid: process.pid, browser_pid: server.process().pid })}\n`,
);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void server.close().finally(() => process.exit(0)));
