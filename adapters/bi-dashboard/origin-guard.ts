import type { APIResponse, BrowserContext, Page, Request, Route, WebSocketRoute } from "playwright-core";

/** Resource types never loaded: they cost time and memory and carry no data. */
const BLOCKED_RESOURCES = new Set(["image", "font", "media"]);
// Favicons arrive as type "other"; recognise them (and other stray images) by their extension.
const IMAGE_PATH = /\.(?:png|ico|svg|jpe?g|gif|webp|avif|bmp|woff2?|ttf|otf|mp4|webm|mp3)(?:$|\?)/i;
// A redirect chain longer than this is a loop, as browsers count it.
const MAX_REDIRECT_HOPS = 20;

/** Whether a request is an image, font or media file that the adapter never loads. */
export function isBlockedResource(resourceType: string, url: string): boolean {
  return (
    BLOCKED_RESOURCES.has(resourceType) ||
    (resourceType === "other" && IMAGE_PATH.test(new URL(url).pathname))
  );
}

/** One request the guard refused: where it went and what kind of request it was. */
export interface BlockedRequest {
  origin: string;
  /** Playwright's resource type (document, fetch, xhr, script, stylesheet, ping, …), "websocket" or "popup". */
  type: string;
  /** True when the server of an allowed origin redirected to it. */
  redirect: boolean;
  /** True for a navigation of the page's main frame (its own script leaving, or a redirect of it). */
  mainFrame?: boolean;
}

/** What the guard needs: the origins a page may reach, and headers only those origins receive. */
export interface OriginGuardOptions {
  /** The source's base_url origin first, then its allow_origins. */
  allowedOrigins: string[];
  /** How long one request made by the guard may take (the source's timeout); 0 or unset: no limit of its own. */
  timeoutMs?: number;
  /** Sent with every request to the first allowed origin (base_url's: HTTP Basic or header credentials); never elsewhere. */
  headers?: Record<string, string>;
}

/**
 * Holds a browser context to the source's origins (issue 26): every request of its pages — document,
 * redirect hop, fetch/XHR, script, stylesheet, frame, beacon, popup, WebSocket — to any other origin
 * is aborted before a connection is made, and recorded per page so the evidence can say so.
 *
 * Why redirects are fetched here: Chromium follows a redirect without showing the next hop to
 * Playwright's route handler, so a 302 from the dashboard to another host would be followed
 * unseen. Every request to an allowed origin is therefore made by the guard without following
 * redirects; a redirect whose chain stays on allowed origins is handed to the browser as it came,
 * one that leaves them is aborted and recorded.
 */
export class OriginGuard {
  private readonly allowed: Set<string>;
  private readonly byPage = new WeakMap<Page, BlockedRequest[]>();
  private context: BrowserContext | undefined;
  private readonly owned = new Set<Page>();
  private readonly credentialOrigin: string;
  /** Requests refused that no page could be named for (a worker's, say). */
  readonly unattributed: BlockedRequest[] = [];

  constructor(private readonly options: OriginGuardOptions) {
    this.allowed = new Set(options.allowedOrigins.map((origin) => new URL(origin).origin));
    this.credentialOrigin = new URL(options.allowedOrigins[0]).origin;
  }

  // The source's credentials go to base_url's origin only: a CDN in allow_origins never sees them.
  private headersFor(url: string): Record<string, string> | undefined {
    return this.options.headers && new URL(url).origin === this.credentialOrigin
      ? this.options.headers
      : undefined;
  }

  /** Whether a URL's origin is one the source allows (ws/wss count as their http/https origin). */
  allows(url: string): boolean {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if (parsed.protocol === "data:" || parsed.protocol === "blob:" || parsed.protocol === "about:")
      return true;
    const scheme =
      parsed.protocol === "ws:" ? "http:" : parsed.protocol === "wss:" ? "https:" : parsed.protocol;
    return this.allowed.has(`${scheme}//${parsed.host}`);
  }

