#!/usr/bin/env python3
"""Deterministic generator of the Ironleaf Fitness (铁叶健身 / 鐵葉健身) workspace data.
Run: python3 make-data.py   (writes workspace/data/*, prints facts.json-like key figures)
Fixed seed; story cells are set by hand after the seeded background."""
import csv, json, random, os
from collections import defaultdict

random.seed(20261203)
HERE = os.path.dirname(os.path.abspath(__file__))
D = os.path.join(HERE, "workspace", "data")
os.makedirs(D, exist_ok=True)

CLUBS = ["Riverside", "Midtown", "Hillcrest", "Southgate"]
ZH = {"Riverside": "滨江店", "Midtown": "中城店", "Hillcrest": "翠岭店", "Southgate": "南门店"}

def months(y0, m0, y1, m1):
    out = []
    y, m = y0, m0
    while (y, m) <= (y1, m1):
        out.append(f"{y}-{m:02d}")
        m += 1
        if m == 13:
            y, m = y + 1, 1
    return out

M24_25 = months(2024, 1, 2025, 12)
M_PT = months(2024, 1, 2025, 10)      # PT revenue ends 2025-10
M25 = months(2025, 1, 2025, 12)

# ---------------- cancellation rate (percent, one decimal) ----------------
base_rate = {"Riverside": 3.4, "Midtown": 3.9, "Hillcrest": 3.1, "Southgate": 4.4}
cancel = {}
for c in CLUBS:
    for mo in M24_25:
        cancel[(c, mo)] = round(base_rate[c] + random.uniform(-0.5, 0.5), 1)
# story cells
cancel[("Riverside", "2025-07")] = 3.6
cancel[("Riverside", "2025-08")] = 4.8          # CRM value; billing says 5.4 (conflict)
cancel[("Hillcrest", "2025-10")] = 3.0
cancel[("Hillcrest", "2025-11")] = 3.7          # rise, nothing lines up
cancel[("Midtown", "2025-10")] = 4.3
cancel[("Southgate", "2025-10")] = 4.9          # compare: Southgate higher
cancel[("Midtown", "2024-03")] = 3.5
cancel[("Midtown", "2025-03")] = 4.2            # YoY
cancel[("Midtown", "2025-11")] = 4.0
cancel[("Midtown", "2025-12")] = 3.8
billing = dict(cancel)
billing[("Riverside", "2025-08")] = 5.4

with open(os.path.join(D, "member-cancellations.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Club", "Month", "Active members", "Cancellation rate"])
    for mo in M24_25:
        for c in CLUBS:
            w.writerow([c, mo, 1800 + CLUBS.index(c) * 150 + random.randint(-40, 40), f"{cancel[(c, mo)]}%"])

rows = []
for mo in M24_25:
    for c in CLUBS:
        rows.append({"club": ZH[c], "month": mo, "cancellation_rate": billing[(c, mo)]})
with open(os.path.join(D, "billing-cancellations.json"), "w", encoding="utf-8") as f:
    json.dump({"exported": "2026-01-05", "data": {"rows": rows}}, f, ensure_ascii=False, indent=1)

# ---------------- equipment downtime hours (plain integers) ----------------
base_h = {"Riverside": 40, "Midtown": 34, "Hillcrest": 28, "Southgate": 45}
down = {}
for c in CLUBS:
    for mo in M24_25:
        down[(c, mo)] = base_h[c] + random.randint(-8, 8)
down[("Midtown", "2025-05")] = 31
down[("Midtown", "2025-06")] = 46             # rise, app 5.1.0 lines up (workspace-wide)
down[("Southgate", "2025-04")] = 52
down[("Southgate", "2025-05")] = 39           # fall (false premise)
down[("Riverside", "2025-09")] = 47
down[("Midtown", "2025-09")] = 33             # compare hours
for mo, v in zip(months(2025, 7, 2025, 12), [26, 29, 35, 31, 38, 36]):
    down[("Hillcrest", mo)] = v               # trend Jul..Dec
down[("Southgate", "2025-12")] = 41           # last month
with open(os.path.join(D, "equipment-downtime.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Club", "Month", "Downtime hours"])
    for mo in M24_25:
        for c in CLUBS:
            w.writerow([c, mo, down[(c, mo)]])

# ---------------- personal-training revenue (CNY, plain integers) ----------------
base_pt = {"Riverside": 182000, "Midtown": 214000, "Hillcrest": 151000, "Southgate": 128000}
pt = {}
for c in CLUBS:
    for mo in M_PT:
        pt[(c, mo)] = base_pt[c] + random.randint(-90, 90) * 100
pt[("Riverside", "2024-08")] = 176300
pt[("Riverside", "2025-08")] = 193500          # YoY rose (premise "fell" is false)
pt[("Riverside", "2025-09")] = 188400
pt[("Hillcrest", "2025-09")] = 152700          # compare money
pt[("Southgate", "2025-09")] = 131200
pt[("Southgate", "2025-10")] = 124600          # MoM fall; also 上個月 as of 2025-11-20
for mo, v in zip(months(2025, 4, 2025, 9), [205300, 211800, 219600, 223400, 208900, 226100]):
    pt[("Midtown", mo)] = v                    # Q2 vs Q3
pt[("Midtown", "2025-10")] = 217800            # last value before the data ends
pt[("Riverside", "2025-10")] = 190200
with open(os.path.join(D, "pt-revenue.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Club", "Month", "PT revenue"])
    for mo in M_PT:
        for c in CLUBS:
            w.writerow([c, mo, pt[(c, mo)]])

