import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { Workspace } from "../config/workspace.js";
import { normalizeForMatching, rememberFoldings } from "./normalize-text.js";
import { Vocabulary, type VocabularySnapshot } from "./vocabulary.js";

/**
 * The planner's vocabulary kept on disk between processes: building it folds every catalog term
 * (Traditional → Simplified through OpenCC's dictionary, English word forms) and checks each
 * canonical value against every other term, which a cold `plan` would otherwise pay each time.
 *
 * The file `.triangulate/cache/planner-vocabulary.json` holds the snapshot, the foldings of every
 * catalog text (normalize-text.ts's `rememberFoldings`: other steps fold catalog synonyms too) and the key it was
 * built for: a hash of the catalog as loaded (after `${VAR}` substitution), of triangulate's
 * version, of the code that builds a vocabulary and of the versions of the libraries it folds
 * with. A different key, an unreadable or malformed file, or a snapshot that does not load is
 * rebuilt from the catalog, so a stale cache never plans a question: a catalog edit is seen by the
 * next process. Writing is best effort (a read-only workspace plans as before, just not faster)
 * and atomic (temp file and rename), so a concurrent reader sees the old file or the new one.
 */

/** Raised when the snapshot's shape or meaning changes without any code file of the key changing. */
const CACHE_FORMAT = 1;
const CACHE_FILE = path.join(".triangulate", "cache", "planner-vocabulary.json");

/**
 * The modules whose code decides what a vocabulary holds, beside this one (as built `.js` or as
 * `.ts` source under tsx and vitest): their text is part of the key, so a rebuilt triangulate with
 * different folding never reads a snapshot of the old one.
 */
const BUILDING_MODULES = [
  "./vocabulary",
  "./normalize-text",
  "./english-word-forms",
  "../domain/chinese-script",
];
/** The libraries terms are folded with: a new dictionary or stemmer makes other terms. */
const FOLDING_LIBRARIES = ["opencc-js", "stemmer"];

const snapshotSchema = z.object({
  key: z.string(),
  vocabulary: z.object({
    terms: z.array(
      z.object({
        text: z.string().min(1),
        kind: z.enum(["metric", "dimension", "event", "topic"]),
        name: z.string(),
        value: z.string().optional(),
      }),
    ),
    bareValues: z.array(z.tuple([z.string(), z.string()])),
    enumerations: z.array(
      z.object({ dimension: z.string(), values: z.array(z.string()), pattern: z.string() }),
    ),
  }),
  foldings: z.array(z.tuple([z.string(), z.string()])),
});

/** Every text of the catalog (keys and values, as written and trimmed) with its folding for matching. */
function catalogFoldings(workspace: Workspace): [string, string][] {
  const texts = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === "string") {
      texts.add(value);
      texts.add(value.trim());
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === "object")
      for (const [key, child] of Object.entries(value)) {
        walk(key);
        walk(child);
      }
  };
  walk(workspace.config.catalog);
  return [...texts].map((text) => [text, normalizeForMatching(text)]);
}

let codeFingerprint: string | null | undefined;

/** The text of the building modules and the versions of triangulate and the folding libraries, read once a process. */
function buildingCode(): string | null {
  if (codeFingerprint === undefined) codeFingerprint = readBuildingCode();
  return codeFingerprint;
}

/** Null when a module or package file cannot be found (a bundled build): no cache then. */
function readBuildingCode(): string | null {
  const here = import.meta.dirname;
  const parts: string[] = [];
  for (const module of BUILDING_MODULES) {
    const file = [".js", ".ts"]
      .map((extension) => path.resolve(here, `${module}${extension}`))
      .find(existsSync);
    if (!file) return null;
    parts.push(readFileSync(file, "utf8"));
  }
  for (const library of [undefined, ...FOLDING_LIBRARIES]) {
    const file = packageFileAbove(here, library);
    if (!file) return null;
    const { name, version } = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
    parts.push(`${name}@${version}`);
  }
  return parts.join("\u0000");
}

/**
 * The nearest package.json above `from`: triangulate's own, or with `library`, that library's in
 * the nearest node_modules holding it (where Node resolves it from).
 */
function packageFileAbove(from: string, library?: string): string | undefined {
  for (let folder = from; ; folder = path.dirname(folder)) {
    const file = library
      ? path.join(folder, "node_modules", library, "package.json")
      : path.join(folder, "package.json");
    if (existsSync(file)) return file;
    if (path.dirname(folder) === folder) return undefined;
  }
}

/** The key a snapshot of this workspace's catalog is stored under; null when the code cannot be fingerprinted. */
export function vocabularyCacheKey(workspace: Workspace): string | null {
  const code = buildingCode();
  if (code === null) return null;
  return createHash("sha256")
    .update(`${CACHE_FORMAT}\u0000${code}\u0000${JSON.stringify(workspace.config.catalog)}`)
    .digest("hex");
}

/** The workspace's vocabulary: from its cache when the key matches, else built (and the cache rewritten). */
export function cachedVocabulary(workspace: Workspace): Vocabulary {
  const key = vocabularyCacheKey(workspace);
  const file = key === null ? undefined : cacheFile(workspace);
  if (key === null || file === undefined) return new Vocabulary(workspace.config.catalog);
  const stored = readSnapshot(file, key);
  if (stored) {
    try {
      const vocabulary = new Vocabulary(workspace.config.catalog, stored.vocabulary);
      rememberFoldings(stored.foldings);
      return vocabulary;
    } catch {
      // A pattern that does not compile: the file was damaged; rebuild below.
    }
  }
  const vocabulary = new Vocabulary(workspace.config.catalog);
  writeSnapshot(file, { key, vocabulary: vocabulary.snapshot(), foldings: catalogFoldings(workspace) });
  return vocabulary;
}

/** The cache file's path, or undefined when the workspace has no folder of its own or its state folder leads outside it. */
function cacheFile(workspace: Workspace): string | undefined {
  try {
    if (!statSync(workspace.root).isDirectory()) return undefined;
    return workspace.resolveInside(CACHE_FILE);
  } catch {
    return undefined;
  }
}

type CacheContent = z.infer<typeof snapshotSchema>;

function readSnapshot(file: string, key: string): CacheContent | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  try {
    const parsed = snapshotSchema.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.key === key ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function writeSnapshot(file: string, content: CacheContent & { vocabulary: VocabularySnapshot }): void {
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`,
  );
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temporary, JSON.stringify(content));
    renameSync(temporary, file);
  } catch {
    // Best effort: a workspace that cannot be written to plans without the cache.
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Nothing was written (its folder could not be made).
    }
  }
}
