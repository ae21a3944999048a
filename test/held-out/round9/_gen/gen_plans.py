#!/usr/bin/env python3
"""Writes ../ferrowell-plans.jsonl, ../demo-plans.jsonl and their .scorable.jsonl variants
(without the "expect": "clarify" lines). Written from the docs alone (see ../WRITER-README.md)."""
import json, os, calendar

OUT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def end_of_month(ym):
    y, m = map(int, ym.split("-"))
    return f"{y}-{m:02d}-{calendar.monthrange(y, m)[1]:02d}"

def P(grain, frm, to):
    """period; frm/to as YYYY-MM (month start / month end) or full ISO dates."""
    if len(frm) == 7: frm = frm + "-01"
    if len(to) == 7: to = end_of_month(to)
    return {"grain": grain, "from": frm, "to": to}

def filt(**kw):
    return {k: v for k, v in kw.items() if v is not None}

def G(source, dataset, period, metric=None, event=None, required=True, **filters):
    g = {"source": source, "dataset": dataset}
    if metric: g["metric"] = metric
    if event: g["event"] = event
    g["filters"] = filt(**filters)
    g["period"] = period
    if not required: g["required"] = False
    return g

# ---------------------------------------------------------------- Ferrowell catalog helpers
def acc(period, warehouse=None, segment=None):
    """order_accuracy_rate: wms_exports (trust 0.9) required, client_audits (0.6) optional."""
    return [G("wms_exports", "accuracy", period, metric="order_accuracy_rate", warehouse=warehouse, segment=segment),
            G("client_audits", "accuracy", period, metric="order_accuracy_rate", required=False, warehouse=warehouse, segment=segment)]

def claims(period, warehouse=None, segment=None):
    return [G("claims_log", "claims", period, metric="damage_claims", warehouse=warehouse, segment=segment)]

def d2s(period, warehouse=None):
    return [G("yard_system", "dock_to_stock", period, metric="dock_to_stock_hours", warehouse=warehouse)]

def cpo(period, warehouse=None):
    return [G("finance_ledger", "unit_costs", period, metric="cost_per_order", warehouse=warehouse)]

def outage(period, warehouse=None):
    return [G("ops_log", "outages", period, event="system_outage", required=False, warehouse=warehouse)]

def release(period):
    return [G("ops_log", "wms_releases", period, event="wms_release", required=False)]

ALL_WH = ["Shanghai", "Shenzhen", "Chengdu", "Wuhan"]

# ---------------------------------------------------------------- demo catalog helpers
def rr(period, product=None, region=None):
    """return_rate: sales_bi (0.85) required, support_bi (0.6) optional; sales_exports is a declared fallback (not planned)."""
    return [G("sales_bi", "returns", period, metric="return_rate", product=product, region=region),
            G("support_bi", "returns", period, metric="return_rate", required=False, product=product, region=region)]

def compl(period, category=None):
    """complaints: tickets/complaints (0.9) required, sales_bi/service_complaints (0.85) optional; both quarter grain."""
    return [G("tickets", "complaints", period, metric="complaints", category=category),
            G("sales_bi", "service_complaints", period, metric="complaints", required=False, category=category)]

def vip(period):
    return [G("sales_bi", "vip_repurchase", period, metric="vip_repurchase_rate")]

def campaigns(period):
    return [G("handbook", "online_campaigns", period, metric="online_campaigns")]

def lpc(period, region=None):
    return [G("tickets", "provider_changes", period, event="logistics_provider_change", required=False, region=region)]

def crm(period):
    return [G("tickets", "crm_releases", period, event="crm_release", required=False),
            G("handbook", "crm_versions", period, event="crm_release", required=False)]

def kb(query):
    return {"source": "handbook", "query": query}

# ---------------------------------------------------------------- line builder
def L(id, question, language, as_of, expect="plan", tags=(), sub_goals=None, note="", complexity=None,
      route="retrieve", unknown_terms=None):
    d = {"id": id, "question": question, "language": language, "as_of": as_of, "route": route, "expect": expect}
    if complexity: d["complexity"] = complexity
    d["tags"] = list(tags)
    if unknown_terms is not None: d["unknown_terms"] = unknown_terms
    if sub_goals is not None: d["sub_goals"] = sub_goals
    d["note"] = note
    return d

M = "month"; Q = "quarter"; W = "week"

SRC_ACC = "order_accuracy_rate: wms_exports (trust 0.9) required, client_audits (0.6) required:false (planner.md 'Which sources are planned': every dataset offering the metric, the most trusted required)"
SRC_RR = "return_rate: sales_bi (0.85) required, support_bi (0.6) optional; sales_exports is the metric's declared fallback, not planned (planner.md 'Which sources are planned', fallback row)"
SRC_CO = "complaints: tickets/complaints (0.9) required, sales_bi/service_complaints (0.85) optional, both at quarter grain"
EVT = "event goals required:false (planner.md: 'Event sub-goals are always required: false')"

# ================================================================ Ferrowell
FW = []
a = FW.append
a(L("fw01-zh-hans", "上海仓今年3月到5月的订单准确率分别是多少？同期的货损索赔有多少件？", "zh-Hans", "2024-07-10", complexity="complex",
    tags=["range", "relative", "back-reference", "follow-up", "count", "multi-clause"],
    sub_goals=acc(P(M, "2024-03", "2024-05"), "Shanghai") + claims(P(M, "2024-03", "2024-05"), "Shanghai"),
    note="今年 = 2024 (as-of year); a contiguous month range is one span (planner.md 'Periods'); " + SRC_ACC + "; 同期 carries the range and 上海仓 to the claims clause (binding: frames that omit a time or dimension take the neighbouring frame's); damage_claims is a count of log rows (tabular-datasets.md 'Counts from a log')"))
a(L("fw02-en", "What was the order accuracy rate for cold-chain clients at the Wuhan warehouse from January to March last year, and how many damage claims did that segment file there over the same months?", "en", "2024-08-15", complexity="complex",
    tags=["range", "relative", "back-reference", "count", "multi-clause"],
    sub_goals=acc(P(M, "2023-01", "2023-03"), "Wuhan", "ColdChain") + claims(P(M, "2023-01", "2023-03"), "Wuhan", "ColdChain"),
    note="'last year' completes both ends of the range (time rule `range`: the end written without a year takes the other end's) → 2023-01..2023-03; 'that segment', 'there' and 'the same months' carry ColdChain, Wuhan and the range to the claims clause; " + SRC_ACC))
a(L("fw03-zh-hant", "成都倉年初至今的訂單準確率是多少？和去年同期相比呢？", "zh-Hant", "2024-05-20", complexity="complex",
    tags=["to-date", "yoy", "follow-up", "multi-clause"],
    sub_goals=acc(P(M, "2024-01-01", "2024-05-20"), "Chengdu") + acc(P(M, "2023-01-01", "2023-05-20"), "Chengdu"),
    note="to-date convention (planner.md 'Time conventions'): as of 2024-05-20, year to date on a monthly dataset is month 2024-01-01..2024-05-20 (the docs' own example); the base a year earlier 'runs to the same day' → 2023-01-01..2023-05-20 (its last month counted whole when fetched; see WRITER-README conflict 3); " + SRC_ACC + " for both periods"))
