import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingestKnowledgeBase } from "../../adapters/pdf-kb/ingest/ingest-knowledge-base.js";
import { knowledgeBaseDirectory, lanceDirectory } from "../../adapters/pdf-kb/store/knowledge-base.js";
import { loadWorkspace } from "../../config/load-workspace.js";
import type { Workspace } from "../../config/workspace.js";
import type { FailureKind } from "../../models/failure-kind.js";
import { ExecutionPlan } from "../../models/plan.js";
import { stepMessageOf } from "../../models/step-message.js";
import type { StepResult } from "../../models/step-result.js";
import { askQuestion } from "../../planner/ask.js";
import { answerPlan } from "../../reflector/answer-loop.js";
import { type AnswerLanguage, foreignSentences, workspaceNames } from "../support/foreign-sentences.js";
import { readerLines } from "../support/reader-lines.js";

// Issue 29 item 8, the failures: every failure kind (models/failure-kind.ts) forced for real — a
// loopback ticket server (the request-tracker workspace's REST API) answering 401, 404, 429, 500,
// broken JSON or nothing; a tea-house copy with a store no row has, a data file broken after
// loading, a validation rule no result meets; a caller's abort; a credential not set; a knowledge base
// never built or damaged; a dashboard whose browser cannot be reached or started — and asked in
// English, Simplified and Traditional Chinese. Each answer says the failure in the question's language: no sentence of
// another language outside quotes (the upstream's own words) and proper names.

const here = path.dirname(new URL(import.meta.url).pathname);

/** How the loopback ticket server answers every request. */
type Fault = "unauthorized" | "missing" | "busy" | "broken" | "garbled" | "silent";
let fault: Fault = "broken";
let server: Server;
let baseUrl: string;
const temporary: string[] = [];

beforeAll(async () => {
  server = createServer((_request, response) => {
    if (fault === "silent") return; // never answers: the step times out
    const [status, body, headers] = {
      unauthorized: [401, '{"message":"Unauthorized"}', {}],
      missing: [404, '{"message":"Queue not found"}', {}],
      busy: [429, '{"message":"Too many requests"}', { "retry-after": "3600" }],
      broken: [500, '{"message":"Internal server error"}', {}],
      garbled: [200, '{"items": [ {"id": 1, ', {}],
    }[fault] as [number, string, Record<string, string>];
    response.writeHead(status, { "content-type": "application/json", ...headers }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  for (const directory of temporary) rmSync(directory, { recursive: true, force: true });
});

function copyOf(workspace: string): string {
  const copy = mkdtempSync(path.join(tmpdir(), "triangulate-language-failures-"));
  temporary.push(copy);
  cpSync(path.join(here, "../workspaces", workspace), copy, {
    recursive: true,
    filter: (source) => !source.includes(".triangulate"),
  });
  return copy;
}

function ticketsWorkspace(
  environment: Record<string, string> = { RT_PASSWORD: "not-a-real-password" },
): Workspace {
  return loadWorkspace(copyOf("request-tracker"), {
    environment: { RT_URL: baseUrl, RT_USER: "root", RT_QUEUE: "Quality", ...environment },
  });
}

/** The codes of what the adapters and the executor said of the failed steps. */
function codesOf(results: StepResult[]): string[] {
  return results.flatMap((result) => stepMessageOf(result)?.code ?? []);
}

/** Every file under a folder (the LanceDB tables' data and manifests). */
function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const entry = path.join(directory, name);
    return statSync(entry).isDirectory() ? filesUnder(entry) : [entry];
  });
}

/** A workspace with one BI dashboard and the given workspace-level browser settings. */
function dashboardWorkspace(browser: string): Workspace {
  const directory = mkdtempSync(path.join(tmpdir(), "triangulate-language-browser-"));
  temporary.push(directory);
  writeFileSync(
    path.join(directory, "triangulate.yaml"),
    `catalog:
  metrics:
    visits: { label: Visits, unit: count, synonyms: [访问量, 訪問量, visits] }
  dimensions:
    store: { values: { North: [北店, North store] } }
browser: ${browser}
sources:
  portal:
    kind: bi_dashboard
    trust: 0.8
    base_url: ${baseUrl}
    timeout_seconds: 5
    datasets:
      visits:
        url: /visits
        locate: { heading: Visits by store }
        columns: { Store: store, Month: month, Visits: visits }
        period_column: month
        offers: { metrics: [visits], dimensions: [store], grain: month }
`,
  );
  return loadWorkspace(directory);
}

