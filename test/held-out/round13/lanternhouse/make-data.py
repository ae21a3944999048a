#!/usr/bin/env python3
"""Deterministic data for the Lanternhouse Cinemas workspace (灯塔影院 / 燈塔影院).

Run from this folder: python3 make-data.py  -> writes data/. Seed fixed; re-running gives identical files.
"""
import csv, json, os, random, datetime as dt

SEED = 20261203
rng = random.Random(SEED)
os.makedirs("data", exist_ok=True)

CINEMAS = ["Hangzhou", "Chengdu", "Xiamen"]
CINEMA_ZH = {"Hangzhou": "杭州", "Chengdu": "成都", "Xiamen": "厦门"}
HALLS = ["IMAX", "Standard", "VIP"]
HALL_ZH = {"IMAX": "IMAX厅", "Standard": "普通厅", "VIP": "贵宾厅"}
MONTHS = [(y, m) for y in (2023, 2024, 2025) for m in range(1, 13) if (y, m) <= (2025, 6)]
SEASON = {1: 6, 2: 9, 3: -2, 4: -3, 5: 0, 6: 3, 7: 8, 8: 9, 9: -4, 10: 7, 11: -5, 12: 2}
BASE = {("Hangzhou", "IMAX"): 58, ("Hangzhou", "Standard"): 36, ("Hangzhou", "VIP"): 44,
        ("Chengdu", "IMAX"): 55, ("Chengdu", "Standard"): 38, ("Chengdu", "VIP"): 41,
        ("Xiamen", "IMAX"): 49, ("Xiamen", "Standard"): 33, ("Xiamen", "VIP"): 39}

# 1. box-office system export: seat occupancy rate, monthly, cinema x hall type (trust 0.9)
occ = {}
with open("data/boxoffice-occupancy.csv", "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Cinema", "Hall type", "Month", "Occupancy"])
    for (y, m) in MONTHS:
        for c in CINEMAS:
            for h in HALLS:
                v = BASE[(c, h)] + SEASON[m] + (y - 2023) * 1.5 + rng.uniform(-2.5, 2.5)
                if (c, h, y, m) == ("Chengdu", "IMAX", 2025, 3):
                    v -= 14  # the refit month: a visible dip
                v = round(v, 1)
                occ[(c, h, y, m)] = v
                w.writerow([c, h, f"{y}-{m:02d}", f"{v}%"])

# 2. operations weekly-report tally: the same metric, Chinese keys/values, ends 2025-03 (trust 0.6)
rows = []
for (y, m) in MONTHS:
    if (y, m) > (2025, 3):
        continue
    for c in CINEMAS:
        for h in HALLS:
            v = occ[(c, h, y, m)]
            if (c, h, y, m) == ("Hangzhou", "VIP", 2024, 12):
                v = round(v + 6.3, 1)  # a disagreement with the box office
            rows.append({"影城": CINEMA_ZH[c], "影厅类型": HALL_ZH[h], "月份": f"{y}年{m}月", "上座率": v})
with open("data/ops-occupancy.json", "w", encoding="utf-8") as f:
    json.dump({"generated": "2025-04-02", "data": {"rows": rows}}, f, ensure_ascii=False, indent=1)

# 3. projector fault log: one row per fault, day dates (counted as projector_faults)
FAULT_KINDS = ["光源故障", "服务器死机", "画面偏色", "音画不同步", "镜头脱焦"]
faults = []
n = 0
d = dt.date(2023, 1, 1)
while d <= dt.date(2025, 6, 30):
    for c in CINEMAS:
        p = {"Hangzhou": 0.10, "Chengdu": 0.13, "Xiamen": 0.08}[c]
        if c == "Xiamen" and dt.date(2024, 7, 1) <= d <= dt.date(2024, 9, 30):
            p = 0.25  # a bad summer
        if rng.random() < p:
            n += 1
            faults.append([f"PF-{n:04d}", CINEMA_ZH[c], d.isoformat(), rng.choice(FAULT_KINDS)])
    d += dt.timedelta(days=1)
with open("data/projector-fault-log.csv", "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["故障编号", "影城", "发生日期", "故障类型"])
    w.writerows(faults)

# 4. audience survey: average rating (1-5 score), ISO weeks Monday..Sunday, by cinema
wk = dt.date(2023, 1, 2)
with open("data/audience-ratings-weekly.csv", "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["cinema", "week_start", "week_end", "responses", "avg_rating"])
    while wk <= dt.date(2025, 6, 23):
        for c in CINEMAS:
            base = {"Hangzhou": 4.35, "Chengdu": 4.2, "Xiamen": 4.1}[c]
            w.writerow([c, wk.isoformat(), (wk + dt.timedelta(days=6)).isoformat(),
                        rng.randint(80, 260), round(base + rng.uniform(-0.25, 0.25), 2)])
        wk += dt.timedelta(days=7)

# 5. finance ledger, wide: concession revenue in CNY by cinema, one column per quarter
quarters = [(y, q) for y in (2023, 2024, 2025) for q in (1, 2, 3, 4) if (y, q) <= (2025, 2)]
with open("data/concession-revenue-wide.csv", "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Cinema"] + [f"{y}-Q{q}" for (y, q) in quarters])
    for c in CINEMAS:
        base = {"Hangzhou": 1_850_000, "Chengdu": 1_620_000, "Xiamen": 1_240_000}[c]
        w.writerow([c] + [int(base * (1 + 0.04 * (y - 2023)) * {1: 1.05, 2: 0.92, 3: 1.12, 4: 0.97}[q]
                              + rng.randint(-60000, 60000)) for (y, q) in quarters])

# 6. event table by cinema: hall refits (a row spans start..end)
refits = [
    ["RF-01", "杭州", "IMAX厅", "2023-05-08", "2023-06-02", "激光放映机更换"],
    ["RF-02", "厦门", "贵宾厅", "2023-11-13", "2023-12-08", "座椅更换"],
    ["RF-03", "成都", "普通厅", "2024-04-15", "2024-05-10", "音响升级"],
    ["RF-04", "厦门", "IMAX厅", "2024-08-19", "2024-09-13", "银幕更换"],
    ["RF-05", "成都", "IMAX厅", "2025-03-03", "2025-03-28", "激光放映机更换"],
    ["RF-06", "杭州", "普通厅", "2025-05-12", "", "座椅更换（进行中）"],
]
with open("data/hall-refits.csv", "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["编号", "影城", "影厅", "开工日期", "完工日期", "内容"])
    w.writerows(refits)

# 7. event table, workspace-wide: ticketing (TMS) system upgrades
tms = [
    {"version": "5.0", "release_date": "2023-03-14", "summary": "New seat map"},
    {"version": "5.1", "release_date": "2023-09-25", "summary": "Member coupons"},
    {"version": "6.0", "release_date": "2024-04-22", "summary": "Dynamic pricing engine"},
    {"version": "6.1", "release_date": "2024-10-08", "summary": "Mini-program checkout"},
    {"version": "6.2", "release_date": "2025-02-17", "summary": "Refund workflow"},
]
with open("data/tms-releases.json", "w", encoding="utf-8") as f:
    json.dump({"releases": tms}, f, ensure_ascii=False, indent=1)

print("occupancy rows", len(occ), "ops rows", len(rows), "faults", len(faults))
print("Chengdu IMAX 2025-03", occ[("Chengdu", "IMAX", 2025, 3)], "Hangzhou VIP 2024-12 box/ops",
      occ[("Hangzhou", "VIP", 2024, 12)], round(occ[("Hangzhou", "VIP", 2024, 12)] + 6.3, 1))