a(L("fw04-en", "How many damage claims did the Shenzhen warehouse log in the first quarter of last year, and how many did Shanghai log over the same quarter?", "en", "2024-09-12", complexity="complex",
    tags=["part-of-period", "relative", "back-reference", "count", "multi-clause"],
    sub_goals=claims(P(M, "2023-01", "2023-03"), "Shenzhen") + claims(P(M, "2023-01", "2023-03"), "Shanghai"),
    note="'the first quarter of last year' = Q1 2023 (time rule `nth-unit-of-period`, not 2023-01..2024-03 as issue 25 saw); a quarter asked of a monthly dataset becomes its months (planner.md 'Periods'); the second clause names its own warehouse (a new frame) and takes the measure and 'the same quarter' from the first; only claims_log offers damage_claims"))
a(L("fw05-zh-hans", "上半年深圳仓的单均成本是多少？武汉仓呢？", "zh-Hans", "2024-04-18", complexity="complex",
    tags=["part-of-period", "yearless", "runs-past-as-of", "follow-up", "money", "multi-clause"],
    sub_goals=cpo(P(Q, "2024-01", "2024-06"), "Shenzhen") + cpo(P(Q, "2024-01", "2024-06"), "Wuhan"),
    note="上半年 without a year = the as-of year's first half (planner.md `whole-current`: '上半年 without a year: the as-of year's first half'); it holds as-of and runs past it → planned as asked with the 'runs past the as-of date' note, not refused; finance_ledger is quarterly → quarter grain 2024-01-01..2024-06-30; the follow-up 武汉仓呢 keeps the measure and the half (one goal per frame)"))
a(L("fw06-zh-hant", "截至2024年3月底的近三個月，武漢倉電商業務的訂單準確率是多少？同期有沒有發生系統停機？", "zh-Hant", "2024-08-15", complexity="complex",
    tags=["rolling", "window-ending", "event", "back-reference", "multi-clause"],
    sub_goals=acc(P(M, "2024-01", "2024-03"), "Wuhan", "Ecommerce") + outage(P(M, "2024-01", "2024-03"), "Wuhan"),
    note="window-ending convention: N whole units ending with the unit holding the stated end → 2024-01..2024-03 (the docs name 截至2024年3月底的近三个月 as January–March 2024); a plain 同期 written after the metric's words dates the event over the metric's own period, not the widened window (planner.md 'Events'); the outage table offers only warehouse, so the segment is not applied to the event (a filter one source cannot apply is a warning); " + EVT))
a(L("fw07-en", "What was the average dock-to-stock time at the Chengdu warehouse last week, and did Chengdu have any system outage that week?", "en", "2024-07-10", complexity="complex",
    tags=["week", "relative", "average", "event", "back-reference", "multi-clause"],
    sub_goals=d2s(P(W, "2024-07-01", "2024-07-07"), "Chengdu") + outage(P(M, "2024-07-01", "2024-07-07"), "Chengdu"),
    note="weeks are Monday–Sunday (ISO) and 'last week' is the week before the one holding as-of (Wed 2024-07-10) → 2024-07-01..2024-07-07; yard_system declares grain week, so the week is planned at week grain (planner.md: a day or week period is refused only on a dataset recorded by month or coarser; 'a dataset at day grain plans it' — week grain by the same rule); 'that week' carries the week to the outage question, asked on its own: exactly those dates, and at month grain because 'every event sub-goal is month grain' (event datasets declare no grain and are searched by date range); " + EVT))
a(L("fw08-zh-hans", "过去四周上海仓和深圳仓的平均入库上架时长各是多少？", "zh-Hans", "2024-07-10", complexity="complex",
    tags=["week", "rolling", "quantifier"],
    sub_goals=d2s(P(W, "2024-06-10", "2024-07-07"), ["Shanghai", "Shenzhen"]),
    note="rolling-window convention: N whole units before the one holding as-of (the week of 2024-07-08 is not complete) → the four weeks 2024-06-10..2024-07-07 at week grain; 各 counts the two warehouses named (a list filter, WRITER-README convention 5)"))
a(L("fw09-zh-hant", "2024年第二季度上海倉的單均成本同比變化多少？", "zh-Hant", "2024-08-27",
    tags=["yoy", "money"],
    sub_goals=cpo(P(Q, "2024-04", "2024-06"), "Shanghai") + cpo(P(Q, "2023-04", "2023-06"), "Shanghai"),
    note="同比 needs a base a year earlier: both periods are planned (planner.md 'Comparisons that need a base'), Q2 2024 and Q2 2023 at the ledger's quarter grain; complexity left out (the docs' own 环比 example prints 'simple' although comparisons are listed as complex)"))
a(L("fw10-en", "Give me the cost per order for Wuhan from Q4 2023 through Q2 2024, and list the WMS releases in that span.", "en", "2024-10-08", complexity="complex",
    tags=["range", "quarter-range", "money", "event", "back-reference", "multi-clause"],
    sub_goals=cpo(P(Q, "2023-10", "2024-06"), "Wuhan") + release(P(M, "2023-10", "2024-06")),
    note="a quarter range across years is one span 2023-10-01..2024-06-30 (the docs' 'Q4 2023 through Q2 2024' example ends 2024-06-30, not 2024-12-31); quarterly dataset → quarter grain; the releases are asked (listed), not related, over 'that span' exactly, at month grain; wms_releases is workspace-wide (no warehouse filter); " + EVT))
a(L("fw11-zh-hans", "2024年6月成都仓的订单准确率环比变化是多少？", "zh-Hans", "2024-08-15",
    tags=["mom"],
    sub_goals=acc(P(M, "2024-05", "2024-05"), "Chengdu") + acc(P(M, "2024-06", "2024-06"), "Chengdu"),
    note="环比 = the period just before of the same length: May 2024 (base) and June 2024 (period), each its own sub-goal as in the docs' 2024年5月…环比变化 example (two goals per source, not one merged span); " + SRC_ACC))
a(L("fw12-en", "Month over month, how did the order accuracy rate of the Shenzhen warehouse change in May 2024?", "en", "2024-06-12",
    tags=["mom"],
    sub_goals=acc(P(M, "2024-04", "2024-04"), "Shenzhen") + acc(P(M, "2024-05", "2024-05"), "Shenzhen"),
    note="month over month: April 2024 (base) and May 2024 (period) as separate sub-goals (planner.md 'Comparisons that need a base' and its example); as_of mid-June so May is complete; " + SRC_ACC))
a(L("fw13-zh-hant", "去年下半年四個倉庫的貨損索賠各有多少？", "zh-Hant", "2024-07-23", complexity="complex",
    tags=["part-of-period", "relative", "quantifier", "count"],
    sub_goals=claims(P(M, "2023-07", "2023-12"), ALL_WH),
    note="去年下半年 = H2 2023 (halves named from as-of); 四個倉庫: a count equal to the catalog's number of warehouse values expands to all of them (planner.md resolve: 'a count equal to the catalog's number of values expands to all of them'); monthly log → months"))
a(L("fw14-en", "What was the order accuracy rate for e-commerce clients in Shanghai in the second half of 2023, and did the Shanghai warehouse have any system outages in that half?", "en", "2024-10-21", complexity="complex",
    tags=["part-of-period", "event", "back-reference", "multi-clause"],
    sub_goals=acc(P(M, "2023-07", "2023-12"), "Shanghai", "Ecommerce") + outage(P(M, "2023-07", "2023-12"), "Shanghai"),
    note="'the second half of 2023' = 2023-07..2023-12 (`nth-unit-of-period`); 'that half' points back at it (a back-reference word + unit after a dated period); the outage question asks, it does not relate or explain, so it uses exactly that period (planner.md 'Events': an event asked about on its own uses exactly the period asked); " + EVT))
