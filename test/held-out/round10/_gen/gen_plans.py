#!/usr/bin/env python3
"""Writes harborline-plans.jsonl, demo-plans.jsonl and their .scorable.jsonl copies (no clarify lines).

Written from the documentation only (see ../WRITER-README.md). Edit here and re-run."""
import json, os

OUT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALL_DEPOTS = ["Northgate", "Riverside", "Eastport"]
ALL_TYPES = ["Urban", "Express", "Night"]

def period(grain, frm, to):
    return {"grain": grain, "from": frm, "to": to}

def goal(source, dataset, kind, name, filters, grain, frm, to, required=True):
    g = {"source": source, "dataset": dataset, kind: name, "filters": dict(filters), "period": period(grain, frm, to)}
    if not required:
        g["required"] = False
    return g

# ---------- Harborline ----------
def otr(f, frm, to):  # on_time_rate: AVL export 0.9 required, spot checks 0.6 optional
    return [goal("avl_exports", "punctuality", "metric", "on_time_rate", f, "month", frm, to),
            goal("spot_checks", "punctuality", "metric", "on_time_rate", f, "month", frm, to, False)]

def cmp(f, frm, to):
    return [goal("feedback_log", "complaints", "metric", "passenger_complaints", f, "month", frm, to)]

def hw(f, frm, to):
    return [goal("scheduling", "headway", "metric", "avg_headway_minutes", f, "week", frm, to)]

def rev(f, frm, to):
    return [goal("finance", "fares", "metric", "fare_revenue", f, "quarter", frm, to)]

def div(depot, frm, to):
    return [goal("ops_log", "diversions", "event", "route_diversion", {"depot": depot}, "month", frm, to, False)]

def tt(frm, to):
    return [goal("ops_log", "timetables", "event", "timetable_change", {}, "month", frm, to, False)]

# ---------- demo ----------
def rr(f, frm, to):  # return_rate: sales_bi 0.85 required, support_bi 0.6 optional; sales_exports is fallback
    return [goal("sales_bi", "returns", "metric", "return_rate", f, "month", frm, to),
            goal("support_bi", "returns", "metric", "return_rate", f, "month", frm, to, False)]

def cpl(f, frm, to):  # complaints: tickets 0.9 required, sales_bi grid 0.85 optional, both quarter grain
    return [goal("tickets", "complaints", "metric", "complaints", f, "quarter", frm, to),
            goal("sales_bi", "service_complaints", "metric", "complaints", f, "quarter", frm, to, False)]

def vip(frm, to):
    return [goal("sales_bi", "vip_repurchase", "metric", "vip_repurchase_rate", {}, "quarter", frm, to)]

def camp(frm, to):
    return [goal("handbook", "online_campaigns", "metric", "online_campaigns", {}, "quarter", frm, to)]

def lpc(region, frm, to):
    return [goal("tickets", "provider_changes", "event", "logistics_provider_change", {"region": region}, "month", frm, to, False)]

def crm(frm, to):
    return [goal("tickets", "crm_releases", "event", "crm_release", {}, "month", frm, to, False),
            goal("handbook", "crm_versions", "event", "crm_release", {}, "month", frm, to, False)]

def kb(query):
    return {"source": "handbook", "query": query}

OTR_NOTE = "on_time_rate: avl_exports (trust 0.9) required, spot_checks (0.6) required:false (planner.md 'Which sources are planned': every dataset offering the metric, file exports included, the most trusted required)"
RR_NOTE = "return_rate: sales_bi (0.85) required, support_bi (0.6) required:false; sales_exports is the metric's fallback and is not planned (planner.md 'Which sources are planned', fallback row)"
CPL_NOTE = "complaints: tickets/complaints (0.9) required, sales_bi/service_complaints (0.85) required:false, both quarter grain"
EVT_NOTE = "event goals required:false at month grain (planner.md 'Events')"

def line(id, q, lang, as_of, expect="plan", goals=None, tags=(), note="", complexity=None, route="retrieve", unknown=None):
    d = {"id": id, "question": q, "language": lang, "as_of": as_of, "route": route, "expect": expect}
    if complexity:
        d["complexity"] = complexity
    d["tags"] = list(tags)
    if unknown is not None:
        d["unknown_terms"] = unknown
    if goals is not None:
        d["sub_goals"] = [g for gs in goals for g in (gs if isinstance(gs, list) else [gs])]
    d["note"] = note
    return d

H = []
def h(*a, **k):
    H.append(line(*a, **k))

# --- dated ranges, to-date, parts of periods ---
h("hl01-zh-hans", "滨江车场市区线今年3月到5月的准点率分别是多少？同期乘客投诉有多少件？", "zh-Hans", "2024-11-20",
  goals=[otr({"depot": "Riverside", "service_type": "Urban"}, "2024-03-01", "2024-05-31"),
         cmp({"depot": "Riverside", "service_type": "Urban"}, "2024-03-01", "2024-05-31")],
  tags=["range", "relative", "back-reference", "count", "multi-clause"], complexity="complex",
  note="今年 = 2024 (as-of year) completes both ends; a contiguous month range is one span (planner.md 'Periods'); 同期 carries the range, 滨江车场 and 市区线 to the complaints clause (bind-qualifiers: frames that omit a time or dimension take the neighbouring frame's); " + OTR_NOTE)
h("hl02-en", "What was the on-time rate of Northgate's express routes from February to April last year, and how many passenger complaints did those routes get in the same months?", "en", "2024-12-05",
  goals=[otr({"depot": "Northgate", "service_type": "Express"}, "2023-02-01", "2023-04-30"),
         cmp({"depot": "Northgate", "service_type": "Express"}, "2023-02-01", "2023-04-30")],
  tags=["range", "relative", "back-reference", "count", "multi-clause"], complexity="complex",
  note="time rule `range`: 'last year' completes both ends (January to March last year = 2023-01..2023-03); 'those routes' and 'the same months' carry Northgate/Express and the range; " + OTR_NOTE)
h("hl03-zh-hant", "東港車場年初至今的準點率是多少？跟去年同期比呢？", "zh-Hant", "2024-11-18",
  goals=[otr({"depot": "Eastport"}, "2024-01-01", "2024-11-18"), otr({"depot": "Eastport"}, "2023-01-01", "2023-11-18")],
  tags=["to-date", "yoy", "follow-up", "multi-clause"], complexity="complex",
  note="to-date convention (planner.md 'Time conventions'): month 2024-01-01..as-of day; the base a year earlier 'runs to the same day' → 2023-01-01..2023-11-18 (its last month counted whole when fetched); 同比/去年同期 plans both periods as goals of their own; " + OTR_NOTE)
