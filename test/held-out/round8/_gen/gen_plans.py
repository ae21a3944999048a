#!/usr/bin/env python3
"""Writes skylark-plans.jsonl and demo-plans.jsonl (+ .scorable.jsonl without the clarify lines).
Every expected plan follows docs/planner.md; conventions the docs leave open are in each line's note."""
import json, calendar, os

OUT = os.path.dirname(os.path.abspath(__file__)) + "/.."

def mend(y, m): return f"{y}-{m:02d}-{calendar.monthrange(y, m)[1]:02d}"
def M(y, m, y2=None, m2=None):
    """month span y-m .. y2-m2 as (from, to)"""
    if y2 is None: y2, m2 = y, m
    return (f"{y}-{m:02d}-01", mend(y2, m2))
def Q(y, q, y2=None, q2=None):
    if y2 is None: y2, q2 = y, q
    return (f"{y}-{3*q-2:02d}-01", mend(y2, 3*q2))
def P(grain, span): return {"grain": grain, "from": span[0], "to": span[1]}

# ---------------- Skylark goals ----------------
def otp(span, base=None, route=None, grain="month"):
    f = {}
    if base: f["base"] = base
    if route: f["route_type"] = route
    g = [{"source": "ops_exports", "dataset": "otp", "metric": "on_time_rate", "filters": dict(f), "period": P(grain, span)}]
    if not route:   # the airport feed has no route type: planned only when the question filters by base alone
        g.append({"source": "airport_feeds", "dataset": "otp", "metric": "on_time_rate", "filters": dict(f), "period": P(grain, span), "required": False})
    return g
def delay(span, base=None, route=None):
    f = {}
    if base: f["base"] = base
    if route: f["route_type"] = route
    return [{"source": "ops_exports", "dataset": "otp", "metric": "avg_delay_minutes", "filters": f, "period": P("month", span)}]
def canc(span, base=None, cause=None):
    f = {}
    if base: f["base"] = base
    if cause: f["cause"] = cause
    return [{"source": "ops_exports", "dataset": "cancellations", "metric": "cancellations", "filters": f, "period": P("month", span)}]
def lf(span, base=None):
    f = {"base": base} if base else {}
    return [{"source": "revenue", "dataset": "load_factor_weekly", "metric": "load_factor", "filters": f, "period": P("week", span)}]
def ghc(span, base):
    return [{"source": "station_log", "dataset": "handler_changes", "event": "ground_handler_change", "filters": {"base": base}, "period": P("month", span), "required": False}]

ALL3 = ["Kunming", "Guiyang", "Nanning"]
CAUSES = ["Weather", "Technical", "Crew"]

def line(i, q, lang, as_of, tags, goals=None, expect="plan", complexity=None, note=None, route="retrieve", unknown=None, prefix="sk"):
    d = {"id": f"{prefix}{i:02d}-{lang.lower()}", "question": q, "language": lang, "as_of": as_of, "route": route, "expect": expect}
    if complexity: d["complexity"] = complexity
    d["tags"] = tags
    if expect == "no_plan": d["unknown_terms"] = unknown or []
    if goals is not None and expect == "plan": d["sub_goals"] = goals
    if note: d["note"] = note
    return d

A = "2024-07-10"
sk = []
def S(*a, **k): sk.append(line(len(sk) + 1, *a, **k))

S("昆明基地今年3月到5月的准点率分别是多少？同期的平均延误时长呢？", "zh-Hans", A, ["range", "relative", "follow-up", "back-reference"], otp(M(2024, 3, 2024, 5), "Kunming") + delay(M(2024, 3, 2024, 5), "Kunming"), complexity="complex",
  note="今年 = 2024 (as_of year); a contiguous month range is one span; ops_exports (0.8) required, airport_feeds (0.6) optional (both offer base); 同期 and the base carry to the follow-up")
S("What was Guiyang's on-time rate from January to March last year, and how many flights were cancelled there over the same months?", "en", A,
  ["range", "relative", "multi-part", "back-reference"], otp(M(2023, 1, 2023, 3), "Guiyang") + canc(M(2023, 1, 2023, 3), "Guiyang"), complexity="complex",
  note="'last year' completes both ends of the range (2023-01..2023-03); 'there' and 'the same months' carry Guiyang and the range to the cancellations clause; 'flights were cancelled' is the cancellations metric written as a verb phrase (a count from the log)")
S("南寧基地年初至今的平均延誤時長是多少？和去年同期相比呢？", "zh-Hant", "2024-06-30", ["to-date", "yoy", "follow-up"], delay(M(2024, 1, 2024, 6), "Nanning") + delay(M(2023, 1, 2023, 6), "Nanning"), complexity="complex",
  note="to-date: 2024-01-01 .. the as-of day 2024-06-30 (as_of chosen at a month end so the to-date end is not in doubt); 去年同期 = the same span a year back, 2023-01..2023-06")
