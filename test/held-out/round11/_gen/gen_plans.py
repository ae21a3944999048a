#!/usr/bin/env python3
"""Writes maplerye-plans.jsonl, demo-plans.jsonl and their .scorable copies (round 11, blind)."""
import json, os
OUT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

TRUST_NOTE = ("waste_rate: pos_exports (trust 0.9) required, store_audits (0.6) required:false "
              "(planner.md 'Which sources are planned': every dataset offering the metric, file exports included, the most trusted required)")
CITIES = ["Shanghai", "Hangzhou", "Nanjing"]
LINES = ["Bread", "Pastry", "Cake"]

def P(grain, a, b):
    return {"grain": grain, "from": a, "to": b}

def g(source, dataset, kind, name, filters, period, required=True):
    d = {"source": source, "dataset": dataset, kind: name, "filters": filters, "period": period}
    if not required:
        d["required"] = False
    return d

# ---------------- Maple & Rye ----------------
def waste(f, a, b):
    return [g("pos_exports", "waste", "metric", "waste_rate", f, P("month", a, b)),
            g("store_audits", "waste", "metric", "waste_rate", f, P("month", a, b), False)]
def compl(f, a, b):
    return [g("feedback_log", "complaints", "metric", "customer_complaints", f, P("month", a, b))]
def wait(f, a, b):
    return [g("queue_sensors", "wait_times", "metric", "avg_wait_minutes", f, P("week", a, b))]
def cater(f, a, b):
    return [g("finance", "catering", "metric", "catering_revenue", f, P("quarter", a, b))]
def rc(f, a, b):
    return [g("ops_log", "recipe_changes", "event", "recipe_change", f, P("month", a, b), False)]
def pu(a, b):
    return [g("ops_log", "pos_upgrades", "event", "pos_upgrade", {}, P("month", a, b), False)]

# ---------------- demo ----------------
def rr(f, a, b):
    return [g("sales_bi", "returns", "metric", "return_rate", f, P("month", a, b)),
            g("support_bi", "returns", "metric", "return_rate", f, P("month", a, b), False)]
def cp(f, a, b):
    return [g("tickets", "complaints", "metric", "complaints", f, P("quarter", a, b)),
            g("sales_bi", "service_complaints", "metric", "complaints", f, P("quarter", a, b), False)]
def vip(a, b):
    return [g("sales_bi", "vip_repurchase", "metric", "vip_repurchase_rate", {}, P("quarter", a, b))]
def oc(a, b):
    return [g("handbook", "online_campaigns", "metric", "online_campaigns", {}, P("quarter", a, b))]
def lpc(region, a, b):
    return [g("tickets", "provider_changes", "event", "logistics_provider_change", {"region": region}, P("month", a, b), False)]
def crm(a, b):
    return [g("tickets", "crm_releases", "event", "crm_release", {}, P("month", a, b), False),
            g("handbook", "crm_versions", "event", "crm_release", {}, P("month", a, b), False)]

def line(id_, q, lang, as_of, expect="plan", sub=None, tags=(), note="", complexity=None, unknown=None, route=None):
    d = {"id": id_, "question": q, "language": lang, "as_of": as_of,
         "route": route or ("direct" if expect == "direct" else "retrieve"), "expect": expect}
    if complexity:
        d["complexity"] = complexity
    d["tags"] = list(tags)
    if unknown is not None:
        d["unknown_terms"] = unknown
    if sub:
        d["sub_goals"] = sub
    d["note"] = note
    return d

A = "2025-07-16"   # Wednesday
W = "2025-07-02"   # Wednesday, for the week questions (queue data ends 2025-06-29)
MR = []
def M(*a, **k):
    MR.append(line(*a, **k))

M("mr01-zh-hans", "杭州西点今年2月到4月的报损率分别是多少？同期顾客投诉有几件？", "zh-Hans", A,
  sub=waste({"city": "Hangzhou", "product_line": "Pastry"}, "2025-02-01", "2025-04-30")
      + compl({"city": "Hangzhou", "product_line": "Pastry"}, "2025-02-01", "2025-04-30"),
  tags=["range", "relative", "back-reference", "count", "multi-clause"], complexity="complex",
  note="今年 = 2025 completes both ends of the range (time rule `range`); one contiguous span (planner.md 'Periods'); 同期 carries the period and 杭州/西点 to the complaints clause (bind-qualifiers: frames that omit a time or dimension take the neighbouring frame's). " + TRUST_NOTE)
M("mr02-en", "What was the waste rate for bread in Nanjing from October to December last year, and how many customer complaints did Nanjing's bread line get over those same months?", "en", A,
  sub=waste({"city": "Nanjing", "product_line": "Bread"}, "2024-10-01", "2024-12-31")
      + compl({"city": "Nanjing", "product_line": "Bread"}, "2024-10-01", "2024-12-31"),
  tags=["range", "relative", "back-reference", "count", "multi-clause"], complexity="complex",
  note="'last year' completes both ends (range rule: 'January to March last year' = 2023-01..2023-03); 'those same months' is a same-period word; 'line' beside a value is a word the docs do not list as a dimension noun (the catalog's noun is 'product line') — an analyst reads Nanjing's bread line as Bread; if the planner asks back, that is a miss worth looking at. " + TRUST_NOTE)
M("mr03-zh-hant", "上海蛋糕年初至今的報損率是多少？跟去年同期比呢？", "zh-Hant", A,
  sub=waste({"city": "Shanghai", "product_line": "Cake"}, "2025-01-01", "2025-07-16")
      + waste({"city": "Shanghai", "product_line": "Cake"}, "2024-01-01", "2024-07-16"),
  tags=["to-date", "yoy", "follow-up", "multi-clause"], complexity="complex",
  note="to-date: month 2025-01-01..as-of day; the base a year earlier 'runs to the same day' (Time conventions `to-date`); 同比/去年同期 plans both periods as goals of their own. " + TRUST_NOTE)
M("mr04-en", "Year to date, how many customer complaints has Hangzhou logged, and how many of those were about cakes?", "en", A,
  sub=compl({"city": "Hangzhou"}, "2025-01-01", "2025-07-16") + compl({"city": "Hangzhou", "product_line": "Cake"}, "2025-01-01", "2025-07-16"),
  tags=["to-date", "count", "subset", "multi-clause"], complexity="complex",
  note="year to date on a monthly dataset = month 2025-01-01..2025-07-16 (the as-of day; Time conventions `to-date`). customer_complaints is a count from the log (tabular-datasets.md 'Counts from a log'); 'of those' is a subset word (subsetWords: 其中, of those, of which) → the Cake subset narrows only its clause, the total keeps no product filter")
