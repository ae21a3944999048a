import "./lance-environment.js";

/** LanceDB, imported after its native environment is set up; every knowledge-base module imports it from here. */
export * as lancedb from "@lancedb/lancedb";
