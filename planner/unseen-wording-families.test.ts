import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadWorkspace } from "../config/load-workspace.js";
import type { Workspace } from "../config/workspace.js";
import { goalLines } from "../test/support/planner/goal-lines.js";
import { TemporaryFolders } from "../test/support/temporary-workspace.js";
import { CatalogPlanner } from "./catalog-planner.js";

// Issue 25, the families the round-9 held-out sets and the round-8 leftovers missed, each as a
// mechanism: wordings of our own in English, Simplified and Traditional Chinese, on the demo and on
// a catalog no question was written for (test/fixtures/quayside-catalog: a container port whose
// terminal names begin with step characters, 上港 and 下港, whose cargo noun 业务线 the word
// segmenter splits, with a code-and-word event, TOS版本, and a weekly dataset).
const root = path.resolve(import.meta.dirname, "..");
const demo = loadWorkspace(path.join(root, "demo/workspace"), { environment: {} });
const quayside = loadWorkspace(path.join(root, "test/fixtures/quayside-catalog"), { environment: {} });
const planner = new CatalogPlanner();
const AS_OF = "2024-07-10";
const plan = (question: string, workspace: Workspace, asOf = AS_OF) =>
  planner.planSync(question, { workspace, asOf, strategy: "auto" });

/** Each goal as "<metric or event> <filters> <grain> <from>..<to>", once each, sorted. */
function goalsOf(question: string, workspace: Workspace, asOf = AS_OF): string[] {
  return goalLines(question, plan(question, workspace, asOf));
}

describe("a step character inside a name does not hold back the period before it", () => {
  it.each([
    ["上个月上港码头的吊装次数是多少？", ["crane_moves terminal=Upper month 2024-06-01..2024-06-30"]],
    ["上個月上港碼頭的吊裝次數是多少？", ["crane_moves terminal=Upper month 2024-06-01..2024-06-30"]],
    ["上季度下港码头的吊装次数是多少？", ["crane_moves terminal=Lower month 2024-04-01..2024-06-30"]],
    ["近三个月上港码头的吊装次数", ["crane_moves terminal=Upper month 2024-04-01..2024-06-30"]],
    ["过去四周下港码头的平均堆存时长各是多少？", ["dwell_hours terminal=Lower week 2024-06-10..2024-07-07"]],
    ["上周上港码头的平均堆存时长", ["dwell_hours terminal=Upper week 2024-07-01..2024-07-07"]],
  ])("%s → %j, with no default-period note", (question, expected) => {
    expect(goalsOf(question, quayside)).toEqual(expected);
    expect(plan(question, quayside).defaults).toEqual([]);
  });
});

describe("a dimension's own noun beside its value, however the segmenter cuts it", () => {
  it.each([
    "上个月冷藏业务线的货损报告有多少？",
    "上個月冷藏業務線的貨損報告有多少？",
    "Last month, how many damage reports did the reefer cargo line have?",
  ])("%s → the reefer line's reports, nothing unknown or unused", (question) => {
    expect(goalsOf(question, quayside)).toEqual(["damage_reports cargo=Reefer month 2024-06-01..2024-06-30"]);
    const outcome = plan(question, quayside);
    expect(outcome.unknownTerms).toEqual([]);
    expect((outcome.spans ?? []).filter((span) => span.role === "unused")).toEqual([]);
  });

  it("keeps a follow-up value and the asked measure (冷藏业务线呢, 三个月前呢)", () => {
    expect(goalsOf("上个月冷藏业务线的货损报告有多少？三个月前呢？", quayside)).toEqual([
      "damage_reports cargo=Reefer month 2024-04-01..2024-04-30",
      "damage_reports cargo=Reefer month 2024-06-01..2024-06-30",
    ]);
    expect(goalsOf("今年前两个月散货业务线的货损报告一共多少件？冷藏业务线呢？", quayside)).toEqual([
      "damage_reports cargo=Bulk month 2024-01-01..2024-02-29",
      "damage_reports cargo=Reefer month 2024-01-01..2024-02-29",
    ]);
  });
});