h("hl04-zh-hant", "本季度到目前為止，濱江車場夜班線收到多少乘客投訴？準點率又是多少？", "zh-Hant", "2024-11-12",
  goals=[cmp({"depot": "Riverside", "service_type": "Night"}, "2024-10-01", "2024-11-12"),
         otr({"depot": "Riverside", "service_type": "Night"}, "2024-10-01", "2024-11-12")],
  tags=["to-date", "count", "follow-up", "multi-clause"], complexity="complex",
  note="本季度到目前为止 (a documented to-date example): Q4 2024 from its start to the as-of day, at the datasets' month grain; the second ask carries the period and frame; passenger_complaints is a count of log rows (tabular-datasets.md 'Counts from a log'); " + OTR_NOTE)
h("hl05-zh-hans", "本月至今北门车场的乘客投诉有几起？", "zh-Hans", "2024-12-16",
  goals=[cmp({"depot": "Northgate"}, "2024-12-01", "2024-12-16")],
  tags=["to-date", "count"], complexity="simple",
  note="本月至今: month to date, 2024-12-01..as-of day (to-date convention; 至今 is a listed to-date word, 本月至今 itself is not in the docs' examples)")
h("hl06-en", "What was Riverside's on-time rate in the first quarter of last year, and what was its fare revenue in that quarter?", "en", "2024-11-08",
  goals=[otr({"depot": "Riverside"}, "2023-01-01", "2023-03-31"), rev({"depot": "Riverside"}, "2023-01-01", "2023-03-31")],
  tags=["part-of-period", "relative", "back-reference", "multi-clause"], complexity="complex",
  note="rule nth-unit-of-period: 'the first quarter of last year' = Q1 2023; a quarter asked of a monthly dataset becomes its months (planner.md 'Periods'); 'that quarter' points back at Q1 2023 (back-reference) and 'its' carries Riverside; the ledger is quarterly; " + OTR_NOTE)
h("hl07-zh-hant", "上半年各車場的票款收入分別是多少？", "zh-Hant", "2024-11-25",
  goals=[rev({"depot": ALL_DEPOTS}, "2024-01-01", "2024-06-30")],
  tags=["part-of-period", "quantifier", "quarter-grain"], complexity="complex",
  note="上半年 without a year = the as-of year's first half (`whole-current` / `yearless`); 各車場 → every depot value (quantifiers: 'each product, 各产品 → the dimension's values'); one goal with a list filter (several values of one dimension, same measure and period: the docs do not say list vs one goal per value, see README problem 3); quarterly ledger at quarter grain")
h("hl08-en", "How much fare revenue did Eastport take in the second half of 2023, and how does that compare with the same half this year?", "en", "2024-11-30",
  goals=[rev({"depot": "Eastport"}, "2023-07-01", "2023-12-31"), rev({"depot": "Eastport"}, "2024-07-01", "2024-12-31")],
  tags=["part-of-period", "same-period-in-year", "compare", "multi-clause"], complexity="complex",
  note="'the second half of 2023' (nth-unit-of-period); 'the same half this year' (`same-period-in-year`: a same-period word beside the as-of year moves the period into it) = H2 2024, which holds as-of and runs past it → planned as asked with the runs-past note; quarter grain (finance ledger)")
h("hl09-zh-hans", "截至2024年9月底的近三个月，滨江车场的准点率是多少？同期票款收入呢？", "zh-Hans", "2024-11-15",
  goals=[otr({"depot": "Riverside"}, "2024-07-01", "2024-09-30"), rev({"depot": "Riverside"}, "2024-07-01", "2024-09-30")],
  tags=["rolling", "window-ending", "back-reference", "follow-up", "multi-clause"], complexity="complex",
  note="`window-ending`: N whole units ending with the unit holding the stated end (截至2024年3月底的近三个月 = January–March 2024) → 2024-07..2024-09; 同期 carries it (= Q3 2024 on the quarterly ledger) and 滨江车场; " + OTR_NOTE)
h("hl10-zh-hans", "近三个月北门车场的乘客投诉有多少？其中夜班线有几起？", "zh-Hans", "2024-11-20",
  goals=[cmp({"depot": "Northgate"}, "2024-08-01", "2024-10-31"), cmp({"depot": "Northgate", "service_type": "Night"}, "2024-08-01", "2024-10-31")],
  tags=["rolling", "count", "subset", "multi-clause"], complexity="complex",
  note="`rolling-window`: 近N个月 = N whole months before the one holding as-of → August–October 2024; 其中 opens a subset clause that narrows only itself: the total takes no filter from the subset's value (bind-qualifiers row, 2023年10月和12月的投诉…其中服务类的有几起 example)")
h("hl11-zh-hant", "近兩個季度濱江車場的票款收入是多少？", "zh-Hant", "2024-12-10",
  goals=[rev({"depot": "Riverside"}, "2024-04-01", "2024-09-30")],
  tags=["rolling", "quarter-grain"], complexity="simple",
  note="`rolling-window` (过去两个季度 is a documented example): the two whole quarters before Q4 2024 → Q2–Q3 2024, one contiguous span at quarter grain")
# --- base comparisons and relative periods ---
h("hl12-zh-hans", "2024年9月北门车场的准点率环比变化如何？同比呢？", "zh-Hans", "2024-11-20",
  goals=[otr({"depot": "Northgate"}, "2024-08-01", "2024-08-31"), otr({"depot": "Northgate"}, "2024-09-01", "2024-09-30"),
         otr({"depot": "Northgate"}, "2023-09-01", "2023-09-30")],
  tags=["mom", "yoy", "follow-up", "multi-clause"], complexity="complex",
  note="环比 plans the period just before as a goal of its own even when it touches (planner.md 'Comparisons that need a base', the 2024年5月…环比变化 example); the follow-up 同比呢？ adds the base a year earlier (2023-09); September 2024 is planned once (issue 25 item 3: never the same metric twice over overlapping periods); " + OTR_NOTE)
h("hl13-en", "How did the on-time rate of Eastport's urban routes change month over month in October 2024, and were there any diversions at Eastport that month?", "en", "2024-12-03",
  goals=[otr({"depot": "Eastport", "service_type": "Urban"}, "2024-09-01", "2024-09-30"),
         otr({"depot": "Eastport", "service_type": "Urban"}, "2024-10-01", "2024-10-31"),
         div("Eastport", "2024-10-01", "2024-10-31")],
  tags=["mom", "event", "back-reference", "multi-clause"], complexity="complex",
  note="month over month: base September 2024 is a goal of its own (planner.md 'Comparisons that need a base'); 'that month' = October 2024 (a comparison word before the date stays with its metric and never dates the event clause; back-reference to the one month named); event asked, no relate → exact month; " + OTR_NOTE)
h("hl14-zh-hant", "今年第三季度東港車場的票款收入同比增長了多少？", "zh-Hant", "2024-11-28",
  goals=[rev({"depot": "Eastport"}, "2024-07-01", "2024-09-30"), rev({"depot": "Eastport"}, "2023-07-01", "2023-09-30")],
  tags=["yoy", "quarter-grain"], complexity="complex",
  note="同比: base a year earlier (Q3 2023), a goal of its own; quarterly ledger")
