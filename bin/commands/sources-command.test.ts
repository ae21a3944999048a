import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadWorkspace } from "../../config/load-workspace.js";
import { type RunningTicketServer, startTicketServer } from "../../demo/ticket-server/ticket-server.js";
import { formatReport, parseFilters, testEverySource, testSource } from "./sources-command.js";

const run = promisify(execFile);
const root = path.resolve(__dirname, "../..");
const workspaceDirectory = path.join(root, "demo/workspace");
let server: RunningTicketServer;
let scratch: string;

beforeAll(async () => {
  server = await startTicketServer({ token: "cli-token" });
  scratch = mkdtempSync(path.join(tmpdir(), "sources-test-"));
});
afterAll(async () => {
  await server.close();
  rmSync(scratch, { recursive: true, force: true });
});

const environment = () => ({
  ...process.env,
  NO_COLOR: "1",
  TRIANGULATE_TICKETS_URL: server.url,
  JIRA_TOKEN: "cli-token",
});

describe("sources test", () => {
  it("maps a saved response and lists the fields that matched nothing (CLI, --json)", async () => {
    const sample = path.join(scratch, "crm.json");
    const response = await fetch(
      `${server.url}/rest/api/2/search?jql=${encodeURIComponent("project = CRM")}`,
      { headers: { authorization: "Bearer cli-token" } },
    );
    const body = (await response.json()) as { issues: { fields: Record<string, unknown> }[] };
    delete body.issues[1].fields.customfield_10030;
    writeFileSync(sample, JSON.stringify(body));
    const result = await run(
      process.execPath,
      [
        "--import",
        "tsx",
        "bin/triangulate.ts",
        "sources",
        "test",
        "tickets",
        "--search",
        "crm_releases",
        "--sample",
        sample,
        "--json",
        "-w",
        workspaceDirectory,
      ],
      { cwd: root, env: environment() },
    ).catch((error) => error);
    const output = JSON.parse(result.stdout) as {
      reports: {
        rows: Record<string, unknown>[];
        unmatched: { field: string; records: number; examples: string[] }[];
      }[];
    };
    expect(result.code).toBe(2);
    expect(output.reports[0].rows.map((row) => row.version)).toEqual([
      "3.1.0",
      "3.2.0",
      "3.3.0",
      "3.4.0",
      "3.5.0",
    ]);
    expect(output.reports[0].unmatched).toEqual([
      {
        field: "release_date",
        path: "$.fields.customfield_10030",
        records: 1,
        total: 5,
        examples: ["CRM-2"],
      },
    ]);
  });

  it("runs live against the server with the default period and --filter", async () => {
    const workspace = loadWorkspace(workspaceDirectory, { environment: environment() });
    const [report] = await testSource(workspace, "tickets", {
      dataset: "provider_changes",
      asOf: "2024-06-30",
      filters: parseFilters(["region=East,South"]),
    });
    expect(report.error).toBeUndefined();
    expect(report.rows.map((row) => row.key)).toEqual(["LOG-101", "LOG-112"]);
    const received = server.requests.at(-1)!;
    expect(received.jql).toContain(
      'cf[10014] >= "2023-07-01" AND cf[10014] <= "2024-06-30" AND cf[10012] in ("East", "South")',
    );
  });

  it("prints a table, and a StepError as its kind, on the terminal form", async () => {
    const result = await run(
      process.execPath,
      [
        "--import",
        "tsx",
        "bin/triangulate.ts",
        "sources",
        "test",
        "tickets",
        "--search",
        "crm_releases",
        "--as-of",
        "2024-01-01",
        "-w",
        workspaceDirectory,
      ],
      { cwd: root, env: environment() },
    );
    expect(result.stdout).toContain("tickets · crm_releases · live");
    expect(result.stdout).toMatch(/CRM-4\s+3\.4\.0\s+2023-10-18\s+Service Desk, Notifications/);
    expect(result.stdout).toContain("every field matched on every record");
    // A refused token, in process (spawning is slow on a shared machine): the report carries the kind.
    const workspace = loadWorkspace(workspaceDirectory, {
      environment: { ...environment(), JIRA_TOKEN: "wrong" },
    });
    const [refused] = await testSource(workspace, "tickets", { dataset: "crm_releases" });
    expect(formatReport(refused, 20)).toContain(
      "auth_error: source tickets refused the credentials (401); check the environment variable JIRA_TOKEN",
    );
  });
});

describe("sources test on a source with nothing to map", () => {
  it("says how a knowledge base without table datasets is tried, instead of printing nothing", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "sources-test-kb-"));
    try {
      writeFileSync(
        path.join(folder, "triangulate.yaml"),
        "catalog:\n  topics:\n    house_rules: { synonyms: [house rules] }\nsources:\n  rules_pdf:\n    kind: pdf_kb\n    paths: [docs/*.pdf]\n    offers: { topics: [house_rules] }\n",
      );
      const workspace = loadWorkspace(folder, { environment: {} });
      await expect(testSource(workspace, "rules_pdf", {})).rejects.toThrow(
        /rules_pdf has no datasets or searches to test.*kb search/,
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("sources test without a source", () => {
  // A workspace written by someone else (the round-9 held-out writer): six file sources, seven datasets.
  const ferrowell = path.join(root, "test/held-out/round9/ferrowell");

  it("tests every dataset of every source, in the YAML's order", async () => {
    const workspace = loadWorkspace(ferrowell, { environment: {} });
    const reports = await testEverySource(workspace, { from: "2024-01-01", to: "2024-03-31" });
    const expected = Object.entries(workspace.config.sources).flatMap(([source, config]) =>
      Object.keys((config as { datasets?: Record<string, unknown> }).datasets ?? {}).map(
        (dataset) => `${source}/${dataset}`,
      ),
    );
    expect(expected.length).toBeGreaterThan(5);
    expect(reports.map((report) => `${report.source}/${report.dataset}`)).toEqual(expected);
    for (const report of reports) {
      expect(report.error).toBeUndefined();
      expect(report.rows.length).toBeGreaterThan(0);
    }
  });

  it("refuses a dataset or a sample without the source it belongs to", async () => {
    const workspace = loadWorkspace(ferrowell, { environment: {} });
    await expect(testEverySource(workspace, { dataset: "accuracy" })).rejects.toThrow(
      /--dataset\/--search needs a source/,
    );
    await expect(testEverySource(workspace, { sample: "response.json" })).rejects.toThrow(
      /--sample needs a source/,
    );
  });

  it("says so when no source has anything to test (a knowledge base alone)", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "sources-test-all-kb-"));
    try {
      writeFileSync(
        path.join(folder, "triangulate.yaml"),
        "catalog:\n  topics:\n    house_rules: { synonyms: [house rules] }\nsources:\n  rules_pdf:\n    kind: pdf_kb\n    paths: [docs/*.pdf]\n    offers: { topics: [house_rules] }\n",
      );
      const workspace = loadWorkspace(folder, { environment: {} });
      await expect(testEverySource(workspace, {})).rejects.toThrow(
        /no source in .* has datasets or searches/,
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