describe("follow-up shapes keep the measure and period, and take the new value", () => {
  const may = (terminal: string) => `crane_moves terminal=${terminal} month 2024-05-01..2024-05-31`;
  it.each([
    ["What was the crane moves count at the Upper terminal in May 2024? What about the Lower terminal?"],
    ["Crane moves at the Upper terminal in May 2024, and for the Lower terminal?"],
    ["Crane moves at the Upper terminal in May 2024 — the same for the Lower terminal?"],
    ["2024年5月上港码头的吊装次数是多少？下港码头呢？"],
    ["2024年5月上港碼頭的吊裝次數是多少？還有下港碼頭呢？"],
  ])("%s", (question) => {
    expect(goalsOf(question, quayside)).toEqual([may("Lower"), may("Upper")]);
  });
});

describe("a term of a code and a word, written apart", () => {
  const releases2023 = ["tos_release  month 2023-01-01..2023-12-31"];
  it.each([
    "2023年TOS一共发布了几个版本？分别在哪几个月？",
    "2023年TOS總共發佈了幾個版本？",
    "How many releases did the TOS have in 2023?",
    "List the releases of the TOS in 2023.",
  ])("%s → the TOS release event over 2023, one goal", (question) => {
    expect(goalsOf(question, quayside)).toEqual(releases2023);
  });

  it("reads a verb and object split by a particle and a count (停了几次机, 停過幾次機)", () => {
    for (const question of ["2023年上港码头一共停了几次机？", "2023年上港碼頭停過幾次機？"])
      expect(goalsOf(question, quayside)).toEqual([
        "crane_outage terminal=Upper month 2023-01-01..2023-12-31",
      ]);
  });

  it("takes a Latin name written into Chinese as a code whatever its capitals (App版本, App更新)", () => {
    // Blind round 12 (seen): "App" has no capital inside, so App總共發佈了幾個版本 found no term and
    // 訂票App有沒有更新 asked back about 訂票. Two catalogs: a gym chain's and a ski resort's.
    const ironleaf = loadWorkspace(path.join(root, "test/held-out/round12/ironleaf/workspace"), {
      environment: {},
    });
    const snowcrest = loadWorkspace(path.join(root, "test/held-out/round12/snowcrest"), { environment: {} });
    for (const question of ["2025年App總共發佈了幾個版本？", "2025年App一共发布了几个版本？"])
      expect(goalsOf(question, ironleaf, "2026-01-15")).toEqual([
        "app_release  month 2025-01-01..2025-12-31",
      ]);
    expect(goalsOf("2025年第一季度订票App有没有更新？", snowcrest, "2025-07-16")).toEqual([
      "app_release  month 2025-01-01..2025-03-31",
    ]);
  });

  it("reads a verb, 'new' or a particle between the parts as no content (订票App有沒有發布新版本)", () => {
    // Blind round 12 sc09 (seen): 有沒有發布新 between 訂票App and 版本 asked back about 訂票. Words
    // of making a thing public, "new" and particles (the locales' termGapWords) may stand between;
    // the Han words written before the code (订票) are the term's own. Three catalogs.
    const ironleaf = loadWorkspace(path.join(root, "test/held-out/round12/ironleaf/workspace"), {
      environment: {},
    });
    const snowcrest = loadWorkspace(path.join(root, "test/held-out/round12/snowcrest"), { environment: {} });
    expect(
      goalsOf("2025年1月崇礼的退票率是多少？同期訂票App有沒有發布新版本？", snowcrest, "2025-07-16").filter(
        (line) => line.startsWith("app_release"),
      ),
    ).toEqual(["app_release  month 2025-01-01..2025-01-31"]);
    expect(goalsOf("2025年第一季度订票App推出了几个新版本？", snowcrest, "2025-07-16")).toEqual([
      "app_release  month 2025-01-01..2025-03-31",
    ]);
    expect(goalsOf("2025年5月會員App有沒有上線新版本？", ironleaf, "2025-07-16")).toEqual([
      "app_release  month 2025-05-01..2025-05-31",
    ]);
    expect(goalsOf("Did the app ship a new release in May 2025?", ironleaf, "2025-07-16")).toEqual([
      "app_release  month 2025-05-01..2025-05-31",
    ]);
    expect(goalsOf("2023年TOS有没有发布新版本？", quayside)).toEqual(releases2023);
    // A content word between keeps the parts apart: no term is made of them.
    expect(plan("2025年订票App日票版本有几个？", snowcrest, "2025-07-16").corrections).not.toContainEqual(
      expect.objectContaining({ reason: "split_term" }),
    );
  });

  it("reads a Han term of two words written apart by a total and a particle (售票系統總共升級了幾次)", () => {
    // Blind round 13 lh28 (seen): 總共 between 售票系統 and 升級 found no term and the question was refused.
    const lanternhouse = loadWorkspace(path.join(root, "test/held-out/round13/lanternhouse"), {
      environment: {},
    });
    expect(goalsOf("2023年售票系統總共升級了幾次？分別是哪幾個版本？", lanternhouse, "2025-07-09")).toEqual([
      "tms_upgrade  month 2023-01-01..2023-12-31",
    ]);
    expect(
      goalsOf("2024年上港码头的吊机一共停机了几次？", quayside).filter((line) =>
        line.startsWith("crane_outage"),
      ),
    ).toEqual(["crane_outage terminal=Upper month 2024-01-01..2024-12-31"]);
    // A content word between keeps the parts apart.
    expect(plan("2023年售票系统影厅升级了几次？", lanternhouse, "2025-07-09").corrections).not.toContainEqual(
      expect.objectContaining({ reason: "split_term" }),
    );
  });

  it("leaves a code the catalog reads alone as it is, with no correction (CRM)", () => {
    const outcome = plan("2023年CRM總共發佈了幾個版本？", demo, "2024-06-30");
    expect(goalsOf("2023年CRM總共發佈了幾個版本？", demo, "2024-06-30")).toEqual([
      "crm_release  month 2023-01-01..2023-12-31",
    ]);
    expect(outcome.corrections).toEqual([]);
  });
});

