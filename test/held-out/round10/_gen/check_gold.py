#!/usr/bin/env python3
"""Checks every line of the two planner gold files against the workspaces' YAML.

- format: the gold keys planner.md allows (plus the writers' `expect: clarify`), language/route/expect values,
  unique ids, the .scorable copy = the file without clarify lines;
- every sub-goal: its source and dataset exist, the dataset offers the metric / event / topic, every filter
  dimension is offered by the dataset and every value is a catalog value of that dimension;
- periods: ISO dates, from <= to, grain = the dataset's grain (metrics) or month (events), `from` on a unit
  start, `to` on a unit end or the as-of day (to-date); goals that run past as-of are listed;
- source roles: events are required:false; for every metric ask (metric, filters, period) exactly one goal is
  required and it is the most trusted dataset offering the metric (sources named in `fallback` never planned).
Exit 1 on any error."""
import calendar, datetime as dt, json, os, sys, yaml

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SETS = [("harborline-plans", os.path.join(HERE, "harborline", "triangulate.yaml")),
        ("demo-plans", "/work/main/demo/workspace/triangulate.yaml")]
TOP = {"id", "question", "language", "as_of", "route", "expect", "complexity", "tags", "unknown_terms", "sub_goals", "note"}
GOAL = {"source", "dataset", "metric", "event", "filters", "period", "query", "required"}
errors, warnings = [], []

def err(lid, msg): errors.append(f"{lid}: {msg}")

def load_ws(path):
    ws = yaml.safe_load(open(path, encoding="utf-8"))
    cat = ws.get("catalog", {})
    datasets = {}
    for sname, src in ws["sources"].items():
        trust = src.get("trust", 0.5)
        live = src["kind"] != "file"
        for key in ("datasets", "searches"):
            for dname, ds in (src.get(key) or {}).items():
                datasets[(sname, dname)] = {"offers": ds.get("offers", {}), "trust": trust, "live": live}
        if src.get("offers", {}).get("topics"):
            datasets[(sname, None)] = {"offers": src["offers"], "trust": trust, "live": live}
    return cat, datasets

def d(s): return dt.date.fromisoformat(s)

def unit_start(day, grain):
    if grain == "month": return day.day == 1
    if grain == "quarter": return day.day == 1 and day.month in (1, 4, 7, 10)
    if grain == "week": return day.weekday() == 0
    if grain == "year": return day.day == 1 and day.month == 1
    return True

def unit_end(day, grain):
    last = calendar.monthrange(day.year, day.month)[1] == day.day
    if grain == "month": return last
    if grain == "quarter": return last and day.month in (3, 6, 9, 12)
    if grain == "week": return day.weekday() == 6
    if grain == "year": return day.month == 12 and day.day == 31
    return True

