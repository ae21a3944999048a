import { describe, expect, it } from "vitest";
import { FailureKind } from "../../models/failure-kind.js";
import { demoWorkspace, goal } from "../../test/support/reflector/fixtures.js";
import type { GradeShortfall } from "../grader.js";
import { Labels } from "../synthesizer/labels.js";
import type { FailureConclusion, GapMessage } from "./gap-message.js";
import { messageCatalog, renderGap } from "./render-message.js";

// Every gap code, every failure kind and every conclusion, said in each answer language: a Chinese
// gap has no English words outside the quoted upstream words and the proper names (source and
// dataset names, the dimension names the workspace gave), and an English gap no Chinese outside quotes.

const catalog = demoWorkspace().config.catalog;
const keys = { product: "A", region: ["East", "North"] };
const upstream = "HTTP 503 Service Unavailable from upstream";
const conclusions: FailureConclusion[] = [
  { code: "no_alternative_source", metric: "return_rate", source: "sales_bi", clause: "rows >= 1" },
  { code: "broadest_period_empty", filters: keys },
  { code: "broadest_period_empty", filters: {} },
  { code: "rate_limit_past_deadline", delayMs: 4000 },
  { code: "timeout_past_deadline", timeoutMs: 30000, remainingMs: 200 },
  { code: "stopped", cause: { kind: "interrupted" } },
  { code: "stopped", cause: { kind: "deadline" } },
  { code: "stopped", cause: { kind: "rounds", rounds: 3 } },
];
const SHORTFALLS: GradeShortfall[] = [
  { code: "too_few_passages", found: 0, needed: 2 },
  { code: "terms_not_mentioned", terms: ["退货", "到账"] },
  { code: "kind_not_stated", kind: "how_long" },
  { code: "model_finding", words: "the refund time is not stated" },
];

const messages: GapMessage[] = [
  {
    code: "metric_periods_missing",
    metric: "return_rate",
    keys,
    periods: ["2024-02"],
    dataEnds: "2024-01",
    context: true,
  },
  {
    code: "metric_periods_missing",
    metric: "return_rate",
    keys,
    periods: ["2024-02", "2024-03"],
    context: false,
    notKeptBy: {
      metric: "return_rate",
      dimensions: ["product"],
      source: "sales_bi",
      dataset: "returns",
      keys,
    },
  },
  { code: "metric_value_absent", metric: "return_rate", keys },
  {
    code: "metric_not_kept_by",
    metric: "return_rate",
    dimensions: ["product"],
    source: "sales_bi",
    dataset: "returns",
    keys,
  },
  { code: "metric_count_not_value", metric: "return_rate", source: "sales_bi" },
  {
    code: "event_filter_dropped",
    event: "logistics_provider_change",
    keys,
    window: "2024-01",
    dimension: "region",
    source: "tickets",
  },
  { code: "event_window_uncovered", window: "2024-Q1" },
  { code: "passages_insufficient", aspect: "duration", about: "退货" },
  // What the grader found, each kind of shortfall (once an English sentence in every language).
  ...SHORTFALLS.map(
    (shortfall): GapMessage => ({
      code: "passages_insufficient",
      aspect: "duration",
      about: "退货",
      shortfall,
      clause: "退货多久到账",
    }),
  ),
  ...SHORTFALLS.map(
    (shortfall): GapMessage => ({ code: "passages_short", clause: "退货多久到账", shortfall }),
  ),
  { code: "passages_short", clause: "退货多久到账" },
  { code: "text_aspect_missing", aspect: "duration", about: "退货" },
  { code: "why_no_event_source", metric: "return_rate", period: "2024-01" },
  { code: "why_no_event_found", metric: "return_rate" },
  { code: "breakdown_unavailable", metric: "return_rate", keys, mapped: false, wanted: "reasons" },
  { code: "breakdown_unavailable", metric: "return_rate", keys, mapped: false },
  { code: "breakdown_unavailable", metric: "complaints", keys, mapped: true, dimension: "region" },
  {
    code: "why_no_event_aligned",
    metric: "return_rate",
    period: "2023-12..2024-01",
    searched: [
      { event: "logistics_provider_change", source: "tickets" },
      { event: "crm_release", source: "handbook" },
    ],
    window: "2023-12-01..2024-02-29",
    outside: 2,
  },
  { code: "interrupted" },
  {
    code: "answered_by_other_source",
    failed: [{ source: "sales_bi/returns", kind: "timeout", upstream }, { source: "sales_exports/returns" }],
    from: ["support_bi/returns"],
  },
  ...[...FailureKind.options, "failed" as const].map(
    (kind): GapMessage => ({ code: "step_failed", kind, upstream }),
  ),
  ...conclusions.map((conclusion): GapMessage => ({ code: "step_failed", kind: "timeout", conclusion })),
  // What an adapter or the executor said, as codes: Chinese says them in its own words.
  {
    code: "step_failed",
    kind: "no_results",
    said: {
      code: "no_matching_rows",
      file: "data/returns.csv",
      filters: keys,
      from: "2024-01-01",
      to: "2024-12-31",
    },
    upstream: "no rows in data/returns.csv match product=A, period 2024-01-01..2024-12-31",
  },
  {
    code: "step_failed",
    kind: "validation_failed",
    said: { code: "rule_unmet", clause: "rows >= 100" },
    upstream: "rows = 4, expected >= 100",
  },
  {
    code: "answered_by_other_source",
    failed: [
      { source: "sales_bi/returns", kind: "no_results", said: { code: "rule_unmet", clause: "rows >= 1" } },
    ],
    from: ["support_bi/returns"],
  },
];
const subGoal = goal({
  id: "g1",
  source: "sales_bi",
  dataset: "returns",
  params: {
    metric: "return_rate",
    filters: keys,
    period: { grain: "month", from: "2024-02-01", to: "2024-02-29" },
  },
});
/** Names the workspace or a source gave: not words of a language. */
const properNames = [
  "data/returns.csv",
  "support_bi/returns",
  "sales_exports/returns",
  "sales_bi/returns",
  "sales_bi",
  "tickets",
  "handbook",
  "CRM",
  "returns",
  "product",
  "region",
  "rows >= 1",
  "rows >= 100",
  "Ctrl-C",
];

