import type { Locator, Page } from "playwright-core";
import type { z } from "zod";
import type { FieldLocator, Login } from "../../models/sources/bi-dashboard-source.js";
import type { InFlightRequests } from "./page-readiness.js";
import { regionLocator } from "./region-ocr.js";
import { type AnchorSpec, anchorLocator, tableLocator } from "./table-locator.js";
import { buildDatasetUrl } from "./url-template.js";

// Whether the browser is on the sign-in page, judged as a person judges it: by the address, where
// a single-page app's sign-in is a client-side route (`/#/login`: the part after `#` is the
// route), and by what the page shows (the sign-in form). A single-page app sends the browser to
// its sign-in route from its own script, after the document has loaded and its session check has
// answered, so the landing is known only once the sign-in form or the target shows, or the page
// settles with neither.

/** How long the page must be quiet (no data request, document complete) before "neither" is the answer. */
const SETTLED_MS = 400;
const POLL_MS = 50;

/** The route of a client-side URL: the fragment up to its own query ("#/login?next=…" → "#/login"). */
function routeOf(hash: string): string {
  return hash.split("?")[0];
}

/**
 * Whether the URL is the sign-in page: the same path, and when the configured sign-in URL names a
 * client-side route (a `#` fragment), the same route.
 */
export function isSignInUrl(
  pageUrl: string,
  baseUrl: string,
  login: z.infer<typeof Login> | undefined,
): boolean {
  if (!login) return false;
  try {
    const signIn = buildDatasetUrl(baseUrl, login.url, {});
    const page = new URL(pageUrl);
    if (page.pathname !== signIn.pathname) return false;
    return signIn.hash === "" || routeOf(page.hash) === routeOf(signIn.hash);
  } catch {
    return false;
  }
}

/** A form field found the way a person finds it: by its label, else its placeholder. */
export function signInField(page: Page, locator: z.infer<typeof FieldLocator>): Locator {
  return (
    locator.label !== undefined
      ? page.getByLabel(locator.label, { exact: true })
      : page.getByPlaceholder(locator.placeholder ?? "", { exact: true })
  ).first();
}

/** Whether the page shows the sign-in form (its password field is visible). */
export async function showsSignInForm(page: Page, login: z.infer<typeof Login>): Promise<boolean> {
  return signInField(page, login.password)
    .isVisible()
    .catch(() => false);
}

/**
 * Where a navigation landed: on the sign-in page (its URL, or its form on a settled page) or on
 * the page itself (the dataset's anchor, table or region visible without the form, or the page
 * settled without the form). Bounded by the deadline; reaching it counts as the page (the steps that follow say what
 * is missing). Without a login section there is no sign-in page to land on.
 */
export async function landedOnSignIn(
  page: Page,
  source: { base_url: string; login?: z.infer<typeof Login> },
  requests: InFlightRequests,
  deadline: number,
  locate?: AnchorSpec,
): Promise<boolean> {
  const { login } = source;
  const target =
    locate && (anchorLocator(page, locate) ?? tableLocator(page, locate).or(regionLocator(page, locate)));
  if (!login) return false;
  for (;;) {
    // A page closed under it (the step aborted) answers nothing: the next step says so at once.
    if (page.isClosed()) return false;
    if (isSignInUrl(page.url(), source.base_url, login)) return true;
    const formShown = await showsSignInForm(page, login);
    if (!formShown && target && (await target.isVisible().catch(() => false))) return false;
    // The form decides only once the page is quiet: after a same-document route change the previous
    // view (a sign-in form) stays on screen until the new view's data has arrived, and a sign-in
    // dialog may stand over a view that is already there.
    const complete = (await page.evaluate("document.readyState").catch(() => "")) === "complete";
    if (complete && requests.count === 0 && Date.now() - requests.lastChange >= SETTLED_MS)
      return showsSignInForm(page, login);
    if (Date.now() + POLL_MS >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
