#!/usr/bin/env python3
"""Writes ws-plans.jsonl, demo-plans.jsonl and their .scorable.jsonl copies (round 13, blind)."""
import json, os
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.dirname(HERE)

A, B, C, D = "2025-07-09", "2025-05-20", "2024-11-08", "2025-04-03"   # ws as-of dates (Wed, Tue, Fri, Thu)
E, F, G = "2024-09-18", "2024-06-05", "2025-01-10"                    # demo as-of dates (Wed, Wed, Fri)

def g(source, dataset, kind, name, filters, grain, fr, to, required=True):
    d = {"source": source, "dataset": dataset, kind: name, "filters": filters,
         "period": {"grain": grain, "from": fr, "to": to}}
    if not required:
        d["required"] = False
    return d

def lst(*v):
    return list(v) if len(v) > 1 else v[0]

# ---- Lanternhouse helpers
def OCC(f, fr, to):  # box office required (0.9), ops tally optional (0.6)
    return [g("boxoffice", "occupancy", "metric", "occupancy_rate", f, "month", fr, to),
            g("ops_reports", "occupancy", "metric", "occupancy_rate", f, "month", fr, to, False)]
def FLT(f, fr, to): return [g("facilities", "projector_log", "metric", "projector_faults", f, "month", fr, to)]
def RAT(f, fr, to): return [g("audience_survey", "ratings", "metric", "avg_audience_rating", f, "week", fr, to)]
def REV(f, fr, to): return [g("finance", "concessions", "metric", "concession_revenue", f, "quarter", fr, to)]
def REF(c, fr, to): return [g("facilities", "refits", "event", "hall_refit", {"cinema": c}, "month", fr, to, False)]
def TMS(fr, to): return [g("it_changes", "tms_releases", "event", "tms_upgrade", {}, "month", fr, to, False)]
ALL = ["Hangzhou", "Chengdu", "Xiamen"]

# ---- demo helpers
def RR(f, fr, to):
    return [g("sales_bi", "returns", "metric", "return_rate", f, "month", fr, to),
            g("support_bi", "returns", "metric", "return_rate", f, "month", fr, to, False)]
def CMP(f, fr, to):
    return [g("tickets", "complaints", "metric", "complaints", f, "quarter", fr, to),
            g("sales_bi", "service_complaints", "metric", "complaints", f, "quarter", fr, to, False)]
def VIP(fr, to): return [g("sales_bi", "vip_repurchase", "metric", "vip_repurchase_rate", {}, "quarter", fr, to)]
def CAMP(fr, to): return [g("handbook", "online_campaigns", "metric", "online_campaigns", {}, "quarter", fr, to)]
def LPC(r, fr, to): return [g("tickets", "provider_changes", "event", "logistics_provider_change", {"region": r}, "month", fr, to, False)]
def CRM(fr, to):
    return [g("tickets", "crm_releases", "event", "crm_release", {}, "month", fr, to, False),
            g("handbook", "crm_versions", "event", "crm_release", {}, "month", fr, to, False)]

def Q(id, q, lang, as_of, tags, goals=None, expect="plan", cx=None, unknown=None, note="", route="retrieve"):
    d = {"id": id, "question": q, "language": lang, "as_of": as_of, "route": route, "expect": expect}
    if cx:
        d["complexity"] = cx
    d["tags"] = tags
    if unknown is not None:
        d["unknown_terms"] = unknown
    if goals is not None:
        d["sub_goals"] = goals
    d["note"] = note
    return d

