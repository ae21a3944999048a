#!/usr/bin/env python3
"""Checks the gold lines against the two workspaces' YAML: keys of the format, sources/datasets that
offer the metric or event, filter dimensions the dataset offers, catalog values, period shape, events
required:false at month grain, and prints goals whose period runs past as_of (expected: only the
lines whose notes say so). Run from /work/blind9/plans."""
import json, re, sys, yaml
W = {"ferrowell": "ferrowell/triangulate.yaml", "demo": "/work/main/demo/workspace/triangulate.yaml"}
KEYS = {"id","question","language","as_of","route","expect","complexity","tags","unknown_terms","sub_goals","note"}
bad = 0
for name, path in W.items():
    y = yaml.safe_load(open(path, encoding="utf-8")); cat = y["catalog"]
    lines = [json.loads(l) for l in open(f"{name}-plans.jsonl", encoding="utf-8")]
    for d in lines:
        def fail(msg):
            global bad; bad += 1; print("FAIL", d["id"], msg)
        if not set(d) <= KEYS: fail("keys " + str(set(d) - KEYS))
        if d["language"] not in ("en", "zh-Hans", "zh-Hant"): fail("language")
        if (d["expect"] == "plan") != bool(d.get("sub_goals")): fail("sub_goals vs expect")
        if d["expect"] == "direct" and d["route"] != "direct": fail("route")
        for g in d.get("sub_goals", []):
            if "query" in g: continue
            src = y["sources"][g["source"]]
            off = (src.get("datasets") or src.get("searches"))[g["dataset"]]["offers"]
            if "metric" in g and g["metric"] not in off.get("metrics", []): fail(g)
            if "event" in g and (g["event"] not in off.get("events", []) or g.get("required") is not False or g["period"]["grain"] != "month"): fail(g)
            for k, v in g["filters"].items():
                if k not in off.get("dimensions", []): fail(("filter", k))
                for vv in (v if isinstance(v, list) else [v]):
                    if vv not in cat["dimensions"][k]["values"]: fail(("value", vv))
            p = g["period"]
            if not (re.match(r"\d{4}-\d\d-\d\d$", p["from"]) and re.match(r"\d{4}-\d\d-\d\d$", p["to"]) and p["from"] <= p["to"]): fail(p)
            if "metric" in g and off.get("grain") and off["grain"] != p["grain"]: fail(("grain", p))
            if p["to"] > d["as_of"]: print("  runs past as-of:", d["id"], g["dataset"], p, "as of", d["as_of"])
    print(name, len(lines), "lines checked")
sys.exit(1 if bad else 0)
