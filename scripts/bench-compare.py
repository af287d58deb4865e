#!/usr/bin/env python3
"""Prints a before/after table of envgen's own times from two criterion baselines of
`benches/validate.rs`, saved in one session as `before` and `after`:

    git worktree add ../base <rev>
    (cd ../base && CARGO_TARGET_DIR=$PWD/../<this>/target cargo bench --bench validate --no-run)
    <base bench binary> --bench --save-baseline before   # run from this checkout
    cargo bench --bench validate -- --save-baseline after
    python3 scripts/bench-compare.py <rev>
"""
import json, os, sys
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CRIT = os.path.join(ROOT, "target", "criterion")
rows = []
for group in sorted(os.listdir(CRIT)):
    gdir = os.path.join(CRIT, group)
    if not os.path.isdir(gdir) or group == "report":
        continue
    for bench in sorted(os.listdir(gdir)):
        bdir = os.path.join(gdir, bench)
        if bench == "report" or not os.path.isdir(bdir):
            continue
        sub = bdir
        if os.path.isdir(os.path.join(bdir, "300")):
            sub = os.path.join(bdir, "300")
        def est(name):
            p = os.path.join(sub, name, "estimates.json")
            if not os.path.exists(p):
                return None
            with open(p) as f:
                return json.load(f)["mean"]["point_estimate"]
        b, a = est("before"), est("after")
        if b is None or a is None or "envgen" not in bench:
            continue
        rows.append((group, bench, b, a))
def t(ns):
    return f"{ns/1e6:.2f} ms" if ns >= 1e6 else f"{ns/1e3:.1f} µs"
print(f"| group | envgen bench | before ({sys.argv[1] if len(sys.argv) > 1 else 'before'}) | after | after / before |")
print("|---|---|---:|---:|---:|")
for g, bn, b, a in rows:
    print(f"| {g} | {bn} | {t(b)} | {t(a)} | {a/b:.2f} |")
