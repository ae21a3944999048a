import type { Command } from "commander";
import { planJsonSchema } from "../../models/plan.js";
import { printJson } from "../cli-output.js";

/** `triangulate schema plan`: the plan's JSON Schema, generated from the zod schema. */
export function registerSchemaCommand(program: Command): void {
  program
    .command("schema")
    .description("print a JSON Schema generated from the domain models")
    .argument("<name>", "plan")
    .action((name: string) => {
      if (name !== "plan") {
        process.stderr.write(`unknown schema ${name}; available: plan\n`);
        process.exitCode = 1;
        return;
      }
      printJson(planJsonSchema());
    });
}