a(L("fw15-zh-hans", "上个月冷链板块的货损索赔有多少？三个月前呢？", "zh-Hans", "2024-07-10", complexity="complex",
    tags=["relative", "units-ago", "follow-up", "count", "multi-clause"],
    sub_goals=claims(P(M, "2024-06", "2024-06"), segment="ColdChain") + claims(P(M, "2024-04", "2024-04"), segment="ColdChain"),
    note="上个月 = June 2024; 三个月前 = the whole unit three back from the as-of month July → April 2024 (units-ago; 'N months ago is the last complete month moved back N-1 more' gives the same); the two months are not contiguous, so two sub-goals; the follow-up 呢 keeps 冷链 and the measure"))
a(L("fw16-zh-hant", "本季度到目前為止，深圳倉的訂單準確率是多少？同期深圳倉有沒有停機？", "zh-Hant", "2024-08-15", complexity="complex",
    tags=["to-date", "event", "back-reference", "multi-clause"],
    sub_goals=acc(P(M, "2024-07-01", "2024-08-15"), "Shenzhen") + outage(P(M, "2024-07-01", "2024-08-15"), "Shenzhen"),
    note="本季度到目前为止 = quarter to date: from 2024-07-01 to the as-of day 2024-08-15 at the dataset's month grain (to-date convention: 'the plan's period ends on that day at the dataset's grain'); a plain 同期 after the metric dates the event over the metric's own period 2024-07-01..2024-08-15; " + SRC_ACC + "; " + EVT))
a(L("fw17-zh-hant", "本月至今，成都倉登記了多少件貨損索賠？", "zh-Hant", "2024-09-18", complexity="simple",
    tags=["to-date", "count"],
    sub_goals=claims(P(M, "2024-09-01", "2024-09-18"), "Chengdu"),
    note="month to date (本月至今; 至今 is a listed to-date word): 2024-09-01..the as-of day 2024-09-18 at month grain (to-date convention)"))
a(L("fw18-zh-hans", "2023年上半年武汉仓的单均成本是多少？和2024年上半年相比呢？", "zh-Hans", "2024-08-05", complexity="complex",
    tags=["part-of-period", "compare", "follow-up", "money", "multi-clause"],
    sub_goals=cpo(P(Q, "2023-01", "2023-06"), "Wuhan") + cpo(P(Q, "2024-01", "2024-06"), "Wuhan"),
    note="two separated halves → two sub-goals (planner.md 'Periods': separated ones are separate sub-goals); quarter grain on the ledger; the follow-up keeps 武汉仓 and the measure"))
a(L("fw19-en", "Compare Shenzhen's order accuracy in Q3 vs Q4 2023.", "en", "2024-06-30", complexity="complex",
    tags=["compare", "quarter-range"],
    sub_goals=acc(P(M, "2023-07", "2023-12"), "Shenzhen"),
    note="documented: 'Contiguous periods of one entity are one span (“Q3 vs Q4 2023” → 2023-07-01..2023-12-31 …)'; on a monthly dataset the quarters are their months; 'a bare Q3 takes the nearest written year'; " + SRC_ACC))
a(L("fw20-zh-hant", "上海倉和成都倉去年第四季度的訂單準確率分別是多少？兩地在那個季度有沒有系統停機？", "zh-Hant", "2024-07-10", complexity="complex",
    tags=["relative", "quantifier", "back-reference", "event", "multi-clause"],
    sub_goals=acc(P(M, "2023-10", "2023-12"), ["Shanghai", "Chengdu"]) + outage(P(M, "2023-10", "2023-12"), "Shanghai") + outage(P(M, "2023-10", "2023-12"), "Chengdu"),
    note="去年第四季度 = Q4 2023 → its months; 兩地 counts the two warehouses named and refers to them (planner.md 'Clauses, asks and coverage'); 那個季度 points back at Q4 2023; an event is searched once per value of the dimension it offers (one goal per warehouse, planner.md 'Events'); asked, not related → exactly Q4 2023; " + EVT))
a(L("fw21-en", "How many damage claims did Wuhan and Chengdu log from April to May this year, and did either of them have a system outage in those months?", "en", "2024-06-30", complexity="complex",
    tags=["range", "relative", "quantifier", "back-reference", "event", "count", "multi-clause"],
    sub_goals=claims(P(M, "2024-04", "2024-05"), ["Wuhan", "Chengdu"]) + outage(P(M, "2024-04", "2024-05"), "Wuhan") + outage(P(M, "2024-04", "2024-05"), "Chengdu"),
    note="'this year' completes the range → 2024-04..2024-05; 'either of them' = the two warehouses named (either = two); 'those months' carries the range; one outage search per warehouse; " + EVT))
a(L("fw22-zh-hans", "为什么2024年8月深圳仓的订单准确率下降了？", "zh-Hans", "2024-10-08",
    tags=["why", "event"],
    sub_goals=acc(P(M, "2024-08", "2024-08"), "Shenzhen") + outage(P(M, "2024-07", "2024-09"), "Shenzhen") + release(P(M, "2024-07", "2024-09")),
    note="why-question (planner.md 'Why a metric moved'): the goal records asked.explain with base July 2024 (fetched with the goal, not a sub-goal of its own); the question names no event, so every event source that can line up with the metric's keys is searched over the window base start..one month after the asked period = 2024-07-01..2024-09-30: outages (filters by warehouse) and wms_releases (no dimension: workspace-wide); " + EVT))
a(L("fw23-en", "What was the order accuracy rate at Shanghai in March 2024? Also, were there any WMS releases?", "en", "2024-04-09", complexity="complex",
    tags=["follow-up", "event", "multi-clause"],
    sub_goals=acc(P(M, "2024-03", "2024-03"), "Shanghai") + release(P(M, "2024-03", "2024-03")),
    note="a follow-up sentence asking about events without a date of its own, in a question that does not relate or explain, uses the nearest frame's period itself (planner.md 'Events' and `bind-qualifiers`: trace window:inherited) → March 2024; wms_releases has no warehouse dimension, so no filter; " + EVT))
a(L("fw24-zh-hant", "請結合系統停機記錄，分析2024年2月成都倉訂單準確率的變化。", "zh-Hant", "2024-05-06", complexity="complex",
    tags=["relate", "event", "multi-clause"],
    sub_goals=acc(P(M, "2024-02", "2024-02"), "Chengdu") + outage(P(M, "2024-01", "2024-03"), "Chengdu"),
    note="结合 relates the event to the metric: searched over the metric period widened by one month on each side (EVENT_WINDOW_MONTHS) → 2024-01..2024-03 for Chengdu; read as an explain question the window is base start (Jan) .. a month after (Mar), the same dates; the question names its event, so no other event source is added; " + EVT))
a(L("fw25-zh-hans", "下个月上海仓的订单准确率预计是多少？", "zh-Hans", "2024-07-10", expect="no_plan", unknown_terms=["下个月"],
    tags=["future"],
    note="下个月 = August 2024, wholly after as-of: refused as a forecast (planner.md: 'A period wholly after as-of is not planned', exit 1), never replaced by the default period"))
a(L("fw26-en", "What will the cost per order at Shenzhen be in Q4 2024?", "en", "2024-09-10", expect="no_plan", unknown_terms=["Q4 2024"],
    tags=["future", "money"],
    note="Q4 2024 starts 2024-10-01, wholly after as-of 2024-09-10 → refused as a forecast (cannot_plan, refuse:after_as_of)"))
a(L("fw27-zh-hant", "明年成都倉的貨損索賠會有多少？", "zh-Hant", "2024-05-20", expect="no_plan", unknown_terms=["明年"],
    tags=["future", "count"],
    note="明年 = 2025, wholly after as-of → refused (planner.md lists 明年 among the 'ahead' units that are refused)"))