S("Year to date, how does Kunming's on-time rate on international routes compare with domestic routes, and which of the two had the longer average delay?", "en", "2024-06-30", ["to-date", "compare", "deictic", "multi-part"],
  otp(M(2024, 1, 2024, 6), "Kunming", "International") + otp(M(2024, 1, 2024, 6), "Kunming", "Domestic")
  + delay(M(2024, 1, 2024, 6), "Kunming", "International") + delay(M(2024, 1, 2024, 6), "Kunming", "Domestic"), complexity="complex",
  note="only ops_exports offers route_type, so the airport feed (base only) is not planned: 'the datasets that cover the most of the question's filter dimensions'; two entities compared = one goal each; 'the two' refers to the two route types named, for the delay ask")
S("去年下半年贵阳和南宁两个基地的航班取消数各是多少？两地当时有没有更换地服代理？", "zh-Hans", A, ["part-of-period", "relative", "quantifier", "deictic", "event", "back-reference", "multi-part"],
  canc(M(2023, 7, 2023, 12), ["Guiyang", "Nanning"]) + ghc(M(2023, 7, 2023, 12), "Guiyang") + ghc(M(2023, 7, 2023, 12), "Nanning"), complexity="complex",
  note="去年下半年 = 2023-07..2023-12; 两个基地 counts the two values named, so it refers back to them (not all three bases). CONVENTION: two values listed with 和 in one clause are one goal with a list filter (WRITER-README format: 'a list value for several values'); one goal per value would be equivalent; 两地 = the two bases named, 当时 points back at H2 2023 (event asked on its own, one search per base)")
S("南寧上週的客座率是多少？上上週呢？", "zh-Hant", "2024-07-03", ["week", "relative", "follow-up"], lf(("2024-06-24", "2024-06-30"), "Nanning") + lf(("2024-06-17", "2024-06-23"), "Nanning"), complexity="complex",
  note="weeks are ISO Monday-Sunday; as of Wed 2024-07-03 上週 = 2024-06-24..06-30, 上上週 = 2024-06-17..06-23; the revenue dataset offers grain week, so weeks are planned (not refused). Two asks, two periods: CONVENTION two goals (a follow-up asks its own period), although the weeks are contiguous")
S("昆明基地近四周的客座率走势如何？", "zh-Hans", "2024-07-03", ["week", "rolling", "trend"], lf(("2024-06-03", "2024-06-30"), "Kunming"), complexity="simple",
  note="rolling-window: the 4 whole weeks before the week holding as-of (2024-07-01..07-07) = 2024-06-03..2024-06-30, week grain")
S("貴陽上週客座率的環比變化是多少？", "zh-Hant", "2024-07-03", ["week", "relative", "mom"],
  lf(("2024-06-17", "2024-06-23"), "Guiyang") + lf(("2024-06-24", "2024-06-30"), "Guiyang"), complexity="simple",
  note="环比 on a week: the base is the week just before (2024-06-17..06-23), planned as its own goal beside the asked week (as the documented 环比 example plans two months as two goals)")
S("Compare Kunming's on-time rate in March 2024 with the same month last year, and was there a ground handler change at Kunming that month?", "en", A,
  ["yoy", "compare", "event", "back-reference", "multi-part"],
  otp(M(2024, 3), "Kunming") + otp(M(2023, 3), "Kunming") + ghc(M(2024, 3), "Kunming"), complexity="complex",
  note="'the same month last year' = March 2023 (a one-year shift); 'that month' points back at March 2024 (not March 2023: the clause's nearest written period is the one asked); the event is asked on its own (no why/relate), so exactly March 2024")
S("为什么2024年3月昆明的准点率下降了？请结合地服代理变更分析。", "zh-Hans", A, ["why", "correlate", "event"],
  otp(M(2024, 3), "Kunming") + ghc(M(2024, 2, 2024, 4), "Kunming"), complexity="complex",
  note="结合 relates the event to the metric: the event window is the metric period ± 1 month (2024-02-01..2024-04-30); the event is there because it is asked (结合), not because of 为什么")
S("2024年第一季度昆明基地的準點率同比變化如何？", "zh-Hant", A, ["yoy", "quarter"],
  otp(Q(2024, 1), "Kunming") + otp(Q(2023, 1), "Kunming"), complexity="simple",
  note="同比 = the same quarter a year earlier (Q1 2023); a quarter of a monthly dataset is its months (grain month)")
S("Month over month, how did the average delay on Guiyang's domestic routes change in May 2024, and what about the on-time rate?", "en", A, ["mom", "follow-up", "multi-part"],
  delay(M(2024, 4), "Guiyang", "Domestic") + delay(M(2024, 5), "Guiyang", "Domestic") + otp(M(2024, 4), "Guiyang", "Domestic") + otp(M(2024, 5), "Guiyang", "Domestic"), complexity="complex",
  note="month over month = the month before (April 2024) as the base, a separate goal; the second ask carries keys, period and the comparison; route filter → ops_exports only")
