// LanceDB's native logger prints WARN lines ("No existing dataset … it will be created") on
// stderr, which is noise for a person and breaks clean `--json` runs. It reads LANCEDB_LOG once,
// when the native module starts, so this must run before @lancedb/lancedb is first imported.
process.env.LANCEDB_LOG ??= "error";

/** Marker export: importing this module quietens LanceDB's native logging. */
export const lanceLoggingQuiet = true;
