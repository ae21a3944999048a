import "./lance-logging.js";

/** LanceDB, imported after its logging is set up; every knowledge-base module imports it from here. */
export * as lancedb from "@lancedb/lancedb";