describe("a same-period phrase composed of a pointing word and a stretch of time", () => {
  it.each([
    "What were the crane moves at the Upper terminal from January to March 2024, and how many crane outages happened in that span?",
    "What were the crane moves at the Upper terminal from January to March 2024, and were there crane outages during that window?",
    "2024年1月到3月上港码头的吊装次数是多少？该期间有几次吊机停机？",
    "2024年1月到3月上港碼頭的吊裝次數是多少？這段期間有幾次吊機停機？",
  ])("%s → the outages over the asked span, not widened", (question) => {
    expect(goalsOf(question, quayside)).toEqual([
      "crane_moves terminal=Upper month 2024-01-01..2024-03-31",
      "crane_outage terminal=Upper month 2024-01-01..2024-03-31",
    ]);
  });

  it.each([
    "2023年7月上港码头的吊装次数是多少？同一季度有没有TOS版本发布？",
    "2023年7月上港碼頭的吊裝次數是多少？那個季度有沒有TOS版本發佈？",
    "What were the crane moves at the Upper terminal in July 2023, and were there TOS releases in the same quarter?",
  ])("%s → the releases over the quarter holding July (Q3 2023)", (question) => {
    expect(goalsOf(question, quayside)).toContain("tos_release  month 2023-07-01..2023-09-30");
  });

  it("the same two months last year is those months a year back, not the whole year", () => {
    expect(
      goalsOf(
        "What were the crane moves at the Upper terminal in the first two months of this year, and in the same two months last year?",
        quayside,
      ),
    ).toEqual([
      "crane_moves terminal=Upper month 2023-01-01..2023-02-28",
      "crane_moves terminal=Upper month 2024-01-01..2024-02-29",
    ]);
  });
});

