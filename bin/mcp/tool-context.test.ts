import { describe, expect, it } from "vitest";
import { ConfigError } from "../../config/config-error.js";
import { Workspace } from "../../config/workspace.js";
import { StepError } from "../../models/step-error.js";
import type { WorkspaceConfig } from "../../models/workspace.js";
import { UsageError } from "../cli-output.js";
import { failure, TOOL_ERROR_KINDS } from "./tool-context.js";

const workspace = new Workspace(
  "/tmp/triangulate-tool-context",
  "/tmp/triangulate-tool-context/triangulate.yaml",
  {} as WorkspaceConfig,
  ["hunter2-secret"],
);

function kindOf(error: unknown): string {
  const result = failure(workspace, error);
  expect(result.isError).toBe(true);
  return JSON.parse((result.content[0] as { text: string }).text).error.kind;
}

describe("failure", () => {
  it("gives every error a kind docs/mcp.md lists, never a JavaScript class name", () => {
    expect(kindOf(new RangeError("no source of kind pdf_kb"))).toBe("internal_error");
    expect(kindOf(new TypeError("x is undefined"))).toBe("internal_error");
    expect(kindOf("a string")).toBe("internal_error");
    expect(kindOf(Object.assign(new Error("odd"), { kind: "SomethingElse" }))).toBe("internal_error");
    expect(kindOf(new StepError("auth_error", "refused"))).toBe("auth_error");
    expect(kindOf(new UsageError("bad option"))).toBe("usage");
    expect(kindOf(new ConfigError([{ file: "triangulate.yaml", path: "", message: "wrong" }]))).toBe(
      "config_error",
    );
    for (const kind of ["plan_error", "usage", "not_found", "internal_error", "config_error", "timeout"])
      expect(TOOL_ERROR_KINDS.has(kind)).toBe(true);
  });

  it("redacts the message", () => {
    const result = failure(workspace, new Error("upstream echoed hunter2-secret"));
    expect(JSON.stringify(result)).not.toContain("hunter2");
  });
});