a(L("fw28-zh-hans", "北京仓上个月的订单准确率是多少？", "zh-Hans", "2024-09-03", expect="clarify",
    tags=["clarify", "unknown-value"],
    note="北京仓 is shaped like a warehouse value (…仓) but is none: a qualifier the catalog lacks for a known dimension is asked back with the candidates 上海仓、深圳仓、成都仓、武汉仓 (planner.md exit 3, the 东北区 example); planning without it would answer another question"))
a(L("fw29-en", "How many damage claims did we get last winter?", "en", "2024-07-10", expect="clarify",
    tags=["clarify", "season", "count"],
    note="seasons are asked back ('which months a season covers depends on the hemisphere and on the writer, so the planner asks'; time-like words no rule reads are asked back, never replaced by the default period)"))
a(L("fw30-zh-hans", "上周上海仓的订单准确率是多少？", "zh-Hans", "2024-07-10", expect="no_plan", unknown_terms=["上周"],
    tags=["week", "grain-refusal"],
    note="a week period of a metric recorded by month only is refused, naming the grain (planner.md: '\"last week\" is a week, and return_rate is recorded by month only'); both datasets of order_accuracy_rate are monthly"))
a(L("fw31-zh-hant", "你好，辛苦了！", "zh-Hant", "2024-08-02", route="direct", expect="direct",
    tags=["greeting"], note="greeting + 辛苦了: a direct reply in the question's language, no plan (small talk)"))
a(L("fw32-en", "What kind of questions can you answer?", "en", "2024-05-14", route="direct", expect="direct",
    tags=["help"], note="a capability question gets the help reply listing the catalog's metrics and events by label (router: help)"))
a(L("fw33-zh-hans", "帮我写一封请假邮件。", "zh-Hans", "2024-07-29", route="direct", expect="direct",
    tags=["out-of-scope"], note="outside the workspace: direct out_of_scope reply"))
a(L("fw34-en", "What was the order accuracy rate for industrial clients across all four warehouses in the three months ending February 2024?", "en", "2024-04-18", complexity="complex",
    tags=["window-ending", "quantifier"],
    sub_goals=acc(P(M, "2023-12", "2024-02"), ALL_WH, "Industrial"),
    note="window-ending: the three whole months ending with February 2024 → 2023-12..2024-02 (across a year end); 'all four warehouses' expands to every value (numeral = catalog count); " + SRC_ACC))
a(L("fw35-zh-hans", "2023年第四季度到2024年第一季度，各仓库的单均成本分别是多少？", "zh-Hans", "2024-06-03", complexity="complex",
    tags=["quarter-range", "quantifier", "money"],
    sub_goals=cpo(P(Q, "2023-10", "2024-03"), ALL_WH),
    note="a quarter range across years (documented: 2023年第四季度到2024年第一季度) → one span at the ledger's quarter grain; 各仓库 → every warehouse value"))
a(L("fw36-zh-hant", "去年3月到5月上海倉冷鏈的貨損索賠有幾件？今年同期呢？", "zh-Hant", "2024-06-30", complexity="complex",
    tags=["range", "relative", "yoy", "follow-up", "count", "multi-clause"],
    sub_goals=claims(P(M, "2023-03", "2023-05"), "Shanghai", "ColdChain") + claims(P(M, "2024-03", "2024-05"), "Shanghai", "ColdChain"),
    note="去年3月到5月: 去年 completes both ends → 2023-03..2023-05; 今年同期 = the same months this year, 2024-03..2024-05 (a one-year shift forward; the docs list 去年同期 but not 今年同期 — an analyst reads it this way); follow-up keeps 上海倉 and 冷鏈"))
a(L("fw37-en", "Year to date, what's the order accuracy rate at Wuhan, and how does it compare with the same period last year?", "en", "2024-08-15", complexity="complex",
    tags=["to-date", "yoy", "multi-clause"],
    sub_goals=acc(P(M, "2024-01-01", "2024-08-15"), "Wuhan") + acc(P(M, "2023-01-01", "2023-08-15"), "Wuhan"),
    note="year to date = 2024-01-01..the as-of day 2024-08-15 at month grain; 'the same period last year' runs to the same day 2023-08-15 (to-date convention); " + SRC_ACC))
a(L("fw38-zh-hans", "本周和上周成都仓的平均入库上架时长分别是多少？", "zh-Hans", "2024-07-10",
    tags=["week", "relative", "runs-past-as-of"],
    sub_goals=d2s(P(W, "2024-07-01", "2024-07-14"), "Chengdu"),
    note="本周 = 2024-07-08..07-14 (holds as-of, runs past it: planned with the note), 上周 = 2024-07-01..07-07; contiguous periods of one entity are one span (planner.md 'Periods') → 2024-07-01..2024-07-14 at week grain; complexity left out"))
a(L("fw39-en", "What was the average dock-to-stock time at Wuhan last week, and at Shanghai in the same week?", "en", "2024-07-10", complexity="complex",
    tags=["week", "relative", "back-reference", "multi-clause"],
    sub_goals=d2s(P(W, "2024-07-01", "2024-07-07"), "Wuhan") + d2s(P(W, "2024-07-01", "2024-07-07"), "Shanghai"),
    note="last week = 2024-07-01..07-07 (Monday–Sunday before the week holding Wed 2024-07-10); a dimension repeated after other words opens a new frame (binding), 'the same week' carries the period → one goal per warehouse at week grain"))
a(L("fw40-zh-hant", "2024年7月和9月深圳倉的訂單準確率各是多少？", "zh-Hant", "2024-09-30",
    tags=["month-list"],
    sub_goals=acc(P(M, "2024-07", "2024-07"), "Shenzhen") + acc(P(M, "2024-09", "2024-09"), "Shenzhen"),
    note="a month list: separated months are separate sub-goals (planner.md: 'contiguous months merge into one span, separated ones are separate sub-goals'); September holds as-of 2024-09-30 (its last day), so it is planned; " + SRC_ACC))
a(L("fw41-zh-hans", "今年前两个月电商板块的货损索赔一共多少件？冷链板块呢？", "zh-Hans", "2024-03-27", complexity="complex",
    tags=["part-of-period", "follow-up", "count", "multi-clause"],
    sub_goals=claims(P(M, "2024-01", "2024-02"), segment="Ecommerce") + claims(P(M, "2024-01", "2024-02"), segment="ColdChain"),
    note="今年前两个月 = the first two months of 2024, counted from the year's start (documented example), not the two months before as-of; the follow-up 冷链板块呢 names a new segment (a new frame) and keeps the measure and period"))
a(L("fw42-en", "How many damage claims did cold-chain clients file in each quarter of 2023?", "en", "2024-06-30",
    tags=["each-quarter", "count"],
    sub_goals=claims(P(M, "2023-01", "2023-12"), segment="ColdChain"),
    note="'each quarter of 2023' = the four quarters, contiguous → one span; on a monthly dataset a quarter is its months → 2023-01..2023-12 by month"))
a(L("fw43-zh-hant", "上季度武漢倉的單均成本環比變化多少？", "zh-Hant", "2024-03-12",
    tags=["relative", "qoq", "money"],
    sub_goals=cpo(P(Q, "2023-07", "2023-09"), "Wuhan") + cpo(P(Q, "2023-10", "2023-12"), "Wuhan"),
    note="上季度 on 2024-03-12 = Q4 2023; 环比 on a quarter = the quarter just before (Q3 2023), both planned as separate sub-goals at quarter grain (Comparisons that need a base)"))