function withoutNames(text: string): string {
  let rest = text.replace(/「[^」]*」/g, "").replace(/"[^"]*"/g, "");
  for (const name of properNames) rest = rest.split(name).join("");
  return rest;
}

describe("the message catalogs", () => {
  for (const language of ["zh-Hans", "zh-Hant"] as const) {
    it(`says every gap in ${language} without English words outside quotes and names`, () => {
      const labels = new Labels(catalog, language);
      for (const message of messages) {
        const text = renderGap(message, labels, subGoal);
        expect(withoutNames(text), text).not.toMatch(/[A-Za-z]{3,}/);
        if (message.code === "step_failed" && message.upstream && !message.said)
          expect(text).toContain(`「${upstream}」`);
        // A coded message is said, not quoted in English.
        if (message.code === "step_failed" && message.said) expect(text).not.toContain(message.upstream);
      }
      const footer = messageCatalog(language).footer;
      for (const line of [
        footer.sources,
        footer.audited(3),
        footer.auditFailed(1, 3, "5.2"),
        footer.run("/tmp/run"),
      ])
        expect(line.replace("/tmp/run", "")).not.toMatch(/[A-Za-z]{3,}/);
    });
  }
  it("says every gap in English without Chinese outside quotes", () => {
    const labels = new Labels(catalog, "en");
    for (const message of messages) {
      const text = renderGap(message, labels, subGoal);
      expect(withoutNames(text).replace(/「[^」]*」/g, ""), text).not.toMatch(/\p{Script=Han}/u);
      // English says the step's own message, word for word.
      if (message.code === "step_failed" && message.upstream) expect(text).toContain(`"${message.upstream}"`);
    }
  });
  it("renders the catalog's names in the answer's language and says where the data ends", () => {
    const [missing] = messages;
    expect(renderGap(missing, new Labels(catalog, "zh-Hans"), subGoal)).toBe(
      "A产品 · 华东或华北 · 2024-02 的退货率（sales_bi/returns）：2024-02 没有A产品 · 华东或华北的退货率数值；数据截至 2024-01；所列其他期间的数值仅供参考，并非答案",
    );
    // English keeps the planner's description and the catalog's names, as gold answers and traces read them.
    expect(renderGap(missing, new Labels(catalog, "en"), subGoal)).toBe(
      `${subGoal.description}: no value of return_rate for product=A, region=East|North for 2024-02; data ends 2024-01; the values shown for other periods are context, not the answer`,
    );
  });
  it("says the currency after a money metric's last value, in each language", () => {
    const money: GapMessage = {
      code: "metric_periods_missing",
      metric: "return_rate",
      keys,
      periods: ["2024-02"],
      dataEnds: "2024-01",
      lastValue: "150.2",
      lastUnit: "kCNY",
      context: true,
    };
    expect(renderGap(money, new Labels(catalog, "en"))).toContain("data ends 2024-01 at 150.2 thousand CNY;");
    expect(renderGap(money, new Labels(catalog, "zh-Hans"))).toContain("最后的数值为 150.2 千元；");
    expect(renderGap(money, new Labels(catalog, "zh-Hant"))).toContain("最後的數值為 150.2 千元；");
    // A rate's last value carries its own sign and nothing after it.
    expect(
      renderGap({ ...money, lastValue: "3.6%", lastUnit: "percent" }, new Labels(catalog, "en")),
    ).toContain("data ends 2024-01 at 3.6%;");
  });
});
