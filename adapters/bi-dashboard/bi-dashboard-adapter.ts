import type { Browser, BrowserContext, Page } from "playwright-core";
import { describeSource } from "../../config/describe-sources.js";
import type { Redactor } from "../../config/redactor.js";
import type { Workspace } from "../../config/workspace.js";
import type { Evidence } from "../../models/evidence.js";
import type { SubGoal } from "../../models/plan.js";
import type { SourceCapabilities } from "../../models/source-capabilities.js";
import type { BiDashboardSource, BiDataset } from "../../models/sources/bi-dashboard-source.js";
import { codedStepError, StepError } from "../../models/step-error.js";
import type { StepMessage } from "../../models/step-message.js";
import type { CredentialPlace } from "../../models/step-messages/request-messages.js";
import type { SourceConfig } from "../../models/workspace.js";
import type { AdapterFactory, RawResponse, SourceAdapter, StepContext } from "../adapter.js";
import { authHeaders, credentialPlaceOf } from "../shared/credentials.js";
import { type BrowserManager, sharedBrowserManager } from "./browser-manager.js";
import { TABLE_CHANGES } from "./browser-scripts.js";
import { credentialVariables, logIn } from "./dashboard-login.js";
import type { DashboardRead } from "./dashboard-read.js";
import { saveFailureArtifacts } from "./failure-artifacts.js";
import { describeBlocked, OriginGuard } from "./origin-guard.js";
import { pagePeriod } from "./page-period.js";
import { InFlightRequests, NotSettledError } from "./page-readiness.js";
import { errors } from "./playwright.js";
import { explainNoRows, locateData, setFilters } from "./read-steps.js";
import { SessionStore } from "./session-store.js";
import { landedOnSignIn } from "./sign-in-page.js";
import { StalledStepError } from "./stalled-step-error.js";
import { stepBudget } from "./step-budget.js";
import { type ExtractedBody, mapColumns, toTableEvidence } from "./table-normalizer.js";
import { readerFor } from "./table-readers.js";
import { buildDatasetUrl, templateValues } from "./url-template.js";

interface PooledPage {
  page: Page;
  requests: InFlightRequests;
  /** When it was given back (while idle). */
  idleSince?: number;
}

/**
 * Idle pages beyond one are closed after this long unused. Each page is a renderer process of
 * about 100 MB: in a process that lives on (a warm worker, `serve`), the pages a burst of questions
 * opened must not stay open; one stays, so the next question does not wait for a new one.
 */
const SPARE_PAGE_IDLE_MS = 10_000;

/** Settings of the adapter itself; each has a default. */
export interface BiDashboardAdapterOptions {
  /** How long an idle page beyond the first stays open (default SPARE_PAGE_IDLE_MS). */
  sparePageIdleMs?: number;
}

/** Reads tables from BI dashboards through headless Chromium, as a person would. */
export class BiDashboardAdapter implements SourceAdapter {
  readonly kind = "bi_dashboard" as const;
  private readonly browserManager: BrowserManager;
  private readonly sessions: SessionStore;
  private readonly redactor: Redactor;
  private readonly credentialVariables: string[];
  private readonly guard: OriginGuard;
  private browser: Promise<Browser> | undefined;
  private context: Promise<BrowserContext> | undefined;
  private readonly idlePages: PooledPage[] = [];
  private readonly pages = new Set<PooledPage>();
  private spareTimer: NodeJS.Timeout | undefined;
  private loginInFlight: Promise<void> | undefined;
  private sessionGeneration = 0;
  private closed = false;
  // True once the browser manager granted a lease; only then does close() give one back.
  private leased = false;
  /** Logins this adapter performed (0 when a stored session was reused). */
  loginCount = 0;

