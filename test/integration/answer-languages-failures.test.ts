import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadWorkspace } from "../../config/load-workspace.js";
import type { Workspace } from "../../config/workspace.js";
import type { FailureKind } from "../../models/failure-kind.js";
import { ExecutionPlan } from "../../models/plan.js";
import type { StepResult } from "../../models/step-result.js";
import { askQuestion } from "../../planner/ask.js";
import { answerPlan } from "../../reflector/answer-loop.js";
import { type AnswerLanguage, foreignSentences, workspaceNames } from "../support/foreign-sentences.js";
import { readerLines } from "../support/reader-lines.js";

// Issue 29 item 8, the failures: every failure kind (models/failure-kind.ts) forced for real — a
// loopback ticket server (the request-tracker workspace's REST API) answering 401, 404, 429, 500,
// broken JSON or nothing; a tea-house copy with a store no row has, a data file broken after
// loading, a validation rule no result meets; a caller's abort — and asked in English, Simplified
// and Traditional Chinese. Each answer says the failure in the question's language: no sentence of
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

function ticketsWorkspace(): Workspace {
  return loadWorkspace(copyOf("request-tracker"), {
    environment: {
      RT_URL: baseUrl,
      RT_USER: "root",
      RT_PASSWORD: "not-a-real-password",
      RT_QUEUE: "Quality",
    },
  });
}

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
