import { DEFAULT_TRUST } from "../models/sources/common.js";
import type { SourceConfig } from "../models/workspace.js";

/**
 * The trust weight of a source by name: its configured `trust`, or DEFAULT_TRUST (the schema's
 * default) for a name the workspace does not configure, such as a source recorded in an earlier
 * run and since removed. One rule, so conflict fusion, the answer and report jobs rank alike.
 */
export function trustOf(sources: Record<string, SourceConfig>, source: string): number {
  return Object.hasOwn(sources, source) ? sources[source].trust : DEFAULT_TRUST;
}
