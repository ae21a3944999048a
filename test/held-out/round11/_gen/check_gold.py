#!/usr/bin/env python3
"""Checks the round-11 planner gold against the two workspaces' YAML. Exit 1 on any error."""
import json, os, re, sys, datetime as dt
from collections import defaultdict
import yaml

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SETS = [("maplerye-plans", os.path.join(HERE, "maplerye", "triangulate.yaml")),
        ("demo-plans", "/work/main/demo/workspace/triangulate.yaml")]
LINE_KEYS = {"id", "question", "language", "as_of", "route", "expect", "complexity", "tags", "unknown_terms", "sub_goals", "note"}
GOAL_KEYS = {"source", "dataset", "metric", "event", "filters", "period", "query", "required"}
errors, warnings = [], []

def D(s): return dt.date.fromisoformat(s)
def month_end(d):
    n = dt.date(d.year + (d.month == 12), d.month % 12 + 1, 1)
    return n - dt.timedelta(days=1)
def unit_start(d, grain):
    return {"day": True, "week": d.weekday() == 0, "month": d.day == 1,
            "quarter": d.day == 1 and d.month in (1, 4, 7, 10), "year": d.day == 1 and d.month == 1}[grain]
def unit_end(d, grain):
    return {"day": True, "week": d.weekday() == 6, "month": d == month_end(d),
            "quarter": d == month_end(d) and d.month in (3, 6, 9, 12), "year": d.month == 12 and d.day == 31}[grain]
def year_back(d):
    try: return d.replace(year=d.year - 1)
    except ValueError: return d.replace(year=d.year - 1, day=28)

def offers_of(ws):
    """(source, dataset) -> {trust, grain, metrics, events, dimensions, kind}"""
    out = {}
    for sname, src in ws["sources"].items():
        trust = src.get("trust", 0.5)
        coll = src.get("datasets") or src.get("searches") or {}
        for dname, ds in coll.items():
            off = ds.get("offers") or {}
            out[(sname, dname)] = {"trust": trust, "grain": off.get("grain"), "metrics": off.get("metrics", []),
                                   "events": off.get("events", []), "dimensions": off.get("dimensions", []), "kind": src["kind"]}
    return out

