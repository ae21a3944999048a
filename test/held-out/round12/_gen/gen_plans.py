#!/usr/bin/env python3
"""Writes snowcrest-plans.jsonl, demo-plans.jsonl and their .scorable copies (round 12, blind).

Every expected plan comes from the documentation (docs/planner.md, docs/tabular-datasets.md); the
`note` of a line says which rule, and says so where the docs are silent and an analyst's reading
was used instead.
"""
import json, os

OUT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC_RULE = ("{m}: {req} (trust {t1}) required, {opt} ({t2}) required:false (planner.md 'Which sources are "
            "planned': every dataset offering the metric, file exports included, the most trusted required)")

def P(grain, frm, to):
    return {"grain": grain, "from": frm, "to": to}

def goal(source, dataset, kind, name, filters, grain, frm, to, required=True):
    g = {"source": source, "dataset": dataset, kind: name, "filters": dict(filters), "period": P(grain, frm, to)}
    if not required:
        g["required"] = False
    return g

# ---------------------------------------------------------------- Snowcrest helpers
def rr(f, a, b):   # refund_rate: ticketing export 0.9 required, guest-services tally 0.6 optional
    return [goal("ticketing_exports", "refunds", "metric", "refund_rate", f, "month", a, b),
            goal("guest_services", "refunds", "metric", "refund_rate", f, "month", a, b, False)]
def ls(f, a, b):   # lift_stoppages: count of log rows, month grain, resort only
    return [goal("lift_ops", "stoppages", "metric", "lift_stoppages", f, "month", a, b)]
def gr(f, a, b):   # avg_guest_rating: weekly survey
    return [goal("guest_survey", "ratings", "metric", "avg_guest_rating", f, "week", a, b)]
def rv(f, a, b):   # rental_revenue: quarterly ledger
    return [goal("finance", "rental", "metric", "rental_revenue", f, "quarter", a, b)]
def pa(f, a, b):   # event by ticket type
    return [goal("ops_log", "price_adjustments", "event", "price_adjustment", f, "month", a, b, False)]
def ar(a, b):      # workspace-wide event
    return [goal("ops_log", "app_releases", "event", "app_release", {}, "month", a, b, False)]

ALL3 = ["Changbai", "Chongli", "Altay"]
RR_SRC = SRC_RULE.format(m="refund_rate", req="ticketing_exports/refunds", t1=0.9, opt="guest_services/refunds", t2=0.6)

# ---------------------------------------------------------------- demo helpers
def dr(f, a, b):   # return_rate: sales_bi required, support_bi optional, sales_exports fallback (not planned)
    return [goal("sales_bi", "returns", "metric", "return_rate", f, "month", a, b),
            goal("support_bi", "returns", "metric", "return_rate", f, "month", a, b, False)]
def dc(f, a, b):   # complaints: tickets 0.9 required, sales_bi grid 0.85 optional, both quarter grain
    return [goal("tickets", "complaints", "metric", "complaints", f, "quarter", a, b),
            goal("sales_bi", "service_complaints", "metric", "complaints", f, "quarter", a, b, False)]
def dv(a, b):      # vip_repurchase_rate: sales_bi only (sales_exports is fallback)
    return [goal("sales_bi", "vip_repurchase", "metric", "vip_repurchase_rate", {}, "quarter", a, b)]
def do(a, b):      # online_campaigns: the campaign calendar PDF table
    return [goal("handbook", "online_campaigns", "metric", "online_campaigns", {}, "quarter", a, b)]
def dp(region, a, b):
    return [goal("tickets", "provider_changes", "event", "logistics_provider_change", {"region": region}, "month", a, b, False)]
def dcrm(a, b):    # crm_release: every source offering it (tickets 0.9, handbook PDF table 0.6)
    return [goal("tickets", "crm_releases", "event", "crm_release", {}, "month", a, b, False),
            goal("handbook", "crm_versions", "event", "crm_release", {}, "month", a, b, False)]
def kb(query):
    return {"source": "handbook", "query": query}

DR_SRC = ("return_rate: sales_bi (0.85) required, support_bi (0.6) required:false; sales_exports is "
          "`fallback` and not planned (planner.md 'Which sources are planned', fallback row)")
DC_SRC = ("complaints: tickets/complaints (0.9) required, sales_bi/service_complaints (0.85) required:false, "
          "both quarter grain")

def Q(id, question, lang, as_of, tags, goals=None, expect="plan", route="retrieve", complexity=None,
      unknown=None, note=""):
    d = {"id": id, "question": question, "language": lang, "as_of": as_of, "route": route, "expect": expect}
    if complexity:
        d["complexity"] = complexity
    d["tags"] = tags
    if unknown is not None:
        d["unknown_terms"] = unknown
    if goals is not None:
        d["sub_goals"] = goals
    d["note"] = note
    return d

A = "2025-07-16"   # a Wednesday; last complete month 2025-06, this quarter 2025-Q3, this week 07-14..07-20
H, T, E = "zh-Hans", "zh-Hant", "en"
MC = "multi-clause"

