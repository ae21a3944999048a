import type { Browser } from "playwright-core";
import { endpointLabel, endpointSecrets } from "../../config/browser-endpoint.js";
import { codedStepError } from "../../models/step-error.js";
import { chromium } from "./playwright.js";

/** How long one browser server may take to accept a connection before the next one is tried. */
export const REMOTE_CONNECT_TIMEOUT_MS = 10_000;

/** A connected remote browser and which endpoint it is. */
export interface RemoteConnection {
  browser: Browser;
  endpoint: string;
}

/** Where this process starts in a pool: different processes start at different servers. */
let nextStart = process.pid;

/**
 * Connects to one of the browser servers, starting at a different one on each call (and in each
 * process) so workers spread over the pool; a server that does not answer within the timeout is
 * skipped for the next. When none answers: a StepError (server_error, so the reflector may retry)
 * naming every endpoint tried, without its secret parts, and why each failed.
 */
export async function connectRemoteBrowser(
  endpoints: readonly string[],
  options: { timeoutMs?: number } = {},
): Promise<RemoteConnection> {
  if (endpoints.length === 0) throw new Error("connectRemoteBrowser needs at least one endpoint");
  const start = nextStart % endpoints.length;
  nextStart += 1;
  const failures: string[] = [];
  for (let offset = 0; offset < endpoints.length; offset += 1) {
    const endpoint = endpoints[(start + offset) % endpoints.length] as string;
    try {
      const browser = await chromium.connect(endpoint, {
        timeout: options.timeoutMs ?? REMOTE_CONNECT_TIMEOUT_MS,
      });
      return { browser, endpoint };
    } catch (cause) {
      failures.push(`${endpointLabel(endpoint)} (${reasonOf(cause, endpoints)})`);
    }
  }
  throw codedStepError(
    "server_error",
    { code: "browser_servers_unreachable", plural: endpoints.length > 1, failures },
    { endpoints: endpoints.map(endpointLabel) },
  );
}

/** The first line of a connection failure, with every endpoint's secret parts cut out. */
function reasonOf(cause: unknown, endpoints: readonly string[]): string {
  let line = (cause instanceof Error ? cause.message : String(cause)).split("\n")[0] ?? "";
  for (const endpoint of endpoints) line = line.split(endpoint).join(endpointLabel(endpoint));
  for (const secret of endpointSecrets(endpoints)) line = line.split(secret).join("…");
  return line.replace(/^browserType\.connect:\s*/, "").slice(0, 200);
}
