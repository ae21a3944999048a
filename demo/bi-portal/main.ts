import { parseArgs } from "node:util";
import { startBiPortal } from "./bi-portal-server.js";

// Standalone: npx tsx demo/bi-portal/main.ts --port 4100 [--slow 2000] [--delay 300]
const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4100" },
    host: { type: "string", default: "127.0.0.1" },
    delay: { type: "string", default: "300" },
    slow: { type: "string", default: "0" },
  },
});

const portal = await startBiPortal({
  port: Number(values.port),
  host: values.host,
  dataDelayMs: Number(values.delay),
  renderDelayMs: Number(values.slow),
  username: process.env.BI_USER || undefined,
  password: process.env.BI_PASSWORD || undefined,
});
process.stdout.write(
  `Lumen BI demo portal at ${portal.url} (class suffix ${portal.classSuffix}); sign in as ${process.env.BI_USER || "analyst"}\n`,
);
const stop = async () => {
  await portal.close();
  process.exit(0);
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