  constructor(
    readonly name: string,
    private readonly config: BiDashboardSource,
    private readonly workspace: Workspace,
    browserManager?: BrowserManager,
    private readonly options: BiDashboardAdapterOptions = {},
  ) {
    this.browserManager =
      browserManager ?? sharedBrowserManager(workspace.config.browser, workspace.stateDirectory);
    this.sessions = new SessionStore(workspace.stateDirectory, name);
    const credentials = authHeaders(config.auth);
    const secrets = [
      ...credentials.secrets,
      ...(config.login
        ? [
            config.login.password.value,
            ...(config.login.username.secret ? [config.login.username.value] : []),
          ]
        : []),
    ];
    this.redactor = workspace.redactor.with(secrets);
    this.guard = new OriginGuard({
      allowedOrigins: [new URL(config.base_url).origin, ...config.allow_origins],
      // A retry may be given up to the executor's step timeout: no request of the guard's may end sooner.
      timeoutMs: Math.max(config.timeout_seconds, workspace.config.executor.step_timeout_seconds) * 1000,
      ...(Object.keys(credentials.headers).length > 0 ? { headers: credentials.headers } : {}),
    });
    this.credentialVariables = credentialVariables(workspace, name);
  }

  /** Datasets, metrics and dimensions this source offers. */
  describe(): SourceCapabilities {
    return describeSource(this.name, this.config);
  }

