// Ctrl-C from the first moment: loading a command's modules takes a second or two, and a SIGINT
// with no listener would end the process by signal (no output, no exit code). This module has no
// imports and is the CLI's first, so its listener is in place before anything else loads.
//
// Until a command installs its own SIGINT listener, a Ctrl-C is recorded here: a command that
// takes it (`ask`: its answer says it was interrupted) asks interruptedBeforeStart(); for any
// other, the CLI stops cleanly before the command runs (exit 1, kind `interrupted` under --json,
// as docs/json-output.md lists it). Once another SIGINT listener is added (a command's, the
// browser safety net), this one steps aside on the next turn, so the listener counts those rely
// on ("does anything else handle SIGINT?") are theirs alone.

// ExitCode.couldNotRun, as for `ingest` stopped by Ctrl-C (cli-output.ts is not loaded yet).
const INTERRUPTED_EXIT_CODE = 1;
let interrupted = false;
let commandRunning = false;

function onEarlyInterrupt(): void {
  if (process.listenerCount("SIGINT") > 1) return; // Another listener just took over.
  interrupted = true;
  if (commandRunning) stopInterrupted();
}

function stopInterrupted(): never {
  const message = "interrupted (Ctrl-C)";
  if (process.argv.slice(2).includes("--json"))
    process.stdout.write(`${JSON.stringify({ error: { kind: "interrupted", message } }, null, 2)}\n`);
  process.stderr.write(`error: ${message}\n`);
  process.exit(INTERRUPTED_EXIT_CODE);
}

function onNewListener(event: string | symbol, listener: unknown): void {
  if (event !== "SIGINT" || listener === onEarlyInterrupt) return;
  process.off("newListener", onNewListener);
  // Not now: removing the only listener before the new one is added would drop Node's signal handle.
  setImmediate(() => process.off("SIGINT", onEarlyInterrupt));
}

process.on("SIGINT", onEarlyInterrupt);
process.on("newListener", onNewListener);

/** True when Ctrl-C came before the command installed its own handling (the command then treats it as its own). */
export function interruptedBeforeStart(): boolean {
  return interrupted;
}

/**
 * Called once the command's modules are loaded, just before it runs: a Ctrl-C already received
 * stops the CLI here (exit 1) unless the command takes early interrupts itself; one received
 * later, while a command without its own handling runs, stops it the same way.
 */
export function commandStarting(takesEarlyInterrupt: boolean): void {
  if (interrupted && !takesEarlyInterrupt) stopInterrupted();
  commandRunning = true;
}
