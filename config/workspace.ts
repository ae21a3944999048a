import path from "node:path";
import { browserEndpoints, type WorkspaceConfig } from "../models/workspace.js";
import { endpointSecrets } from "./browser-endpoint.js";
import { realPathForWriting } from "./real-path.js";
import { Redactor } from "./redactor.js";
import { type UnresolvedVariable, UnresolvedVariablesError } from "./unresolved-variables.js";

/** A loaded, validated workspace: its folder, its configuration and what must never be printed. */
export class Workspace {
  /** Absolute path of the workspace folder. */
  readonly root: string;
  /** Absolute path of triangulate.yaml. */
  readonly file: string;
  readonly config: WorkspaceConfig;
  /** Hides secret values (from ${VAR}s that hold tokens and passwords) in everything written or printed. */
  readonly redactor: Redactor;

  /** ${VAR}s of sources that have no value: only a command that uses such a source needs them. */
  readonly unresolvedVariables: readonly UnresolvedVariable[];

  constructor(
    root: string,
    file: string,
    config: WorkspaceConfig,
    secrets: Iterable<string> = [],
    unresolvedVariables: readonly UnresolvedVariable[] = [],
  ) {
    this.root = path.resolve(root);
    this.file = file;
    this.config = config;
    // A browser server's endpoint carries its own password (Playwright's token in the path).
    this.redactor = new Redactor([...secrets, ...endpointSecrets(browserEndpoints(config.browser ?? {}))]);
    this.unresolvedVariables = unresolvedVariables;
  }

  /**
   * Called before a source is used: throws UnresolvedVariablesError naming the source, each unset
   * variable and how to set it. Variables of other sources do not matter here.
   */
  requireVariablesOf(source: string): void {
    const missing = this.unresolvedVariables.filter((variable) => variable.source === source);
    if (missing.length > 0) throw new UnresolvedVariablesError(missing);
  }

  /**
   * The state folder (.triangulate/) inside the workspace, checked on every use like any path
   * written to: a `.triangulate` that is a symbolic link leading outside the workspace is refused
   * (PathOutsideWorkspaceError), so run folders, history, locks and indexes stay inside.
   */
  get stateDirectory(): string {
    return this.resolveInside(".triangulate");
  }

  /**
   * Resolves a path from the YAML against the workspace and refuses anything outside it, for
   * reading and for writing alike: `..`, absolute paths, and symbolic links that lead outside —
   * including a link whose target does not exist yet, which a write would create
   * (`realPathForWriting`).
   */
  resolveInside(relativePath: string): string {
    return resolveInsideRoot(this.root, relativePath, "workspace");
  }

  /**
   * The folder run folders are written to: `history.runs_directory` when set (relative: inside the
   * workspace, checked like every path; absolute: the folder every worker mounts, allowed outside
   * the workspace because the workspace names it), else .triangulate/runs.
   */
  get runsDirectory(): string {
    const configured = this.config.history?.runs_directory;
    if (configured === undefined) return this.resolveInside(path.join(".triangulate", "runs"));
    if (!path.isAbsolute(configured)) return this.resolveInside(configured);
    return path.resolve(configured);
  }

  /**
   * A run folder inside the runs folder, refused (PathOutsideWorkspaceError) when it, or a symbolic
   * link on its way, leads out of the runs folder: a configured root is a root like the workspace.
   */
  resolveInsideRunsDirectory(name: string): string {
    return resolveInsideRoot(this.runsDirectory, name, "runs directory");
  }
}

/**
 * Resolves a path against a root and refuses anything outside it, for reading and for writing
 * alike: `..`, absolute paths, and symbolic links that lead outside — including a link whose target
 * does not exist yet, which a write would create (`realPathForWriting`).
 */
function resolveInsideRoot(root: string, relativePath: string, place: OutsidePlace): string {
  const resolved = path.resolve(root, relativePath);
  const relative = path.relative(root, resolved);
  if (relative.startsWith("..") || path.isAbsolute(relative)) {
    throw new PathOutsideWorkspaceError(relativePath, root, undefined, place);
  }
  let real: string;
  try {
    real = realPathForWriting(resolved);
  } catch {
    throw new PathOutsideWorkspaceError(relativePath, root, "a loop of symbolic links", place);
  }
  const realRoot = realPathForWriting(root);
  const realRelative = path.relative(realRoot, real);
  if (realRelative.startsWith("..") || path.isAbsolute(realRelative))
    throw new PathOutsideWorkspaceError(relativePath, root, real, place);
  return resolved;
}

/** The root a path was checked against: the workspace, or the runs folder it configures. */
type OutsidePlace = "workspace" | "runs directory";

/** A path that would leave the workspace folder. */
export class PathOutsideWorkspaceError extends Error {
  override readonly name = "PathOutsideWorkspaceError";
  /** The workspace is set up wrong; nothing was read or written. */
  readonly kind = "config_error" as const;
  constructor(
    readonly requested: string,
    readonly root: string,
    /** Where a symbolic link on the path really leads, when one does. */
    readonly leadsTo?: string,
    /** The root checked: the workspace, or the runs folder `history.runs_directory` names. */
    readonly place: OutsidePlace = "workspace",
  ) {
    super(
      `path ${requested} is outside the ${place} ${root}${leadsTo ? ` (a symbolic link leads to ${leadsTo})` : ""}; triangulate reads and writes only inside the ${place}`,
    );
  }
}