h("hl15-en", "Compare Northgate's fare revenue in Q2 2024 with the same quarter last year. Was there a timetable change in Q2 2024?", "en", "2024-12-02",
  goals=[rev({"depot": "Northgate"}, "2024-04-01", "2024-06-30"), rev({"depot": "Northgate"}, "2023-04-01", "2023-06-30"),
         tt("2024-04-01", "2024-06-30")],
  tags=["yoy", "compare", "quarter-grain", "event", "multi-clause"], complexity="complex",
  note="'the same quarter last year' (`same-period-in-year`) = Q2 2023; the event sentence has its own date → exactly Q2 2024 at month grain, no depot (workspace-wide event)")
h("hl16-zh-hans", "上个月滨江车场夜班线的准点率是多少？三个月前呢？", "zh-Hans", "2024-11-18",
  goals=[otr({"depot": "Riverside", "service_type": "Night"}, "2024-10-01", "2024-10-31"),
         otr({"depot": "Riverside", "service_type": "Night"}, "2024-08-01", "2024-08-31")],
  tags=["relative", "units-ago", "follow-up", "multi-clause"], complexity="complex",
  note="上个月 = October 2024; 三个月前 (`units-ago`, 'N months ago is the last complete month moved back N-1 more': 3 months ago on 2024-07-15 is April) = August 2024; the follow-up keeps 滨江车场/夜班线 and the metric; " + OTR_NOTE)
h("hl17-zh-hant", "前年第四季度和去年第四季度，北門車場快線的乘客投訴各有多少？", "zh-Hant", "2025-01-10",
  goals=[cmp({"depot": "Northgate", "service_type": "Express"}, "2023-10-01", "2023-12-31"),
         cmp({"depot": "Northgate", "service_type": "Express"}, "2024-10-01", "2024-12-31")],
  tags=["relative", "compare", "count"], complexity="complex",
  note="前年 = 2023, 去年 = 2024 (as-of 2025-01-10); separated periods are separate goals; a quarter of a monthly dataset becomes its months")
h("hl18-en", "What was the average headway at Riverside last week, and at Eastport the week before last?", "en", "2024-11-20",
  goals=[hw({"depot": "Riverside"}, "2024-11-11", "2024-11-17"), hw({"depot": "Eastport"}, "2024-11-04", "2024-11-10")],
  tags=["week", "relative", "multi-clause"], complexity="complex",
  note="weeks are Monday..Sunday (ISO); as-of Wednesday 2024-11-20 → last week 2024-11-11..17; 'the week before last' is the whole week two back (`weeks-ago` row) 2024-11-04..10; two entity frames (a repeated dimension after other words opens a new frame), so two goals although the weeks touch; the scheduling dataset is recorded by week, so weeks are planned at week grain")
h("hl19-zh-hans", "过去四周各车场的平均发车间隔分别是多少？", "zh-Hans", "2024-11-20",
  goals=[hw({"depot": ALL_DEPOTS}, "2024-10-21", "2024-11-17")],
  tags=["rolling", "week", "quantifier"], complexity="complex",
  note="`rolling-window` in weeks: the four whole weeks before the week holding as-of (2024-11-18..24) → 2024-10-21..2024-11-17; 各车场 → all three depots, one goal with a list filter")
h("hl20-zh-hant", "上週北門和東港兩個車場的平均發車間隔各是多少？", "zh-Hant", "2024-11-13",
  goals=[hw({"depot": ["Northgate", "Eastport"]}, "2024-11-04", "2024-11-10")],
  tags=["week", "quantifier"], complexity="complex",
  note="上週 = 2024-11-04..2024-11-10 (as-of Wednesday 2024-11-13); 兩個車場 counts the two depots named and is accounted for (quantifier over the named values); one goal with a list filter")
h("hl21-en", "What was the average headway at each depot two weeks ago?", "en", "2024-11-19",
  goals=[hw({"depot": ALL_DEPOTS}, "2024-11-04", "2024-11-10")],
  tags=["week", "weeks-ago", "quantifier"], complexity="complex",
  note="`weeks-ago`: the day two weeks back (Tuesday 2024-11-05); a dataset recorded by week answers it for the Monday..Sunday week holding that day → 2024-11-04..2024-11-10; 'each depot' → all three values")
h("hl22-zh-hans", "上周北门车场的准点率是多少？", "zh-Hans", "2024-11-05", expect="no_plan", unknown=["上周"],
  tags=["week", "grain-refused"],
  note="a week period of a dataset recorded by month is refused, naming the grain (planner.md 'What the planner does with them'); both on_time_rate datasets are monthly")
h("hl23-en", "Next month's on-time rate at Riverside?", "en", "2024-11-14", expect="no_plan", unknown=["Next month"],
  tags=["future"], note="a period wholly after as-of is refused (cannot_plan, exit 1); unknown_terms holds the period words as written")
h("hl24-zh-hant", "明年第一季度東港車場的票款收入會有多少？", "zh-Hant", "2024-11-14", expect="no_plan", unknown=["明年第一季度"],
  tags=["future"], note="明年 (2025 Q1) wholly after as-of → refused as a forecast")
h("hl25-zh-hans", "北门车场下个季度的乘客投诉预计有多少？", "zh-Hans", "2024-11-14", expect="no_plan", unknown=["下个季度"],
  tags=["future"], note="下个季度 = Q1 2025, wholly after as-of → refused")
# --- default period ---
h("hl26-zh-hans", "北门车场的准点率是多少？", "zh-Hans", "2024-11-25",
  goals=[otr({"depot": "Northgate"}, "2024-10-01", "2024-10-31")],
  tags=["default-period"], complexity="simple",
  note="no time span at all → the last complete month before as-of (planner.md 'Periods'); " + OTR_NOTE)
h("hl27-zh-hant", "快線的乘客投訴有多少件？準點率又是多少？", "zh-Hant", "2024-12-09",
  goals=[cmp({"service_type": "Express"}, "2024-11-01", "2024-11-30"), otr({"service_type": "Express"}, "2024-11-01", "2024-11-30")],
  tags=["default-period", "count", "follow-up", "multi-clause"], complexity="complex",
  note="no time span at all → the last complete month (November 2024) for both asks; no depot named → no depot filter; " + OTR_NOTE)
h("hl28-zh-hant", "濱江車場的票款收入是多少？", "zh-Hant", "2024-11-20",
  goals=[rev({"depot": "Riverside"}, "2024-07-01", "2024-09-30")],
  tags=["default-period", "quarter-grain"], complexity="simple",
  note="no period on a quarterly dataset: 'the last complete month (or quarter) before --as-of' → Q3 2024 (analyst's reading of 'or quarter'; the alternative, October widened to the running Q4, would fetch an incomplete quarter)")
