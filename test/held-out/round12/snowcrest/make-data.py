#!/usr/bin/env python3
"""Deterministic generator of the Snowcrest Resorts workspace data (seed 20261203).

Snowcrest Resorts 雪岭度假 / 雪嶺度假: three four-season ski resorts (Changbai 长白山, Chongli 崇礼,
Altay 阿勒泰). Writes data/ next to this script; re-running gives byte-identical files.
"""
import csv, json, random, datetime as dt, os

SEED = 20261203
rnd = random.Random(SEED)
HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data")
os.makedirs(DATA, exist_ok=True)

RESORTS = [("Changbai", "长白山"), ("Chongli", "崇礼"), ("Altay", "阿勒泰")]
TICKETS = [("Day pass", "日票"), ("Season pass", "季卡"), ("Lesson package", "教学票")]
MONTHS = [(y, m) for y in (2023, 2024, 2025) for m in range(1, 13) if (y, m) <= (2025, 6)]
WINTER = {12: 1.0, 1: 1.0, 2: 0.9, 3: 0.6, 11: 0.5, 4: 0.3}

def season(m):
    return WINTER.get(m, 0.15)

# 1. Ticketing system month-end export (trust 0.9): refund rate by resort x ticket type, "3.4%" cells.
base_rate = {"Day pass": 4.0, "Season pass": 1.2, "Lesson package": 2.6}
resort_adj = {"Changbai": 0.3, "Chongli": 0.0, "Altay": 0.6}
ticketing = {}
with open(os.path.join(DATA, "ticketing-refund-rates.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Resort", "Ticket type", "Month", "Refund rate"])
    for (y, m) in MONTHS:
        for r_en, _ in RESORTS:
            for t_en, _ in TICKETS:
                v = base_rate[t_en] + resort_adj[r_en] + 1.5 * season(m) + rnd.uniform(-0.4, 0.4)
                if (y, m) == (2024, 12) and t_en == "Day pass":
                    v += 1.8  # after the December 2024 day-pass price rise
                v = round(v, 1)
                ticketing[(r_en, t_en, y, m)] = v
                w.writerow([r_en, t_en, f"{y}-{m:02d}", f"{v}%"])

# 2. Guest-services refund tally (trust 0.6): same metric, Chinese keys/values, ends 2025-03.
rows = []
for (y, m) in MONTHS:
    if (y, m) > (2025, 3):
        continue
    for r_en, r_zh in RESORTS:
        for t_en, t_zh in TICKETS:
            v = ticketing[(r_en, t_en, y, m)] + rnd.choice([0.0, 0.0, 0.1, -0.1, 0.2])
            if (y, m) == (2024, 12) and r_en == "Chongli" and t_en == "Day pass":
                v += 1.3  # the visible disagreement between the two sources
            rows.append({"雪场": r_zh, "票种": t_zh, "月份": f"{y}年{m}月", "退票率": round(v, 1)})
with open(os.path.join(DATA, "guest-services-refunds.json"), "w", encoding="utf-8") as f:
    json.dump({"source": "客服中心退票统计", "data": {"rows": rows}}, f, ensure_ascii=False, indent=1)

# 3. Lift stoppage log (trust 0.8): one row per stoppage, day dates, Chinese headers and values.
LIFTS = {"长白山": ["A1吊厢", "A2吊椅", "B1魔毯"], "崇礼": ["C1吊厢", "C2吊椅", "C3拖牵"], "阿勒泰": ["L1吊椅", "L2吊椅", "L3魔毯"]}
CAUSES = ["大风", "机械故障", "停电", "例行检查", "低温"]
log = []
for (y, m) in MONTHS:
    days = (dt.date(y + (m == 12), m % 12 + 1, 1) - dt.date(y, m, 1)).days
    for _, r_zh in RESORTS:
        n = int(round(6 * season(m) + rnd.uniform(0, 2)))
        for _ in range(n):
            d = dt.date(y, m, rnd.randint(1, days))
            log.append((r_zh, d.isoformat(), rnd.choice(LIFTS[r_zh]), rnd.choice(CAUSES)))
log.sort(key=lambda r: (r[1], r[0]))
with open(os.path.join(DATA, "lift-stoppage-log.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["雪场", "停运日期", "缆车", "原因"])
    w.writerows(log)

# 4. Weekly guest survey (trust 0.75): ISO weeks Mon..Sun, average rating 1-5 by resort.
with open(os.path.join(DATA, "guest-ratings-weekly.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["week_start", "week_end", "resort", "avg_rating"])
    d = dt.date(2023, 1, 2)
    while d <= dt.date(2025, 6, 23):
        for r_en, _ in RESORTS:
            v = 4.2 + 0.2 * (r_en == "Altay") - 0.15 * season(d.month) + rnd.uniform(-0.15, 0.15)
            w.writerow([d.isoformat(), (d + dt.timedelta(days=6)).isoformat(), r_en, f"{v:.2f}"])
        d += dt.timedelta(days=7)

# 5. Finance ledger (trust 0.85): equipment rental revenue in CNY by resort and quarter.
with open(os.path.join(DATA, "rental-revenue-quarterly.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["Quarter", "Resort", "Rental revenue"])
    for y in (2023, 2024, 2025):
        for q in (1, 2, 3, 4):
            if (y, q) > (2025, 2):
                continue
            for r_en, _ in RESORTS:
                scale = {1: 1.0, 2: 0.25, 3: 0.2, 4: 0.7}[q] * {"Changbai": 1.3, "Chongli": 1.6, "Altay": 0.8}[r_en]
                w.writerow([f"{y}-Q{q}", r_en, int(round(2_000_000 * scale * (1 + 0.08 * (y - 2023)) + rnd.randint(-40_000, 40_000), -2))])

# 6. Event table by ticket type: price adjustments (Chinese headers).
PRICE = [("PA-01", "日票", "2023-03-20", "春季日票降价15%"),
         ("PA-02", "季卡", "2023-09-01", "雪季卡早鸟价上调"),
         ("PA-03", "教学票", "2024-01-08", "教学票含装备租赁"),
         ("PA-04", "日票", "2024-11-25", "日票周末价上调20%"),
         ("PA-05", "季卡", "2025-02-17", "季卡转让费取消"),
         ("PA-06", "教学票", "2025-05-12", "夏季教学票折扣")]
with open(os.path.join(DATA, "price-adjustments.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f)
    w.writerow(["编号", "票种", "生效日期", "调整内容"])
    w.writerows(PRICE)

# 7. Workspace-wide event table: booking app releases (JSON array).
APPS = [{"version": "3.0", "release_date": "2023-02-06", "notes": "new checkout"},
        {"version": "3.2", "release_date": "2023-10-16", "notes": "season-pass wallet"},
        {"version": "4.0", "release_date": "2024-06-03", "notes": "redesigned refunds page"},
        {"version": "4.1", "release_date": "2024-12-02", "notes": "one-tap refund"},
        {"version": "4.2", "release_date": "2025-04-21", "notes": "lesson booking calendar"}]
with open(os.path.join(DATA, "app-releases.json"), "w", encoding="utf-8") as f:
    json.dump(APPS, f, ensure_ascii=False, indent=1)

print("ticketing rows", len(ticketing), "guest-services rows", len(rows), "stoppages", len(log))
print("Chongli Day pass 2024-12: ticketing", ticketing[("Chongli", "Day pass", 2024, 12)])