const VISITS: Record<AnswerLanguage, string> = {
  en: "Visits of the North store in March 2024",
  "zh-Hans": "2024年3月北店的访问量",
  "zh-Hant": "2024年3月北店的訪問量",
};

const POINTS: Record<AnswerLanguage, string> = {
  en: "How long do membership points last?",
  "zh-Hans": "会员积分多久过期？",
  "zh-Hant": "會員積分多久過期？",
};

/** Every failure kind the results and their attempts carry. */
function kindsOf(results: StepResult[]): Set<FailureKind> {
  return new Set(
    results.flatMap((result) => [result.error_kind, ...result.attempts.map((attempt) => attempt.error_kind)]),
  ) as Set<FailureKind>;
}

function expectOwnLanguage(
  answer: Parameters<typeof readerLines>[0],
  warnings: string[],
  language: AnswerLanguage,
  names: string[],
) {
  expect(answer.language).toBe(language);
  const lines = readerLines(answer, warnings);
  const foreign = lines.flatMap((line) => foreignSentences(line, language, names));
  expect(
    foreign.map((found) => `${found.run}  ⟨${found.context}⟩`),
    lines.join("\n"),
  ).toEqual([]);
}

const PART_CHANGES: Record<AnswerLanguage, string> = {
  en: "Part changes at Kaohsiung in 2024",
  "zh-Hans": "2024年高雄的零件变更",
  "zh-Hant": "2024年高雄的零件變更",
};

const TICKET_FAULTS: [Fault, FailureKind][] = [
  ["unauthorized", "auth_error"],
  ["missing", "not_found"],
  ["busy", "rate_limited"],
  ["broken", "server_error"],
  ["garbled", "format_error"],
  ["silent", "timeout"],
];