S("明年一季度南宁的准点率预计是多少？", "zh-Hans", A, ["future"], expect="no_plan",
  note="明年一季度 = Q1 2025, wholly after as_of: refused as a forecast (cannot_plan, exit 1); unknown_terms empty (no unknown word)")
S("What will Kunming's load factor be next month?", "en", A, ["future", "week-dataset"], expect="no_plan",
  note="next month (August 2024) is wholly after as-of: refused, never the default period")
S("最近昆明的航班取消數多嗎？", "zh-Hant", A, ["vague-time", "clarify"], expect="clarify",
  note="最近 alone names no period: ask which period (exit 3), do not use the default month")
S("How has the on-time rate at Nanning been in recent months?", "en", A, ["vague-time", "clarify"], expect="clarify",
  note="'recent months' gives no count: ask back (exit 3) with candidates such as 'the last 3 months'")
S("截至2024年4月的近三个月，贵阳国际航线的准点率是多少？", "zh-Hans", A, ["rolling", "window-ending"],
  otp(M(2024, 2, 2024, 4), "Guiyang", "International"), complexity="simple",
  note="window-ending: three whole months ending with April 2024 = 2024-02..2024-04; route filter → ops_exports only")
S("In the three months ending May 2024, how many weather cancellations did Kunming have, and what was the average delay at Kunming over that period?", "en", A,
  ["window-ending", "multi-part", "back-reference"],
  canc(M(2024, 3, 2024, 5), "Kunming", "Weather") + delay(M(2024, 3, 2024, 5), "Kunming"), complexity="complex",
  note="window-ending = 2024-03..2024-05 for both clauses ('that period'); the weather cause binds to the cancellations clause only (the delay dataset has no cause)")
S("上季度三个基地的客座率分别是多少？哪个基地最高？", "zh-Hans", A, ["relative", "quantifier", "week-dataset", "multi-ask", "ranking"],
  lf(Q(2024, 2), ALL3), complexity="complex",
  note="上季度 as of 2024-07-10 = Q2 2024 (2024-04-01 Mon .. 2024-06-30 Sun), at the dataset's week grain; 三个基地 = all three values (a list filter). CONVENTION: a quarter asked of a week dataset keeps the quarter's dates at grain week (docs only say a quarter of a monthly dataset becomes its months)")
S("Did either base, Guiyang or Nanning, switch ground handlers in 2023?", "en", A, ["event", "deictic", "year"],
  ghc(M(2023, 1, 2023, 12), "Guiyang") + ghc(M(2023, 1, 2023, 12), "Nanning"), complexity="complex",
  note="'either base' refers to the two named values; one event search per value (as the documented related-event searches: one per value); an event asked on its own over a year keeps the year's dates at month grain (docs/planner.md: every event sub-goal is month grain)")
S("前年全年昆明的航班取消數是多少？", "zh-Hant", "2025-02-15", ["relative", "whole-period"], canc(M(2023, 1, 2023, 12), "Kunming"), complexity="simple",
  note="as of 2025-02-15, 前年 = 2023; 全年 = the whole year")
S("今年上半年昆明国内航线的平均延误时长和准点率分别是多少？", "zh-Hans", A, ["part-of-period", "multi-metric"],
  delay(M(2024, 1, 2024, 6), "Kunming", "Domestic") + otp(M(2024, 1, 2024, 6), "Kunming", "Domestic"), complexity="complex",
  note="今年上半年 = 2024-01..2024-06; two measures, same keys; route filter → the on-time rate only from ops_exports")
S("2023年下半年各基地的準點率分別是多少？哪個基地最低？", "zh-Hant", A, ["part-of-period", "quantifier", "multi-ask", "ranking"],
  otp(M(2023, 7, 2023, 12), ALL3), note="各基地 = every value of base (a list filter); both on-time datasets offer base; the second ask (哪個最低) needs no other data: one sub-goal per measure, keys and period, never the same twice")
S("2023年第四季度到2024年第一季度，南宁的航班取消数按原因分别是多少？", "zh-Hans", A, ["quarter-range", "breakdown"],
  canc(Q(2023, 4, 2024, 1), "Nanning", CAUSES), note="a quarter range across years = 2023-10-01..2024-03-31 at month grain; 按原因 = every cause value (a list filter)")
S("貴陽基地本季度至今的準點率是多少？", "zh-Hant", "2024-05-20", ["to-date"], otp(("2024-04-01", "2024-05-20"), "Guiyang"), complexity="simple",
  note="CONVENTION (docs: 'from the start of the period to the as-of day; a monthly dataset is asked through the as-of month'): period 2024-04-01..2024-05-20 at grain month; a scorer that ends to-date periods at the month end (2024-05-31) reads the same question")
