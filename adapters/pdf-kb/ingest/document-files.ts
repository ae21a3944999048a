import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import fg from "fast-glob";
import { PathOutsideWorkspaceError, type Workspace } from "../../../config/workspace.js";

/** A document file found by the source's globs. */
export interface DocumentFile {
  /** Workspace-relative path with "/", the document's name in the index. */
  relativePath: string;
  absolutePath: string;
  size: number;
  modified: Date;
}

/**
 * Lists the files the source's `paths` globs match, sorted. Globs and files must stay inside the
 * workspace: a glob with ".." or an absolute path is refused, and a symbolic link that resolves
 * outside the workspace is left out.
 */
export async function listDocumentFiles(
  workspace: Workspace,
  globs: string[],
): Promise<{ files: DocumentFile[]; outside: string[] }> {
  for (const glob of globs) {
    if (path.isAbsolute(glob) || glob.split(/[\\/]/).includes(".."))
      throw new PathOutsideWorkspaceError(glob, workspace.root);
  }
  const matches = await fg(globs, {
    cwd: workspace.root,
    onlyFiles: true,
    followSymbolicLinks: false,
    dot: false,
    unique: true,
    ignore: [".triangulate/**"],
  });
  const root = fs.realpathSync(workspace.root);
  const files: DocumentFile[] = [];
  const outside: string[] = [];
  for (const match of matches.sort()) {
    const absolutePath = workspace.resolveInside(match);
    const real = fs.realpathSync(absolutePath);
    const relative = path.relative(root, real);
    if (relative.startsWith("..") || path.isAbsolute(relative)) {
      outside.push(match);
      continue;
    }
    const stat = fs.statSync(real);
    files.push({
      relativePath: match.split(path.sep).join("/"),
      absolutePath,
      size: stat.size,
      modified: stat.mtime,
    });
  }
  return { files, outside };
}

/** SHA-256 of a file's bytes, read in a stream so large PDFs do not sit in memory twice. */
export async function hashFile(absolutePath: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of fs.createReadStream(absolutePath)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}
