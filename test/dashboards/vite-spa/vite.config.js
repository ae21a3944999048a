import { defineConfig } from "vite";

// Built offline into dist/ (the tests serve it on loopback); relative asset paths so the bundle
// works under any base URL.
export default defineConfig({
  base: "./",
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 2000 },
  logLevel: "warn",
});