S("How many cancellations did Nanning have in the first quarter of last year because of crew problems, and what was its average delay over that quarter?", "en", A, ["part-of-period", "relative", "multi-part", "back-reference"],
  canc(Q(2023, 1), "Nanning", "Crew") + delay(Q(2023, 1), "Nanning"), complexity="complex", note="the first quarter of last year = 2023-Q1 (not 2023-01..2024-03); 'crew problems' = cause Crew and binds to the cancellations clause only; 'its' = Nanning")
S("24年5月贵阳的准点率环比上升了多少？", "zh-Hans", A, ["mom", "short-year"],
  otp(M(2024, 4), "Guiyang") + otp(M(2024, 5), "Guiyang"), complexity="simple", note="24年 = 2024; 环比 base = April 2024")
S("What was Guiyang's load factor the week before last, and how did Kunming's compare in the same week?", "en", "2024-07-03", ["week", "relative", "compare", "back-reference"],
  lf(("2024-06-17", "2024-06-23"), "Guiyang") + lf(("2024-06-17", "2024-06-23"), "Kunming"), complexity="complex",
  note="the week before last = two weeks back from the week holding as-of (the same grammar as 'the month before last'): 2024-06-17..06-23; 'the same week' carries it to Kunming")
S("2024年1月、3月和5月昆明的航班取消數分別是多少？其中機務原因的有幾架次？", "zh-Hant", A, ["month-list", "multi-part", "back-reference"],
  canc(M(2024, 1), "Kunming") + canc(M(2024, 3), "Kunming") + canc(M(2024, 5), "Kunming")
  + canc(M(2024, 1), "Kunming", "Technical") + canc(M(2024, 3), "Kunming", "Technical") + canc(M(2024, 5), "Kunming", "Technical"),
  note="separated months are separate sub-goals; 其中 narrows the same months and base to cause Technical (機務原因): its own goals (other keys)")
S("昆明基地2023年7月的准点率是多少？当月有没有更换地服代理？", "zh-Hans", A, ["back-reference", "event", "multi-part"],
  otp(M(2023, 7), "Kunming") + ghc(M(2023, 7), "Kunming"), complexity="complex",
  note="当月 follows 2023年7月, so it points back at July 2023 (not the as-of month); the event is asked on its own: exactly July 2023, base carried from the first clause")
S("Thanks, that's all for today.", "en", A, ["thanks", "closing"], route="direct", expect="direct")
S("你好，你能帮我查哪些数据？", "zh-Hans", A, ["greeting", "help"], route="direct", expect="direct")
S("What was the fuel cost per seat kilometre at Kunming in May 2024?", "en", A, ["unknown"], expect="no_plan", unknown=["fuel cost per seat kilometre"],
  note="no catalog measure: refuse or ask which measure; never plan a different metric")
S("成都基地2024年4月的準點率是多少？", "zh-Hant", A, ["unknown", "unknown-value"], expect="no_plan", unknown=["成都基地"],
  note="成都 is no base of the catalog: refuse or ask back with Kunming/Guiyang/Nanning (exit 3); never the airline-wide figure")
S("Between Guiyang and Nanning, which had the higher on-time rate on domestic routes in Q2 2024, and did both bases keep their ground handlers during that quarter?", "en", A,
  ["compare", "deictic", "event", "multi-part", "back-reference"],
  otp(Q(2024, 2), "Guiyang", "Domestic") + otp(Q(2024, 2), "Nanning", "Domestic") + ghc(Q(2024, 2), "Guiyang") + ghc(Q(2024, 2), "Nanning"), complexity="complex",
  note="'both bases' = the two named; 'that quarter' = Q2 2024 (event asked on its own, exact dates, month grain); 'keep their ground handlers' asks whether a ground-handler change happened")
S("南宁基地2024年2月的准点率是多少？当月因天气原因的航班取消数呢？", "zh-Hans", A, ["conflict", "back-reference", "follow-up"], otp(M(2024, 2), "Nanning") + canc(M(2024, 2), "Nanning", "Weather"), complexity="complex",
  note="both on-time sources are planned so the disagreement (airport feed +4 pp that month) can be detected; 当月 = February 2024, base carried")
S("How did punctuality at Kunming change from Q4 2023 through Q2 2024, quarter by quarter, and did Kunming change its ground handler in that time?", "en", A, ["quarter-range", "trend", "event", "back-reference", "multi-part"],
  otp(Q(2023, 4, 2024, 2), "Kunming") + ghc(Q(2023, 4, 2024, 2), "Kunming"), complexity="complex",
  note="Q4 2023 through Q2 2024 = 2023-10-01..2024-06-30; quarters of a monthly dataset are asked as its months (grain month); 'in that time' = the same span for the event (asked, not related: no ±1 month)")