  /** Opens the dashboard, waits until its table has really loaded, and reads it. */
  async fetch(goal: SubGoal, context: StepContext): Promise<RawResponse> {
    if (this.closed) throw codedStepError("config_error", { code: "adapter_closed", source: this.name });
    const [datasetName, dataset] = this.dataset(goal);
    const values = templateValues(goal);
    const url = buildDatasetUrl(
      this.config.base_url,
      dataset.url,
      values,
      `sources.${this.name}.datasets.${datasetName}.url`,
    );
    const { budgetMs: budget, extended } = stepBudget(context, this.config.timeout_seconds);
    const started = Date.now();
    const deadline = started + budget;
    const remaining = () => Math.max(1, deadline - Date.now());
    const where = `${this.name}.${datasetName}`;
    const safeUrl = this.redactor.text(url.origin + url.pathname + url.search);
    // A step aborted before it began opens no page (its abort listener would never fire).
    if (context.signal.aborted)
      throw codedStepError("timeout", { code: "reading_stopped", where }, { url: safeUrl });

    let pooled: PooledPage;
    try {
      pooled = await this.takePage();
    } catch (error) {
      if (!context.signal.aborted) throw this.classify(error, where, safeUrl, context);
      throw codedStepError("timeout", { code: "reading_stopped", where }, { url: safeUrl }, { cause: error });
    }
    if (context.signal.aborted) {
      this.givePageBack(pooled, true);
      throw codedStepError("timeout", { code: "reading_stopped", where }, { url: safeUrl });
    }
    // No wait on the page outlives the step (Playwright's default is 30 s, whatever the step's budget).
    pooled.page.setDefaultTimeout(budget);
    let reusable = true;
    const onAbort = () => {
      reusable = false;
      void pooled.page.close().catch(() => undefined);
    };
    context.signal.addEventListener("abort", onAbort, { once: true });
    try {
      // The steps of one read, in order: navigate (signing in when sent to the login page), set the
      // filters, locate the data, read it with the strategy for what was found.
      await this.open(pooled, url, remaining, context, dataset.locate);
      const page = pooled.page;
      const read: DashboardRead = {
        page,
        requests: pooled.requests,
        goal,
        datasetName,
        dataset,
        values,
        url,
        safeUrl,
        where,
        context,
        started,
        deadline,
        extended,
      };
      await setFilters(read);
      const located = await locateData(read);
      const reader = readerFor(located);
      const body = await reader.read(read, located, this.redactor);
      const ocrTable = body.ocr;
      const pages = body.pages;
      const scrollSteps = body.scrollSteps;
      const blocked = describeBlocked(this.guard.blockedFor(page));
      if (blocked) body.notes = [...(body.notes ?? []), blocked];
      const period = await pagePeriod(
        dataset,
        located.found === "region" ? located.region : located.table,
        where,
        remaining(),
      );
      if (period) body.period = period;
      // Check the mapping and emptiness now, while the page is open for the failure screenshot.
      mapColumns(body.headers, dataset.columns, `${this.name}: ${body.locator}`);
      const evidence = toTableEvidence(body, dataset, goal, this.name, this.workspace.config.catalog);
      explainNoRows(read, located, body, evidence.rows.length);
      const elapsed = Date.now() - started;
      context.trace(
        "bi",
        `bi:${goal.id}:${this.name}.${datasetName}:${body.rows.length} rows:${pages} page(s):${scrollSteps} scrolls:${elapsed}ms${ocrTable ? `:ocr ${ocrTable.elapsedMs}ms` : ""}`,
      );
      return {
        request: `GET ${safeUrl}`,
        httpStatus: 200,
        body,
        contentType: "text/html",
        meta: {
          dataset: datasetName,
          pages,
          scroll_steps: scrollSteps,
          ...(ocrTable ? { ocr: true, ocr_engine: ocrTable.engine, ocr_image: ocrTable.image } : {}),
          rows_on_page: body.rows.length,
          blocked_requests: this.guard.blockedFor(page).length,
          elapsed_ms: elapsed,
        },
      };
    } catch (error) {
      // A browser whose server was killed closes the page before Playwright reports the connection
      // lost: give the disconnection a moment to arrive, so the failure is named for what it is.
      const message = error instanceof Error ? error.message : "";
      const browser = pooled.page.context().browser();
      if (
        !context.signal.aborted &&
        browser?.isConnected() &&
        /Target page, context or browser has been closed|Target closed/.test(message)
      )
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            browser.off("disconnected", done);
            resolve();
          };
          const timer = setTimeout(done, 1000);
          browser.once("disconnected", done);
        });
      const stepError = this.classify(error, where, safeUrl, context, pooled);
      if (stepError.kind === "timeout") reusable = false;
      if (context.runDirectory && !pooled.page.isClosed()) {
        // A page stuck in navigation answers neither screenshot nor content: stop it first.
        if (stepError.kind === "timeout") await stopLoading(pooled.page);
        const artifacts = await saveFailureArtifacts(
          pooled.page,
          context.runDirectory,
          goal.id,
          context.attempt,
          this.redactor,
        );
        Object.assign(stepError.details, artifacts);
      }
      throw stepError;
    } finally {
      context.signal.removeEventListener("abort", onAbort);
      this.givePageBack(pooled, reusable);
    }
  }

  /** Typed table evidence from what fetch extracted; deterministic. */
  normalize(raw: RawResponse, goal: SubGoal): Evidence {
    const [, dataset] = this.dataset(goal);
    const evidence = toTableEvidence(
      raw.body as ExtractedBody,
      dataset,
      goal,
      this.name,
      this.workspace.config.catalog,
    );
    if (evidence.rows.length === 0)
      throw codedStepError("no_results", {
        code: "table_rows_missing",
        where: this.name,
        table: "table",
        filters: goal.params.filters ?? {},
        ...(goal.params.period ? { from: goal.params.period.from, to: goal.params.period.to } : {}),
      });
    return evidence;
  }

  /** Closes pages and the context and gives the browser lease back. Safe to call twice. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const context = this.context;
    const browser = this.browser;
    this.context = undefined;
    this.browser = undefined;
    clearTimeout(this.spareTimer);
    this.spareTimer = undefined;
    this.idlePages.length = 0;
    this.pages.clear();
    if (context) await context.then((value) => value.close()).catch(() => undefined);
    if (browser) {
      await browser.catch(() => undefined);
      if (this.leased) await this.browserManager.release();
      this.leased = false;
    }
  }

  private dataset(goal: SubGoal): [string, BiDataset] {
    const names = Object.keys(this.config.datasets);
    const name =
      goal.dataset ??
      (names.length === 1
        ? names[0]
        : names.find(
            (each) =>
              goal.params.metric && this.config.datasets[each].offers.metrics.includes(goal.params.metric),
          ));
    const dataset = name ? this.config.datasets[name] : undefined;
    if (!name || !dataset) {
      throw codedStepError("config_error", {
        code: "dataset_unknown",
        source: this.name,
        section: "dashboard",
        ...(goal.dataset ? { dataset: goal.dataset } : {}),
        ...(goal.params.metric ? { metric: goal.params.metric } : {}),
        available: names,
      });
    }
    return [name, dataset];
  }

  private async browserContext(): Promise<BrowserContext> {
    if (!this.context) {
      this.browser = this.browserManager.acquire().then((browser) => {
        this.leased = true;
        return browser;
      });
      const creating = (async () => {
        const leased = this.browser as Promise<Browser>;
        const browser = await leased;
        // A browser that goes away (a remote browser server killed, Chromium crashed) takes this
        // context and its pages with it: forget them and the lease, so the next step connects again.
        browser.once("disconnected", () => {
          if (this.context !== creating) return;
          this.context = undefined;
          this.browser = undefined;
          this.idlePages.length = 0;
          this.pages.clear();
          if (this.leased) {
            this.leased = false;
            void this.browserManager.release();
          }
        });
        const storageState = await this.sessions.load();
        const context = await browser.newContext({
          storageState,
          viewport: { width: 1280, height: 900 },
          serviceWorkers: "block",
        });
        await this.guard.install(context);
        // Each page records when its tables last changed, so readiness knows how long they have been still.
        await context.addInitScript({ content: TABLE_CHANGES });
        return context;
      })();
      this.context = creating;
      creating.catch(() => {
        if (this.context === creating) this.context = undefined;
      });
    }
    return this.context;
  }

  private async takePage(): Promise<PooledPage> {
    // The most recently used first, so the pages left idle longest are the spare ones.
    for (let idle = this.idlePages.pop(); idle; idle = this.idlePages.pop()) {
      if (!idle.page.isClosed()) return idle;
      this.pages.delete(idle);
    }
    let context: BrowserContext;
    try {
      context = await this.browserContext();
    } catch (cause) {
      // A remote browser pool that did not answer says so itself (server_error, endpoints named).
      if (StepError.isStepError(cause)) {
        const said = cause.details.said as StepMessage | undefined;
        if (said?.code === "browser_servers_unreachable")
          throw codedStepError(cause.kind, { ...said, source: this.name }, cause.details, { cause });
        throw new StepError(cause.kind, `${this.name}: ${cause.message}`, cause.details, { cause });
      }
      throw codedStepError(
        "config_error",
        {
          code: "browser_cannot_start",
          source: this.name,
          executable: this.browserManager.executablePath,
          detail: cause instanceof Error ? cause.message.split("\n")[0] : String(cause),
        },
        {},
        { cause },
      );
    }
    // close() may have run while the browser started: a page of a closed context would never open.
    if (this.closed) throw codedStepError("config_error", { code: "adapter_closed", source: this.name });
    const page = await context.newPage();
    await this.guard.own(page);
    const pooled = { page, requests: new InFlightRequests(page) };
    this.pages.add(pooled);
    return pooled;
  }

  private givePageBack(pooled: PooledPage, reusable: boolean): void {
    if (this.closed) return;
    if (reusable && !pooled.page.isClosed()) {
      pooled.idleSince = Date.now();
      this.idlePages.push(pooled);
      this.scheduleSpareClose();
      return;
    }
    this.discard(pooled);
  }

  private discard(pooled: PooledPage): void {
    this.pages.delete(pooled);
    void pooled.page.close().catch(() => undefined);
  }

  // Closes the idle pages beyond the most recently used one once they have been idle
  // sparePageIdleMs; idlePages is a stack, so the oldest idle ones are at its bottom.
  private scheduleSpareClose(): void {
    if (this.spareTimer || this.closed || this.idlePages.length <= 1) return;
    const spareIdleMs = this.options.sparePageIdleMs ?? SPARE_PAGE_IDLE_MS;
    const oldest = this.idlePages[0].idleSince ?? Date.now();
    this.spareTimer = setTimeout(
      () => {
        this.spareTimer = undefined;
        const now = Date.now();
        while (
          !this.closed &&
          this.idlePages.length > 1 &&
          now - (this.idlePages[0].idleSince ?? now) >= spareIdleMs
        )
          this.discard(this.idlePages.shift() as PooledPage);
        this.scheduleSpareClose();
      },
      Math.max(0, oldest + spareIdleMs - Date.now()),
    );
    // A pending close is no reason for the process to stay alive.
    this.spareTimer.unref();
  }

  /** Pages open now (in use and idle): what a warm process keeps between bursts. */
  get openPages(): number {
    return this.pages.size;
  }

  // Navigates to the dashboard; when it lands on the login page, signs in (once, shared by
  // concurrent fetches) and navigates again. A second landing on the login page is auth_error.
  private async open(
    pooled: PooledPage,
    url: URL,
    remaining: () => number,
    context: StepContext,
    target?: BiDataset["locate"],
  ): Promise<void> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const generation = this.sessionGeneration;
      pooled.requests.reset();
      this.guard.reset(pooled.page);
      let response: Awaited<ReturnType<Page["goto"]>>;
      try {
        // The same address with a #route is a no-op for the browser: the earlier view would be read.
        const navigation = { waitUntil: "commit", timeout: remaining() } as const;
        response = await (pooled.page.url() === url.href
          ? pooled.page.reload(navigation)
          : pooled.page.goto(url.href, navigation));
        await this.documentLoaded(pooled, remaining());
      } catch (error) {
        throw this.redirectError(pooled.page, url) ?? error;
      }
      const redirected = this.redirectError(pooled.page, url);
      if (redirected) throw redirected;
      // A single-page app sends the browser to its sign-in route from its own script, after loading.
      // After a same-document route change (no response) the view on screen is the previous one:
      // it proves nothing until the page settles, so no target is given.
      const shown = response ? target : undefined;
      if (await landedOnSignIn(pooled.page, this.config, pooled.requests, Date.now() + remaining(), shown)) {
        if (attempt === 1) break;
        context.trace(
          "bi",
          `bi:${this.name}:login:${generation === 0 && this.loginCount === 0 ? "no session" : "session expired"}`,
        );
        await this.signIn(generation, remaining());
        continue;
      }
      const status = response?.status() ?? 200;
      if (status >= 400)
        throw statusError(status, this.name, this.redactor.text(url.origin + url.pathname), this.authHint());
      if (attempt === 0 && generation === 0 && this.loginCount === 0)
        context.trace("bi", `bi:${this.name}:session reused`);
      return;
    }
    throw codedStepError(
      "auth_error",
      { code: "still_on_login", source: this.name, variables: this.credentialVariables },
      { url: this.redactor.text(url.origin + url.pathname) },
    );
  }

  // Waits for the document to be parsed (DOMContentLoaded), as a bounded step. A page whose own script
  // navigates away while it is parsed never reports it once the guard cancels that navigation, though
  // its document is there: then a parsed document (readyState past "loading") is enough.
  private async documentLoaded(pooled: PooledPage, timeoutMs: number): Promise<void> {
    const page = pooled.page;
    const loaded = page.waitForLoadState("domcontentloaded", { timeout: timeoutMs }).then(() => true);
    loaded.catch(() => undefined);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const done = await Promise.race([
        loaded,
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 100)),
      ]).catch(() => false);
      if (done) return;
      // A page closed under the wait (the step was aborted) rejects the load state at once: that is
      // not a slow page, so stop instead of polling a closed page until the deadline.
      if (page.isClosed()) throw new Error("Target page, context or browser has been closed");
      if (this.guard.cancelledNavigation(page)) {
        const state = await page.evaluate(() => document.readyState, undefined).catch(() => "loading");
        if (state !== "loading") return;
      }
      if (Date.now() >= deadline)
        throw new StalledStepError("page_load", timeoutMs, pooled.requests.pendingResources());
    }
  }

  // What to check when the server refuses: the auth block's ${VAR}s, or that it has none.
  private authHint(): CredentialPlace | undefined {
    if (this.config.auth.type === "none") return undefined;
    return credentialPlaceOf(this.workspace.file, this.name);
  }

  // A typed error when the page's document was redirected to an origin the source does not allow.
  private redirectError(page: Page, url: URL): StepError | undefined {
    const redirect = this.guard.documentRedirect(page);
    if (!redirect) return undefined;
    return codedStepError(
      "config_error",
      {
        code: "redirected_outside",
        source: this.name,
        url: this.redactor.text(url.origin + url.pathname),
        redirect: redirect.origin,
      },
      { url: this.redactor.text(url.origin + url.pathname), redirect_origin: redirect.origin },
      { retryable: false },
    );
  }

  private async signIn(seenGeneration: number, timeoutMs: number): Promise<void> {
    if (!this.config.login) {
      throw codedStepError("auth_error", { code: "login_not_configured", source: this.name });
    }
    if (this.sessionGeneration !== seenGeneration) return; // another fetch signed in meanwhile
    if (!this.loginInFlight) {
      const login = this.config.login;
      this.loginInFlight = (async () => {
        const context = await this.browserContext();
        const page = await context.newPage();
        await this.guard.own(page);
        try {
          await logIn(page, {
            sourceName: this.name,
            baseUrl: this.config.base_url,
            login,
            timeoutMs,
            variables: this.credentialVariables,
          });
          await this.sessions.save(context);
          this.loginCount += 1;
          this.sessionGeneration += 1;
        } finally {
          await page.close().catch(() => undefined);
        }
      })().finally(() => {
        this.loginInFlight = undefined;
      });
    }
    await this.loginInFlight;
  }

  // One place decides the failure kind of anything thrown while reading a dashboard.
  private classify(
    error: unknown,
    where: string,
    url: string,
    context: StepContext,
    pooled?: PooledPage,
  ): StepError {
    if (StepError.isStepError(error)) return error;
    if (context.signal.aborted)
      return codedStepError("timeout", { code: "reading_stopped", where }, { url }, { cause: error });
    if (error instanceof StalledStepError) {
      const loading = error.pending.length > 0 ? [] : (pooled?.requests.pendingResources() ?? []);
      return codedStepError(
        "timeout",
        { code: "page_timed_out", where, wait: error.wait, loading },
        {
          url,
          stalled_step: error.step,
          ...(loading.length + error.pending.length > 0 ? { loading: [...error.pending, ...loading] } : {}),
        },
        { cause: error },
      );
    }
    if (error instanceof NotSettledError) {
      return codedStepError(
        "timeout",
        {
          code: "page_timed_out",
          where,
          wait: { code: "never_settled", unsettled: error.unsettled },
          loading: error.pendingRequests,
          inParentheses: true,
        },
        { url, pending: error.pendingRequests },
        { cause: error },
      );
    }
    if (error instanceof errors.TimeoutError) {
      const loading = pooled?.requests.pendingResources() ?? [];
      return codedStepError(
        "timeout",
        {
          code: "page_timed_out",
          where,
          wait: { code: "browser_timeout", detail: firstLine(error.message) },
          loading,
        },
        { url, ...(loading.length > 0 ? { loading } : {}) },
        { cause: error },
      );
    }
    const message = error instanceof Error ? error.message : String(error);
    // Any network-level failure of the browser (refused, reset, unreachable, unsafe port, TLS).
    if (/net::ERR_[A-Z_]+/.test(message)) {
      return codedStepError(
        "server_error",
        { code: "page_unreachable", where, base: this.config.base_url, detail: firstLine(message) },
        { url },
        { cause: error, retryable: true },
      );
    }
    if (/Target page, context or browser has been closed|Target closed/.test(message)) {
      // The whole browser gone (a remote browser server killed, Chromium crashed) is not the
      // page's doing: another attempt connects again (to the next server of a pool).
      if (!pooled || pooled.page.context().browser()?.isConnected() === false)
        return codedStepError(
          "server_error",
          { code: "browser_gone", where },
          { url },
          { cause: error, retryable: true },
        );
      return codedStepError("timeout", { code: "page_closed", where }, { url }, { cause: error });
    }
    return codedStepError(
      "format_error",
      { code: "page_failed", where, detail: firstLine(message) },
      { url },
      { cause: error },
    );
  }
}

