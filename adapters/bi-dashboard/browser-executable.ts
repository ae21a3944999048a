import { existsSync } from "node:fs";

/** Debian's "old headless" Chromium build: headless only, no full browser UI to start. */
export const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";
/** Debian's full Chromium. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/**
 * The browser binary to launch. An explicit `browser.executable_path` always wins. Otherwise a
 * headless run prefers chromium-headless-shell when it is installed: it is the same Blink engine
 * (Playwright's own default for headless), but on this 2-core machine it launched in ~60 ms
 * against ~180 ms, and opened two contexts with four pages ~1.3 s sooner than the full browser.
 */
export function resolveBrowserExecutable(
  settings: { executable_path?: string; headless: boolean },
  exists: (path: string) => boolean = existsSync,
): string {
  if (settings.executable_path) return settings.executable_path;
  if (settings.headless && exists(HEADLESS_SHELL_PATH)) return HEADLESS_SHELL_PATH;
  return CHROMIUM_PATH;
}
