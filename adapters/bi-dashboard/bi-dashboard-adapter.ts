import type { Browser, BrowserContext, Page } from "playwright-core";
import { describeSource } from "../../config/describe-sources.js";
import type { Redactor } from "../../config/redactor.js";
import type { Workspace } from "../../config/workspace.js";
import type { Evidence } from "../../models/evidence.js";
import type { SubGoal } from "../../models/plan.js";
import type { SourceCapabilities } from "../../models/source-capabilities.js";
import type { BiDashboardSource, BiDataset } from "../../models/sources/bi-dashboard-source.js";
import { StepError } from "../../models/step-error.js";
import type { SourceConfig } from "../../models/workspace.js";
import type { AdapterFactory, RawResponse, SourceAdapter, StepContext } from "../adapter.js";
import { type BrowserManager, sharedBrowserManager } from "./browser-manager.js";
import { credentialVariables, logIn } from "./dashboard-login.js";
import { saveFailureArtifacts } from "./failure-artifacts.js";
import { describeLandmarks, pageLandmarks } from "./page-landmarks.js";
import { InFlightRequests, NotSettledError, waitUntilSettled } from "./page-readiness.js";
import { errors } from "./playwright.js";
import { describeRegion, type OcrTable, readRegionByOcr, regionLocator } from "./region-ocr.js";
import { SessionStore } from "./session-store.js";
import { landedOnSignIn } from "./sign-in-page.js";
import { stepBudget } from "./step-budget.js";
import { extractTable } from "./table-extraction.js";
import { anchorLocator, describeAnchor, tableLocator } from "./table-locator.js";
import { type ExtractedBody, mapColumns, toTableEvidence } from "./table-normalizer.js";
import { buildDatasetUrl, fillText, templateValues } from "./url-template.js";

/** Resource types never loaded: they cost time and memory and carry no data. */
const BLOCKED_RESOURCES = new Set(["image", "font", "media"]);
// Favicons arrive as type "other"; recognise them (and other stray images) by their extension.
const IMAGE_PATH = /\.(?:png|ico|svg|jpe?g|gif|webp|avif|bmp|woff2?|ttf|otf|mp4|webm|mp3)(?:$|\?)/i;

/** Whether a request is an image, font or media file that the adapter never loads. */
export function isBlockedResource(resourceType: string, url: string): boolean {
  return (
    BLOCKED_RESOURCES.has(resourceType) ||
    (resourceType === "other" && IMAGE_PATH.test(new URL(url).pathname))
  );
}

interface PooledPage {
  page: Page;
  requests: InFlightRequests;
}