M("mr05-zh-hans", "本季度到目前为止，各产品线的顾客投诉分别有多少？", "zh-Hans", "2025-08-20",
  sub=compl({"product_line": LINES}, "2025-07-01", "2025-08-20"),
  tags=["to-date", "quantifier", "count"], complexity="complex",
  note="本季度到目前为止 is the documented to-date example: 2025-07-01..as-of day at month grain; 各产品线 = every value of product_line, one goal with a list filter (planner.md 'Several values of one dimension … one metric goal per dataset with a list filter'); complex: several entities (router row)")
M("mr06-zh-hant", "本月至今杭州門店的顧客投訴有幾件？其中蛋糕的有幾件？", "zh-Hant", "2025-09-10",
  sub=compl({"city": "Hangzhou"}, "2025-09-01", "2025-09-10") + compl({"city": "Hangzhou", "product_line": "Cake"}, "2025-09-01", "2025-09-10"),
  tags=["to-date", "subset", "count", "multi-clause"], complexity="complex",
  note="本月至今 = month to date (to-date row: 2025-09-01..as-of day); 其中 opens a subset clause that narrows only itself — the total takes no filter from it (bind-qualifiers row, the 其中服务类 example); 杭州門店 is a synonym of Hangzhou")
M("mr07-en", "What was the waste rate in the first quarter of last year for pastries in Shanghai, and did any pastry recipe change take effect during that quarter?", "en", A,
  sub=waste({"city": "Shanghai", "product_line": "Pastry"}, "2024-01-01", "2024-03-31")
      + rc({"product_line": "Pastry"}, "2024-01-01", "2024-03-31"),
  tags=["part-of-period", "relative", "back-reference", "event", "multi-clause"], complexity="complex",
  note="'the first quarter of last year' (rule nth-unit-of-period) = 2024-Q1, planned as its months; 'that quarter' points back to it (back-reference row); the event is asked on its own (no relate/why), so it uses exactly the period asked, month grain, required:false (planner.md 'Events'). recipe_change is offered by product_line only. " + TRUST_NOTE)
M("mr08-zh-hans", "2024年上半年上海和杭州的企业订餐收入各是多少？去年同期呢？", "zh-Hans", A,
  sub=cater({"city": ["Shanghai", "Hangzhou"]}, "2024-01-01", "2024-06-30") + cater({"city": ["Shanghai", "Hangzhou"]}, "2023-01-01", "2023-06-30"),
  tags=["half", "yoy", "follow-up", "quantifier", "multi-clause"], complexity="complex",
  note="H1 2024 on the quarterly ledger = 2024-01-01..2024-06-30 by quarter; 去年同期 after a dated clause is that clause's period a year back (`same-period-in-year`); two cities in one frame = one goal with a list filter; only finance offers catering_revenue")
M("mr09-zh-hant", "2023年下半年南京的報損率是多少？同期南京有沒有收銀系統升級？", "zh-Hant", A,
  sub=waste({"city": "Nanjing"}, "2023-07-01", "2023-12-31") + pu("2023-07-01", "2023-12-31"),
  tags=["half", "back-reference", "event", "unsupported-filter", "multi-clause"], complexity="complex",
  note="an event dated by a plain 同期 written after the metric is searched over the metric's own period, not the widened window (planner.md 'Events'); pos_upgrades offers no dimension, so 南京 cannot be applied to it (a filter a source cannot apply is a warning: 'Event sources by trust and coverage together'). " + TRUST_NOTE)
M("mr10-en", "Show me Shanghai's average wait time for the last 4 weeks, and were there any POS upgrades in those weeks?", "en", W,
  sub=wait({"city": "Shanghai"}, "2025-06-02", "2025-06-29") + pu("2025-06-02", "2025-06-29"),
  tags=["rolling", "week", "event", "back-reference", "multi-clause"], complexity="complex",
  note="rolling-window: N whole weeks before the week holding as-of (as-of Wed 2025-07-02, week 2025-06-30..07-06) → 2025-06-02..2025-06-29 (the documented 过去四周 example has the same shape); queue_sensors is recorded by week, so planned at week grain; 'those weeks' points back at the window; the event, asked on its own, keeps those dates at month grain ('event datasets declare no grain and are searched by date range, so every event sub-goal is month grain, and a quarter or a year keeps its dates'), so from/to are the window's days")
M("mr11-zh-hans", "三周前杭州的平均排队时长是多少？上周呢？", "zh-Hans", W,
  sub=wait({"city": "Hangzhou"}, "2025-06-09", "2025-06-15") + wait({"city": "Hangzhou"}, "2025-06-23", "2025-06-29"),
  tags=["weeks-ago", "week", "follow-up", "multi-clause"], complexity="complex",
  note="`weeks-ago`: 三周前 = the day 21 days back (2025-06-11), a weekly dataset answers for the Monday..Sunday week holding it (2025-06-09..06-15); 上周 = 2025-06-23..06-29; the two weeks are not contiguous, so two goals; the follow-up takes 杭州 and the measure from the first clause")
M("mr12-zh-hant", "過去兩週上海和南京的平均排隊時長各是多少？", "zh-Hant", W,
  sub=wait({"city": ["Shanghai", "Nanjing"]}, "2025-06-16", "2025-06-29"),
  tags=["rolling", "week", "quantifier"], complexity="complex",
  note="rolling-window over weeks (過去兩週: the two whole weeks before the week holding as-of 2025-07-02) = 2025-06-16..2025-06-29 at week grain; two cities in one frame = one goal with a list filter")
M("mr13-en", "How did the waste rate for cakes in Hangzhou change month over month in May 2025, and how many cake complaints did Hangzhou get that month?", "en", A,
  sub=waste({"city": "Hangzhou", "product_line": "Cake"}, "2025-04-01", "2025-04-30") + waste({"city": "Hangzhou", "product_line": "Cake"}, "2025-05-01", "2025-05-31")
      + compl({"city": "Hangzhou", "product_line": "Cake"}, "2025-05-01", "2025-05-31"),
  tags=["mom", "compare", "back-reference", "count", "multi-clause"], complexity="complex",
  note="month over month needs a base: April 2025 and May 2025 each a goal of its own even though they touch ('Comparisons that need a base'; the 环比 example gives 4 goals with two sources); a base comparison is routed complex; 'that month' after 'month over month in May 2025' is May (the comparison word stays with its metric; round-8 'March 2024 vs the same month last year' → the event clause in March 2024), no base for the count, which asks no comparison. " + TRUST_NOTE)
