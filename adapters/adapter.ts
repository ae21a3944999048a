import type { Workspace } from "../config/workspace.js";
import type { Evidence, TableEvidence } from "../models/evidence.js";
import type { SubGoal } from "../models/plan.js";
import type { SourceCapabilities } from "../models/source-capabilities.js";
import type { SourceConfig, SourceKind } from "../models/workspace.js";

/** A raw response as fetched, before normalisation; kept as the step's raw snapshot (redacted). */
export interface RawResponse {
  /** What the adapter asked for, redacted, for the step file: "GET /rest/api/2/search?jql=…". */
  request: string;
  /** HTTP status, where there is one. */
  httpStatus?: number;
  /** Serialisable payload: parsed JSON, extracted table cells, passages. */
  body: unknown;
  /** Media type of the body, e.g. application/json, text/html. */
  contentType?: string;
  /** Extra facts the adapter wants in the step file (pages fetched, locator used). */
  meta?: Record<string, unknown>;
}

/** Per-step facilities the executor gives an adapter. */
export interface StepContext {
  /** Aborted on the step timeout, the overall deadline or Ctrl-C; adapters pass it to I/O. */
  signal: AbortSignal;
  /** Milliseconds this attempt may take. */
  timeoutMs: number;
  /** Plan's as-of date (ISO), for relative periods. */
  asOf: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** A unique id of this request, for logs and the step file. */
  requestId: string;
  /** Directory of this run, for failure artefacts (screenshots, HTML); absent in dry runs. */
  runDirectory?: string;
  /** Records a trace event for this step. */
  trace(kind: string, line: string, detail?: Record<string, unknown>): void;
  /** Reflector hints for retries: use the fallback endpoint, a relaxed filter set, … */
  hints?: { useFallback?: boolean; [key: string]: unknown };
}

/** What a mapping test yields, for `triangulate sources test`: the mapped rows and every miss. */
export interface MappingTestResult {
  /** The mapped rows, as normalize() returns them. */
  evidence: TableEvidence;
  /** One entry per field whose path or locator matched nothing on at least one record. */
  unmatched: { field: string; path: string; records: number; total: number; examples: string[] }[];
  notes: string[];
  /** What the mapping's author must fix though rows came back (a server-side filter sent a value the source does not store); exit code 2. */
  warnings?: string[];
}

/**
 * A source of evidence. One implementation per source kind, in adapters/<kind>/.
 * The executor calls fetch then normalize; anything that goes wrong is thrown as a StepError.
 */
export interface SourceAdapter {
  /** The source kind from the workspace. */
  readonly kind: SourceKind;
  /** The source's name in the workspace. */
  readonly name: string;
  /** Metrics, dimensions, events and datasets this source offers, for the planner. */
  describe(): SourceCapabilities;
  /** Fetches what the sub-goal asks for; may throw a StepError. */
  fetch(goal: SubGoal, context: StepContext): Promise<RawResponse>;
  /** Turns a raw response into typed evidence; deterministic, no model; may throw a StepError. */
  normalize(raw: RawResponse, goal: SubGoal): Evidence;
  /** Releases browsers, connections and files. */
  close(): Promise<void>;
  /**
   * Optional, for `sources test --sample FILE`: maps a saved response (parsed JSON, or the file's
   * text when it is not JSON) without any network. Without it, --sample is refused for the source.
   */
  normalizeSample?(body: unknown, datasetName: string): MappingTestResult | Promise<MappingTestResult>;
  /**
   * Optional, for a live `sources test`: fetches and maps leniently, collecting misses instead of
   * throwing. Without it the command calls fetch() then normalize() and reports a thrown StepError.
   */
  testMapping?(goal: SubGoal, context: StepContext): Promise<MappingTestResult>;
}

/** Builds an adapter for one configured source. */
export type AdapterFactory = (name: string, config: SourceConfig, workspace: Workspace) => SourceAdapter;