  /** Installs the guard on a context: its routes, its WebSocket routes and the popup closer. */
  async install(context: BrowserContext): Promise<void> {
    this.context = context;
    await context.route("**/*", (route) => this.handle(route));
    // Sockets of pages the reader did not open (popups, before they are closed); its own pages route theirs.
    await context.routeWebSocket(
      () => true,
      (socket) => this.handleSocket(socket, undefined),
    );
    // Popups are closed: a dashboard read needs none, and one left open would load on its own.
    context.on("page", (page) => page.on("popup", (popup) => void popup.close().catch(() => undefined)));
  }

  /** Marks a page as one the reader opened itself (any other page of the context is a popup) and routes its WebSockets. */
  async own(page: Page): Promise<void> {
    this.owned.add(page);
    page.once("close", () => this.owned.delete(page));
    // Per page, so a refused socket is counted for the page that opened it.
    await page.routeWebSocket(
      () => true,
      (socket) => this.handleSocket(socket, page),
    );
  }

  // The page that opened a popup: Playwright's opener when it knows it already, else the reader's own
  // page the popup's Referer names, else the reader's only page. Undefined for the reader's own pages
  // (a popup's first request may come before Playwright has a page for it: `page` is then undefined).
  private async openerOf(page: Page | undefined, request: Request): Promise<Page | undefined> {
    if (page && this.owned.has(page)) return undefined;
    const known = page ? await page.opener().catch(() => null) : null;
    if (known) return known;
    const referrer = request.headers().referer;
    const owned = [...this.owned];
    return (
      owned.find((candidate) => candidate.url() === referrer) ?? (owned.length === 1 ? owned[0] : undefined)
    );
  }

  /** Requests refused for this page so far (its popups' and frames' included). */
  blockedFor(page: Page): BlockedRequest[] {
    return this.byPage.get(page) ?? [];
  }

  /** Forgets what was recorded for a page (each read starts from zero). */
  reset(page: Page): void {
    this.byPage.delete(page);
  }

  /** A redirect of the page's own document off the allowed origins since the last reset, if any. */
  documentRedirect(page: Page): BlockedRequest | undefined {
    return this.blockedFor(page).find((blocked) => blocked.redirect && blocked.mainFrame);
  }

  /** Whether the page's own script tried to navigate it off the allowed origins (and was stopped). */
  cancelledNavigation(page: Page): boolean {
    return this.blockedFor(page).some((blocked) => !blocked.redirect && blocked.mainFrame);
  }

  private record(page: Page | undefined, blocked: BlockedRequest): void {
    if (!page) {
      this.unattributed.push(blocked);
      return;
    }
    const list = this.byPage.get(page) ?? [];
    list.push(blocked);
    this.byPage.set(page, list);
  }

  private async handle(route: Route): Promise<void> {
    const request = route.request();
    const url = request.url();
    if (isBlockedResource(request.resourceType(), url)) return route.abort("blockedbyclient");
    if (!this.allows(url)) {
      const page = pageOf(request);
      const opener = request.isNavigationRequest() ? await this.openerOf(page, request) : undefined;
      if (opener) {
        // A popup (window.open, target=_blank) trying to load another origin: counted for its opener.
        // Its page may not exist yet for Playwright; closing it is left to the popup listener.
        this.record(opener, { origin: originOf(url) ?? url, type: "popup", redirect: false });
        await route.abort("aborted").catch(() => undefined);
        await page?.close().catch(() => undefined);
        return;
      }
      this.record(page, {
        origin: originOf(url) ?? url,
        type: request.resourceType(),
        redirect: false,
        ...(isMainFrameNavigation(request) ? { mainFrame: true } : {}),
      });
      // A navigation cancelled (ERR_ABORTED, as a download is) leaves the page or frame on its document;
      // one blocked by client would be replaced by the browser's error page, and the table with it.
      if (request.isNavigationRequest()) return route.abort("aborted");
      return route.abort("blockedbyclient");
    }
    let response: APIResponse;
    try {
      response = await route.fetch({
        maxRedirects: 0,
        // This request goes from Node over a kept-alive connection, which the server may close
        // just as it is reused (Node's http server closes one idle for 5 s): it is reset. Chromium
        // would send it again on a new connection; so does the guard, for a request that changes
        // nothing on the server (a POST, such as a sign-in, is not sent twice).
        ...(IDEMPOTENT_METHODS.has(request.method()) ? { maxRetries: 1 } : {}),
        timeout: this.options.timeoutMs ?? 0,
        ...(this.headersFor(url) ? { headers: { ...request.headers(), ...this.headersFor(url) } } : {}),
      });
    } catch (error) {
      // Refused, reset, unresolvable or timed out: the browser meets the same failure, by its own name.
      return route.abort(networkErrorCode(error)).catch(() => undefined);
    }
    const leaving = await this.redirectLeaving(response, url);
    if (leaving) {
      this.record(pageOf(request), {
        origin: leaving,
        type: request.resourceType(),
        redirect: true,
        ...(isMainFrameNavigation(request) ? { mainFrame: true } : {}),
      });
      await response.dispose().catch(() => undefined);
      return route.abort("blockedbyclient");
    }
    await route.fulfill({ response }).catch(() => undefined);
  }

