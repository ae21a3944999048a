#!/usr/bin/env python3
"""Checks the round-12 planner gold against the two workspaces' YAML.

For each line: format keys and expect/route pairs; language vs script (opencc-js through node for
Simplified/Traditional, no Han in English); unknown_terms written in the question; for each sub-goal:
the source/dataset exists and offers the metric/event/topic, every filter dimension is offered by the
dataset and every value is a catalog key (a list has >= 2 distinct values); periods: metric goals use
the dataset's grain, `from` on a unit start, `to` on a unit end or the as-of day (or that day 1-2 years
earlier for a to-date base); event goals are month grain and required:false; nothing wholly after
as-of; for every metric ask (metric, filters, period) exactly the non-fallback datasets offering the
metric and the filter dimensions are planned, the most trusted required, the others optional.
Also: each .scorable.jsonl equals its file minus the clarify lines.
Exit 1 on any error.
"""
import datetime as dt, json, os, subprocess, sys, yaml
from collections import defaultdict

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SETS = [("snowcrest", os.path.join(HERE, "snowcrest", "triangulate.yaml")),
        ("demo", "/work/main/demo/workspace/triangulate.yaml")]
KEYS = {"id", "question", "language", "as_of", "route", "expect", "complexity", "tags", "unknown_terms", "sub_goals", "note"}
errors, warnings = [], []

def err(i, msg): errors.append(f"{i}: {msg}")
def warn(i, msg): warnings.append(f"{i}: {msg}")

def load_ws(path):
    y = yaml.safe_load(open(path, encoding="utf-8"))
    cat = y["catalog"]
    offers = {}   # (source, dataset) -> dict
    for sname, s in y["sources"].items():
        trust = s.get("trust", 0.5)
        groups = dict(s.get("datasets", {}) or {}); groups.update(s.get("searches", {}) or {})
        for dname, d in groups.items():
            o = d.get("offers", {}) or {}
            offers[(sname, dname)] = {"metrics": set(o.get("metrics", [])), "events": set(o.get("events", [])),
                                      "dims": set(o.get("dimensions", [])), "grain": o.get("grain"),
                                      "trust": trust, "kind": s["kind"]}
        if s.get("offers"):
            offers[(sname, None)] = {"topics": set(s["offers"].get("topics", [])), "trust": trust, "kind": s["kind"]}
    dims = {k: set(v["values"]) for k, v in cat["dimensions"].items()}
    fallback = {m: set(v.get("fallback", []) or []) for m, v in cat["metrics"].items()}
    return cat, offers, dims, fallback

def d(s): return dt.date.fromisoformat(s)
def month_end(x): return (dt.date(x.year + (x.month == 12), x.month % 12 + 1, 1) - dt.timedelta(days=1))
def is_start(x, g):
    return {"month": x.day == 1, "quarter": x.day == 1 and x.month in (1, 4, 7, 10),
            "week": x.weekday() == 0, "year": (x.month, x.day) == (1, 1)}[g]
def is_end(x, g):
    return {"month": x == month_end(x), "quarter": x == month_end(x) and x.month in (3, 6, 9, 12),
            "week": x.weekday() == 6, "year": (x.month, x.day) == (12, 31)}[g]

def script_of(texts):
    js = ("const o=require('/work/main/node_modules/opencc-js');const t2s=o.Converter({from:'tw',to:'cn'});"
          "const s2t=o.Converter({from:'cn',to:'tw'});const a=JSON.parse(require('fs').readFileSync(0,'utf8'));"
          "console.log(JSON.stringify(a.map(q=>{let n=0,m=0;const x=t2s(q),y=s2t(q);for(let i=0;i<q.length;i++)"
          "{if(x[i]!==q[i])n++;if(y[i]!==q[i])m++;}return [n,m];})))")
    out = subprocess.run(["node", "-e", js], input=json.dumps(texts), capture_output=True, text=True, check=True)
    return json.loads(out.stdout)