# --- events asked, related, explained ---
h("hl29-zh-hans", "今年滨江车场有过线路绕行吗？分别是什么时候？", "zh-Hans", "2024-11-20",
  goals=[div("Riverside", "2024-01-01", "2024-12-31")],
  tags=["event", "multi-clause"], complexity="complex",
  note="an event asked on its own uses exactly the period asked, at month grain; 今年 holds as-of and is planned as asked (runs-past note); two asks on one event and period are one sub-goal (planner.md 'An event named again … is one sub-goal'; issue 25 item 3)")
h("hl30-en", "Which timetable changes took effect in the first half of 2024, and how did the express routes' on-time rate look over the same half?", "en", "2024-11-20",
  goals=[tt("2024-01-01", "2024-06-30"), otr({"service_type": "Express"}, "2024-01-01", "2024-06-30")],
  tags=["event", "part-of-period", "back-reference", "multi-clause"], complexity="complex",
  note="event clause first, asked alone: exactly H1 2024 at month grain (workspace-wide, no filter); 'the same half' carries H1 2024 to the metric (the documented CRM-releases / complaints 'same half' shape); " + OTR_NOTE)
h("hl31-zh-hant", "2023年下半年總共做了幾次時刻表調整？", "zh-Hant", "2024-12-01",
  goals=[tt("2023-07-01", "2023-12-31")],
  tags=["event", "count"], complexity="simple",
  note="count of events asked alone over 2023年下半年 → 2023-07-01..2023-12-31 by month")
h("hl32-zh-hans", "对比滨江车场市区线2024年3月的准点率与北门车场快线同期的准点率，并结合两地线路绕行记录分析可能原因", "zh-Hans", "2024-11-20",
  goals=[otr({"depot": "Riverside", "service_type": "Urban"}, "2024-03-01", "2024-03-31"),
         otr({"depot": "Northgate", "service_type": "Express"}, "2024-03-01", "2024-03-31"),
         div("Riverside", "2024-02-01", "2024-04-30"), div("Northgate", "2024-02-01", "2024-04-30")],
  tags=["compare", "correlate", "event", "quantifier", "multi-clause"], complexity="complex",
  note="the flagship shape (planner.md): two entity frames, 同期 carries March 2024; events that should explain the metric (结合) are searched over the metric period ± 1 month, one search per depot named (两地); the question names its events, so no timetable search is added; " + OTR_NOTE)
h("hl33-en", "Why did the on-time rate of Riverside's urban routes drop in March 2024?", "en", "2024-11-20",
  goals=[otr({"depot": "Riverside", "service_type": "Urban"}, "2024-03-01", "2024-03-31"),
         div("Riverside", "2024-02-01", "2024-04-30"), tt("2024-02-01", "2024-04-30")],
  tags=["why", "event"],
  note="why-question, no event named (planner.md 'Why a metric moved'): the metric goals for March (the base 2024-02 is recorded on asked.explain and fetched with the goal, not a goal of its own); every event source that lines up: diversions (by depot, a metric dimension → depot=Riverside) and timetable changes (no dimension), over base start .. one month after = 2024-02-01..2024-04-30; complexity left out (docs do not decide it for a single-clause why); " + OTR_NOTE)
h("hl34-zh-hant", "為什麼東港車場今年7月的準點率下降了？", "zh-Hant", "2024-11-20",
  goals=[otr({"depot": "Eastport"}, "2024-07-01", "2024-07-31"),
         div("Eastport", "2024-06-01", "2024-08-31"), tt("2024-06-01", "2024-08-31")],
  tags=["why", "event", "relative"],
  note="為什麼: base June 2024, event window 2024-06-01..2024-08-31, both event sources that line up (diversions filtered by Eastport, timetable changes unfiltered); " + OTR_NOTE)
h("hl35-zh-hans", "北门车场2024年8月到9月的准点率是多少？同期有没有线路绕行？", "zh-Hans", "2024-11-20",
  goals=[otr({"depot": "Northgate"}, "2024-08-01", "2024-09-30"), div("Northgate", "2024-08-01", "2024-09-30")],
  tags=["range", "event", "back-reference", "multi-clause"], complexity="complex",
  note="an event dated by a plain 同期 written after the metric, in a question that does not relate or explain, is searched over the metric's own period (planner.md 'Events'), not ± 1 month; depot carried; " + OTR_NOTE)
h("hl36-en", "What was Eastport's on-time rate in February 2024? Also, were there any diversions?", "en", "2024-11-20",
  goals=[otr({"depot": "Eastport"}, "2024-02-01", "2024-02-29"), div("Eastport", "2024-02-01", "2024-02-29")],
  tags=["event", "follow-up", "multi-clause"], complexity="complex",
  note="a follow-up asking about events without a date of its own, in a question that does not relate, uses the previous frame's period and values (planner.md 'Events', trace window:inherited:; decomposer 'Also, were there provider changes (…)?'); " + OTR_NOTE)
h("hl37-zh-hant", "2024年1月北門車場的準點率是多少？當月有沒有時刻表調整？", "zh-Hant", "2024-11-20",
  goals=[otr({"depot": "Northgate"}, "2024-01-01", "2024-01-31"), tt("2024-01-01", "2024-01-31")],
  tags=["event", "back-reference", "multi-clause"], complexity="complex",
  note="當月 after a dated clause points back at January 2024 (back-reference convention); timetable changes have no dimension, so 北門車場 is not a filter of that goal; " + OTR_NOTE)
h("hl38-en", "Relate the night routes' on-time rate in July 2024 to timetable changes.", "en", "2024-12-10",
  goals=[otr({"service_type": "Night"}, "2024-07-01", "2024-07-31"), tt("2024-06-01", "2024-08-31")],
  tags=["correlate", "event"], complexity="complex",
  note="'relate it to …' → the event is searched over the metric period widened by one month on each side (planner.md 'Events'); complex as a correlation (router row); " + OTR_NOTE)
h("hl39-zh-hans", "2023年滨江车场发生了几次线路绕行？同一年的票款收入是多少？", "zh-Hans", "2024-11-20",
  goals=[div("Riverside", "2023-01-01", "2023-12-31"), rev({"depot": "Riverside"}, "2023-01-01", "2023-12-31")],
  tags=["event", "count", "back-reference", "multi-clause"], complexity="complex",
  note="event clause first, asked on its own → exactly 2023 at month grain; 同一年 (同一 is a back-reference word) carries 2023 and 滨江车场 to the revenue clause (an event clause's own dates carry like a metric clause's); quarterly ledger: 2023 at quarter grain")