a(L("fw44-en", "What was the order accuracy rate at Chengdu in Q2 this year compared with the same quarter last year?", "en", "2024-07-19", complexity="complex",
    tags=["yoy", "relative", "compare"],
    sub_goals=acc(P(M, "2024-04", "2024-06"), "Chengdu") + acc(P(M, "2023-04", "2023-06"), "Chengdu"),
    note="Q2 this year = 2024-04..06, 'the same quarter last year' = 2023-04..06 (a one-year shift, separated → two sub-goals); quarters on a monthly dataset are their months; " + SRC_ACC))
a(L("fw45-zh-hans", "2023年WMS一共发布了几个版本？分别是在哪几个月？", "zh-Hans", "2024-05-20",
    tags=["event", "count", "follow-up", "multi-clause"],
    sub_goals=release(P(M, "2023-01", "2023-12")),
    note="an event asked on its own over a year keeps the year's dates at month grain (planner.md: '2023年CRM總共發佈了幾個版本？ → 2023-01-01..2023-12-31 by month'); the second ask is about the same event and period → still one sub-goal ('never the same event or metric twice over overlapping periods', issue 25 item 3); complexity left out (two asks, one need); " + EVT))
a(L("fw46-zh-hant", "2024年上半年，深圳倉一共發生了幾次系統停機？同期工業品的貨損索賠有多少？", "zh-Hant", "2024-07-02", complexity="complex",
    tags=["part-of-period", "event", "back-reference", "count", "multi-clause"],
    sub_goals=outage(P(M, "2024-01", "2024-06"), "Shenzhen") + claims(P(M, "2024-01", "2024-06"), "Shenzhen", "Industrial"),
    note="the event is asked on its own over H1 2024 (exact period, month grain, once — never twice); 同期 carries the half and 深圳倉 to the claims clause (an event clause's own dates carry like a metric clause's); " + EVT))
a(L("fw47-zh-hant", "上上個月上海倉的訂單準確率是多少？同一個月深圳倉呢？", "zh-Hant", "2024-08-15", complexity="complex",
    tags=["relative", "back-reference", "follow-up", "multi-clause"],
    sub_goals=acc(P(M, "2024-06", "2024-06"), "Shanghai") + acc(P(M, "2024-06", "2024-06"), "Shenzhen"),
    note="上上个月 = offset 2 from the as-of month August → June 2024 (relative calendar units: each 上 one more); 同一個月 (同一 is a back-reference word) carries June to the 深圳倉 frame; " + SRC_ACC))
a(L("fw48-zh-hans", "上海仓2023年各月订单准确率的走势如何？同期有哪些停机记录？", "zh-Hans", "2024-01-25",
    tags=["trend", "event", "back-reference", "multi-clause"],
    sub_goals=acc(P(M, "2023-01", "2023-12"), "Shanghai") + outage(P(M, "2023-01", "2023-12"), "Shanghai"),
    note="a trend over 2023 by month: one span 2023-01..2023-12 (each month is a row at month grain); a plain 同期 after the metric dates the outage search over the metric's own period, for 上海仓 carried from the first clause; " + SRC_ACC + "; " + EVT))
a(L("fw49-zh-hant", "成都倉的訂單準確率是多少？貨損索賠呢？", "zh-Hant", "2024-07-10", complexity="complex",
    tags=["default-period", "follow-up", "count", "multi-clause"],
    sub_goals=acc(P(M, "2024-06", "2024-06"), "Chengdu") + claims(P(M, "2024-06", "2024-06"), "Chengdu"),
    note="no time span at all → the last complete month before as-of, June 2024, with the default note (planner.md 'Periods'), for both measures; the follow-up keeps 成都倉; " + SRC_ACC))
a(L("fw50-en", "What was the cost per order at Shanghai in March, and how many damage claims did Shanghai log that month?", "en", "2024-04-18", complexity="complex",
    tags=["yearless", "widened", "money", "back-reference", "count", "multi-clause"],
    sub_goals=cpo(P(Q, "2024-01", "2024-03"), "Shanghai") + claims(P(M, "2024-03", "2024-03"), "Shanghai"),
    note="a month without a year = the latest that starts by as-of → March 2024 (`yearless`); a month asked of a quarterly dataset is widened to its quarter → Q1 2024 at quarter grain (period_reading widened); 'that month' is still March 2024 for the monthly claims log (the widening is the ledger's, not the question's)"))
a(L("fw51-en", "Thanks, that's all for today.", "en", "2024-09-06", route="direct", expect="direct",
    tags=["thanks"], note="thanks + a closing: direct reply, no plan (small talk)"))
a(L("fw52-zh-hans", "2024年第三季度武汉仓的平均入库上架时长会是多少？", "zh-Hans", "2024-06-30", expect="no_plan", unknown_terms=["2024年第三季度"],
    tags=["future"],
    note="Q3 2024 starts 2024-07-01, wholly after as-of 2024-06-30 → refused as a forecast (an explicit period after as-of is refused like 明年)"))
a(L("fw53-zh-hans", "上个月上海仓的员工流失率是多少？", "zh-Hans", "2024-09-03", expect="no_plan", unknown_terms=["员工流失率"],
    tags=["unknown"],
    note="staff turnover is no catalog metric and it is the only measure asked: no plan (unknown terms are refused, never guessed; no_plan covers both a refusal and a question asked back)"))
a(L("fw54-zh-hant", "兩個月前武漢倉冷鏈業務的訂單準確率是多少？當月武漢倉有沒有停機？", "zh-Hant", "2024-08-15", complexity="complex",
    tags=["units-ago", "back-reference", "event", "multi-clause"],
    sub_goals=acc(P(M, "2024-06", "2024-06"), "Wuhan", "ColdChain") + outage(P(M, "2024-06", "2024-06"), "Wuhan"),
    note="兩個月前 = June 2024 (units-ago, two back from August); 當月 after a dated period points back at it (binding: 当 / 该 / 那 back-references) → the outage search is June 2024 for Wuhan; segment not applicable to the outage table; " + EVT))
a(L("fw55-en", "How many system outages did Shenzhen have in 2023, and what was its cost per order in the same year?", "en", "2024-02-14", complexity="complex",
    tags=["event", "back-reference", "money", "multi-clause"],
    sub_goals=outage(P(M, "2023-01", "2023-12"), "Shenzhen") + cpo(P(Q, "2023-01", "2023-12"), "Shenzhen"),
    note="event asked on its own over 2023 (month grain, the year's dates); 'its' and 'the same year' carry Shenzhen and 2023 to the cost clause (quarter grain on the ledger); " + EVT))
a(L("fw56-zh-hans", "今年以来各仓库的货损索赔有多少？跟去年同期比呢？", "zh-Hans", "2024-09-30", complexity="complex",
    tags=["to-date", "yoy", "quantifier", "follow-up", "count", "multi-clause"],
    sub_goals=claims(P(M, "2024-01-01", "2024-09-30"), ALL_WH) + claims(P(M, "2023-01-01", "2023-09-30"), ALL_WH),
    note="今年以来 read as year to date (年初至今) → 2024-01-01..as-of 2024-09-30 (as-of on a month end, so no partial month); 去年同期 → 2023-01-01..2023-09-30; 各仓库 → every warehouse (the phrase 今年以来 is not in the docs' word lists: see WRITER-README)"))

# ================================================================ demo workspace
DM = []
a = DM.append
a(L("dm01-zh-hans", "华东区A产品去年1月到3月的退货率是多少？同期华东区有没有更换物流服务商？", "zh-Hans", "2024-07-15", complexity="complex",
    tags=["range", "relative", "back-reference", "event", "multi-clause"],
    sub_goals=rr(P(M, "2023-01", "2023-03"), "A", "East") + lpc(P(M, "2023-01", "2023-03"), "East"),
    note="去年1月到3月: 去年 completes both ends → 2023-01..2023-03 (rule `range`); " + SRC_RR + "; a plain 同期 after the metric's words dates the event over the metric's own period (planner.md 'Events'); " + EVT))