M("mr14-zh-hans", "2025年3月南京面包的报损率同比变化多少？同期南京面包有几件投诉？", "zh-Hans", A,
  sub=waste({"city": "Nanjing", "product_line": "Bread"}, "2025-03-01", "2025-03-31") + waste({"city": "Nanjing", "product_line": "Bread"}, "2024-03-01", "2024-03-31")
      + compl({"city": "Nanjing", "product_line": "Bread"}, "2025-03-01", "2025-03-31"),
  tags=["yoy", "compare", "back-reference", "count", "multi-clause"], complexity="complex",
  note="同比 = the same month a year earlier as a goal of its own ('Comparisons that need a base'); 同期 = the clause's period (March 2025), the base being a role, not the period asked; the count asks no comparison. " + TRUST_NOTE)
M("mr15-zh-hant", "2025年第一季度杭州的企業訂餐收入是多少？和去年同一季度相比呢？", "zh-Hant", A,
  sub=cater({"city": "Hangzhou"}, "2025-01-01", "2025-03-31") + cater({"city": "Hangzhou"}, "2024-01-01", "2024-03-31"),
  tags=["yoy", "follow-up", "quarter", "multi-clause"], complexity="complex",
  note="去年同一季度 = the same quarter a year back (same-period-in-year row: 'the same quarter last year'); quarterly ledger, quarter grain")
M("mr16-en", "What was catering revenue in Nanjing in the quarter before last, and in the same quarter a year earlier?", "en", A,
  sub=cater({"city": "Nanjing"}, "2025-01-01", "2025-03-31") + cater({"city": "Nanjing"}, "2024-01-01", "2024-03-31"),
  tags=["relative", "yoy", "multi-clause"], complexity="complex",
  note="'the quarter before last' = anchor quarter holding as-of (Q3 2025) moved back 2 = Q1 2025 (relative calendar units); 'the same quarter a year earlier' = that period a year back (same-period-in-year)")
M("mr17-zh-hans", "三个月前上海的顾客投诉有多少？其中西点的有几件？", "zh-Hans", A,
  sub=compl({"city": "Shanghai"}, "2025-04-01", "2025-04-30") + compl({"city": "Shanghai", "product_line": "Pastry"}, "2025-04-01", "2025-04-30"),
  tags=["units-ago", "subset", "count", "multi-clause"], complexity="complex",
  note="'N months ago' is the last complete month moved back N-1 more: as of 2025-07-16, June → April 2025 (documented '3 months ago … April 2024' example); 其中 narrows only its own clause")
M("mr18-zh-hant", "近三個月各產品線的報損率分別是多少？", "zh-Hant", A,
  sub=waste({"product_line": LINES}, "2025-04-01", "2025-06-30"),
  tags=["rolling", "quantifier"], complexity="complex",
  note="近三個月 = the three complete months before the as-of month (rolling-window); 各產品線 = all three values in one goal with a list filter. " + TRUST_NOTE)
M("mr19-en", "Give me the waste rate for bread and pastry in Hangzhou over the past six months, plus any POS upgrades in that window.", "en", A,
  sub=waste({"city": "Hangzhou", "product_line": ["Bread", "Pastry"]}, "2025-01-01", "2025-06-30") + pu("2025-01-01", "2025-06-30"),
  tags=["rolling", "event", "back-reference", "multi-clause"], complexity="complex",
  note="'the past six months' = 2025-01..2025-06 (rolling-window); 'that window' is a same-period word (composed from a pointing word and a stretch of time) → the metric's own period, not widened, since nothing relates or explains; bread and pastry listed together = one list filter. " + TRUST_NOTE)
M("mr20-zh-hans", "去年第三季度南京和杭州的顾客投诉，两地分别有多少？", "zh-Hans", A,
  sub=compl({"city": ["Nanjing", "Hangzhou"]}, "2024-07-01", "2024-09-30"),
  tags=["relative", "quantifier", "count"], complexity="complex",
  note="去年第三季度 (Since issue 15) = 2024-Q3, planned as its months on the monthly log; 两地 counts exactly the two cities named and refers back to them (resolve-spans row: a quantifier that counts the values it named is accounted for)")
M("mr21-zh-hant", "為什麼2024年3月杭州西點的報損率突然升高？", "zh-Hant", A,
  sub=waste({"city": "Hangzhou", "product_line": "Pastry"}, "2024-03-01", "2024-03-31")
      + rc({"product_line": "Pastry"}, "2024-02-01", "2024-04-30") + pu("2024-02-01", "2024-04-30"),
  tags=["why", "event"],
  note="'Why a metric moved': the goal is March 2024 (the base 2024-02 is recorded on asked.explain, not a goal); no event named, so every event source that lines up is searched from the base's start to one month after: recipe_changes by the metric's own product_line value (Pastry) and pos_upgrades (no dimension) over 2024-02-01..2024-04-30. complexity left out (the docs do not say whether a why-question is 'a correlation'). " + TRUST_NOTE)
M("mr22-en", "Relate Nanjing's cake waste rate in November 2023 to recipe changes.", "en", A,
  sub=waste({"city": "Nanjing", "product_line": "Cake"}, "2023-11-01", "2023-11-30") + rc({"product_line": "Cake"}, "2023-10-01", "2023-12-31"),
  tags=["correlate", "event"], complexity="complex",
  note="events that should explain a metric ('relate it to …') are searched over the metric period widened by one month on each side, one search per value of the related entities' dimension the search offers (Cake; city is not offered by recipe_changes); a named event keeps only its own goals (no POS search). " + TRUST_NOTE)
M("mr23-zh-hans", "2024年8月上海面包的报损率是多少？结合同期配方调整分析原因。", "zh-Hans", A,
  sub=waste({"city": "Shanghai", "product_line": "Bread"}, "2024-08-01", "2024-08-31") + rc({"product_line": "Bread"}, "2024-07-01", "2024-09-30"),
  tags=["correlate", "why", "event", "multi-clause"], complexity="complex",
  note="'结合同期物流服务商变更分析原因 keeps the widened window' (planner.md 'Events'): ±1 month = 2024-07-01..2024-09-30 (the why-window from the base 2024-07 to a month after gives the same span); the question names its event, so no POS search is added. " + TRUST_NOTE)
M("mr24-zh-hant", "2024年有過哪幾次配方調整？收銀系統又升級了幾次？", "zh-Hant", A,
  sub=rc({}, "2024-01-01", "2024-12-31") + pu("2024-01-01", "2024-12-31"),
  tags=["event", "count", "multi-clause"], complexity="complex",
  note="events asked on their own use exactly the period asked, month grain, a year keeping its dates (the '2023年CRM總共發佈了幾個版本' example); the second sentence has no date of its own and takes 2024 from the first (decomposer/binding: a follow-up that names no date gets the previous one's)")
