#!/usr/bin/env python3
"""Two engines of one criterion group, timed in alternation, many short runs each.

Usage (from the repository root, after `cargo bench --bench validate --no-run`):

    python3 scripts/bench-interleaved.py [--rounds N] [--group G] [A B]

Runs the `validate` bench binary once per engine per round (`--bench ^G/E$`, 10 samples,
1 s of measurement), alternating which engine goes first, and prints each engine's
minimum and median of criterion's estimate over the rounds, and A's time over B's: by
the minimums, by the medians, and the median of the per-round ratios. On a shared
machine whose speed drifts within minutes, the minimum is the run least disturbed, and
alternation gives both engines the same drift. Defaults: 20 rounds, group
`response_envelope_valid`, A `serde_struct`, B `envgen_from_json_str`. Standard library
only; criterion's files go to a temporary directory.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(__file__))
import benchexe  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--group", default="response_envelope_valid")
    ap.add_argument("engines", nargs="*", default=["serde_struct", "envgen_from_json_str"])
    args = ap.parse_args()
    if len(args.engines) != 2:
        sys.exit("name two engines")
    exe = benchexe.executable(ROOT, "validate")
    times = {e: [] for e in args.engines}
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, CRITERION_HOME=home)
        for r in range(args.rounds):
            order = args.engines if r % 2 == 0 else args.engines[::-1]
            for e in order:
                out = subprocess.run(
                    [exe, "--bench", f"^{args.group}/{e}$", "--sample-size", "10",
                     "--measurement-time", "1", "--warm-up-time", "0.3", "--noplot"],
                    capture_output=True, text=True, env=env, check=True).stdout
                m = re.search(r"time:\s+\[[\d.]+ \S+ ([\d.]+) (\S+)", out)
                if not m:
                    sys.exit(f"no time for {e}:\n{out}")
                scale = {"ns": 1e-6, "µs": 1e-3, "us": 1e-3, "ms": 1.0, "s": 1e3}[m.group(2)]
                times[e].append(float(m.group(1)) * scale)
    a, b = args.engines
    for e in args.engines:
        v = times[e]
        print(f"{e}: min {min(v):.2f} ms, median {statistics.median(v):.2f} ms "
              f"({len(v)} runs)")
    ratios = [x / y for x, y in zip(times[a], times[b])]
    print(f"{a} / {b}: by the minimums {min(times[a]) / min(times[b]):.3f}, by the medians "
          f"{statistics.median(times[a]) / statistics.median(times[b]):.3f}, median of the "
          f"per-round ratios {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