a(L("dm02-en", "What was product B's return rate in North China in the first quarter of last year, and in the same quarter this year?", "en", "2024-05-08", complexity="complex",
    tags=["part-of-period", "relative", "yoy", "back-reference", "multi-clause"],
    sub_goals=rr(P(M, "2023-01", "2023-03"), "B", "North") + rr(P(M, "2024-01", "2024-03"), "B", "North"),
    note="'the first quarter of last year' = Q1 2023; 'the same quarter this year' = Q1 2024; separated → two sub-goals; quarters on the monthly returns datasets are their months; " + SRC_RR))
a(L("dm03-zh-hant", "年初至今，華南區C產品的退貨率是多少？華西區呢？", "zh-Hant", "2024-05-20", complexity="complex",
    tags=["to-date", "follow-up", "multi-clause"],
    sub_goals=rr(P(M, "2024-01-01", "2024-05-20"), "C", "South") + rr(P(M, "2024-01-01", "2024-05-20"), "C", "West"),
    note="年初至今 = 2024-01-01..the as-of day 2024-05-20 at month grain (to-date convention, the docs' own example dates; issue 25 saw it refused as unknown words); the follow-up 華西區呢 opens a frame that keeps C, the measure and the period; " + SRC_RR))
a(L("dm04-en", "What was the return rate of product A in West China in the three months ending March 2024, and did West China change its logistics provider in that window?", "en", "2024-04-18", complexity="complex",
    tags=["rolling", "window-ending", "event", "back-reference", "multi-clause"],
    sub_goals=rr(P(M, "2024-01", "2024-03"), "A", "West") + lpc(P(M, "2024-01", "2024-03"), "West"),
    note="window-ending: three whole months ending with March 2024 → 2024-01..2024-03 (documented; issue 25 saw 'March only'); the clause with its own ask binds its own region; 'that window' points back at the three months; asked, not related → exact period; " + SRC_RR + "; " + EVT))
a(L("dm05-zh-hans", "截至2024年5月底的近三个月，华北区B产品和华东区A产品的退货率分别是多少？", "zh-Hans", "2024-07-15", complexity="complex",
    tags=["rolling", "window-ending", "compare"],
    sub_goals=rr(P(M, "2024-03", "2024-05"), "B", "North") + rr(P(M, "2024-03", "2024-05"), "A", "East"),
    note="截至…底的近三个月 = three whole months ending with May 2024 → 2024-03..2024-05 (window-ending); two entity frames (B/North, A/East) → one goal pair each; " + SRC_RR))
a(L("dm06-zh-hant", "2024年5月華東區A產品的退貨率同比變化多少？", "zh-Hant", "2024-06-14",
    tags=["yoy"],
    sub_goals=rr(P(M, "2024-05", "2024-05"), "A", "East") + rr(P(M, "2023-05", "2023-05"), "A", "East"),
    note="同比 = a base a year earlier: May 2024 and May 2023 as separate sub-goals (Comparisons that need a base); " + SRC_RR))
a(L("dm07-en", "How did product C's return rate in South China change month over month in June 2024?", "en", "2024-07-15",
    tags=["mom"],
    sub_goals=rr(P(M, "2024-05", "2024-05"), "C", "South") + rr(P(M, "2024-06", "2024-06"), "C", "South"),
    note="month over month: May 2024 (base) and June 2024 (period), separate sub-goals as in the docs' 环比 example; " + SRC_RR))
a(L("dm08-zh-hans", "2023年下半年服务类投诉有多少？同期CRM发布了哪些版本？", "zh-Hans", "2024-10-09", complexity="complex",
    tags=["part-of-period", "event", "back-reference", "count", "multi-clause"],
    sub_goals=compl(P(Q, "2023-07", "2023-12"), "Service") + crm(P(M, "2023-07", "2023-12")),
    note="H2 2023 at the complaints datasets' quarter grain; " + SRC_CO + "; 同期 after the metric dates the CRM releases over H2 2023 itself (planner.md: 'Which CRM releases came out in H2 2023, and how many complaints over the same half?'); crm_release is asked of every source offering it (tickets 0.9, handbook PDF table 0.6), month grain; " + EVT))
a(L("dm09-en", "How many delivery complaints were there in Q4 2023, compared with the same quarter the year before?", "en", "2024-03-28",
    tags=["yoy", "count"],
    sub_goals=compl(P(Q, "2023-10", "2023-12"), "Delivery") + compl(P(Q, "2022-10", "2022-12"), "Delivery"),
    note="'the same quarter the year before' = Q4 2022 (a one-year shift; the data start in 2023 but planning does not know that); " + SRC_CO))
a(L("dm10-zh-hant", "去年上半年VIP復購率是多少？同期有幾場線上活動？", "zh-Hant", "2024-04-18", complexity="complex",
    tags=["part-of-period", "relative", "back-reference", "count", "multi-clause"],
    sub_goals=vip(P(Q, "2023-01", "2023-06")) + campaigns(P(Q, "2023-01", "2023-06")),
    note="去年上半年 = H1 2023 at quarter grain (both datasets quarterly); vip_repurchase_rate: sales_bi only (sales_exports is its fallback); online_campaigns: the handbook's PDF table is the only source, required; 同期 carries the half"))
a(L("dm11-zh-hans", "列出去年3月到5月的CRM版本发布，并说明同期服务类投诉有多少。", "zh-Hans", "2024-07-15", complexity="complex",
    tags=["range", "relative", "event", "back-reference", "widened", "multi-clause"],
    sub_goals=crm(P(M, "2023-03", "2023-05")) + compl(P(Q, "2023-01", "2023-06"), "Service"),
    note="requests count as questions; 去年 completes both ends → 2023-03..2023-05; the event asked on its own uses exactly that period at month grain, from both sources offering crm_release; 同期 carries the range to the complaints, whose datasets are quarterly: months asked of a quarterly dataset are widened to their quarters → Q1..Q2 2023, 2023-01-01..2023-06-30 by quarter (planner.md 'Periods', extended from one month to a range); " + SRC_CO + "; " + EVT))
a(L("dm12-zh-hans", "对比A产品在华东区与B产品在华北区今年第一季度的退货率，两地有没有换过物流服务商？", "zh-Hans", "2024-04-26", complexity="complex",
    tags=["compare", "quantifier", "event", "relative", "multi-clause"],
    sub_goals=rr(P(M, "2024-01", "2024-03"), "A", "East") + rr(P(M, "2024-01", "2024-03"), "B", "North") + lpc(P(M, "2024-01", "2024-03"), "East") + lpc(P(M, "2024-01", "2024-03"), "North"),
    note="今年第一季度 = Q1 2024 → months; two entity frames; 两地 refers to the two regions named; the event is asked (有没有), not related (no 结合/原因), so it uses the clause's period Q1 2024, not a widened window; one search per region; " + SRC_RR + "; " + EVT))
a(L("dm13-zh-hant", "請結合物流服務商變更記錄，分析2024年3月華南區B產品退貨率的變化原因。", "zh-Hant", "2024-06-07", complexity="complex",
    tags=["relate", "why", "event"],
    sub_goals=rr(P(M, "2024-03", "2024-03"), "B", "South") + lpc(P(M, "2024-02", "2024-04"), "South"),
    note="结合 + 原因: the named event explains the metric → March 2024 widened by one month each side, 2024-02..2024-04 (the why-window base start..a month after gives the same dates); a question that names events keeps its own event goals, so CRM releases are not added; " + EVT))
