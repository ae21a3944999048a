// Which bundle the built CLI runs for a command line (build/bundle-cli.ts writes the entry that asks).
// `ask --queue <url>` only sends the question to a worker and prints the answer: it runs the light
// bundle of bin/queue-client-cli.ts (the command line, the queue client, the answer printer), not
// the full CLI's, whose 3 MB a client would read, compile and keep for nothing (issue 27: twenty
// waiting clients beside two warm workers). `ask --server <url>` runs bin/server-client-cli.ts's,
// lighter still: an HTTP client instead of BullMQ and Redis.

/** The light entries, by the name of their bundle in dist/bundle/. */
export type LightEntry = "queue-client" | "server-client";

/**
 * The light entry that serves this command line (process.argv without node and the script), or
 * undefined for the full CLI. The command is found as the CLI finds it (the first argument not
 * starting with "-"); the queue or the server must be given with a value, as `--queue <url>` or
 * `--queue=<url>` (`--server` alike): anything else (neither, an empty one, a missing value, both)
 * is the full CLI's to answer or refuse.
 */
export function lightEntryFor(argv: readonly string[]): LightEntry | undefined {
  const command = argv.find((argument) => !argument.startsWith("-"));
  if (command !== "ask") return undefined;
  const queue = optionGiven(argv, "--queue");
  const server = optionGiven(argv, "--server");
  // An option without its value, or both at once, is a mistake the full CLI refuses.
  if (queue === undefined || server === undefined || (queue && server)) return undefined;
  return queue ? "queue-client" : server ? "server-client" : undefined;
}

/**
 * Whether the option is given with a value (`--name <value>` or `--name=<value>`) before any `--`;
 * undefined when it is given without one (the full CLI refuses that), false when it is absent.
 */
function optionGiven(argv: readonly string[], name: string): boolean | undefined {
  for (const [index, argument] of argv.entries()) {
    if (argument === "--") return false;
    if (argument === name) return (argv[index + 1] ?? "").length > 0 ? true : undefined;
    if (argument.startsWith(`${name}=`)) return argument.length > name.length + 1 ? true : undefined;
  }
  return false;
}
