#!/usr/bin/env python3
"""Jadebay Water (翠湾水务 / 翠灣水務): deterministic data for the round-11 blind answer set.
Fixed LCG (seed 20251103), no `random`; story cells fixed by hand in OVERRIDES. Months 2024-01..2025-10.
Writes workspace/data/*. Run twice: byte-identical output."""
import csv, json, os

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "workspace", "data")
os.makedirs(OUT, exist_ok=True)

class LCG:
    def __init__(self, seed): self.s = seed
    def next(self):
        self.s = (1103515245 * self.s + 12345) % (2 ** 31)
        return self.s / 2 ** 31
    def uni(self, a, b): return a + (b - a) * self.next()
    def pick(self, xs): return xs[int(self.next() * len(xs)) % len(xs)]

R = LCG(20251103)
MONTHS = [f"{y}-{m:02d}" for y in (2024, 2025) for m in range(1, 13) if not (y == 2025 and m > 10)]
DISTRICTS = ["Harbour", "Old Town", "Westhill", "Lakeside"]
ZH = {"Harbour": "港口区", "Old Town": "老城区", "Westhill": "西山区", "Lakeside": "湖滨区"}
CAUSES = ["Corrosion", "Joint failure", "Pressure surge", "Ground movement", "Third-party damage"]

# ---- non-revenue water rate (%), ops export ----
NRW_BASE = {"Harbour": 16.0, "Old Town": 22.0, "Westhill": 19.0, "Lakeside": 18.0}
nrw = {(d, m): round(NRW_BASE[d] + R.uni(-0.8, 0.8), 1) for m in MONTHS for d in DISTRICTS}
nrw.update({
    ("Westhill", "2025-03"): 18.9, ("Westhill", "2025-04"): 22.4,          # g01 why, CC-03 aligned
    ("Westhill", "2024-05"): 19.6, ("Westhill", "2025-05"): 21.0,          # g10 YoY (billing says 24.0)
    ("Harbour", "2025-08"): 19.7, ("Lakeside", "2025-08"): 17.2,          # g07 compare
    ("Old Town", "2025-01"): 23.1, ("Old Town", "2025-02"): 22.6, ("Old Town", "2025-03"): 21.4,
    ("Old Town", "2025-04"): 21.0, ("Old Town", "2025-05"): 20.2, ("Old Town", "2025-06"): 19.8,  # g12 trend
    ("Lakeside", "2025-09"): 17.6, ("Lakeside", "2025-10"): 17.9,         # g19 after the data ends
})
BILLING_DIFF = {("Westhill", "2025-05"): 24.0}

# ---- outage hours ----
OUT_BASE = {"Harbour": 30, "Old Town": 45, "Westhill": 38, "Lakeside": 26}
outage = {(d, m): round(OUT_BASE[d] + R.uni(-6, 6), 1) for m in MONTHS for d in DISTRICTS}
outage.update({
    ("Harbour", "2025-05"): 28.5, ("Harbour", "2025-06"): 41.0,           # g02 why, SC-4.0 aligned
    ("Harbour", "2024-01"): 36.0, ("Harbour", "2024-02"): 29.5,           # g05 false premise, none aligned
    ("Westhill", "2025-08"): 52.5, ("Old Town", "2025-08"): 44.0,         # g08 compare
    ("Westhill", "2025-10"): 39.5,                                        # g21 last month
    ("Harbour", "2025-09"): 33.5, ("Harbour", "2025-10"): 31.0,           # g20 after the data ends
})

# ---- repair cost (CNY) ----
COST_BASE = {"Harbour": 180000, "Old Town": 260000, "Westhill": 210000, "Lakeside": 150000}
cost = {(d, m): int(round((COST_BASE[d] + R.uni(-20000, 20000)) / 100.0)) * 100 for m in MONTHS for d in DISTRICTS}
cost.update({
    ("Old Town", "2025-08"): 284600, ("Harbour", "2025-08"): 196500,      # g09 compare money
    ("Lakeside", "2025-08"): 142000, ("Lakeside", "2025-09"): 171000,     # g11 MoM
    ("Old Town", "2024-09"): 275400, ("Old Town", "2025-09"): 241800,     # g06 false YoY premise
    ("Westhill", "2025-10"): 223700,                                      # g23 上個月
})

