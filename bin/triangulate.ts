#!/usr/bin/env node
// First: Ctrl-C is handled (not death by signal) while the rest loads.
import "./early-interrupt.js";
import { type CommandLoader, runCommandLine } from "./command-line.js";

// Each command's module (and what it pulls in: a browser driver, LanceDB, vega) loads only when
// that command runs, so `triangulate run` does not pay for `triangulate report`'s charts.
const commands: Record<string, CommandLoader> = {
  ask: async () => (await import("./commands/ask-command.js")).registerAskCommand,
  config: async () => (await import("./commands/config-command.js")).registerConfigCommand,
  demo: async () => (await import("./commands/demo-command.js")).registerDemoCommand,
  eval: async () => (await import("./commands/eval-command.js")).registerEvalCommand,
  history: async () => (await import("./commands/history-command.js")).registerHistoryCommand,
  init: async () => (await import("./commands/init-command.js")).registerInitCommand,
  ingest: async () => (await import("./commands/ingest-command.js")).registerIngestCommand,
  kb: async () => (await import("./commands/kb-command.js")).registerKbCommand,
  mcp: async () => (await import("./commands/mcp-command.js")).registerMcpCommand,
  plan: async () => (await import("./commands/plan-command.js")).registerPlanCommand,
  report: async () => (await import("./commands/report-command.js")).registerReportCommand,
  rule: async () => (await import("./commands/rule-command.js")).registerRuleCommand,
  run: async () => (await import("./commands/run-command.js")).registerRunCommand,
  runs: async () => (await import("./commands/runs-command.js")).registerRunsCommand,
  serve: async () => (await import("./commands/serve-command.js")).registerServeCommand,
  schedule: async () => (await import("./commands/schedule-command.js")).registerScheduleCommand,
  schema: async () => (await import("./commands/schema-command.js")).registerSchemaCommand,
  sources: async () => (await import("./commands/sources-command.js")).registerSourcesCommand,
  worker: async () => (await import("./commands/worker-command.js")).registerWorkerCommand,
};

// No top-level await: `npm run build` bundles this entry as a CommonJS script (build/bundle-cli.ts).
runCommandLine(commands);
