#!/usr/bin/env python3
"""Reads workspace/data/* back and writes FACTS.md: every figure the gold answers use, and the full tables.
Run: python3 compute-facts.py   (after make-data.py)"""
import csv, json, os
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
D = os.path.join(HERE, "workspace", "data")
ST = ["Kunming", "Xiamen", "Harbin", "Lanzhou"]
ZH = {"昆明": "Kunming", "厦门": "Xiamen", "哈尔滨": "Harbin", "兰州": "Lanzhou"}

def rd(name):
    with open(os.path.join(D, name), encoding="utf-8") as f:
        return list(csv.DictReader(f))

def fmt(x):
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return s

otp = {(r["Station"], r["Month"]): float(r["On-time rate"].rstrip("%")) for r in rd("ontime-ops.csv")}
portal = {(ZH[r["station"]], r["month"]): float(r["on_time_rate"]) for r in json.load(open(os.path.join(D, "partner-portal-ontime.json"), encoding="utf-8"))["data"]["rows"]}
dt = {(r["Station"], r["Month"]): float(r["Downtime hours"]) for r in rd("aircraft-downtime.csv")}
bags = {(r["Station"], r["Month"]): int(r["Mishandled bags"]) for r in rd("baggage-monthly.csv")}
reason = {(r["Station"], r["Month"]): r["Main reason"] for r in rd("baggage-monthly.csv")}
comp = {(r["Station"], r["Month"]): int(r["Compensation paid"]) for r in rd("compensation-monthly.csv")}
canc = rd("cancellations-log.csv")
months = sorted({m for _, m in otp})

def q(d):
    y, m = d[:4], int(d[5:7]); return f"{y}-Q{(m-1)//3+1}"

cq = defaultdict(Counter)      # (station, quarter) -> cause counts
for r in canc:
    cq[(r["Station"], q(r["Date"]))][r["Cause"]] += 1
def ctotal(st, qu): return sum(cq[(st, qu)].values())
def cause_all(qu):
    c = Counter()
    for s in ST: c.update(cq[(s, qu)])
    return c

TRUST = {"ops": 0.9, "portal": 0.6}
def fused(st, mo):
    a, b = otp[(st, mo)], portal[(st, mo)]
    if a == b: return a, "agree"
    spread = abs(a - b) / max(a, b)
    w = (TRUST["ops"] * a + TRUST["portal"] * b) / (TRUST["ops"] + TRUST["portal"])
    return round(w, 2), f"conflict ops {fmt(a)} portal {fmt(b)} spread {spread:.3f} -> weighted mean {w:.4f}"

def rel(a, b): return f"{(b - a) / a * 100:+.1f}%"

out = []
P = out.append
P("# FACTS: Skylark Regional Airlines (云雀航空 / 雲雀航空) — every figure the gold answers use")
P("")
P("Written by compute-facts.py from workspace/data/* (make-data.py, LCG seed 20251015). Data: 2024-01..2025-09, monthly;")
P("cancellations are a log (one row per cancelled flight) counted by quarter. Trust: ops_exports 0.9, partner_portal 0.6,")
P("procurement 0.6, it_changes 0.8, policies (PDF) 0.6; conflict tolerance 0.05, weighted_mean.")
P("")
P("## Conflicts between the two on-time sources")
for k in sorted(otp):
    if otp[k] != portal[k]:
        P(f"- {k[0]} {k[1]}: {fused(*k)[1]}")
