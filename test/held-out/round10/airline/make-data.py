#!/usr/bin/env python3
"""Writes workspace/data/* of the Skylark Regional Airlines workspace (云雀航空 / 雲雀航空).

Deterministic: a fixed linear congruential generator (seed 20251015), no `random`, no clock.
Monthly data 2024-01 .. 2025-09 for four stations (Kunming, Xiamen, Harbin, Lanzhou); the story
months are fixed by hand in OVERRIDES below (see FACTS.md, written by compute-facts.py).

Run:  python3 make-data.py
"""
import csv
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "workspace", "data")
os.makedirs(DATA, exist_ok=True)


class LCG:
    def __init__(self, seed):
        self.state = seed

    def next(self):
        self.state = (1103515245 * self.state + 12345) % (2 ** 31)
        return self.state / (2 ** 31)

    def uniform(self, lo, hi):
        return lo + (hi - lo) * self.next()

    def randint(self, lo, hi):  # inclusive
        return lo + int(self.next() * (hi - lo + 1))


rng = LCG(20251015)

STATIONS = ["Kunming", "Xiamen", "Harbin", "Lanzhou"]
ZH = {"Kunming": "昆明", "Xiamen": "厦门", "Harbin": "哈尔滨", "Lanzhou": "兰州"}
MONTHS = [f"{y}-{m:02d}" for y in (2024, 2025) for m in range(1, 13)][:21]  # 2024-01 .. 2025-09


def quarter_of(month):
    y, m = month.split("-")
    return f"{y}-Q{(int(m) - 1) // 3 + 1}"


QUARTERS = sorted({quarter_of(m) for m in MONTHS})  # 2024-Q1 .. 2025-Q3

# ---------------------------------------------------------------- on-time rate (percent)
OTP_BASE = {"Kunming": 86.5, "Xiamen": 88.5, "Harbin": 84.5, "Lanzhou": 86.0}
otp = {}
for s in STATIONS:
    for mo in MONTHS:
        v = OTP_BASE[s] + rng.uniform(-1.8, 1.8)
        if s == "Harbin" and mo[5:] in ("12", "01", "02"):
            v -= 3.0  # winter
        otp[(s, mo)] = round(v, 1)

OTP_OVERRIDES = {
    # Xiamen: ground-handler change GH-03 on 2025-03-10; the trend of Jan..Jun 2025
    ("Xiamen", "2025-01"): 88.9, ("Xiamen", "2025-02"): 88.6, ("Xiamen", "2025-03"): 81.3,
    ("Xiamen", "2025-04"): 84.0, ("Xiamen", "2025-05"): 86.2, ("Xiamen", "2025-06"): 88.1,
    ("Xiamen", "2025-08"): 87.9, ("Xiamen", "2025-09"): 89.3,
    # Harbin: a winter fall with no recorded event lining up
    ("Harbin", "2024-12"): 83.5, ("Harbin", "2025-01"): 76.8,
    # Harbin June: YoY base, and the month the two sources disagree on (ops 87.5, portal 78.5)
    ("Harbin", "2024-06"): 86.0, ("Harbin", "2025-06"): 87.5,
    # Lanzhou: fell in May 2025 (crew-shortage cancellations after OCC-5.0, 2025-05-20)
    ("Lanzhou", "2025-04"): 87.2, ("Lanzhou", "2025-05"): 80.4, ("Lanzhou", "2025-09"): 88.4,
    # Kunming vs Xiamen in June 2025
    ("Kunming", "2025-06"): 85.7,
}
otp.update(OTP_OVERRIDES)
PORTAL_DIFFERS = {("Harbin", "2025-06"): 78.5}

with open(os.path.join(DATA, "ontime-ops.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Month", "Station", "Flights operated", "On-time rate"])
    for mo in MONTHS:
        for s in STATIONS:
            flights = 900 + rng.randint(0, 400)
            w.writerow([mo, s, flights, f"{otp[(s, mo)]:.1f}%"])

portal_rows = []
for mo in MONTHS:
    for s in STATIONS:
        v = PORTAL_DIFFERS.get((s, mo), otp[(s, mo)])
        portal_rows.append({"month": mo, "station": ZH[s], "on_time_rate": v})
