#!/usr/bin/env python3
"""Each comparison of the per-kind and valid-document benches, timed in same-moment pairs.

Usage: python3 scripts/paired.py [--rounds N] [--only TEXT] [--no-write]

Builds `benches/paired.rs` (`cargo bench --no-run --bench paired`) and runs it: for every
row (each contract's valid documents and kinds of error, `jsonschema` against envgen; and
the valid ResponseEnvelope documents `benches/validate.rs` times, the serde struct against
envgen) it times a batch of one engine, then of the other, alternating which goes first,
N pairs a row (default 101). A pair's ratio is the baseline's time over envgen's; the
row's is the median of its pairs' ratios. Writes the table and what it says of the
targets to BENCHMARKS.md between the `paired` markers (`scripts/bench-report.py` keeps the
block); `--no-write` prints the block. `--only` keeps the rows whose `contract/kind`
contains TEXT.
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


def block(rows, rounds):
    out = ["## Same-moment pairs: every kind against its baseline, batch by batch",
           "",
           f"Reproduce: `python3 scripts/paired.py --rounds {rounds}` (`benches/paired.rs`). The",
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
    out += ["", "**Against the targets**, this run:", ""]
    timed = [r for r in rows if r["kind"] == "timed"]
    for r in timed:
        met = "met" if r["ratio_median"] >= FLOOR else "not met"
        out.append(f"* Valid ResponseEnvelope documents (`benches/validate.rs`'s), envgen ≥ "
                   f"1.0× the serde struct: {r['ratio_median']:.3f}× ({met}; envgen took "
                   f"less time in {r['envgen_faster_pairs']} of {r['pairs']} pairs).")
    kinds = [r for r in rows if r["kind"] not in ("valid", "timed")]
    if kinds:
        low = min(kinds, key=lambda r: r["ratio_median"])
        below = [r for r in kinds if r["ratio_median"] < FLOOR]
        short = sorted((r for r in kinds if r["ratio_median"] < GOAL),
                       key=lambda r: r["ratio_median"])
        out.append(f"* No kind of error below 1.0× `jsonschema`: "
                   + ("met" if not below else
                      f"not met for {len(below)} of {len(kinds)}: "
                      + ", ".join(f"{r['contract']}/{r['kind']} {r['ratio_median']:.2f}×"
                                  for r in below))
                   + f" (lowest {low['ratio_median']:.3f}×, {low['contract']}/{low['kind']}; "
                   f"{len(kinds)} kinds).")
        out.append(f"* Every kind of error ≥ 1.5× `jsonschema` (the project's goal): "
                   + ("met" if not short else
                      f"not met for {len(short)} of {len(kinds)}: "
                      + ", ".join(f"{r['contract']}/{r['kind']} {r['ratio_median']:.2f}×"
                                  for r in short))
                   + ".")
    valid = [r for r in rows if r["kind"] == "valid"]
    if valid:
        out.append("* Valid documents, envgen ≥ 1.2× `jsonschema`: "
                   + ", ".join(f"{NAMES[r['contract']]} {r['ratio_median']:.2f}× "
                               f"({'met' if r['ratio_median'] >= 1.2 else 'not met'})"
                               for r in valid) + ".")
    return markers.block(BLOCK, "\n".join(out), NOTE)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=101)
    ap.add_argument("--only", default="")
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args()
    exe = benchexe.executable(ROOT, "paired")
    cmd = [exe, "--rounds", str(args.rounds)] + (["--only", args.only] if args.only else [])
    rows = []
    with subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True) as p:
        for line in p.stdout:
            r = json.loads(line)
            print(f"{r['contract']}/{r['kind']}: {r['ratio_median']:.3f}× "
                  f"({r['envgen_faster_pairs']}/{r['pairs']})", file=sys.stderr)
            rows.append(r)
    if p.returncode != 0:
        sys.exit(f"paired: the bench failed ({p.returncode})")
    text = block(rows, args.rounds)
    if args.no_write:
        print(text)
        return 0
    markers.write(os.path.join(ROOT, "BENCHMARKS.md"), BLOCK, text,
                  before="<!-- valid-spread:begin")
    print("wrote the paired block of BENCHMARKS.md", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
