#!/usr/bin/env python3
"""Polar Chain Logistics (极地冷链): a fictional cold-chain logistics firm with four depots.

Writes workspace/data/* deterministically (no random module: a fixed LCG), monthly 2023-01..2024-09.
Every figure the gold questions use is pinned in OVERRIDES below; compute-gold.py reads the files back.
Run:  python3 make-data.py   (from this folder)
"""
import csv
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "workspace", "data")

DEPOTS = ["Shanghai", "Guangzhou", "Chengdu", "Tianjin"]
DEPOT_ZH = {"Shanghai": "上海", "Guangzhou": "广州", "Chengdu": "成都", "Tianjin": "天津"}
CAUSES = ["Compressor failure", "Door left open", "Power outage", "Sensor fault", "Loading delay"]
MONTHS = [f"{y}-{m:02d}" for y in (2023, 2024) for m in range(1, 13)][: 12 + 9]  # 2023-01..2024-09
QUARTERS = ["2023-Q1", "2023-Q2", "2023-Q3", "2023-Q4", "2024-Q1", "2024-Q2", "2024-Q3"]


class Lcg:
    """Deterministic pseudo-random numbers (Numerical Recipes LCG), the same on every Python."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFF

    def next(self):
        self.state = (1664525 * self.state + 1013904223) & 0xFFFFFFFF
        return self.state / 2**32

    def uniform(self, lo, hi):
        return lo + (hi - lo) * self.next()


# --- spoilage rate (percent), ops export (trust 0.9) ---------------------------------------------
SPOILAGE_BASE = {"Shanghai": 1.9, "Guangzhou": 1.8, "Chengdu": 1.7, "Tianjin": 1.9}
SPOILAGE_OVERRIDES = {
    ("Shanghai", "2024-01"): 1.9, ("Shanghai", "2024-02"): 1.8, ("Shanghai", "2024-03"): 2.9,
    ("Shanghai", "2024-06"): 2.1, ("Shanghai", "2024-09"): 2.0,
    ("Guangzhou", "2023-07"): 2.0, ("Guangzhou", "2024-06"): 1.7, ("Guangzhou", "2024-07"): 2.4,
    ("Chengdu", "2024-07"): 1.9, ("Chengdu", "2024-08"): 1.6, ("Chengdu", "2024-09"): 2.3,
    ("Tianjin", "2024-04"): 2.2, ("Tianjin", "2024-05"): 1.7,
}
# the client portal (trust 0.6) reports the same figures except here:
PORTAL_DIFFERS = {("Guangzhou", "2024-07"): 2.9, ("Tianjin", "2023-03"): 2.6}

# --- average delivery delay (hours), ops export only ----------------------------------------------
DELAY_BASE = {"Shanghai": 3.2, "Guangzhou": 3.4, "Chengdu": 4.1, "Tianjin": 3.3}
DELAY_OVERRIDES = {
    ("Shanghai", "2024-01"): 3.6, ("Shanghai", "2024-02"): 2.9,
    ("Shanghai", "2024-08"): 2.8, ("Shanghai", "2024-09"): 3.5,
    ("Guangzhou", "2024-05"): 3.2, ("Guangzhou", "2024-06"): 4.5, ("Guangzhou", "2024-09"): 3.9,
    ("Chengdu", "2024-08"): 5.2,
    ("Tianjin", "2024-06"): 3.1, ("Tianjin", "2024-07"): 4.4, ("Tianjin", "2024-08"): 3.8,
    ("Tianjin", "2024-09"): 3.6,
}

# --- claims paid (CNY), ops export only; the "Main reason" column is NOT mapped by the workspace ---
CLAIMS_OVERRIDES = {("Shanghai", "2024-08"): 18600, ("Guangzhou", "2024-08"): 12400}
CLAIM_REASONS = ["Spoilage", "Late delivery", "Damaged packaging", "Short delivery"]

# --- temperature excursions: one log row per excursion; totals per quarter and cause (all depots) ---
EXCURSIONS_BY_CAUSE = {
    #                 Compressor, Door, Power, Sensor, Loading
    "2023-Q1": [6, 9, 3, 5, 4],
    "2023-Q2": [7, 8, 4, 5, 6],
    "2023-Q3": [11, 9, 6, 4, 5],
    "2023-Q4": [8, 10, 3, 6, 5],
    "2024-Q1": [7, 9, 2, 11, 5],
    "2024-Q2": [5, 16, 3, 6, 8],
    "2024-Q3": [9, 12, 5, 5, 4],
}
# excursions per depot per quarter (must sum to the quarter's total)
EXCURSIONS_BY_DEPOT = {
    "2023-Q1": [8, 7, 5, 7],
    "2023-Q2": [9, 8, 6, 7],
    "2023-Q3": [10, 10, 7, 8],
    "2023-Q4": [9, 9, 6, 8],
    "2024-Q1": [10, 9, 7, 8],
    "2024-Q2": [10, 13, 7, 8],
    "2024-Q3": [9, 15, 4, 7],
}

# --- events ---------------------------------------------------------------------------------------
CARRIER_CHANGES = [
    ("CC-03", "Tianjin", "2023-08-14", "ArcticMove", "NorthChill"),
    ("CC-05", "Chengdu", "2023-11-06", "WestFrost", "SichuanCold"),
    ("CC-07", "Shanghai", "2024-03-04", "FrostLine", "PolarHaul"),
    ("CC-09", "Guangzhou", "2024-07-08", "ColdWay", "SinoReefer"),
]
TMS_RELEASES = [
    ("4.8.0", "2023-05-10", "Reporting, Billing"),
    ("4.9.0", "2023-09-12", "Route planning"),
    ("5.0.0", "2023-11-20", "Dock scheduling, Billing"),
    ("5.1.0", "2024-01-22", "Sensor calibration, Reporting"),
    ("5.2.0", "2024-04-16", "Door alarms, Mobile app"),
    ("5.3.0", "2024-06-25", "Route planning, Billing"),
]


def series(base, overrides, rng, spread, digits):
    out = {}
    for depot in DEPOTS:
        for month in MONTHS:
            value = overrides.get((depot, month))
            if value is None:
                value = round(base[depot] + rng.uniform(-spread, spread), digits)
            out[(depot, month)] = value
    return out


def quarter_months(q):
    year, n = q.split("-Q")
    first = (int(n) - 1) * 3 + 1
    return [f"{year}-{m:02d}" for m in range(first, first + 3)]


def days_in(month):
    y, m = map(int, month.split("-"))
    if m == 2:
        return 29 if y % 4 == 0 else 28
    return 30 if m in (4, 6, 9, 11) else 31


def main():
    os.makedirs(DATA, exist_ok=True)
    rng = Lcg(20240915)

    spoilage = series(SPOILAGE_BASE, SPOILAGE_OVERRIDES, rng, 0.35, 1)
    with open(os.path.join(DATA, "spoilage-ops.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["Month", "Depot", "Shipments", "Spoilage rate"])
        for month in MONTHS:
            for depot in DEPOTS:
                shipments = 1800 + int(rng.uniform(0, 600))
                w.writerow([month, depot, shipments, f"{spoilage[(depot, month)]:.1f}%"])

    portal = {"generated": "2024-10-02", "data": {"items": []}}
    for month in MONTHS:
        for depot in DEPOTS:
            value = PORTAL_DIFFERS.get((depot, month), spoilage[(depot, month)])
            portal["data"]["items"].append(
                {"warehouse": DEPOT_ZH[depot], "period": month, "spoilage_pct": value}
            )
    with open(os.path.join(DATA, "client-portal-spoilage.json"), "w", encoding="utf-8") as f:
        json.dump(portal, f, ensure_ascii=False, indent=1)

    delay = series(DELAY_BASE, DELAY_OVERRIDES, rng, 0.6, 1)
    with open(os.path.join(DATA, "delivery-delay.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["Month", "Depot", "Deliveries", "Avg delay (h)"])
        for month in MONTHS:
            for depot in DEPOTS:
                w.writerow([month, depot, 1500 + int(rng.uniform(0, 500)), f"{delay[(depot, month)]:.1f}"])

    with open(os.path.join(DATA, "claims-monthly.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["Month", "Depot", "Claims filed", "Claims paid (CNY)", "Main reason"])
        for month in MONTHS:
            for depot in DEPOTS:
                paid = CLAIMS_OVERRIDES.get((depot, month))
                if paid is None:
                    paid = int(rng.uniform(50, 200)) * 100
                filed = 3 + int(rng.uniform(0, 9))
                reason = CLAIM_REASONS[int(rng.uniform(0, len(CLAIM_REASONS)))]
                w.writerow([month, depot, filed, paid, reason])

    rows = []
    n = 0
    for q in QUARTERS:
        by_cause = EXCURSIONS_BY_CAUSE[q]
        by_depot = EXCURSIONS_BY_DEPOT[q]
        assert sum(by_cause) == sum(by_depot), q
        # deal the quarter's excursions cause by cause, interleaved, to the depots in turn
        pool = []
        remaining = list(by_cause)
        while any(remaining):
            for i, left in enumerate(remaining):
                if left:
                    pool.append(CAUSES[i])
                    remaining[i] -= 1
        slots = []
        for d, count in zip(DEPOTS, by_depot):
            slots += [d] * count
        # a fixed permutation of the depot slots so each depot gets a mix of causes
        order = sorted(range(len(slots)), key=lambda i: (i * 7919) % len(slots))
        months = quarter_months(q)
        for k, cause in enumerate(pool):
            depot = slots[order[k]]
            month = months[k % 3]
            day = 1 + (k * 11) % days_in(month)
            n += 1
            rows.append((f"EX-{n:04d}", f"{month}-{day:02d}", depot, cause, 35 + (k * 17) % 160))
    rows.sort(key=lambda r: (r[1], r[0]))
    with open(os.path.join(DATA, "excursions-log.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["ID", "Date", "Depot", "Cause", "Minutes out of range"])
        w.writerows(rows)

    with open(os.path.join(DATA, "carrier-changes.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["Key", "Depot", "Change date", "From carrier", "To carrier"])
        w.writerows(CARRIER_CHANGES)

    with open(os.path.join(DATA, "tms-releases.json"), "w", encoding="utf-8") as f:
        json.dump(
            [{"version": v, "release_date": d, "modules": m} for v, d, m in TMS_RELEASES],
            f, ensure_ascii=False, indent=1,
        )
    print(f"wrote {DATA}: {len(rows)} excursions, {len(MONTHS)} months x {len(DEPOTS)} depots")


if __name__ == "__main__":
    main()
