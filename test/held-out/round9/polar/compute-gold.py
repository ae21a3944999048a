#!/usr/bin/env python3
"""Prints every figure the gold answers use, read back from workspace/data (run make-data.py first).
Run:  python3 compute-gold.py > FACTS.txt
Rounding follows docs/reflector.md's examples: values as the source gives them, a trust-weighted mean
and differences to 2 decimals (5.49, 2.39), relative changes to 1 decimal of a percent (77.1%)."""
import csv
import json
import os
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "workspace", "data")
TRUST = {"ops_exports": 0.9, "client_portal": 0.6}
ZH = {"上海": "Shanghai", "广州": "Guangzhou", "成都": "Chengdu", "天津": "Tianjin"}


def r2(x):
    return float(f"{x:.2f}")


def read_csv(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as f:
        return list(csv.DictReader(f))


ops_spoil = {(r["Depot"], r["Month"]): float(r["Spoilage rate"].rstrip("%")) for r in read_csv("spoilage-ops.csv")}
with open(os.path.join(DATA, "client-portal-spoilage.json"), encoding="utf-8") as f:
    portal = {(ZH[i["warehouse"]], i["period"]): float(i["spoilage_pct"]) for i in json.load(f)["data"]["items"]}
delay = {(r["Depot"], r["Month"]): float(r["Avg delay (h)"]) for r in read_csv("delivery-delay.csv")}
claims = {(r["Depot"], r["Month"]): int(r["Claims paid (CNY)"]) for r in read_csv("claims-monthly.csv")}
excursions = read_csv("excursions-log.csv")
carrier = read_csv("carrier-changes.csv")
with open(os.path.join(DATA, "tms-releases.json"), encoding="utf-8") as f:
    releases = json.load(f)


def spoilage(depot, month):
    """Fused as the reflector does: agree within 5 % relative → the most trusted; else weighted mean."""
    a, b = ops_spoil[(depot, month)], portal[(depot, month)]
    lo, hi = min(a, b), max(a, b)
    if (hi - lo) / abs(lo) <= 0.05:
        return a, f"agree (ops {a}, portal {b})"
    fused = r2((TRUST["ops_exports"] * a + TRUST["client_portal"] * b) / (TRUST["ops_exports"] + TRUST["client_portal"]))
    return fused, f"CONFLICT ops {a} (0.9) vs portal {b} (0.6) -> weighted mean {fused}"


def quarter_of(date):
    y, m = date[:4], int(date[5:7])
    return f"{y}-Q{(m - 1) // 3 + 1}"


def count(depot=None, cause=None, quarter=None):
    return sum(
        1 for r in excursions
        if (depot is None or r["Depot"] == depot) and (cause is None or r["Cause"] == cause)
        and (quarter is None or quarter_of(r["Date"]) == quarter)
    )


def change(a, b, unit=""):
    d = r2(b - a)
    rel = f"{(b - a) / a * 100:+.1f}%" if a else "n/a"
    return f"{a}{unit} -> {b}{unit}: {d:+g}{' pp' if unit == '%' else ''} ({rel} relative)"


def line(*parts):
    print(" ".join(str(p) for p in parts))


def events_between(lo, hi, depot=None):
    out = []
    for c in carrier:
        if lo <= c["Change date"] <= hi and (depot is None or c["Depot"] == depot):
            out.append(f"{c['Key']} {c['Change date']} {c['Depot']} {c['From carrier']}->{c['To carrier']}")
    for r in releases:
        if lo <= r["release_date"] <= hi:
            out.append(f"TMS {r['version']} {r['release_date']} ({r['modules']}) [workspace-wide]")
    return out or ["(none)"]


line("# Polar Chain Logistics: figures the gold answers use (compute-gold.py)")
line("## Spoilage rate (percent; ops_exports trust 0.9, client_portal trust 0.6; fused when > 5 % apart)")
for depot, months in [
    ("Shanghai", ["2024-02", "2024-03", "2024-06", "2024-09"]),
    ("Guangzhou", ["2023-07", "2024-06", "2024-07"]),
    ("Chengdu", ["2024-07", "2024-08", "2024-09"]),
    ("Tianjin", ["2023-03", "2024-04", "2024-05"]),
]:
    for m in months:
        v, how = spoilage(depot, m)
        line(f"  {depot:10} {m}: {v}%  ({how})")

line("## Average delivery delay (hours, ops_exports)")
for depot, months in [
    ("Shanghai", ["2024-01", "2024-02", "2024-08", "2024-09"]),
    ("Guangzhou", ["2024-05", "2024-06", "2024-09"]),
    ("Chengdu", ["2024-08"]),
    ("Tianjin", ["2024-06", "2024-07", "2024-08", "2024-09"]),
]:
    for m in months:
        line(f"  {depot:10} {m}: {delay[(depot, m)]} h")

line("## Claims paid (CNY, ops_exports); the Main reason column is not mapped")
for depot in ["Shanghai", "Guangzhou"]:
    line(f"  {depot:10} 2024-08: CNY {claims[(depot, '2024-08')]}")
line("  2024-Q1 all depots:", {d: [claims[(d, m)] for m in ("2024-01", "2024-02", "2024-03")] for d in ["Shanghai", "Guangzhou", "Chengdu", "Tianjin"]})

line("## Temperature excursions (count of log rows, by quarter)")
causes = ["Compressor failure", "Door left open", "Power outage", "Sensor fault", "Loading delay"]
for q in ["2023-Q4", "2024-Q1", "2024-Q2", "2024-Q3"]:
    by = Counter({c: count(cause=c, quarter=q) for c in causes})
    line(f"  {q} all depots total {count(quarter=q)}; by cause (ranked): " + "; ".join(f"{c} {n}" for c, n in by.most_common()))
    byd = Counter({d: count(depot=d, quarter=q) for d in ["Shanghai", "Guangzhou", "Chengdu", "Tianjin"]})
    line(f"  {q} by depot (ranked): " + "; ".join(f"{d} {n}" for d, n in byd.most_common()))

line("## Events")
for c in carrier:
    line(f"  carrier change {c['Key']} {c['Change date']} {c['Depot']} {c['From carrier']} -> {c['To carrier']}")
for r in releases:
    line(f"  TMS release {r['version']} {r['release_date']} modules: {r['modules']}")

line()
line("## Per question")
line("g01 why Shanghai spoilage 2024-03:", change(spoilage("Shanghai", "2024-02")[0], spoilage("Shanghai", "2024-03")[0], "%"))
line("     aligned (2024-02-01..2024-03-31):", events_between("2024-02-01", "2024-03-31", "Shanghai"))
line("     found in the search window but not aligned (2024-04-01..2024-04-30):", events_between("2024-04-01", "2024-04-30", "Shanghai"))
line("g02 why Chengdu spoilage 2024-09:", change(spoilage("Chengdu", "2024-08")[0], spoilage("Chengdu", "2024-09")[0], "%"))
line("     events 2024-08-01..2024-10-31 (Chengdu or workspace-wide):", events_between("2024-08-01", "2024-10-31", "Chengdu"))
line("g03 why Tianjin delay 2024-07:", change(delay[("Tianjin", "2024-06")], delay[("Tianjin", "2024-07")], " h"))
line("     aligned (2024-06-01..2024-07-31):", events_between("2024-06-01", "2024-07-31", "Tianjin"))
line("g04 why Guangzhou excursions 2024-Q3:", change(count("Guangzhou", quarter="2024-Q2"), count("Guangzhou", quarter="2024-Q3")))
line("     aligned (2024-04-01..2024-09-30):", events_between("2024-04-01", "2024-09-30", "Guangzhou"))
line("g05 premise Tianjin spoilage 2024-05 vs 04 (question says rise):", change(spoilage("Tianjin", "2024-04")[0], spoilage("Tianjin", "2024-05")[0], "%"))
line("g06 premise Shanghai delay 2024-02 vs 01 (question says rise):", change(delay[("Shanghai", "2024-01")], delay[("Shanghai", "2024-02")], " h"))
line("g07 true premise Guangzhou delay 2024-06 vs 05:", change(delay[("Guangzhou", "2024-05")], delay[("Guangzhou", "2024-06")], " h"))
s, g = spoilage("Shanghai", "2024-06")[0], spoilage("Guangzhou", "2024-06")[0]
line(f"g08 compare spoilage 2024-06: Shanghai {s}% vs Guangzhou {g}%: {r2(s - g):+g} pp, relative {(s - g) / g * 100:+.1f}%")
c, t = delay[("Chengdu", "2024-08")], delay[("Tianjin", "2024-08")]
line(f"g09 compare delay 2024-08: Chengdu {c} h vs Tianjin {t} h: {r2(c - t):+g} h, relative {(c - t) / t * 100:+.1f}%")
a, b = claims[("Shanghai", "2024-08")], claims[("Guangzhou", "2024-08")]
line(f"g10 compare claims 2024-08: Shanghai CNY {a} vs Guangzhou CNY {b}: {a - b:+d} CNY, relative {(a - b) / b * 100:+.1f}%")
line("g11 YoY Guangzhou spoilage 2024-07:", spoilage("Guangzhou", "2024-07")[1], "|", change(spoilage("Guangzhou", "2023-07")[0], spoilage("Guangzhou", "2024-07")[0], "%"))
line("g12 MoM Shanghai delay 2024-09:", change(delay[("Shanghai", "2024-08")], delay[("Shanghai", "2024-09")], " h"))
q2 = Counter({x: count(cause=x, quarter="2024-Q2") for x in causes})
line("g13 top 3 causes 2024-Q2:", q2.most_common(3), "| 4th and 5th:", q2.most_common()[3:])
q1 = Counter({x: count(cause=x, quarter="2024-Q1") for x in causes})
line("g14 causes 2024-Q1:", q1.most_common(), "| 2024-Q2:", q2.most_common())
for x in causes:
    line(f"     {x}: {change(q1[x], q2[x])}")
line("     TMS releases 2023-12-01..2024-07-31:", events_between("2023-12-01", "2024-07-31", "nowhere"))
q3d = Counter({d: count(depot=d, quarter="2024-Q3") for d in ["Shanghai", "Guangzhou", "Chengdu", "Tianjin"]})
line("g15 excursions by depot 2024-Q3:", q3d.most_common())
line("g16 claims Q1 2024: breakdown by reason not available (Main reason not mapped)")
line("g17 EN PDF: Vaccines row: claim filing window 3 days; credit per breach 10% of the shipment fee; payment time NOT stated")
line("g18 zh-Hant PDF sec. 4: delay > 4 h -> 2% of the fee per further hour, max 20%; payment time NOT stated")
line("g19 zh-Hant PDF: 冷凍 row: 理賠申報期限 7 天; 每次溫度偏離補償 運費的 5%; 3.2 處理費用: carrier pays if its equipment failed, else the customer")
line("g20 EN PDF 3.1: declared value, up to CNY 50,000 per shipment; 3.2 disposal: carrier if its equipment failed, else customer")
line("g21 Shanghai spoilage 2024-11 (as of 2024-12-20): no data; data ends 2024-09 at", spoilage("Shanghai", "2024-09")[0])
line("g22 last month (as of 2024-10-15) = 2024-09: Guangzhou delay", delay[("Guangzhou", "2024-09")], "h")
line("g23 last quarter (as of 2024-10-15) = 2024-Q3: Chengdu spoilage", [spoilage("Chengdu", m)[0] for m in ("2024-07", "2024-08", "2024-09")])
line("g24 Tianjin delay 2024-11 (as of 2024-12-20): no data; data ends 2024-09 at", delay[("Tianjin", "2024-09")], "h")
line("g25 Chengdu carrier changes in 2024:", events_between("2024-01-01", "2024-12-31", "Chengdu")[:1] if any(c["Depot"] == "Chengdu" and c["Change date"] >= "2024" for c in carrier) else "(none; CC-05 is 2023-11-06)")
line("g26 TMS releases 2024-01-01..2024-09-30:", [r["version"] for r in releases if "2024-01-01" <= r["release_date"] <= "2024-09-30"])
gz = Counter({x: count(depot="Guangzhou", cause=x, quarter="2024-Q3") for x in causes})
line("g27 Guangzhou 2024-Q3 excursions by cause:", gz.most_common(), "total", sum(gz.values()))