MC = "multi-clause"
OCCN = "occupancy_rate: boxoffice/occupancy (trust 0.9) required, ops_reports/occupancy (0.6) required:false (planner.md 'Which sources are planned')."
WEEKN = "Weeks are ISO Monday..Sunday (planner.md 'weeks')."
ws = [
 Q("lh01", "去年3月到5月成都IMAX厅的上座率分别是多少？同期成都有没有影厅改造？", "zh-Hans", A,
   ["range", "relative", "same-period", "event", MC], OCC({"cinema": "Chengdu", "hall_type": "IMAX"}, "2024-03-01", "2024-05-31") + REF("Chengdu", "2024-03-01", "2024-05-31"), cx="complex",
   note="去年 completes both ends of the range (`range` rule: 去年1月到3月). 同期 in a follow-up sentence that neither relates nor explains dates the event with the metric's own period, not widened. " + OCCN),
 Q("lh02", "From March to May last year, what was the seat occupancy in Xiamen's standard halls, and how many projector faults did Xiamen log in those months?", "en", A,
   ["range", "relative", "same-period", "count", MC], OCC({"cinema": "Xiamen", "hall_type": "Standard"}, "2024-03-01", "2024-05-31") + FLT({"cinema": "Xiamen"}, "2024-03-01", "2024-05-31"), cx="complex",
   note="'last year' completes both ends; 'those months' points back (same-period words composed from a pointing word + a stretch of time). The fault log offers cinema only; the second clause names Xiamen again and no hall type. DEBATABLE: 'in those months' is not listed verbatim ('those months' is)."),
 Q("lh03", "今年以來杭州影城的上座率如何？跟去年同期比呢？", "zh-Hant", A,
   ["to-date", "yoy", "follow-up", MC], OCC({"cinema": "Hangzhou"}, "2025-01-01", "2025-07-09") + OCC({"cinema": "Hangzhou"}, "2024-01-01", "2024-07-09"), cx="complex",
   note="今年以来 is a to-date word: month 2025-01-01..as-of day; the base a year earlier runs to the same day (`to-date` row). 杭州影城 = value + the dimension's own label. " + OCCN),
 Q("lh04", "What's the year-to-date concession revenue for the Chengdu site, and how many projector faults has it logged so far this year?", "en", B,
   ["to-date", "quarterly", MC], REV({"cinema": "Chengdu"}, "2025-01-01", "2025-05-20") + FLT({"cinema": "Chengdu"}, "2025-01-01", "2025-05-20"), cx="complex",
   note="DEBATABLE: year to date on a QUARTERLY dataset is not shown in the docs. The `to-date` row says the period ends on the as-of day 'at the dataset's grain' (monthly example: month 2024-01-01..2024-05-20) and only month-to-date on a quarterly dataset is shown widened to the quarter end; I keep the general rule: quarter 2025-01-01..2025-05-20 (Q2 is fetched, holding what was recorded). A planner widening to 2025-06-30 has a case. The second clause ('it', 'so far this year': to-date word before the period holding as-of) takes Chengdu from the clause before: month 2025-01-01..2025-05-20."),
 Q("lh05", "本季度至今厦门的放映故障有几次？同期厦门有没有影厅改造？", "zh-Hans", A,
   ["to-date", "count", "same-period", "event", MC], FLT({"cinema": "Xiamen"}, "2025-07-01", "2025-07-09") + REF("Xiamen", "2025-07-01", "2025-07-09"), cx="complex",
   note="本季度至今 (to-date, quarter): 2025-07-01..as-of day at month grain. 有几次 is the count of the log. 同期 (follow-up, no relate) = the same to-date period for the event; the Hangzhou refit RF-06 (still running) is not Xiamen's."),
 Q("lh06", "2023年上半年成都和廈門的賣品收入各是多少？2024年同期呢？", "zh-Hant", A,
   ["half", "same-period-in-year", "follow-up", "quarterly", MC], REV({"cinema": ["Chengdu", "Xiamen"]}, "2023-01-01", "2023-06-30") + REV({"cinema": ["Chengdu", "Xiamen"]}, "2024-01-01", "2024-06-30"), cx="complex",
   note="Two values of one dimension in one frame -> one goal with a list filter. 2024年同期 moves the half into 2024 (`same-period-in-year`, written year). Quarter grain (the ledger)."),
 Q("lh07", "How did occupancy in Hangzhou's IMAX hall in the first half of 2024 compare with the second half?", "en", A,
   ["half", "compare"], OCC({"cinema": "Hangzhou", "hall_type": "IMAX"}, "2024-01-01", "2024-12-31"), cx="complex",
   note="H1 vs H2 of the same year touch: one span 2024-01..2024-12 (planner.md: '“H1 vs H2 2023” on a monthly dataset is one goal over the year'; two periods the question writes out are not a base comparison). " + OCCN),
 Q("lh08", "去年最后一个季度各影城的卖品收入分别是多少？哪家最高？", "zh-Hans", A,
   ["last-units-of-year", "quantifier", "quarterly", "ranking", MC], REV({"cinema": ALL}, "2024-10-01", "2024-12-31"), cx="complex",
   note="去年最后一个季度 = Q4 2024 (last-units-of-period, counted back from the year's end). 各影城 = every value of cinema (list). Complexity: several entities."),
 Q("lh09", "截至2025年4月的近三個月，成都的放映故障一共幾次？同一時段杭州呢？", "zh-Hant", A,
   ["window-ending", "same-period", "follow-up", "count", MC], FLT({"cinema": "Chengdu"}, "2025-02-01", "2025-04-30") + FLT({"cinema": "Hangzhou"}, "2025-02-01", "2025-04-30"), cx="complex",
   note="`window-ending`: three whole months ending with April 2025 = Feb..Apr 2025. 同一时段 is listed among the same-period words. A follow-up of a value in a new sentence opens its own frame (one goal each, as rounds 11-12). DEBATABLE: a list goal cinema=[Chengdu, Hangzhou] is equivalent data."),
 Q("lh10", "For the three months ending March 2025, what was the average audience rating at Xiamen?", "en", A,
   ["window-ending", "weekly"], RAT({"cinema": "Xiamen"}, "2025-01-01", "2025-03-31"), cx="simple",
   note="DEBATABLE: months asked of a WEEK-grain dataset. The docs say only that 'a weekly dataset gets the last complete month, read by week' (default period) and that weeks do not nest in months; I keep the month bounds at week grain (week 2025-01-01..2025-03-31) rather than snapping to whole ISO weeks (2024-12-30..2025-03-30)."),
 Q("lh11", "上周杭州的观众评分是多少？和前一周比有变化吗？", "zh-Hans", B,
   ["week", "relative", "before-named", "compare", MC], RAT({"cinema": "Hangzhou"}, "2025-05-12", "2025-05-18") + RAT({"cinema": "Hangzhou"}, "2025-05-05", "2025-05-11"), cx="complex",
   note="As of Tue 2025-05-20: 上周 = 2025-05-12..05-18; 前一周 after a named week = the week just before (`before-named`), framed by a comparison (和…比: comparedAround) -> a base, its own goal. DEBATABLE: the docs do not say whether a comparedAround step back is a base goal or merges with the touching week as one span (round 12 problem 1; round 12 chose two goals). " + WEEKN),
 Q("lh12", "三週前成都的觀眾評分多少？杭州那一週呢？", "zh-Hant", B,
   ["weeks-ago", "week", "back-reference", "follow-up", MC], RAT({"cinema": "Chengdu"}, "2025-04-28", "2025-05-04") + RAT({"cinema": "Hangzhou"}, "2025-04-28", "2025-05-04"), cx="complex",
   note="`weeks-ago`: the day 21 days before 2025-05-20 is Tue 2025-04-29; a weekly dataset answers for the ISO week holding it, 2025-04-28..05-04. 那一周 points back at that week (back-reference); the follow-up of a value opens its own frame. DEBATABLE: whether the back-reference keeps the ISO week or the day 21 days back (the week is what the dataset records)."),
 Q("lh13", "Give me the average audience rating for each cinema over the past four weeks, and tell me which one scored lowest.", "en", B,
   ["rolling", "week", "quantifier", "ranking", MC], RAT({"cinema": ALL}, "2025-04-21", "2025-05-18"), cx="complex",
   note="`rolling-window` on a weekly dataset: four whole weeks before the week holding as-of (Mon 2025-05-19): 2025-04-21..2025-05-18. 'each cinema' -> all three values."),
 Q("lh14", "上周成都IMAX厅的上座率是多少？", "zh-Hans", B,
   ["week", "refuse-grain"], expect="no_plan", cx="simple", unknown=["上周"],
   note="A week asked of occupancy, recorded by month only: refused naming the grain (planner.md: 'A day or week period of a dataset recorded by month (or coarser) is refused'). Neither occupancy source has weeks."),
 Q("lh15", "Week over week, how did projector faults in Chengdu move last week?", "en", B,
   ["week", "refuse-grain", "compare"], expect="no_plan", cx="simple", unknown=["Week over week", "last week"],
   note="'a comparison that names a week (\"week over week\") on a source recorded by month is refused naming the grain'; the fault log is monthly."),
 Q("lh16", "2024年下半年廈門的放映故障次數同比增加了多少？同期廈門有沒有影廳改造？", "zh-Hant", A,
   ["half", "yoy", "count", "same-period", "event", MC], FLT({"cinema": "Xiamen"}, "2024-07-01", "2024-12-31") + FLT({"cinema": "Xiamen"}, "2023-07-01", "2023-12-31") + REF("Xiamen", "2024-07-01", "2024-12-31"), cx="complex",
   note="同比: the base a year earlier, its own goal (planner.md 'Comparisons that need a base'). A plain 同期 after a clause that compares with a base is the period asked (H2 2024), not the base (same-period row)."),
 Q("lh17", "What was Chengdu's seat occupancy in May 2025 month over month, and did Chengdu have any hall refit that month?", "en", A,
   ["mom", "back-reference", "event", MC], OCC({"cinema": "Chengdu"}, "2025-04-01", "2025-04-30") + OCC({"cinema": "Chengdu"}, "2025-05-01", "2025-05-31") + REF("Chengdu", "2025-05-01", "2025-05-31"), cx="complex",
   note="Month over month: April 2025 base + May 2025, own goals. 'that month' after a one-month time is May 2025 (back-reference), not the base and not widened. Both ticket types (no hall filter). " + OCCN),
 Q("lh18", "今年第二季度杭州的卖品收入环比怎么样？同比呢？", "zh-Hans", A,
   ["qoq", "yoy", "follow-up", "quarterly", MC], REV({"cinema": "Hangzhou"}, "2025-01-01", "2025-03-31") + REV({"cinema": "Hangzhou"}, "2025-04-01", "2025-06-30") + REV({"cinema": "Hangzhou"}, "2024-04-01", "2024-06-30"), cx="complex",
   note="环比 of a quarter: the quarter before (Q1 2025) is a base goal of its own, touching or not. The follow-up 同比呢 measures the period the clause before ASKED a year back (Q2 2024), never the 环比 base shifted (the hl12 row)."),
 Q("lh19", "上上個月各影城的上座率，跟去年同月比較一下。", "zh-Hant", A,
   ["relative", "yoy", "quantifier", MC], OCC({"cinema": ALL}, "2025-05-01", "2025-05-31") + OCC({"cinema": ALL}, "2024-05-01", "2024-05-31"), cx="complex",
   note="上上个月 as of 2025-07-09 = May 2025 (anchor July, offset 2). 去年同月 (listed as 上年同月 / the same month a year earlier) = May 2024, a base. 各影城 = all three. " + OCCN),
 Q("lh20", "What were the concession revenues at Hangzhou and Xiamen two quarters ago, and was there a TMS upgrade in that quarter?", "en", A,
   ["units-ago", "quarterly", "back-reference", "event", MC], REV({"cinema": ["Hangzhou", "Xiamen"]}, "2025-01-01", "2025-03-31") + TMS("2025-01-01", "2025-03-31"), cx="complex",
   note="'two quarters ago' as of Q3 2025 = Q1 2025 (anchor + offset). Two values in one frame: one list goal. 'that quarter' points back at Q1 2025; the event is searched over it exactly (no relate)."),
 Q("lh21", "前年成都一共发生了多少次放映故障？厦门呢？", "zh-Hans", A,
   ["relative", "count", "follow-up", MC], FLT({"cinema": "Chengdu"}, "2023-01-01", "2023-12-31") + FLT({"cinema": "Xiamen"}, "2023-01-01", "2023-12-31"), cx="complex",
   note="前年 = as-of year − 2 = 2023. 发生了多少次 + the metric term is the count. 厦门呢 opens its own frame (one goal each; a list goal would be equivalent data)."),
 Q("lh22", "上個月廈門貴賓廳的上座率多少？同期有沒有售票系統升級？", "zh-Hant", A,
   ["relative", "same-period", "event", MC], OCC({"cinema": "Xiamen", "hall_type": "VIP"}, "2025-06-01", "2025-06-30") + TMS("2025-06-01", "2025-06-30"), cx="complex",
   note="上个月 = June 2025. 同期 in a follow-up that does not relate: the metric's own period. The TMS register is workspace-wide (no filter). ops_reports ends 2025-03 but is still planned (planning reads the YAML only). " + OCCN),
 Q("lh23", "Compare the Hangzhou IMAX occupancy in Q1 2025 with the same quarter last year.", "en", A,
   ["yoy", "compare"], OCC({"cinema": "Hangzhou", "hall_type": "IMAX"}, "2025-01-01", "2025-03-31") + OCC({"cinema": "Hangzhou", "hall_type": "IMAX"}, "2024-01-01", "2024-03-31"), cx="complex",
   note="'the same quarter last year' after Q1 2025 = Q1 2024 (`same-period-in-year`), a base. Quarters of a monthly dataset = their months."),
 Q("lh24", "2024年Q3成都的卖品收入比上一季度多还是少？", "zh-Hans", A,
   ["before-named", "qoq", "quarterly"], REV({"cinema": "Chengdu"}, "2024-07-01", "2024-09-30") + REV({"cinema": "Chengdu"}, "2024-04-01", "2024-06-30"), cx="complex",
   note="比上一季度 right after a comparison word is set against the quarter named before it (`before-named`, comparedWith): Q2 2024, not as-of's last quarter (Q2 2025). DEBATABLE: base goal of its own vs one contiguous span Q2..Q3 (the docs call 环比 a base; 比上季度 is only said to pick the period)."),
 Q("lh25", "為什麼成都IMAX廳2025年3月的上座率掉這麼多？", "zh-Hant", A,
   ["why", "explain"], OCC({"cinema": "Chengdu", "hall_type": "IMAX"}, "2025-03-01", "2025-03-31") + REF("Chengdu", "2025-02-01", "2025-04-30") + TMS("2025-02-01", "2025-04-30"),
   note="Why-question naming no event: the metric goal (its base Feb 2025 is in asked.explain, not a goal) + every event source that lines up: refits filter by cinema (Chengdu), the TMS register has no dimension; window = base start .. one month after (2025-02-01..2025-04-30). Refits cannot filter by hall type. Complexity left out (not stated for why-questions)."),
 Q("lh26", "Relate Xiamen's projector faults in Q3 2024 to any hall refits there.", "en", A,
   ["correlate", "event"], FLT({"cinema": "Xiamen"}, "2024-07-01", "2024-09-30") + REF("Xiamen", "2024-06-01", "2024-10-31"), cx="complex",
   note="Events that should explain a metric: the metric period widened by one month each side, one search per value (Xiamen)."),
 Q("lh27", "结合售票系统升级记录，分析一下2024年4月杭州和成都的上座率。", "zh-Hans", A,
   ["correlate", "event", MC], OCC({"cinema": ["Hangzhou", "Chengdu"]}, "2024-04-01", "2024-04-30") + TMS("2024-03-01", "2024-05-31"), cx="complex",
   note="结合 relates: the workspace-wide event is searched once over 2024-03..2024-05 (± one month). Two cinemas in one frame: list filter. " + OCCN),
 Q("lh28", "2023年售票系統總共升級了幾次？分別是哪幾個版本？", "zh-Hant", A,
   ["event", "count-event", MC], TMS("2023-01-01", "2023-12-31"), cx="simple",
   note="An event asked on its own: exactly the period asked, month grain (planner.md 'Events': a year keeps its dates). 升级了几次 splits the term 售票系统升级 by an aspect particle + count (split_term / verb-object rule); DEBATABLE whether that rule reaches a 6-character term. The second ask is about the same events: one goal (never the same event twice over overlapping periods)."),
 Q("lh29", "Which TMS releases went out in H2 2023, and what was the average occupancy across all three cinemas over that half?", "en", A,
   ["event", "half", "back-reference", "quantifier", MC], TMS("2023-07-01", "2023-12-31") + OCC({"cinema": ALL}, "2023-07-01", "2023-12-31"), cx="complex",
   note="Event clause dated on its own, then a joiner: searched over the half itself; 'over that half' dates the metric clause. 'all three cinemas' = the three values. 'average' is a word of the ask, not the rating metric. " + OCCN),
 Q("lh30", "列出2024年下半年厦门的影厅改造，以及这半年厦门的放映故障数量", "zh-Hans", A,
   ["event", "half", "back-reference", "count", MC], REF("Xiamen", "2024-07-01", "2024-12-31") + FLT({"cinema": "Xiamen"}, "2024-07-01", "2024-12-31"), cx="complex",
   note="As the docs' 列出2023年下半年的CRM发布，以及这半年的服务类投诉数量: the refits over the half itself; 这半年 after a dated half = that half (`demonstrative-back-reference`)."),
 Q("lh31", "近半年成都的放映故障有幾次？同期的賣品收入是多少？", "zh-Hant", A,
   ["rolling", "count", "same-period", "quarterly", MC], FLT({"cinema": "Chengdu"}, "2025-01-01", "2025-06-30") + REV({"cinema": "Chengdu"}, "2025-01-01", "2025-06-30"), cx="complex",
   note="近半年 = the last six complete months before as-of's month: Jan..Jun 2025 (`rolling-window`). 同期 dates the second measure with the same months; on the quarterly ledger they are Q1..Q2 2025; Chengdu carries."),
 Q("lh32", "How many projector faults did we have in the last 6 months, site by site?", "en", A,
   ["rolling", "breakdown", "count"], FLT({"cinema": ALL}, "2025-01-01", "2025-06-30"), cx="complex",
   note="'site by site': 'site' is a synonym of the cinema dimension; a breakdown by a dimension asks for every value (as 'each' does). DEBATABLE: 'site by site' is not the listed 'by <noun>' shape, but contains 'by site'."),
 Q("lh33", "今年头两个月杭州贵宾厅的上座率分别是多少？去年同期呢？", "zh-Hans", D,
   ["first-units", "relative", "yoy", "follow-up", MC], OCC({"cinema": "Hangzhou", "hall_type": "VIP"}, "2025-01-01", "2025-02-28") + OCC({"cinema": "Hangzhou", "hall_type": "VIP"}, "2024-01-01", "2024-02-29"), cx="complex",
   note="今年头两个月 = Jan..Feb 2025 ('first units with 头'); 去年同期呢 = Jan..Feb 2024. " + OCCN),
 Q("lh34", "2024年第四季度到2025年第一季度，廈門的賣品收入按季度看是多少？", "zh-Hant", D,
   ["quarter-range", "grain-after-range", "quarterly"], REV({"cinema": "Xiamen"}, "2024-10-01", "2025-03-31"), cx="simple",
   note="A quarter range across years, one span at quarter grain; 按季度 is a grain phrase after the range (absorbed)."),
 Q("lh35", "What did concession sales look like at each cinema in early 2024?", "en", D,
   ["part-of-year", "quantifier", "quarterly"], REV({"cinema": ALL}, "2024-01-01", "2024-03-31"), cx="complex",
   note="'early 2024' = its first quarter (`part-of-year`). 'each cinema' = all three."),
 Q("lh36", "2023年底成都的放映故障数量多不多？那段时间成都有影厅改造吗？", "zh-Hans", D,
   ["part-of-year", "count", "same-period", "event", MC], FLT({"cinema": "Chengdu"}, "2023-10-01", "2023-12-31") + REF("Chengdu", "2023-10-01", "2023-12-31"), cx="complex",
   note="2023年底 = Q4 2023 (`part-of-year`: the last quarter, not Duckling's September..December). 那段时间 = that period (same-period words: 这段时间, 那段期间). DEBATABLE: 那段时间 itself is not listed verbatim."),
 Q("lh37", "上季度三家影城各發生了多少次放映故障？哪家最多？", "zh-Hant", D,
   ["relative", "quantifier", "ranking", MC], FLT({"cinema": ALL}, "2025-01-01", "2025-03-31"), cx="complex",
   note="上季度 as of 2025-04-03 = Q1 2025. 三家影城: a count equal to the number of values -> all three. 哪家最多 is a ranking over the same goal (asked.breakdown), no new goal."),
 Q("lh38", "Which hall type had the lowest occupancy in Chengdu last quarter?", "en", D,
   ["ranking", "relative"], OCC({"cinema": "Chengdu"}, "2025-01-01", "2025-03-31"), cx="simple",
   note="DEBATABLE: a ranking names its dimension by its noun ('hall type') and records asked.breakdown {dimension: hall_type, order: ascending}; the docs do not say whether the goal then filters by every hall type (as 'by hall type' would) or leaves hall_type open. Gold leaves it open (same rows). last quarter = Q1 2025. " + OCCN),
 Q("lh39", "前三季度各影城卖品收入排名如何？", "zh-Hans", C,
   ["first-units", "ranking", "quantifier", "quarterly"], REV({"cinema": ALL}, "2024-01-01", "2024-09-30"), cx="complex",
   note="前三季度 without a year: either the three complete quarters before as-of or the first three of the as-of year — both are Q1..Q3 2024 as of 2024-11-08 (chosen so). 排名 is a ranking word, no new goal."),
 Q("lh40", "今年1月至今，杭州一共發生了多少次放映故障？哪個月最多？", "zh-Hant", C,
   ["to-date", "since", "count", "ranking", MC], FLT({"cinema": "Hangzhou"}, "2024-01-01", "2024-11-08"), cx="complex",
   note="A month of the as-of year + 至今: from its start to the as-of day (`to-date`, since)."),
 Q("lh41", "Since the start of the year, how has Xiamen's standard hall occupancy compared with the same period in 2023?", "en", C,
   ["to-date", "since", "same-period-in-year", "yoy"], OCC({"cinema": "Xiamen", "hall_type": "Standard"}, "2024-01-01", "2024-11-08") + OCC({"cinema": "Xiamen", "hall_type": "Standard"}, "2023-01-01", "2023-11-08"), cx="complex",
   note="'Since the start of the year' = 2024-01-01..as-of day; 'the same period in 2023' moves it into 2023 and runs to the same day. " + OCCN),
 Q("lh42", "十一个月前成都的上座率是多少？当月成都有没有影厅改造？", "zh-Hans", C,
   ["units-ago", "back-reference", "event", MC], OCC({"cinema": "Chengdu"}, "2023-12-01", "2023-12-31") + REF("Chengdu", "2023-12-01", "2023-12-31"), cx="complex",
   note="十一个月前 as of 2024-11-08: the whole month 11 back from November 2024 = December 2023 (`units-ago`; Chinese numeral). 当月 after a one-month time = that month (back-reference)."),
 Q("lh43", "前年第四季度廈門IMAX廳的上座率是多少？", "zh-Hant", A,
   ["relative", "quarter"], OCC({"cinema": "Xiamen", "hall_type": "IMAX"}, "2023-10-01", "2023-12-31"), cx="simple",
   note="前年 = 2023; its fourth quarter's months. " + OCCN),
 Q("lh44", "What was the occupancy of Chengdu's VIP halls the month before last, and how many projector faults did Chengdu have that month?", "en", C,
   ["relative", "back-reference", "count", MC], OCC({"cinema": "Chengdu", "hall_type": "VIP"}, "2024-09-01", "2024-09-30") + FLT({"cinema": "Chengdu"}, "2024-09-01", "2024-09-30"), cx="complex",
   note="'the month before last' as of 2024-11-08 = September 2024. " + OCCN),
 Q("lh45", "下个月杭州的上座率预计多少？", "zh-Hans", C,
   ["future"], expect="no_plan", cx="simple", unknown=["下个月"],
   note="A period wholly after as-of is refused (a forecast), never replaced by the default."),
 Q("lh46", "What will concession revenue in Xiamen be next quarter?", "en", C,
   ["future"], expect="no_plan", cx="simple", unknown=["next quarter"], note="Future period: refused."),
 Q("lh47", "2025年3月成都的放映故障有幾次？", "zh-Hant", C,
   ["future"], expect="no_plan", cx="simple", unknown=["2025年3月"], note="An explicit month wholly after as-of (2024-11-08): refused."),
 Q("lh48", "Show me the 2026 occupancy for Hangzhou.", "en", A,
   ["future"], expect="no_plan", cx="simple", unknown=["2026"], note="A year wholly after as-of (2025-07-09): refused."),
 Q("lh49", "你好，你能帮我查些什么？", "zh-Hans", A, ["greeting", "help"], expect="direct", route="direct",
   note="Greeting + capability question: direct reply listing the catalog."),
 Q("lh50", "謝謝，今天先這樣。", "zh-Hant", A, ["thanks", "closing"], expect="direct", route="direct", note="Thanks + closing: direct."),
 Q("lh51", "Can you recommend a good movie to watch tonight?", "en", A, ["out-of-scope"], expect="direct", route="direct",
   note="Out of scope: direct reply. DEBATABLE: 'tonight' is a time word; the router should answer out of scope before any time reading."),
 Q("lh52", "2025年5月杭州的人均票价是多少？", "zh-Hans", A, ["unknown"], expect="no_plan", cx="simple", unknown=["人均票价"],
   note="Only an unknown measure beside a value and a date: refused (exit 1)."),
 Q("lh53", "What was the refund rate at Chengdu in April 2025?", "en", A, ["unknown"], expect="no_plan", cx="simple", unknown=["refund rate"],
   note="Unknown measure: refused."),
 Q("lh54", "南京影城2025年5月的上座率為多少？", "zh-Hant", A, ["unknown-value"], expect="no_plan", cx="simple", unknown=["南京影城"],
   note="An unknown value beside the cinema noun (影城): asked back with the candidates 杭州、成都、厦门 (exit 3); gold format writes it as no_plan + unknown_terms. 為 marks the script.") ,
 Q("lh55", "What were the occupancy rate and the popcorn attach rate at Xiamen in June 2025?", "en", A,
   ["partial-unknown"], OCC({"cinema": "Xiamen"}, "2025-06-01", "2025-06-30"), unknown=["popcorn attach rate"],
   note="A known measure beside an unknown one: plan the known one, report the other (planner.md 'unknown terms'). Complexity left out."),
 Q("lh56", "杭州和成都两地上个月的放映故障分别是多少？两地有没有影厅改造？", "zh-Hans", B,
   ["relative", "quantifier", "event", MC], FLT({"cinema": ["Hangzhou", "Chengdu"]}, "2025-04-01", "2025-04-30") + REF("Hangzhou", "2025-04-01", "2025-04-30") + REF("Chengdu", "2025-04-01", "2025-04-30"), cx="complex",
   note="上个月 as of 2025-05-20 = April 2025. 两地 counts the two values named. The event follow-up without a date and without relate/explain takes the frame's period itself (window:inherited); events one goal per value."),
 Q("lh57", "Both sites, Hangzhou and Xiamen: what was their IMAX occupancy in Q1 2025, and was there a hall refit at either of them during that time?", "en", B,
   ["quantifier", "same-period", "event", MC], OCC({"cinema": ["Hangzhou", "Xiamen"], "hall_type": "IMAX"}, "2025-01-01", "2025-03-31") + REF("Hangzhou", "2025-01-01", "2025-03-31") + REF("Xiamen", "2025-01-01", "2025-03-31"), cx="complex",
   note="'Both sites, Hangzhou and Xiamen' (quantifier + the values after it in its own clause). 'during that time' = Q1 2025 exactly. " + OCCN),
 Q("lh58", "從2024年11月到2025年2月，成都標準廳的上座率逐月是多少？哪個月最低？", "zh-Hant", B,
   ["range", "cross-year", "trend", "ranking", MC], OCC({"cinema": "Chengdu", "hall_type": "Standard"}, "2024-11-01", "2025-02-28"), cx="simple",
   note="A month range across years, one span. 逐月 is the dataset's own grain. " + OCCN),
 Q("lh59", "How many projector breakdowns did Xiamen have in July, August and September of 2024?", "en", B,
   ["month-list", "count"], FLT({"cinema": "Xiamen"}, "2024-07-01", "2024-09-30"), cx="simple",
   note="Contiguous months of a list merge into one span."),
 Q("lh60", "2024年1月和7月杭州IMAX厅的上座率各是多少？", "zh-Hans", B,
   ["month-list", "separated"], OCC({"cinema": "Hangzhou", "hall_type": "IMAX"}, "2024-01-01", "2024-01-31") + OCC({"cinema": "Hangzhou", "hall_type": "IMAX"}, "2024-07-01", "2024-07-31"), cx="complex",
   note="Separated months: separate sub-goals. DEBATABLE complexity (two periods of one entity; the docs name several sub-questions, entities or needs)."),
 Q("lh61", "去年12月廈門的放映故障比前一個月多嗎？那兩個月廈門有沒有影廳改造？", "zh-Hant", A,
   ["before-named", "compare", "same-period", "event", MC], FLT({"cinema": "Xiamen"}, "2024-12-01", "2024-12-31") + FLT({"cinema": "Xiamen"}, "2024-11-01", "2024-11-30") + REF("Xiamen", "2024-11-01", "2024-12-31"), cx="complex",
   note="前一个月 after a named month = the month before it (`before-named`), inside a comparison (比): base goal. DEBATABLE as lh24 (one span 2024-11..12 also defensible). 那两个月 (a counted same-period word, as 那两个季度) = November..December: one event search, the periods touch."),
 Q("lh62", "Q4 2023 through Q2 2024, quarter by quarter: concession revenue in Chengdu? And in Hangzhou?", "en", A,
   ["quarter-range", "grain-after-range", "quarterly", "follow-up", MC], REV({"cinema": "Chengdu"}, "2023-10-01", "2024-06-30") + REV({"cinema": "Hangzhou"}, "2023-10-01", "2024-06-30"), cx="complex",
   note="A grain phrase after a range is absorbed; one span."),
 Q("lh63", "2023年各季度三家影城的卖品收入分别是多少？", "zh-Hans", A,
   ["each-quarter", "quantifier", "quarterly"], REV({"cinema": ALL}, "2023-01-01", "2023-12-31"), cx="complex",
   note="2023年各季度 = the four quarters, contiguous -> one span at quarter grain. 三家影城 = all three."),
 Q("lh64", "上上週和上週杭州的觀眾評分分別是多少？哪一週比較高？", "zh-Hant", B,
   ["week", "relative", "list", "ranking", MC], RAT({"cinema": "Hangzhou"}, "2025-05-05", "2025-05-18"), cx="simple",
   note="上上周 = the whole week two back (2025-05-05..11), 上周 = 2025-05-12..18: two touching periods the question writes out, one span (no comparison word). DEBATABLE: a planner keeping two goals has a case (round 12 sc45 chose one span). " + WEEKN),
 Q("lh65", "Between April and June 2025, how many projector faults did Hangzhou and Chengdu each have, and were there any TMS upgrades in that window?", "en", A,
   ["range", "quantifier", "same-period", "event", MC], FLT({"cinema": ["Hangzhou", "Chengdu"]}, "2025-04-01", "2025-06-30") + TMS("2025-04-01", "2025-06-30"), cx="complex",
   note="'in that window' is a composed same-period word: the event over April..June exactly. TMS upgrade is a catalog synonym written with a code."),
 Q("lh66", "2024年成都全年的卖品收入是多少？同比增长多少？", "zh-Hans", D,
   ["whole-year", "yoy", "follow-up", "quarterly", MC], REV({"cinema": "Chengdu"}, "2024-01-01", "2024-12-31") + REV({"cinema": "Chengdu"}, "2023-01-01", "2023-12-31"), cx="complex",
   note="全年 with the year written elsewhere (`whole-current`): 2024. The follow-up 同比 measures the clause before's period a year back: 2023."),
 Q("lh67", "截至今年2月底的近六個月，杭州IMAX廳的上座率走勢如何？", "zh-Hant", D,
   ["window-ending", "trend"], OCC({"cinema": "Hangzhou", "hall_type": "IMAX"}, "2024-09-01", "2025-02-28"), cx="simple",
   note="`window-ending`: six whole months ending with February 2025 = Sep 2024..Feb 2025. " + OCCN),
 Q("lh68", "Occupancy in Xiamen's premium halls: this January versus January last year?", "en", D,
   ["relative", "compare", "yoy"], OCC({"cinema": "Xiamen", "hall_type": "VIP"}, "2025-01-01", "2025-01-31") + OCC({"cinema": "Xiamen", "hall_type": "VIP"}, "2024-01-01", "2024-01-31"), cx="complex",
   note="'this January' = January 2025, 'January last year' = January 2024 (both listed in planner.md); separated months, own goals. 'premium halls' = VIP. " + OCCN),
 Q("lh69", "11至2月成都一共发生了多少次放映故障？同期成都的卖品收入呢？", "zh-Hans", D,
   ["shared-unit-range", "yearless", "count", "same-period", "quarterly", MC], FLT({"cinema": "Chengdu"}, "2024-11-01", "2025-02-28") + REV({"cinema": "Chengdu"}, "2024-10-01", "2025-03-31"), cx="complex",
   note="`shared-unit-range` without a year: 2月 = the latest February starting by as-of (2025); a first number after the last is the year before: 2024-11..2025-02. 同期 on the quarterly ledger: the months widened to their quarters, Q4 2024..Q1 2025 (a month of a quarterly dataset is widened to its quarter)."),
 Q("lh70", "Why did Xiamen's projector faults jump in August 2024?", "en", A,
   ["why", "explain", "count"], FLT({"cinema": "Xiamen"}, "2024-08-01", "2024-08-31") + REF("Xiamen", "2024-07-01", "2024-09-30") + TMS("2024-07-01", "2024-09-30"),
   note="Why-question: base July 2024 (asked.explain); events that line up (refits by cinema = Xiamen; TMS workspace-wide) over base start .. a month after August: 2024-07-01..2024-09-30."),
 Q("lh71", "How did Xiamen's concession revenue change quarter over quarter in Q2 2025?", "en", A,
   ["qoq", "quarterly"], REV({"cinema": "Xiamen"}, "2025-04-01", "2025-06-30") + REV({"cinema": "Xiamen"}, "2025-01-01", "2025-03-31"), cx="complex",
   note="Quarter over quarter: Q1 2025 base + Q2 2025, own goals."),
 Q("lh72", "成都IMAX厅2025年4月的上座率，跟去年同一个月相比如何？厦门IMAX厅呢？", "zh-Hans", B,
   ["yoy", "follow-up", MC], OCC({"cinema": "Chengdu", "hall_type": "IMAX"}, "2025-04-01", "2025-04-30") + OCC({"cinema": "Chengdu", "hall_type": "IMAX"}, "2024-04-01", "2024-04-30")
   + OCC({"cinema": "Xiamen", "hall_type": "IMAX"}, "2025-04-01", "2025-04-30") + OCC({"cinema": "Xiamen", "hall_type": "IMAX"}, "2024-04-01", "2024-04-30"), cx="complex",
   note="去年同一个月 = April 2024 (same month a year earlier), a base. The follow-up 厦门IMAX厅呢 asks the same comparison of another frame: both periods again. DEBATABLE: whether a follow-up of values carries the comparison's base too (the docs show follow-ups carrying metric and period; the hl12 row says a follow-up measures the periods the clause before asked). " + OCCN),
 # clarify (not scorable)
 Q("lh73", "这个暑期档三家影城的上座率怎么样？", "zh-Hans", A, ["clarify", "season"], expect="clarify",
   note="暑期档 (the summer-holiday release window) is a season-like time word no rule reads: ask which months (planner.md asks back seasons: 'which months a season covers depends … on the writer'). Must not become the default month."),
 Q("lh74", "How did occupancy compare between the two cinemas in May 2025?", "en", A, ["clarify", "quantifier"], expect="clarify",
   note="'the two cinemas' with no value named while the catalog has three: ask which two (a quantifier with no value named asks which ones)."),
 Q("lh75", "本財年成都的賣品收入是多少？", "zh-Hant", A, ["clarify", "fiscal"], expect="clarify",
   note="No fiscal_year in the workspace: 本财年 is asked back naming fiscal_year (planner.md 'fiscal, relative')."),
 Q("lh76", "那边上个月的放映故障多吗？", "zh-Hans", A, ["clarify", "deictic"], expect="clarify",
   note="那边 alone points at something unsaid: asked back (planner.md unresolved qualifiers)."),
]