# ---- complaints (count), kinds NOT mapped ----
CMP_BASE = {"Harbour": 120, "Old Town": 210, "Westhill": 150, "Lakeside": 95}
ISSUES = ["Low pressure", "Discoloured water", "Billing query", "Supply interruption", "Meter fault"]
complaints = {(d, m): int(round(CMP_BASE[d] + R.uni(-15, 15))) for m in MONTHS for d in DISTRICTS}
complaints.update({
    ("Lakeside", "2024-09"): 92, ("Lakeside", "2024-10"): 131,            # g03 why, none aligned
    ("Old Town", "2025-08"): 236, ("Westhill", "2025-08"): 171,
    ("Harbour", "2025-08"): 128, ("Lakeside", "2025-08"): 102,            # g16 ranking, g17/g18 unmapped
})
issue = {(d, m): R.pick(ISSUES) for m in MONTHS for d in DISTRICTS}
issue[("Harbour", "2025-08")] = "Low pressure"

# ---- main bursts (a log, one row per burst), cause mapped ----
# fixed months: cause lists per district
FIXED = {
    # g14 top 3 in 2025-03: Corrosion 7, Joint failure 5, Pressure surge 3, Ground movement 2, Third-party damage 1
    "2025-03": {"Harbour": ["Corrosion", "Corrosion", "Joint failure", "Pressure surge"],
                "Old Town": ["Corrosion", "Corrosion", "Corrosion", "Joint failure", "Joint failure", "Ground movement"],
                "Westhill": ["Corrosion", "Joint failure", "Pressure surge", "Third-party damage"],
                "Lakeside": ["Corrosion", "Joint failure", "Pressure surge", "Ground movement"]},
    # g15 May: Corrosion 6, Joint failure 4, Pressure surge 3, Ground movement 2, Third-party damage 1
    "2025-05": {"Harbour": ["Corrosion", "Joint failure", "Pressure surge", "Ground movement"],
                "Old Town": ["Corrosion", "Corrosion", "Joint failure", "Third-party damage"],
                "Westhill": ["Corrosion", "Corrosion", "Joint failure", "Pressure surge"],
                "Lakeside": ["Corrosion", "Joint failure", "Pressure surge", "Ground movement"]},
    # g15 June: Pressure surge 9, Corrosion 5, Joint failure 3, Ground movement 1, Third-party damage 0; Old Town 3 (g04)
    "2025-06": {"Harbour": ["Pressure surge", "Pressure surge", "Pressure surge", "Corrosion", "Joint failure"],
                "Old Town": ["Pressure surge", "Corrosion", "Joint failure"],
                "Westhill": ["Pressure surge", "Pressure surge", "Pressure surge", "Corrosion", "Corrosion", "Ground movement"],
                "Lakeside": ["Pressure surge", "Pressure surge", "Corrosion", "Joint failure"]},
    # g04: Old Town 8 in 2025-07; g22 Lakeside Q3 2025; g13 July 2025 total
    "2025-07": {"Harbour": ["Corrosion", "Joint failure", "Pressure surge"],
                "Old Town": ["Corrosion", "Corrosion", "Joint failure", "Joint failure", "Joint failure", "Third-party damage", "Ground movement", "Corrosion"],
                "Westhill": ["Corrosion", "Pressure surge", "Joint failure", "Corrosion"],
                "Lakeside": ["Corrosion", "Joint failure", "Ground movement"]},
    "2024-07": {"Harbour": ["Corrosion", "Joint failure"],
                "Old Town": ["Corrosion", "Joint failure", "Corrosion", "Ground movement"],
                "Westhill": ["Corrosion", "Pressure surge", "Joint failure"],
                "Lakeside": ["Joint failure", "Corrosion"]},
    "2025-08": {"Lakeside": ["Corrosion", "Corrosion", "Pressure surge", "Joint failure"]},
    "2025-09": {"Lakeside": ["Third-party damage", "Corrosion", "Joint failure", "Ground movement", "Corrosion"]},
}
bursts = []
for m in MONTHS:
    for d in DISTRICTS:
        if m in FIXED and d in FIXED[m]:
            causes = FIXED[m][d]
        else:
            n = 2 + int(R.next() * 4)  # 2..5
            causes = [R.pick(CAUSES) for _ in range(n)]
        y, mo = int(m[:4]), int(m[5:])
        for i, c in enumerate(causes):
            day = 2 + (i * 6 + DISTRICTS.index(d) * 2) % 26
            bursts.append((f"{y}-{mo:02d}-{day:02d}", d, c))
