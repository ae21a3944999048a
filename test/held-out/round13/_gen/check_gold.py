#!/usr/bin/env python3
"""Validates every gold line of ws-plans.jsonl / demo-plans.jsonl against its workspace YAML.

Usage: python3 _gen/check_gold.py   (from /work/blind13/plans). Exit 1 on any error.
"""
import json, os, sys, subprocess, datetime as dt, calendar
import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.environ.get("GOLD_ROOT", os.path.dirname(HERE))
SETS = [("ws-plans", os.path.join(os.path.dirname(HERE), "ws/triangulate.yaml")),
        ("demo-plans", "/work/main/demo/workspace/triangulate.yaml")]
KEYS = {"id", "question", "language", "as_of", "route", "expect", "complexity", "tags", "unknown_terms", "sub_goals", "note"}
GKEYS = {"source", "dataset", "metric", "event", "filters", "period", "query", "required"}
errors, warnings = [], []

def err(where, msg): errors.append(f"{where}: {msg}")
def warn(where, msg): warnings.append(f"{where}: {msg}")
def d(s): return dt.date.fromisoformat(s)

def unit_start(x, grain):
    if grain == "day": return True
    if grain == "week": return x.weekday() == 0
    if grain == "month": return x.day == 1
    if grain == "quarter": return x.day == 1 and x.month in (1, 4, 7, 10)
    if grain == "year": return x.day == 1 and x.month == 1
def unit_end(x, grain):
    last = calendar.monthrange(x.year, x.month)[1] == x.day
    if grain == "day": return True
    if grain == "week": return x.weekday() == 6
    if grain == "month": return last
    if grain == "quarter": return last and x.month in (3, 6, 9, 12)
    if grain == "year": return last and x.month == 12

def script_of(texts):
    """zh-Hans / zh-Hant / None(ambiguous) for each text, with opencc-js through node."""
    js = r"""
const OpenCC = require('/work/main/node_modules/opencc-js');
const s2t = OpenCC.Converter({from:'cn', to:'tw'}), t2s = OpenCC.Converter({from:'tw', to:'cn'});
const xs = JSON.parse(require('fs').readFileSync(0,'utf8'));
const out = xs.map(x => { const a = x !== t2s(x), b = x !== s2t(x); return a && !b ? 'zh-Hant' : (!a && b ? 'zh-Hans' : (a && b ? 'mixed' : 'none')); });
console.log(JSON.stringify(out));"""
    r = subprocess.run(["node", "-e", js], input=json.dumps(texts), capture_output=True, text=True, check=True)
    return json.loads(r.stdout)

def catalog_index(ws):
    sources = {}
    for sname, s in ws["sources"].items():
        dsets = {}
        for dname, dd in (s.get("datasets") or {}).items():
            dsets[dname] = dd.get("offers", {})
        for dname, dd in (s.get("searches") or {}).items():
            dsets[dname] = dd.get("offers", {})
        sources[sname] = {"trust": s.get("trust", 0.5), "datasets": dsets, "offers": s.get("offers", {})}
    return sources