RRN = "return_rate: sales_bi/returns required, support_bi/returns optional; sales_exports is a declared fallback and not planned."
CMN = "complaints: tickets/complaints (0.9) required, sales_bi/service_complaints (0.85) optional, both quarter grain."
CRMN = "crm_release is asked of every source offering it: tickets/crm_releases and handbook/crm_versions."
demo = [
 Q("dx01", "今年2月到4月华南区B产品的退货率是多少？同期华南有没有换过物流商？", "zh-Hans", E,
   ["range", "relative", "same-period", "event", MC], RR({"product": "B", "region": "South"}, "2024-02-01", "2024-04-30") + LPC("South", "2024-02-01", "2024-04-30"), cx="complex",
   note="今年 completes both ends. 同期 in a follow-up without relate: the metric's own period. 换过物流商 = change event (object + change verb). " + RRN),
 Q("dx02", "Year to date, what's the return rate for product C in West China, and how does it stack up against the same period last year?", "en", E,
   ["to-date", "yoy", MC], RR({"product": "C", "region": "West"}, "2024-01-01", "2024-09-18") + RR({"product": "C", "region": "West"}, "2023-01-01", "2023-09-18"), cx="complex",
   note="YTD = 2024-01-01..as-of day at month grain; the base a year earlier runs to the same day. " + RRN),
 Q("dx03", "上季度服務類投訴有多少？環比呢？", "zh-Hant", E,
   ["relative", "qoq", "follow-up", MC], CMP({"category": "Service"}, "2024-04-01", "2024-06-30") + CMP({"category": "Service"}, "2024-01-01", "2024-03-31"), cx="complex",
   note="上季度 as of 2024-09-18 = Q2 2024; the follow-up 环比 adds its base Q1 2024. " + CMN),
 Q("dx04", "What was the VIP repurchase rate in the second half of 2023, and were there CRM releases during that time?", "en", E,
   ["half", "same-period", "event", MC], VIP("2023-07-01", "2023-12-31") + CRM("2023-07-01", "2023-12-31"), cx="complex",
   note="H2 2023 at quarter grain (sales_bi only; sales_exports is the fallback). 'during that time' = the same half, not widened. " + CRMN),
 Q("dx05", "截至2024年6月的近三个月，华东区A产品和B产品的退货率各是多少？哪个更高？", "zh-Hans", E,
   ["window-ending", "list", "ranking", MC], RR({"product": ["A", "B"], "region": "East"}, "2024-04-01", "2024-06-30"), cx="complex",
   note="`window-ending`: April..June 2024. Two products in one frame: one goal per dataset with a list filter. " + RRN),
 Q("dx06", "兩個季度前配送類投訴有幾起？服務類呢？", "zh-Hant", E,
   ["units-ago", "follow-up", MC], CMP({"category": "Delivery"}, "2024-01-01", "2024-03-31") + CMP({"category": "Service"}, "2024-01-01", "2024-03-31"), cx="complex",
   note="两个季度前 as of Q3 2024 = Q1 2024. 配送类 = Delivery (value + 类 noun). " + CMN),
 Q("dx07", "How did the return rate of product A in North China move month over month in December 2024, and was there a provider change in North China that month?", "en", G,
   ["mom", "back-reference", "event", MC], RR({"product": "A", "region": "North"}, "2024-11-01", "2024-11-30") + RR({"product": "A", "region": "North"}, "2024-12-01", "2024-12-31") + LPC("North", "2024-12-01", "2024-12-31"), cx="complex",
   note="MoM: November base + December, own goals; 'that month' = December 2024 (the comparison word stays with its metric). " + RRN),
 Q("dx08", "前年四季度各类投诉分别有多少？哪一类最多？", "zh-Hans", G,
   ["relative", "quantifier", "ranking", MC], CMP({"category": ["Service", "Delivery", "Product"]}, "2023-10-01", "2023-12-31"), cx="complex",
   note="前年 as of 2025-01-10 = 2023; 各类 = every category. " + CMN),
 Q("dx09", "Which CRM versions shipped in the last quarter of 2023, and how many service complaints came in that quarter?", "en", G,
   ["event", "last-units-of-year", "back-reference", MC], CRM("2023-10-01", "2023-12-31") + CMP({"category": "Service"}, "2023-10-01", "2023-12-31"), cx="complex",
   note="Event asked on its own: the quarter's dates at month grain; 'that quarter' dates the complaints (Q4 2023). " + CRMN + " " + CMN),
 Q("dx10", "去年上半年VIP復購率的走勢如何？同比呢？", "zh-Hant", G,
   ["half", "trend", "yoy", "follow-up", MC], VIP("2024-01-01", "2024-06-30") + VIP("2023-01-01", "2023-06-30"), cx="complex",
   note="去年上半年 as of 2025-01-10 = H1 2024; the follow-up 同比 = H1 2023, own goal. VIP repurchase: sales_bi only (fallback export not planned)."),
 Q("dx11", "What's product B's return rate in South China for next month?", "en", F,
   ["future"], expect="no_plan", cx="simple", unknown=["next month"], note="Future period: refused."),
 Q("dx12", "上周华北区的退货率是多少？", "zh-Hans", F,
   ["week", "refuse-grain"], expect="no_plan", cx="simple", unknown=["上周"], note="Week on a monthly metric: refused naming the grain."),
 Q("dx13", "為什麼華北區B產品2024年2月的退貨率上升了？", "zh-Hant", F,
   ["why", "explain"], RR({"product": "B", "region": "North"}, "2024-02-01", "2024-02-29") + LPC("North", "2024-01-01", "2024-03-31") + CRM("2024-01-01", "2024-03-31"),
   note="Why-question naming no event: base January 2024 (asked.explain); events that line up: provider changes by region (North) and CRM releases (no dimension) over 2024-01-01..2024-03-31. DEBATABLE: the trace example names only handbook for crm_release; 'an event is asked of every source that offers it' gives both. " + RRN),
 Q("dx14", "Compare East China's product A return rate for March 2024 with product C's in West China for the same month, and relate both to carrier changes.", "en", F,
   ["compare", "correlate", "same-period", MC], RR({"product": "A", "region": "East"}, "2024-03-01", "2024-03-31") + RR({"product": "C", "region": "West"}, "2024-03-01", "2024-03-31")
   + LPC("East", "2024-02-01", "2024-04-30") + LPC("West", "2024-02-01", "2024-04-30"), cx="complex",
   note="Two frames; related events widened by one month each side, one search per region. " + RRN),
 Q("dx15", "2023年第三季度到第四季度，产品质量类的投诉按季度看是多少？同期VIP复购率呢？", "zh-Hans", F,
   ["quarter-range", "grain-after-range", "same-period", MC], CMP({"category": "Product"}, "2023-07-01", "2023-12-31") + VIP("2023-07-01", "2023-12-31"), cx="complex",
   note="Q3..Q4 2023 one span; 产品质量类 = Product (value + 类). DEBATABLE: the `shared-unit-range` row shows 2023年第二到第三季度; 第三季度到第四季度 with 季度 twice is the plain range. " + CMN),
 Q("dx16", "今年頭兩個月華東區C產品的退貨率多少？華西區呢？", "zh-Hant", F,
   ["first-units", "follow-up", MC], RR({"product": "C", "region": "East"}, "2024-01-01", "2024-02-29") + RR({"product": "C", "region": "West"}, "2024-01-01", "2024-02-29"), cx="complex", note="头两个月 of 今年 = Jan..Feb 2024. " + RRN),
 Q("dx17", "Hi there!", "en", F, ["greeting"], expect="direct", route="direct", note="Greeting."),
 Q("dx18", "华中区A产品去年12月的退货率是多少？", "zh-Hans", F,
   ["unknown-value"], expect="no_plan", cx="simple", unknown=["华中区"], note="An unknown region beside the region noun: asked back with candidates (exit 3)."),
 Q("dx19", "What was the net promoter score for product A in January 2024?", "en", F,
   ["unknown"], expect="no_plan", cx="simple", unknown=["net promoter score"], note="Unknown measure: refused."),
 Q("dx20", "2023年各季度的線上活動場次和VIP復購率分別是多少？", "zh-Hant", E,
   ["each-quarter", "list-measures"], CAMP("2023-01-01", "2023-12-31") + VIP("2023-01-01", "2023-12-31"), cx="complex",
   note="Two measures, four contiguous quarters: one span each. 场次 is a count measure word (stop word)."),
 Q("dx21", "上上个月华北和华南两区的B产品退货率分别是多少？两区有没有更换物流服务商？", "zh-Hans", E,
   ["relative", "quantifier", "event", MC], RR({"product": "B", "region": ["North", "South"]}, "2024-07-01", "2024-07-31") + LPC("North", "2024-07-01", "2024-07-31") + LPC("South", "2024-07-01", "2024-07-31"), cx="complex",
   note="上上个月 as of 2024-09-18 = July 2024. 两区 refers to the two named. Event follow-up without relate: the same month, one search per region. " + RRN),
 Q("dx22", "Between October and December of last year, what was the complaint count in the delivery category, and the VIP repurchase rate over the same months?", "en", E,
   ["range", "relative", "same-period", MC], CMP({"category": "Delivery"}, "2023-10-01", "2023-12-31") + VIP("2023-10-01", "2023-12-31"), cx="complex",
   note="last year (as of 2024-09-18) = 2023: Oct..Dec 2023 = Q4 at quarter grain. 'the same months' = that range. " + CMN),
 Q("dx23", "2024年第三季度華東區A產品的退貨率比上一季度高還是低？", "zh-Hant", G,
   ["before-named", "qoq"], RR({"product": "A", "region": "East"}, "2024-07-01", "2024-09-30") + RR({"product": "A", "region": "East"}, "2024-04-01", "2024-06-30"), cx="complex",
   note="比上一季度 after a named quarter = Q2 2024, a base goal. DEBATABLE as lh24. " + RRN),
 Q("dx24", "List the logistics provider changes in each region during 2024.", "en", G,
   ["event", "quantifier"], LPC("East", "2024-01-01", "2024-12-31") + LPC("North", "2024-01-01", "2024-12-31") + LPC("South", "2024-01-01", "2024-12-31") + LPC("West", "2024-01-01", "2024-12-31"), cx="complex",
   note="Event searches are one goal per value; 'each region' = the four. Exactly the year, month grain."),
 Q("dx25", "2024年CRM一共发布了几个版本？分别是哪天发布的？", "zh-Hans", G,
   ["event", "split-term", MC], CRM("2024-01-01", "2024-12-31"), cx="simple",
   note="The docs' WMS一共发布了几个版本 shape (terms written apart, 'a code the catalog reads alone, CRM, is left as written' — either way the CRM release event). " + CRMN),
 Q("dx26", "十二個月前華西區B產品的退貨率是多少？當月華西有沒有更換物流商？", "zh-Hant", G,
   ["units-ago", "back-reference", "event", MC], RR({"product": "B", "region": "West"}, "2024-01-01", "2024-01-31") + LPC("West", "2024-01-01", "2024-01-31"), cx="complex",
   note="十二个月前 as of 2025-01-10 = January 2024 (within the 36-month reach). " + RRN),
 Q("dx27", "Return rate for product C in South China over Q2 2024 — quarter on quarter?", "en", G,
   ["qoq"], RR({"product": "C", "region": "South"}, "2024-04-01", "2024-06-30") + RR({"product": "C", "region": "South"}, "2024-01-01", "2024-03-31"), cx="complex",
   note="'quarter on quarter' (composed '<unit> on <unit>'): Q1 2024 base, Q2 2024, months. " + RRN),
 Q("dx28", "谢谢，辛苦了！", "zh-Hans", E, ["thanks"], expect="direct", route="direct", note="Thanks."),
 Q("dx29", "For the three months ending May 2024, what were the return rates of products A, B and C in East China?", "en", E,
   ["window-ending", "list"], RR({"product": ["A", "B", "C"], "region": "East"}, "2024-03-01", "2024-05-31"), cx="complex",
   note="March..May 2024; three products listed: list filter. " + RRN),
 Q("dx30", "去年第四季度服務類投訴裡，哪種問題類型最多？", "zh-Hant", G,
   ["ranking", "breakdown"], CMP({"category": "Service"}, "2024-10-01", "2024-12-31"),
   note="去年 as of 2025-01-10 = 2024. 问题类型 is sub_type's synonym: asked.breakdown sub_type (a column of both sources, not an offers dimension, so no filter). Complexity left out. " + CMN),
 Q("dx31", "What was product A's return rate in East China during the final two months of 2023, and did East China switch carriers during that time?", "en", E,
   ["last-units-of-year", "same-period", "event", MC], RR({"product": "A", "region": "East"}, "2023-11-01", "2023-12-31") + LPC("East", "2023-11-01", "2023-12-31"), cx="complex",
   note="'the final two months of 2023' = Nov..Dec 2023. 'switch carriers' is an event synonym ('switched carriers') by word form; 'during that time' = the same months. " + RRN),
 Q("dx32", "这两个月华东区A产品的退货率是多少？", "zh-Hans", E,
   ["same-period", "alone"], expect="no_plan", cx="simple", unknown=["这两个月"],
   note="A counted same-period word with no period before it is asked back (planner.md: 这三个月华东区A产品的退货率是多少？ → asked back), never the default month."),
 Q("dx33", "去年秋天華東區的退貨率怎麼樣？", "zh-Hant", E, ["clarify", "season"], expect="clarify",
   note="A season: asked back (which months)."),
 Q("dx34", "How do the two products compare on return rate in East China for January 2024?", "en", E, ["clarify", "quantifier"], expect="clarify",
   note="'the two products' with none named (three in the catalog): ask which."),
]

def write(name, rows):
    with open(os.path.join(OUT, name + ".jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(OUT, name + ".scorable.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            if r["expect"] != "clarify":
                f.write(json.dumps(r, ensure_ascii=False) + "\n")

write("ws-plans", ws)
write("demo-plans", demo)
print("ws", len(ws), "demo", len(demo))
