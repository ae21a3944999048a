/**
 * Runs the demo ticket server on its own:
 *   npx tsx demo/ticket-server/main.ts --port 4200 [--token demo-token] [--bench 5000]
 */
import { startTicketServer } from "./ticket-server.js";

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const server = await startTicketServer({
  port: Number(option("port") ?? 4200),
  token: option("token") ?? process.env.JIRA_TOKEN ?? "demo-token",
  ...(option("bench") ? { benchIssues: Number(option("bench")) } : {}),
});
process.stdout.write(
  `demo ticket server (Jira REST v2/v3) on ${server.url}; faults: POST ${server.url}/__faults\n`,
);
const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
