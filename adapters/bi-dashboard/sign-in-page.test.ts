import { describe, expect, it } from "vitest";
import { Login } from "../../models/sources/bi-dashboard-source.js";
import { isSignInUrl } from "./sign-in-page.js";

// The sign-in page's address: a path, or a single-page app's client-side route after `#`.

const login = (url: string) =>
  Login.parse({
    url,
    username: { label: "Email", value: "ana" },
    password: { label: "Password", value: "secret", secret: true },
  });

describe("isSignInUrl", () => {
  const base = "http://127.0.0.1:4100";

  it("compares the route after # when the sign-in URL is a client-side route (main compared the path alone)", () => {
    expect(isSignInUrl(`${base}/#/login`, base, login("/#/login"))).toBe(true);
    expect(isSignInUrl(`${base}/#/login?next=%2Fdashboard`, base, login("/#/login"))).toBe(true);
    expect(isSignInUrl(`${base}/#/dashboard`, base, login("/#/login"))).toBe(false);
    expect(isSignInUrl(`${base}/`, base, login("/#/login"))).toBe(false);
    expect(isSignInUrl(`${base}/#/loginhelp`, base, login("/#/login"))).toBe(false);
  });

  it("compares the path alone for a sign-in page without a route, whatever fragment the page shows", () => {
    expect(isSignInUrl(`${base}/login`, base, login("/login"))).toBe(true);
    expect(isSignInUrl(`${base}/login#top`, base, login("/login"))).toBe(true);
    expect(isSignInUrl(`${base}/app/login?next=%2Fapp%2Fdashboard`, base, login("/app/login"))).toBe(true);
    expect(isSignInUrl(`${base}/dashboards`, base, login("/login"))).toBe(false);
  });

  it("has no sign-in page without a login section", () => {
    expect(isSignInUrl(`${base}/login`, base, undefined)).toBe(false);
  });
});