describe("an event clause written first keeps its own time; the clause after it binds its own", () => {
  it.each([
    "List the TOS releases in the second half of last year and count the damage reports at the Upper terminal over that half.",
    "列出去年下半年的TOS版本并统计同期上港码头的货损报告",
    "列出去年下半年的TOS版本並統計同期上港碼頭的貨損報告",
  ])("%s", (question) => {
    expect(goalsOf(question, quayside)).toEqual([
      "damage_reports terminal=Upper month 2023-07-01..2023-12-31",
      "tos_release  month 2023-07-01..2023-12-31",
    ]);
  });
});

describe("a pair word asks about both values the question named", () => {
  const upperAndLower = (metric: string) => [
    `${metric} terminal=Lower month 2024-01-01..2024-07-10`,
    `${metric} terminal=Upper month 2024-01-01..2024-07-10`,
  ];
  it.each([
    "Year to date, how do crane moves at the Upper terminal compare with the Lower terminal, and which of the two had more damage reports?",
    "今年以来，上港码头的吊装次数与下港码头相比如何？两者中哪个的货损报告更多？",
    "今年以來，上港碼頭的吊裝次數與下港碼頭相比如何？兩者中哪個的貨損報告較多？",
  ])("%s → damage reports of both terminals, nothing unknown", (question) => {
    expect(goalsOf(question, quayside)).toEqual([
      ...upperAndLower("crane_moves"),
      ...upperAndLower("damage_reports"),
    ]);
    expect(plan(question, quayside).unknownTerms).toEqual([]);
  });
});

describe("an unknown measure beside a known one, joined by any list word", () => {
  it.each([
    ["2024年1月华东区A产品的退货率和流失率是多少？", "流失率"],
    ["2024年1月華東區A產品的退貨率與流失率", "流失率"],
    ["2024年1月华东区A产品的退货率以及毛利率", "毛利率"],
    ["2024年1月华东区A产品的退货率、毛利率", "毛利率"],
    ["What were the return rate as well as the churn rate of A in East China in January 2024?", "churn rate"],
  ])("%s plans the return rate and reports %s", (question, unknown) => {
    const outcome = plan(question, demo, "2024-06-30");
    expect(outcome.clarification).toBeUndefined();
    expect(outcome.plan?.sub_goals.every((goal) => goal.params.metric === "return_rate")).toBe(true);
    expect(outcome.unknownTerms.map((term) => term.text)).toEqual([unknown]);
  });

  it.each([
    ["2024年5月上港码头的吊装次数和翻箱率是多少？", "翻箱率"],
    ["2024年5月上港码头的吊装次数跟翻箱率", "翻箱率"],
    ["What were the crane moves and the rehandle rate at the Upper terminal in May 2024?", "rehandle rate"],
  ])("on another catalog: %s", (question, unknown) => {
    const outcome = plan(question, quayside);
    expect(goalsOf(question, quayside)).toEqual(["crane_moves terminal=Upper month 2024-05-01..2024-05-31"]);
    expect(outcome.unknownTerms.map((term) => term.text)).toEqual([unknown]);
  });
});

describe("a metric word in a clause that asks about a rule is a word of the policy search", () => {
  it.each([
    "Under the port tariff rules, how quickly must a damage report be answered?",
    "按照港口收费规则，货损报告必须多快处理？",
    "按照港口收費規則，貨損報告必須多快處理？",
  ])("%s → one search, no count of reports, no unknown word", (question) => {
    const outcome = plan(question, quayside);
    expect(outcome.plan?.sub_goals.map((goal) => goal.expected_format)).toEqual(["text"]);
    expect(outcome.unknownTerms).toEqual([]);
  });

  it("still counts when the clause asks for a figure with a date", () => {
    expect(
      goalsOf(
        "Under the port tariff rules, how many damage reports did the Upper terminal file in May 2024?",
        quayside,
      ),
    ).toContain("damage_reports terminal=Upper month 2024-05-01..2024-05-31");
  });
});