M("mr25-en", "List the POS upgrades in the second half of 2023 and count the customer complaints over that half.", "en", A,
  sub=pu("2023-07-01", "2023-12-31") + compl({}, "2023-07-01", "2023-12-31"),
  tags=["event", "half", "back-reference", "count", "multi-clause"], complexity="complex",
  note="an event asked on its own: exactly the period asked, month grain, required:false; 'and count' opens a clause (CONNECTED_ASK, the documented 'List the CRM releases in H2 last year and count the service complaints over that half'); 'that half' = H2 2023")
M("mr26-zh-hans", "2025年上半年蛋糕有没有换配方？", "zh-Hans", A,
  sub=rc({"product_line": "Cake"}, "2025-01-01", "2025-06-30"),
  tags=["event", "half"], complexity="simple",
  note="换配方 is a synonym of recipe_change; an event asked on its own uses the period asked; the Cake filter is offered by recipe_changes")
M("mr27-zh-hant", "2024年9月各城市的顧客投訴各有幾件？當月有沒有收銀系統升級？", "zh-Hant", A,
  sub=compl({"city": CITIES}, "2024-09-01", "2024-09-30") + pu("2024-09-01", "2024-09-30"),
  tags=["quantifier", "back-reference", "event", "count", "multi-clause"], complexity="complex",
  note="各城市 = all three cities in one list-filter goal; 當月 after a dated month points back at it (back-reference row: '2024年1月…？当月华东区有没有换物流商？' searches January 2024); the event is asked, not related, so its own month")
M("mr28-en", "What's the waste rate?", "en", A,
  sub=waste({}, "2025-06-01", "2025-06-30"),
  tags=["default-period"], complexity="simple",
  note="no time span at all → the last complete month before as-of (planner.md 'Periods'; the note says so). " + TRUST_NOTE)
M("mr29-zh-hans", "企业订餐收入是多少？", "zh-Hans", A,
  sub=cater({}, "2025-04-01", "2025-06-30"),
  tags=["default-period", "quarter"], complexity="simple",
  note="no period on a quarterly ledger → the last complete quarter before as-of (planner.md: 'a quarter for a quarterly ledger (as of 2024-11-20: 2024-07-01..2024-09-30)') = Q2 2025")
M("mr30-zh-hant", "下個月上海的報損率會是多少？", "zh-Hant", A, expect="no_plan", unknown=["下個月"],
  tags=["future"], complexity="simple",
  note="a period wholly after as-of is refused as a forecast (cannot_plan, exit 1), never replaced by the default period; unknown_terms holds the period words as written (round-10 convention)")
M("mr31-en", "Forecast next quarter's catering revenue for Hangzhou.", "en", A, expect="no_plan", unknown=["next quarter"],
  tags=["future"], complexity="simple",
  note="'next quarter' is wholly after as-of → refused (planner.md: '\"next quarter\", 明年 … gets cannot_plan')")
M("mr32-zh-hans", "2025年9月杭州的顾客投诉有多少件？", "zh-Hans", A, expect="no_plan", unknown=["2025年9月"],
  tags=["future"], complexity="simple",
  note="an explicit month after as-of (2025-07-16) is refused ('an explicit “2024年9月” asked on 2024-07-15 gets cannot_plan')")
M("mr33-en", "What was the gross margin in Shanghai last month?", "en", A, expect="no_plan", unknown=["gross margin"],
  tags=["unknown"], complexity="simple",
  note="only an unknown measure beside a value and a date: no plan (exit 1 '毛利率' example, or asked back as a data question whose measure the catalog lacks — both are no_plan in the gold format)")
M("mr34-zh-hant", "2024年12月南京的毛利率和報損率各是多少？", "zh-Hant", A, unknown=["毛利率"],
  sub=waste({"city": "Nanjing"}, "2024-12-01", "2024-12-31"),
  tags=["partial-unknown"],
  note="an unknown measure beside a known one ('return rate and churn rate') is a warning and the known one is planned (unknown-terms row). complexity left out: one planned measure, but two asked (the docs do not decide). " + TRUST_NOTE)
M("mr35-zh-hans", "上个月上海门店的客流量是多少？", "zh-Hans", A, expect="no_plan", unknown=["客流量"],
  tags=["unknown"], complexity="simple",
  note="客流量 (foot traffic) is not in the catalog; the question is data-shaped (a value and a date) with no known measure: asked back or refused, both no_plan")
M("mr36-en", "What was the waste rate in Suzhou in March 2025?", "en", A, expect="no_plan", unknown=["Suzhou"],
  tags=["unknown", "unknown-value"], complexity="simple",
  note="'Suzhou' is a capitalised name after 'in', not a catalog value: an unknown qualifier refuses (or asks back with candidates) — planning without it would answer another question (unknown-terms row). waste_rate has two open dimensions (city, product_line), so the docs say it is refused with the word rather than asked; either way no_plan")
M("mr37-zh-hans", "今年夏天杭州的报损率怎么样？", "zh-Hans", A, expect="clarify",
  tags=["clarify", "season"],
  note="seasons are asked back (planner.md, Duckling figures: 'seasons … asked back — which months a season covers depends on the hemisphere'; 冬天 in the unread list). What must be asked: which months 夏天 means")
M("mr38-en", "What was Shanghai's waste rate in FY2024 Q3?", "en", A, expect="clarify",
  tags=["clarify", "fiscal"],
  note="the workspace declares no fiscal_year: 'Without fiscal_year a fiscal period asks back (exit 3, \"did you mean calendar Q1 2024?\")'. What must be asked: calendar Q3 2024 or a fiscal definition")
M("mr39-zh-hant", "那邊上個月的報損率是多少？", "zh-Hant", A, expect="clarify",
  tags=["clarify", "deictic"],
  note="a locative alone ('那边的退货率') points at something unsaid and asks (unresolved-qualifiers row). What must be asked: which city")
M("mr40-zh-hans", "你好！", "zh-Hans", A, expect="direct", tags=["greeting"], note="greeting: direct reply in the question's language")
M("mr41-en", "What can you look up for me?", "en", A, expect="direct", tags=["help"], note="capability question: the help reply listing the catalog's metrics and events (router row: 'what can you look up for me?')")
M("mr42-zh-hant", "明天台北會下雨嗎？", "zh-Hant", A, expect="direct", tags=["out-of-scope"], note="weather: outside the workspace (like 今天北京天气怎么样？); no catalog term")
M("mr43-en", "Thanks, that's all for today.", "en", A, expect="direct", tags=["thanks"], note="thanks + closing (small-talk row: one answer per act)")
M("mr44-en", "Compare complaints at both the Shanghai and Nanjing stores from 2024-10 to 2025-03.", "en", A,
  sub=compl({"city": ["Shanghai", "Nanjing"]}, "2024-10-01", "2025-03-31"),
  tags=["range", "compare", "quantifier"], complexity="complex",
  note="'2023-07 to 2023-09' form across a year end = one span; 'both' counts the two named cities (resolve-spans row: both/either = two); listed together in one frame = one goal with a list filter; 'stores' is the values' own noun (Shanghai stores); compare → complex")