for name, wspath in SETS:
    cat, datasets = load_ws(wspath)
    metrics, dims = cat.get("metrics", {}), cat.get("dimensions", {})
    lines = [json.loads(l) for l in open(os.path.join(HERE, name + ".jsonl"), encoding="utf-8") if l.strip()]
    scor = [json.loads(l) for l in open(os.path.join(HERE, name + ".scorable.jsonl"), encoding="utf-8") if l.strip()]
    if [l["id"] for l in scor] != [l["id"] for l in lines if l["expect"] != "clarify"]:
        err(name, "scorable copy is not the file without its clarify lines")
    ids = [l["id"] for l in lines]
    if len(ids) != len(set(ids)): err(name, "duplicate ids")
    for l in lines:
        lid = l["id"]
        extra = set(l) - TOP
        if extra: err(lid, f"keys not in the gold format: {extra}")
        if l["language"] not in ("en", "zh-Hans", "zh-Hant"): err(lid, "language")
        if l["route"] not in ("retrieve", "direct"): err(lid, "route")
        if l["expect"] not in ("plan", "direct", "no_plan", "clarify"): err(lid, "expect")
        if l.get("complexity") not in (None, "simple", "complex"): err(lid, "complexity")
        asof = d(l["as_of"])
        goals = l.get("sub_goals")
        if l["expect"] == "plan":
            if not goals: err(lid, "plan without sub_goals")
        elif goals: err(lid, f"{l['expect']} line with sub_goals")
        if l["expect"] == "no_plan" and not l.get("unknown_terms"): err(lid, "no_plan without unknown_terms")
        if (l["route"] == "direct") != (l["expect"] == "direct"): err(lid, "route/expect mismatch")
        if l["language"] == "en" and any("\u4e00" <= c <= "\u9fff" for c in l["question"]): warnings.append(f"{lid}: Han characters in an English line")
        for t in l.get("unknown_terms", []):
            if t not in l["question"]: err(lid, f"unknown term {t!r} not written in the question")
        asks = {}
        for i, g in enumerate(goals or []):
            gid = f"{lid} g{i+1}"
            if set(g) - GOAL: err(gid, f"keys {set(g) - GOAL}")
            if "query" in g or set(g) == {"source"}:
                ds = datasets.get((g["source"], None))
                if not ds or not ds["offers"].get("topics"): err(gid, "knowledge-base search on a source without topics")
                continue
            key = (g["source"], g["dataset"])
            if key not in datasets: err(gid, f"unknown source/dataset {key}"); continue
            offers = datasets[key]["offers"]
            kind = "metric" if "metric" in g else "event"
            name_ = g[kind]
            if name_ not in offers.get(kind + "s", []): err(gid, f"{key} does not offer {kind} {name_}")
            for dim, val in g.get("filters", {}).items():
                if dim not in offers.get("dimensions", []): err(gid, f"{key} does not filter by {dim}")
                for v in (val if isinstance(val, list) else [val]):
                    if v not in dims.get(dim, {}).get("values", {}): err(gid, f"{v!r} is no value of {dim}")
            p = g["period"]; frm, to = d(p["from"]), d(p["to"])
            if frm > to: err(gid, "from after to")
            want = offers.get("grain", "month") if kind == "metric" else "month"
            if p["grain"] != want: err(gid, f"grain {p['grain']} but expected {want}")
            if not unit_start(frm, p["grain"]): err(gid, f"from {frm} is not the start of a {p['grain']}")
            if not unit_end(to, p["grain"]) and to != asof and not (to.replace(year=to.year + 1) == asof):
                err(gid, f"to {to} is neither a {p['grain']} end nor the as-of day (or its base a year earlier)")
            if to > asof: warnings.append(f"{gid}: {name_} {frm}..{to} runs past as-of {asof} (planned as asked: check the note)")
            if frm > asof: err(gid, "period wholly after as-of")
            if kind == "event":
                if g.get("required", True): err(gid, "event goal must be required:false")
            else:
                fk = json.dumps(g.get("filters", {}), sort_keys=True)
                asks.setdefault((name_, fk, p["from"], p["to"]), []).append(g)
        for (m, fk, f_, t_), gs in asks.items():
            fallback = set(metrics.get(m, {}).get("fallback", []))
            req = [g for g in gs if g.get("required", True)]
            if len(req) != 1: err(lid, f"{m} {fk} {f_}..{t_}: {len(req)} required goals")
            offering = [(ds["trust"], ds["live"], k) for k, ds in datasets.items()
                        if m in ds["offers"].get("metrics", []) and k[0] not in fallback]
            best = max(offering)[2]
            if req and (req[0]["source"], req[0]["dataset"]) != best: err(lid, f"{m}: required goal is not the most trusted {best}")
            if {(g["source"], g["dataset"]) for g in gs} != {o[2] for o in offering}:
                warnings.append(f"{lid}: {m} {fk} {f_}..{t_} planned on {[(g['source'], g['dataset']) for g in gs]}, offered by {[o[2] for o in offering]}")
            for g in gs:
                if g["source"] in fallback: err(lid, f"{m}: fallback source {g['source']} planned")
    print(f"{name}: {len(lines)} lines ({len(scor)} scorable), {sum(len(l.get('sub_goals') or []) for l in lines)} sub-goals checked")

for w in warnings: print("warn ", w)
for e in errors: print("ERROR", e)
print(f"{len(errors)} errors, {len(warnings)} warnings")
sys.exit(1 if errors else 0)