describe("a to-date period from a month's start on a quarterly dataset", () => {
  it.each(["本月至今有多少服务类投诉？", "How many service complaints month to date?"])(
    "%s → the month widened to its quarter, as a month is",
    (question) => {
      expect(goalsOf(question, demo, "2024-06-18")).toContain(
        "complaints category=Service quarter 2024-04-01..2024-06-30",
      );
    },
  );

  it("still refuses a week to date on it, naming the grain", () => {
    const outcome = plan("本週至今有多少服務類投訴？", demo, "2024-06-18");
    expect(outcome.plan).toBeUndefined();
    expect(outcome.message).toContain("季度");
  });
});

describe("neighbours: the unit before a named one, event follow-ups, a measure the catalog lacks in its own clause", () => {
  it.each([
    "上个月上港码头的吊装次数是多少？前一个月呢？",
    "上個月上港碼頭的吊裝次數是多少？前一個月呢？",
    "What were the crane moves at the Upper terminal in June 2024? And the previous month?",
  ])("%s → June and May, not June twice (touching: one read)", (question) => {
    expect(goalsOf(question, quayside)).toEqual(["crane_moves terminal=Upper month 2024-05-01..2024-06-30"]);
  });

  it("reads 前一个月 alone as the month before as-of's", () => {
    expect(goalsOf("上港码头前一个月的吊装次数", quayside)).toEqual([
      "crane_moves terminal=Upper month 2024-06-01..2024-06-30",
    ]);
  });

  it.each([
    "How many crane outages did the Upper terminal have in Q2 2024? And the Lower terminal?",
    "2024年第二季度上港码头的吊机停机有几次？下港码头呢？",
    "2024年第二季度上港碼頭停了幾次機？還有下港碼頭呢？",
  ])("%s → the same event for the value the follow-up names", (question) => {
    expect(goalsOf(question, quayside)).toEqual([
      "crane_outage terminal=Lower month 2024-04-01..2024-06-30",
      "crane_outage terminal=Upper month 2024-04-01..2024-06-30",
    ]);
  });

  it.each([
    "What were the crane moves at the Upper terminal in May 2024, and the rehandle rate at the Lower terminal?",
    "2024年5月上港码头的吊装次数是多少？下港码头的翻箱率呢？",
    "2024年5月上港碼頭的吊裝次數是多少？下港碼頭的翻箱率呢？",
  ])("%s → the known measure only; the other clause's value gets no measure it did not ask", (question) => {
    expect(goalsOf(question, quayside)).toEqual(["crane_moves terminal=Upper month 2024-05-01..2024-05-31"]);
    expect(plan(question, quayside).unknownTerms.map((term) => term.kind)).toEqual(["metric"]);
  });

  it("keeps a measure listed with the unknown one for the next clause's values", () => {
    expect(
      goalsOf(
        "What were the crane moves and the rehandle rate at the Upper terminal in May 2024, and at the Lower terminal?",
        quayside,
      ),
    ).toEqual([
      "crane_moves terminal=Lower month 2024-05-01..2024-05-31",
      "crane_moves terminal=Upper month 2024-05-01..2024-05-31",
    ]);
  });

  it.each(["上港码头半年前的吊装次数是多少？", "上港碼頭半年前的吊裝次數是多少？"])(
    "%s asks which period, never the default month",
    (question) => {
      const outcome = plan(question, quayside);
      expect(outcome.plan).toBeUndefined();
      expect(outcome.clarification?.spans.map((span) => span.written)).toEqual(["半年"]);
    },
  );
});

