import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ingestKnowledgeBase } from "../adapters/pdf-kb/ingest/ingest-knowledge-base.js";
import { AdapterPool } from "../adapters/registry.js";
import { loadWorkspace } from "../config/load-workspace.js";
import type { Workspace } from "../config/workspace.js";
import { type BiPortal, startBiPortal } from "./bi-portal/bi-portal-server.js";
import { type RunningTicketServer, startTicketServer } from "./ticket-server/ticket-server.js";

const here = path.dirname(fileURLToPath(import.meta.url));

/** The flagship questions of the demo (issue 7), in the order `triangulate demo` asks them. */
export const FLAGSHIP_QUESTIONS: { id: string; question: string }[] = [
  {
    id: "q1-zh",
    question:
      "对比A产品在华东区2024年1月的退货率与B产品在华北区同期的退货率，并结合两地物流服务商变更记录分析可能原因",
  },
  {
    id: "q1-en",
    question:
      "Compare product A's return rate in East China in January 2024 with product B's in North China for the same month, and relate it to logistics provider changes in both regions",
  },
  { id: "q2", question: "客製化保溫杯刻錯名字，可以換貨嗎？運費誰出？多久能收到新品？" },
  {
    id: "q3",
    question:
      "Service-category complaints in Q3 vs Q4 2023 and their relation to CRM module versions released",
  },
  {
    id: "q4",
    question: "VIP repurchase rate by quarter of 2023 and the number of online campaigns per quarter",
  },
  { id: "q5", question: "你好" },
  { id: "q6", question: "Return rate of product C in West China in February 2024" },
];

/** The as-of date the demo answers at, so relative periods and answers are the same on every machine. */
export const DEMO_AS_OF = "2024-06-30";

/** The demo workspace folder shipped with the project (source tree, or the package root when run from dist/). */
export function demoWorkspaceSource(): string {
  const candidates = [path.resolve(here, "workspace"), path.resolve(here, "../../demo/workspace")];
  const found = candidates.find((candidate) => existsSync(path.join(candidate, "triangulate.yaml")));
  if (!found) throw new Error(`the demo workspace is missing (looked in ${candidates.join(", ")})`);
  return found;
}

/** The running demo: its sources, a private copy of the workspace, and how to stop everything. */
export interface DemoEnvironment {
  workspace: Workspace;
  /** The copy of demo/workspace the demo runs in (the repository is never written to). */
  directory: string;
  biUrl: string;
  /** The running BI portal (its counters: logins, data requests). */
  portal: BiPortal;
  ticketsUrl: string;
  tickets: RunningTicketServer;
  /** The environment lines that point `triangulate ask` at the running sources. */
  environment: Record<string, string>;
  /** One adapter pool for every question (one browser, one session). */
  adapters: AdapterPool;
  close(): Promise<void>;
}

/** Options of startDemo. */
export interface StartDemoOptions {
  /** Folder for the workspace copy; a fresh temporary folder by default (removed on close). */
  directory?: string;
  onProgress?: (message: string) => void;
  signal?: AbortSignal;
  /** Ticket-server start options (fault switches for reliability tests). */
  ticketServer?: Parameters<typeof startTicketServer>[0];
  /** BI portal start options. */
  biPortal?: Parameters<typeof startBiPortal>[0];
}

/**
 * Starts the demo sources (BI portal and ticket server on free ports), copies the demo workspace
 * to a private folder pointed at them, and ingests the demo PDFs into its LanceDB index.
 */
export async function startDemo(options: StartDemoOptions = {}): Promise<DemoEnvironment> {
  const progress = options.onProgress ?? (() => {});
  const ownsDirectory = options.directory === undefined;
  const directory = options.directory ?? mkdtempSync(path.join(tmpdir(), "triangulate-demo-"));
  cpSync(demoWorkspaceSource(), directory, {
    recursive: true,
    filter: (source) => !source.includes(`${path.sep}.triangulate`),
  });
  const closers: (() => Promise<void>)[] = [];
  const removeDirectory = () => {
    if (ownsDirectory) rmSync(directory, { recursive: true, force: true });
  };
  // Last resort: if the process ends while a close is still pending (a browser killed by Ctrl-C), the copy still goes.
  process.once("exit", removeDirectory);
  const close = async () => {
    // Each closer gets a few seconds: one stuck close must not keep the servers or the copy around.
    for (const closer of closers.reverse()) {
      await Promise.race([
        closer().catch(() => {}),
        new Promise<void>((resolve) => setTimeout(resolve, 5000).unref()),
      ]);
    }
    removeDirectory();
    process.removeListener("exit", removeDirectory);
  };
  try {
    progress("starting the BI portal and the ticket server");
    const portal = await startBiPortal({ port: 0, ...options.biPortal });
    closers.push(() => portal.close());
    const tickets = await startTicketServer({ port: 0, ...options.ticketServer });
    closers.push(() => tickets.close());
    const environment = { TRIANGULATE_BI_URL: portal.url, TRIANGULATE_TICKETS_URL: tickets.url };
    const workspace = loadWorkspace(directory, { environment: { ...process.env, ...environment } });
    progress("ingesting the demo PDFs");
    await ingestKnowledgeBase(workspace, "handbook", {
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const adapters = new AdapterPool(workspace);
    closers.push(() => adapters.close());
    return {
      workspace,
      directory,
      biUrl: portal.url,
      portal,
      ticketsUrl: tickets.url,
      tickets,
      environment,
      adapters,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