M("mr45-zh-hans", "截至2025年5月底的近三个月，西点的报损率是多少？同期西点的投诉有多少？", "zh-Hans", A,
  sub=waste({"product_line": "Pastry"}, "2025-03-01", "2025-05-31") + compl({"product_line": "Pastry"}, "2025-03-01", "2025-05-31"),
  tags=["window-ending", "back-reference", "count", "multi-clause"], complexity="complex",
  note="`window-ending`: 截至2025年5月底的近三个月 = March–May 2025 (the documented 截至2024年3月底的近三个月 = January–March shape); 同期 carries it. " + TRUST_NOTE)
M("mr46-zh-hant", "2023年前三季度上海的企業訂餐收入是多少？南京呢？", "zh-Hant", A,
  sub=cater({"city": "Shanghai"}, "2023-01-01", "2023-09-30") + cater({"city": "Nanjing"}, "2023-01-01", "2023-09-30"),
  tags=["first-n", "quarter", "follow-up", "multi-clause"], complexity="complex",
  note="2023年前三季度 = the first three quarters counted from the year's start (documented example), one span at quarter grain; 南京呢 is a follow-up of values only, which takes the measure and period before it; two frames (two sentences) = two goals (README problem 2)")
M("mr47-en", "How many complaints did all three cities get in the final two months of 2024, and which recipe changes happened then?", "en", A,
  sub=compl({"city": CITIES}, "2024-11-01", "2024-12-31") + rc({}, "2024-11-01", "2024-12-31"),
  tags=["last-n", "quantifier", "event", "back-reference", "multi-clause"], complexity="complex",
  note="'the final two months of 2024' (last-units-of-period, counted back from the year's end) = Nov–Dec 2024; 'all three cities' equals the catalog's count → all values, one list goal; the recipe change clause is asked on its own over the same period ('then' points back); recipe_changes cannot filter by city, so no filter")
M("mr48-zh-hans", "上上个月南京蛋糕的报损率是多少？那个月南京收到几件蛋糕投诉？", "zh-Hans", A,
  sub=waste({"city": "Nanjing", "product_line": "Cake"}, "2025-05-01", "2025-05-31") + compl({"city": "Nanjing", "product_line": "Cake"}, "2025-05-01", "2025-05-31"),
  tags=["relative", "back-reference", "count", "multi-clause"], complexity="complex",
  note="上上个月 = two months back from the month holding as-of (2025-07) = May 2025; 那个月 points back at it (back-reference row). " + TRUST_NOTE)
M("mr49-en", "What was the average wait in Hangzhou the week before last? And in Nanjing that same week?", "en", W,
  sub=wait({"city": "Hangzhou"}, "2025-06-16", "2025-06-22") + wait({"city": "Nanjing"}, "2025-06-16", "2025-06-22"),
  tags=["week", "relative", "back-reference", "follow-up", "multi-clause"], complexity="complex",
  note="'the week before last' is the whole week two back (weeks-ago row): as of Wed 2025-07-02 → 2025-06-16..06-22; 'that same week' carries it. The two cities are in two frames (two sentences), so two goals (round-10 hl47 convention); a scorer that merges them into one list goal would be equally faithful to the docs (see README problem 2)")
M("mr50-zh-hant", "24年1月和3月上海麵包的報損率分別是多少？", "zh-Hant", A,
  sub=waste({"city": "Shanghai", "product_line": "Bread"}, "2024-01-01", "2024-01-31") + waste({"city": "Shanghai", "product_line": "Bread"}, "2024-03-01", "2024-03-31"),
  tags=["short-year", "month-list"], complexity="complex",
  note="two-digit year (24年) and a month list: separated months are separate sub-goals (Since issue 15: 'contiguous months merge into one span, separated ones are separate sub-goals'). complex: several periods asked. " + TRUST_NOTE)
M("mr51-zh-hans", "从2024年第四季度到2025年第一季度，按季度看杭州的企业订餐收入", "zh-Hans", A,
  sub=cater({"city": "Hangzhou"}, "2024-10-01", "2025-03-31"),
  tags=["quarter-range", "grain-phrase"], complexity="simple",
  note="a quarter range across years with a grain phrase after it: one span 2024-10-01..2025-03-31 by quarter (documented '从2023年第四季度到2024年第二季度，按季度' example). complexity: one entity and one span; a planner reading 'trend' might call it complex — the docs do not decide, kept simple")
M("mr52-en", "For Q2 2025, give the complaint count for each product line in Nanjing, and tell me whether any cake recipe update took effect that quarter.", "en", A,
  sub=compl({"city": "Nanjing", "product_line": LINES}, "2025-04-01", "2025-06-30") + rc({"product_line": "Cake"}, "2025-04-01", "2025-06-30"),
  tags=["quantifier", "event", "back-reference", "multi-clause"], complexity="complex",
  note="'each product line' = every value of product_line, one list goal with Nanjing; 'that quarter' = Q2 2025; the event is asked (not related) → its own period; recipe_changes filters by product_line only (Cake)")
M("mr53-zh-hans", "去年12月杭州的报损率是多少？前一个月呢？", "zh-Hans", A,
  sub=waste({"city": "Hangzhou"}, "2024-11-01", "2024-12-31"),
  tags=["relative", "before-named", "follow-up", "multi-clause"], complexity="complex",
  note="`before-named`: 前一个月 after a named month is the one just before it (November 2024). The two months are contiguous and of one entity, and the question asks no base comparison, so by 'Contiguous periods of one entity are one span' they make one span 2024-11..2024-12 per source (README problem 3: a planner that keeps two goals is arguable). " + TRUST_NOTE)
M("mr54-zh-hant", "2024年南京全年的顧客投訴一共有多少？其中麵包的有幾件？", "zh-Hant", A,
  sub=compl({"city": "Nanjing"}, "2024-01-01", "2024-12-31") + compl({"city": "Nanjing", "product_line": "Bread"}, "2024-01-01", "2024-12-31"),
  tags=["whole-period", "subset", "count", "multi-clause"], complexity="complex",
  note="2024年…全年 = the whole year 2024 (whole-period rule) at month grain; 其中 subset narrows only itself")
