#!/usr/bin/env python3
"""Deterministic data for the Ferrowell workspace (monthly 2023-01..2024-09).

Writes data/*.csv and data/*.json; prints a few key figures. Re-running gives the same files.
"""
import csv, json, os, random, datetime as dt

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data")
os.makedirs(DATA, exist_ok=True)
rng = random.Random(20240925)

WAREHOUSES = ["Shanghai", "Shenzhen", "Chengdu", "Wuhan"]
WH_ZH = {"Shanghai": "上海仓", "Shenzhen": "深圳仓", "Chengdu": "成都仓", "Wuhan": "武汉仓"}
SEGMENTS = ["Ecommerce", "ColdChain", "Industrial"]
SEG_ZH = {"Ecommerce": "电商", "ColdChain": "冷链", "Industrial": "工业品"}
MONTHS = [(y, m) for y in (2023, 2024) for m in range(1, 13) if (y, m) <= (2024, 9)]
QUARTERS = [(y, q) for y in (2023, 2024) for q in range(1, 5) if (y, q) <= (2024, 3)]

def month_label(y, m):
    return f"{y}-{m:02d}"

# 1. WMS accuracy (trust 0.9) and client audits (trust 0.6), per month x warehouse x segment
base_acc = {"Shanghai": 99.4, "Shenzhen": 99.1, "Chengdu": 98.8, "Wuhan": 99.0}
seg_adj = {"Ecommerce": -0.2, "ColdChain": 0.1, "Industrial": 0.3}
wms_rows, audit_items = [], []
for (y, m) in MONTHS:
    for wh in WAREHOUSES:
        for seg in SEGMENTS:
            acc = base_acc[wh] + seg_adj[seg] + rng.uniform(-0.25, 0.25)
            if wh == "Shenzhen" and (y, m) in ((2024, 5), (2024, 8)):
                acc -= 1.1  # the dips the "why" questions ask about
            acc = round(min(acc, 99.95), 2)
            orders = rng.randint(18000, 42000) if seg == "Ecommerce" else rng.randint(3000, 12000)
            wms_rows.append([month_label(y, m), wh, seg, orders, f"{acc}%"])
            audit = acc - round(rng.uniform(0.0, 0.3), 2)
            if wh == "Chengdu" and seg == "ColdChain" and (y, m) == (2024, 2):
                audit = acc - 1.6  # one visible disagreement between the two sources (2024-02, Chengdu cold chain)
            audit_items.append({"月份": f"{y}年{m}月", "仓库": WH_ZH[wh], "板块": SEG_ZH[seg],
                                "抽检单数": rng.randint(200, 900), "准确率": round(audit, 2)})
