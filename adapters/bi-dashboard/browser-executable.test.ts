import { describe, expect, it } from "vitest";
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH, resolveBrowserExecutable } from "./browser-executable.js";

describe("resolveBrowserExecutable", () => {
  const installed = (paths: string[]) => (path: string) => paths.includes(path);

  it("keeps an explicit executable_path whatever is installed", () => {
    expect(
      resolveBrowserExecutable(
        { executable_path: "/opt/chrome/chrome", headless: true },
        installed([HEADLESS_SHELL_PATH]),
      ),
    ).toBe("/opt/chrome/chrome");
  });

  it("prefers the headless shell for headless runs when it is installed", () => {
    expect(
      resolveBrowserExecutable({ headless: true }, installed([HEADLESS_SHELL_PATH, CHROMIUM_PATH])),
    ).toBe(HEADLESS_SHELL_PATH);
    expect(resolveBrowserExecutable({ headless: true }, installed([CHROMIUM_PATH]))).toBe(CHROMIUM_PATH);
  });

  it("uses the full browser for a headed run (the shell has no window)", () => {
    expect(
      resolveBrowserExecutable({ headless: false }, installed([HEADLESS_SHELL_PATH, CHROMIUM_PATH])),
    ).toBe(CHROMIUM_PATH);
  });
});
