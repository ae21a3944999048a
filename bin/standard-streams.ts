import type { Redactor } from "../config/redactor.js";

/**
 * What the CLI prints passes the same redactor as the files it writes: an upstream that echoes a
 * password in an error body must not print it in `run --json` or `sources test`. Each write is
 * redacted whole; the CLI writes whole lines or documents, so a secret is never split across two.
 */
let active: Redactor | undefined;
let installed = false;

export function redactStandardStreams(redactor: Redactor): void {
  active = active ? active.with(redactor.secretValues()) : redactor;
  if (installed) return;
  installed = true;
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (...parts: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (!active || (typeof chunk !== "string" && !(chunk instanceof Uint8Array)))
        return write(chunk, ...rest);
      const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
      // A string chunk may come with its encoding; the redacted text is always a JS string.
      const callback = rest.find((part) => typeof part === "function");
      return callback ? write(active.text(text), "utf8", callback) : write(active.text(text), "utf8");
    }) as typeof stream.write;
  }
}

/**
 * `triangulate kb search … | head -1` closes the pipe early: every command then stops quietly,
 * with the exit code it already had, instead of dying with an EPIPE stack.
 */
export function exitQuietlyOnClosedPipe(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE" || error.code === "ERR_STREAM_DESTROYED")
        process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
}
