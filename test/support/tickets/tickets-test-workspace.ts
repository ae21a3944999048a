import type { StepContext } from "../../../adapters/adapter.js";
import { TicketsAdapter } from "../../../adapters/tickets/tickets-adapter.js";
import { Workspace } from "../../../config/workspace.js";
import type { SubGoal } from "../../../models/plan.js";
import { WorkspaceConfig } from "../../../models/workspace.js";

/** Builds a tickets adapter over an in-memory workspace with one tickets source (tests and benchmarks). */
export function ticketsAdapterFor(
  source: Record<string, unknown>,
  options: { secrets?: string[]; name?: string } = {},
): TicketsAdapter {
  const name = options.name ?? "tickets";
  const config = WorkspaceConfig.parse({
    catalog: {
      dimensions: {
        region: { values: { East: ["华东", "East China"], North: ["华北", "North China"] } },
        category: { values: { Service: ["服务"] } },
      },
      events: { logistics_provider_change: {} },
      metrics: { complaints: {} },
    },
    sources: { [name]: { kind: "tickets", ...source } },
  });
  const workspace = new Workspace(
    "/tmp",
    "/tmp/does-not-exist/triangulate.yaml",
    config,
    options.secrets ?? [],
  );
  const sourceConfig = config.sources[name];
  if (sourceConfig.kind !== "tickets") throw new Error("not a tickets source");
  return new TicketsAdapter(name, sourceConfig, workspace);
}

/** A step context with a trace that keeps its lines, an optional deadline and hints. */
export function stepContext(
  options: { timeoutMs?: number; signal?: AbortSignal; hints?: StepContext["hints"]; asOf?: string } = {},
): StepContext & { lines: string[] } {
  const lines: string[] = [];
  return {
    signal: options.signal ?? new AbortController().signal,
    timeoutMs: options.timeoutMs ?? 5000,
    asOf: options.asOf ?? "2024-06-30",
    attempt: 1,
    requestId: "test",
    trace: (kind, line) => {
      lines.push(`${kind}:${line}`);
    },
    ...(options.hints ? { hints: options.hints } : {}),
    lines,
  };
}

/** A sub-goal for one search of the tickets source. */
export function goalFor(
  dataset: string,
  params: Partial<SubGoal["params"]> = {},
  source = "tickets",
): SubGoal {
  return {
    id: "g1",
    description: `test ${dataset}`,
    source,
    dataset,
    params: { filters: {}, ...params },
    expected_format: "records",
    validation: "",
    required: true,
  };
}
