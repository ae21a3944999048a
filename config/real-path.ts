import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import path from "node:path";

/** More symbolic links than this on one path is a loop (Linux's own limit is 40). */
const MAX_LINKS = 40;

/**
 * The real path a file would have once written: the real path of the nearest ancestor that
 * exists, with every symbolic link on the way followed — also one whose target does not exist
 * yet, which `realpath` cannot resolve but `mkdir -p` and `writeFile` would follow and create —
 * and the rest of the path after it. Throws an ELOOP error for a link loop.
 */
export function realPathForWriting(target: string): string {
  let current = path.resolve(target);
  const rest: string[] = [];
  let links = 0;
  for (;;) {
    try {
      return path.join(realpathSync(current), ...rest);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") throw error;
    }
    let link: string | undefined;
    try {
      if (lstatSync(current).isSymbolicLink()) link = readlinkSync(current);
    } catch {
      // Not there at all: its parent is the next candidate.
    }
    if (link !== undefined) {
      links += 1;
      if (links > MAX_LINKS)
        throw Object.assign(new Error(`too many symbolic links resolving ${target}`), { code: "ELOOP" });
      current = path.resolve(path.dirname(current), link);
      continue;
    }
    const parent = path.dirname(current);
    if (parent === current) return path.join(current, ...rest);
    rest.unshift(path.basename(current));
    current = parent;
  }
}