S("去年3月到5月貴陽的客座率是多少？和今年同期比呢？", "zh-Hant", A, ["range", "relative", "week-dataset", "yoy", "follow-up"], lf(M(2023, 3, 2023, 5), "Guiyang") + lf(M(2024, 3, 2024, 5), "Guiyang"), complexity="complex",
  note="去年 completes both ends (2023-03..2023-05); 今年同期 = the same months of 2024 (a one-year shift forward, still before as-of). CONVENTION: months asked of the week dataset keep their dates at grain week (the weeks overlapping them are read)")
S("昆明上周的航班取消数是多少？", "zh-Hans", "2024-07-03", ["week", "grain-refusal"], expect="no_plan",
  note="the cancellation log declares grain month: a week period is refused naming the grain (docs: 'a day or week period of a dataset recorded by month … is refused'), not widened to a month")
S("What was the average delay at Guiyang in the month before last, and how did it compare with the same month a year earlier?", "en", A, ["relative", "yoy", "compare"],
  delay(M(2024, 5), "Guiyang") + delay(M(2023, 5), "Guiyang"), complexity="complex",
  note="as of 2024-07-10 the month before last = May 2024; the same month a year earlier = May 2023")
S("近半年昆明國際航線的平均延誤時長有什麼變化趨勢？", "zh-Hant", A, ["rolling", "trend"], delay(M(2024, 1, 2024, 6), "Kunming", "International"), complexity="simple",
  note="近半年 = the 6 whole months before July 2024 = 2024-01..2024-06")
S("为什么贵阳今年的准点率一直在上升？", "zh-Hans", A, ["why", "runs-past"], otp(M(2024, 1, 2024, 12), "Guiyang"), complexity="simple",
  note="今年 holds as-of: planned as asked (2024-01-01..2024-12-31) with the 'runs past the as-of date' note; a why question adds no event search")
S("南寧上季度航班取消數的環比變化如何？", "zh-Hant", A, ["mom", "relative", "quarter"],
  canc(Q(2024, 1), "Nanning") + canc(Q(2024, 2), "Nanning"), complexity="simple",
  note="上季度 = Q2 2024; 环比 on a quarter = the quarter before (Q1 2024) as a separate goal; quarters at the dataset's month grain")
S("2023年三個基地中哪個因天氣原因的航班取消數最多？各基地當年的準點率又是多少？", "zh-Hant", A, ["quantifier", "ranking", "back-reference", "multi-part"],
  canc(M(2023, 1, 2023, 12), ALL3, "Weather") + otp(M(2023, 1, 2023, 12), ALL3), complexity="complex",
  note="三個基地 = all three values (count equals the catalog's); 當年 = 2023; the weather cause binds to the cancellations clause only")
S("贵阳国内航线和国际航线去年全年的平均延误时长各是多少？哪类航线的准点率更高？", "zh-Hans", A, ["whole-period", "relative", "deictic", "multi-part"],
  delay(M(2023, 1, 2023, 12), "Guiyang", ["Domestic", "International"]) + otp(M(2023, 1, 2023, 12), "Guiyang", ["Domestic", "International"]), complexity="complex",
  note="two route types listed with 和: one goal with a list filter (see sk05); 去年全年 = 2023; 哪类航线 refers to the two named route types, base and year carried; route filter → ops_exports only")

# ---------------- Demo goals ----------------
def rr(span, product=None, region=None):
    f = {}
    if product: f["product"] = product
    if region: f["region"] = region
    return [{"source": "sales_bi", "dataset": "returns", "metric": "return_rate", "filters": dict(f), "period": P("month", span)},
            {"source": "support_bi", "dataset": "returns", "metric": "return_rate", "filters": dict(f), "period": P("month", span), "required": False}]
def cp(span, category=None):
    f = {"category": category} if category else {}
    return [{"source": "tickets", "dataset": "complaints", "metric": "complaints", "filters": dict(f), "period": P("quarter", span)},
            {"source": "sales_bi", "dataset": "service_complaints", "metric": "complaints", "filters": dict(f), "period": P("quarter", span), "required": False}]
def vip(span): return [{"source": "sales_bi", "dataset": "vip_repurchase", "metric": "vip_repurchase_rate", "filters": {}, "period": P("quarter", span)}]
def camp(span): return [{"source": "handbook", "dataset": "online_campaigns", "metric": "online_campaigns", "filters": {}, "period": P("quarter", span)}]
def lpc(span, region): return [{"source": "tickets", "dataset": "provider_changes", "event": "logistics_provider_change", "filters": {"region": region}, "period": P("month", span), "required": False}]
def crm(span): return [{"source": "tickets", "dataset": "crm_releases", "event": "crm_release", "filters": {}, "period": P("month", span), "required": False},
                       {"source": "handbook", "dataset": "crm_versions", "event": "crm_release", "filters": {}, "period": P("month", span), "required": False}]