/** Reads tables from BI dashboards through headless Chromium, as a person would. */
export class BiDashboardAdapter implements SourceAdapter {
  readonly kind = "bi_dashboard" as const;
  private readonly browserManager: BrowserManager;
  private readonly sessions: SessionStore;
  private readonly redactor: Redactor;
  private readonly credentialVariables: string[];
  private browser: Promise<Browser> | undefined;
  private context: Promise<BrowserContext> | undefined;
  private readonly idlePages: PooledPage[] = [];
  private readonly pages = new Set<PooledPage>();
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
  ) {
    this.browserManager =
      browserManager ?? sharedBrowserManager(workspace.config.browser, workspace.stateDirectory);
    this.sessions = new SessionStore(workspace.stateDirectory, name);
    const secrets = config.login
      ? [config.login.password.value, ...(config.login.username.secret ? [config.login.username.value] : [])]
      : [];
    this.redactor = workspace.redactor.with(secrets);
    this.credentialVariables = credentialVariables(workspace, name);
  }

  /** Datasets, metrics and dimensions this source offers. */
  describe(): SourceCapabilities {
    return describeSource(this.name, this.config);
  }

  /** Opens the dashboard, waits until its table has really loaded, and reads it. */
  async fetch(goal: SubGoal, context: StepContext): Promise<RawResponse> {
    if (this.closed) throw new StepError("config_error", `${this.name}: the adapter is closed`);
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
      throw new StepError("timeout", `${where}: stopped (step deadline or interrupt)`, { url: safeUrl });

    let pooled: PooledPage;
    try {
      pooled = await this.takePage();
    } catch (error) {
      if (!context.signal.aborted) throw error;
      throw new StepError(
        "timeout",
        `${where}: stopped (step deadline or interrupt)`,
        { url: safeUrl },
        { cause: error },
      );
    }
    if (context.signal.aborted) {
      this.givePageBack(pooled, true);
      throw new StepError("timeout", `${where}: stopped (step deadline or interrupt)`, { url: safeUrl });
    }
    let reusable = true;
    const onAbort = () => {
      reusable = false;
      void pooled.page.close().catch(() => undefined);
    };
    context.signal.addEventListener("abort", onAbort, { once: true });
    try {
      await this.open(pooled, url, remaining, context, dataset.locate);
      const page = pooled.page;

      for (const filter of dataset.filters) {
        const value = fillText(filter.value, values);
        if (value === "") continue;
        const control = page.getByLabel(filter.label, { exact: true }).first();
        try {
          await control.waitFor({
            state: "visible",
            timeout: extended ? remaining() : Math.min(remaining(), dataset.wait_seconds * 1000),
          });
        } catch (cause) {
          throw new StepError(
            "not_found",
            `${where}: no control labelled "${filter.label}" on ${url.pathname}`,
            { url: safeUrl, locator: `label "${filter.label}"` },
            { cause },
          );
        }
        if (filter.action === "select") {
          // A value the list does not hold would make selectOption wait out the whole step.
          const options = await control.evaluate((element) =>
            element instanceof HTMLSelectElement
              ? [...element.options].map((option) => ({ value: option.value, label: option.label }))
              : null,
          );
          if (options && !options.some((option) => option.value === value || option.label === value)) {
            throw new StepError(
              "not_found",
              `${where}: "${filter.label}" has no option ${JSON.stringify(value)}; its options are: ${options.map((option) => option.label || option.value).join(", ")}`,
              { url: safeUrl, locator: `label "${filter.label}"` },
            );
          }
          await control.selectOption(value, { timeout: remaining() });
        } else await control.fill(value, { timeout: remaining() });
        context.trace("bi", `bi:${goal.id}:filter:${filter.label}=${value}`);
      }

      const anchorText = describeAnchor(dataset.locate);
      const anchor = anchorLocator(page, dataset.locate);
      const table = tableLocator(page, dataset.locate);
      // On a retry with a longer timeout, the data may take the whole budget to appear.
      const dataDeadline = extended ? deadline : Math.min(deadline, Date.now() + dataset.wait_seconds * 1000);
      const findOrExplain = async (what: string, waiting: () => Promise<void>) => {
        try {
          await waiting();
        } catch (cause) {
          if (!(cause instanceof errors.TimeoutError)) throw cause;
          if (pooled.requests.count > 0) {
            throw new StepError(
              "timeout",
              `${where}: ${what} did not appear within ${Math.round((Date.now() - started) / 1000)} s; data requests still pending (${pooled.requests.pendingPaths().join(", ")})`,
              { url: safeUrl, locator: anchorText },
              { cause },
            );
          }
          const landmarks = await pageLandmarks(pooled.page).catch(() => undefined);
          throw new StepError(
            "not_found",
            `${where}: ${what} not found on ${url.pathname}${landmarks ? `; ${describeLandmarks(landmarks, dataset.locate)}` : ""}`,
            { url: safeUrl, locator: anchorText, ...(landmarks ? { page_landmarks: landmarks } : {}) },
            { cause },
          );
        }
      };
      if (anchor)
        await findOrExplain(`the anchor (${anchorText})`, () =>
          anchor.waitFor({ state: "visible", timeout: Math.max(1, dataDeadline - Date.now()) }),
        );
      const region = regionLocator(page, dataset.locate);
      const stem = `${goal.id.replace(/[^A-Za-z0-9_-]/g, "_")}-${context.attempt}`;
      const readByOcr = async (what: string) => {
        context.trace("bi", `bi:${goal.id}:ocr:${what}`);
        return readRegionByOcr(region, dataset.ocr, {
          deadline,
          runDirectory: context.runDirectory,
          stem,
          where: `${where}: ${what} at ${anchorText}`,
        });
      };
      let ocrTable: OcrTable | undefined;
      let regionText = "table";
      if (dataset.extract === "ocr") {
        await findOrExplain(`a canvas or image at ${anchorText}`, () =>
          region.waitFor({ state: "visible", timeout: Math.max(1, dataDeadline - Date.now()) }),
        );
        await waitUntilSettled(region, pooled.requests, deadline, undefined, context.signal);
        regionText = await describeRegion(region);
        ocrTable = await readByOcr(regionText);
      } else {
        // Whichever comes first: a table, or a canvas / image where the numbers are only pixels.
        await findOrExplain(`a table at ${anchorText}`, () =>
          table
            .or(region)
            .first()
            .waitFor({ state: "attached", timeout: Math.max(1, dataDeadline - Date.now()) }),
        );
        if ((await table.count()) === 0) {
          // The region came first; data still arriving may yet build a table below it.
          await waitUntilSettled(region, pooled.requests, deadline, undefined, context.signal);
          if ((await table.count()) === 0) {
            regionText = await describeRegion(region);
            if (dataset.extract !== "auto")
              throw new StepError(
                "format_error",
                `${where}: at ${anchorText} there is ${regionText}, no table: needs OCR (set extract: ocr or auto for ${datasetName})`,
                { url: safeUrl, locator: anchorText, region: regionText, needs_ocr: true },
                { retryable: false },
              );
            ocrTable = await readByOcr(regionText);
          }
        }
      }
      let body: ExtractedBody;
      let pages = 1;
      let scrollSteps = 0;
      if (ocrTable) {
        body = {
          url: this.redactor.text(page.url()),
          locator: `${anchorText} → ${regionText} (OCR)`,
          headers: ocrTable.headers,
          rows: ocrTable.rows,
          pages: 1,
          scrollSteps: 0,
          ocr: ocrTable.reading,
        };
      } else {
        // wait_seconds bounds the data's appearance; once it is there, settling may use the whole budget.
        await waitUntilSettled(table, pooled.requests, deadline, undefined, context.signal);
        const extracted = await extractTable(table, {
          mode: dataset.extract === "ocr" ? "auto" : dataset.extract,
          requests: pooled.requests,
          deadline,
          nextButton: dataset.next_button,
          signal: context.signal,
        });
        pages = extracted.pages;
        scrollSteps = extracted.scrollSteps;
        body = {
          url: this.redactor.text(page.url()),
          locator: `${anchorText} → table`,
          headers: extracted.headers,
          rows: extracted.rows,
          pages: extracted.pages,
          scrollSteps: extracted.scrollSteps,
        };
      }
      // Check the mapping and emptiness now, while the page is open for the failure screenshot.
      mapColumns(body.headers, dataset.columns, `${this.name}: ${body.locator}`);
      const evidence = toTableEvidence(body, dataset, goal, this.name, this.workspace.config.catalog);
      const selectionShapesPage = /\{[^}]+\}/.test(dataset.url) || dataset.filters.length > 0;
      if (body.rows.length === 0 && !selectionShapesPage) {
        // The table is there but empty although nothing of the sub-goal reached the page: its rows
        // come from a script that did not run, failed, or had not finished. Saying "no rows for
        // <period>" would blame the data.
        throw new StepError(
          "not_found",
          `${where}: the table at ${anchorText} is on the page but has no rows once the page settled (${Math.round((Date.now() - started) / 1000)} s); its rows are probably filled in by JavaScript that failed or did not finish (open the page in a browser, or raise wait_seconds)`,
          { url: safeUrl, locator: body.locator, rows_on_page: 0 },
        );
      }
      if (evidence.rows.length === 0) {
        throw new StepError(
          "no_results",
          `${where}: the ${ocrTable ? `${regionText} read by OCR` : "table"} at ${anchorText} has no rows for ${describeGoalFilters(goal)}`,
          { url: safeUrl, locator: body.locator, rows_on_page: body.rows.length },
        );
      }
      const elapsed = Date.now() - started;
      context.trace(
        "bi",
        `bi:${goal.id}:${this.name}.${datasetName}:${body.rows.length} rows:${pages} page(s):${scrollSteps} scrolls:${elapsed}ms${ocrTable ? `:ocr ${ocrTable.reading.elapsedMs}ms` : ""}`,
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
          ...(ocrTable
            ? { ocr: true, ocr_engine: ocrTable.reading.engine, ocr_image: ocrTable.reading.image }
            : {}),
          rows_on_page: body.rows.length,
          elapsed_ms: elapsed,
        },
      };
    } catch (error) {
      const stepError = this.classify(error, where, safeUrl, context);
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
      throw new StepError("no_results", `${this.name}: no rows for ${describeGoalFilters(goal)}`);
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
      throw new StepError(
        "config_error",
        `${this.name} has no dataset ${goal.dataset ? `"${goal.dataset}"` : `offering ${goal.params.metric ?? "this sub-goal"}`}; it has ${names.join(", ")}`,
      );
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
        const browser = await (this.browser as Promise<Browser>);
        const storageState = await this.sessions.load();
        const context = await browser.newContext({
          storageState,
          viewport: { width: 1280, height: 900 },
          serviceWorkers: "block",
        });
        await context.route("**/*", (route) =>
          isBlockedResource(route.request().resourceType(), route.request().url())
            ? route.abort("blockedbyclient")
            : route.continue(),
        );
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
    const idle = this.idlePages.pop();
    if (idle && !idle.page.isClosed()) return idle;
    let context: BrowserContext;
    try {
      context = await this.browserContext();
    } catch (cause) {
      throw new StepError(
        "config_error",
        `${this.name}: cannot start the browser at ${this.browserManager.executablePath} (browser.executable_path): ${cause instanceof Error ? cause.message.split("\n")[0] : String(cause)}`,
        {},
        { cause },
      );
    }
    // close() may have run while the browser started: a page of a closed context would never open.
    if (this.closed) throw new StepError("config_error", `${this.name}: the adapter is closed`);
    const page = await context.newPage();
    const pooled = { page, requests: new InFlightRequests(page) };
    this.pages.add(pooled);
    return pooled;
  }

  private givePageBack(pooled: PooledPage, reusable: boolean): void {
    if (this.closed) return;
    if (reusable && !pooled.page.isClosed()) {
      this.idlePages.push(pooled);
      return;
    }
    this.pages.delete(pooled);
    void pooled.page.close().catch(() => undefined);
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
      // The same address with a #route is a no-op for the browser: the earlier view would be read.
      const navigation = { waitUntil: "domcontentloaded", timeout: remaining() } as const;
      const response = await (pooled.page.url() === url.href
        ? pooled.page.reload(navigation)
        : pooled.page.goto(url.href, navigation));
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
      if (status >= 400) throw statusError(status, this.name, this.redactor.text(url.origin + url.pathname));
      if (attempt === 0 && generation === 0 && this.loginCount === 0)
        context.trace("bi", `bi:${this.name}:session reused`);
      return;
    }
    throw new StepError(
      "auth_error",
      `${this.name}: still sent to the login page after signing in; ${this.credentialVariables.length > 0 ? `check ${this.credentialVariables.map((name) => `$${name}`).join(" and ")}` : "check the login section"}`,
      { url: this.redactor.text(url.origin + url.pathname) },
    );
  }

  private async signIn(seenGeneration: number, timeoutMs: number): Promise<void> {
    if (!this.config.login) {
      throw new StepError(
        "auth_error",
        `${this.name}: the dashboard asks for a login but the source has no login section in triangulate.yaml`,
      );
    }
    if (this.sessionGeneration !== seenGeneration) return; // another fetch signed in meanwhile
    if (!this.loginInFlight) {
      const login = this.config.login;
      this.loginInFlight = (async () => {
        const context = await this.browserContext();
        const page = await context.newPage();
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
  private classify(error: unknown, where: string, url: string, context: StepContext): StepError {
    if (StepError.isStepError(error)) return error;
    if (context.signal.aborted)
      return new StepError(
        "timeout",
        `${where}: stopped (step deadline or interrupt)`,
        { url },
        { cause: error },
      );
    if (error instanceof NotSettledError) {
      return new StepError(
        "timeout",
        `${where}: ${error.message}${error.pendingRequests.length ? ` (${error.pendingRequests.join(", ")})` : ""}`,
        { url, pending: error.pendingRequests },
        { cause: error },
      );
    }
    if (error instanceof errors.TimeoutError)
      return new StepError("timeout", `${where}: ${firstLine(error.message)}`, { url }, { cause: error });
    const message = error instanceof Error ? error.message : String(error);
    // Any network-level failure of the browser (refused, reset, unreachable, unsafe port, TLS).
    if (/net::ERR_[A-Z_]+/.test(message)) {
      return new StepError(
        "server_error",
        `${where}: cannot reach ${this.config.base_url} (${firstLine(message)})`,
        { url },
        { cause: error, retryable: true },
      );
    }
    if (/Target page, context or browser has been closed|Target closed/.test(message)) {
      return new StepError(
        "timeout",
        `${where}: the page was closed before the table was read`,
        { url },
        { cause: error },
      );
    }
    return new StepError("format_error", `${where}: ${firstLine(message)}`, { url }, { cause: error });
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

function statusError(status: number, source: string, url: string): StepError {
  if (status === 401 || status === 403)
    return new StepError("auth_error", `${source}: the dashboard answered ${status}`, { status, url });
  if (status === 404 || status === 410)
    return new StepError("not_found", `${source}: no dashboard at ${url} (${status})`, { status, url });
  if (status === 429)
    return new StepError("rate_limited", `${source}: too many requests (429)`, { status, url });
  return new StepError(
    status >= 500 ? "server_error" : "format_error",
    `${source}: the dashboard answered ${status}`,
    { status, url },
  );
}

function describeGoalFilters(goal: SubGoal): string {
  const parts = Object.entries(goal.params.filters ?? {}).map(
    ([name, value]) => `${name}=${Array.isArray(value) ? value.join("|") : value}`,
  );
  if (goal.params.period) parts.push(`${goal.params.period.from}…${goal.params.period.to}`);
  return parts.join(", ") || "this selection";
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
