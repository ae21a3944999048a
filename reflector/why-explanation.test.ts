import { describe, expect, it } from "vitest";
import { TraceRecorder } from "../executor/trace-recorder.js";
import type { SubGoal } from "../models/plan.js";
import { demoWorkspace, goal, table } from "../test/support/reflector/fixtures.js";
import { compareSources } from "./conflicts.js";
import { renderGap } from "./messages/render-message.js";
import { pointsOfGoals } from "./metric-points.js";
import type { GoalOutcome } from "./synthesizer/goal-outcome.js";
import { Labels } from "./synthesizer/labels.js";
import { synthesizeAnswer } from "./synthesizer/synthesize.js";
import { eventSearches, placeEvents } from "./why-alignment.js";
import { checkWhy } from "./why-check.js";

// Issue 29 item 1: the answer to "why did it change" states the change, lists the recorded events
// that line up with it (within base..asked, for the metric's keys) with citations, marks the ones
// that do not, and says that lining up is not proof; none lining up is a gap naming what was searched.
const workspace = demoWorkspace();
const question = "Why did product A's return rate in East China rise in January 2024?";
const window = { grain: "month" as const, from: "2023-12-01", to: "2024-02-29" };

function metricOutcome(): GoalOutcome {
  const planned: SubGoal = {
    ...goal({
      id: "g1",
      source: "sales_bi",
      dataset: "returns",
      params: {
        metric: "return_rate",
        filters: { product: "A", region: "East" },
        period: { grain: "month", from: "2024-01-01", to: "2024-01-31" },
      },
    }),
    asked: {
      kind: "metric",
      metric: "return_rate",
      keys: { product: "A", region: "East" },
      periods: [{ grain: "month", from: "2024-01-01", to: "2024-01-31" }],
      operation: "why",
      premise: "up",
      explain: { base: { grain: "month", from: "2023-12-01", to: "2023-12-31" }, window },
    },
  };
  const run = {
    ...planned,
    params: { ...planned.params, period: { ...planned.params.period!, from: "2023-12-01" } },
  };
  return {
    goal: run,
    planned,
    status: "answered",
    check: { status: "answered", found: ["2024-01"], missing: [] },
    evidence: table(
      [
        { product: "A", region: "East", month: "2023-12", return_rate: 3.4 },
        { product: "A", region: "East", month: "2024-01", return_rate: 5.2 },
      ],
      "sales_bi",
      { units: { return_rate: "percent" } },
    ),
  };
}

function eventOutcome(
  id: string,
  source: string,
  event: string,
  filters: Record<string, string>,
  rows: Record<string, string>[],
): GoalOutcome {
  const planned: SubGoal = {
    ...goal({ id, source, params: { event, filters, period: window }, expected_format: "records" }),
    asked: { kind: "event", event, keys: filters, window, operation: "why" },
  };
  return {
    goal: planned,
    planned,
    status: "answered",
    check: { status: "answered", found: rows.map((row) => row.key), missing: [] },
    evidence: table(rows, source),
  };
}

const provider = (rows: Record<string, string>[]) =>
  eventOutcome("g2", "tickets", "logistics_provider_change", { region: "East" }, rows);
const releases = eventOutcome("g3", "tickets", "crm_release", {}, [
  { key: "CRM-6", version: "3.6.0", release_date: "2024-02-20" },
]);
const providerRows = [
  {
    key: "LOG-101",
    region: "East",
    from_provider: "SwiftShip",
    to_provider: "EastExpress",
    change_date: "2024-01-15",
  },
  { key: "LOG-102", region: "West", from_provider: "A", to_provider: "B", change_date: "2024-01-20" },
];

async function answer(language: "en" | "zh-Hans" | "zh-Hant", outcomes: GoalOutcome[]) {
  const synthesis = await synthesizeAnswer({
    question,
    language,
    outcomes,
    comparisons: compareSources(pointsOfGoals(outcomes, workspace.config.catalog), workspace.config),
    broadenings: [],
    gaps: [],
    workspace,
    trace: new TraceRecorder(),
  });
  expect(synthesis.audit.passed).toBe(true);
  return synthesis.answer.text;
}

describe("events placed against an explained change", () => {
  it("line up when dated within base..asked and for the metric's keys; the others say why not", () => {
    const metric = metricOutcome();
    const asked = metric.planned.asked;
    if (asked?.kind !== "metric") throw new Error("metric asked");
    const placements = placeEvents(asked, eventSearches([metric, provider(providerRows), releases]));
    expect(placements.map((placement) => [placement.goal, placement.date, placement.place])).toEqual([
      ["g2", "2024-01-15", "aligned"],
      ["g2", "2024-01-20", "other_keys"],
      ["g3", "2024-02-20", "outside"],
    ]);
  });

  it("the why check leaves an aligned change answered, and says what was searched when none lines up", () => {
    const aligned = [metricOutcome(), provider(providerRows), releases];
    expect(checkWhy(aligned)).toEqual([]);
    const none = [metricOutcome(), provider([]), releases];
    const gaps = checkWhy(none);
    expect(gaps).toHaveLength(1);
    expect(gaps[0].gap).toEqual({
      code: "why_no_event_aligned",
      metric: "return_rate",
      period: "2023-12..2024-01",
      searched: [
        { event: "logistics_provider_change", source: "tickets" },
        { event: "crm_release", source: "tickets" },
      ],
      window: "2023-12-01..2024-02-29",
      outside: 1,
    });
    expect(none[0].check?.status).toBe("partial");
    const english = renderGap(gaps[0].gap, new Labels(workspace.config.catalog, "en"));
    expect(english).toContain("no recorded event lines up with it");
    expect(english).toContain("logistics_provider_change in tickets; crm_release in tickets");
    expect(renderGap(gaps[0].gap, new Labels(workspace.config.catalog, "zh-Hans"))).toContain(
      "没有任何已记录的事件与之吻合",
    );
    expect(renderGap(gaps[0].gap, new Labels(workspace.config.catalog, "zh-Hant"))).toContain(
      "沒有任何已記錄的事件與之吻合",
    );
  });

  it("the answer lists the aligned events with citations, marks the others, and says it is not proof, in each language", async () => {
    const outcomes = () => [metricOutcome(), provider(providerRows), releases];
    const english = await answer("en", outcomes());
    expect(english).toContain("rose from 3.4% in 2023-12 to 5.2% in 2024-01 (+1.8 pp");
    expect(english).toMatch(
      /Candidate explanations.*\n- Return rate \(A · East\), 2023-12\.\.2024-01:\n {2}Logistics provider change LOG-101 .* on 2024-01-15 \[\d+\]/,
    );
    expect(english).toContain("not lined up (for other keys): Logistics provider change LOG-102");
    expect(english).toContain("not lined up (outside 2023-12..2024-01): CRM release CRM-6");
    expect(english).toContain("is not proof that an event caused the change");
    const simplified = await answer("zh-Hans", outcomes());
    expect(simplified).toContain("可能的解释");
    expect(simplified).toContain("时间和维度吻合并不能证明事件导致了变化");
    expect(simplified).not.toMatch(/Candidate|not proof|lined up/);
    const traditional = await answer("zh-Hant", outcomes());
    expect(traditional).toContain("可能的解釋");
    expect(traditional).toContain("不吻合（不在 2023-12..2024-01 內）");
  });
});
