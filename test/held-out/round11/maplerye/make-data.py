#!/usr/bin/env python3
"""Deterministic generator of the Maple & Rye Bakeries (麦枫烘焙 / 麥楓烘焙) data. Seed fixed."""
import csv, json, random, datetime as dt, os

random.seed(20251111)
HERE = os.path.dirname(os.path.abspath(__file__))
D = os.path.join(HERE, "data")
os.makedirs(D, exist_ok=True)

CITIES = ["Shanghai", "Hangzhou", "Nanjing"]
CITY_ZH = {"Shanghai": "上海", "Hangzhou": "杭州", "Nanjing": "南京"}
LINES = ["Bread", "Pastry", "Cake"]
LINE_ZH = {"Bread": "面包", "Pastry": "西点", "Cake": "蛋糕"}
BASE = {"Bread": 6.0, "Pastry": 4.5, "Cake": 3.2}
CITY_ADJ = {"Shanghai": 0.0, "Hangzhou": 0.4, "Nanjing": 0.8}

def months(y0, m0, y1, m1):
    y, m = y0, m0
    while (y, m) <= (y1, m1):
        yield y, m
        m += 1
        if m == 13:
            y, m = y + 1, 1

# 1. POS waste rate, monthly 2023-01..2025-06, trust 0.9 (English headers, "5.1%" cells)
pos = {}
with open(os.path.join(D, "pos-waste-rates.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Month", "City", "Product line", "Waste rate"])
    for y, m in months(2023, 1, 2025, 6):
        for c in CITIES:
            for l in LINES:
                v = BASE[l] + CITY_ADJ[c] + (0.6 if m in (7, 8) else 0) + random.uniform(-0.5, 0.5)
                if (y, m, c, l) == (2024, 3, "Hangzhou", "Pastry"):
                    v = 8.9  # spike after the 2024-02 pastry recipe change
                v = round(v, 1)
                pos[(y, m, c, l)] = v
                w.writerow([f"{y}-{m:02d}", c, l, f"{v}%"])

# 2. Store audits: same metric, trust 0.6, JSON under result.rows, Chinese keys and values, ends 2025-04
rows = []
for y, m in months(2023, 1, 2025, 4):
    for c in CITIES:
        for l in LINES:
            v = pos[(y, m, c, l)] + random.choice([-0.2, -0.1, 0, 0, 0.1, 0.2])
            if (y, m, c, l) == (2024, 3, "Hangzhou", "Pastry"):
                v = 7.4  # visible disagreement with POS (8.9)
            rows.append({"月份": f"{y}年{m}月", "城市": CITY_ZH[c], "产品线": LINE_ZH[l], "报损率": round(v, 1)})
with open(os.path.join(D, "store-audits.json"), "w", encoding="utf-8") as f:
    json.dump({"result": {"generated": "2025-05-06", "rows": rows}}, f, ensure_ascii=False, indent=1)

# 3. Complaint log: one row per complaint, day dates, Chinese headers, 2023-01-01..2025-06-30
KINDS = ["口味", "新鲜度", "服务", "价格"]
n = 0
with open(os.path.join(D, "complaint-log.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["编号", "日期", "城市", "产品线", "类型"])
    for y, m in months(2023, 1, 2025, 6):
        for c in CITIES:
            for l in LINES:
                k = random.randint(1, 6) + (4 if (y, m, c, l) == (2024, 3, "Hangzhou", "Pastry") else 0)
                last = (dt.date(y + (m == 12), m % 12 + 1, 1) - dt.timedelta(days=1)).day
                for _ in range(k):
                    n += 1
                    d = dt.date(y, m, random.randint(1, last))
                    w.writerow([f"C{n:05d}", d.isoformat(), CITY_ZH[c], LINE_ZH[l], random.choice(KINDS)])
print("complaints:", n)

# 4. Queue sensors: ISO weeks (Mon..Sun) 2023-01-02..2025-06-29, average wait minutes by city
with open(os.path.join(D, "queue-weekly.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["week_start", "week_end", "city", "avg_wait_min"])
    d = dt.date(2023, 1, 2)
    while d <= dt.date(2025, 6, 23):
        for c in CITIES:
            v = {"Shanghai": 7.5, "Hangzhou": 5.8, "Nanjing": 5.0}[c] + random.uniform(-1.2, 1.2)
            if dt.date(2024, 9, 2) <= d <= dt.date(2024, 9, 22):
                v += 3.0  # POS 5.0 roll-out
            w.writerow([d.isoformat(), (d + dt.timedelta(days=6)).isoformat(), c, round(v, 1)])
        d += dt.timedelta(days=7)

# 5. Finance: corporate catering revenue, quarter grain, CNY, 2023-Q1..2025-Q2
with open(os.path.join(D, "catering-revenue-quarterly.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Quarter", "City", "Catering revenue (CNY)"])
    for y in (2023, 2024, 2025):
        for q in (1, 2, 3, 4):
            if (y, q) > (2025, 2):
                break
            for c in CITIES:
                v = {"Shanghai": 820000, "Hangzhou": 460000, "Nanjing": 380000}[c] * (1 + 0.06 * (y - 2023)) * (1.25 if q == 4 else 1)
                v = int(round(v * random.uniform(0.93, 1.07), -2))
                w.writerow([f"{y}-Q{q}", c, v])

# 6. Event table by product line: recipe changes
RC = [("RC-01", "2023-05-08", "面包", "换用新麦粉"), ("RC-02", "2023-11-20", "蛋糕", "减糖配方"),
      ("RC-03", "2024-02-19", "西点", "黄油改为混合油脂"), ("RC-04", "2024-08-05", "面包", "延长发酵时间"),
      ("RC-05", "2025-01-13", "西点", "恢复全黄油配方"), ("RC-06", "2025-04-07", "蛋糕", "新奶油供应商")]
with open(os.path.join(D, "recipe-changes.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["编号", "生效日期", "产品线", "变更内容"])
    for r in RC:
        w.writerow(r)

# 7. Workspace-wide event table: POS (till system) upgrades
PU = [{"version": "POS 4.2", "released": "2023-03-14", "notes": "new receipt layout"},
      {"version": "POS 4.3", "released": "2023-10-09", "notes": "mobile order queue"},
      {"version": "POS 5.0", "released": "2024-09-02", "notes": "new checkout flow (slow first weeks)"},
      {"version": "POS 5.1", "released": "2025-03-17", "notes": "waste scanning at closing"}]
with open(os.path.join(D, "pos-upgrades.json"), "w", encoding="utf-8") as f:
    json.dump({"upgrades": PU}, f, ensure_ascii=False, indent=1)

print("POS waste 2024-03 Hangzhou Pastry:", pos[(2024, 3, "Hangzhou", "Pastry")], "audit 7.4")