describe("a count metric asked with its verb", () => {
  it.each(["上个月上港码头一共吊装了多少次？", "上個月上港碼頭吊裝了幾次？"])(
    "%s → the crane moves (吊装次数 less its count head is the verb counted)",
    (question) => {
      expect(goalsOf(question, quayside)).toEqual([
        "crane_moves terminal=Upper month 2024-06-01..2024-06-30",
      ]);
    },
  );
});

describe("a connective the word segmenter glues to the value after it", () => {
  // ICU segments 与北门 as 与北|门: read as a longer word holding the value (as 东北 holds 北), the
  // second value of a comparison was asked back. A park's gates, on a catalog written for this test.
  const folders = new TemporaryFolders();
  afterAll(() => folders.cleanup());
  const park = () =>
    loadWorkspace(
      folders.withFiles({
        "triangulate.yaml": [
          "catalog:",
          "  metrics:",
          "    visitors: { label: Visitors, unit: count, synonyms: [入园人数, 入園人數, visitors] }",
          "  dimensions:",
          "    gate:",
          "      values:",
          "        North: [北门, 北門, north gate]",
          "        South: [南门, 南門, south gate]",
          "  events:",
          "    gate_closure: { label: Gate closure, synonyms: [closed for repairs, 闭门检修, 閉門檢修] }",
          "sources:",
          "  tickets_export:",
          "    kind: file",
          "    datasets:",
          "      visitors:",
          "        path: data/visitors.csv",
          "        columns: { Gate: gate, Month: month, Visitors: visitors }",
          "        period_column: month",
          "        offers: { metrics: [visitors], dimensions: [gate], grain: month }",
          "      closures:",
          "        path: data/closures.csv",
          "        columns: { Gate: gate, Start: start, End: end }",
          "        period_column: [start, end]",
          "        offers: { events: [gate_closure], dimensions: [gate] }",
          "",
        ].join("\n"),
        "data/visitors.csv": "Gate,Month,Visitors\nNorth,2024-03,1200\nSouth,2024-03,900\n",
        "data/closures.csv": "Gate,Start,End\nNorth,2024-03-04,2024-03-06\n",
      }),
      { environment: {} },
    );

  const each = [
    "visitors gate=North month 2024-03-01..2024-03-31",
    "visitors gate=South month 2024-03-01..2024-03-31",
  ];
  it.each([
    ["2024年3月南门的入园人数与北门的入园人数相比如何？", each],
    ["2024年3月南門的入園人數與北門的入園人數相比如何？", each],
    ["2024年3月南门和北门的入园人数", ["visitors gate=South|North month 2024-03-01..2024-03-31"]],
  ])("%s plans both gates", (question, expected) => {
    expect(goalsOf(question, park())).toEqual(expected);
  });

  it.each(["南门和北门两地2024年3月的入园人数分别是多少？", "南門和北門兩地2024年3月的入園人數分別是多少？"])(
    "%s: 两地, which the segmenter splits into 两|地, counts the two gates named",
    (question) => {
      expect(goalsOf(question, park())).toEqual(["visitors gate=South|North month 2024-03-01..2024-03-31"]);
    },
  );

  it.each([
    "Was the South gate or the North gate closed for repairs in March 2024?",
    "Was the South gate, or perhaps the north gate, closed for repairs in March 2024?",
  ])(
    "%s: two values before an event word, with a determiner or a word between them, are each searched",
    (question) => {
      expect(goalsOf(question, park())).toEqual([
        "gate_closure gate=North month 2024-03-01..2024-03-31",
        "gate_closure gate=South month 2024-03-01..2024-03-31",
      ]);
    },
  );

  it("an event clause dated on its own, then 'and' a measure: each over its own period", () => {
    expect(
      goalsOf(
        "List the gate closures in the first quarter of 2024 and the number of visitors over March 2024.",
        park(),
      ),
    ).toEqual(["gate_closure  month 2024-01-01..2024-03-31", "visitors  month 2024-03-01..2024-03-31"]);
  });

  it("still asks back a value inside a longer word (东北门 is no gate of the catalog)", () => {
    const outcome = plan("2024年3月东北门的入园人数", park());
    expect(outcome.plan).toBeUndefined();
  });
});

