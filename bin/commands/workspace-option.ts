import { Option } from "commander";
import { loadWorkspace } from "../../config/load-workspace.js";
import type { Workspace } from "../../config/workspace.js";
import { redactStandardStreams } from "../standard-streams.js";

/** --workspace DIR, defaulting to $TRIANGULATE_WORKSPACE or the current folder. */
export const workspaceOption = () =>
  new Option("-w, --workspace <dir>", "workspace folder holding triangulate.yaml").default(
    process.env.TRIANGULATE_WORKSPACE ?? ".",
  );

/** --planner catalog|model of `ask` and `plan` (unset: the workspace decides). */
export const plannerOption = () =>
  new Option("--planner <kind>", "catalog (deterministic) or model (Ollama, falls back to catalog)").choices([
    "catalog",
    "model",
  ]);

/**
 * Loads the workspace named by --workspace; throws ConfigError with every problem. From here on
 * stdout and stderr hide the workspace's secrets, as its run files do.
 */
export function workspaceFrom(options: { workspace?: string }): Workspace {
  const workspace = loadWorkspace(options.workspace ?? ".");
  redactStandardStreams(workspace.redactor);
  return workspace;
}
