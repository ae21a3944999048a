import pLimit, { type LimitFunction } from "p-limit";
import type { Workspace } from "../config/workspace.js";
import type { SourceConfig, SourceKind } from "../models/workspace.js";
import type { AdapterFactory, SourceAdapter } from "./adapter.js";
import { SharedReads } from "./shared-reads.js";

// Loaded lazily so a run that only reads CSV files never loads a browser driver or LanceDB.
const factories: Record<SourceKind, () => Promise<AdapterFactory>> = {
  file: async () => (await import("./file/file-adapter.js")).createFileAdapter,
  bi_dashboard: async () => (await import("./bi-dashboard/bi-dashboard-adapter.js")).createBiDashboardAdapter,
  tickets: async () => (await import("./tickets/tickets-adapter.js")).createTicketsAdapter,
  pdf_kb: async () => (await import("./pdf-kb/pdf-kb-adapter.js")).createPdfKnowledgeBaseAdapter,
};

/** Builds the adapter for one configured source. */
export async function createAdapter(
  name: string,
  config: SourceConfig,
  workspace: Workspace,
): Promise<SourceAdapter> {
  // The source's own ${VAR}s are resolved now, when it is used; unset ones stop here, named.
  workspace.requireVariablesOf(name);
  const factory = await factories[config.kind]();
  return factory(name, config, workspace);
}

/**
 * Holds one adapter per source, created on first use, closed together: for the length of a run, or
 * of a report job's questions, or of a warm worker's life (its jobs run on one pool at once).
 */
export class AdapterPool {
  private readonly adapters = new Map<string, Promise<SourceAdapter>>();
  private readonly limits = new Map<string, LimitFunction>();
  /**
   * The reads waiting or running on this pool's adapters: concurrent steps of the runs sharing the
   * pool that need the same read share one fetch (adapters/shared-reads.ts).
   */
  readonly reads = new SharedReads();

  /** `create` replaces the registry, for tests and benchmarks of the executor itself. */
  constructor(
    private readonly workspace: Workspace,
    private readonly create: (
      name: string,
      config: SourceConfig,
      workspace: Workspace,
    ) => Promise<SourceAdapter> = createAdapter,
  ) {}

  /** The adapter of a source, created on first use. */
  get(name: string): Promise<SourceAdapter> {
    let adapter = this.adapters.get(name);
    if (!adapter) {
      const config = this.workspace.config.sources[name];
      if (!config) throw new Error(`no source named ${name} in ${this.workspace.file}`);
      adapter = this.create(name, config, this.workspace);
      this.adapters.set(name, adapter);
    }
    return adapter;
  }

  /**
   * The turn-taking of a source: at most its `concurrency` requests at once from every run that
   * shares this pool. One adapter serves all of those runs (one browser context, one knowledge-base
   * handle), so the bound must be the pool's, not each run's: twenty asks on a warm worker would
   * otherwise open twenty pages of one dashboard at once. The executor takes a turn before an
   * attempt's clock starts, so waiting for one never eats a step's timeout.
   */
  sourceLimit(name: string): LimitFunction {
    let limit = this.limits.get(name);
    if (!limit) {
      limit = pLimit(this.workspace.config.sources[name]?.concurrency ?? 1);
      this.limits.set(name, limit);
    }
    return limit;
  }

  /** Closes every adapter that was created, even if some fail to close. */
  async close(): Promise<void> {
    const pending = [...this.adapters.values()];
    this.adapters.clear();
    await Promise.allSettled(pending.map(async (adapter) => (await adapter).close()));
  }
}
