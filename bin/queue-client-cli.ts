#!/usr/bin/env node
// The light entry of `triangulate ask --queue` (issue 27): the question goes to a warm worker, so
// this process needs the command line, the queue client and the answer printer, and nothing of a
// local ask (the planner, the workspace's loading, the adapters). `npm run build` bundles it on
// its own (dist/bundle/queue-client.cjs); the built CLI's entry runs it when
// bin/light-entry.ts says the command line is an `ask --queue`, and the full bundle otherwise.
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
        queue: async () => (await import("./commands/ask-on-queue.js")).askOnQueue,
      });
  },
});