M("mr55-en", "Year over year, how did Shanghai's catering revenue change in Q2 2025?", "en", A,
  sub=cater({"city": "Shanghai"}, "2025-04-01", "2025-06-30") + cater({"city": "Shanghai"}, "2024-04-01", "2024-06-30"),
  tags=["yoy", "compare"], complexity="complex",
  note="year over year = the same quarter a year earlier as a goal of its own; the comparison word written before the date stays with its metric")
M("mr56-zh-hans", "上季度杭州和南京的报损率环比如何？", "zh-Hans", A,
  sub=waste({"city": ["Hangzhou", "Nanjing"]}, "2025-04-01", "2025-06-30") + waste({"city": ["Hangzhou", "Nanjing"]}, "2025-01-01", "2025-03-31"),
  tags=["relative", "qoq", "quantifier"], complexity="complex",
  note="上季度 = Q2 2025 (as of 2025-07-16); 环比 = the quarter before (Q1 2025) as its own goal; quarters of a monthly dataset become their months; two cities in one frame = list filter. " + TRUST_NOTE)
M("mr57-zh-hant", "上週上海收到幾件顧客投訴？", "zh-Hant", A, expect="no_plan", unknown=["上週"],
  tags=["week", "grain-refusal"], complexity="simple",
  note="'A day or week period of a dataset recorded by month (or coarser) is refused, naming the grain' — the complaint log is offered at month grain (its rows have day dates, but offers.grain is month). unknown_terms holds the refused period words (round-10 convention for 上周)")
M("mr58-zh-hant", "上週三個城市的平均排隊時長分別是多少？哪個城市最長？", "zh-Hant", W,
  sub=wait({"city": CITIES}, "2025-06-23", "2025-06-29"),
  tags=["week", "relative", "quantifier", "breakdown", "multi-clause"], complexity="complex",
  note="the ranking ask (哪個城市最長) adds no goal, only asked.breakdown on the same goal (planner.md 'Breakdowns and rankings'); 上週 on the week-grain dataset = the Monday..Sunday week before the one holding as-of (2025-06-23..06-29); 三個城市 equals the catalog's count → all three, one list goal")
M("mr59-zh-hans", "杭州近半年的企业订餐收入，以及近半年的报损率，分别是多少？", "zh-Hans", A,
  sub=cater({"city": "Hangzhou"}, "2025-01-01", "2025-06-30") + waste({"city": "Hangzhou"}, "2025-01-01", "2025-06-30"),
  tags=["rolling", "multi-clause", "multi-measure"], complexity="complex",
  note="近半年 = the last six complete months (rolling-window; 'not the last six months' only for 这半年) = 2025-01..2025-06: by quarter on the ledger (Q1–Q2 2025), by month on the waste datasets. " + TRUST_NOTE)
M("mr60-en", "Between March and May 2024, how many pastry complaints were filed in Hangzhou, and what was the waste rate for pastry there in the same period?", "en", A,
  sub=compl({"city": "Hangzhou", "product_line": "Pastry"}, "2024-03-01", "2024-05-31") + waste({"city": "Hangzhou", "product_line": "Pastry"}, "2024-03-01", "2024-05-31"),
  tags=["range", "back-reference", "count", "multi-clause"], complexity="complex",
  note="'between … and' range, one span; 'there' and 'the same period' carry Hangzhou and the period; 'pastry complaints' = Pastry value before the metric. " + TRUST_NOTE)

M("mr61-zh-hans", "上半年各城市的企业订餐收入分别是多少？和去年同期相比呢？", "zh-Hans", A,
  sub=cater({"city": CITIES}, "2025-01-01", "2025-06-30") + cater({"city": CITIES}, "2024-01-01", "2024-06-30"),
  tags=["half", "yearless", "yoy", "quantifier", "follow-up", "multi-clause"], complexity="complex",
  note="上半年 without a year = the as-of year's first half (`whole-current` row, `yearless`) = H1 2025 by quarter; 去年同期 = H1 2024 as its own goal; 各城市 = all three in one list goal")
M("mr62-zh-hant", "今年以來南京蛋糕的報損率如何？同期南京蛋糕收到多少投訴？", "zh-Hant", A,
  sub=waste({"city": "Nanjing", "product_line": "Cake"}, "2025-01-01", "2025-07-16") + compl({"city": "Nanjing", "product_line": "Cake"}, "2025-01-01", "2025-07-16"),
  tags=["to-date", "back-reference", "count", "multi-clause"], complexity="complex",
  note="今年以来 is a listed to-date word (Time conventions `to-date`): 2025-01-01..as-of day at month grain; 同期 carries it. " + TRUST_NOTE)
M("mr63-en", "Month to date, what is the waste rate for bread in Shanghai?", "en", "2025-08-20",
  sub=waste({"city": "Shanghai", "product_line": "Bread"}, "2025-08-01", "2025-08-20"),
  tags=["to-date"], complexity="simple",
  note="month to date: from the month's start to the as-of day at the dataset's grain (the as-of month is fetched; its figure holds what was recorded by then). " + TRUST_NOTE)

# ---------------- demo ----------------
B = "2024-06-30"
DM = []
def Dm(*a, **k):
    DM.append(line(*a, **k))
RR_NOTE = "return_rate: sales_bi (0.85) required, support_bi (0.6) required:false; sales_exports is the metric's fallback and not planned (planner.md 'Which sources are planned')"
CP_NOTE = "complaints: tickets/complaints (0.9) required, sales_bi/service_complaints (0.85) required:false, both offered at quarter grain, so months widen to quarters"

Dm("dm01-zh-hans", "华北区B产品2023年9月到11月的退货率是多少？同期华北有没有换物流商？", "zh-Hans", B,
   sub=rr({"region": "North", "product": "B"}, "2023-09-01", "2023-11-30") + lpc("North", "2023-09-01", "2023-11-30"),
   tags=["range", "back-reference", "event", "multi-clause"], complexity="complex",
   note="month range one span; an event dated by a plain 同期 after the metric is searched over the metric's own period (not widened: nothing relates or explains). " + RR_NOTE)
Dm("dm02-en", "What was product C's return rate in South China year to date, and over the same period last year?", "en", "2024-05-20",
   sub=rr({"region": "South", "product": "C"}, "2024-01-01", "2024-05-20") + rr({"region": "South", "product": "C"}, "2023-01-01", "2023-05-20"),
   tags=["to-date", "yoy", "multi-clause"], complexity="complex",
   note="year to date as of 2024-05-20 = month 2024-01-01..2024-05-20 (the documented example); the base a year earlier runs to the same day. " + RR_NOTE)