# --- quantifiers ---
h("hl40-en", "How did all three depots do on punctuality in Q3 2024, and how many complaints did each of them log in that quarter?", "en", "2024-11-20",
  goals=[otr({"depot": ALL_DEPOTS}, "2024-07-01", "2024-09-30"), cmp({"depot": ALL_DEPOTS}, "2024-07-01", "2024-09-30")],
  tags=["quantifier", "paraphrase", "back-reference", "multi-clause"], complexity="complex",
  note="'all three depots': a count equal to the catalog's number of values expands to all of them; 'each of them' refers back; 'punctuality' is a synonym of on_time_rate; Q3 of a monthly dataset → its months; 'that quarter' = Q3 2024; " + OTR_NOTE)
h("hl41-zh-hant", "濱江和東港兩地今年第二季度的乘客投訴分別是多少？兩地有沒有線路繞行？", "zh-Hant", "2024-11-20",
  goals=[cmp({"depot": ["Riverside", "Eastport"]}, "2024-04-01", "2024-06-30"),
         div("Riverside", "2024-04-01", "2024-06-30"), div("Eastport", "2024-04-01", "2024-06-30")],
  tags=["quantifier", "event", "follow-up", "multi-clause"], complexity="complex",
  note="兩地 counts the two depots named; the event clause has no date and the question does not relate → the previous frame's period Q2 2024 (window:inherited); events: one search per value of the dimension (planner.md 'Events'); metric: one goal with a list filter")
h("hl42-en", "For both Northgate and Riverside, what were the express routes' on-time rates in May 2024, and did either of them have a route diversion that month?", "en", "2024-11-20",
  goals=[otr({"depot": ["Northgate", "Riverside"], "service_type": "Express"}, "2024-05-01", "2024-05-31"),
         div("Northgate", "2024-05-01", "2024-05-31"), div("Riverside", "2024-05-01", "2024-05-31")],
  tags=["quantifier", "event", "back-reference", "multi-clause"], complexity="complex",
  note="'both' / 'either of them' count the two values named; metric: one goal per source with a list filter; event: one search per value, 'that month' = May 2024, no relate → exact month; " + OTR_NOTE)
h("hl43-zh-hans", "各线路类型今年前两个月的准点率是多少？", "zh-Hans", "2024-12-05",
  goals=[otr({"service_type": ALL_TYPES}, "2024-01-01", "2024-02-29")],
  tags=["quantifier", "part-of-period"], complexity="complex",
  note="今年前两个月 = the first two months of the as-of year, counted from the year's start (planner.md time row); 各线路类型: the dimension's own label (线路类型) with 各 asks for every value; " + OTR_NOTE)
h("hl44-zh-hant", "去年10月到12月東港車場夜班線的乘客投訴有多少？同期東港有沒有線路繞行？", "zh-Hant", "2024-11-20",
  goals=[cmp({"depot": "Eastport", "service_type": "Night"}, "2023-10-01", "2023-12-31"), div("Eastport", "2023-10-01", "2023-12-31")],
  tags=["range", "relative", "count", "event", "back-reference", "multi-clause"], complexity="complex",
  note="去年1月到3月-shape range: 去年 completes both ends → 2023-10..2023-12; event dated by a plain 同期 after the metric, no relate → the metric's own period; diversions cannot filter by service type, so only depot")
h("hl45-en", "From June to August this year, what were the on-time rates for Riverside's night routes, and how many complaints did they generate?", "en", "2024-11-20",
  goals=[otr({"depot": "Riverside", "service_type": "Night"}, "2024-06-01", "2024-08-31"),
         cmp({"depot": "Riverside", "service_type": "Night"}, "2024-06-01", "2024-08-31")],
  tags=["range", "relative", "count", "multi-clause"], complexity="complex",
  note="a range whose ends share 'this year' (2024); 'they' carries the frame to the complaints clause; " + OTR_NOTE)
h("hl46-zh-hans", "从2023年第四季度到2024年第二季度，北门车场的票款收入按季度看是多少？", "zh-Hans", "2024-11-20",
  goals=[rev({"depot": "Northgate"}, "2023-10-01", "2024-06-30")],
  tags=["quarter-range", "trend"],
  note="quarter range across years (documented: 2023年第四季度到2024年第一季度) with a grain phrase after it (`grain after a range`: one span by quarter); complexity left out (a trend)")
h("hl47-en", "What was Northgate's fare revenue the quarter before last, and Riverside's in the same quarter?", "en", "2024-11-20",
  goals=[rev({"depot": "Northgate"}, "2024-04-01", "2024-06-30"), rev({"depot": "Riverside"}, "2024-04-01", "2024-06-30")],
  tags=["relative", "back-reference", "multi-clause"], complexity="complex",
  note="'the quarter before last' (relativeUnitPeriod, offset 2 from Q4 2024) = Q2 2024; 'the same quarter' carries it to Riverside's frame; two frames → two goals (a list goal depot=[Northgate, Riverside] would be equivalent; see README problem 3)")
h("hl48-zh-hant", "兩個月前北門車場市區線的準點率是多少？那個月的乘客投訴呢？", "zh-Hant", "2024-11-20",
  goals=[otr({"depot": "Northgate", "service_type": "Urban"}, "2024-09-01", "2024-09-30"),
         cmp({"depot": "Northgate", "service_type": "Urban"}, "2024-09-01", "2024-09-30")],
  tags=["relative", "units-ago", "back-reference", "follow-up", "multi-clause"], complexity="complex",
  note="兩個月前 (`units-ago`: the last complete month, October, moved back one more) = September 2024; 那個月 points back at it; depot and service type carried; " + OTR_NOTE)
# --- unknown, mixed, clarify, direct ---
h("hl49-zh-hans", "2024年6月东港车场的准点率和油耗分别是多少？", "zh-Hans", "2024-11-20",
  goals=[otr({"depot": "Eastport"}, "2024-06-01", "2024-06-30")], unknown=["油耗"],
  tags=["partial-unknown", "multi-clause"],
  note="an unknown measure beside a known one is reported as a warning and the known one is planned (planner.md unknown-terms row: 'return rate and churn rate'); " + OTR_NOTE)
h("hl50-en", "What was the driver turnover rate at Riverside in 2023?", "en", "2024-11-20", expect="no_plan", unknown=["driver turnover rate"],
  tags=["unknown"], note="only an unknown measure (a rate head the catalog lacks) → no plan (exit 1, or asked back with candidates: both are no_plan in the gold format)")
h("hl51-zh-hant", "北門車場去年的滿載率是多少？", "zh-Hant", "2024-11-20", expect="no_plan", unknown=["滿載率"],
  tags=["unknown"], note="滿載率 (load factor) is no catalog metric; a measure head 率 that forms no catalog metric → unknown measure, no plan")
h("hl52-zh-hans", "机场快线上个月的准点率是多少？", "zh-Hans", "2024-11-20", expect="clarify",
  tags=["clarify", "unknown-value"],
  note="快线 starts inside the longer word 机场快线 (like 北区 in 东北区, planner.md 'unresolved qualifiers'): asked back with the service_type candidates (市区线、快线、夜班线), never planned as Express")