def check_set(name, wspath):
    cat, offers, dims, fallback = load_ws(wspath)
    path = os.path.join(HERE, f"{name}-plans.jsonl")
    rows = [json.loads(l) for l in open(path, encoding="utf-8")]
    scor = [json.loads(l) for l in open(os.path.join(HERE, f"{name}-plans.scorable.jsonl"), encoding="utf-8")]
    if scor != [r for r in rows if r["expect"] != "clarify"]:
        err(name, "scorable copy differs from the file minus clarify lines")
    han = [r["question"] for r in rows]
    scripts = script_of(han)
    for r, (t2s_changes, s2t_changes) in zip(rows, scripts):
        i = r["id"]
        extra = set(r) - KEYS
        if extra: err(i, f"unknown keys {extra}")
        for k in ("id", "question", "language", "as_of", "route", "expect", "tags", "note"):
            if k not in r: err(i, f"missing {k}")
        lang, q = r["language"], r["question"]
        has_han = any("\u4e00" <= c <= "\u9fff" for c in q)
        if lang == "en" and has_han: err(i, "English line with Han characters")
        if lang != "en":
            if not has_han: err(i, "Chinese line without Han characters")
            if lang == "zh-Hant" and t2s_changes <= s2t_changes: err(i, f"zh-Hant but script counts t2s={t2s_changes} s2t={s2t_changes}")
            if lang == "zh-Hans" and s2t_changes <= t2s_changes: err(i, f"zh-Hans but script counts t2s={t2s_changes} s2t={s2t_changes}")
        exp, route = r["expect"], r["route"]
        if (exp == "direct") != (route == "direct"): err(i, f"expect {exp} with route {route}")
        if exp not in ("plan", "no_plan", "direct", "clarify"): err(i, f"bad expect {exp}")
        if r.get("complexity") not in (None, "simple", "complex"): err(i, "bad complexity")
        for t in r.get("unknown_terms", []):
            if t not in q: err(i, f"unknown term {t!r} not written in the question")
        if exp == "no_plan" and not r.get("unknown_terms"): err(i, "no_plan without unknown_terms")
        goals = r.get("sub_goals")
        if exp == "plan" and not goals: err(i, "plan without sub_goals")
        if exp != "plan" and goals: err(i, f"{exp} with sub_goals")
        if not goals: continue
        asof = d(r["as_of"])
        asks = defaultdict(list)
        for n, g in enumerate(goals, 1):
            gi = f"{i}/g{n}"
            if "query" in g or set(g) == {"source"}:
                o = offers.get((g["source"], None))
                if not o or not o.get("topics"): err(gi, "knowledge-base goal on a source without topics")
                continue
            key = (g["source"], g["dataset"])
            o = offers.get(key)
            if not o: err(gi, f"no dataset {key}"); continue
            kind = "metric" if "metric" in g else "event"
            name_ = g.get(kind)
            if kind == "metric" and name_ not in o["metrics"]: err(gi, f"{key} does not offer metric {name_}")
            if kind == "event" and name_ not in o["events"]: err(gi, f"{key} does not offer event {name_}")
            for dim, v in g.get("filters", {}).items():
                if dim not in o["dims"]: err(gi, f"{key} does not offer dimension {dim}")
                vals = v if isinstance(v, list) else [v]
                if isinstance(v, list) and len(set(v)) < 2: err(gi, "list filter with fewer than two values")
                for x in vals:
                    if x not in dims.get(dim, ()): err(gi, f"{dim}={x} is not a catalog value")
            p = g["period"]; a, b = d(p["from"]), d(p["to"])
            if a > b: err(gi, "from after to")
            if a > asof: err(gi, "period wholly after as-of")
            if kind == "event":
                if p["grain"] != "month": err(gi, "event goal not at month grain")
                if g.get("required", True): err(gi, "event goal must be required:false")
                continue
            grain = o["grain"]
            if p["grain"] != grain: err(gi, f"grain {p['grain']} but dataset grain {grain}")
            if not is_start(a, grain): err(gi, f"from {a} not a {grain} start")
            to_ok = is_end(b, grain) or b == asof or any(b == asof.replace(year=asof.year - k) for k in (1, 2))
            if not to_ok: err(gi, f"to {b} neither a {grain} end nor the as-of day (or a year/two earlier)")
            fkey = json.dumps({k: sorted(v) if isinstance(v, list) else v for k, v in sorted(g.get("filters", {}).items())})
            asks[(name_, fkey, p["from"], p["to"])].append((key, g.get("required", True)))
        for (metric, fkey, a, b), planned in asks.items():
            fdims = set(json.loads(fkey))
            want = [k for k, o in offers.items() if k[1] is not None and metric in o.get("metrics", ())
                    and k[0] not in fallback.get(metric, set())]
            best = max(len(fdims & offers[k]["dims"]) for k in want)
            want = [k for k in want if len(fdims & offers[k]["dims"]) == best]
            if sorted(k for k, _ in planned) != sorted(want):
                err(i, f"{metric} {fkey} {a}..{b}: planned {sorted(k for k,_ in planned)}, expected {sorted(want)}")
                continue
            top = max(want, key=lambda k: offers[k]["trust"])
            for k, req in planned:
                if req != (k == top): err(i, f"{metric} {a}..{b}: {k} required={req}, most trusted is {top}")
    return rows

for name, ws in SETS:
    rows = check_set(name, ws)
    print(f"{name}: {len(rows)} lines checked")
for e in errors: print("ERROR", e)
for w in warnings: print("warning", w)
print(f"{len(errors)} errors, {len(warnings)} warnings")
sys.exit(1 if errors else 0)
