import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename } from "node:fs/promises";
import path from "node:path";
import type { Redactor } from "../config/redactor.js";
import type { Workspace } from "../config/workspace.js";
import { writeFileAtomic } from "./atomic-write.js";

/** Summary of one run, kept in run.json for `triangulate runs list`. */
export interface RunSummary {
  id: string;
  question: string;
  started_at: string;
  finished_at?: string;
  /**
   * "interrupted": the caller cancelled the run (Ctrl-C, an HTTP client gone, the server stopping)
   * before it finished; its answer.json holds what it had, not an answer to the question.
   */
  status:
    | "running"
    | "succeeded"
    | "partial"
    | "failed"
    | "answered"
    | "unanswerable"
    | "direct"
    | "interrupted";
  goals: { id: string; source: string; status: string; error_kind?: string }[];
}

/** Largest raw snapshot kept per attempt; bigger ones are cut and say so. */
const MAX_RAW_BYTES = 2 * 1024 * 1024;

/**
 * Folder of all runs of a workspace: .triangulate/runs, or `history.runs_directory` (a folder every
 * worker mounts); refused (PathOutsideWorkspaceError) when a symbolic link leads it outside.
 */
export function runsDirectory(workspace: Workspace): string {
  return workspace.runsDirectory;
}

/**
 * One run's folder: .triangulate/runs/<time>-<id>/. It is built under a hidden name and renamed
 * into place on its first complete write, so `runs list` never shows a folder with nothing in it;
 * every file in it is written atomically and through the redactor.
 */
export class RunStore {
  readonly id: string;
  private directoryPath: string;
  private published = false;

  private constructor(
    private readonly root: string,
    private readonly redactor: Redactor,
    id: string,
  ) {
    this.id = id;
    this.directoryPath = path.join(root, `.${id}.partial`);
  }

  /** Creates the store for a new run; nothing is visible in runs/ until the first write. */
  static async create(workspace: Workspace, now = new Date()): Promise<RunStore> {
    // Milliseconds in the name: two runs started within one second (a report job, then an ask)
    // must still list newest first, and the folder name is the only order `runs list` reads.
    const stamp = now.toISOString().replace(/[-:]/g, "");
    const id = `${stamp}-${randomBytes(3).toString("hex")}`;
    const root = runsDirectory(workspace);
    await mkdir(root, { recursive: true });
    const store = new RunStore(root, workspace.redactor, id);
    await mkdir(store.directoryPath, { recursive: true });
    return store;
  }

  /** The run's folder (final path once published). */
  get directory(): string {
    return this.published ? this.directoryPath : path.join(this.root, this.id);
  }

  /** Writes a JSON file (redacted) inside the run folder. */
  async writeJson(name: string, value: unknown): Promise<string> {
    return this.writeText(name, `${JSON.stringify(this.redactor.value(value), null, 2)}\n`);
  }

  /** Writes a raw snapshot, cut to a size limit; returns its path relative to the run folder. */
  async writeRaw(name: string, value: unknown): Promise<string> {
    let text = JSON.stringify(this.redactor.value(value), null, 1) ?? "null";
    if (text.length > MAX_RAW_BYTES)
      text = JSON.stringify({
        truncated: true,
        original_bytes: text.length,
        head: text.slice(0, MAX_RAW_BYTES),
      });
    await this.writeText(name, text);
    return name;
  }

  /** Writes a text file (redacted) inside the run folder. */
  async writeText(name: string, text: string): Promise<string> {
    const file = path.join(this.directoryPath, name);
    await writeFileAtomic(file, this.redactor.text(text));
    await this.publish();
    return file;
  }

  /** Absolute path for an artefact the adapter writes itself (screenshots); the folder exists. */
  async artefactPath(name: string): Promise<string> {
    await this.publish();
    const file = path.join(this.directoryPath, "artifacts", name);
    await mkdir(path.dirname(file), { recursive: true });
    return file;
  }

  private async publish(): Promise<void> {
    if (this.published) return;
    const finalPath = path.join(this.root, this.id);
    await rename(this.directoryPath, finalPath);
    this.directoryPath = finalPath;
    this.published = true;
  }
}

/** Summaries of the workspace's runs, newest first. */
export async function listRuns(
  workspace: Workspace,
  limit = 50,
): Promise<(RunSummary & { directory: string })[]> {
  const root = runsDirectory(workspace);
  let names: string[];
  try {
    names = (await readdir(root)).filter((name) => !name.startsWith("."));
  } catch {
    return [];
  }
  names.sort().reverse();
  const summaries: (RunSummary & { directory: string })[] = [];
  for (const name of names.slice(0, limit)) {
    // A shared runs folder is written by many hands: a run folder that is a link out of it is not listed.
    let directory: string;
    try {
      directory = workspace.resolveInsideRunsDirectory(name);
    } catch {
      continue;
    }
    try {
      const summary = JSON.parse(await readFile(path.join(directory, "run.json"), "utf8")) as RunSummary;
      summaries.push({ ...summary, directory });
    } catch {
      summaries.push({
        id: name,
        question: "(no run.json: interrupted run)",
        started_at: "",
        status: "failed",
        goals: [],
        directory,
      });
    }
  }
  return summaries;
}

/**
 * Finds a run by id or unique id prefix ("latest" for the newest). A run folder that is a symbolic
 * link out of the runs folder is refused (PathOutsideWorkspaceError).
 */
export async function findRun(workspace: Workspace, id: string): Promise<string | undefined> {
  const root = runsDirectory(workspace);
  let names: string[];
  try {
    names = (await readdir(root)).filter((name) => !name.startsWith(".")).sort();
  } catch {
    return undefined;
  }
  if (id === "latest")
    return names.length ? workspace.resolveInsideRunsDirectory(names[names.length - 1]) : undefined;
  const matches = names.filter((name) => name === id || name.startsWith(id) || name.endsWith(id));
  return matches.length === 1 ? workspace.resolveInsideRunsDirectory(matches[0]) : undefined;
}

/** The files of one run folder, parsed: what `runs show` and the MCP server's run_show read. */
export interface RunFolder {
  summary?: unknown;
  plan?: unknown;
  /** The step files in goal order. */
  steps: unknown[];
  trace: unknown[];
  /** answer.json, when the question was answered. */
  answer?: unknown;
  /** answer.md, when the question was answered. */
  answerMarkdown?: string;
}

/** Reads a run folder (found with findRun); a file the run did not write is left out. */
export async function readRunFolder(directory: string): Promise<RunFolder> {
  const files = await readdir(directory);
  const text = async (name: string) =>
    files.includes(name) ? await readFile(path.join(directory, name), "utf8") : undefined;
  const json = async (name: string) => {
    const content = await text(name);
    return content === undefined ? undefined : JSON.parse(content);
  };
  const steps = await Promise.all(
    files
      .filter((name) => /^step-.*\.json$/.test(name))
      .sort()
      .map((name) => json(name)),
  );
  const trace = ((await text("trace.jsonl")) ?? "")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const answerMarkdown = await text("answer.md");
  return {
    summary: await json("run.json"),
    plan: await json("plan.json"),
    steps,
    trace,
    answer: await json("answer.json"),
    ...(answerMarkdown !== undefined ? { answerMarkdown } : {}),
  };
}
