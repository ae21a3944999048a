import { readFileSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { parse } from "yaml";
import type { z } from "zod";
import type { Workspace } from "../../config/workspace.js";
import type { Login } from "../../models/sources/bi-dashboard-source.js";
import { codedStepError, StepError } from "../../models/step-error.js";
import { isSignInUrl, showsSignInForm, signInField } from "./sign-in-page.js";
import { buildDatasetUrl } from "./url-template.js";

/** How long a loaded, quiet login page may take to show a field before it counts as missing. */
const FIELD_GRACE_MS = 1000;

/** The login section of a bi_dashboard source. */
export type LoginSettings = z.infer<typeof Login>;

/**
 * Names of the ${VARS} the source's credentials come from, read from the YAML text (the loaded
 * config holds only the substituted values), so an auth error can say which variables to check.
 */
export function credentialVariables(workspace: Workspace, sourceName: string): string[] {
  try {
    const document = parse(readFileSync(workspace.file, "utf8")) as {
      sources?: Record<string, { login?: { username?: { value?: string }; password?: { value?: string } } }>;
    };
    const login = document?.sources?.[sourceName]?.login;
    const names = [login?.username?.value, login?.password?.value].flatMap((value) =>
      [...String(value ?? "").matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]),
    );
    return [...new Set(names)];
  } catch {
    return [];
  }
}

/**
 * Whether the URL is the login page (the dashboard redirected there: no or an expired session); a
 * login URL with a `#/route` is a single-page app's client-side route, compared too.
 */
export function isLoginUrl(pageUrl: string, baseUrl: string, login: LoginSettings | undefined): boolean {
  return isSignInUrl(pageUrl, baseUrl, login);
}

/**
 * Signs in the way a person does: opens the login URL, fills the fields found by label or
 * placeholder, clicks the submit button by its role and name, and checks success by the app's
 * state: the login form gone from a loaded page that is no longer the login page (a single-page
 * app's `#/login` route counts as the page), plus the configured URL fragment or visible text.
 * Refused credentials or a missing field → auth_error; the step running out of time first → timeout.
 */
export async function logIn(
  page: Page,
  options: {
    sourceName: string;
    baseUrl: string;
    login: LoginSettings;
    timeoutMs: number;
    variables: string[];
  },
): Promise<void> {
  const { login, sourceName } = options;
  const deadline = Date.now() + options.timeoutMs;
  const remaining = () => Math.max(1, deadline - Date.now());
  const loginUrl = buildDatasetUrl(options.baseUrl, login.url, {});
  await page.goto(loginUrl.href, { waitUntil: "domcontentloaded", timeout: remaining() });
  // A field that is not there fails fast once the page has loaded and gone quiet (a wrong label is
  // auth_error in a second or two, not at the step deadline); a page still loading when the step
  // runs out of time is a timeout, which the reflector may retry with a longer one.
  const missingField = async (which: string, locator: Locator) => {
    const description = JSON.stringify(
      which === "username"
        ? (login.username.label ?? login.username.placeholder)
        : (login.password.label ?? login.password.placeholder),
    );
    const shown = locator.waitFor({ state: "visible", timeout: remaining() }).then(() => true);
    const settledWithout = (async () => {
      await page.waitForLoadState("load", { timeout: remaining() });
      await page.waitForLoadState("networkidle", { timeout: remaining() });
      await new Promise((resolve) => setTimeout(resolve, Math.min(FIELD_GRACE_MS, remaining())));
      return locator.isVisible();
    })();
    settledWithout.catch(() => undefined);
    let found: boolean;
    try {
      found = await Promise.race([shown, settledWithout]);
    } catch (cause) {
      throw codedStepError(
        "timeout",
        { code: "login_field_slow", source: sourceName, page: loginUrl.pathname, field: which, description },
        { url: loginUrl.origin + loginUrl.pathname, locator: which },
        { cause },
      );
    } finally {
      shown.catch(() => undefined);
    }
    if (!found)
      throw codedStepError(
        "auth_error",
        {
          code: "login_field_missing",
          source: sourceName,
          page: loginUrl.pathname,
          field: which,
          description,
        },
        { url: loginUrl.origin + loginUrl.pathname, locator: which },
      );
  };
  const username = signInField(page, login.username);
  const password = signInField(page, login.password);
  await missingField("username", username);
  await missingField("password", password);
  await username.fill(login.username.value, { timeout: remaining() });
  await password.fill(login.password.value, { timeout: remaining() });
  let navigated = false;
  const onNavigation = (frame: { parentFrame(): unknown }) => {
    if (frame.parentFrame() === null) navigated = true;
  };
  page.on("framenavigated", onNavigation);
  await page.getByRole("button", { name: login.submit, exact: true }).first().click({ timeout: remaining() });

  // Poll both outcomes so a refused login fails at once instead of at the deadline. Success is the
  // app's state, not only its address (a single-page app changes its route before, or without,
  // rendering the next view; a page between two documents shows no form at all): off the login
  // page, loaded, the form gone, and the configured URL fragment / text. Refusal is an alert, or
  // the login page loaded again after the submit.
  const succeeded = async () => {
    const url = page.url();
    if (
      login.success?.url_contains
        ? !url.includes(login.success.url_contains)
        : isLoginUrl(url, options.baseUrl, login)
    )
      return false;
    if ((await page.evaluate("document.readyState").catch(() => "")) !== "complete") return false;
    if (await showsSignInForm(page, login)) return false;
    return login.success?.text ? page.getByText(login.success.text).first().isVisible() : true;
  };
  const refused = async () =>
    (await page
      .getByRole("alert")
      .first()
      .isVisible()
      .catch(() => false)) ||
    (navigated &&
      isLoginUrl(page.url(), options.baseUrl, login) &&
      (await page.evaluate("document.readyState").catch(() => "")) === "complete");
  try {
    for (;;) {
      // A page closed under the login (the step was aborted) is not a refused login.
      if (page.isClosed()) throw new Error("Target page, context or browser has been closed");
      if (await succeeded().catch(() => false)) return;
      if (await refused()) throw new Error("the login page came back");
      if (Date.now() >= deadline) {
        throw codedStepError(
          "timeout",
          { code: "login_unconfirmed", source: sourceName },
          { url: loginUrl.origin + loginUrl.pathname },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (cause) {
    if (StepError.isStepError(cause) || page.isClosed()) throw cause;
    const stillOnLogin = isLoginUrl(page.url(), options.baseUrl, login);
    throw codedStepError(
      "auth_error",
      { code: "login_failed", source: sourceName, stillOnLogin, variables: options.variables },
      { url: loginUrl.origin + loginUrl.pathname, variables: options.variables },
      { cause },
    );
  } finally {
    page.off("framenavigated", onNavigation);
  }
}
