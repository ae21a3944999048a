import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type DocumentBudget, DocumentError, documentErrorReasons } from "./document-error.js";
import type { ExtractedDocument, ExtractionLimits, ExtractOptions } from "./extracted-document.js";
import type { ExtractionJob, ExtractionReply } from "./extraction-process.js";
import { processTree, residentBytes } from "./process-tree-memory.js";

/** What one document's extraction may spend. */
export interface ExtractionBudget {
  /** Wall time per document, in seconds (`ingest.max_seconds`). */
  maxSeconds: number;
  /** Resident memory of the extraction process and the processes it starts, in MB (`ingest.max_memory_megabytes`). */
  maxMemoryMegabytes: number;
  /** Bounds checked inside extraction: pages, decoded stream bytes. */
  limits: ExtractionLimits;
}

const MEGABYTE = 1024 * 1024;
// How long the extraction process may take to start (load Node and pdf.js) before it counts as broken.
const START_SECONDS = 60;
// How often the extraction process's resident memory is read.
const MEMORY_SAMPLE_MS = 25;

/** The command that runs extraction-process: the built .js, or the .ts source through tsx (tests, benches). */
function processCommand(memoryMegabytes: number): string[] {
  const here = fileURLToPath(import.meta.url);
  // V8's old space is held under the memory bound; the rest (buffers pdf.js decodes into) is
  // watched from outside through the process's resident size.
  const heap = `--max-old-space-size=${Math.max(64, Math.floor(memoryMegabytes * 0.75))}`;
  if (here.endsWith(".ts"))
    return [
      heap,
      "--import",
      import.meta.resolve("tsx"),
      here.replace(/bounded-extraction\.ts$/, "extraction-process.ts"),
    ];
  return [heap, here.replace(/bounded-extraction\.js$/, "extraction-process.js")];
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    child.kill("SIGKILL");
  }
}

/**
 * Extracts documents one at a time in a child process held to a budget: a deadline and a memory
 * bound, past which the process and everything it started (tabula's JVM, pdftoppm, tesseract:
 * its process group) are killed and the document fails with `timeout` or `out_of_memory`; the
 * next document gets a fresh process. A process rather than a worker thread: a worker's
 * `resourceLimits` bound only V8's heap (pdf.js decodes streams into buffers outside it), the
 * processes it spawns would outlive its termination, and a process's resident size can be read.
 */
export class BoundedExtraction {
  private child: ChildProcess | undefined;
  private ready: Promise<void> = Promise.resolve();
  private stderrTail = "";
  private nextId = 0;
  private readonly killOnExit = () => {
    if (this.child) killGroup(this.child);
  };

  constructor(private readonly budget: ExtractionBudget) {
    process.on("exit", this.killOnExit);
  }