  // The first origin outside the allowed ones that a redirect chain reaches, or undefined. Hops after
  // the first are asked for here (GET, no redirects followed) because the browser will not show them.
  private async redirectLeaving(first: APIResponse, from: string): Promise<string | undefined> {
    let response = first;
    let at = from;
    for (let hop = 0; hop < MAX_REDIRECT_HOPS; hop += 1) {
      const location =
        response.status() >= 300 && response.status() < 400 ? response.headers().location : undefined;
      if (!location) return undefined;
      const next = new URL(location, at).href;
      if (!this.allows(next)) return originOf(next) ?? next;
      at = next;
      const following = await this.context?.request
        .get(next, { maxRedirects: 0, headers: this.headersFor(next) ?? {} })
        .catch(() => undefined);
      if (response !== first) await response.dispose().catch(() => undefined);
      if (!following) return undefined;
      response = following;
    }
    return undefined;
  }

  private handleSocket(socket: WebSocketRoute, page: Page | undefined): void {
    if (this.allows(socket.url())) {
      socket.connectToServer();
      return;
    }
    this.record(page, { origin: originOf(socket.url()) ?? socket.url(), type: "websocket", redirect: false });
    void socket.close({ code: 1008, reason: "origin not allowed by triangulate" }).catch(() => undefined);
  }
}

/** "N requests to other origins blocked (http://x:1: 2 fetch, 1 websocket)", or undefined when none. */
export function describeBlocked(blocked: BlockedRequest[]): string | undefined {
  if (blocked.length === 0) return undefined;
  const byOrigin = new Map<string, Map<string, number>>();
  for (const entry of blocked) {
    const types = byOrigin.get(entry.origin) ?? new Map<string, number>();
    const type = entry.redirect ? `${entry.type} redirect` : entry.type;
    types.set(type, (types.get(type) ?? 0) + 1);
    byOrigin.set(entry.origin, types);
  }
  const parts = [...byOrigin].map(
    ([origin, types]) => `${origin}: ${[...types].map(([type, count]) => `${count} ${type}`).join(", ")}`,
  );
  return `${blocked.length} request${blocked.length === 1 ? "" : "s"} to origins outside the source blocked (${parts.join("; ")})`;
}

/** Methods a request may be sent twice with (RFC 9110 §9.2.2), when its connection was reset. */
const IDEMPOTENT_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

// Playwright's abort codes for what a request made in Node met, so the page's error names the cause.
function networkErrorCode(
  error: unknown,
): "connectionrefused" | "connectionreset" | "namenotresolved" | "timedout" | "failed" {
  const message = error instanceof Error ? error.message : String(error);
  if (/ECONNREFUSED/.test(message)) return "connectionrefused";
  if (/ECONNRESET|socket hang up/.test(message)) return "connectionreset";
  if (/ENOTFOUND|EAI_AGAIN/.test(message)) return "namenotresolved";
  if (/Timeout|ETIMEDOUT/i.test(message)) return "timedout";
  return "failed";
}

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.origin === "null" ? undefined : parsed.origin;
  } catch {
    return undefined;
  }
}

function isMainFrameNavigation(request: Request): boolean {
  try {
    return request.isNavigationRequest() && request.frame() === request.frame().page().mainFrame();
  } catch {
    return false;
  }
}

function pageOf(request: Request): Page | undefined {
  try {
    return request.frame().page();
  } catch {
    // A service worker's or a page-less request.
    return undefined;
  }
}