async function stopLoading(page: Page): Promise<void> {
  try {
    const session = await page.context().newCDPSession(page);
    await session.send("Page.stopLoading");
    await session.detach();
  } catch {
    // Not Chromium, or the page is gone: the artefacts will say what they can.
  }
}

function firstLine(message: string): string {
  return message.split("\n")[0];
}

function statusError(
  status: number,
  source: string,
  url: string,
  authHint: CredentialPlace | undefined,
): StepError {
  if (status === 401 || status === 403)
    return codedStepError(
      "auth_error",
      { code: "dashboard_refused", source, status, ...(authHint ? { check: authHint } : {}) },
      { status, url },
    );
  if (status === 404 || status === 410)
    return codedStepError("not_found", { code: "dashboard_missing", source, url, status }, { status, url });
  if (status === 429)
    return codedStepError("rate_limited", { code: "dashboard_rate_limited", source }, { status, url });
  return codedStepError(
    status >= 500 ? "server_error" : "format_error",
    { code: "dashboard_status", source, status },
    { status, url },
  );
}

/** Builds the adapter of one bi_dashboard source (called by adapters/registry.ts). */
export const createBiDashboardAdapter: AdapterFactory = (
  name: string,
  config: SourceConfig,
  workspace: Workspace,
) => {
  if (config.kind !== "bi_dashboard") throw new Error(`source ${name} is ${config.kind}, not bi_dashboard`);
  return new BiDashboardAdapter(name, config, workspace);
};
