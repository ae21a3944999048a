import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { z } from "zod";
import { workspaceReferenceMarkdown } from "../../config/workspace-reference.js";
import { planJsonSchema } from "../../models/plan.js";
import { WorkspaceConfig } from "../../models/workspace.js";
import { printJson, UsageError } from "../cli-output.js";

/** The demo workspace, the reference's source of examples (shipped with triangulate). */
const DEMO_WORKSPACE_FILE = path.resolve(import.meta.dirname, "../../..", "demo/workspace/triangulate.yaml");

/** `triangulate schema plan|workspace [--markdown]`: schemas generated from the zod models. */
export function registerSchemaCommand(program: Command): void {
  program
    .command("schema")
    .description("print a JSON Schema generated from the domain models (plan, workspace)")
    .argument("<name>", "plan or workspace")
    .option(
      "--markdown",
      "workspace only: the reference of every key as Markdown (docs/workspace-reference.md)",
    )
    .option("--json", "print JSON (the default for schemas)")
    .action((name: string, options: { markdown?: boolean }) => {
      if (name === "plan") return printJson(planJsonSchema());
      if (name !== "workspace") throw new UsageError(`unknown schema ${name}; available: plan, workspace`);
      if (!options.markdown)
        return printJson(z.toJSONSchema(WorkspaceConfig, { io: "input", unrepresentable: "any" }));
      // dist/bin/commands and bin/commands sit at different depths below the package root.
      const demo = [
        DEMO_WORKSPACE_FILE,
        path.resolve(import.meta.dirname, "../..", "demo/workspace/triangulate.yaml"),
      ].find((file) => existsSync(file));
      process.stdout.write(workspaceReferenceMarkdown(demo ? readFileSync(demo, "utf8") : ""));
    });
}
