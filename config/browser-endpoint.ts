// A remote browser server's endpoint (`browser.ws_endpoint(s)`) as shown to people, and its parts
// the redactor must hide: known when the workspace loads, used by the BI adapter when it connects.

/**
 * An endpoint as it may be shown: scheme, host and port. The path of a Playwright server's
 * endpoint is its only password (`launchServer` makes it a random token), and a user name,
 * password or query may hold credentials, so none of them is ever printed.
 */
export function endpointLabel(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    const hidden = url.pathname.length > 1 || url.search !== "" || url.username !== "" ? "/…" : "";
    return `${url.protocol}//${url.host}${hidden}`;
  } catch {
    return "(not a URL)";
  }
}

/**
 * The parts of endpoints that must never reach any output (the workspace's redactor hides them):
 * the path (Playwright's token), a password and query values.
 */
export function endpointSecrets(endpoints: readonly string[]): string[] {
  const secrets: string[] = [];
  for (const endpoint of endpoints) {
    try {
      const url = new URL(endpoint);
      const token = url.pathname.replace(/^\/+/, "");
      if (token.length >= 8) secrets.push(token);
      if (url.password) secrets.push(decodeURIComponent(url.password));
      for (const value of url.searchParams.values()) if (value.length >= 8) secrets.push(value);
    } catch {
      // The schema refuses what is not a URL.
    }
  }
  return secrets;
}