def kb(): return {"source": "handbook"}

D = "2024-06-30"
dm = []
def DL(*a, **k): dm.append(line(len(dm) + 1, *a, prefix="dm", **k))

DL("去年3月到5月华北区B产品的退货率分别是多少？同期华北有没有更换物流服务商？", "zh-Hans", D, ["range", "relative", "event", "back-reference", "multi-part"], rr(M(2023, 3, 2023, 5), "B", "North") + lpc(M(2023, 3, 2023, 5), "North"), complexity="complex",
   note="去年 completes both ends: 2023-03..2023-05 (never 2023-03 + 2024-05); sales_bi required, support_bi optional, sales_exports is the declared fallback (not planned); 同期 after the metric = the metric's own period (no 结合: not widened)")
DL("What was product C's return rate in South China year to date, and did South China switch carriers during that time?", "en", D,
   ["to-date", "event", "multi-part", "back-reference"], rr(M(2024, 1, 2024, 6), "C", "South") + lpc(M(2024, 1, 2024, 6), "South"), complexity="complex",
   note="year to date as of 2024-06-30 = 2024-01-01..2024-06-30; 'during that time' = the same period for the event (asked on its own, not related: no ±1 month)")
DL("今年上半年各類投訴分別有多少？", "zh-Hant", D, ["part-of-period", "quantifier"], cp(M(2024, 1, 2024, 6), ["Service", "Delivery", "Product"]),
   note="今年上半年 = 2024-H1 at the complaints datasets' quarter grain; 各類 = every category (list filter); tickets (0.9) required, sales_bi (0.85) optional")
DL("How did the VIP repurchase rate in Q3 2023 compare with the same quarter a year earlier?", "en", D, ["yoy", "compare"], vip(Q(2023, 3)) + vip(Q(2022, 3)),
   complexity="simple", note="the same quarter a year earlier = Q3 2022 (a separate goal; the data may not hold it — a data matter, not a planning one); vip_repurchase_rate declares fallback: [sales_exports], so only sales_bi")
DL("2024年4月华东区A产品退货率同比变化多少？", "zh-Hans", D, ["yoy"], rr(M(2024, 4), "A", "East") + rr(M(2023, 4), "A", "East"), complexity="simple",
   note="同比 = April 2023 as the base")
DL("華南區C產品最近的退貨率怎麼樣？", "zh-Hant", D, ["vague-time", "clarify"], expect="clarify", note="最近 names no period: ask back, not the default month")
DL("What will the return rate of product A in East China be in the next quarter?", "en", D, ["future"], expect="no_plan", note="Q3 2024 is after as-of: refused as a forecast")
DL("截至2024年5月的近三个月，华西区C产品的退货率是多少？同期华西换过物流吗？", "zh-Hans", D, ["window-ending", "rolling", "event", "back-reference", "multi-part"],
   rr(M(2024, 3, 2024, 5), "C", "West") + lpc(M(2024, 3, 2024, 5), "West"), complexity="complex",
   note="window-ending: 2024-03..2024-05; 同期 = that window for the event (asked on its own)")
DL("List the CRM releases in the second half of last year and count the service complaints over that half.", "en", D, ["event", "part-of-period", "multi-part", "back-reference"],
   crm(M(2023, 7, 2023, 12)) + cp(M(2023, 7, 2023, 12), "Service"), complexity="complex",
   note="H2 2023 for both ('that half'); crm_release is offered by tickets and by the handbook's release-notes table: both searched, required false; service complaints = category Service")
DL("去年第四季度服務類投訴比第三季度多了多少？同期有哪些CRM版本發佈？", "zh-Hant", D, ["compare", "event", "back-reference", "multi-part"],
   cp(Q(2023, 3, 2023, 4), "Service") + crm(Q(2023, 3, 2023, 4)), complexity="complex",
   note="第三季度 takes 去年 (2023); two contiguous quarters of one entity are one span (docs: 'Q3 vs Q4 2023' → 2023-07-01..2023-12-31 by quarter); 同期 written after the metric = the metric's own period, not widened (no 结合/why)")
DL("Compare product A's return rate in East China with product B's in North China for Q1 2024, and did either region change its logistics provider in that quarter?", "en", D,
   ["compare", "event", "deictic", "multi-part", "back-reference"],
   rr(Q(2024, 1), "A", "East") + rr(Q(2024, 1), "B", "North") + lpc(Q(2024, 1), "East") + lpc(Q(2024, 1), "North"), complexity="complex",
   note="'either region' = East and North; the event is asked on its own over 'that quarter' (exact Q1 2024, month grain), not widened")
DL("两个月前华东区B产品的退货率是多少？当月华东有没有换物流？", "zh-Hans", "2024-07-15", ["relative", "units-ago", "event", "back-reference", "multi-part"], rr(M(2024, 5), "B", "East") + lpc(M(2024, 5), "East"), complexity="complex",
   note="units-ago: the whole month 2 back from the as-of month (July 2024) = May 2024 (docs: '3 months ago' on 2024-07-15 = April 2024); 当月 = May 2024 for the event, asked on its own")
