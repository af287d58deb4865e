#!/usr/bin/env python3
"""Each comparison of the per-kind and valid-document benches, timed in same-moment pairs.

Usage: python3 scripts/paired.py [--runs R] [--rounds N] [--only TEXT] [--no-write]

Builds `benches/paired.rs` (`cargo bench --no-run --bench paired`) and runs it: for every
row (each contract's valid documents and kinds of error, `jsonschema` against envgen; and
the valid ResponseEnvelope documents `benches/validate.rs` times, the serde struct against
envgen) it times a batch of one engine, then of the other, alternating which goes first,
N pairs a row (default 101). A pair's ratio is the baseline's time over envgen's; the
row's is the median of its pairs' ratios. The bench runs R times in a row (default 3), each
run a new process; the table is the last run's, and each target is judged on every run
(the runs' figures side by side). Writes the block to BENCHMARKS.md between the `paired`
markers (`scripts/bench-report.py` keeps it); `--no-write` prints it. `--only` keeps the
rows whose `contract/kind` contains TEXT.
"""
import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
import benchexe  # noqa: E402
import markers  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAMES = {"response_envelope": "ResponseEnvelope", "tool_response": "ToolResponse",
         "meminit": "Meminit"}
BASELINES = {"jsonschema_first_error": "`jsonschema` first error",
             "serde_struct": "serde struct"}
BLOCK, NOTE = "paired", "written by scripts/paired.py; kept by scripts/bench-report.py"
# The floor for every row, and the project's goal for invalid documents.
FLOOR, GOAL = 1.0, 1.5


def time(ns):
    """A batch time in ns, as a time per document (the batches hold 1,000)."""
    per = ns / 1000
    return f"{per / 1000:.2f} µs" if per >= 1000 else f"{per:.0f} ns"


