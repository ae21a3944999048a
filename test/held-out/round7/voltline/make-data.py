#!/usr/bin/env python3
"""Deterministic generator of the Voltline (伏特充电) workspace data. Run: python3 make-data.py"""
import csv, json, random, datetime as dt, os

rnd = random.Random(20240630)
HERE = os.path.dirname(os.path.abspath(__file__))
D = os.path.join(HERE, "data")
os.makedirs(D, exist_ok=True)

CITIES = {"Shenzhen": "深圳", "Hangzhou": "杭州", "Chengdu": "成都", "Wuhan": "武汉"}
SITES = {"Highway": "高速服务区", "Mall": "商场", "Depot": "公交场站"}

def months(y0, m0, y1, m1):
    y, m = y0, m0
    while (y, m) <= (y1, m1):
        yield y, m
        m += 1
        if m == 13:
            y, m = y + 1, 1

# 1. ops platform export: availability (percent) by city x site type x month, 2023-01..2024-06
with open(os.path.join(D, "availability.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["月份", "城市", "站点类型", "设备可用率"])
    for y, m in months(2023, 1, 2024, 6):
        for ck, cz in CITIES.items():
            for sk, sz in SITES.items():
                v = 97.0 + rnd.uniform(-1.5, 1.8)
                if ck == "Chengdu" and (y, m) == (2024, 2):
                    v -= 4.0          # grid outage in Chengdu, February 2024
                if ck == "Wuhan" and sk == "Highway" and (y, m) == (2023, 7):
                    v -= 3.0
                w.writerow([f"{y}-{m:02d}", cz, sz, f"{v:.1f}%"])

# 2. ops platform export: charging revenue (kCNY) by city x month, 2023-01..2024-06
with open(os.path.join(D, "revenue.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Month", "City", "Revenue (kCNY)"])
    base = {"Shenzhen": 1480, "Hangzhou": 1100, "Chengdu": 970, "Wuhan": 780}
    for i, (y, m) in enumerate(months(2023, 1, 2024, 6)):
        for ck, cz in CITIES.items():
            v = base[ck] * (1 + 0.02 * i) + rnd.uniform(-30, 30)
            w.writerow([f"{y}-{m:02d}", cz, f"{v:.0f}"])

# 3. charger vendor's SLA report (JSON): availability by city (English names), 2023-07..2024-06
items = []
for y, m in months(2023, 7, 2024, 6):
    for ck in CITIES:
        v = 97.3 + rnd.uniform(-1.2, 1.4)
        if ck == "Chengdu" and (y, m) == (2024, 2):
            v -= 3.1
        items.append({"period": f"{y}-{m:02d}", "city": ck, "availability": round(v, 1)})
with open(os.path.join(D, "vendor-sla.json"), "w", encoding="utf-8") as f:
    json.dump({"report": "VoltCore SLA", "data": {"items": items}}, f, ensure_ascii=False, indent=1)

# 4. app analytics export: charging sessions per ISO week (Mon-Sun) by city, 2023-01-02..2024-06-30
with open(os.path.join(D, "sessions-weekly.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["week_start", "week_end", "city", "sessions"])
    d = dt.date(2023, 1, 2)
    base = {"Shenzhen": 41000, "Hangzhou": 30500, "Chengdu": 27800, "Wuhan": 21900}
    while d <= dt.date(2024, 6, 24):
        for ck, cz in CITIES.items():
            v = int(base[ck] * (1 + (d - dt.date(2023, 1, 2)).days / 2000) + rnd.uniform(-1500, 1500))
            w.writerow([d.isoformat(), (d + dt.timedelta(days=6)).isoformat(), cz, v])
        d += dt.timedelta(days=7)

# 5. NOC log: grid outages (event table, rows spanning time)
outages = [
    ("NOC-031", "成都", "2024-02-06 09:10", "2024-02-07 18:40", "变电站检修延误"),
    ("NOC-027", "武汉", "2023-07-18 14:00", "2023-07-18 21:30", "暴雨"),
    ("NOC-035", "深圳", "2024-04-22 02:00", "2024-04-22 05:15", "台风预警限电"),
    ("NOC-038", "杭州", "2024-06-04 11:20", "2024-06-04 13:05", "线路故障"),
    ("NOC-022", "成都", "2023-03-09 08:00", "2023-03-09 10:30", "计划停电"),
]
with open(os.path.join(D, "grid-outages.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["编号", "城市", "开始", "结束", "原因"])
    for r in outages:
        w.writerow([r[0], r[1], r[2][:10], r[3][:10], r[4]])

# 6. tariff changes (event table, one date per row), Chinese city and site-type values
tariffs = [
    ("2023-05-01", "深圳", "商场", "1.20", "1.05"),
    ("2023-10-15", "杭州", "高速服务区", "1.35", "1.45"),
    ("2024-01-10", "成都", "公交场站", "0.95", "0.88"),
    ("2024-03-01", "深圳", "高速服务区", "1.40", "1.50"),
    ("2024-05-20", "武汉", "商场", "1.10", "0.99"),
]
with open(os.path.join(D, "tariff-changes.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["生效日期", "城市", "站点类型", "原电价", "新电价"])
    for r in tariffs:
        w.writerow(r)

print("wrote", sorted(os.listdir(D)))