sc = [
 Q("sc01", "崇礼日票今年1月到4月的退票率分别是多少？同期日票的票价有没有调整过？", H, A,
   ["range", "relative", "back-reference", "event", MC],
   rr({"resort": "Chongli", "ticket_type": "DayPass"}, "2025-01-01", "2025-04-30")
   + pa({"ticket_type": "DayPass"}, "2025-01-01", "2025-04-30"), complexity="complex",
   note="今年 completes both ends of the range (`range` rule); one span. 同期 in a follow-up sentence that does not relate or explain dates the event with the metric's own period, not widened (planner.md 'Events'); the event takes 日票 (price_adjustments offers ticket_type; no resort dimension). 票价+调整 is the change-event form (object + change verb). " + RR_SRC),
 Q("sc02", "What was the refund rate for season passes at Changbai from February to May last year, and how many lift stoppages did Changbai log over those same months?", E, A,
   ["range", "relative", "back-reference", "count", MC],
   rr({"resort": "Changbai", "ticket_type": "SeasonPass"}, "2024-02-01", "2024-05-31")
   + ls({"resort": "Changbai"}, "2024-02-01", "2024-05-31"), complexity="complex",
   note="'last year' completes both ends of the range; 'those same months' is a same-period word. The stoppage log offers resort only: SeasonPass cannot be a filter there (and the clause names only Changbai). " + RR_SRC),
 Q("sc03", "阿勒泰年初至今的退票率是多少？與去年同期相比呢？", T, A,
   ["to-date", "yoy", "follow-up", MC],
   rr({"resort": "Altay"}, "2025-01-01", A) + rr({"resort": "Altay"}, "2024-01-01", "2024-07-16"), complexity="complex",
   note="to-date: month 2025-01-01..as-of day; the base a year earlier runs to the same day (`to-date` row). Both ticket types (no ticket filter). " + RR_SRC),
 Q("sc04", "Year to date, what's the refund rate on lesson packages across all three resorts?", E, A,
   ["to-date", "quantifier"],
   rr({"resort": ALL3, "ticket_type": "Lesson"}, "2025-01-01", A), complexity="complex",
   note="'all three resorts': a count equal to the catalog's number of values expands to all of them (resolve-spans row) → one goal per dataset with a list filter ('Several values of one dimension'). Complexity complex (several entities). " + RR_SRC),
 Q("sc05", "本季度到目前为止长白山缆车停运了几次？崇礼呢？", H, A,
   ["to-date", "count", "follow-up", MC],
   ls({"resort": "Changbai"}, "2025-07-01", A) + ls({"resort": "Chongli"}, "2025-07-01", A), complexity="complex",
   note="本季度到目前为止 = quarter to date, 2025-07-01..as-of day at month grain (`to-date`). 停运了几次: the count metric asked with its verb. 崇礼呢 is a follow-up of values: a new frame, one goal each (round-11 convention 12; a list filter is arguably also faithful)."),
 Q("sc06", "崇禮日票本月至今的退票率是多少？", T, A,
   ["to-date"],
   rr({"resort": "Chongli", "ticket_type": "DayPass"}, "2025-07-01", A), complexity="simple",
   note="本月至今: month 2025-07-01..2025-07-16 (to-date ends on the as-of day at the dataset's grain). " + RR_SRC),
 Q("sc07", "What was the refund rate for day passes in the first quarter of last year, and did the day-pass price change that quarter?", E, A,
   ["part-of-period", "relative", "back-reference", "event", MC],
   rr({"ticket_type": "DayPass"}, "2024-01-01", "2024-03-31") + pa({"ticket_type": "DayPass"}, "2024-01-01", "2024-03-31"),
   complexity="complex",
   note="'the first quarter of last year' = 2024-Q1 (`nth-unit-of-period`), a quarter of a monthly dataset = its months. 'that quarter' is a back-reference to 2024-Q1; the event is asked on its own (no relate/why) → exactly that period, month grain, required:false. No resort named: no resort filter. " + RR_SRC),
 Q("sc08", "2024年下半年阿勒泰的雪具租赁收入是多少？同比呢？", H, A,
   ["part-of-period", "yoy", "follow-up", "money", MC],
   rv({"resort": "Altay"}, "2024-07-01", "2024-12-31") + rv({"resort": "Altay"}, "2023-07-01", "2023-12-31"), complexity="complex",
   note="H2 2024 on the quarterly ledger = 2024-07-01..2024-12-31 by quarter; 同比呢 as a follow-up plans the year-earlier base as a goal of its own (base comparisons row; hl12 'follow-up comparison measures the periods the clause before asked')."),
 Q("sc09", "去年上半年長白山和崇禮的纜車停運次數各是多少？同期訂票App有沒有發布新版本？", T, A,
   ["part-of-period", "relative", "quantifier", "back-reference", "event", "split-term", MC],
   ls({"resort": ["Changbai", "Chongli"]}, "2024-01-01", "2024-06-30") + ar("2024-01-01", "2024-06-30"), complexity="complex",
   note="去年上半年 = 2024-01-01..2024-06-30. Two values in one frame → one goal with a list filter; 各 counts the named values. 同期 dates the workspace-wide app_release event with the metric's period (asked, not related). 訂票App…版本 written apart with 有沒有發布新 between: the `split_term` rule (2023年WMS一共发布了几个版本) — whether 有沒有 and 新 count as function words is not stated."),
 Q("sc10", "What was the average guest rating at Chongli over the last four weeks? And at Altay over the same weeks?", E, A,
   ["rolling", "week", "follow-up", "back-reference", MC],
   gr({"resort": "Chongli"}, "2025-06-16", "2025-07-13") + gr({"resort": "Altay"}, "2025-06-16", "2025-07-13"), complexity="complex",
   note="Weekly dataset: 'the last four weeks' = four whole ISO weeks before the week holding as-of (07-14..07-20) → 2025-06-16..2025-07-13 at week grain (`rolling-window`: 过去四周 example). 'And at Altay over the same weeks?' is a new frame (follow-up sentence) → its own goal; 'the same weeks' is a same-period word."),
 Q("sc11", "三周前长白山的游客平均评分是多少？上周呢？", H, A,
   ["weeks-ago", "week", "relative", "follow-up", MC],
   gr({"resort": "Changbai"}, "2025-06-23", "2025-06-29") + gr({"resort": "Changbai"}, "2025-07-07", "2025-07-13"), complexity="complex",
   note="三周前 = the day 21 days back (2025-06-25), answered for the ISO week holding it, 06-23..06-29 (`weeks-ago`); 上周 = 07-07..07-13. Not contiguous → two goals at week grain."),
 Q("sc12", "上週崇禮的遊客平均評分是多少？跟前一週比有沒有下降？", T, A,
   ["week", "relative", "before-named", "compare", MC],
   gr({"resort": "Chongli"}, "2025-07-07", "2025-07-13") + gr({"resort": "Chongli"}, "2025-06-30", "2025-07-06"), complexity="complex",
   note="上週 = 07-07..07-13; 前一週 after a named week is the week just before it (`before-named`), here framed by a comparison (跟…比, `comparedAround`) → a base, planned as a goal of its own although the weeks touch ('the base is a role, not more of the same span'). DEBATABLE: the docs list 同比/环比/MoM/QoQ as base words; a planner that merges the two weeks into one span 06-30..07-13 has a case."),
 Q("sc13", "How many lift stoppages did Altay have in March 2025 compared with March 2024?", E, A,
   ["compare", "count"],
   ls({"resort": "Altay"}, "2025-03-01", "2025-03-31") + ls({"resort": "Altay"}, "2024-03-01", "2024-03-31"), complexity="complex",
   note="Two written months a year apart: separated periods are separate sub-goals ('Periods'); compare → complex."),
 Q("sc14", "今年5月崇礼季卡的退票率环比变化多少？同期季卡有没有调价？", H, A,
   ["mom", "back-reference", "event", MC],
   rr({"resort": "Chongli", "ticket_type": "SeasonPass"}, "2025-04-01", "2025-04-30")
   + rr({"resort": "Chongli", "ticket_type": "SeasonPass"}, "2025-05-01", "2025-05-31")
   + pa({"ticket_type": "SeasonPass"}, "2025-05-01", "2025-05-31"), complexity="complex",
   note="环比: May 2025 and its base April 2025, each a goal of its own per source. A plain 同期 after a clause that compares with a base is the period asked (May 2025), not the base (same-period row). 调价 is an event synonym. " + RR_SRC),
 Q("sc15", "去年第四季度三個雪場的雪具租賃收入分別是多少？去年同期呢？", T, A,
   ["relative", "quantifier", "yoy", "follow-up", "money", MC],
   rv({"resort": ALL3}, "2024-10-01", "2024-12-31") + rv({"resort": ALL3}, "2023-10-01", "2023-12-31"), complexity="complex",
   note="去年第四季度 = 2024-Q4. 三個雪場 = the catalog's three values → list filter. The follow-up 去年同期 (asked after a period already in 'last year') is a one-year shift of the previous frame's period → 2023-Q4, a separate goal; the values carry (bind-qualifiers: frames that omit a dimension take the neighbour's)."),
 Q("sc16", "Rental revenue by resort for the quarter before last?", E, A,
   ["relative", "breakdown"],
   rv({"resort": ALL3}, "2025-01-01", "2025-03-31"), complexity="complex",
   note="'the quarter before last': anchor 2025-Q3 moved back 2 = 2025-Q1 (relative calendar units). 'by resort' asks for every value as 'each' does → list filter. Complexity: several entities → complex (debatable: a breakdown of one measure could be simple)."),
 Q("sc17", "三个月前阿勒泰日票的退票率是多少？当月日票有没有调价？", H, A,
   ["units-ago", "back-reference", "event", MC],
   rr({"resort": "Altay", "ticket_type": "DayPass"}, "2025-04-01", "2025-04-30") + pa({"ticket_type": "DayPass"}, "2025-04-01", "2025-04-30"),
   complexity="complex",
   note="三个月前 = the last complete month (June) moved back 2 more = April 2025 (`units-ago`). 当月 after a time of the question = that month (back-reference row). " + RR_SRC),
 Q("sc18", "近三個月各雪場的纜車停運次數是多少？同期訂票App有沒有更新？", T, A,
   ["rolling", "quantifier", "back-reference", "event", "split-term", MC],
   ls({"resort": ALL3}, "2025-04-01", "2025-06-30") + ar("2025-04-01", "2025-06-30"), complexity="complex",
   note="近三個月 = three whole months before the month holding as-of = 2025-04..2025-06 (`rolling-window`). 各雪場 → every resort, list filter. 同期 dates the app_release event (asked, not related); 訂票App…更新 written apart by 有沒有."),
 Q("sc19", "What were the refund rates for both day passes and season passes at Chongli over the past six months?", E, A,
   ["rolling", "list"],
   rr({"resort": "Chongli", "ticket_type": ["DayPass", "SeasonPass"]}, "2025-01-01", "2025-06-30"), complexity="complex",
   note="'the past six months' = 2025-01..2025-06 (complete months before as-of's). Two ticket types in one frame ('both' counts the two named values and is accounted for) → one list-filter goal per dataset. " + RR_SRC),
 Q("sc20", "截至2025年3月底的近三个月，长白山的租赁收入是多少？阿勒泰呢？", H, A,
   ["window-ending", "follow-up", "money", MC],
   rv({"resort": "Changbai"}, "2025-01-01", "2025-03-31") + rv({"resort": "Altay"}, "2025-01-01", "2025-03-31"), complexity="complex",
   note="`window-ending`: three whole months ending March 2025 = 2025-01..03 = 2025-Q1 on the quarterly ledger. 阿勒泰呢 = new frame, own goal (convention as sc05)."),
 Q("sc21", "為什麼崇禮日票去年12月的退票率上升了？", T, A,
   ["why", "relative"],
   rr({"resort": "Chongli", "ticket_type": "DayPass"}, "2024-12-01", "2024-12-31")
   + pa({"ticket_type": "DayPass"}, "2024-11-01", "2025-01-31") + ar("2024-11-01", "2025-01-31"),
   note="Why-question naming no event: the metric goal for December 2024 (asked.explain base = November 2024, fetched with the goal, not a goal of its own), plus every event source that lines up, over base start .. one month after the asked period = 2024-11-01..2025-01-31: price_adjustments filters by ticket_type (the metric's DayPass), app_releases has no dimension ('Why a metric moved'). Complexity left out. " + RR_SRC),
 Q("sc22", "Relate Altay's lift stoppages in January 2025 to any booking app releases.", E, A,
   ["correlate", "event", "count"],
   ls({"resort": "Altay"}, "2025-01-01", "2025-01-31") + ar("2024-12-01", "2025-02-28"), complexity="complex",
   note="An event that should explain/relate to a metric is searched over the metric period widened by one month each side (EVENT_WINDOW_MONTHS); app_release has no dimension → one search."),
 Q("sc23", "结合票价调整记录，分析一下2024年11月到12月日票退票率的变化", H, A,
   ["correlate", "range", "event"],
   rr({"ticket_type": "DayPass"}, "2024-11-01", "2024-12-31") + pa({"ticket_type": "DayPass"}, "2024-10-01", "2025-01-31"),
   complexity="complex",
   note="结合 relates the named event to the metric: window = metric period ± 1 month, one search for the metric's ticket type. The question names its events, so app_release is not added (not a why-question). 'Change over a range' does not add a base. " + RR_SRC),
 Q("sc24", "2024年季卡調過幾次價？分別是哪天生效的？", T, A,
   ["event", "count", "split-term", MC],
   pa({"ticket_type": "SeasonPass"}, "2024-01-01", "2024-12-31"), complexity="complex",
   note="An event asked on its own over a year: exactly that period at month grain ('2023年CRM總共發佈了幾個版本' example). 調過幾次價 = 調價 split by an aspect particle and a count (the 停了几次机 rule). 哪天 is a unit after an interrogative: a question word, no time (v12 row); the second ask is about the same events → one sub-goal, never the same event twice. Complexity complex: two sentences = two sub-questions (router row) — DEBATABLE, both ask of one goal."),
 Q("sc25", "List the booking app releases in the second half of 2023 and count Chongli's lift stoppages over that half.", E, A,
   ["part-of-period", "event", "count", "back-reference", MC],
   ar("2023-07-01", "2023-12-31") + ls({"resort": "Chongli"}, "2023-07-01", "2023-12-31"), complexity="complex",
   note="An event clause dated on its own, then a joiner, is its own ask: searched over the half itself, not widened; 'over that half' dates the stoppage clause (planner.md 'Clauses bind first', the CRM/complaints example)."),
 Q("sc26", "去年长白山的缆车停运次数是多少？同期有没有App更新？", H, A,
   ["relative", "back-reference", "event", MC],
   ls({"resort": "Changbai"}, "2024-01-01", "2024-12-31") + ar("2024-01-01", "2024-12-31"), complexity="complex",
   note="去年 = 2024 (month grain). 同期 dates the app_release event (no dimension, so Changbai does not apply)."),
 Q("sc27", "What's the refund rate for lesson packages at Altay?", E, A,
   ["default-period"],
   rr({"resort": "Altay", "ticket_type": "Lesson"}, "2025-06-01", "2025-06-30"), complexity="simple",
   note="No time at all: the last complete month before as-of, 2025-06 ('Periods'). " + RR_SRC),
 Q("sc28", "崇禮的雪具租賃收入是多少？", T, A,
   ["default-period", "money"],
   rv({"resort": "Chongli"}, "2025-04-01", "2025-06-30"), complexity="simple",
   note="No time: a quarterly ledger gets the last complete quarter before as-of, 2025-Q2 ('Periods': 'a quarter for a quarterly ledger')."),
 Q("sc29", "下个月长白山日票的退票率会是多少？", H, A, ["future"], expect="no_plan", unknown=["下个月"], complexity="simple",
   note="A period wholly after as-of is refused (exit 1), never replaced by the default period. unknown_terms holds the period words (round-10/11 convention)."),
 Q("sc30", "What will rental revenue at Chongli be next quarter?", E, A, ["future"], expect="no_plan", unknown=["next quarter"], complexity="simple",
   note="'next quarter' = 2025-Q4, wholly after as-of → cannot_plan."),
 Q("sc31", "2025年9月阿勒泰的纜車停運次數有多少？", T, A, ["future"], expect="no_plan", unknown=["2025年9月"], complexity="simple",
   note="An explicit month after as-of (2025-07-16) is refused ('2024年9月' asked on 2024-07-15 example)."),
 Q("sc32", "What was the snowmaking cost at Chongli in March 2025?", E, A, ["unknown"], expect="no_plan", unknown=["snowmaking cost"], complexity="simple",
   note="Unknown measure beside a known value and date: the catalog has no such metric → refused or asked which measure; either is no_plan."),
 Q("sc33", "2025年2月崇礼的客房入住率是多少？", H, A, ["unknown"], expect="no_plan", unknown=["客房入住率"], complexity="simple",
   note="Unknown measure (occupancy); a measure head 率 on no catalog stem → unknown measure, no plan."),
 Q("sc34", "去年12月長白山的退票率和雪道開放率各是多少？", T, A, ["partial-unknown", MC],
   rr({"resort": "Changbai"}, "2024-12-01", "2024-12-31"), unknown=["雪道開放率"],
   note="A known measure beside an unknown one: the known one is planned, the unknown reported as a warning (unknown-terms row). Complexity left out. " + RR_SRC),
 Q("sc35", "What was the refund rate at the Wanlong resort in January 2025?", E, A, ["unknown-value"], expect="no_plan", unknown=["Wanlong"], complexity="simple",
   note="An unknown qualifier beside the resort noun: asked back with the resort candidates (exit 3), which the gold format scores as no_plan ('no_plan covers both a refusal and a question asked back')."),
 Q("sc36", "这个雪季崇礼日票的退票率怎么样？", H, A, ["clarify", "season"], expect="clarify",
   note="A season ('this winter', 冬天) is asked back: which months a season covers depends on the writer. 雪季 (the ski season) is such a word; the planner must ask which period, not plan a default month, and must not read 季 as a quarter."),
 Q("sc37", "那邊上個月的遊客平均評分是多少？", T, A, ["clarify", "deictic"], expect="clarify",
   note="那邊 alone points at something unsaid and asks back (unresolved-qualifiers row: '那边的退货率')."),
 Q("sc38", "Compare the refund rate of the two resorts in May 2025.", E, A, ["clarify", "quantifier"], expect="clarify",
   note="A quantifier with no value named asks which ones (resolve-spans row: 'a count that matches neither, or a quantifier with no value named, asks which ones')."),
 Q("sc39", "你好！你都能帮我查哪些数据？", H, A, ["greeting", "help"], expect="direct", route="direct",
   note="Greeting + capability question: the help reply listing the catalog's metrics, events (and no topics)."),
 Q("sc40", "Thanks, that's all for today.", E, A, ["thanks"], expect="direct", route="direct",
   note="Thanks + closing: small talk, direct."),
 Q("sc41", "明天北京會下雪嗎？", T, A, ["out-of-scope"], expect="direct", route="direct",
   note="Weather forecast: outside the workspace → direct out_of_scope reply (the 今天北京天气 example)."),
 Q("sc42", "Between January and March 2025, how did the refund rate for day passes at Changbai compare with the same months last year?", E, A,
   ["range", "yoy", "compare"],
   rr({"resort": "Changbai", "ticket_type": "DayPass"}, "2025-01-01", "2025-03-31")
   + rr({"resort": "Changbai", "ticket_type": "DayPass"}, "2024-01-01", "2024-03-31"), complexity="complex",
   note="'the same months last year' shifts the clause's period a year back (`same-period-in-year`) as a base → its own goal. " + RR_SRC),
 Q("sc43", "对比一下崇礼2025年第一季度和第二季度的雪具租赁收入", H, A,
   ["compare", "quarter-range", "money"],
   rv({"resort": "Chongli"}, "2025-01-01", "2025-06-30"), complexity="complex",
   note="Two contiguous quarters written out are one span ('Q3 vs Q4 2023' → 2023-07-01..2023-12-31 by quarter); a comparison → complex."),
 Q("sc44", "長白山今年以來的纜車停運次數是多少？另外，今年以來季卡調過價嗎？", T, A,
   ["to-date", "event", "split-term", MC],
   ls({"resort": "Changbai"}, "2025-01-01", A) + pa({"ticket_type": "SeasonPass"}, "2025-01-01", A), complexity="complex",
   note="今年以來 = year to date, 2025-01-01..as-of day (month grain). The second sentence dates its own event with the same to-date span; asked, not related → exactly that period. 調過價 = 調價 split by an aspect particle."),
 Q("sc45", "What was Altay's average guest rating in the week before last, and in the week before that?", E, A,
   ["week", "relative", "before-named", MC],
   gr({"resort": "Altay"}, "2025-06-23", "2025-07-06"), complexity="complex",
   note="'the week before last' = 06-30..07-06 (whole week two back); 'the week before that' = the week before the named one, 06-23..06-29 (`before-named`: 'last week, and the week before: the two weeks back'). Contiguous periods of one entity are one span → 06-23..07-06 at week grain. DEBATABLE: two week goals are also defensible."),
 Q("sc46", "2024年12月崇礼和阿勒泰日票的退票率分别是多少？两地的缆车停运各有几次？", H, A,
   ["quantifier", "count", "back-reference", MC],
   rr({"resort": ["Chongli", "Altay"], "ticket_type": "DayPass"}, "2024-12-01", "2024-12-31")
   + ls({"resort": ["Chongli", "Altay"]}, "2024-12-01", "2024-12-31"), complexity="complex",
   note="Two resorts in one frame → list filter. 两地 counts exactly the two named values and refers back to them; the second clause takes the date of the first. " + RR_SRC),
 Q("sc47", "2023年7月至9月長白山教學票的退票率？同一季度的租賃收入呢？", T, A,
   ["range", "back-reference", "money", MC],
   rr({"resort": "Changbai", "ticket_type": "Lesson"}, "2023-07-01", "2023-09-30") + rv({"resort": "Changbai"}, "2023-07-01", "2023-09-30"),
   complexity="complex",
   note="Range 2023-07..09. 同一季度 after months inside one quarter = that quarter (2023-Q3) (same-period row). The ledger offers resort only: 教學票 is not a filter there. " + RR_SRC),
 Q("sc48", "How many lift stoppages did each resort have in the final two months of last year, and which resort had the most?", E, A,
   ["last-n-of-year", "quantifier", "ranking", MC],
   ls({"resort": ALL3}, "2024-11-01", "2024-12-31"), complexity="complex",
   note="'the final two months of last year' = 2024-11..12 (counted back from the year's end). 'each resort' → list of every value. A ranking ask records asked.breakdown on the metric goal and adds no goal."),
 Q("sc49", "上上个月阿勒泰季卡的退票率是多少？去年同期呢？", H, A,
   ["relative", "yoy", "follow-up", MC],
   rr({"resort": "Altay", "ticket_type": "SeasonPass"}, "2025-05-01", "2025-05-31")
   + rr({"resort": "Altay", "ticket_type": "SeasonPass"}, "2024-05-01", "2024-05-31"), complexity="complex",
   note="上上个月 = May 2025 (offset 2 from July); 去年同期 shifts it a year back = May 2024, a goal of its own. " + RR_SRC),
 Q("sc50", "崇禮2024年各季度的雪具租賃收入，並列出同年的票價調整", T, A,
   ["each-quarter", "event", "back-reference", "money", MC],
   rv({"resort": "Chongli"}, "2024-01-01", "2024-12-31") + pa({}, "2024-01-01", "2024-12-31"), complexity="complex",
   note="2024年各季度 = the four quarters, contiguous → one span by quarter. 並列出 (joiner + request) opens the event clause; 同年 dates it with 2024; asked, not related → the year itself. No ticket type named → no filter (崇禮 is not a dimension of the event table: the filter is dropped, not refused)."),
 Q("sc51", "What was the refund rate of lesson packages in Chongli in Q2 2025, quarter over quarter?", E, A,
   ["qoq", "compare"],
   rr({"resort": "Chongli", "ticket_type": "Lesson"}, "2025-01-01", "2025-03-31")
   + rr({"resort": "Chongli", "ticket_type": "Lesson"}, "2025-04-01", "2025-06-30"), complexity="complex",
   note="QoQ: Q2 2025 and its base Q1 2025, each a goal of its own (months of a monthly dataset). " + RR_SRC),
 Q("sc52", "24年3月长白山的缆车停运次数是多少？跟前年同期比呢？", H, A,
   ["short-year", "yoy", "follow-up", MC],
   ls({"resort": "Changbai"}, "2024-03-01", "2024-03-31") + ls({"resort": "Changbai"}, "2022-03-01", "2022-03-31"), complexity="complex",
   note="24年3月 = March 2024 (two-digit year). 前年同期 shifts the clause's period two years (relative units row) → March 2022, a base goal (the log holds no 2022 rows; the plan is still this)."),
 Q("sc53", "2025年初日票的退票率是多少？同期有沒有App更新？", T, A,
   ["part-of-year", "back-reference", "event", MC],
   rr({"ticket_type": "DayPass"}, "2025-01-01", "2025-03-31") + ar("2025-01-01", "2025-03-31"), complexity="complex",
   note="2025年初 = its first quarter (`part-of-year`). 同期 dates the workspace-wide event (asked, not related). " + RR_SRC),
 Q("sc54", "Was there any ticket price change for day passes last quarter?", E, A,
   ["event", "relative"],
   pa({"ticket_type": "DayPass"}, "2025-04-01", "2025-06-30"), complexity="simple",
   note="Event asked on its own: 'last quarter' = 2025-Q2, kept as dates at month grain, required:false."),
 Q("sc55", "2024年1月、3月和5月阿勒泰日票的退票率分别是多少？", H, A,
   ["month-list"],
   rr({"resort": "Altay", "ticket_type": "DayPass"}, "2024-01-01", "2024-01-31")
   + rr({"resort": "Altay", "ticket_type": "DayPass"}, "2024-03-01", "2024-03-31")
   + rr({"resort": "Altay", "ticket_type": "DayPass"}, "2024-05-01", "2024-05-31"), complexity="complex",
   note="A month list with separated months: separate sub-goals (time row: 'contiguous months merge into one span, separated ones are separate sub-goals'). Complexity: several periods → complex (the docs do not say outright). " + RR_SRC),
 Q("sc56", "自2025年3月以來，崇禮的纜車停運了幾次？", T, A,
   ["to-date", "since", "count"],
   ls({"resort": "Chongli"}, "2025-03-01", A), complexity="simple",
   note="自…以來 ('since', 自从2024年3月) before a period that starts by as-of: from its start to the as-of day (`to-date` row), month grain. 停運了幾次 = the count metric asked with its verb."),
 Q("sc57", "上週崇禮日票的退票率是多少？", T, A, ["week", "grain-refusal"], expect="no_plan", unknown=["上週"], complexity="simple",
   note="A week period of a dataset recorded by month is refused, naming the grain (refund_rate is monthly in both datasets)."),
 Q("sc58", "How did Changbai's guest rating two weeks ago compare with Chongli's in that same week?", E, A,
   ["weeks-ago", "week", "compare", "back-reference", MC],
   gr({"resort": "Changbai"}, "2025-06-30", "2025-07-06") + gr({"resort": "Chongli"}, "2025-06-30", "2025-07-06"), complexity="complex",
   note="'two weeks ago' = the day 14 days back (2025-07-02), answered for the ISO week holding it, 06-30..07-06 (`weeks-ago`); 'that same week' carries it. Two resorts named apart ('Changbai's … with Chongli's') are two frames → one goal each ('A in East China and B in North China' rule; a list filter is arguably also faithful)."),
 Q("sc59", "去年崇礼日票和季卡的退票率哪个更高？", H, A,
   ["relative", "pair", "compare"],
   rr({"resort": "Chongli", "ticket_type": ["DayPass", "SeasonPass"]}, "2024-01-01", "2024-12-31"), complexity="complex",
   note="Two ticket types listed together in one frame → one list-filter goal per dataset; 哪个更高 is a comparative ranking, no goal of its own. 去年 = 2024. " + RR_SRC),
 Q("sc60", "崇禮和阿勒泰上季度的雪具租賃收入分別是多少？哪個更高？", T, A,
   ["relative", "list", "ranking", "money", MC],
   rv({"resort": ["Chongli", "Altay"]}, "2025-04-01", "2025-06-30"), complexity="complex",
   note="上季度 = 2025-Q2 on the quarterly ledger; two resorts listed together → one list-filter goal; 哪個更高 is a ranking/comparative ask that adds no goal (pair words: 'one list when listed together')."),
 Q("sc61", "How many lift stoppages did Chongli have in Q1 2025, and was there an app update in the same quarter?", E, A,
   ["count", "back-reference", "event", MC],
   ls({"resort": "Chongli"}, "2025-01-01", "2025-03-31") + ar("2025-01-01", "2025-03-31"), complexity="complex",
   note="Q1 2025 on a monthly log = its months. 'the same quarter' dates the event with Q1 2025; asked, not related → not widened; app_release has no dimension."),
 Q("sc62", "阿勒泰2025年一季度的雪具租赁收入跟去年同一季度比怎么样？", H, A,
   ["yoy", "compare", "money"],
   rv({"resort": "Altay"}, "2025-01-01", "2025-03-31") + rv({"resort": "Altay"}, "2024-01-01", "2024-03-31"), complexity="complex",
   note="去年同一季度 after 2025年一季度 shifts it a year back (`same-period-in-year`: 'the same quarter last year', 上年同月) → 2024-Q1, a base goal of its own (跟…比 frames it as a comparison)."),
 Q("sc63", "Chongli day-pass refund rate for April 2025, YoY and month over month?", E, A,
   ["yoy", "mom", "compare", MC],
   rr({"resort": "Chongli", "ticket_type": "DayPass"}, "2025-04-01", "2025-04-30")
   + rr({"resort": "Chongli", "ticket_type": "DayPass"}, "2024-04-01", "2024-04-30")
   + rr({"resort": "Chongli", "ticket_type": "DayPass"}, "2025-03-01", "2025-03-31"), complexity="complex",
   note="Two bases for one asked month: YoY → April 2024, month over month → March 2025; each a goal of its own per source (the follow-up rule 'September 2024, August 2024 (环比) and September 2023 (同比)'). 'day-pass' with a hyphen = 'day pass' (a hyphen between letters counts as a space). " + RR_SRC),
]

