import { createRequire } from "node:module";
import type * as Playwright from "playwright-core";

// playwright-core is CommonJS. Imported from ESM, Node first lexes its module and every module it
// re-exports to find named exports, which cost about as much CPU as loading it (measured with
// --cpu-prof: import 1.3 s vs require 0.7 s on the loaded 2-core machine). require skips that.
const playwright = createRequire(import.meta.url)("playwright-core") as typeof Playwright;

/** Playwright's Chromium launcher. */
export const chromium = playwright.chromium;
/** Playwright's error classes (TimeoutError). */
export const errors = playwright.errors;
