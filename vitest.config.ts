import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", "dist/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Browser and JVM tests are heavy on a 2-core machine: keep parallel files bounded.
    maxWorkers: 2,
  },
});