a(L("dm14-en", "What drove the jump in product B's return rate in North China in February 2024?", "en", "2024-10-09",
    tags=["why", "event"],
    sub_goals=rr(P(M, "2024-02", "2024-02"), "B", "North") + lpc(P(M, "2024-01", "2024-03"), "North") + crm(P(M, "2024-01", "2024-03")),
    note="'what drove' is a why-question (planner.md 'Why a metric moved'): base January 2024 (fetched with the goal), no event named → every event source that can line up: provider changes filtered by North, CRM releases (no dimension, both sources) over base start..one month after = 2024-01-01..2024-03-31; " + EVT))
a(L("dm15-zh-hans", "上个月华西区C产品的退货率是多少？三个月前呢？", "zh-Hans", "2024-09-05", complexity="complex",
    tags=["relative", "units-ago", "follow-up", "multi-clause"],
    sub_goals=rr(P(M, "2024-08", "2024-08"), "C", "West") + rr(P(M, "2024-06", "2024-06"), "C", "West"),
    note="上个月 = August 2024; 三个月前 = three whole months back from September → June 2024 (units-ago); not contiguous → two goal pairs; " + SRC_RR))
a(L("dm16-zh-hant", "本季度到目前為止，華北區A產品的退貨率是多少？同期華北區有沒有換物流商？", "zh-Hant", "2024-07-15", complexity="complex",
    tags=["to-date", "event", "back-reference", "multi-clause"],
    sub_goals=rr(P(M, "2024-07-01", "2024-07-15"), "A", "North") + lpc(P(M, "2024-07-01", "2024-07-15"), "North"),
    note="本季度到目前为止 = 2024-07-01..as-of 2024-07-15 at month grain (to-date convention; issue 25 saw it refused); plain 同期 after the metric → the event over the metric's own period; " + SRC_RR + "; " + EVT))
a(L("dm17-en", "What was the VIP repurchase rate last quarter, and how many online campaigns ran in the same quarter?", "en", "2024-03-12", complexity="complex",
    tags=["relative", "back-reference", "count", "multi-clause"],
    sub_goals=vip(P(Q, "2023-10", "2023-12")) + campaigns(P(Q, "2023-10", "2023-12")),
    note="last quarter on 2024-03-12 = Q4 2023; 'the same quarter' carries it; both datasets quarterly; vip: sales_bi only (fallback sales_exports); campaigns: handbook table only"))
a(L("dm18-zh-hans", "2023年第四季度到2024年第一季度，华东区B产品的退货率走势如何？", "zh-Hans", "2024-04-02",
    tags=["quarter-range", "trend"],
    sub_goals=rr(P(M, "2023-10", "2024-03"), "B", "East"),
    note="a quarter range across years → one span 2023-10..2024-03 by month (quarters of a monthly dataset are its months); " + SRC_RR))
a(L("dm19-en", "Did East China or South China switch carriers between January and March this year?", "en", "2024-04-09", complexity="complex",
    tags=["range", "relative", "event"],
    sub_goals=lpc(P(M, "2024-01", "2024-03"), "East") + lpc(P(M, "2024-01", "2024-03"), "South"),
    note="'switch carriers' is the change event (a change verb + the event's object); asked on its own over exactly 2024-01..2024-03; one search per region (planner.md 'Events'); " + EVT))
a(L("dm20-zh-hant", "2023年產品品質類投訴一共有多少？服務類呢？", "zh-Hant", "2024-05-20", complexity="complex",
    tags=["count", "whole-year", "follow-up", "multi-clause"],
    sub_goals=compl(P(Q, "2023-01", "2023-12"), "Product") + compl(P(Q, "2023-01", "2023-12"), "Service"),
    note="產品品質 is the Product category (类/類 after a known value only repeats its noun); 2023 at the complaints datasets' quarter grain; the follow-up 服務類呢 is a new category frame with the same measure and year; " + SRC_CO))
a(L("dm21-en", "What will product A's return rate in East China be next quarter?", "en", "2024-06-21", expect="no_plan", unknown_terms=["next quarter"],
    tags=["future"],
    note="next quarter = Q3 2024, wholly after as-of → refused as a forecast, never the default period"))
a(L("dm22-zh-hans", "2024年第三季度的VIP复购率是多少？", "zh-Hans", "2024-04-18", expect="no_plan", unknown_terms=["2024年第三季度"],
    tags=["future"],
    note="an explicit quarter wholly after as-of 2024-04-18 → refused (planner.md: an explicit 2024年9月 asked on 2024-07-15 gets cannot_plan)"))
a(L("dm23-zh-hant", "下個月華南區B產品的退貨率會是多少？", "zh-Hant", "2024-06-17", expect="no_plan", unknown_terms=["下個月"],
    tags=["future"],
    note="下個月 = July 2024, after as-of → refused (下个月 / 下個月 are listed 'ahead' units)"))
a(L("dm24-zh-hans", "西南区C产品2024年3月的退货率是多少？", "zh-Hans", "2024-05-13", expect="clarify",
    tags=["clarify", "unknown-value"],
    note="西南区 is a region-shaped qualifier that is no value (the region term 南区 starts inside the longer word 西南区, the 东北区 / 北区 case of 'unresolved qualifiers'): asked back with 华东、华北、华南、华西 (exit 3, the 东北区 rule)"))
a(L("dm25-en", "What was product B's return rate in North China on Tuesday?", "en", "2024-05-13", expect="clarify",
    tags=["clarify", "weekday"],
    note="a weekday alone is a time-like word no rule reads: asked back ('Which period do you mean?'), never replaced by the default month (planner.md 'What the planner does with them')"))
a(L("dm26-zh-hant", "謝謝你的幫忙！", "zh-Hant", "2024-02-27", route="direct", expect="direct",
    tags=["thanks"], note="thanks: direct reply"))
a(L("dm27-en", "Which metrics can you report on?", "en", "2024-08-08", route="direct", expect="direct",
    tags=["help"], note="capability question → help reply listing metrics, events and topics"))
a(L("dm28-zh-hans", "美元兑人民币的汇率是多少？", "zh-Hans", "2024-03-04", route="direct", expect="direct",
    tags=["out-of-scope"], note="汇率 is an everyday measure, no unknown metric and no data cue; alone it is out of scope (planner.md 'A measure head outranks a topic word')"))
a(L("dm29-zh-hans", "去年全年华北区B产品的退货率，以及华北区去年有没有换过物流商？", "zh-Hans", "2024-07-15", complexity="complex",
    tags=["whole-year", "relative", "event", "multi-clause"],
    sub_goals=rr(P(M, "2023-01", "2023-12"), "B", "North") + lpc(P(M, "2023-01", "2023-12"), "North"),
    note="去年全年 = 2023; the event clause has its own date 去年 = 2023, asked on its own → exactly 2023 at month grain; " + SRC_RR + "; " + EVT))
a(L("dm30-en", "For an engraved mug with a misspelled name, who pays the shipping on the exchange, and how long does a refund take?", "en", "2024-04-11", complexity="complex",
    tags=["policy", "multi-part", "multi-clause"],
    sub_goals=[kb("For an engraved mug with a misspelled name, who pays the shipping on the exchange?"), kb("For an engraved mug with a misspelled name, how long does a refund take?")],
    note="every ask is its own sub-question carrying the context clause; a policy question gets one knowledge-base search per ask on handbook (scored on the source only)"))