Dm("dm03-zh-hant", "2023年第四季度各類投訴分別有多少？同期CRM發佈了哪些版本？", "zh-Hant", B,
   sub=cp({"category": ["Service", "Delivery", "Product"]}, "2023-10-01", "2023-12-31") + crm("2023-10-01", "2023-12-31"),
   tags=["quantifier", "back-reference", "event", "multi-clause"], complexity="complex",
   note="各類投訴: a quantifier before the classifier is not a qualifier (unresolved-qualifiers row) → every category in one list goal; the CRM releases are asked of every source offering them (tickets and handbook, both optional) over the same quarter. " + CP_NOTE)
Dm("dm04-en", "How did the VIP repurchase rate change quarter over quarter in Q3 2023, and how many online campaigns ran that quarter?", "en", B,
   sub=vip("2023-04-01", "2023-06-30") + vip("2023-07-01", "2023-09-30") + oc("2023-07-01", "2023-09-30"),
   tags=["qoq", "compare", "back-reference", "multi-clause"], complexity="complex",
   note="quarter over quarter: Q2 2023 (base) and Q3 2023 (period) as goals of their own; vip_repurchase_rate: sales_bi only (sales_exports is its fallback); 'that quarter' = Q3 2023 (the comparison's own period, not the base); the campaigns ask no comparison, so one goal")
Dm("dm05-zh-hans", "2023年上半年一共办了多少场线上活动？VIP复购率呢？", "zh-Hans", B,
   sub=oc("2023-01-01", "2023-06-30") + vip("2023-01-01", "2023-06-30"),
   tags=["half", "follow-up", "multi-clause"], complexity="complex",
   note="H1 2023 on quarterly datasets = 2023-01-01..2023-06-30 by quarter; the follow-up 'VIP复购率呢' takes the period; online_campaigns only from the handbook table (required, as in the model-planner example)")
Dm("dm06-zh-hant", "去年下半年華東區A產品的退貨率是多少？華北區B產品呢？", "zh-Hant", B,
   sub=rr({"region": "East", "product": "A"}, "2023-07-01", "2023-12-31") + rr({"region": "North", "product": "B"}, "2023-07-01", "2023-12-31"),
   tags=["half", "relative", "follow-up", "multi-clause"], complexity="complex",
   note="去年下半年 (halves named from as-of) = 2023-07..2023-12. " + RR_NOTE)
Dm("dm07-en", "What was product A's return rate in East China for the three months ending February 2024, and were there any provider changes in East China over that window?", "en", B,
   sub=rr({"region": "East", "product": "A"}, "2023-12-01", "2024-02-29") + lpc("East", "2023-12-01", "2024-02-29"),
   tags=["window-ending", "event", "back-reference", "multi-clause"], complexity="complex",
   note="`window-ending`: three whole months ending with February 2024 = Dec 2023–Feb 2024; 'that window' is a same-period word → the metric's own period; the event is asked, not related. " + RR_NOTE)
Dm("dm08-zh-hans", "为什么2024年1月华东区A产品的退货率上升了？", "zh-Hans", B,
   sub=rr({"region": "East", "product": "A"}, "2024-01-01", "2024-01-31") + lpc("East", "2023-12-01", "2024-02-29") + crm("2023-12-01", "2024-02-29"),
   tags=["why", "event"],
   note="'Why a metric moved': base 2023-12 on asked.explain (not a goal); every event source lining up: provider changes by region (East) and the CRM releases (no dimension; tickets and handbook) over the base start .. one month after = 2023-12-01..2024-02-29. complexity left out. " + RR_NOTE)
Dm("dm09-en", "List the CRM releases in the first half of 2023.", "en", B,
   sub=crm("2023-01-01", "2023-06-30"),
   tags=["event", "half"], complexity="simple",
   note="an event asked on its own: the period asked, month grain; both sources offering crm_release, both optional")
Dm("dm10-zh-hant", "上個月華南區C產品的退貨率是多少？三個月前呢？", "zh-Hant", "2024-03-12",
   sub=rr({"region": "South", "product": "C"}, "2024-02-01", "2024-02-29") + rr({"region": "South", "product": "C"}, "2023-12-01", "2023-12-31"),
   tags=["relative", "units-ago", "follow-up", "multi-clause"], complexity="complex",
   note="上個月 as of 2024-03-12 = February 2024; 三個月前 = the last complete month moved back 2 more = December 2023; not contiguous → separate goals. " + RR_NOTE)
Dm("dm11-zh-hans", "2024年5月华东和华北的退货率环比怎么样？同期华东有没有更换物流服务商？", "zh-Hans", B,
   sub=rr({"region": ["East", "North"]}, "2024-04-01", "2024-04-30") + rr({"region": ["East", "North"]}, "2024-05-01", "2024-05-31") + lpc("East", "2024-05-01", "2024-05-31"),
   tags=["mom", "compare", "quantifier", "back-reference", "event", "multi-clause"], complexity="complex",
   note="环比: April 2024 base and May 2024 as goals of their own; two regions in one frame = list filter; 同期 = the clause's period (May 2024; the base is a role, and a comparison word never dates the event clause after it); the event is asked, not related → not widened. " + RR_NOTE)
Dm("dm12-en", "What's the return rate of product B in North China?", "en", "2024-07-15",
   sub=rr({"region": "North", "product": "B"}, "2024-06-01", "2024-06-30"),
   tags=["default-period"], complexity="simple",
   note="no period → the last complete month before as-of (2024-07-15 → June 2024). " + RR_NOTE)
Dm("dm13-zh-hant", "明年第一季度的VIP復購率預計是多少？", "zh-Hant", B, expect="no_plan", unknown=["明年第一季度"],
   tags=["future"], complexity="simple",
   note="明年 is wholly after as-of → refused (no forecasts)")
Dm("dm14-en", "What was the net promoter score in North China in March 2024?", "en", B, expect="no_plan", unknown=["net promoter score"],
   tags=["unknown"], complexity="simple",
   note="a measure the catalog lacks, beside a value and a date: refused or asked back — no_plan either way")
Dm("dm15-zh-hans", "2023年华西区的转化率和退货率分别是多少？", "zh-Hans", B, unknown=["转化率"],
   sub=rr({"region": "West"}, "2023-01-01", "2023-12-31"),
   tags=["partial-unknown"],
   note="complexity left out (one planned measure, two asked). An unknown measure (a stem + 率 that forms no catalog metric) beside a known one is a warning; the known one is planned (unknown-terms row: 'return rate and churn rate'). " + RR_NOTE)