describe("a period bound open at one end by 'before' or 'after' is asked back, never planned as the period", () => {
  // Seen while probing (2023年三季度前 planned Q3 2023 with no note): "before March 2024" was March.
  it.each([
    ["What was product A's return rate in East China before March 2024?", demo, "2024-06-30"],
    ["After March 2024, what was product A's return rate in East China?", demo, "2024-06-30"],
    ["2024年3月之前华东区A产品的退货率是多少？", demo, "2024-06-30"],
    ["2023年三季度前华东区A产品的退货率", demo, "2024-06-30"],
    ["2024年3月以後上港碼頭的吊裝次數是多少？", quayside, AS_OF],
    ["Upper terminal crane moves prior to Q2 2024", quayside, AS_OF],
    // The end of a range with no start: "until April 2024" was April alone.
    ["What was product A's return rate in East China until April 2024?", demo, "2024-06-30"],
    ["到2024年4月上港码头的吊装次数是多少", quayside, AS_OF],
    // An ending word no window or range took is the same open end: 截至 was "not in the catalog",
    // 截止到 an unused word beside April, "up to April 2024" April with no word.
    ["What was product A's return rate in East China up to April 2024?", demo, "2024-06-30"],
    ["截至2024年4月华东区A产品的退货率", demo, "2024-06-30"],
    ["截止到2024年4月上港碼頭的吊裝次數是多少？", quayside, AS_OF],
  ])("%s", (question, workspace, asOf) => {
    const outcome = plan(question, workspace, asOf);
    expect(outcome.plan).toBeUndefined();
    expect(outcome.message).toMatch(/Which period|哪个期间|哪個期間/u);
  });

  it("reads 'the three months to May 2024' as the window ending in May (it was May alone)", () => {
    expect(goalsOf("Upper terminal crane moves in the three months to May 2024", quayside)).toEqual([
      "crane_moves terminal=Upper month 2024-03-01..2024-05-31",
    ]);
    expect(
      goalsOf("product A's return rate in East China in the twelve months to March 2024", demo, "2024-06-30"),
    ).toEqual(["return_rate product=A,region=East month 2023-04-01..2024-03-31"]);
  });

  it("keeps the readings a rule makes of them, and a bound word beside another clause", () => {
    expect(goalsOf("Upper terminal crane moves 3 months before", quayside)).not.toEqual([]);
    expect(goalsOf("TOS升級以後，2024年5月上港碼頭的吊裝次數是多少？", quayside)).toContain(
      "crane_moves terminal=Upper month 2024-05-01..2024-05-31",
    );
    // 前两个月 after a named month is read by the window rule (window-before-named), not asked back.
    expect(goalsOf("2024年3月前两个月上港码头的吊装次数", quayside)).not.toEqual([]);
  });
});

describe("a window word with one unit is read as the window it is, and says so", () => {
  // 近一年 / the past year planned the year before as-of's with no word, where 近两年 and "the last
  // two years" carried the rolling-window note: one is a window too.
  it.each([
    ["What was product A's return rate in East China over the past year?", demo, "past year"],
    ["近一年华东区A产品的退货率是多少？", demo, "近一年"],
    ["過去一年上港碼頭的吊裝次數是多少？", quayside, "過去一年"],
    ["How many crane moves did the Upper terminal make in the past quarter?", quayside, "past quarter"],
  ])("%s", (question, workspace, words) => {
    const outcome = plan(question, workspace, "2024-07-10");
    expect(outcome.warnings.join(" ")).toContain(words);
    expect(outcome.plan?.sub_goals.length).toBeGreaterThan(0);
  });

  it.each([
    ["What was product A's return rate in East China last year?", demo],
    ["上个月上港码头的吊装次数是多少？", quayside],
  ])("%s: a step to the unit before stays without a note", (question, workspace) => {
    expect(plan(question, workspace, "2024-07-10").warnings).toEqual([]);
  });
});

