#!/usr/bin/env python3
"""Reads data/ (as make-data.py wrote it) and prints every figure the gold answers expect,
computed from the files themselves (not from make-data.py's constants)."""
import csv, json, collections

leak = {(r["District"], r["Month"]): float(r["Leakage rate"].rstrip("%")) for r in csv.DictReader(open("data/leakage-monthly.csv", encoding="utf-8"))}
bill = {(r["district"], r["month"]): r["avg_bill_cny"] for r in json.load(open("data/average-bill.json", encoding="utf-8"))["items"]}
comp = collections.Counter()
for r in csv.DictReader(open("data/complaint-log.csv", encoding="utf-8")):
    comp[(r["District"], r["Received"][:7], r["Reason"])] += 1
works = list(csv.DictReader(open("data/network-works.csv", encoding="utf-8")))
tariffs = list(csv.DictReader(open("data/tariff-changes.csv", encoding="utf-8")))
def c(d=None, month=None, reason=None):
    return sum(v for (dd, mm, rr), v in comp.items() if (d is None or dd == d) and (month is None or mm == month) and (reason is None or rr == reason))
def r1(x): return round(x + 1e-9, 1)
def r2(x): return round(x + 1e-9, 2)
out = {}
out["g01 leakage Oldtown 2024-02 -> 2024-03"] = (leak[("Oldtown", "2024-02")], leak[("Oldtown", "2024-03")], r2(leak[("Oldtown", "2024-03")] - leak[("Oldtown", "2024-02")]))
out["g01 network works in Oldtown 2024-01..2024-04"] = [(w["Ref"], w["Start date"]) for w in works if w["District"] == "Oldtown" and "2024-01-01" <= w["Start date"] <= "2024-04-30"]
out["g02 bill Hillcrest 2024-03 -> 2024-04"] = (bill[("Hillcrest", "2024-03")], bill[("Hillcrest", "2024-04")], r2(bill[("Hillcrest", "2024-04")] - bill[("Hillcrest", "2024-03")]))
out["g02 tariff changes Hillcrest 2024-02..2024-05"] = [(t["Ref"], t["Effective date"]) for t in tariffs if t["District"] == "Hillcrest" and "2024-02-01" <= t["Effective date"] <= "2024-05-31"]
out["g03 leakage Riverside 2024-08 -> 2024-09"] = (leak[("Riverside", "2024-08")], leak[("Riverside", "2024-09")], r2(leak[("Riverside", "2024-09")] - leak[("Riverside", "2024-08")]))
out["g03 any event for Riverside 2024-07..2024-10"] = [w["Ref"] for w in works if w["District"] == "Riverside" and "2024-07-01" <= w["Start date"] <= "2024-10-31"] + [t["Ref"] for t in tariffs if t["District"] == "Riverside" and "2024-07-01" <= t["Effective date"] <= "2024-10-31"]
out["g04/g05 leakage Riverside 2023-10 -> 2023-11 (a fall)"] = (leak[("Riverside", "2023-10")], leak[("Riverside", "2023-11")], r2(leak[("Riverside", "2023-11")] - leak[("Riverside", "2023-10")]))
out["g06 leakage 2024-05 Riverside, Hillcrest, difference"] = (leak[("Riverside", "2024-05")], leak[("Hillcrest", "2024-05")], r2(leak[("Riverside", "2024-05")] - leak[("Hillcrest", "2024-05")]))
m5, m6 = c("Oldtown", "2024-05"), c("Oldtown", "2024-06")
out["g07 complaints Oldtown 2024-05 -> 2024-06, change, relative %"] = (m5, m6, m6 - m5, r1(100 * (m6 - m5) / m5))
out["g08 bill Hillcrest 2023-06 -> 2024-06, change, relative %"] = (bill[("Hillcrest", "2023-06")], bill[("Hillcrest", "2024-06")], r2(bill[("Hillcrest", "2024-06")] - bill[("Hillcrest", "2023-06")]), r1(100 * (bill[("Hillcrest", "2024-06")] - bill[("Hillcrest", "2023-06")]) / bill[("Hillcrest", "2023-06")]))
out["g09 leakage Hillcrest 2024-07 -> 2024-08"] = (leak[("Hillcrest", "2024-07")], leak[("Hillcrest", "2024-08")], r2(leak[("Hillcrest", "2024-08")] - leak[("Hillcrest", "2024-07")]))
out["g10 complaints by reason 2024-05, all districts (ranked)"] = sorted(((c(None, "2024-05", r), r) for r in ["LowPressure", "Discoloured", "Billing", "Leak", "Odour"]), reverse=True)
out["g10 total complaints 2024-05"] = c(None, "2024-05")
out["g11 complaints by reason Oldtown 2024-03 (ranked)"] = sorted(((c("Oldtown", "2024-03", r), r) for r in ["LowPressure", "Discoloured", "Billing", "Leak", "Odour"]), reverse=True)
out["g12 leakage 2024-07 by district (ranked)"] = sorted(((leak[(d, "2024-07")], d) for d in ["Riverside", "Hillcrest", "Oldtown"]), reverse=True)
out["g16 leakage Hillcrest 2024-Q3"] = [leak[("Hillcrest", m)] for m in ("2024-07", "2024-08", "2024-09")]
out["g17 last leakage month Oldtown"] = max(m for (d, m) in leak if d == "Oldtown")
out["g18 last bill month Riverside"] = max(m for (d, m) in bill if d == "Riverside")
out["g19 bill 2024-04 Riverside, Oldtown; tariff rows 2024-04"] = (bill[("Riverside", "2024-04")], bill[("Oldtown", "2024-04")], [(t["Ref"], t["District"], t["Effective date"]) for t in tariffs if t["Effective date"].startswith("2024-04") and t["District"] in ("Riverside", "Oldtown")])
out["g20 network works in 2024"] = [(w["Ref"], w["District"], w["Start date"]) for w in works if w["Start date"].startswith("2024")]
for k, v in out.items(): print(f"{k}: {v}")