DL("2023年下半年VIP復購率和線上活動數量的走勢如何？", "zh-Hant", D, ["trend", "part-of-period", "multi-metric"], vip(M(2023, 7, 2023, 12)) + camp(M(2023, 7, 2023, 12)),
   complexity="complex", note="H2 2023 at quarter grain for both quarterly datasets")
DL("Return rate for product B in West China, month over month, for March 2024 - and was there any carrier change in West China that month?", "en", D, ["mom", "event", "back-reference", "multi-part"],
   rr(M(2024, 2), "B", "West") + rr(M(2024, 3), "B", "West") + lpc(M(2024, 3), "West"),
   complexity="complex", note="month over month: base February 2024, a separate goal; 'that month' = March 2024 (the asked month, not the base)")
DL("本月至今华南区A产品的退货率是多少？同期各类投诉有多少？", "zh-Hans", D, ["to-date", "back-reference", "quantifier", "multi-part"], rr(M(2024, 6), "A", "South") + cp(Q(2024, 2), ["Service", "Delivery", "Product"]), complexity="complex",
   note="month to date as of 2024-06-30 = 2024-06-01..2024-06-30; 同期 carries June 2024 to complaints, whose datasets are quarterly: a month is widened to its quarter (Q2 2024); 各类 = every category; product/region do not bind to complaints (no such dimension)")
DL("前年CRM一共發佈了幾個版本？分別在哪幾個月？", "zh-Hant", "2025-03-10", ["event", "relative", "count", "multi-ask"], crm(M(2023, 1, 2023, 12)),
   note="as of 2025-03-10 前年 = 2023; an event asked on its own over a year: the year's dates at month grain; two asks about the same event and period: one search per source, never twice")
DL("下個月服務類投訴會有多少？", "zh-Hant", D, ["future"], expect="no_plan", note="下個月 = July 2024, after as-of: refused")
DL("2024年1月到3月，华东和华北两地有没有更换物流服务商？", "zh-Hans", D, ["event", "deictic", "range"],
   lpc(Q(2024, 1), "East") + lpc(Q(2024, 1), "North"), complexity="complex",
   note="两地 = the two regions named; one search per region; the event asked on its own: exactly 2024-01..2024-03")
DL("How many complaints per category did we get in the last two quarters?", "en", D, ["rolling", "breakdown"], cp(Q(2023, 4, 2024, 1), ["Service", "Delivery", "Product"]),
   note="rolling-window: the two whole quarters before the one holding as-of; as-of 2024-06-30 lies in Q2 2024, so Q4 2023..Q1 2024 (docs: 'N whole units before the one holding as-of'). An analyst might expect Q1-Q2 2024 on the quarter's last day; the documented rule is kept")
DL("A產品和B產品在華東區的退貨率，2023年第二季度和第四季度各是多少？", "zh-Hant", D, ["quarter-list", "compare"],
   rr(Q(2023, 2), ["A", "B"], "East") + rr(Q(2023, 4), ["A", "B"], "East"), complexity="complex",
   note="separated quarters are separate goals; A和B listed in one clause = a list filter")
DL("Hello! Can you tell me what you can look up?", "en", D, ["greeting", "help"], route="direct", expect="direct")
DL("华东区D产品上个月的退货率是多少？", "zh-Hans", D, ["unknown"], expect="no_plan", unknown=["D产品"], note="product D is not in the catalog: refused, never planned without the filter")
DL("My mug arrived cracked: can I return it, and who pays for shipping it back?", "en", D, ["policy", "multi-part"], [kb(), kb()], complexity="complex",
   note="two asks → two knowledge-base searches on handbook (scored on the source)")
DL("去年前三季度的VIP復購率分別是多少？同期各有幾場線上活動？", "zh-Hant", D, ["part-of-period", "relative", "back-reference", "multi-part"], vip(Q(2023, 1, 2023, 3)) + camp(Q(2023, 1, 2023, 3)), complexity="complex",
   note="去年前三季度 = 2023-Q1..Q3 (first N quarters of a year, counted from the year's start); 同期 carries it to the campaign count; 幾場 is a count measure word")
DL("為什麼2024年1月華東區A產品的退貨率突然升高？B產品同期在華東的退貨率也升了嗎？", "zh-Hant", D, ["why", "back-reference", "multi-part"], rr(M(2024, 1), "A", "East") + rr(M(2024, 1), "B", "East"), complexity="complex",
   note="a why question plans the metric only: no event search is added; 同期 = January 2024 for product B")
