#!/usr/bin/env python3
"""Deterministic generator of the Starglow Cinemas (星辉影院 / 星輝影院) workspace data.

Run:  python3 make-data.py     (writes workspace/data/* and facts.json, prints the story figures)

A seeded background (random.seed(20261213)) fills every cell; the cells the gold questions use
(the "story cells") are then set by hand, so the story never depends on the random stream.
"""
import csv
import json
import os
import random
from datetime import date, timedelta

random.seed(20261213)
HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "workspace", "data")
os.makedirs(DATA, exist_ok=True)

CINEMAS = ["Lakeview", "Central Plaza", "Maple Bay", "North Station"]
ZH = {"Lakeview": "湖景店", "Central Plaza": "中央广场店", "Maple Bay": "枫湾店", "North Station": "北站店"}


def months(y0, m0, y1, m1):
    out = []
    y, m = y0, m0
    while (y, m) <= (y1, m1):
        out.append(f"{y:04d}-{m:02d}")
        m += 1
        if m == 13:
            y, m = y + 1, 1
    return out


M_ALL = months(2024, 1, 2025, 12)
M_2025 = months(2025, 1, 2025, 12)
M_CONC = months(2024, 1, 2025, 10)  # concession revenue ends 2025-10

# ---------------------------------------------------------------- occupancy (percent)
occ = {}
base_occ = {"Lakeview": 48.0, "Central Plaza": 50.0, "Maple Bay": 44.0, "North Station": 39.0}
for c in CINEMAS:
    for m in M_ALL:
        occ[(c, m)] = round(base_occ[c] + random.uniform(-3.5, 3.5), 1)
# story cells
occ[("Maple Bay", "2025-08")] = 45.0
occ[("Lakeview", "2025-06")] = 52.4
occ[("North Station", "2025-06")] = 44.1
occ[("Maple Bay", "2024-07")] = 47.5
occ[("Maple Bay", "2025-07")] = 43.2
occ[("North Station", "2024-11")] = 36.8
occ[("North Station", "2025-10")] = 40.2
occ[("North Station", "2025-11")] = 41.5
occ[("Central Plaza", "2025-11")] = 47.9
occ[("Central Plaza", "2025-12")] = 48.6
occ_ticketing = dict(occ)
occ_group = dict(occ)
occ_ticketing[("Maple Bay", "2025-09")] = 38.0   # the one cell the two sources disagree on
occ_group[("Maple Bay", "2025-09")] = 42.0
OCC_FUSED = round((0.9 * 38.0 + 0.6 * 42.0) / 1.5, 2)

screenings = {(c, m): random.randint(380, 620) for c in CINEMAS for m in M_ALL}
with open(os.path.join(DATA, "occupancy.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Cinema", "Month", "Screenings", "Occupancy"])
    for m in M_ALL:
        for c in CINEMAS:
            w.writerow([c, m, screenings[(c, m)], f"{occ_ticketing[(c, m)]:.1f}%"])

rows = []
for m in M_ALL:
    for c in CINEMAS:
        rows.append({"影院": ZH[c], "月份": m, "上座率": occ_group[(c, m)]})
with open(os.path.join(DATA, "group-bi-occupancy.json"), "w", encoding="utf-8") as f:
    json.dump({"report": "集团BI 上座率月报", "data": {"rows": rows}}, f, ensure_ascii=False, indent=1)

# ---------------------------------------------------------------- projector downtime (hours)
down = {}
for c in CINEMAS:
    for m in M_ALL:
        down[(c, m)] = round(random.choice([1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 5.5]), 1)
down[("Lakeview", "2025-02")] = 3.5
down[("Lakeview", "2025-03")] = 11.0
down[("North Station", "2025-03")] = 4.5
down[("Maple Bay", "2025-10")] = 2.5
down[("Maple Bay", "2025-11")] = 4.0
down[("Maple Bay", "2025-12")] = 3.0
with open(os.path.join(DATA, "projector-downtime.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Cinema", "Month", "Downtime hours"])
    for m in M_ALL:
        for c in CINEMAS:
            w.writerow([c, m, f"{down[(c, m)]:.1f}"])

# ---------------------------------------------------------------- concession revenue (CNY)
conc = {}
base_conc = {"Lakeview": 138000, "Central Plaza": 182000, "Maple Bay": 140000, "North Station": 100000}
for c in CINEMAS:
    for m in M_CONC:
        conc[(c, m)] = int(round((base_conc[c] * random.uniform(0.92, 1.08)) / 100.0)) * 100