h("hl53-en", "How many complaints did Riverside get last winter?", "en", "2024-11-20", expect="clarify",
  tags=["clarify", "season"],
  note="seasons are asked back (planner.md figures: 'seasons (this winter, last season: asked back …)'); never the default month")
h("hl54-zh-hant", "兩個車場上個月的乘客投訴各有多少？", "zh-Hant", "2024-11-20", expect="clarify",
  tags=["clarify", "quantifier"],
  note="兩個車場 names no values and 2 is not the catalog's number of depots (3): 'a count that matches neither, or a quantifier with no value named, asks which ones'")
h("hl55-en", "Hi there, good morning!", "en", "2024-11-20", route="direct", expect="direct", tags=["greeting"],
  note="greeting → direct reply, no plan")
h("hl56-zh-hans", "你能帮我查哪些数据？", "zh-Hans", "2024-11-20", route="direct", expect="direct", tags=["help"],
  note="capability question (你都能帮我查哪些数据？ is the documented example) → the help reply")
h("hl57-zh-hant", "明天台北會下雨嗎？", "zh-Hant", "2024-11-20", route="direct", expect="direct", tags=["out-of-scope"],
  note="weather: out of scope → direct reply")
h("hl58-zh-hans", "好的，谢谢，辛苦了！", "zh-Hans", "2024-11-20", route="direct", expect="direct", tags=["thanks"],
  note="acknowledgement + thanks (small-talk row: 好的, 辛苦了) → direct")
h("hl59-en", "What was Eastport's fare revenue from night routes in Q3 2024?", "en", "2024-11-20",
  goals=[rev({"depot": "Eastport"}, "2024-07-01", "2024-09-30")],
  tags=["unsupported-filter", "quarter-grain"], complexity="simple",
  note="a qualifier no dataset of the metric offers (the ledger has no service_type) is not applied as a filter, with a warning; the goal keeps the depot (planner.md 'A qualifier no dataset of the metric offers')")
h("hl60-zh-hant", "2024年5月濱江車場的票款收入是多少？", "zh-Hant", "2024-11-20",
  goals=[rev({"depot": "Riverside"}, "2024-04-01", "2024-06-30")],
  tags=["widened", "quarter-grain"], complexity="simple",
  note="a month asked of a quarterly dataset is widened to its quarter (planner.md 'Periods') → Q2 2024")
h("hl61-zh-hans", "今年以来北门车场的乘客投诉一共有多少起？和去年同期相比多了还是少了？", "zh-Hans", "2024-11-15",
  goals=[cmp({"depot": "Northgate"}, "2024-01-01", "2024-11-15"), cmp({"depot": "Northgate"}, "2023-01-01", "2023-11-15")],
  tags=["to-date", "yoy", "follow-up", "multi-clause"], complexity="complex",
  note="今年以来 read as year to date (to-date convention; the docs list 年初至今 / 至今, not 今年以来 — analyst's reading); the 去年同期 base runs to the same day a year earlier")
h("hl62-en", "Year to date, what's the on-time rate for Eastport's express routes, and how many complaints have they logged over the same period?", "en", "2024-11-08",
  goals=[otr({"depot": "Eastport", "service_type": "Express"}, "2024-01-01", "2024-11-08"),
         cmp({"depot": "Eastport", "service_type": "Express"}, "2024-01-01", "2024-11-08")],
  tags=["to-date", "count", "back-reference", "multi-clause"], complexity="complex",
  note="year to date: month 2024-01-01..as-of day (the docs' own to-date example shape); 'the same period' carries it; " + OTR_NOTE)
h("hl63-zh-hant", "去年濱江車場的準點率逐月走勢如何？同一年的乘客投訴總共有多少件？", "zh-Hant", "2024-11-20",
  goals=[otr({"depot": "Riverside"}, "2023-01-01", "2023-12-31"), cmp({"depot": "Riverside"}, "2023-01-01", "2023-12-31")],
  tags=["trend", "relative", "back-reference", "count", "multi-clause"], complexity="complex",
  note="去年 = 2023, one span by month; 同一年 carries 2023 and 濱江車場 to the complaints clause; " + OTR_NOTE)
h("hl64-en", "Were there any route diversions at Northgate from August to September this year, and what was the average headway there last week?", "en", "2024-11-13",
  goals=[div("Northgate", "2024-08-01", "2024-09-30"), hw({"depot": "Northgate"}, "2024-11-04", "2024-11-10")],
  tags=["event", "range", "week", "back-reference", "multi-clause"], complexity="complex",
  note="event clause first, asked on its own over a range sharing 'this year' (2024-08..2024-09) at month grain; 'there' carries Northgate; the second clause has its own time (last week, as-of Wednesday 2024-11-13 → 2024-11-04..2024-11-10 at the scheduling dataset's week grain), so the event range does not carry to it")

# ---------- demo ----------
D = []
def d(*a, **k):
    D.append(line(*a, **k))

d("dm01-zh-hans", "华东区A产品今年1月到3月的退货率是多少？同期华东区有没有换物流商？", "zh-Hans", "2024-06-30",
  goals=[rr({"product": "A", "region": "East"}, "2024-01-01", "2024-03-31"), lpc("East", "2024-01-01", "2024-03-31")],
  tags=["range", "relative", "event", "back-reference", "multi-clause"], complexity="complex",
  note="今年 completes both ends; event dated by a plain 同期 after the metric, no relate → the metric's own period (planner.md 'Events'); 换物流商 is a change-event phrase (换物流 synonym); " + RR_NOTE)
d("dm02-en", "What was product B's return rate in North China in the first quarter of this year, and how does it compare with the same quarter last year?", "en", "2024-07-15",
  goals=[rr({"product": "B", "region": "North"}, "2024-01-01", "2024-03-31"), rr({"product": "B", "region": "North"}, "2023-01-01", "2023-03-31")],
  tags=["part-of-period", "yoy", "multi-clause"], complexity="complex",
  note="'the first quarter of this year' = Q1 2024 (months); 'the same quarter last year' = Q1 2023 (`same-period-in-year`); " + RR_NOTE)
d("dm03-zh-hant", "C產品華南區年初至今的退貨率是多少？", "zh-Hant", "2024-05-20",
  goals=[rr({"product": "C", "region": "South"}, "2024-01-01", "2024-05-20")],
  tags=["to-date"], complexity="simple",
  note="年初至今 (to-date): month 2024-01-01..as-of day, the docs' own example dates; " + RR_NOTE)