with open(os.path.join(DATA, "partner-portal-ontime.json"), "w", encoding="utf-8") as f:
    json.dump({"generated": "2025-10-02", "data": {"rows": portal_rows}}, f, ensure_ascii=False, indent=1)

# ---------------------------------------------------------------- aircraft downtime (hours)
DT_BASE = {"Kunming": 48.0, "Xiamen": 40.0, "Harbin": 45.0, "Lanzhou": 52.0}
dt = {}
for s in STATIONS:
    for mo in MONTHS:
        dt[(s, mo)] = round(DT_BASE[s] + rng.uniform(-6.0, 6.0), 1)
dt.update({
    ("Kunming", "2024-10"): 42.5, ("Kunming", "2024-11"): 68.0,   # OCC-4.2 (Maintenance tracking) 2024-11-05
    ("Kunming", "2025-01"): 51.0, ("Kunming", "2025-02"): 44.2,   # fell: the premise "rose" is false
    ("Harbin", "2025-07"): 38.5, ("Lanzhou", "2025-07"): 55.0,    # comparison in hours
    ("Lanzhou", "2025-08"): 49.6, ("Lanzhou", "2025-09"): 47.3,   # data ends 2025-09
})
with open(os.path.join(DATA, "aircraft-downtime.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Month", "Station", "Downtime hours"])
    for mo in MONTHS:
        for s in STATIONS:
            w.writerow([mo, s, f"{dt[(s, mo)]:.1f}"])

# ---------------------------------------------------------------- mishandled bags (count; reason NOT mapped)
BAG_BASE = {"Kunming": 30, "Xiamen": 33, "Harbin": 26, "Lanzhou": 22}
REASONS = ["Late transfer", "Tagging error", "Loading error", "Security hold"]
bags = {}
for s in STATIONS:
    for mo in MONTHS:
        bags[(s, mo)] = BAG_BASE[s] + rng.randint(-5, 5)
bags.update({
    ("Xiamen", "2025-02"): 34, ("Xiamen", "2025-03"): 71, ("Xiamen", "2025-04"): 52,   # GH-03
    ("Kunming", "2025-07"): 29, ("Kunming", "2025-08"): 41,                            # MoM
})
with open(os.path.join(DATA, "baggage-monthly.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Month", "Station", "Bags handled", "Mishandled bags", "Main reason"])
    for mo in MONTHS:
        for s in STATIONS:
            reason = REASONS[rng.randint(0, 3)]
            if (s, mo) == ("Xiamen", "2025-03"):
                reason = "Loading error"
            w.writerow([mo, s, 60000 + rng.randint(0, 20000), bags[(s, mo)], reason])

# ---------------------------------------------------------------- passenger compensation paid (CNY)
CP_BASE = {"Kunming": 34000, "Xiamen": 30000, "Harbin": 42000, "Lanzhou": 28000}
comp = {}
for s in STATIONS:
    for mo in MONTHS:
        comp[(s, mo)] = int(round((CP_BASE[s] + rng.uniform(-8000, 8000)) / 100.0)) * 100
comp.update({("Xiamen", "2025-03"): 96400, ("Kunming", "2025-03"): 31200, ("Xiamen", "2025-09"): 27800})
with open(os.path.join(DATA, "compensation-monthly.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Month", "Station", "Compensation paid"])
    for mo in MONTHS:
        for s in STATIONS:
            w.writerow([mo, s, comp[(s, mo)]])