D = "2024-07-15"   # a Monday; last complete month 2024-06, this quarter 2024-Q3
dm = [
 Q("dm01", "华东区A产品2024年2月到5月的退货率分别是多少？同期华东有没有换物流商？", H, D,
   ["range", "back-reference", "event", MC],
   dr({"product": "A", "region": "East"}, "2024-02-01", "2024-05-31") + dp("East", "2024-02-01", "2024-05-31"), complexity="complex",
   note="Range in one year; 同期 in a follow-up sentence that does not relate dates the event with the metric's own period ('Events'). 换物流商 is the change-event form. " + DR_SRC),
 Q("dm02", "Year to date, what's B's return rate in North China, and how does it compare with the same period last year?", E, D,
   ["to-date", "yoy", MC],
   dr({"product": "B", "region": "North"}, "2024-01-01", D) + dr({"product": "B", "region": "North"}, "2023-01-01", "2023-07-15"), complexity="complex",
   note="YTD = 2024-01-01..as-of day; the base a year earlier runs to the same day (`to-date`). " + DR_SRC),
 Q("dm03", "去年第三季度各類投訴分別有多少？同一季度有哪些CRM版本發布？", T, D,
   ["relative", "quantifier", "back-reference", "event", MC],
   dc({"category": ["Service", "Delivery", "Product"]}, "2023-07-01", "2023-09-30") + dcrm("2023-07-01", "2023-09-30"), complexity="complex",
   note="去年第三季度 = 2023-Q3; 各類 → every category, list filter. 同一季度 = that quarter; the CRM release is asked of every source offering it (tickets and the handbook's release-notes table), month grain, required:false. " + DC_SRC),
 Q("dm04", "What was the VIP repurchase rate over the first two quarters of 2023, and how many online campaigns ran in each of those quarters?", E, D,
   ["first-n-of-year", "back-reference", MC],
   dv("2023-01-01", "2023-06-30") + do("2023-01-01", "2023-06-30"), complexity="complex",
   note="'the first two quarters of 2023' = 2023-01-01..2023-06-30 by quarter (`first-units-of-period`); 'those quarters' carries the period. online_campaigns is a metric (PDF table, quarter grain), required."),
 Q("dm05", "三个月前C产品在华西区的退货率是多少？华南区呢？", H, D,
   ["units-ago", "follow-up", MC],
   dr({"product": "C", "region": "West"}, "2024-04-01", "2024-04-30") + dr({"product": "C", "region": "South"}, "2024-04-01", "2024-04-30"),
   complexity="complex",
   note="三个月前 as of 2024-07-15 = April 2024 ('3 months ago' example). 华南区呢 = a new frame with the same product and period, own goal. " + DR_SRC),
 Q("dm06", "上上季度華北區A產品的退貨率是多少？當季華北有沒有更換物流服務商？", T, D,
   ["relative", "back-reference", "event", MC],
   dr({"product": "A", "region": "North"}, "2024-01-01", "2024-03-31") + dp("North", "2024-01-01", "2024-03-31"), complexity="complex",
   note="上上季度 = anchor 2024-Q3 back 2 = 2024-Q1 (months). 當季 is a back-reference to that quarter (当月/该季度 row; 當 before a unit after a time of the question). Asked, not related → exactly Q1. " + DR_SRC),
 Q("dm07", "What was the month-on-month change in product A's return rate in East China for March 2024, and did East China switch carriers that month?", E, D,
   ["mom", "back-reference", "event", MC],
   dr({"product": "A", "region": "East"}, "2024-02-01", "2024-02-29") + dr({"product": "A", "region": "East"}, "2024-03-01", "2024-03-31")
   + dp("East", "2024-03-01", "2024-03-31"), complexity="complex",
   note="'month-on-month' (a variant of month over month): March 2024 and its base February 2024 as goals of their own. 'that month' = March 2024 (the asked month, not the base; round-8 example). " + DR_SRC),
 Q("dm08", "2024年1月华东A产品退货率涨了这么多，是什么原因？", H, D,
   ["why"],
   dr({"product": "A", "region": "East"}, "2024-01-01", "2024-01-31") + dp("East", "2023-12-01", "2024-02-29") + dcrm("2023-12-01", "2024-02-29"),
   note="Why-question (原因) naming no event: the metric goal (base 2023-12 in asked.explain), plus every event source that lines up over base start..one month after = 2023-12-01..2024-02-29: provider_changes for the metric's region East, and crm_release (no dimension) from tickets and the handbook table ('Why a metric moved': explain:events:crm_release:handbook). Complexity left out. " + DR_SRC),
 Q("dm09", "List the CRM releases in Q4 2023, and how many service complaints were there in that quarter?", E, D,
   ["event", "back-reference", "count", MC],
   dcrm("2023-10-01", "2023-12-31") + dc({"category": "Service"}, "2023-10-01", "2023-12-31"), complexity="complex",
   note="An event clause dated on its own, then a joiner, is its own ask: searched over Q4 itself; 'that quarter' dates the complaints. " + DC_SRC),
 Q("dm10", "A產品和B產品在華南區今年以來的退貨率各是多少？", T, D,
   ["to-date", "list", "quantifier"],
   dr({"product": ["A", "B"], "region": "South"}, "2024-01-01", D), complexity="complex",
   note="Two products listed in one frame → one list-filter goal per dataset. 今年以來 = 2024-01-01..as-of day. " + DR_SRC),
 Q("dm11", "2023年四季度服务类投诉环比变化多少？同期有没有CRM发布？", H, D,
   ["qoq", "back-reference", "event", MC],
   dc({"category": "Service"}, "2023-07-01", "2023-09-30") + dc({"category": "Service"}, "2023-10-01", "2023-12-31")
   + dcrm("2023-10-01", "2023-12-31"), complexity="complex",
   note="环比 on a quarterly metric: Q4 2023 and base Q3 2023, each its own goal per source. A plain 同期 after a comparison clause is the period asked (Q4). " + DC_SRC),
 Q("dm12", "What's the return rate of product C in South China?", E, D, ["default-period"],
   dr({"product": "C", "region": "South"}, "2024-06-01", "2024-06-30"), complexity="simple",
   note="No period: the last complete month before 2024-07-15 = June 2024. " + DR_SRC),
 Q("dm13", "下季度華東區B產品的退貨率預計多少？", T, D, ["future"], expect="no_plan", unknown=["下季度"], complexity="simple",
   note="A period wholly after as-of (2024-Q4) is refused ('华东区A产品下季度的退货率' example)."),
 Q("dm14", "What was the gross margin of product A in January 2024?", E, D, ["unknown"], expect="no_plan", unknown=["gross margin"], complexity="simple",
   note="Unknown measure only (the 毛利率 example in English)."),
 Q("dm15", "2024年3月华北区B产品的退货率和客单价分别是多少？", H, D, ["partial-unknown", MC],
   dr({"product": "B", "region": "North"}, "2024-03-01", "2024-03-31"), unknown=["客单价"],
   note="A known measure beside an unknown one (average order value): plan the known one, report the unknown. Complexity left out. " + DR_SRC),
 Q("dm16", "華中區上個月的退貨率是多少？", T, D, ["unknown-value"], expect="no_plan", unknown=["華中區"], complexity="simple",
   note="華中區 beside the region noun: an unknown value of a known dimension, asked back with the candidates (exit 3; the 东北区/华中区 examples) — scored as no_plan."),
 Q("dm17", "去年冬天華東區A產品的退貨率怎麼樣？", T, D, ["clarify", "season"], expect="clarify",
   note="Seasons are asked back ('what English misses: seasons … asked back'; 冬天 in the unread time words)."),
 Q("dm18", "Which of the two regions had the higher return rate for product A last month?", E, D, ["clarify", "pair"], expect="clarify",
   note="'the two regions' with no region named: a quantifier with no value named asks which ones."),
 Q("dm19", "Hi there! What can you look up for me?", E, D, ["greeting", "help"], expect="direct", route="direct",
   note="Greeting + capability question ('what can you look up for me?' is a listed help wording)."),
 Q("dm20", "好的，谢谢，辛苦了", H, D, ["thanks"], expect="direct", route="direct",
   note="Acknowledgement + thanks + 辛苦了: small talk, one reply."),
 Q("dm21", "刻錯字的客製化杯子可以退款嗎？運費誰負擔？", T, D, ["policy", MC],
   [kb("刻錯字的客製化杯子可以退款嗎？"), kb("刻錯字的客製化杯子退款運費誰負擔？")], complexity="complex",
   note="A policy question with two asks: one knowledge-base search per sub-question on the handbook (return_policy topic); scored on the source only."),
 Q("dm22", "How did complaints in the Delivery category evolve from Q1 through Q3 2023, quarter by quarter?", E, D,
   ["range", "trend", "grain-phrase"],
   dc({"category": "Delivery"}, "2023-01-01", "2023-09-30"), complexity="simple",
   note="A quarter range with a grain phrase: one span 2023-01-01..2023-09-30, quarter grain. Complexity: a trend of one entity — the docs list compare/correlate as complex, not trend (DEBATABLE). " + DC_SRC),
 Q("dm23", "2023年前三季度VIP复购率是多少？同比呢？", H, D,
   ["first-n-of-year", "yoy", "follow-up", MC],
   dv("2023-01-01", "2023-09-30") + dv("2022-01-01", "2022-09-30"), complexity="complex",
   note="2023年前三季度 = 2023-01-01..2023-09-30 by quarter; 同比呢 adds the year-earlier base as its own goal. vip: sales_bi only (sales_exports is fallback)."),
 Q("dm24", "華東區和華北區A產品2024年第一季度的退貨率分別是多少？兩區當季有沒有更換物流商？", T, D,
   ["quantifier", "back-reference", "event", MC],
   dr({"product": "A", "region": ["East", "North"]}, "2024-01-01", "2024-03-31") + dp("East", "2024-01-01", "2024-03-31") + dp("North", "2024-01-01", "2024-03-31"),
   complexity="complex",
   note="Two regions in one frame → list filter for the metric; events are one goal per value. 兩區 refers to the named regions. 當季 = Q1 2024 (asked, not related → not widened). " + DR_SRC),
 Q("dm25", "Between Q2 2023 and Q3 2023, did the VIP repurchase rate rise, and how many online campaigns ran in Q3?", E, D,
   ["quarter-range", "compare", MC],
   dv("2023-04-01", "2023-09-30") + do("2023-07-01", "2023-09-30"), complexity="complex",
   note="Two contiguous quarters of one entity → one span by quarter. 'Q3' alone takes the nearest written year (2023)."),
 Q("dm26", "上个月B产品各地区的退货率", H, D,
   ["relative", "quantifier"],
   dr({"product": "B", "region": ["East", "North", "South", "West"]}, "2024-06-01", "2024-06-30"), complexity="complex",
   note="上个月 = June 2024; 各地区 → every region (地区 is a region noun), one list-filter goal per dataset. Complexity complex (several entities; DEBATABLE). " + DR_SRC),
 Q("dm27", "For the three months ending May 2024, what was C's return rate in West China, and were there any CRM releases in that window?", E, D,
   ["window-ending", "back-reference", "event", MC],
   dr({"product": "C", "region": "West"}, "2024-03-01", "2024-05-31") + dcrm("2024-03-01", "2024-05-31"), complexity="complex",
   note="`window-ending`: 2024-03..05. 'in that window' is a same-period word: the event is asked over the metric's own period, not widened (no relate/why). " + DR_SRC),
 Q("dm28", "2023年12月與2024年1月比較，B產品華北區的退貨率有什麼變化？", T, D,
   ["compare", "cross-year"],
   dr({"product": "B", "region": "North"}, "2023-12-01", "2024-01-31"), complexity="complex",
   note="Two contiguous months the question writes out stay one span ('Q3 vs Q4 2023' rule), not a base comparison. " + DR_SRC),
 Q("dm29", "今年上半年C产品的退货率是多少？其中华西区的呢？", H, D,
   ["part-of-period", "subset", MC],
   dr({"product": "C"}, "2024-01-01", "2024-06-30") + dr({"product": "C", "region": "West"}, "2024-01-01", "2024-06-30"), complexity="complex",
   note="今年上半年 = 2024-01..06. 其中 opens a subset clause that narrows only itself: the total takes no filter from it (bind-qualifiers, 其中服务类 example). " + DR_SRC),
 Q("dm30", "How many complaints did we get in 2023 in each category, and which category had the most?", E, D,
   ["year", "quantifier", "ranking", MC],
   dc({"category": ["Service", "Delivery", "Product"]}, "2023-01-01", "2023-12-31"), complexity="complex",
   note="2023 on a quarterly metric = its quarters; 'each category' → list of every value; the ranking adds no goal. " + DC_SRC),
 Q("dm31", "上周华东区A产品的退货率是多少？", H, D, ["week", "grain-refusal"], expect="no_plan", unknown=["上周"], complexity="simple",
   note="A week of a monthly dataset is refused, naming the grain ('\"last week\" is a week, and return_rate is recorded by month only')."),
]

def write(name, rows):
    ids = [r["id"] for r in rows]
    assert len(ids) == len(set(ids)), name
    with open(os.path.join(OUT, f"{name}-plans.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(OUT, f"{name}-plans.scorable.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            if r["expect"] != "clarify":
                f.write(json.dumps(r, ensure_ascii=False) + "\n")

write("snowcrest", sc)
write("demo", dm)
for name, rows in (("snowcrest", sc), ("demo", dm)):
    from collections import Counter
    print(name, len(rows), dict(Counter(r["language"] for r in rows)), dict(Counter(r["expect"] for r in rows)),
          "multi-clause", sum(MC in r["tags"] for r in rows),
          "goals", sum(len(r.get("sub_goals", [])) for r in rows))
