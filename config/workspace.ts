import { realpathSync } from "node:fs";
import path from "node:path";
import type { WorkspaceConfig } from "../models/workspace.js";
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
    this.redactor = new Redactor(secrets);
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

  /** The state folder (.triangulate/) inside the workspace. */
  get stateDirectory(): string {
    return path.join(this.root, ".triangulate");
  }

  /** Resolves a path from the YAML against the workspace and refuses anything outside it. */
  resolveInside(relativePath: string): string {
    const resolved = path.resolve(this.root, relativePath);
    const relative = path.relative(this.root, resolved);
    if (relative.startsWith("..") || path.isAbsolute(relative)) {
      throw new PathOutsideWorkspaceError(relativePath, this.root);
    }
    // A symbolic link inside the workspace must not lead outside it either.
    let real: string;
    try {
      real = realpathSync(resolved);
    } catch {
      return resolved; // does not exist yet: the caller reports "not found"
    }
    const realRelative = path.relative(realpathSync(this.root), real);
    if (realRelative.startsWith("..") || path.isAbsolute(realRelative))
      throw new PathOutsideWorkspaceError(relativePath, this.root);
    return resolved;
  }
}

/** A path that would leave the workspace folder. */
export class PathOutsideWorkspaceError extends Error {
  override readonly name = "PathOutsideWorkspaceError";
  constructor(
    readonly requested: string,
    readonly root: string,
  ) {
    super(`path ${requested} is outside the workspace ${root}; only files inside the workspace can be read`);
  }
}