# ---------------------------------------------------------------- cancellations log (count from records; Cause mapped)
CAUSES = ["Weather", "Technical fault", "Crew shortage", "ATC restriction", "Bird strike"]
# counts per (station, quarter) as [Weather, Technical fault, Crew shortage, ATC restriction, Bird strike]
FIXED = {
    ("Lanzhou", "2025-Q1"): [5, 3, 2, 1, 0],    # 11
    ("Lanzhou", "2025-Q2"): [3, 2, 12, 1, 0],   # 18 (OCC-5.0 Crew rostering 2025-05-20)
    ("Kunming", "2025-Q2"): [4, 2, 3, 2, 1],    # 12
    ("Xiamen", "2025-Q2"): [2, 3, 2, 1, 0],     # 8
    ("Harbin", "2025-Q2"): [2, 1, 2, 1, 1],     # 7
    ("Harbin", "2024-Q1"): [10, 3, 2, 2, 0],    # 17
    ("Harbin", "2025-Q1"): [15, 3, 2, 2, 1],    # 23
    ("Xiamen", "2025-Q1"): [3, 4, 2, 3, 2],     # 14 (the handler change month is 2025-03)
    ("Kunming", "2025-Q1"): [3, 2, 2, 1, 1],    # 9
    ("Harbin", "2025-Q3"): [2, 2, 1, 1, 0],     # 6
}
QMONTHS = {q: [m for m in MONTHS if quarter_of(m) == q] for q in QUARTERS}
DAYS = {"01": 31, "02": 29, "03": 31, "04": 30, "05": 31, "06": 30, "07": 31, "08": 31, "09": 30,
        "10": 31, "11": 30, "12": 31}
rows = []
for q in QUARTERS:
    for s in STATIONS:
        counts = FIXED.get((s, q))
        if counts is None:
            counts = [rng.randint(0, 4) for _ in CAUSES]
            if s == "Harbin" and q.endswith("Q1"):
                counts[0] += 6
        for ci, n in enumerate(counts):
            for _ in range(n):
                mo = QMONTHS[q][rng.randint(0, 2)]
                if (s, q, CAUSES[ci]) == ("Lanzhou", "2025-Q2", "Crew shortage"):
                    mo = "2025-05" if rng.next() < 0.4 else "2025-06"  # after the 2025-05-20 release
                    day = rng.randint(21, 31) if mo == "2025-05" else rng.randint(1, 30)
                else:
                    dmax = DAYS[mo[5:]] if mo[5:] != "02" else (29 if mo.startswith("2024") else 28)
                    day = rng.randint(1, dmax)
                flight = f"SK{rng.randint(1100, 1999)}"
                rows.append([f"{mo}-{day:02d}", s, flight, CAUSES[ci]])
rows.sort()
with open(os.path.join(DATA, "cancellations-log.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Date", "Station", "Flight", "Cause"])
    w.writerows(rows)

# ---------------------------------------------------------------- events
HANDLER_CHANGES = [
    ["GH-01", "Kunming", "2024-06-03", "Apex Ground", "Yunling Handling"],
    ["GH-02", "Lanzhou", "2024-09-16", "Gansu Airport Services", "Apex Ground"],
    ["GH-03", "Xiamen", "2025-03-10", "Apex Ground", "SwiftServe"],
    ["GH-04", "Harbin", "2025-07-01", "Northern Ground", "Apex Ground"],
]
with open(os.path.join(DATA, "ground-handler-changes.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Change", "Station", "Date", "From handler", "To handler"])
    w.writerows(HANDLER_CHANGES)

# The procurement register holds the contracts of the two latest changes (the same events).
contracts = [
    {"ref": c[0], "station": c[1], "effective": c[2], "previous": c[3], "new": c[4]}
    for c in HANDLER_CHANGES if c[0] in ("GH-03", "GH-04")
]
with open(os.path.join(DATA, "handler-contracts.json"), "w", encoding="utf-8") as f:
    json.dump({"contracts": contracts}, f, ensure_ascii=False, indent=1)

RELEASES = [
    {"version": "OCC-4.0", "released": "2024-04-16", "modules": "Flight planning"},
    {"version": "OCC-4.1", "released": "2024-08-27", "modules": "Weather briefing, Flight planning"},
    {"version": "OCC-4.2", "released": "2024-11-05", "modules": "Maintenance tracking"},
    {"version": "OCC-5.0", "released": "2025-05-20", "modules": "Crew rostering"},
    {"version": "OCC-5.1", "released": "2025-08-12", "modules": "Weather briefing, Notifications"},
]
with open(os.path.join(DATA, "occ-releases.json"), "w", encoding="utf-8") as f:
    json.dump(RELEASES, f, ensure_ascii=False, indent=1)

print("wrote", DATA)