bursts.sort(key=lambda r: (r[0], DISTRICTS.index(r[1]), r[2]))

# ---- write ----
def wcsv(name, header, rows):
    with open(os.path.join(OUT, name), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        w.writerows(rows)

wcsv("nrw-monthly.csv", ["Month", "District", "NRW rate"],
     [[m, d, f"{nrw[(d, m)]:.1f}%"] for m in MONTHS for d in DISTRICTS])
billing = [{"period": m, "district": ZH[d], "nrw_rate": BILLING_DIFF.get((d, m), nrw[(d, m)])} for m in MONTHS for d in DISTRICTS]
with open(os.path.join(OUT, "billing-nrw.json"), "w", encoding="utf-8") as f:
    json.dump({"exported": "2025-11-03", "data": {"rows": billing}}, f, ensure_ascii=False, indent=1)
    f.write("\n")
wcsv("outage-hours.csv", ["Month", "District", "Outage hours"],
     [[m, d, f"{outage[(d, m)]:.1f}"] for m in MONTHS for d in DISTRICTS])
wcsv("repair-costs.csv", ["Month", "District", "Repair cost"],
     [[m, d, str(cost[(d, m)])] for m in MONTHS for d in DISTRICTS])
wcsv("complaints-monthly.csv", ["Month", "District", "Complaints", "Main issue", "Calls handled"],
     [[m, d, str(complaints[(d, m)]), issue[(d, m)], str(complaints[(d, m)] * 3 + 17)] for m in MONTHS for d in DISTRICTS])
wcsv("burst-log.csv", ["Date", "District", "Burst ID", "Cause"],
     [[r[0], r[1], f"MB-{i + 1:04d}", r[2]] for i, r in enumerate(bursts)])
CHANGES = [
    ("CC-01", "2024-05-14", "Harbour", "AquaFix", "PipeCare Services"),
    ("CC-02", "2024-12-03", "Lakeside", "PipeCare Services", "Rivermead Civil"),
    ("CC-03", "2025-04-08", "Westhill", "HydroServe", "Meridian Utilities"),
    ("CC-04", "2025-07-15", "Old Town", "CityMains", "BlueLine Works"),
]
wcsv("contractor-changes.csv", ["Change ID", "Date", "District", "From contractor", "To contractor"], [list(c) for c in CHANGES])
with open(os.path.join(OUT, "contractor-register.json"), "w", encoding="utf-8") as f:
    json.dump({"contracts": [{"change_id": c[0], "effective_date": c[1], "district": ZH[c[2]], "outgoing": c[3], "incoming": c[4]}
                             for c in CHANGES if c[0] in ("CC-03", "CC-04")]}, f, ensure_ascii=False, indent=1)
    f.write("\n")
RELEASES = [
    ("SC-3.0", "2024-04-16", "Billing interface"),
    ("SC-3.1", "2024-08-20", "Leak detection, Meter reading"),
    ("SC-3.2", "2025-02-18", "Asset register"),
    ("SC-4.0", "2025-06-10", "Pressure transient alarms, Pump scheduling"),
    ("SC-4.1", "2025-09-24", "Work orders, Corrosion monitoring"),
]
with open(os.path.join(OUT, "scada-releases.json"), "w", encoding="utf-8") as f:
    json.dump([{"version": v, "released": d, "modules": mo} for v, d, mo in RELEASES], f, ensure_ascii=False, indent=1)
    f.write("\n")
print("wrote", sorted(os.listdir(OUT)))
