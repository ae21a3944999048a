#!/usr/bin/env python3
"""Deterministic generator of the Clearbrook Water (清溪水务) workspace data, python3 standard library only.
Run from this folder: python3 make-data.py   (then python3 compute-gold.py prints every expected figure)
Monthly data 2023-01 .. 2024-09."""
import csv, json, hashlib, os

DISTRICTS = ["Riverside", "Hillcrest", "Oldtown"]
REASONS = ["LowPressure", "Discoloured", "Billing", "Leak", "Odour"]
MONTHS = [(y, m) for y in (2023, 2024) for m in range(1, 13) if (y, m) <= (2024, 9)]

def noise(*key, lo=-1.0, hi=1.0):
    h = int(hashlib.sha256("|".join(map(str, key)).encode()).hexdigest()[:8], 16)
    return lo + (hi - lo) * (h / 0xFFFFFFFF)

os.makedirs("data", exist_ok=True)

# 1. leakage (non-revenue water) rate, percent, by district and month
PINNED_LEAK = {
    ("Riverside", 2023, 10): 14.8, ("Riverside", 2023, 11): 12.9, ("Riverside", 2023, 12): 12.5,
    ("Riverside", 2024, 5): 12.6, ("Riverside", 2024, 7): 12.3, ("Riverside", 2024, 8): 12.1, ("Riverside", 2024, 9): 13.4,
    ("Hillcrest", 2024, 5): 9.8, ("Hillcrest", 2024, 7): 9.6, ("Hillcrest", 2024, 8): 9.9, ("Hillcrest", 2024, 9): 10.2,
    ("Oldtown", 2024, 1): 17.9, ("Oldtown", 2024, 2): 18.2, ("Oldtown", 2024, 3): 21.4, ("Oldtown", 2024, 4): 20.1,
    ("Oldtown", 2024, 5): 19.3, ("Oldtown", 2024, 6): 18.8, ("Oldtown", 2024, 7): 18.1,
}
def leak(d, y, m):
    if (d, y, m) in PINNED_LEAK: return PINNED_LEAK[(d, y, m)]
    base = {"Riverside": 14.6 if (y, m) < (2023, 11) else 12.4, "Hillcrest": 9.5, "Oldtown": 18.0}[d]
    return round(base + noise("leak", d, y, m, lo=-0.4, hi=0.4), 1)
with open("data/leakage-monthly.csv", "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f); w.writerow(["District", "Month", "Leakage rate"])
    for (y, m) in MONTHS:
        for d in DISTRICTS: w.writerow([d, f"{y}-{m:02d}", f"{leak(d, y, m)}%"])

# 2. average household bill, CNY, by district and month (JSON); the tariff rose on 2024-04-01
PINNED_BILL = {("Hillcrest", 2023, 6): 86.0, ("Hillcrest", 2024, 3): 88.5, ("Hillcrest", 2024, 4): 97.3, ("Hillcrest", 2024, 6): 99.0,
               ("Riverside", 2024, 4): 91.2, ("Oldtown", 2024, 4): 78.6}
def bill(d, y, m):
    if (d, y, m) in PINNED_BILL: return PINNED_BILL[(d, y, m)]
    base = {"Riverside": 82.0, "Hillcrest": 87.0, "Oldtown": 70.0}[d]
    if (y, m) >= (2024, 4): base *= 1.11
    return round(base + noise("bill", d, y, m, lo=-1.5, hi=1.5), 1)
rows = [{"district": d, "month": f"{y}-{m:02d}", "avg_bill_cny": bill(d, y, m)} for (y, m) in MONTHS for d in DISTRICTS]
with open("data/average-bill.json", "w", encoding="utf-8") as f:
    json.dump({"export": "billing system, average bill per household", "items": rows}, f, ensure_ascii=False, indent=1)

# 3. complaint log: one row per complaint, with the reason (the kinds dimension)
PINNED_COMPLAINTS = {
    # May 2024, every district: totals per reason Billing 31, LowPressure 23, Discoloured 17, Leak 12, Odour 5
    ("Riverside", 2024, 5): {"LowPressure": 7, "Discoloured": 5, "Billing": 11, "Leak": 4, "Odour": 2},
    ("Hillcrest", 2024, 5): {"LowPressure": 4, "Discoloured": 6, "Billing": 12, "Leak": 3, "Odour": 1},
    ("Oldtown", 2024, 5):   {"LowPressure": 12, "Discoloured": 6, "Billing": 8, "Leak": 5, "Odour": 2},
    ("Oldtown", 2024, 6):   {"LowPressure": 14, "Discoloured": 9, "Billing": 10, "Leak": 5, "Odour": 3},
    ("Oldtown", 2024, 3):   {"LowPressure": 19, "Discoloured": 6, "Billing": 4, "Leak": 11, "Odour": 2},
}
log = []
n = 0
for (y, m) in MONTHS:
    for d in DISTRICTS:
        counts = PINNED_COMPLAINTS.get((d, y, m))
        if counts is None:
            counts = {r: int(2 + noise("c", d, r, y, m, lo=0, hi=5.99)) for r in REASONS}
            if (y, m) >= (2024, 4): counts["Billing"] += 4
        for r in REASONS:
            for i in range(counts[r]):
                n += 1
                day = 1 + int(noise("day", d, r, y, m, i, lo=0, hi=27.99))
                log.append([f"CB-{n:05d}", f"{y}-{m:02d}-{day:02d}", d, r])
log.sort(key=lambda r: (r[1], r[0]))
with open("data/complaint-log.csv", "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f); w.writerow(["Ticket", "Received", "District", "Reason"]); w.writerows(log)

# 4. event tables
with open("data/network-works.csv", "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f); w.writerow(["Ref", "District", "Work type", "Start date", "Description"])
    w.writerows([
        ["NW-188", "Riverside", "Mains replacement", "2023-10-16", "3.2 km of cast-iron mains replaced on the river road"],
        ["NW-201", "Oldtown", "Pressure zone change", "2024-03-05", "Old Town merged into the high-pressure zone"],
        ["NW-215", "Hillcrest", "Meter upgrade", "2024-08-12", "Smart meters installed on 1,200 connections"],
    ])
with open("data/tariff-changes.csv", "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f); w.writerow(["Ref", "District", "Effective date", "Old price (CNY/m3)", "New price (CNY/m3)"])
    w.writerows([[f"TC-24-{i+1}", d, "2024-04-01", "3.20", "3.55"] for i, d in enumerate(DISTRICTS)])
print(f"leakage: {len(MONTHS)*3} rows, bills: {len(rows)} rows, complaints: {len(log)} rows, 3 network works, 3 tariff rows")