def block(runs, rounds):
    rows = runs[-1]
    out = ["## Same-moment pairs: every kind against its baseline, batch by batch",
           "",
           f"Reproduce: `python3 scripts/paired.py --runs {len(runs)} --rounds {rounds}` (`benches/paired.rs`). The",
           "criterion tables above time one engine for its whole measurement and then the",
           "next, so a change of this shared machine's speed between the two lands in their",
           "ratio: four runs of one binary on `missing_error` alone, back to back, put",
           "`jsonschema` at 6.0–9.1 ms a batch and envgen at 5.8–8.6 ms, and one full run can",
           "move a row's ratio by a third (\"Valid documents: times and instructions\" below).",
           "Here a batch of one engine and a batch of the other (the",
           "same 1,000 documents as the criterion group) run milliseconds apart, first one",
           "engine then the other in turn; a pair's ratio is the baseline's time over",
           "envgen's, and a row's speed-up is the median of its pairs' ratios. The medians of",
           "each engine's batch times are shown for scale; they come from different pairs, so",
           "their quotient is not the row's ratio. Every verdict is asserted before timing.",
           "",
           "| contract | documents | baseline | baseline, median | envgen, median | speed-up (median of pairs) | pairs envgen won |",
           "|---|---|---|---:|---:|---:|---:|"]
    for r in rows:
        kind = ("valid, `benches/validate.rs`'s documents" if r["kind"] == "timed"
                else r["kind"] if r["kind"] == "valid" else f"`{r['kind']}`")
        out.append(f"| {NAMES[r['contract']]} | {kind} | {BASELINES[r['baseline']]} | "
                   f"{time(r['baseline_median_ns'])} | {time(r['envgen_median_ns'])} | "
                   f"**{r['ratio_median']:.2f}×** | "
                   f"{r['envgen_faster_pairs']}/{r['pairs']} |")
    out += ["", f"The table is the last of {len(runs)} runs, one after the other. Each run:", "",
            "| run | lowest kind of error (speed-up over `jsonschema`) | kinds below 1.0× | kinds below 1.5× | valid, `benches/validate.rs`'s, over the serde struct | pairs envgen won there |",
            "|---|---|---:|---:|---:|---:|"]
    for i, run in enumerate(runs, 1):
        kinds = [r for r in run if r["kind"] not in ("valid", "timed")]
        timed = [r for r in run if r["kind"] == "timed"]
        low = min(kinds, key=lambda r: r["ratio_median"]) if kinds else None
        out.append(f"| {i} | "
                   + (f"{low['ratio_median']:.3f}× (`{low['contract']}/{low['kind']}`)" if low else "—")
                   + f" | {sum(r['ratio_median'] < FLOOR for r in kinds)} of {len(kinds)}"
                   + f" | {sum(r['ratio_median'] < GOAL for r in kinds)} of {len(kinds)} | "
                   + (f"{timed[0]['ratio_median']:.3f}× | {timed[0]['envgen_faster_pairs']}/{timed[0]['pairs']}"
                      if timed else "— | —") + " |")
    out += ["", f"**Against the targets**, over the {len(runs)} runs:", ""]
    timed = [r for run in runs for r in run if r["kind"] == "timed"]
    if timed:
        met = sum(r["ratio_median"] >= FLOOR for r in timed)
        out.append(f"* Valid ResponseEnvelope documents (`benches/validate.rs`'s), envgen ≥ 1.0× "
                   f"the serde struct: met in {met} of {len(timed)} runs ("
                   + ", ".join(f"{r['ratio_median']:.3f}×" for r in timed) + ").")
    per_run = [[r for r in run if r["kind"] not in ("valid", "timed")] for run in runs]
    if any(per_run):
        below = [[r for r in kinds if r["ratio_median"] < FLOOR] for kinds in per_run]
        low = min((r for kinds in per_run for r in kinds), key=lambda r: r["ratio_median"])
        out.append(f"* No kind of error below 1.0× `jsonschema`: met in "
                   f"{sum(not b for b in below)} of {len(runs)} runs (lowest of all "
                   f"{low['ratio_median']:.3f}×, {low['contract']}/{low['kind']}"
                   + ("" if not any(below) else "; below: " + ", ".join(
                       f"run {i} {r['contract']}/{r['kind']} {r['ratio_median']:.2f}×"
                       for i, b in enumerate(below, 1) for r in b)) + ").")
        short = sorted((r for r in per_run[-1] if r["ratio_median"] < GOAL),
                       key=lambda r: r["ratio_median"])
        out.append("* Every kind of error ≥ 1.5× `jsonschema` (the project's goal), last run: "
                   + ("met" if not short else
                      f"not met for {len(short)} of {len(per_run[-1])}: "
                      + ", ".join(f"{r['contract']}/{r['kind']} {r['ratio_median']:.2f}×"
                                  for r in short))
                   + ".")
    valid = [r for run in runs for r in run if r["kind"] == "valid"]
    if valid:
        out.append("* Valid documents, envgen ≥ 1.2× `jsonschema`: met in "
                   f"{sum(r['ratio_median'] >= 1.2 for r in valid)} of {len(valid)} rows "
                   "(contracts × runs; lowest "
                   + "{:.2f}×".format(min(r["ratio_median"] for r in valid)) + ").")
    return markers.block(BLOCK, "\n".join(out), NOTE)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=101)
    ap.add_argument("--only", default="")
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args()
    exe = benchexe.executable(ROOT, "paired")
    cmd = [exe, "--rounds", str(args.rounds)] + (["--only", args.only] if args.only else [])
    runs = []
    for i in range(1, max(args.runs, 1) + 1):
        rows = []
        with subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True) as p:
            for line in p.stdout:
                r = json.loads(line)
                print(f"run {i}: {r['contract']}/{r['kind']}: {r['ratio_median']:.3f}× "
                      f"({r['envgen_faster_pairs']}/{r['pairs']})", file=sys.stderr)
                rows.append(r)
        if p.returncode != 0:
            sys.exit(f"paired: the bench failed ({p.returncode})")
        runs.append(rows)
    text = block(runs, args.rounds)
    if args.no_write:
        print(text)
        return 0
    markers.write(os.path.join(ROOT, "BENCHMARKS.md"), BLOCK, text,
                  before="<!-- valid-spread:begin")
    print("wrote the paired block of BENCHMARKS.md", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
