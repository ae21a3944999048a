import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path, { join } from "node:path";
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
import { serveCanvasPages } from "../support/bi-dashboard/chart-test-pages.js";
import { type AnswerLanguage, foreignSentences, workspaceNames } from "../support/foreign-sentences.js";
import { readerLines } from "../support/reader-lines.js";

// Issue 29 item 8, the failures: every failure kind (models/failure-kind.ts) forced for real — a
// loopback ticket server (the request-tracker workspace's REST API) answering 401, 404, 429, 500,
// broken JSON or nothing; a tea-house copy with a store no row has, a data file broken after
// loading, a validation rule no result meets; a caller's abort; a credential not set; a knowledge base
// never built or damaged; a dashboard whose browser cannot be reached or started, whose page never
// answers, or whose canvas needs an OCR engine that is not installed; passages that do not state what
// a sub-question asks (the grader's own finding); models (planner, grader, writer) that cannot be
// reached; a difference of money in kCNY (the unit said in the answer's words) — and asked in
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

/** Something the membership policy does not say. */
const PARKING: Record<AnswerLanguage, string> = {
  en: "Who pays the delivery fee of takeaway orders?",
  "zh-Hans": "外卖订单的配送费由谁承担？",
  "zh-Hant": "外賣訂單的配送費由誰承擔？",
};

/** A difference of revenue (kCNY) between two stores, and how each language says the unit. */
const REVENUE_GAP: Record<AnswerLanguage, string> = {
  en: "Compare the revenue of the Hangzhou and Shanghai stores in Q2 2019",
  "zh-Hans": "比较2019年第二季度杭州店和上海店的营业额",
  "zh-Hant": "比較2019年第二季度杭州店和上海店的營業額",
};
const THOUSANDS: Record<AnswerLanguage, string> = {
  en: "thousand CNY",
  "zh-Hans": "千元",
  "zh-Hant": "千元",
};

/** A workspace whose dashboard's table is a canvas read by tesseract. */
function ocrWorkspace(url: string): Workspace {
  const directory = mkdtempSync(join(tmpdir(), "triangulate-language-ocr-"));
  temporary.push(directory);
  writeFileSync(
    join(directory, "triangulate.yaml"),
    `catalog:
  metrics:
    visits: { label: Visits, unit: count, synonyms: [访问量, 訪問量, visits] }
  dimensions:
    store: { values: { North: [北店, North store] } }
sources:
  portal:
    kind: bi_dashboard
    base_url: ${url}
    timeout_seconds: 30
    datasets:
      visits:
        url: /visits
        locate: { aria_label: Visits by store }
        extract: ocr
        ocr: { engine: tesseract }
        columns: { Store: store, Month: month, Visits: visits }
        period_column: month
        offers: { metrics: [visits], dimensions: [store], grain: month }
`,
  );
  return loadWorkspace(directory);
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

    it(`a dashboard page that never answers (${language})`, async () => {
      fault = "silent";
      const workspace = dashboardWorkspace("{ headless: true }");
      const result = await askQuestion(VISITS[language], workspace, {
        asOf: "2024-12-31",
        record: false,
        stepTimeoutMs: 2_000,
        deadlineMs: 8_000,
      });
      expect(kindsOf(result.results)).toContain("timeout");
      const codes = codesOf(result.results);
      expect(
        codes.some((code) => code === "page_timed_out" || code === "reading_stopped"),
        codes.join(),
      ).toBe(true);
      expectOwnLanguage(result.answer, result.planning.warnings, language, workspaceNames(workspace));
    }, 60_000);

    it(`the OCR engine is not installed (${language})`, async () => {
      const canvas = await serveCanvasPages({
        visits: [
          {
            kind: "table",
            label: "Visits by store",
            width: 320,
            height: 0,
            font: "sans-serif",
            fontSize: 16,
            rows: [
              ["Store", "Month", "Visits"],
              ["North", "2024-03", "120"],
            ],
          },
        ],
      });
      // No tesseract on the PATH the adapter runs it from: the engine is missing, for real.
      const path = process.env.PATH;
      process.env.PATH = mkdtempSync(join(tmpdir(), "triangulate-no-tesseract-"));
      temporary.push(process.env.PATH);
      try {
        const workspace = ocrWorkspace(canvas.url);
        const result = await askQuestion(VISITS[language], workspace, { asOf: "2024-12-31", record: false });
        const said = result.results
          .map((step) => stepMessageOf(step))
          .find((message) => message?.code === "ocr_failed");
        expect(said, codesOf(result.results).join()).toMatchObject({
          problem: { code: "engine_not_installed" },
        });
        expectOwnLanguage(result.answer, result.planning.warnings, language, workspaceNames(workspace));
      } finally {
        process.env.PATH = path;
        await canvas.close();
      }
    }, 90_000);

    it(`passages that do not state what a sub-question asks (${language})`, async () => {
      const workspace = loadWorkspace(copyOf("tea-house"));
      await ingestKnowledgeBase(workspace, "handbook");
      // A text goal the plan gives no asked aspect: the grader's own finding is the gap.
      const plan = ExecutionPlan.parse({
        question: PARKING[language],
        as_of: "2020-06-30",
        planner: "manual",
        strategy: "standard",
        sub_goals: [
          {
            id: "g1",
            description: "who pays the delivery fee",
            source: "handbook",
            params: { query: PARKING[language], filters: {} },
            expected_format: "text",
          },
        ],
      });
      const { answer } = await answerPlan(plan, workspace, { record: false, language });
      const gap = answer.gaps.find((candidate) => candidate.goal === "g1");
      expect(gap?.code).toBe("passages_short");
      expectOwnLanguage(answer, [], language, workspaceNames(workspace));
    });

    it(`a change of money in its currency, said in the answer's words (${language})`, async () => {
      const workspace = loadWorkspace(copyOf("tea-house"));
      const result = await askQuestion(REVENUE_GAP[language], workspace, {
        asOf: "2020-06-30",
        record: false,
      });
      expect(result.answer.text).toContain(THOUSANDS[language]);
      expectOwnLanguage(result.answer, result.planning.warnings, language, workspaceNames(workspace));
    });

    it(`models that cannot be reached: planner, grader and writer (${language})`, async () => {
      const directory = copyOf("tea-house");
      // Nothing listens on port 9: every model call fails, and each falls back to its deterministic path.
      writeFileSync(
        path.join(directory, "triangulate.yaml"),
        `${readFileSync(path.join(directory, "triangulate.yaml"), "utf8")}
model: { host: "http://127.0.0.1:9", planner: planner, grader: grader, writer: writer, timeout_seconds: 2 }
`,
      );
      const workspace = loadWorkspace(directory);
      await ingestKnowledgeBase(workspace, "handbook");
      for (const question of [POINTS[language], REVENUE[language]]) {
        const result = await askQuestion(question, workspace, { asOf: "2020-06-30", record: false });
        expect(result.planning.planner).toBe("fallback");
        expectOwnLanguage(result.answer, result.planning.warnings, language, workspaceNames(workspace));
      }
    }, 60_000);

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
