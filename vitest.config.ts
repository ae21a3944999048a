import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", "dist/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Browser and JVM tests are heavy on a 2-core machine: keep parallel files bounded.
    maxWorkers: 2,
    // Each test process launches its own browser (as before sharing): a shared browser server
    // outlives its users by the idle timeout, which tests counting Chromium processes would see.
    // adapters/bi-dashboard/shared-browser.test.ts and the ask-process tests turn sharing on.
    env: { TRIANGULATE_SHARED_BROWSER: "0" },
  },
});