Dm("dm16-zh-hans", "华中区A产品2024年2月的退货率是多少？", "zh-Hans", B, expect="clarify",
   tags=["clarify", "unknown-value"],
   note="华中区 is a listed unknown-qualifier shape (unknown-terms row) with the region noun 区 → asked back with 华东、华北、华南、华西 (exit 3, like the 东北区 example)")
Dm("dm17-en", "What was the return rate for product A in East China last winter?", "en", B, expect="clarify",
   tags=["clarify", "season"],
   note="seasons are asked back ('last season', 'this winter'); what must be asked: which months")
Dm("dm18-zh-hant", "謝謝，辛苦了！", "zh-Hant", B, expect="direct", tags=["thanks"], note="thanks + 辛苦了 (small-talk row)")
Dm("dm19-zh-hans", "嗨，在吗？", "zh-Hans", B, expect="direct", tags=["greeting"], note="greeting + check-in (small-talk row: 在吗)")
Dm("dm20-zh-hans", "你这边能查些什么数据？", "zh-Hans", B, expect="direct", tags=["help"], note="capability question in other words than the documented 你都能帮我查哪些数据？ → help reply")
Dm("dm21-en", "Compare products A and B in East China on return rate for Q1 2024, and did East China switch carriers during that quarter?", "en", B,
   sub=rr({"region": "East", "product": ["A", "B"]}, "2024-01-01", "2024-03-31") + lpc("East", "2024-01-01", "2024-03-31"),
   tags=["compare", "quantifier", "back-reference", "event", "multi-clause"], complexity="complex",
   note="'products A and B' is a learnt list → one goal with a list filter; 'switch carriers' = 'switched carriers' (word forms); 'that quarter' = Q1 2024; asked, not related → the quarter itself. " + RR_NOTE)
Dm("dm22-zh-hant", "2023年前兩個季度的服務類投訴有多少？配送類呢？", "zh-Hant", B,
   sub=cp({"category": "Service"}, "2023-01-01", "2023-06-30") + cp({"category": "Delivery"}, "2023-01-01", "2023-06-30"),
   tags=["first-n", "follow-up", "multi-clause"], complexity="complex",
   note="前兩個季度 of a named year = Q1–Q2 2023 (first-units-of-period); 服務類 = Service; 配送類呢 is a follow-up of values (配送 + the category noun 类): two frames = two goals. " + CP_NOTE)
Dm("dm23-zh-hans", "去年第三季度的服务类投诉同比变化多少？", "zh-Hans", B,
   sub=cp({"category": "Service"}, "2023-07-01", "2023-09-30") + cp({"category": "Service"}, "2022-07-01", "2022-09-30"),
   tags=["yoy", "relative", "compare"], complexity="complex",
   note="去年第三季度 = Q3 2023; 同比 = Q3 2022 as a goal of its own (data starts 2023; the plan still asks it). " + CP_NOTE)
Dm("dm24-en", "How many complaints did we get in the quarter before last, broken down by category, and were there any CRM releases in that quarter?", "en", B,
   sub=cp({"category": ["Service", "Delivery", "Product"]}, "2023-10-01", "2023-12-31") + crm("2023-10-01", "2023-12-31"),
   tags=["relative", "quantifier", "breakdown", "event", "back-reference", "multi-clause"], complexity="complex",
   note="'the quarter before last' as of 2024-06-30 = Q4 2023; 'by category' asks for every value as 'each' does (one list goal). " + CP_NOTE)
Dm("dm25-zh-hant", "2024年初華北區B產品的退貨率是多少？同期有沒有CRM版本發佈？", "zh-Hant", B,
   sub=rr({"region": "North", "product": "B"}, "2024-01-01", "2024-03-31") + crm("2024-01-01", "2024-03-31"),
   tags=["part-of-year", "back-reference", "event", "multi-clause"], complexity="complex",
   note="`part-of-year`: 2024年初 = its first quarter, planned as months. " + RR_NOTE)
Dm("dm26-en", "Between July and September 2023, were there any CRM releases, and what was the VIP repurchase rate in that quarter?", "en", B,
   sub=crm("2023-07-01", "2023-09-30") + vip("2023-07-01", "2023-09-30"),
   tags=["range", "event", "back-reference", "multi-clause"], complexity="complex",
   note="the event clause written first keeps its own dates; 'that quarter' (a coarser unit after a span inside one quarter) = Q3 2023; VIP repurchase by quarter from sales_bi")
Dm("dm27-zh-hans", "近两个季度的VIP复购率是多少？同期办了几场线上活动？", "zh-Hans", B,
   sub=vip("2023-10-01", "2024-03-31") + oc("2023-10-01", "2024-03-31"),
   tags=["rolling", "back-reference", "multi-clause"], complexity="complex",
   note="近两个季度 = two whole quarters before the one holding as-of (Q2 2024) = Q4 2023..Q1 2024 (rolling-window)")
Dm("dm28-zh-hant", "2024年3月華東區和華南區的退貨率，兩區各是多少？同期兩區有沒有換物流？", "zh-Hant", B,
   sub=rr({"region": ["East", "South"]}, "2024-03-01", "2024-03-31") + lpc("East", "2024-03-01", "2024-03-31") + lpc("South", "2024-03-01", "2024-03-31"),
   tags=["quantifier", "back-reference", "event", "multi-clause"], complexity="complex",
   note="兩區 counts the two named regions and refers back to them; event searches are one goal per value; plain 同期 → the metric's own month. " + RR_NOTE)
Dm("dm29-en", "How many service complaints did we have in February 2024, and how many delivery complaints?", "en", B,
   sub=cp({"category": "Service"}, "2024-01-01", "2024-03-31") + cp({"category": "Delivery"}, "2024-01-01", "2024-03-31"),
   tags=["widened", "multi-clause"], complexity="complex",
   note="a month asked of datasets offered by quarter is widened to its quarter (planner.md 'Periods'; asked.period_reading widened); the second ask is its own frame (Delivery) over the same month → its own goal. " + CP_NOTE)

def write(name, rows):
    ids = [r["id"] for r in rows]
    assert len(ids) == len(set(ids)), name
    with open(os.path.join(OUT, name + ".jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(OUT, name + ".scorable.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            if r["expect"] != "clarify":
                f.write(json.dumps(r, ensure_ascii=False) + "\n")

write("maplerye-plans", MR)
write("demo-plans", DM)
from collections import Counter
for n, rows in (("maplerye", MR), ("demo", DM)):
    print(n, len(rows), dict(Counter(r["language"] for r in rows)), dict(Counter(r["expect"] for r in rows)),
          "multi-clause:", sum("multi-clause" in r["tags"] for r in rows))