d("dm04-en", "Return rate for product A in West China, month over month, for May 2024 — and was there a carrier change in West China that month?", "en", "2024-06-30",
  goals=[rr({"product": "A", "region": "West"}, "2024-04-01", "2024-04-30"), rr({"product": "A", "region": "West"}, "2024-05-01", "2024-05-31"),
         lpc("West", "2024-05-01", "2024-05-31")],
  tags=["mom", "paraphrase", "event", "back-reference", "multi-clause"], complexity="complex",
  note="month over month → base April and May as goals of their own (the documented 环比 example); 'that month' = May (a comparison word before the date never dates the event clause: documented 'month over month, for March 2024 — and was there a carrier change that month?'); " + RR_NOTE)
d("dm05-zh-hans", "2023年下半年服务类投诉有多少？同期CRM发布了几个版本？", "zh-Hans", "2024-06-30",
  goals=[cpl({"category": "Service"}, "2023-07-01", "2023-12-31"), crm("2023-07-01", "2023-12-31")],
  tags=["part-of-period", "event", "back-reference", "count", "multi-clause"], complexity="complex",
  note="H2 2023 at quarter grain for complaints; 同期 carries the half to the event clause (no relate word → the metric's own period); crm_release is asked of every source offering it (tickets 0.9 and the handbook's PDF table 0.6), both optional, month grain; category is not a filter of the event; " + CPL_NOTE)
d("dm06-zh-hant", "去年第三季度和第四季度的配送類投訴各有多少？", "zh-Hant", "2024-03-15",
  goals=[cpl({"category": "Delivery"}, "2023-07-01", "2023-12-31")],
  tags=["quarter-range", "compare", "relative"], complexity="complex",
  note="two contiguous quarters written out are one span ('Q3 vs Q4 2023 → 2023-07-01..2023-12-31 by quarter', planner.md 'Periods'); 去年 dates both; 配送類 reads as the Delivery value (配送 synonym + the 类 noun, value_noun); " + CPL_NOTE)
d("dm07-en", "How did the VIP repurchase rate move across each quarter of 2023, and how many online campaigns ran in those quarters?", "en", "2024-06-30",
  goals=[vip("2023-01-01", "2023-12-31"), camp("2023-01-01", "2023-12-31")],
  tags=["trend", "back-reference", "multi-clause"], complexity="complex",
  note="'each quarter of 2023' = four contiguous quarters, one span by quarter (as the documented 2023年各季度 plan); vip_repurchase_rate: only sales_bi (sales_exports is its fallback); online_campaigns from the handbook's campaign-calendar table; 'those quarters' carries 2023")
d("dm08-zh-hans", "为什么华东区A产品2024年1月的退货率上升了？", "zh-Hans", "2024-06-30",
  goals=[rr({"product": "A", "region": "East"}, "2024-01-01", "2024-01-31"), lpc("East", "2023-12-01", "2024-02-29"), crm("2023-12-01", "2024-02-29")],
  tags=["why", "event"],
  note="why-question, no event named (planner.md 'Why a metric moved'): metric goals for January (base 2023-12 fetched with the goal, not its own goal); every event source that lines up: provider changes filtered by region=East (a metric dimension), CRM releases (no dimension) from both sources offering it, window base start .. one month after = 2023-12-01..2024-02-29; complexity left out; " + RR_NOTE)
d("dm09-en", "Did the East or the North region change logistics provider in Q1 2024?", "en", "2024-06-30",
  goals=[lpc("East", "2024-01-01", "2024-03-31"), lpc("North", "2024-01-01", "2024-03-31")],
  tags=["event", "quantifier"], complexity="complex",
  note="event asked on its own: exactly Q1 2024 at month grain, one search per region value named (planner.md 'Events'); 'change logistics provider' is the change event")
d("dm10-zh-hant", "2024年1月華東區A產品和華北區B產品的退貨率分別是多少？兩地物流商是否有更換？", "zh-Hant", "2024-06-30",
  goals=[rr({"product": "A", "region": "East"}, "2024-01-01", "2024-01-31"), rr({"product": "B", "region": "North"}, "2024-01-01", "2024-01-31"),
         lpc("East", "2024-01-01", "2024-01-31"), lpc("North", "2024-01-01", "2024-01-31")],
  tags=["compare", "event", "quantifier", "follow-up", "multi-clause"], complexity="complex",
  note="two entity frames; 兩地 refers to East and North; the event sentence has no date and does not relate/explain → the previous frame's period, January 2024 (window:inherited), not ± 1 month; " + RR_NOTE)
d("dm11-zh-hans", "上个月华南区C产品的退货率是多少？三个月前呢？", "zh-Hans", "2024-06-30",
  goals=[rr({"product": "C", "region": "South"}, "2024-05-01", "2024-05-31"), rr({"product": "C", "region": "South"}, "2024-03-01", "2024-03-31")],
  tags=["relative", "units-ago", "follow-up", "multi-clause"], complexity="complex",
  note="上个月 = May 2024; 三个月前 = the last complete month (May) moved back 2 more = March 2024 (`units-ago`); " + RR_NOTE)
d("dm12-en", "What were the return rates of products A and B in East China over the last three months? Did East China change logistics provider during that time?", "en", "2024-08-20",
  goals=[rr({"product": ["A", "B"], "region": "East"}, "2024-05-01", "2024-07-31"), lpc("East", "2024-05-01", "2024-07-31")],
  tags=["rolling", "quantifier", "event", "back-reference", "multi-clause"], complexity="complex",
  note="'the last three months': the three whole months before August 2024 (`rolling-window`); 'products A and B' is a list: one goal per source with a list filter; 'during that time' is a same-period word → the metric's own period, no relate; " + RR_NOTE)
d("dm13-zh-hant", "2023年各季度的VIP復購率分別是多少？同期線上活動辦了幾場？", "zh-Hant", "2024-06-30",
  goals=[vip("2023-01-01", "2023-12-31"), camp("2023-01-01", "2023-12-31")],
  tags=["trend", "back-reference", "multi-clause"], complexity="complex",
  note="2023年各季度 = four contiguous quarters → one span by quarter (the documented plan g1); 同期 carries 2023 to online_campaigns (handbook table); sales_exports is the VIP rate's fallback, not planned")
d("dm14-zh-hans", "下个月华东区的退货率会是多少？", "zh-Hans", "2024-06-30", expect="no_plan", unknown=["下个月"],
  tags=["future"], note="下个月 = July 2024, wholly after as-of → refused as a forecast")
d("dm15-en", "What will the complaint count be in Q4 2024?", "en", "2024-06-30", expect="no_plan", unknown=["Q4 2024"],
  tags=["future"], note="an explicit period wholly after as-of is refused (planner.md: 2024年9月 asked on 2024-07-15)")
d("dm16-zh-hant", "華東區A產品的退貨率是多少？", "zh-Hant", "2024-06-30",
  goals=[rr({"product": "A", "region": "East"}, "2024-05-01", "2024-05-31")],
  tags=["default-period"], complexity="simple",
  note="no period → the last complete month before as-of (May 2024); " + RR_NOTE)