a(L("dm31-zh-hant", "2024年1月和3月華東區A產品的退貨率各是多少？", "zh-Hant", "2024-05-16",
    tags=["month-list"],
    sub_goals=rr(P(M, "2024-01", "2024-01"), "A", "East") + rr(P(M, "2024-03", "2024-03"), "A", "East"),
    note="a month list with a gap: separate sub-goals for January and March 2024 (documented: 2024年1月和3月); " + SRC_RR))
a(L("dm32-zh-hant", "2023年7月的配送類投訴有多少件？同一季度有沒有CRM版本發佈？", "zh-Hant", "2024-01-19", complexity="complex",
    tags=["widened", "count", "event", "back-reference", "multi-clause"],
    sub_goals=compl(P(Q, "2023-07", "2023-09"), "Delivery") + crm(P(M, "2023-07", "2023-09")),
    note="a month asked of a quarterly dataset is widened to its quarter → Q3 2023 at quarter grain (both complaints datasets declare grain quarter); 配送 = Delivery; 同一季度 = the quarter holding July 2023 (同一 + a unit: a back-reference), asked on its own → Q3 2023 at month grain for both CRM sources; " + SRC_CO + "; " + EVT))
a(L("dm33-zh-hans", "上半年华东区和华北区A产品的退货率分别是多少？", "zh-Hans", "2024-06-19", complexity="complex",
    tags=["part-of-period", "yearless", "quantifier"],
    sub_goals=rr(P(M, "2024-01", "2024-06"), "A", ["East", "North"]),
    note="上半年 without a year = the as-of year's first half, 2024-01..2024-06 (`whole-current`); it holds as-of 2024-06-19 and runs past it → planned as asked with the note; two regions of one frame (same product, measure, period) → one goal with a list filter (WRITER-README convention 5); " + SRC_RR))
a(L("dm34-en", "Year to date, how does product C's return rate in West China compare with the same period last year?", "en", "2024-08-20", complexity="complex",
    tags=["to-date", "yoy"],
    sub_goals=rr(P(M, "2024-01-01", "2024-08-20"), "C", "West") + rr(P(M, "2023-01-01", "2023-08-20"), "C", "West"),
    note="year to date = 2024-01-01..as-of 2024-08-20 by month; the base a year earlier runs to the same day, 2023-08-20 (to-date convention; see WRITER-README conflict 3); " + SRC_RR))
a(L("dm35-zh-hant", "華東區A產品2024年2月的退貨率是多少？當月華東區有沒有換物流商？", "zh-Hant", "2024-03-21", complexity="complex",
    tags=["back-reference", "event", "multi-clause"],
    sub_goals=rr(P(M, "2024-02", "2024-02"), "A", "East") + lpc(P(M, "2024-02", "2024-02"), "East"),
    note="當月 after a dated month points back at it (documented: “2024年1月…？当月华东区有没有换物流商？” searches January 2024) → February 2024; " + EVT))
a(L("dm36-en", "Which CRM versions were released in Q3 2023, and how many service complaints were there in that quarter?", "en", "2024-07-15", complexity="complex",
    tags=["event", "back-reference", "count", "multi-clause"],
    sub_goals=crm(P(M, "2023-07", "2023-09")) + compl(P(Q, "2023-07", "2023-09"), "Service"),
    note="event asked on its own: Q3 2023 keeps its dates at month grain (documented 'Which CRM versions went out in Q3 2023?'); 'that quarter' carries Q3 2023 to the complaints clause (an event clause's dates carry); " + SRC_CO + "; " + EVT))
a(L("dm37-zh-hans", "A产品在华东区的退货率是多少？B产品呢？", "zh-Hans", "2024-03-12", complexity="complex",
    tags=["default-period", "follow-up", "multi-clause"],
    sub_goals=rr(P(M, "2024-02", "2024-02"), "A", "East") + rr(P(M, "2024-02", "2024-02"), "B", "East"),
    note="no time span → the last complete month before as-of 2024-03-12: February 2024, with the default note; the follow-up B产品呢 keeps 华东区 and the measure; " + SRC_RR))
a(L("dm38-zh-hant", "華東區的投訴2023年第三季度有多少？", "zh-Hant", "2024-07-15", complexity="simple",
    tags=["unsupported-filter", "count"],
    sub_goals=compl(P(Q, "2023-07", "2023-09")),
    note="region is a known dimension but no complaints dataset offers it: 'A qualifier no dataset of the metric offers … is not applied as a filter, with a warning' (kept in asked.keys, answer partial) → no filter in the plan; " + SRC_CO))
a(L("dm39-en", "What was product B's return rate in South China in March 2024, and product C's in West China for the same month?", "en", "2024-04-24", complexity="complex",
    tags=["back-reference", "compare", "multi-clause"],
    sub_goals=rr(P(M, "2024-03", "2024-03"), "B", "South") + rr(P(M, "2024-03", "2024-03"), "C", "West"),
    note="two entity frames; 'the same month' carries March 2024; the second frame takes the first's metric (frames that omit a metric take the neighbouring frame's); " + SRC_RR))
a(L("dm40-zh-hans", "华东区A产品上个月的客单价是多少？", "zh-Hans", "2024-06-04", expect="no_plan", unknown_terms=["客单价"],
    tags=["unknown"],
    note="average order value is no catalog metric and the only measure asked → no plan (refused or asked which measure; no_plan covers both)"))
a(L("dm41-zh-hant", "前年第四季度到去年第一季度華北區B產品的退貨率是多少？那段期間華北區有沒有換過物流商？", "zh-Hant", "2025-02-10", complexity="complex",
    tags=["relative", "quarter-range", "event", "back-reference", "multi-clause"],
    sub_goals=rr(P(M, "2023-10", "2024-03"), "B", "North") + lpc(P(M, "2023-10", "2024-03"), "North"),
    note="as of 2025-02-10: 前年 = 2023, 去年 = 2024 → Q4 2023..Q1 2024, one span of months 2023-10..2024-03; 那段期間 is a listed same-period word → the event is asked over that span exactly; " + SRC_RR + "; " + EVT))
a(L("dm42-en", "What was the return rate of product A in South China in the first two months of this year, and in the same two months last year?", "en", "2024-11-12", complexity="complex",
    tags=["part-of-period", "yoy", "back-reference", "multi-clause"],
    sub_goals=rr(P(M, "2024-01", "2024-02"), "A", "South") + rr(P(M, "2023-01", "2023-02"), "A", "South"),
    note="'the first two months of this year' = 2024-01..02 (counted from the year's start, documented); 'the same two months last year' = 2023-01..02; separated → two goal pairs; " + SRC_RR))

# ================================================================ write
def write(name, lines):
    ids = [l["id"] for l in lines]
    assert len(ids) == len(set(ids)), "duplicate ids"
    full = os.path.join(OUT, f"{name}-plans.jsonl")
    scor = os.path.join(OUT, f"{name}-plans.scorable.jsonl")
    with open(full, "w", encoding="utf-8") as f:
        for l in lines: f.write(json.dumps(l, ensure_ascii=False) + "\n")
    with open(scor, "w", encoding="utf-8") as f:
        for l in lines:
            if l["expect"] != "clarify": f.write(json.dumps(l, ensure_ascii=False) + "\n")
    from collections import Counter
    lang = Counter(l["language"] for l in lines); exp = Counter(l["expect"] for l in lines)
    multi = sum("multi-clause" in l["tags"] for l in lines)
    print(f"{name}: {len(lines)} lines; {dict(lang)}; {dict(exp)}; multi-clause {multi}; "
          f"sub-goals {sum(len(l.get('sub_goals', [])) for l in lines)}")

write("ferrowell", FW)
write("demo", DM)