DL("2023年底到2024年初，华南区C产品的退货率走势如何？期间华南有没有换物流？", "zh-Hans", D, ["part-of-period", "range", "event", "multi-part", "back-reference"],
   rr(Q(2023, 4, 2024, 1), "C", "South") + lpc(Q(2023, 4, 2024, 1), "South"), complexity="complex",
   note="part-of-year: 2023年底 = Q4 2023, 2024年初 = Q1 2024, so the range is 2023-10-01..2024-03-31; 期间 = that range for the event (asked on its own, not widened)")
DL("What were the return rates of all three products in North China in the first two months of this year, and how many delivery complaints were there over those months?", "en", D, ["quantifier", "part-of-period", "multi-part", "back-reference"],
   rr(M(2024, 1, 2024, 2), ["A", "B", "C"], "North") + cp(Q(2024, 1), "Delivery"), complexity="complex",
   note="all three products = every product value; the first two months of this year = 2024-01..2024-02; 'those months' on the quarterly complaints datasets widen to Q1 2024")
DL("華東區A產品2024年5月退貨率的環比變化是多少？當月華東有沒有更換物流商？", "zh-Hant", "2024-07-15", ["mom", "event", "back-reference", "multi-part"],
   rr(M(2024, 4), "A", "East") + rr(M(2024, 5), "A", "East") + lpc(M(2024, 5), "East"), complexity="complex",
   note="环比 base April 2024; 當月 points back at May 2024 (not the as-of month July 2024)")
DL("Thanks a lot!", "en", D, ["thanks"], route="direct", expect="direct")
DL("上上季度VIP复购率是多少？跟去年同期比呢？", "zh-Hans", "2024-07-15", ["relative", "yoy", "follow-up"], vip(Q(2024, 1)) + vip(Q(2023, 1)), complexity="complex",
   note="as of 2024-07-15 上上季度 = Q1 2024; 去年同期 = Q1 2023 (a shift of the previous clause's period)")
DL("In the three months ending February 2024, how many delivery complaints were there, and which logistics provider changes happened in East China over the same months?", "en", D,
   ["window-ending", "event", "multi-part", "back-reference"], cp(Q(2023, 4, 2024, 1), "Delivery") + lpc(M(2023, 12, 2024, 2), "East"), complexity="complex",
   note="window-ending = 2023-12..2024-02; months asked of the quarterly complaints datasets widen to their quarters (2023-Q4..2024-Q1); the event keeps the months themselves")
DL("华东区A产品上周的退货率是多少？", "zh-Hans", D, ["week", "grain-refusal"], expect="no_plan",
   note="return_rate is recorded by month only: a week is refused naming the grain (docs example), not widened")
DL("東區和北區A產品今年第一季度的退貨率，哪個比較高？", "zh-Hant", D, ["compare", "relative", "quarter"],
   rr(Q(2024, 1), "A", ["East", "North"]), complexity="complex",
   note="東區/北區 are region synonyms; two regions listed with 和 = a list filter (see dm20); 今年第一季度 = Q1 2024")
DL("What was the return rate of product B in South China in the final two months of last year, and the VIP repurchase rate in that quarter?", "en", D,
   ["part-of-period", "relative", "multi-part", "back-reference"], rr(M(2023, 11, 2023, 12), "B", "South") + vip(Q(2023, 4)), complexity="complex",
   note="the final two months of last year = 2023-11..2023-12 (counted back from the year's end); 'that quarter' = the quarter holding them, Q4 2023. CONVENTION: a back-reference to a quarter from a month span resolves to the enclosing quarter")

MULTI = {"sk": {1, 2, 3, 4, 5, 6, 9, 10, 12, 18, 19, 23, 26, 28, 29, 30, 35, 36, 37, 38, 40, 44, 45},
         "dm": {1, 2, 8, 9, 10, 11, 12, 14, 15, 16, 23, 24, 25, 26, 27, 28, 30, 31, 33, 34}}
for rows in (sk, dm):
    for r in rows:
        if int(r["id"][2:4]) in MULTI[r["id"][:2]]: r["tags"].append("multi-clause")
def write(name, rows):
    with open(f"{OUT}/{name}-plans.jsonl", "w", encoding="utf-8") as f:
        for r in rows: f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(f"{OUT}/{name}-plans.scorable.jsonl", "w", encoding="utf-8") as f:
        for r in rows:
            if r["expect"] != "clarify": f.write(json.dumps(r, ensure_ascii=False) + "\n")
write("skylark", sk); write("demo", dm)
from collections import Counter
for name, rows in (("skylark", sk), ("demo", dm)):
    print(name, len(rows), dict(Counter(r["language"] for r in rows)), dict(Counter(r["expect"] for r in rows)),
          "multi-clause:", sum(1 for r in rows if "multi-clause" in r["tags"]))
    c = Counter(t for r in rows for t in r["tags"]); print("  tags:", dict(sorted(c.items(), key=lambda kv: -kv[1])))