def check_set(name, ypath):
    ws = yaml.safe_load(open(ypath, encoding="utf-8"))
    cat = ws["catalog"]
    offers = offers_of(ws)
    dims = {k: set(v["values"]) for k, v in cat["dimensions"].items()}
    rows = [json.loads(l) for l in open(os.path.join(HERE, name + ".jsonl"), encoding="utf-8")]
    scor = [json.loads(l) for l in open(os.path.join(HERE, name + ".scorable.jsonl"), encoding="utf-8")]
    if scor != [r for r in rows if r["expect"] != "clarify"]:
        errors.append(f"{name}: scorable copy is not the file minus its clarify lines")
    ids = set()
    for r in rows:
        i = r.get("id", "?")
        E = lambda m: errors.append(f"{name} {i}: {m}")
        W = lambda m: warnings.append(f"{name} {i}: {m}")
        if i in ids: E("duplicate id")
        ids.add(i)
        extra = set(r) - LINE_KEYS
        if extra: E(f"unknown keys {extra}")
        for k in ("id", "question", "language", "as_of", "route", "expect", "tags"):
            if k not in r: E(f"missing {k}")
        if r["language"] not in ("en", "zh-Hans", "zh-Hant"): E("bad language")
        han = re.search(r"[\u4e00-\u9fff]", r["question"])
        if (r["language"] == "en") == bool(han): E("language does not match the script of the question")
        if r["expect"] not in ("plan", "direct", "no_plan", "clarify"): E("bad expect")
        if (r["route"] == "direct") != (r["expect"] == "direct"): E("route/expect mismatch")
        if r.get("complexity") not in (None, "simple", "complex"): E("bad complexity")
        if r["expect"] == "plan" and not r.get("sub_goals"): E("plan without sub_goals")
        if r["expect"] != "plan" and r.get("sub_goals"): E("sub_goals on a non-plan line")
        if r["expect"] == "no_plan" and not r.get("unknown_terms"): E("no_plan without unknown_terms")
        for t in r.get("unknown_terms", []):
            if t not in r["question"]: E(f"unknown term {t!r} not written in the question")
        asof = D(r["as_of"])
        groups = defaultdict(list)
        for gi, gl in enumerate(r.get("sub_goals", []), 1):
            G = lambda m: E(f"g{gi}: {m}")
            if set(gl) - GOAL_KEYS: G(f"unknown goal keys {set(gl) - GOAL_KEYS}")
            key = (gl["source"], gl.get("dataset"))
            if key not in offers: G(f"unknown source/dataset {key}"); continue
            o = offers[key]
            if ("metric" in gl) == ("event" in gl): G("exactly one of metric/event"); continue
            if "metric" in gl and gl["metric"] not in o["metrics"]: G(f"{key} does not offer metric {gl['metric']}")
            if "event" in gl and gl["event"] not in o["events"]: G(f"{key} does not offer event {gl['event']}")
            for dk, dv in gl.get("filters", {}).items():
                if dk not in o["dimensions"]: G(f"{key} does not offer dimension {dk}")
                vals = dv if isinstance(dv, list) else [dv]
                if isinstance(dv, list) and len(set(dv)) < 2: G("list filter with fewer than two values")
                for v in vals:
                    if v not in dims.get(dk, ()): G(f"{dk}={v} is not a catalog value")
            p = gl["period"]; a, b = D(p["from"]), D(p["to"])
            if a > b: G("from after to")
            if a > asof: G("period wholly after as-of")
            if b > asof: W(f"g{gi}: period runs past as-of ({p['to']})")
            if "event" in gl:
                if p["grain"] != "month": G("event goals are month grain")
                if gl.get("required", True) is not False: G("event goals are required:false")
            else:
                if p["grain"] != o["grain"]: G(f"grain {p['grain']} is not the dataset's {o['grain']}")
                if not unit_start(a, p["grain"]): G(f"from {a} is not a {p['grain']} start")
                okend = unit_end(b, p["grain"]) or b == asof or b == year_back(asof)
                if not okend: G(f"to {b} is not a {p['grain']} end, the as-of day or that day a year earlier")
                groups[(gl["metric"], json.dumps(gl.get("filters", {}), sort_keys=True), p["from"], p["to"])].append(gl)
        # each metric ask: one required goal on the most trusted non-fallback dataset; all other offering datasets optional
        for (metric, filt, a, b), gls in groups.items():
            m = cat["metrics"][metric]
            fb = set(m.get("fallback", []))
            allowed = [(k, o) for k, o in offers.items() if metric in o["metrics"] and k[0] not in fb
                       and all(d in o["dimensions"] for d in json.loads(filt))]
            allowed.sort(key=lambda ko: -ko[1]["trust"])
            want = {k for k, _ in allowed}
            have = {(g["source"], g["dataset"]) for g in gls}
            if have != want: errors.append(f"{name} {i}: {metric} {filt} {a}..{b}: planned {sorted(have)}, expected {sorted(want)}")
            req = [(g["source"], g["dataset"]) for g in gls if g.get("required", True) is not False]
            if req != [allowed[0][0]]: errors.append(f"{name} {i}: {metric} {a}..{b}: required {req}, expected {[allowed[0][0]]}")
    return rows

stats = {}
for name, y in SETS:
    rows = check_set(name, y)
    stats[name] = rows
for w in warnings: print("warning:", w)
for e in errors: print("ERROR:", e)
for name, rows in stats.items():
    from collections import Counter
    print(f"{name}: {len(rows)} lines, scorable {sum(r['expect'] != 'clarify' for r in rows)};",
          dict(Counter(r['language'] for r in rows)), dict(Counter(r['expect'] for r in rows)),
          "multi-clause", sum('multi-clause' in r['tags'] for r in rows),
          "goals", sum(len(r.get('sub_goals', [])) for r in rows))
print(f"{len(errors)} errors, {len(warnings)} warnings")
sys.exit(1 if errors else 0)