  /** Extracts one PDF within the budget; throws DocumentError for an unusable or over-budget file. */
  async extract(absolutePath: string, options: ExtractOptions = {}): Promise<ExtractedDocument> {
    const { signal, ...rest } = options;
    signal?.throwIfAborted();
    const child = await this.start(signal);
    const id = this.nextId++;
    const budgetMs = this.budget.maxSeconds * 1000;
    const job: ExtractionJob = {
      id,
      path: absolutePath,
      options: {
        ...rest,
        limits: { ...this.budget.limits, ...rest.limits },
        // tabula's own timeout inside the document's: its JVM is told before the group is killed.
        tableTimeoutMs: Math.min(rest.tableTimeoutMs ?? 120_000, budgetMs),
      },
    };
    return new Promise<ExtractedDocument>((resolve, reject) => {
      let settled = false;
      const settle = (outcome: () => void, kill: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        clearInterval(watch);
        child.off("message", onMessage);
        child.off("exit", onExit);
        signal?.removeEventListener("abort", onAbort);
        if (kill) this.stop(child);
        outcome();
      };
      const over = (reason: "timeout" | "out_of_memory", message: string, budget: DocumentBudget) =>
        settle(() => reject(new DocumentError(reason, absolutePath, message, { budget })), true);
      const onMessage = (reply: ExtractionReply) => {
        if (reply.id !== id) return;
        if (reply.ok) settle(() => resolve(reply.document), false);
        else settle(() => reject(reviveError(absolutePath, reply.error)), false);
      };
      const onExit = (code: number | null, exitSignal: NodeJS.Signals | null) => {
        this.child = undefined;
        // What it started (a JVM, an OCR process) must not outlive it.
        killGroup(child);
        // V8 aborts (SIGABRT, or exit code 134 from a worker of the process) when the heap bound is reached.
        if (exitSignal === "SIGABRT" || code === 134 || /heap out of memory/i.test(this.stderrTail))
          over(
            "out_of_memory",
            `extraction needed more than the ${this.budget.maxMemoryMegabytes} MB the ingest allows; raise ingest.max_memory_megabytes if the document is genuine`,
            { setting: "ingest.max_memory_megabytes", limit: this.budget.maxMemoryMegabytes },
          );
        else
          settle(
            () =>
              reject(
                new Error(
                  `the extraction process ended (${exitSignal ?? `exit code ${code}`}) while reading ${absolutePath}${this.stderrTail ? `: ${this.stderrTail.trim().split("\n").at(-1)}` : ""}`,
                ),
              ),
            false,
          );
      };
      const onAbort = () => settle(() => reject(signal!.reason), true);
      const deadline = setTimeout(
        () =>
          over(
            "timeout",
            `extraction did not finish within ${this.budget.maxSeconds} s; raise ingest.max_seconds if the document is genuine`,
            { setting: "ingest.max_seconds", limit: this.budget.maxSeconds },
          ),
        budgetMs,
      );
      // The memory is the process tree's (the JVM reads the same streams as pdf.js): the process
      // itself is read at every sample, the processes below it listed again every tenth.
      let below: number[] = [];
      let samples = 0;
      const watch = setInterval(() => {
        if (child.pid === undefined) return;
        if (samples++ % 10 === 0) below = processTree(child.pid).slice(1);
        const resident = below.reduce((sum, pid) => sum + residentBytes(pid), residentBytes(child.pid));
        if (resident > this.budget.maxMemoryMegabytes * MEGABYTE)
          over(
            "out_of_memory",
            `extraction took ${Math.round(resident / MEGABYTE)} MB, more than the ${this.budget.maxMemoryMegabytes} MB the ingest allows; raise ingest.max_memory_megabytes if the document is genuine`,
            { setting: "ingest.max_memory_megabytes", limit: this.budget.maxMemoryMegabytes },
          );
      }, MEMORY_SAMPLE_MS);
      child.on("message", onMessage);
      child.on("exit", onExit);
      signal?.addEventListener("abort", onAbort, { once: true });
      child.send(job);
    });
  }

  /** Ends the extraction process (and anything it started). */
  async close(): Promise<void> {
    process.off("exit", this.killOnExit);
    if (this.child) this.stop(this.child);
  }

  /** The running extraction process, or a new one once it has said it is ready. */
  private async start(signal: AbortSignal | undefined): Promise<ChildProcess> {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      await this.ready;
      return this.child;
    }
    this.stderrTail = "";
    // Detached: its own process group, so a kill reaches the JVM and OCR processes it starts.
    const child = spawn(process.execPath, processCommand(this.budget.maxMemoryMegabytes), {
      detached: true,
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      serialization: "advanced",
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString("utf8")).slice(-4096);
    });
    child.on("error", () => undefined);
    child.on("exit", () => {
      if (this.child === child) this.child = undefined;
    });
    this.child = child;
    this.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => fail(new Error(`the extraction process did not start within ${START_SECONDS} s`)),
        START_SECONDS * 1000,
      );
      const onMessage = (message: unknown) => {
        if ((message as { ready?: boolean })?.ready !== true) return;
        cleanUp();
        resolve();
      };
      const onExit = (code: number | null, exitSignal: NodeJS.Signals | null) =>
        fail(
          new Error(
            `the extraction process ended (${exitSignal ?? `exit code ${code}`}) before it was ready${this.stderrTail ? `: ${this.stderrTail.trim().split("\n").at(-1)}` : ""}`,
          ),
        );
      const onAbort = () => fail(signal!.reason);
      const cleanUp = () => {
        clearTimeout(timer);
        child.off("message", onMessage);
        child.off("exit", onExit);
        signal?.removeEventListener("abort", onAbort);
      };
      const fail = (error: unknown) => {
        cleanUp();
        this.stop(child);
        reject(error);
      };
      child.on("message", onMessage);
      child.on("exit", onExit);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
    await this.ready;
    return child;
  }

  private stop(child: ChildProcess): void {
    if (this.child === child) this.child = undefined;
    killGroup(child);
    if (child.connected) child.disconnect();
  }
}

function reviveError(file: string, error: Extract<ExtractionReply, { ok: false }>["error"]): Error {
  const reason = documentErrorReasons.find((known) => known === error.reason);
  if (error.name === "DocumentError" && reason)
    return new DocumentError(reason, file, error.message, error.budget ? { budget: error.budget } : {});
  const revived = new Error(error.message);
  revived.name = error.name;
  return revived;
}
