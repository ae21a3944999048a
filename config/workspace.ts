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
    const resolved = path.resolve(this.root, relativePath);
    const relative = path.relative(this.root, resolved);
    if (relative.startsWith("..") || path.isAbsolute(relative)) {
      throw new PathOutsideWorkspaceError(relativePath, this.root);
    }
    let real: string;
    try {
      real = realPathForWriting(resolved);
    } catch {
      throw new PathOutsideWorkspaceError(relativePath, this.root, "a loop of symbolic links");
    }
    const realRoot = realPathForWriting(this.root);
    const realRelative = path.relative(realRoot, real);
    if (realRelative.startsWith("..") || path.isAbsolute(realRelative))
      throw new PathOutsideWorkspaceError(relativePath, this.root, real);
    return resolved;
  }
}

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
  ) {
    super(
      `path ${requested} is outside the workspace ${root}${leadsTo ? ` (a symbolic link leads to ${leadsTo})` : ""}; triangulate reads and writes only inside the workspace`,
    );
  }
}