def check_set(name, ypath):
    ws = yaml.safe_load(open(ypath, encoding="utf-8"))
    cat = ws["catalog"]; src = catalog_index(ws)
    dims = {k: set(v["values"]) for k, v in cat["dimensions"].items()}
    rows = [json.loads(l) for l in open(os.path.join(ROOT, name + ".jsonl"), encoding="utf-8")]
    scor = [json.loads(l) for l in open(os.path.join(ROOT, name + ".scorable.jsonl"), encoding="utf-8")]
    if [r["id"] for r in scor] != [r["id"] for r in rows if r["expect"] != "clarify"]:
        err(name, ".scorable.jsonl is not the file minus its clarify lines")
    ids = [r["id"] for r in rows]
    if len(ids) != len(set(ids)): err(name, "duplicate ids")
    scripts = script_of([r["question"] for r in rows])
    for r, sc in zip(rows, scripts):
        w = f"{name}:{r.get('id')}"
        extra = set(r) - KEYS
        if extra: err(w, f"unknown keys {extra}")
        for k in ("id", "question", "language", "as_of", "route", "expect", "tags", "note"):
            if k not in r: err(w, f"missing {k}")
        lang, q = r["language"], r["question"]
        han = any('\u4e00' <= ch <= '\u9fff' for ch in q)
        if lang == "en" and han: err(w, "English line with Han characters")
        if lang != "en":
            if not han: err(w, "Chinese line without Han characters")
            elif sc not in (lang,): err(w, f"script check says {sc}, line says {lang}")
        ex, route = r["expect"], r["route"]
        if ex not in ("plan", "no_plan", "direct", "clarify"): err(w, f"expect {ex}")
        if (ex == "direct") != (route == "direct"): err(w, "direct expect/route mismatch")
        if ex in ("no_plan", "clarify", "direct") and r.get("sub_goals"): err(w, f"{ex} with sub_goals")
        if ex == "plan" and not r.get("sub_goals"): err(w, "plan without sub_goals")
        if ex == "no_plan" and not r.get("unknown_terms"): err(w, "no_plan without unknown_terms")
        for t in r.get("unknown_terms", []):
            if t.lower() not in q.lower(): err(w, f"unknown term {t!r} not in the question")
        if "complexity" in r and r["complexity"] not in ("simple", "complex"): err(w, "complexity value")
        as_of = d(r["as_of"])
        asks = {}
        for i, gl in enumerate(r.get("sub_goals", [])):
            gw = f"{w}/g{i+1}"
            if set(gl) - GKEYS: err(gw, f"unknown keys {set(gl) - GKEYS}")
            s = src.get(gl["source"])
            if not s: err(gw, f"unknown source {gl['source']}"); continue
            if "query" in gl or set(gl) <= {"source", "query", "required"}:
                if not s["offers"].get("topics"): err(gw, "text search on a source without topics")
                continue
            ds = s["datasets"].get(gl.get("dataset"))
            if ds is None: err(gw, f"unknown dataset {gl.get('dataset')}"); continue
            kind = "metric" if "metric" in gl else "event" if "event" in gl else None
            if kind is None or ("metric" in gl and "event" in gl): err(gw, "exactly one of metric/event"); continue
            nm = gl[kind]
            pool = cat["metrics"] if kind == "metric" else cat["events"]
            if nm not in pool: err(gw, f"{kind} {nm} not in catalog")
            if nm not in ds.get(kind + "s", []): err(gw, f"{gl['source']}/{gl['dataset']} does not offer {nm}")
            for dim, val in gl.get("filters", {}).items():
                if dim not in ds.get("dimensions", []): err(gw, f"filter {dim} not offered by the dataset")
                vals = val if isinstance(val, list) else [val]
                if isinstance(val, list) and (len(vals) < 2 or len(set(vals)) != len(vals)): err(gw, f"bad list {val}")
                for v in vals:
                    if v not in dims.get(dim, set()): err(gw, f"{dim}={v} not a catalog value")
            p = gl["period"]; grain = p["grain"]; fr, to = d(p["from"]), d(p["to"])
            if fr > to: err(gw, "from after to")
            if fr > as_of: err(gw, "period wholly after as_of")
            if kind == "event":
                if grain != "month": err(gw, "event goal not at month grain")
                if gl.get("required", True): err(gw, "event goal must be required:false")
                if not unit_start(fr, "month") or not (unit_end(to, "month") or to == as_of): warn(gw, "event period not whole months")
                continue
            want = ds.get("grain")
            if grain != want: err(gw, f"grain {grain}, dataset grain {want}")
            if not unit_start(fr, grain):
                if r["id"] in ALLOW_MONTH_BOUNDS_ON_WEEK: warn(gw, f"from {fr} not a {grain} start (DEBATABLE line)")
                else: err(gw, f"from {fr} not a {grain} start")
            ok_to = unit_end(to, grain) or to in {as_of, as_of.replace(year=as_of.year - 1), as_of.replace(year=as_of.year - 2)}
            if not ok_to:
                if r["id"] in ALLOW_MONTH_BOUNDS_ON_WEEK: warn(gw, f"to {to} not a {grain} end (DEBATABLE line)")
                else: err(gw, f"to {to} not a {grain} end or the as-of day")
            key = (nm, json.dumps(gl.get("filters", {}), sort_keys=True), p["from"], p["to"])
            asks.setdefault(key, []).append((gl["source"], gl["dataset"], gl.get("required", True)))
        # every metric ask: exactly the non-fallback datasets offering it with the most filter dims; most trusted required
        for (metric, fjson, fr, to), got in asks.items():
            fdims = set(json.loads(fjson))
            m = cat["metrics"][metric]
            fb = set(m.get("fallback", [])); only = m.get("sources")
            cands = []
            for sname, s in src.items():
                if sname in fb or (only and sname not in only): continue
                for dname, off in s["datasets"].items():
                    if metric in off.get("metrics", []):
                        cands.append((sname, dname, s["trust"], len(fdims & set(off.get("dimensions", [])))))
            best = max(c[3] for c in cands)
            cands = [c for c in cands if c[3] == best]
            top = max(c[2] for c in cands)
            want = sorted((c[0], c[1], c[2] == top) for c in cands)
            if m.get("cross_check") is False: want = [x for x in want if x[2]]
            if sorted(got) != want: err(f"{w}", f"{metric} {fr}..{to} {fjson}: sources {sorted(got)} != expected {want}")
    return rows

ALLOW_MONTH_BOUNDS_ON_WEEK = {"lh10"}
allrows = {}
for name, ypath in SETS:
    allrows[name] = check_set(name, ypath)
for w in warnings: print("warning:", w)
for e in errors: print("ERROR:", e)

# counts
for name, rows in allrows.items():
    from collections import Counter
    sc = [r for r in rows if r["expect"] != "clarify"]
    print(f"\n{name}: {len(rows)} lines, {len(sc)} scorable, goals {sum(len(r.get('sub_goals', [])) for r in rows)}")
    print("  language:", dict(Counter(r["language"] for r in rows)))
    print("  expect:", dict(Counter(r["expect"] for r in rows)))
    print("  language x expect:", dict(Counter((r["language"], r["expect"]) for r in rows)))
    mc = [r for r in rows if "multi-clause" in r["tags"]]
    print("  multi-clause:", len(mc), dict(Counter(r["language"] for r in mc)))
    print("  as_of:", dict(Counter(r["as_of"] for r in rows)))
    print("  DEBATABLE notes:", sum("DEBATABLE" in r["note"] for r in rows))
print(f"\n{len(errors)} errors, {len(warnings)} warnings")
sys.exit(1 if errors else 0)