d("dm17-en", "What's the gross margin of product A in East China for March 2024?", "en", "2024-06-30", expect="no_plan", unknown=["gross margin"],
  tags=["unknown"], note="an unknown measure only (毛利率 is a documented unknown-term example) → no plan")
d("dm18-zh-hans", "客制化杯子刻错字了能换吗？运费谁承担？", "zh-Hans", "2024-06-30",
  goals=[kb("客制化杯子刻错字了能换吗？"), kb("客制化杯子刻错字了，换货运费谁承担？")],
  tags=["policy", "multi-clause"], complexity="complex",
  note="a policy question with two asks → one knowledge-base search per sub-question (planner.md decompose/policy verbs; scored on the source only)")
d("dm19-en", "Thanks, that's all for today.", "en", "2024-06-30", route="direct", expect="direct", tags=["thanks"],
  note="thanks + closing → direct")
d("dm20-zh-hant", "你好！", "zh-Hant", "2024-06-30", route="direct", expect="direct", tags=["greeting"], note="greeting → direct")
d("dm21-zh-hans", "去年冬天华北区B产品的退货率是多少？", "zh-Hans", "2024-06-30", expect="clarify",
  tags=["clarify", "season"], note="a season is asked back (planner.md: seasons depend on hemisphere and writer)")
d("dm22-en", "List the CRM releases in the second half of 2023 and the number of service complaints over that half.", "en", "2024-06-30",
  goals=[crm("2023-07-01", "2023-12-31"), cpl({"category": "Service"}, "2023-07-01", "2023-12-31")],
  tags=["event", "part-of-period", "back-reference", "count", "multi-clause"], complexity="complex",
  note="event clause first, asked on its own → exactly H2 2023, month grain, both crm_release sources; 'that half' carries H2 2023 to the complaints (bind-qualifiers: 'Which CRM releases came out in H2 2023, and how many complaints over the same half?'); " + CPL_NOTE)
d("dm23-zh-hant", "華北區B產品上半年的退貨率是多少？同比呢？", "zh-Hant", "2024-09-15",
  goals=[rr({"product": "B", "region": "North"}, "2024-01-01", "2024-06-30"), rr({"product": "B", "region": "North"}, "2023-01-01", "2023-06-30")],
  tags=["part-of-period", "yoy", "follow-up", "multi-clause"], complexity="complex",
  note="上半年 without a year = as-of year's first half (H1 2024); 同比 → H1 2023 as a goal of its own; " + RR_NOTE)
d("dm24-en", "Return rate for product C in West China in February 2024 — and did South China change carriers that month?", "en", "2024-06-30",
  goals=[rr({"product": "C", "region": "West"}, "2024-02-01", "2024-02-29"), lpc("South", "2024-02-01", "2024-02-29")],
  tags=["event", "back-reference", "multi-clause"], complexity="complex",
  note="'that month' after a dated clause = February 2024 (back-reference); the event frame has its own region (South), not West; " + RR_NOTE)
d("dm25-zh-hans", "2023年10月的服务类投诉有多少？当月CRM有没有发布新版本？", "zh-Hans", "2024-06-30",
  goals=[cpl({"category": "Service"}, "2023-10-01", "2023-12-31"), crm("2023-10-01", "2023-10-31")],
  tags=["widened", "event", "back-reference", "multi-clause"], complexity="complex",
  note="a month asked of a quarterly dataset is widened to its quarter (Q4 2023); 当月 points back at the month the question names (October 2023), not the widened quarter; crm_release from both sources; " + CPL_NOTE)
d("dm26-zh-hant", "四個區域2024年3月A產品的退貨率各是多少？哪個區域最高？", "zh-Hant", "2024-06-30",
  goals=[rr({"product": "A", "region": ["East", "North", "South", "West"]}, "2024-03-01", "2024-03-31")],
  tags=["quantifier", "ranking", "multi-clause"], complexity="complex",
  note="四個區域: a count equal to the number of region values expands to all four; one goal per source with a list filter; 哪個區域最高 is a ranking over the same figures (recorded on asked.breakdown), no new goal; " + RR_NOTE)
d("dm27-en", "Was there a logistics provider change in South China in March 2024, and what was product C's return rate there over the same month?", "en", "2024-06-30",
  goals=[lpc("South", "2024-03-01", "2024-03-31"), rr({"product": "C", "region": "South"}, "2024-03-01", "2024-03-31")],
  tags=["event", "back-reference", "multi-clause"], complexity="complex",
  note="event clause first, asked on its own → exactly March 2024; 'there' and 'the same month' carry South China and March 2024 to the metric clause; " + RR_NOTE)
d("dm28-zh-hans", "A产品的退货率和VIP复购率在2024年第一季度分别是多少？", "zh-Hans", "2024-06-30",
  goals=[rr({"product": "A"}, "2024-01-01", "2024-03-31"), vip("2024-01-01", "2024-03-31")],
  tags=["multi-metric", "unsupported-filter"], complexity="complex",
  note="two metrics, one period; product is not offered by any vip_repurchase_rate dataset → not applied as a filter there (planner.md 'A qualifier no dataset of the metric offers'); return rate with product only (no region named); " + RR_NOTE)
d("dm29-en", "what can you look up for me?", "en", "2024-06-30", route="direct", expect="direct", tags=["help"],
  note="capability question (documented wording) → help reply")
d("dm30-zh-hant", "東北區B產品今年2月的退貨率是多少？", "zh-Hant", "2024-06-30", expect="clarify",
  tags=["clarify", "unknown-value"], note="東北區 is the documented exit-3 example (asked back with 华东、华北、华南、华西)")
d("dm31-zh-hant", "華東區A產品2024年4月的退貨率是多少？並結合同期物流服務商變更分析原因。", "zh-Hant", "2024-06-30",
  goals=[rr({"product": "A", "region": "East"}, "2024-04-01", "2024-04-30"), lpc("East", "2024-03-01", "2024-05-31")],
  tags=["correlate", "event", "back-reference", "multi-clause"], complexity="complex",
  note="結合同期…分析原因 relates: planner.md 'Events' — 结合同期物流服务商变更分析原因 keeps the widened window (metric period ± 1 month) → 2024-03-01..2024-05-31, filtered by the metric's region; the question names its event, so no CRM search is added (a question that names events keeps its own event goals); " + RR_NOTE)

def write(name, rows):
    with open(os.path.join(OUT, name + ".jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(OUT, name + ".scorable.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            if r["expect"] != "clarify":
                f.write(json.dumps(r, ensure_ascii=False) + "\n")

write("harborline-plans", H)
write("demo-plans", D)
for name, rows in (("harborline", H), ("demo", D)):
    from collections import Counter
    print(name, len(rows), Counter(r["language"] for r in rows), Counter(r["expect"] for r in rows),
          "multi-clause", sum("multi-clause" in r["tags"] for r in rows),
          "scorable", sum(r["expect"] != "clarify" for r in rows))