with open(os.path.join(DATA, "wms-accuracy.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f); w.writerow(["Month", "Warehouse", "Segment", "Orders", "Order accuracy"]); w.writerows(wms_rows)
with open(os.path.join(DATA, "client-audits.json"), "w", encoding="utf-8") as f:
    json.dump({"source": "client receiving audits", "data": {"items": audit_items}}, f, ensure_ascii=False, indent=1)

# 2. Damage-claim log: one row per claim
claims = []
n = 0
for (y, m) in MONTHS:
    days = (dt.date(y + (m == 12), m % 12 + 1, 1) - dt.date(y, m, 1)).days
    for wh in WAREHOUSES:
        for seg in SEGMENTS:
            lam = {"Ecommerce": 4, "ColdChain": 2, "Industrial": 1}[seg] + (1 if wh == "Chengdu" else 0)
            k = max(0, int(round(rng.gauss(lam, 1.2))))
            for _ in range(k):
                n += 1
                day = dt.date(y, m, rng.randint(1, days))
                claims.append([f"DC-{n:05d}", day.isoformat(), wh, seg, rng.randint(200, 9000)])
claims.sort(key=lambda r: (r[1], r[0]))
with open(os.path.join(DATA, "damage-claims.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f); w.writerow(["Claim ID", "Reported", "Warehouse", "Segment", "Amount CNY"]); w.writerows(claims)

# 3. Weekly dock-to-stock hours (ISO weeks, Monday..Sunday) from 2023-01-02 to 2024-09-29
weekly = []
start = dt.date(2023, 1, 2)
base_h = {"Shanghai": 5.5, "Shenzhen": 6.2, "Chengdu": 7.4, "Wuhan": 6.8}
while start <= dt.date(2024, 9, 23):
    end = start + dt.timedelta(days=6)
    for wh in WAREHOUSES:
        weekly.append([start.isoformat(), end.isoformat(), wh, rng.randint(60, 260),
                       round(base_h[wh] + rng.uniform(-1.2, 1.5), 1)])
    start += dt.timedelta(days=7)
with open(os.path.join(DATA, "dock-to-stock-weekly.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f); w.writerow(["Week start", "Week end", "Warehouse", "Inbound loads", "Avg dock-to-stock hours"]); w.writerows(weekly)

# 4. Quarterly cost per order (CNY), 2023-Q1..2024-Q3
costs = []
base_c = {"Shanghai": 6.8, "Shenzhen": 6.1, "Chengdu": 5.4, "Wuhan": 5.7}
for (y, q) in [(y, q) for y in (2023, 2024) for q in range(1, 5) if (y, q) <= (2024, 3)]:
    for wh in WAREHOUSES:
        costs.append([f"{y}-Q{q}", wh, round(base_c[wh] + rng.uniform(-0.4, 0.5), 2)])
with open(os.path.join(DATA, "cost-per-order-quarterly.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f); w.writerow(["Quarter", "Warehouse", "Cost per order"]); w.writerows(costs)

# 5. Event tables: system outages (span start..end) and WMS releases (workspace-wide)
outages = [
    ["INC-031", "Shenzhen", "2023-03-14", "2023-03-14", "WMS database failover"],
    ["INC-044", "Chengdu", "2023-08-02", "2023-08-03", "power cut"],
    ["INC-052", "Shanghai", "2023-11-20", "2023-11-20", "network switch failure"],
    ["INC-058", "Wuhan", "2024-01-09", "2024-01-10", "scanner gateway down"],
    ["INC-063", "Chengdu", "2024-02-05", "2024-02-06", "WMS upgrade rollback"],
    ["INC-071", "Shenzhen", "2024-05-11", "2024-05-12", "label printer server"],
    ["INC-077", "Wuhan", "2024-06-18", "", "conveyor PLC fault (still open)"],
    ["INC-082", "Shenzhen", "2024-08-07", "2024-08-08", "WMS database failover"],
]
with open(os.path.join(DATA, "system-outages.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f); w.writerow(["Incident", "Warehouse", "Start", "End", "Cause"]); w.writerows(outages)
releases = [
    {"version": "7.2", "released": "2023-02-20", "modules": "Picking, Labels"},
    {"version": "7.3", "released": "2023-05-08", "modules": "Receiving"},
    {"version": "7.4", "released": "2023-09-11", "modules": "Slotting"},
    {"version": "8.0", "released": "2024-02-01", "modules": "Picking, Receiving, Reporting"},
    {"version": "8.1", "released": "2024-04-22", "modules": "Labels"},
    {"version": "8.2", "released": "2024-07-29", "modules": "Picking"},
]
with open(os.path.join(DATA, "wms-releases.json"), "w", encoding="utf-8") as f:
    json.dump(releases, f, ensure_ascii=False, indent=1)

print(f"wms-accuracy.csv {len(wms_rows)} rows, client-audits.json {len(audit_items)} items")
print(f"damage-claims.csv {len(claims)} claims, dock-to-stock-weekly.csv {len(weekly)} rows")
print(f"cost-per-order-quarterly.csv {len(costs)} rows, {len(outages)} outages, {len(releases)} WMS releases")
print("2023 WMS releases:", sum(r['released'].startswith('2023') for r in releases))
