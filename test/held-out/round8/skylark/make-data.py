#!/usr/bin/env python3
"""Deterministic generator of the Skylark Regional Airlines (云雀航空) workspace data.
python3 standard library only; run from this folder: python3 make-data.py
Data covers 2023-01 .. 2024-06 (weekly load factor: ISO weeks 2023-01-02 .. 2024-06-30)."""
import csv, json, datetime, hashlib, os

BASES = ["Kunming", "Guiyang", "Nanning"]
ROUTES = ["Domestic", "International"]
CAUSES = ["Weather", "Technical", "Crew"]
MONTHS = [(y, m) for y in (2023, 2024) for m in range(1, 13) if (y, m) <= (2024, 6)]

def noise(*key, lo=-1.0, hi=1.0):
    h = int(hashlib.sha256("|".join(map(str, key)).encode()).hexdigest()[:8], 16)
    return lo + (hi - lo) * (h / 0xFFFFFFFF)

os.makedirs("data", exist_ok=True)

# 1. ops exports: monthly on-time rate and average delay by base and route type
BASE_OTP = {"Kunming": 86.0, "Guiyang": 83.0, "Nanning": 88.0}
ROUTE_ADJ = {"Domestic": 0.0, "International": -3.0}
SEASON = {1: -1.0, 2: -2.0, 3: 0.0, 4: 1.0, 5: 0.5, 6: -2.5, 7: -4.0, 8: -3.5, 9: 0.5, 10: 1.5, 11: 1.0, 12: -0.5}
def otp(base, route, y, m):
    v = BASE_OTP[base] + ROUTE_ADJ[route] + SEASON[m] + noise("otp", base, route, y, m, lo=-1.2, hi=1.2)
    # Kunming changed its ground handler on 2024-03-04: punctuality dropped in March-April 2024
    if base == "Kunming" and (y, m) == (2024, 3): v -= 9.0
    if base == "Kunming" and (y, m) == (2024, 4): v -= 5.0
    # Guiyang: a steady improvement through 2024
    if base == "Guiyang" and y == 2024: v += 0.8 * m
    return round(v, 1)
rows = []
for (y, m) in MONTHS:
    for b in BASES:
        for r in ROUTES:
            o = otp(b, r, y, m)
            delay = round(8 + (100 - o) * 0.9 + noise("delay", b, r, y, m, lo=-2, hi=2), 1)
            rows.append([b, r, f"{y}-{m:02d}", f"{o}%", delay])
with open("data/ops-otp-monthly.csv", "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f); w.writerow(["Base", "Route type", "Month", "On-time rate", "Avg delay (min)"]); w.writerows(rows)

# 2. airport feeds: the airports' own on-time rate by base (all routes), JSON, ends 2024-05
feed = []
for (y, m) in MONTHS:
    if (y, m) > (2024, 5): continue
    for b in BASES:
        mean = (otp(b, "Domestic", y, m) * 3 + otp(b, "International", y, m)) / 4
        v = mean + noise("feed", b, y, m, lo=-0.6, hi=0.6)
        if b == "Nanning" and (y, m) == (2024, 2): v += 4.0   # the airport counts a 15-minute window differently that month
        feed.append({"airport": b, "period": f"{y}-{m:02d}", "otp_pct": round(v, 1)})
with open("data/airport-otp-feed.json", "w", encoding="utf-8") as f:
    json.dump({"source": "airport authority monthly feed", "data": {"rows": feed}}, f, ensure_ascii=False, indent=1)

# 3. revenue management: weekly load factor by base (ISO weeks, Monday-Sunday)
wk = []
d = datetime.date(2023, 1, 2)
while d <= datetime.date(2024, 6, 24):
    e = d + datetime.timedelta(days=6)
    for b in BASES:
        base_lf = {"Kunming": 79.0, "Guiyang": 74.0, "Nanning": 76.0}[b]
        v = base_lf + SEASON[d.month] * -1.2 + noise("lf", b, d.isoformat(), lo=-2.5, hi=2.5)
        wk.append({"week_start": d.isoformat(), "week_end": e.isoformat(), "base": b, "load_factor": round(v, 1)})
    d += datetime.timedelta(days=7)
with open("data/load-factor-weekly.json", "w", encoding="utf-8") as f:
    json.dump(wk, f, ensure_ascii=False, indent=1)

# 4. cancellation log: one row per cancelled flight
log = []
n = 0
for (y, m) in MONTHS:
    for b in BASES:
        for c in CAUSES:
            k = int(round(2 + noise("canc", b, c, y, m, lo=0, hi=4)))
            if c == "Weather" and m in (6, 7, 8): k += 3
            if b == "Kunming" and c == "Technical" and (y, m) == (2024, 3): k += 4
            for i in range(k):
                day = 1 + int(noise("day", b, c, y, m, i, lo=0, hi=27.99))
                n += 1
                log.append([f"CX{n:05d}", f"{y}-{m:02d}-{day:02d}", b, c, f"YL{1000 + int(noise('fl', n, lo=0, hi=899))}"])
log.sort(key=lambda r: (r[1], r[0]))
with open("data/cancellation-log.csv", "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f); w.writerow(["Record", "Date", "Base", "Cause", "Flight"]); w.writerows(log)

# 5. station log: ground-handler changes (the event table)
changes = [
    ["SL-07", "Guiyang", "QianAir Services", "Southwest Ground Co.", "2023-05-15"],
    ["SL-11", "Nanning", "Beibu Handling", "Swissport Nanning", "2023-11-06"],
    ["SL-14", "Kunming", "Dianchi Aviation Services", "SkyServe Ground", "2024-03-04"],
]
with open("data/ground-handler-changes.csv", "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f); w.writerow(["Ref", "Base", "Previous handler", "New handler", "Change date"]); w.writerows(changes)

print(f"ops-otp-monthly.csv: {len(rows)} rows; airport feed: {len(feed)} rows; weekly load factor: {len(wk)} rows;"
      f" cancellations: {len(log)} rows; handler changes: {len(changes)}")
for b in BASES:
    print(b, "OTP domestic 2024-01..06:", [otp(b, "Domestic", 2024, m) for m in range(1, 7)])