P("")
P("## Per question")
PQ = []
def line(s): PQ.append("- " + s)
line(f"g01 mishandled bags Xiamen 2025-02 {bags[('Xiamen','2025-02')]} -> 2025-03 {bags[('Xiamen','2025-03')]}: {bags[('Xiamen','2025-03')]-bags[('Xiamen','2025-02')]:+d}, {rel(bags[('Xiamen','2025-02')], bags[('Xiamen','2025-03')])}; aligned GH-03 Xiamen 2025-03-10 (ops_exports + procurement); no OCC release 2025-02-01..2025-04-30")
line(f"g02 downtime Kunming 2024-10 {fmt(dt[('Kunming','2024-10')])} -> 2024-11 {fmt(dt[('Kunming','2024-11')])} h: {fmt(dt[('Kunming','2024-11')]-dt[('Kunming','2024-10')])} h, {rel(dt[('Kunming','2024-10')], dt[('Kunming','2024-11')])}; aligned OCC-4.2 2024-11-05 (workspace-wide); no Kunming handler change (GH-01 2024-06-03 is outside)")
line(f"g03 on-time Harbin 2024-12 {fmt(otp[('Harbin','2024-12')])} -> 2025-01 {fmt(otp[('Harbin','2025-01')])}: {fmt(otp[('Harbin','2025-01')]-otp[('Harbin','2024-12')])} pp; no event 2024-12..2025-02 (OCC-4.2 2024-11-05 before; GH-04 2025-07-01 after)")
line(f"g04 cancellations Lanzhou 2025-Q1 {ctotal('Lanzhou','2025-Q1')} -> 2025-Q2 {ctotal('Lanzhou','2025-Q2')}: {ctotal('Lanzhou','2025-Q2')-ctotal('Lanzhou','2025-Q1'):+d}, {rel(ctotal('Lanzhou','2025-Q1'), ctotal('Lanzhou','2025-Q2'))}; aligned OCC-5.0 2025-05-20 (workspace-wide); Lanzhou handler change GH-02 2024-09-16 outside")
line(f"g05 downtime Kunming 2025-01 {fmt(dt[('Kunming','2025-01')])} -> 2025-02 {fmt(dt[('Kunming','2025-02')])} h (fell {fmt(dt[('Kunming','2025-02')]-dt[('Kunming','2025-01')])} h); no event 2025-01..2025-03")
line(f"g06 on-time Lanzhou 2025-04 {fmt(otp[('Lanzhou','2025-04')])} -> 2025-05 {fmt(otp[('Lanzhou','2025-05')])} (fell {fmt(otp[('Lanzhou','2025-05')]-otp[('Lanzhou','2025-04')])} pp); aligned OCC-5.0 2025-05-20")
line(f"g07 on-time 2025-06 Kunming {fmt(otp[('Kunming','2025-06')])}, Xiamen {fmt(otp[('Xiamen','2025-06')])}: Xiamen higher by {fmt(otp[('Xiamen','2025-06')]-otp[('Kunming','2025-06')])} pp (both sources agree)")
line(f"g08 downtime 2025-07 Harbin {fmt(dt[('Harbin','2025-07')])} h, Lanzhou {fmt(dt[('Lanzhou','2025-07')])} h: difference {fmt(dt[('Lanzhou','2025-07')]-dt[('Harbin','2025-07')])} h")
line(f"g09 compensation 2025-03 Xiamen CNY {comp[('Xiamen','2025-03')]:,}, Kunming CNY {comp[('Kunming','2025-03')]:,}: difference CNY {comp[('Xiamen','2025-03')]-comp[('Kunming','2025-03')]:,}")
f25, how = fused("Harbin", "2025-06")
line(f"g10 on-time Harbin 2024-06 {fmt(otp[('Harbin','2024-06')])} ({fused('Harbin','2024-06')[1]}) -> 2025-06 {fmt(f25)} ({how}); YoY {fmt(f25-otp[('Harbin','2024-06')])} pp, {rel(otp[('Harbin','2024-06')], f25)}")
line(f"g11 mishandled bags Kunming 2025-07 {bags[('Kunming','2025-07')]} -> 2025-08 {bags[('Kunming','2025-08')]}: {bags[('Kunming','2025-08')]-bags[('Kunming','2025-07')]:+d}, {rel(bags[('Kunming','2025-07')], bags[('Kunming','2025-08')])}")
ser = [otp[('Xiamen', f'2025-0{m}')] for m in range(1, 7)]
moves = [(f"2025-0{m+1}", round(ser[m]-ser[m-1], 1)) for m in range(1, 6)]
line(f"g12 on-time Xiamen 2025-01..06: {', '.join(fmt(v) for v in ser)}; moves {moves}; largest {max(moves, key=lambda x: abs(x[1]))}; first->last {fmt(ser[-1]-ser[0])} pp")
c = cause_all("2025-Q2")
line(f"g14 cancellation causes 2025-Q2 (all stations): {c.most_common()}; total {sum(c.values())}")
a, b = cq[("Lanzhou", "2025-Q1")], cq[("Lanzhou", "2025-Q2")]
line(f"g15 Lanzhou causes 2025-Q1 {a.most_common()} total {sum(a.values())}; 2025-Q2 {b.most_common()} total {sum(b.values())}; Crew shortage {a['Crew shortage']} -> {b['Crew shortage']} ({b['Crew shortage']-a['Crew shortage']:+d}, {rel(a['Crew shortage'], b['Crew shortage'])}); OCC-5.0 (2025-05-20) modules 'Crew rostering' shares 'Crew'")
line(f"g16 cancellations by station 2025-Q1: {sorted(((s, ctotal(s,'2025-Q1')) for s in ST), key=lambda x: -x[1])}")
line(f"g17 mishandled bags Xiamen 2025-03 {bags[('Xiamen','2025-03')]} (Main reason column, NOT mapped: {reason[('Xiamen','2025-03')]})")
line(f"g18 mishandled bags Harbin 2025-09 {bags[('Harbin','2025-09')]} (Main reason NOT mapped: {reason[('Harbin','2025-09')]})")
line(f"g19 on-time Xiamen: data ends 2025-09 at {fmt(otp[('Xiamen','2025-09')])} (2025-08 {fmt(otp[('Xiamen','2025-08')])})")
line(f"g20 downtime Lanzhou: data ends 2025-09 at {fmt(dt[('Lanzhou','2025-09')])} h (2025-08 {fmt(dt[('Lanzhou','2025-08')])})")
line(f"g21 on-time Lanzhou 2025-09 (last month of 2025-10-15): {fmt(otp[('Lanzhou','2025-09')])}")
line(f"g22 cancellations Harbin 2025-Q3 (last quarter of 2025-10-15): {ctotal('Harbin','2025-Q3')} {cq[('Harbin','2025-Q3')].most_common()}")
line(f"g23 compensation Xiamen 2025-09 (上個月 of 2025-10-15): CNY {comp[('Xiamen','2025-09')]:,}")
line("g24 ground handler change Xiamen 2025-03: GH-03 2025-03-10 Apex Ground -> SwiftServe, in ops_exports/handler_changes AND procurement/handler_contracts")
line("g25 ground handler change Harbin 2024-Q4: none (GH-04 is 2025-07-01)")
line("g26 OCC releases in 2024: OCC-4.0 2024-04-16, OCC-4.1 2024-08-27, OCC-4.2 2024-11-05 -> 3")
line(f"g13 cancellations Harbin 2024-Q1 {ctotal('Harbin','2024-Q1')} -> 2025-Q1 {ctotal('Harbin','2025-Q1')}: {ctotal('Harbin','2025-Q1')-ctotal('Harbin','2024-Q1'):+d}, {rel(ctotal('Harbin','2024-Q1'), ctotal('Harbin','2025-Q1'))}")
line("g27 EN row Damaged bag | Within 7 days | 7 days from receipt | Repair cost, up to CNY 2,000 -> 7 days, CNY 2,000")
line("g28 EN row Delayed more than 8 hours | CNY 100 | CNY 400 | Free, or full refund -> CNY 400; 2.2 the airline pays for one night in a hotel")
line("g29 EN same row -> CNY 400; lounge access: not stated anywhere -> partial")
line("g30 EN 3.3 fragile items without a fragile label are not covered for damage; 4 refund within 15 business days")
line("g31 zh-Hans row 延误行李 | 离开机场前 | 行李送达之日起21天内 | 每天100元，最多5天; 3.2 运费由本公司负担")
line("g32 zh-Hans row 遗失行李 | 离开机场前 | 航班之日起21天内 | 每公斤100元，最高3,000元; 3.2 超过21天仍未送达的，视为遗失")
line("g33 zh-Hans 2.3 因天气或空中交通管制原因造成的延误，本公司不支付现金补偿，但仍按上表提供餐券; 升舱: not stated -> partial")
line("g34 ticket price: not in the catalog -> unanswerable; g35 燃油成本 (fuel cost): not in the catalog -> unanswerable")
for l in sorted(PQ): P(l)
P("")
P("## Events")
P("ground_handler_change (by station): GH-01 Kunming 2024-06-03 Apex Ground->Yunling Handling; GH-02 Lanzhou 2024-09-16")
P("Gansu Airport Services->Apex Ground; GH-03 Xiamen 2025-03-10 Apex Ground->SwiftServe; GH-04 Harbin 2025-07-01 Northern")
P("Ground->Apex Ground (ops_exports). procurement holds GH-03 and GH-04 with the same dates, stations and handlers.")
P("ops_system_release (workspace-wide, it_changes): OCC-4.0 2024-04-16 Flight planning; OCC-4.1 2024-08-27 Weather briefing,")
P("Flight planning; OCC-4.2 2024-11-05 Maintenance tracking; OCC-5.0 2025-05-20 Crew rostering; OCC-5.1 2025-08-12 Weather")
P("briefing, Notifications.")
P("")
P("## Policy PDFs (make-pdfs.cjs), what each policy question needs")
P("- EN table 2.1 rows: Delayed 2 to 4 hours | CNY 50 | None | Free, same day; Delayed 4 to 8 hours | CNY 100 | CNY 200 | Free, within 7 days;")
P("  Delayed more than 8 hours | CNY 100 | CNY 400 | Free, or full refund. 2.2: the airline pays for one night in a hotel (delay > 8 h).")
P("  2.3: no cash compensation for weather / air traffic control delays; meal voucher still provided.")
P("- EN table 3.1 rows: Delayed bag | At the airport | 21 days from delivery | CNY 100 per day, up to 5 days; Damaged bag | Within 7 days |")
P("  7 days from receipt | Repair cost, up to CNY 2,000; Lost bag | At the airport | 21 days from the flight | CNY 100 per kg, up to CNY 3,000.")
P("  3.2: delayed bag delivered free, the airline pays the courier; not delivered within 21 days = lost. 3.3: fragile items without a")
P("  fragile label not covered for damage. 4: refund within 15 business days. NOT stated anywhere: lounge access, taxi, upgrades, miles.")
P("- zh-Hans: the same content (延误超过8小时 400元; 住宿费用由本公司负担; 延误行李 21天内 / 每天100元，最多5天 / 运费由本公司负担;")
P("  遗失行李 每公斤100元，最高3,000元 / 超过21天仍未送达视为遗失; 空中交通管制 不支付现金补偿，但仍提供餐券). 升舱 not stated.")
P("")
P("## Full monthly tables")
P("month | " + " | ".join(f"OTP {s}" for s in ST) + " | " + " | ".join(f"DT {s}" for s in ST) + " | " + " | ".join(f"bags {s}" for s in ST) + " | " + " | ".join(f"CNY {s}" for s in ST))
P("---|" * (1 + 16))
for m in months:
    P(m + " | " + " | ".join(fmt(otp[(s, m)]) + ("*" if otp[(s, m)] != portal[(s, m)] else "") for s in ST) + " | " + " | ".join(fmt(dt[(s, m)]) for s in ST) + " | " + " | ".join(str(bags[(s, m)]) for s in ST) + " | " + " | ".join(str(comp[(s, m)]) for s in ST))
P("(* the partner portal differs: see Conflicts)")
P("")
P("## Cancellations by station and quarter (Weather, Technical fault, Crew shortage, ATC restriction, Bird strike; total)")
CA = ["Weather", "Technical fault", "Crew shortage", "ATC restriction", "Bird strike"]
for qu in sorted({q(r["Date"]) for r in canc}):
    P(f"- {qu}: " + "; ".join(f"{s} {[cq[(s, qu)][x] for x in CA]} = {ctotal(s, qu)}" for s in ST) + f"; all = {sum(ctotal(s, qu) for s in ST)}")
open(os.path.join(HERE, "FACTS.md"), "w", encoding="utf-8").write("\n".join(out) + "\n")
print("\n".join(out[:45]))
