import { loadWorkspace } from "../../config/load-workspace.js";
import type { Workspace } from "../../config/workspace.js";
import { redactStandardStreams } from "../standard-streams.js";

/**
 * Loads the workspace named by --workspace; throws ConfigError with every problem. From here on
 * stdout and stderr hide the workspace's secrets, as its run files do. (Apart from the option
 * itself, workspace-option.ts: a command that may not need the workspace, such as `ask --queue`,
 * declares the option without loading the workspace's schemas.)
 */
export function workspaceFrom(options: { workspace?: string }): Workspace {
  const workspace = loadWorkspace(options.workspace ?? ".");
  redactStandardStreams(workspace.redactor);
  return workspace;
}
