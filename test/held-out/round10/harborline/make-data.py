#!/usr/bin/env python3
"""Deterministic generator of Harborline Transit's data/ (fixed seed; re-running gives the same bytes)."""
import csv, json, random, datetime as dt, os

random.seed(20241010)
HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data")
os.makedirs(DATA, exist_ok=True)

DEPOTS = ["Northgate", "Riverside", "Eastport"]
DEPOT_ZH = {"Northgate": "北门车场", "Riverside": "滨江车场", "Eastport": "东港车场"}
TYPES = ["Urban", "Express", "Night"]
TYPE_ZH = {"Urban": "市区线", "Express": "快线", "Night": "夜班线"}
MONTHS = [(y, m) for y in (2023, 2024) for m in range(1, 13) if (y, m) <= (2024, 10)]
BASE = {("Northgate", "Urban"): 91.0, ("Northgate", "Express"): 94.0, ("Northgate", "Night"): 96.0,
        ("Riverside", "Urban"): 88.5, ("Riverside", "Express"): 92.5, ("Riverside", "Night"): 95.0,
        ("Eastport", "Urban"): 90.0, ("Eastport", "Express"): 93.0, ("Eastport", "Night"): 95.5}

def nl(path):
    return open(path, "w", newline="", encoding="utf-8")

# 1. AVL export (trust 0.9): monthly on-time rate, English values, "93.4%" cells
avl = {}
with nl(os.path.join(DATA, "avl-punctuality.csv")) as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["Depot", "Service type", "Month", "On-time rate"])
    for (y, m) in MONTHS:
        for d in DEPOTS:
            for t in TYPES:
                v = BASE[(d, t)] + random.uniform(-1.5, 1.5)
                if d == "Riverside" and (y, m) in ((2024, 3), (2024, 4)):
                    v -= 4.0  # the Riverside bridge works diversion
                if (y, m) == (2024, 7):
                    v -= 1.5  # summer timetable
                v = round(v, 1)
                avl[(d, t, y, m)] = v
                w.writerow([d, t, f"{y}-{m:02d}", f"{v}%"])

# 2. Spot checks (trust 0.6): the same metric, Chinese keys/values, plain numbers, under result.rows;
#    ends 2024-09 and disagrees once (2024-03 Riverside Urban)
rows = []
for (y, m) in MONTHS:
    if (y, m) > (2024, 9):
        continue
    for d in DEPOTS:
        for t in TYPES:
            v = avl[(d, t, y, m)] + random.uniform(-0.4, 0.4)
            if (d, t, y, m) == ("Riverside", "Urban", 2024, 3):
                v = avl[(d, t, y, m)] + 6.0
            rows.append({"车场": DEPOT_ZH[d], "线路类型": TYPE_ZH[t], "月份": f"{y}年{m}月", "准点率": round(v, 1)})
with open(os.path.join(DATA, "spot-checks.json"), "w", encoding="utf-8") as f:
    json.dump({"result": {"source": "稽查抽检", "rows": rows}}, f, ensure_ascii=False, indent=1)
    f.write("\n")

# 3. Complaint log: one row per complaint, day dates, Chinese values
cats = ["服务态度", "车辆卫生", "到站不准", "拒载", "驾驶安全"]
n = 0
with nl(os.path.join(DATA, "complaint-log.csv")) as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["工单号", "受理日期", "车场", "线路类型", "类别"])
    for (y, m) in MONTHS:
        days = (dt.date(y + (m == 12), m % 12 + 1, 1) - dt.date(y, m, 1)).days
        for d in DEPOTS:
            for t in TYPES:
                k = random.randint(1, 6) + (5 if d == "Riverside" and (y, m) in ((2024, 3), (2024, 4)) else 0)
                for _ in range(k):
                    n += 1
                    day = dt.date(y, m, random.randint(1, days))
                    w.writerow([f"HL-{n:05d}", day.isoformat(), DEPOT_ZH[d], TYPE_ZH[t], random.choice(cats)])

# 4. Weekly headway (ISO weeks Monday..Sunday), 2023-01-02 .. 2024-11-17
start = dt.date(2023, 1, 2)
with nl(os.path.join(DATA, "headway-weekly.csv")) as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["Week start", "Week end", "Depot", "Avg headway (min)"])
    wk = start
    while wk <= dt.date(2024, 11, 11):
        for d in DEPOTS:
            base = {"Northgate": 8.0, "Riverside": 9.5, "Eastport": 11.0}[d]
            w.writerow([wk.isoformat(), (wk + dt.timedelta(days=6)).isoformat(), d, round(base + random.uniform(-0.8, 0.8), 1)])
        wk += dt.timedelta(days=7)

# 5. Quarterly fare revenue (CNY), 2023-Q1 .. 2024-Q3
with nl(os.path.join(DATA, "fare-revenue-quarterly.csv")) as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["Quarter", "Depot", "Fare revenue (CNY)"])
    for y in (2023, 2024):
        for q in range(1, 5):
            if (y, q) > (2024, 3):
                continue
            for d in DEPOTS:
                base = {"Northgate": 4_200_000, "Riverside": 3_600_000, "Eastport": 2_900_000}[d]
                w.writerow([f"{y}-Q{q}", d, int(base * random.uniform(0.93, 1.07))])

# 6. Route diversions (by depot; [start, end], one still running)
with nl(os.path.join(DATA, "route-diversions.csv")) as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["Depot", "Start", "End", "Street", "Reason"])
    for r in [("Northgate", "2023-05-08", "2023-06-18", "Gate Road", "water main"),
              ("Riverside", "2023-11-20", "2023-12-03", "Quay Street", "marathon"),
              ("Riverside", "2024-03-04", "2024-04-28", "River Bridge", "bridge works"),
              ("Eastport", "2024-02-12", "2024-02-25", "Harbour Avenue", "festival"),
              ("Northgate", "2024-08-19", "2024-09-15", "Station Square", "resurfacing"),
              ("Eastport", "2024-10-07", "", "Ferry Lane", "sewer works")]:
        w.writerow(r)

# 7. Timetable changes (network-wide)
tt = [{"effective_date": "2023-03-01", "version": "TT-2023.1", "summary": "spring timetable"},
      {"effective_date": "2023-09-01", "version": "TT-2023.2", "summary": "autumn timetable, school runs"},
      {"effective_date": "2024-01-15", "version": "TT-2024.1", "summary": "winter timetable"},
      {"effective_date": "2024-07-01", "version": "TT-2024.2", "summary": "summer timetable, fewer night trips"},
      {"effective_date": "2024-09-02", "version": "TT-2024.3", "summary": "autumn timetable"}]
with open(os.path.join(DATA, "timetable-changes.json"), "w", encoding="utf-8") as f:
    json.dump(tt, f, ensure_ascii=False, indent=1)
    f.write("\n")

print(f"complaints: {n} rows; avl Riverside Urban 2024-03 = {avl[('Riverside','Urban',2024,3)]}")
