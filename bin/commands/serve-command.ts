import type { Command } from "commander";
import { today } from "../../domain/today.js";
import { printJson, UsageError } from "../cli-output.js";
import type { AnswerBackend } from "../serve/answer-backend.js";
import { startHttpServer } from "../serve/http-server.js";
import { LocalBackend } from "../serve/local-backend.js";
import { readTokenFile } from "../serve/request-auth.js";
import { workspaceFrom } from "./open-workspace.js";
import { workspaceOption } from "./workspace-option.js";

/** The queue's backend: asks go to the workers, plans stay here (bin/serve/queue-backend.ts). */
async function queueBackend(url: string, local: LocalBackend): Promise<AnswerBackend> {
  const [{ QueueClient }, { queueSettings }, { QueueBackend }] = await Promise.all([
    import("../../workers/queue-client.js"),
    import("../../workers/queue-connection.js"),
    import("../serve/queue-backend.js"),
  ]);
  const client = await QueueClient.connect(queueSettings(url));
  return new QueueBackend(
    client,
    (question, options, control) => local.plan(question, options, control),
    () => local.close(),
    today,
  );
}

interface ServeOptions {
  workspace: string;
  host: string;
  port: string;
  tokenFile?: string;
  json?: boolean;
  queue?: string;
}

/**
 * `triangulate serve`: the HTTP API of the warm path (docs/http-api.md). The workspace is loaded
 * once and the sources' adapters (the BI browser, sessions, the knowledge base) stay open between
 * requests; SIGINT/SIGTERM cancel the requests in flight and close them.
 */
export function registerServeCommand(program: Command): void {
  program
    .command("serve")
    .description("serve ask, plan, runs and jobs over HTTP (loopback unless a bearer token is given)")
    .addOption(workspaceOption())
    .option("--host <address>", "address to listen on; any but loopback needs --token-file", "127.0.0.1")
    .option("--port <n>", "port to listen on (0: a free one)", "8787")
    .option("--token-file <file>", "file whose first line is the bearer token every request must carry")
    .option("--json", "print the listening address as one JSON line")
    .option(
      "--queue <url>",
      "answer POST /ask on the warm workers of this Redis queue (triangulate worker) instead of in this process",
    )
    .action(async (options: ServeOptions) => {
      const port = Number(options.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new UsageError(`--port must be a whole number from 0 to 65535, not ${options.port}`);
      const token = options.tokenFile ? readTokenFile(options.tokenFile) : undefined;
      const workspace = workspaceFrom(options);
      const local = new LocalBackend(workspace);
      const backend = options.queue ? await queueBackend(options.queue, local) : local;
      const server = await startHttpServer({
        workspace,
        backend,
        host: options.host,
        port,
        ...(token ? { token } : {}),
        log: (line) => process.stderr.write(`triangulate serve: ${line}\n`),
      });
      if (options.json)
        printJson({
          url: server.url,
          workspace: workspace.root,
          token_required: token !== undefined,
          answers_on: options.queue ? "queue" : "this process",
        });
      else
        process.stdout.write(
          `triangulate serve: listening on ${server.url} (workspace ${workspace.root}${options.queue ? "; asks answered by the queue's workers" : ""})\n`,
        );
      await new Promise<void>((resolve) => {
        const stop = (signal: NodeJS.Signals) => {
          process.stderr.write(`triangulate serve: ${signal}, stopping\n`);
          resolve();
        };
        process.once("SIGINT", stop);
        process.once("SIGTERM", stop);
      });
      await server.close();
      await backend.close();
    });
}