describe("touching periods of one measure asked in two clauses are one read", () => {
  it.each([
    [
      "前年华东区有没有换过物流商？去年呢？",
      demo,
      "2025-01-10",
      ["logistics_provider_change region=East month 2023-01-01..2024-12-31"],
    ],
    [
      "What was product A's return rate in East China in the first half of 2024, and in the second half?",
      demo,
      "2025-03-01",
      ["return_rate product=A,region=East month 2024-01-01..2024-12-31"],
    ],
    [
      "上港码头2024年上半年的吊装次数是多少？下半年呢？",
      quayside,
      "2025-03-01",
      ["crane_moves terminal=Upper month 2024-01-01..2024-12-31"],
    ],
  ])("%s", (question, workspace, asOf, expected) => {
    expect(goalsOf(question, workspace, asOf)).toEqual(expected);
  });

  it("a clause that compares keeps its period and its base apart", () => {
    expect(
      goalsOf("上港码头2024年5月的吊装次数是多少？环比呢？", quayside, "2025-03-01").filter((goal) =>
        goal.startsWith("crane_moves"),
      ),
    ).toEqual([
      "crane_moves terminal=Upper month 2024-04-01..2024-04-30",
      "crane_moves terminal=Upper month 2024-05-01..2024-05-31",
    ]);
  });
});

describe("a unit said to be whole, and a step back after 'compare with' in its own clause", () => {
  it.each([
    [
      "What was product B's return rate in South China in the last full month, and how did it compare with the month before?",
      demo,
      "2024-08-14",
      [
        "return_rate product=B,region=South month 2024-06-01..2024-06-30",
        "return_rate product=B,region=South month 2024-07-01..2024-07-31",
      ],
    ],
    [
      "How many crane moves did the Upper terminal make in the last complete quarter, and how does that compare to the quarter before?",
      quayside,
      "2024-08-14",
      [
        "crane_moves terminal=Upper month 2024-01-01..2024-03-31",
        "crane_moves terminal=Upper month 2024-04-01..2024-06-30",
      ],
    ],
  ])("%s", (question, workspace, asOf, expected) => {
    expect(goalsOf(question, workspace, asOf)).toEqual(expected);
    // The base is a goal of its own with its role, not joined into one span with the period.
    const roles = (plan(question, workspace, asOf).plan?.sub_goals ?? []).map(
      (goal) => goal.asked?.kind === "metric" && goal.asked.comparison?.role,
    );
    expect(roles).toContain("base");
  });
});

describe("a same-period word between an event's object and its change verb dates the event, and the values said again in another order are one goal", () => {
  const qingtu = loadWorkspace(path.join(root, "test/held-out/qingtu/workspace"), { environment: {} });
  it.each([
    [
      "2024年1月华东区A产品的退货率是多少？A产品在华东区的物流商同期有没有调整过？",
      demo,
      "2024-06-30",
      [
        "logistics_provider_change region=East month 2024-01-01..2024-01-31",
        "return_rate product=A,region=East month 2024-01-01..2024-01-31",
      ],
    ],
    [
      "2024年3月市中心的骑行次数是多少？票价同期有没有调整过？",
      qingtu,
      "2024-06-30",
      [
        "fare_change zone=Downtown month 2024-03-01..2024-03-31",
        "rides zone=Downtown month 2024-03-01..2024-03-31",
      ],
    ],
  ])("%s", (question, workspace, asOf, expected) => {
    expect(goalsOf(question, workspace, asOf)).toEqual(expected);
    // One goal per source: the return rate asked again with its values in the other order is not twice.
    const goals = plan(question, workspace, asOf).plan?.sub_goals ?? [];
    expect(
      new Set(
        goals.map((goal) => `${goal.source}/${goal.dataset}/${goal.params.metric ?? goal.params.event}`),
      ).size,
    ).toBe(goals.length);
  });
});
