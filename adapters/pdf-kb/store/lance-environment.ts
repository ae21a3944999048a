import os from "node:os";

// LanceDB's native module reads these once, when it starts, so this module must be imported
// before @lancedb/lancedb (lance-database.ts does that). Values the user set are kept.

// Its logger prints WARN lines ("No existing dataset … it will be created") on stderr: noise
// for a person and it breaks clean `--json` runs.
process.env.LANCEDB_LOG ??= "error";

// With a CPU pool of 2 threads (a 2-core machine), building the full-text index of more than
// about 16k passages never finishes: the builder's tasks wait on each other. Four threads or
// more avoid it (measured with lancedb 0.31: 20k passages hang with 2, index in 0.4 s with 4).
process.env.LANCE_CPU_THREADS ??= String(Math.max(4, os.availableParallelism()));

/** Marker export: importing this module sets LanceDB's native environment. */
export const lanceEnvironmentReady = true;
