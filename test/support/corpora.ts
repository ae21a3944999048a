import { existsSync } from "node:fs";
import path from "node:path";

/**
 * The outside test material copied into the repository (test/corpora, origins and licences in its
 * README). Tests and benches read it only from here, so a fresh clone runs them on its own.
 */
export const CORPORA = path.resolve(import.meta.dirname, "..", "corpora");

/** A path inside test/corpora. */
export function corpusPath(...parts: string[]): string {
  return path.join(CORPORA, ...parts);
}

/**
 * For benches: the corpus path, or exits with code 2 and a message naming the missing folder (a
 * bench that measured less than it claims would print a figure that means nothing).
 */
export function requireCorpus(...parts: string[]): string {
  const location = corpusPath(...parts);
  if (!existsSync(location)) {
    process.stderr.write(
      `error: the benchmark's corpus ${path.relative(process.cwd(), location) || location} is missing; ` +
        "it ships with the repository under test/corpora (see test/corpora/README.md): restore it with `git checkout -- test/corpora`\n",
    );
    process.exit(2);
  }
  return location;
}
