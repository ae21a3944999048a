#!/usr/bin/env node
// The light entry of `triangulate ask --server <url>` (issue 27): the question goes to
// `triangulate serve` over HTTP, so this process needs the command line, an HTTP client and the
// answer printer — no planner, no workspace, and no BullMQ or Redis either (the queue client's
// light entry, bin/queue-client-cli.ts, still loads those). `npm run build` bundles it on its own
// (dist/bundle/server-client.cjs); the built CLI's entry runs it when bin/light-entry.ts says the
// command line is an `ask --server`.
// First: Ctrl-C is handled (not death by signal) while the rest loads.
import "./early-interrupt.js";
import { runCommandLine } from "./command-line.js";

// No top-level await: bundled as a CommonJS script like the full CLI.
runCommandLine({
  ask: async () => {
    const { defineAskCommand, refuseLocalAsk } = await import("./commands/ask-definition.js");
    return (program) =>
      defineAskCommand(program, {
        here: refuseLocalAsk,
        server: async () => (await import("./commands/ask-on-server.js")).askOnServer,
      });
  },
});
