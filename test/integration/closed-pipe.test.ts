import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { CLI } from "../support/run-cli.js";

// `triangulate … | true`: the reader is gone before the CLI writes. Every command must stop
// quietly (no EPIPE stack, the exit code it had) rather than crash.
describe("a closed stdout pipe", () => {
  it.each([["schema", "plan"], ["--help"], ["rule", "test", "rows >= 1", "--help"]])(
    "%s exits quietly",
    (...args) => {
      const quoted = args.map((arg) => `'${arg}'`).join(" ");
      const result = spawnSync(
        "bash",
        ["-c", `"${process.execPath}" "${CLI}" ${quoted} | true; echo "exit:\${PIPESTATUS[0]}" >&2`],
        {
          encoding: "utf8",
          timeout: 30_000,
        },
      );
      expect(result.stderr).not.toMatch(/EPIPE|Error|at /);
      expect(result.stderr).toMatch(/exit:0/);
    },
  );
});