story_conc = {
    ("Central Plaza", "2025-05"): 186400, ("Maple Bay", "2025-05"): 142800,
    ("Central Plaza", "2025-08"): 201500, ("Central Plaza", "2025-09"): 178300,
    ("North Station", "2025-07"): 98600, ("North Station", "2025-08"): 104900,
    ("Lakeview", "2025-01"): 131200, ("Lakeview", "2025-02"): 140600, ("Lakeview", "2025-03"): 128700,
    ("Lakeview", "2025-04"): 133900, ("Lakeview", "2025-05"): 145300, ("Lakeview", "2025-06"): 150800,
    ("Maple Bay", "2025-09"): 137200, ("Maple Bay", "2025-10"): 139600,
    ("North Station", "2025-09"): 99800, ("North Station", "2025-10"): 101300,
    ("Lakeview", "2025-09"): 141900, ("Lakeview", "2025-10"): 147200,
}
conc.update(story_conc)
with open(os.path.join(DATA, "concession-revenue.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Cinema", "Month", "Concession revenue"])
    for m in M_CONC:
        for c in CINEMAS:
            w.writerow([c, m, conc[(c, m)]])

# ---------------------------------------------------------------- guest complaints (count), 2025, unmapped "Main issue"
compl = {}
for c in CINEMAS:
    for m in M_2025:
        compl[(c, m)] = random.randint(4, 11)
story_compl = {
    # Central Plaza: April -> May rise (why g02), Q2 leader
    ("Central Plaza", "2025-04"): 9, ("Central Plaza", "2025-05"): 17, ("Central Plaza", "2025-06"): 12,
    ("Lakeview", "2025-04"): 8, ("Lakeview", "2025-05"): 10, ("Lakeview", "2025-06"): 7,
    ("Maple Bay", "2025-04"): 6, ("Maple Bay", "2025-05"): 9, ("Maple Bay", "2025-06"): 8,
    ("North Station", "2025-04"): 5, ("North Station", "2025-05"): 7, ("North Station", "2025-06"): 6,
    # North Station July..November trend (g11)
    ("North Station", "2025-07"): 6, ("North Station", "2025-08"): 8, ("North Station", "2025-09"): 13,
    ("North Station", "2025-10"): 9, ("North Station", "2025-11"): 7,
}
compl.update(story_compl)
ISSUES = ["Long queues", "Noisy audience", "Dirty seats", "Air conditioning", "Staff attitude", "Payment failed"]
with open(os.path.join(DATA, "guest-complaints.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Cinema", "Month", "Complaints", "Main issue"])
    for m in M_2025:
        for c in CINEMAS:
            w.writerow([c, m, compl[(c, m)], random.choice(ISSUES)])

# ---------------------------------------------------------------- refund log (one row per refund request), 2025
REASONS = ["Schedule change", "Bought by mistake", "Payment error", "Sound or picture problem", "Feeling unwell"]
by_reason = {  # quarter -> counts in REASONS order
    1: [14, 11, 6, 4, 3],
    2: [16, 12, 25, 5, 4],
    3: [19, 12, 10, 6, 3],
    4: [15, 10, 7, 5, 4],
}
by_cinema = {  # quarter -> counts in CINEMAS order
    1: [9, 12, 10, 7],
    2: [14, 20, 16, 12],
    3: [11, 17, 14, 8],
    4: [10, 12, 9, 10],
}
refund_rows = []
seq = 0
for q in (1, 2, 3, 4):
    assert sum(by_reason[q]) == sum(by_cinema[q])
    reasons = [r for r, n in zip(REASONS, by_reason[q]) for _ in range(n)]
    cinemas = [c for c, n in zip(CINEMAS, by_cinema[q]) for _ in range(n)]
    random.shuffle(reasons)
    random.shuffle(cinemas)
    start = date(2025, 3 * q - 2, 1)
    end = date(2025, 3 * q + 1, 1) - timedelta(days=1) if q < 4 else date(2025, 12, 31)
    span = (end - start).days
    days = sorted(start + timedelta(days=random.randint(0, span)) for _ in reasons)
    for d, r, c in zip(days, reasons, cinemas):
        seq += 1
        refund_rows.append({"Requested": d.isoformat(), "Cinema": c, "Refund ID": f"RF-{seq:04d}",
                            "Reason": r, "Channel": random.choice(["App", "Box office", "Website"])})
