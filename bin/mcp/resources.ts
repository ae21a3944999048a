import { readFile } from "node:fs/promises";
import path from "node:path";
import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Workspace } from "../../config/workspace.js";
import { findRun, listRuns } from "../../executor/run-store.js";
import { planJsonSchema } from "../../models/plan.js";

/** The catalog and the plan schema as resources. */
export function registerSchemaResources(server: McpServer, workspace: Workspace): void {
  server.registerResource(
    "catalog",
    "triangulate://catalog",
    {
      title: "Workspace catalog",
      description: "metrics, dimensions, events and topics",
      mimeType: "application/json",
    },
    async (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: "application/json",
          text: JSON.stringify(workspace.redactor.value(workspace.config.catalog), null, 2),
        },
      ],
    }),
  );

  server.registerResource(
    "plan-schema",
    "triangulate://schema/plan",
    { title: "Plan JSON Schema", description: "what run_plan accepts", mimeType: "application/schema+json" },
    async (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: "application/schema+json",
          text: JSON.stringify(planJsonSchema(), null, 2),
        },
      ],
    }),
  );
}

/** A run's answer.md or trace.jsonl as a resource template over the recent runs. */
export function registerRunFile(
  server: McpServer,
  workspace: Workspace,
  name: "answer.md" | "trace.jsonl",
  mimeType: string,
): void {
  server.registerResource(
    name === "answer.md" ? "run-answer" : "run-trace",
    new ResourceTemplate(`triangulate://runs/{id}/${name}`, {
      list: async () => ({
        resources: (await listRuns(workspace, 50)).map((run) => ({
          uri: `triangulate://runs/${path.basename(run.directory)}/${name}`,
          name: `${path.basename(run.directory)} ${name}`,
          description: run.question,
          mimeType,
        })),
      }),
    }),
    { title: name === "answer.md" ? "A run's answer" : "A run's trace", mimeType },
    async (uri, variables) => {
      const id = String(variables.id);
      const directory = await findRun(workspace, id);
      if (!directory) throw new Error(`no run matches ${id}`);
      const text = await readFile(path.join(directory, name), "utf8").catch(() => {
        throw new Error(`run ${id} has no ${name}`);
      });
      return { contents: [{ uri: uri.href, mimeType, text: workspace.redactor.text(text) }] };
    },
  );
}