# ---------------- member complaints (count; Main topic NOT mapped) ----------------
TOPICS = ["Crowding", "Cleanliness", "Staff attitude", "Billing", "Noise"]
comp = {}
topic = {}
for c in CLUBS:
    for mo in M25:
        comp[(c, mo)] = random.randint(9, 24)
        topic[(c, mo)] = random.choice(TOPICS)
for mo, v in zip(months(2025, 7, 2025, 12), [14, 17, 12, 19, 22, 16]):
    comp[("Midtown", mo)] = v                  # Q3 43, Q4 57
comp[("Riverside", "2025-09")] = 18
topic[("Riverside", "2025-09")] = "Crowding"
with open(os.path.join(D, "member-complaints.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Club", "Month", "Complaints", "Main topic"])
    for mo in M25:
        for c in CLUBS:
            w.writerow([c, mo, comp[(c, mo)], topic[(c, mo)]])

# ---------------- equipment fault log (count from records; Cause mapped) ----------------
CAUSES = ["Cable wear", "Treadmill belt slip", "Console fault", "Motor overheating", "Seat damage"]
plan = {
    "Q1": {"cause": {"Cable wear": 8, "Treadmill belt slip": 5, "Console fault": 6, "Motor overheating": 3, "Seat damage": 4},
           "club": None},
    "Q2": {"cause": {"Cable wear": 9, "Console fault": 7, "Treadmill belt slip": 6, "Motor overheating": 4, "Seat damage": 2},
           "club": None},
    "Q3": {"cause": {"Cable wear": 13, "Treadmill belt slip": 11, "Console fault": 8, "Motor overheating": 5, "Seat damage": 3},
           "club": None},
    "Q4": {"cause": {"Cable wear": 9, "Console fault": 8, "Treadmill belt slip": 7, "Motor overheating": 4, "Seat damage": 2},
           "club": {"Riverside": 9, "Midtown": 6, "Hillcrest": 11, "Southgate": 4}},
}
QM = {"Q1": [1, 2, 3], "Q2": [4, 5, 6], "Q3": [7, 8, 9], "Q4": [10, 11, 12]}
DAYS = {1: 31, 2: 28, 3: 31, 4: 30, 5: 31, 6: 30, 7: 31, 8: 31, 9: 30, 10: 31, 11: 30, 12: 31}
faults = []
for q, spec in plan.items():
    causes = [c for c, n in spec["cause"].items() for _ in range(n)]
    random.shuffle(causes)
    if spec["club"]:
        clubs = [c for c, n in spec["club"].items() for _ in range(n)]
        random.shuffle(clubs)
    else:
        clubs = [random.choice(CLUBS) for _ in causes]
    for cause, club in zip(causes, clubs):
        m = random.choice(QM[q])
        d = random.randint(1, DAYS[m])
        faults.append((f"2025-{m:02d}-{d:02d}", club, cause))
faults.sort()
with open(os.path.join(D, "equipment-fault-log.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Reported", "Club", "Fault ID", "Cause", "Machine"])
    MACH = {"Cable wear": "Cable crossover", "Treadmill belt slip": "Treadmill", "Console fault": "Elliptical",
            "Motor overheating": "Treadmill", "Seat damage": "Rowing machine"}
    for i, (day, club, cause) in enumerate(faults, 1):
        w.writerow([day, club, f"EF-{i:03d}", cause, MACH[cause]])

# ---------------- events ----------------
fee_changes = [
    ("FC-01", "2025-02-10", "Midtown", 299, 329),
    ("FC-02", "2025-05-06", "Hillcrest", 259, 289),
    ("FC-03", "2025-08-04", "Riverside", 319, 359),
    ("FC-04", "2025-11-03", "Southgate", 239, 269),
]
with open(os.path.join(D, "fee-changes.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Change ID", "Effective date", "Club", "Old monthly fee", "New monthly fee"])
    for r in fee_changes:
        w.writerow(r)
with open(os.path.join(D, "billing-fee-register.json"), "w", encoding="utf-8") as f:
    json.dump({"register": [
        {"change_id": k, "effective": d, "club": ZH[c], "old_fee": o, "new_fee": n}
        for (k, d, c, o, n) in fee_changes if k in ("FC-03", "FC-04")]}, f, ensure_ascii=False, indent=1)

releases = [
    ("5.0.0", "2025-03-18", "Class booking, Waitlist"),
    ("5.1.0", "2025-06-24", "Treadmill pairing, Workout history"),
    ("5.2.0", "2025-09-09", "Payments, Membership freeze"),
    ("5.3.0", "2025-12-02", "Locker reservations"),
]
with open(os.path.join(D, "app-releases.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Version", "Release date", "Features"])
    for r in releases:
        w.writerow(r)

# ---------------- facts ----------------
facts = {
    "cancel": {f"{c}|{m}": cancel[(c, m)] for c in CLUBS for m in M24_25},
    "billing_diff": {f"{c}|{m}": billing[(c, m)] for c in CLUBS for m in M24_25 if billing[(c, m)] != cancel[(c, m)]},
    "down": {f"{c}|{m}": down[(c, m)] for c in CLUBS for m in M24_25},
    "pt": {f"{c}|{m}": pt[(c, m)] for c in CLUBS for m in M_PT},
    "comp": {f"{c}|{m}": comp[(c, m)] for c in CLUBS for m in M25},
    "faults": faults,
}
with open(os.path.join(HERE, "facts.json"), "w", encoding="utf-8") as f:
    json.dump(facts, f, ensure_ascii=False, indent=1)
print("wrote", D)