with open(os.path.join(DATA, "refund-log.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.DictWriter(f, fieldnames=["Requested", "Cinema", "Refund ID", "Reason", "Channel"])
    w.writeheader()
    for r in refund_rows:
        w.writerow(r)

# ---------------------------------------------------------------- events
price_changes = [
    {"Change ID": "PC-01", "Cinema": "Lakeview", "Effective date": "2024-07-01", "Old price (CNY)": 45, "New price (CNY)": 50},
    {"Change ID": "PC-02", "Cinema": "Central Plaza", "Effective date": "2025-01-06", "Old price (CNY)": 50, "New price (CNY)": 55},
    {"Change ID": "PC-03", "Cinema": "Maple Bay", "Effective date": "2025-09-05", "Old price (CNY)": 45, "New price (CNY)": 55},
    {"Change ID": "PC-04", "Cinema": "North Station", "Effective date": "2025-11-03", "Old price (CNY)": 40, "New price (CNY)": 45},
]
with open(os.path.join(DATA, "price-changes.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.DictWriter(f, fieldnames=list(price_changes[0].keys()))
    w.writeheader()
    for r in price_changes:
        w.writerow(r)
register = [
    {"编号": p["Change ID"], "影院": ZH[p["Cinema"]], "生效日期": p["Effective date"],
     "原票价": p["Old price (CNY)"], "新票价": p["New price (CNY)"]}
    for p in price_changes if p["Change ID"] in ("PC-03", "PC-04")
]
with open(os.path.join(DATA, "group-price-register.json"), "w", encoding="utf-8") as f:
    json.dump({"data": {"changes": register}}, f, ensure_ascii=False, indent=1)

app_releases = [
    {"Version": "6.0.0", "Released": "2024-03-12", "Features": "Seat map refresh"},
    {"Version": "6.1.0", "Released": "2024-11-20", "Features": "Membership wallet"},
    {"Version": "6.2.0", "Released": "2025-05-14", "Features": "Payment redesign, faster checkout"},
    {"Version": "6.3.0", "Released": "2025-10-21", "Features": "Showtime alerts"},
]
with open(os.path.join(DATA, "app-releases.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.DictWriter(f, fieldnames=["Version", "Released", "Features"])
    w.writeheader()
    for r in app_releases:
        w.writerow(r)

# ---------------------------------------------------------------- facts.json + story printout
def qcount(rows, q, key=None, val=None):
    lo, hi = f"2025-{3*q-2:02d}", f"2025-{3*q:02d}"
    return sum(1 for r in rows if lo <= r["Requested"][:7] <= hi and (key is None or r[key] == val))


facts = {
    "company": {"en": "Starglow Cinemas", "zh-Hans": "星辉影院", "zh-Hant": "星輝影院"},
    "cinemas": {c: ZH[c] for c in CINEMAS},
    "occupancy_ticketing": {f"{c}|{m}": v for (c, m), v in occ_ticketing.items()},
    "occupancy_group_bi": {f"{c}|{m}": v for (c, m), v in occ_group.items()},
    "occupancy_fused_maple_bay_2025_09": OCC_FUSED,
    "projector_downtime_hours": {f"{c}|{m}": v for (c, m), v in down.items()},
    "concession_revenue_cny": {f"{c}|{m}": v for (c, m), v in conc.items()},
    "guest_complaints": {f"{c}|{m}": v for (c, m), v in compl.items()},
    "refund_requests_by_reason_quarter": {f"2025-Q{q}": dict(zip(REASONS, by_reason[q])) for q in by_reason},
    "refund_requests_by_cinema_quarter": {f"2025-Q{q}": dict(zip(CINEMAS, by_cinema[q])) for q in by_cinema},
    "refund_log": refund_rows,
    "price_changes": price_changes,
    "group_price_register": register,
    "app_releases": app_releases,
}
with open(os.path.join(HERE, "facts.json"), "w", encoding="utf-8") as f:
    json.dump(facts, f, ensure_ascii=False, indent=1)

# consistency checks of the story
for q in (1, 2, 3, 4):
    for r, n in zip(REASONS, by_reason[q]):
        assert qcount(refund_rows, q, "Reason", r) == n
    for c, n in zip(CINEMAS, by_cinema[q]):
        assert qcount(refund_rows, q, "Cinema", c) == n
q2_compl = {c: sum(compl[(c, m)] for m in ("2025-04", "2025-05", "2025-06")) for c in CINEMAS}
assert len(set(q2_compl.values())) == 4, q2_compl

print("occupancy fused Maple Bay 2025-09:", OCC_FUSED)
print("Q2 2025 complaints by cinema:", q2_compl)
print("Lakeview concession Q1/Q2 2025:", sum(conc[("Lakeview", m)] for m in ("2025-01", "2025-02", "2025-03")),
      sum(conc[("Lakeview", m)] for m in ("2025-04", "2025-05", "2025-06")))
print("Maple Bay downtime 2025-Q4:", sum(down[("Maple Bay", m)] for m in ("2025-10", "2025-11", "2025-12")))
print("refund requests per quarter:", {q: sum(by_reason[q]) for q in by_reason})
print("wrote", DATA)