describe("every failure kind, said in the question's language", () => {
  for (const [serverFault, kind] of TICKET_FAULTS)
    for (const language of ["en", "zh-Hans", "zh-Hant"] as const)
      it(`${kind} (${language})`, async () => {
        fault = serverFault;
        const workspace = ticketsWorkspace();
        const result = await askQuestion(PART_CHANGES[language], workspace, {
          asOf: "2024-12-31",
          record: false,
          // A silent server times out fast; the others answer at once (a cold first request can be slow).
          stepTimeoutMs: serverFault === "silent" ? 300 : 10_000,
          deadlineMs: serverFault === "silent" ? 3_000 : 30_000,
        });
        expect(kindsOf(result.results)).toContain(kind);
        expect(result.answer.status).not.toBe("answered");
        expectOwnLanguage(result.answer, result.planning.warnings, language, workspaceNames(workspace));
      });

  const REVENUE: Record<AnswerLanguage, string> = {
    en: "Revenue of the Suzhou store in Q2 2019",
    "zh-Hans": "苏州店2019年第二季度的营业额",
    "zh-Hant": "蘇州店2019年第二季度的營業額",
  };
  for (const language of ["en", "zh-Hans", "zh-Hant"] as const) {
    it(`no_results (${language})`, async () => {
      const workspace = loadWorkspace(copyOf("tea-house"));
      const result = await askQuestion(REVENUE[language], workspace, { asOf: "2020-06-30", record: false });
      expect(kindsOf(result.results)).toContain("no_results");
      expectOwnLanguage(result.answer, result.planning.warnings, language, workspaceNames(workspace));
    });

    it(`a data file broken after loading (${language})`, async () => {
      const directory = copyOf("tea-house");
      const workspace = loadWorkspace(directory);
      writeFileSync(path.join(directory, "data/revenue.json"), '{"records": [ {"store": ');
      const result = await askQuestion(
        REVENUE[language].replace(
          /Suzhou|苏州|蘇州/,
          (store) => ({ Suzhou: "Hangzhou", 苏州: "杭州", 蘇州: "杭州" })[store] ?? store,
        ),
        workspace,
        {
          asOf: "2020-06-30",
          record: false,
        },
      );
      const kinds = kindsOf(result.results);
      expect(kinds.has("format_error") || kinds.has("config_error")).toBe(true);
      expectOwnLanguage(result.answer, result.planning.warnings, language, workspaceNames(workspace));
    });

    it(`a data file gone after loading (${language})`, async () => {
      const directory = copyOf("tea-house");
      const workspace = loadWorkspace(directory);
      rmSync(path.join(directory, "data/revenue.json"));
      const result = await askQuestion(
        REVENUE[language].replace(
          /Suzhou|苏州|蘇州/,
          (store) => ({ Suzhou: "Hangzhou", 苏州: "杭州", 蘇州: "杭州" })[store] ?? store,
        ),
        workspace,
        {
          asOf: "2020-06-30",
          record: false,
        },
      );
      const kinds = kindsOf(result.results);
      expect(kinds.has("not_found") || kinds.has("config_error")).toBe(true);
      expectOwnLanguage(result.answer, result.planning.warnings, language, workspaceNames(workspace));
    });

    it(`validation_failed (${language})`, async () => {
      const workspace = loadWorkspace(copyOf("tea-house"));
      const plan = ExecutionPlan.parse({
        question: REVENUE[language],
        as_of: "2020-06-30",
        planner: "manual",
        strategy: "standard",
        sub_goals: [
          {
            id: "g1",
            description: "revenue of Hangzhou in 2019",
            source: "finance",
            dataset: "revenue",
            params: {
              metric: "revenue",
              filters: { store: "Hangzhou" },
              period: { grain: "quarter", from: "2019-01-01", to: "2019-12-31" },
            },
            expected_format: "table",
            // Four quarters exist; a rule asking for a hundred rows fails on every attempt.
            validation: "rows >= 100",
          },
        ],
      });
      const { answer, results } = await answerPlan(plan, workspace, { record: false, language });
      expect(kindsOf(results)).toContain("validation_failed");
      expectOwnLanguage(answer, [], language, workspaceNames(workspace));
    });

    it(`a credential not set (${language})`, async () => {
      const workspace = ticketsWorkspace({});
      const result = await askQuestion(PART_CHANGES[language], workspace, {
        asOf: "2024-12-31",
        record: false,
      });
      expect(kindsOf(result.results)).toContain("config_error");
      expect(codesOf(result.results)).toContain("variables_unset");
      expectOwnLanguage(result.answer, result.planning.warnings, language, workspaceNames(workspace));
    });

    it(`a knowledge base never built (${language})`, async () => {
      const workspace = loadWorkspace(copyOf("tea-house"));
      const result = await askQuestion(POINTS[language], workspace, { asOf: "2020-06-30", record: false });
      expect(codesOf(result.results)).toContain("index_unusable");
      expectOwnLanguage(result.answer, result.planning.warnings, language, workspaceNames(workspace));
    });

    it(`a knowledge base whose index is damaged (${language})`, async () => {
      const workspace = loadWorkspace(copyOf("tea-house"));
      await ingestKnowledgeBase(workspace, "handbook");
      // Every data file of the index truncated: the manifest is there, the tables cannot be read.
      const lance = lanceDirectory(knowledgeBaseDirectory(workspace.stateDirectory, "handbook"));
      for (const file of filesUnder(lance)) writeFileSync(file, "");
      const result = await askQuestion(POINTS[language], workspace, { asOf: "2020-06-30", record: false });
      const codes = codesOf(result.results);
      expect(codes.includes("index_unusable") || codes.includes("index_unsearchable"), codes.join()).toBe(
        true,
      );
      expectOwnLanguage(result.answer, result.planning.warnings, language, workspaceNames(workspace));
    });

    it(`no browser server answers (${language})`, async () => {
      const workspace = dashboardWorkspace("{ ws_endpoint: ws://127.0.0.1:9/closed }");
      const result = await askQuestion(VISITS[language], workspace, { asOf: "2024-12-31", record: false });
      expect(kindsOf(result.results)).toContain("server_error");
      expect(codesOf(result.results)).toContain("browser_servers_unreachable");
      expectOwnLanguage(result.answer, result.planning.warnings, language, workspaceNames(workspace));
    });

    it(`the browser cannot start (${language})`, async () => {
      const workspace = dashboardWorkspace("{ executable_path: /nonexistent/chromium }");
      const result = await askQuestion(VISITS[language], workspace, { asOf: "2024-12-31", record: false });
      expect(codesOf(result.results)).toContain("browser_cannot_start");
      expectOwnLanguage(result.answer, result.planning.warnings, language, workspaceNames(workspace));
    });

    it(`interrupted (${language})`, async () => {
      fault = "silent";
      const workspace = ticketsWorkspace();
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 200);
      const result = await askQuestion(PART_CHANGES[language], workspace, {
        asOf: "2024-12-31",
        record: false,
        signal: controller.signal,
      });
      expect(kindsOf(result.results)).toContain("interrupted");
      expectOwnLanguage(result.answer, result.planning.warnings, language, workspaceNames(workspace));
    });
  }
});
