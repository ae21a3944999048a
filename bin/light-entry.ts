// Which bundle the built CLI runs for a command line (build/bundle-cli.ts writes the entry that asks).
// `ask --queue <url>` only sends the question to a worker and prints the answer: it runs the light
// bundle of bin/queue-client-cli.ts (the command line, the queue client, the answer printer), not
// the full CLI's, whose 3 MB a client would read, compile and keep for nothing (issue 27: twenty
// waiting clients beside two warm workers).

/** The light entries, by the name of their bundle in dist/bundle/. */
export type LightEntry = "queue-client";

/**
 * The light entry that serves this command line (process.argv without node and the script), or
 * undefined for the full CLI. The command is found as the CLI finds it (the first argument not
 * starting with "-"); the queue must be given with a value, as `--queue <url>` or `--queue=<url>`:
 * anything else (no queue, an empty one, a missing value) is the full CLI's to answer or refuse.
 */
export function lightEntryFor(argv: readonly string[]): LightEntry | undefined {
  const command = argv.find((argument) => !argument.startsWith("-"));
  if (command !== "ask") return undefined;
  for (const [index, argument] of argv.entries()) {
    if (argument === "--") return undefined;
    if (argument === "--queue") return (argv[index + 1] ?? "").length > 0 ? "queue-client" : undefined;
    if (argument.startsWith("--queue="))
      return argument.length > "--queue=".length ? "queue-client" : undefined;
  }
  return undefined;
}
