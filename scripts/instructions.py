#!/usr/bin/env python3
"""Instructions per document of the per-kind bench's readers, counted by callgrind.

Usage: python3 scripts/instructions.py [--only REGEX] [--no-write]

Builds `benches/instructions.rs` (`cargo bench --no-run --bench instructions`), runs it
once per row (ResponseEnvelope and ToolResponse, valid documents and each kind of error,
and ResponseEnvelope's valid documents of `benches/validate.rs`, the kind `timed`)
and reader under `valgrind --tool=callgrind`, counting only the function that reads the
1,000 documents (`instructions::measured`), and writes the table to BENCHMARKS.md
between the `instructions` markers (`scripts/bench-report.py` keeps the block). Needs
valgrind. An instruction count moves by under 1% between runs of one binary (the
hash maps' random seeds), where the timings of this shared machine move by 10-15%; it
moves by up to 5% between builds of unchanged code (inlining), and it does not weigh a
cache miss or a slow instruction more than a fast one, so it is read beside the timed
tables, not instead of them.

`--only` keeps the rows whose `contract/kind` matches; `--no-write` prints the block.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
import benchexe  # noqa: E402
import markers  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCUMENTS = 1000
ENGINES = ["data_value_only", "hand_struct", "serde_struct", "envgen_from_json_str",
           "jsonschema_first_error"]
NAMES = {"response_envelope": "ResponseEnvelope", "tool_response": "ToolResponse"}
# `benches/instructions.rs`'s kind for the valid documents `benches/validate.rs` times.
TIMED = "timed"
BLOCK, NOTE = "instructions", "written by scripts/instructions.py; kept by scripts/bench-report.py"


def count(exe, contract, kind, engine):
    """Instructions per document of `engine` on the row."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        run = subprocess.run(["valgrind", "--tool=callgrind", "--toggle-collect=instructions::measured",
                              f"--callgrind-out-file={out}", exe, contract, kind, engine],
                             capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"instructions: {contract} {kind} {engine} failed:\n{run.stderr[-2000:]}")
        with open(out, encoding="utf-8") as f:
            for line in f:
                if line.startswith("summary:"):
                    return int(line.split()[1]) / DOCUMENTS
    sys.exit(f"instructions: no summary for {contract} {kind} {engine}")


def block(rows):
    out = ["## Instructions per document: `data` alone, a struct that checks nothing, envgen",
           "",
           "Reproduce: `python3 scripts/instructions.py` (callgrind; the per-kind bench's 1,000",
           "documents a row, `benches/instructions.rs`). Instructions each reader executes a",
           "document, counted in the one function that reads them. Between runs of one binary",
           "a count moves by under 1% (the hash maps' random seeds), where the timings above move",
           "by 10–15%; between builds of unchanged code, inlining moves it by up to 5% (the serde",
           "struct on ToolResponse `stats_extra_not_scalar`: 68,960 and 65,582 in two builds).",
           "A count weighs a cache miss or an allocation no more than an addition, so it is read",
           "beside the timed tables, not instead of them. Readers:",
           "",
           "* `data` alone: each document's `data` read as a `Value` by `payload::AnyValue`, the",
           "  per-kind tables' ceiling;",
           "* hand-written: a `#[derive(Deserialize)]` struct of the envelope that checks nothing",
           "  its Rust types do not (`benches/support/hand.rs`: it stops at a wrong JSON type,",
           "  as envgen does, reads past the other errors and skips unknown members), `data` read",
           "  by the same `AnyValue`;",
           "* serde struct: the same struct with the untyped members read by serde_json's own",
           "  `Value` reader and ResponseEnvelope's `meta` keeping unknown members (`flatten`):",
           "  for ResponseEnvelope, the baseline `benches/validate.rs` times;",
           "* envgen: `from_json_str`, untyped payload, the first error located;",
           "* `jsonschema`: parse to `Value`, first error.",
           "",
           "\"Of ceiling\" is `data` alone ÷ the reader (the per-kind tables' untyped speed-up ÷",
           "ceiling, in instructions); speed-up is `jsonschema` ÷ envgen.",
           ""]
    short, reach = [], []
    for contract in ("response_envelope", "tool_response"):
        body = []
        for kind, n in ((k, n) for (c, k), n in rows.items() if c == contract):
            d, h, s, e, j = (n[x] for x in ENGINES)
            reads_data = d >= 0.1 * j
            label = {"valid": "valid", TIMED: "valid, `benches/validate.rs`'s documents"}.get(
                kind, f"`{kind}`")
            body.append(f"| {label} | {d:,.0f} | {h:,.0f} | {s:,.0f} | {e:,.0f} | {j:,.0f} | "
                        + (f"{100 * d / h:.0f}% | {100 * d / e:.0f}%" if reads_data else "— | —")
                        + f" | {e / h:.2f}× | **{j / e:.2f}×** |")
            if kind not in ("valid", TIMED) and reads_data and d / e < 0.9:
                (short if d / h < 0.9 else reach).append((d / h, d / e, contract, kind))
        if body:
            out += [f"### {NAMES[contract]}", "",
                    "| documents | `data` alone | hand-written | serde struct | envgen | `jsonschema` "
                    "| hand-written, of ceiling | envgen, of ceiling | envgen ÷ hand-written "
                    "| speed-up |",
                    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"] + body + [""]
    valid = [(c, k, rows[(c, k)]) for c in NAMES for k in ("valid", TIMED) if (c, k) in rows]
    out += ["**Read against the targets:**", ""]
    out.append("* Untyped rows below 90% of their ceiling, and the hand-written struct on them: "
               f"on {len(short)} of {len(short) + len(reach)} it is below 90% too, though it "
               "checks nothing and words no error"
               + (": " + ", ".join(f"{c}/{k} {100 * hd:.0f}% (envgen {100 * ed:.0f}%)"
                                   for hd, ed, c, k in sorted(short)) if short else "")
               + ("; within 10% of the ceiling: " + ", ".join(
                   f"{c}/{k} {100 * hd:.0f}% (envgen {100 * ed:.0f}%)"
                   for hd, ed, c, k in sorted(reach)) if reach else "") + ".")
    for c, k, n in valid:
        which = ("valid documents" if k == "valid"
                 else "the valid documents `benches/validate.rs` times")
        out.append(f"* {NAMES[c]}, {which}: envgen {n['envgen_from_json_str']:,.0f} "
                   f"instructions a document, the serde struct {n['serde_struct']:,.0f} "
                   f"({n['serde_struct'] / n['envgen_from_json_str']:.2f}× envgen's), the "
                   f"hand-written struct with `AnyValue` {n['hand_struct']:,.0f} "
                   f"({n['hand_struct'] / n['envgen_from_json_str']:.2f}×).")
    return markers.block(BLOCK, "\n".join(out), NOTE)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", default="")
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args()
    exe = benchexe.executable(ROOT, "instructions")
    pairs = [line.split() for line in subprocess.run([exe, "--list"], capture_output=True,
                                                      text=True, check=True).stdout.splitlines()]
    rows = {}
    for contract, kind in pairs:
        if not re.search(args.only, f"{contract}/{kind}"):
            continue
        rows[(contract, kind)] = {e: count(exe, contract, kind, e) for e in ENGINES}
        n = rows[(contract, kind)]
        print(f"{contract}/{kind}: " + ", ".join(f"{e} {n[e]:,.0f}" for e in ENGINES),
              file=sys.stderr)
    text = block(rows)
    if args.no_write:
        print(text)
        return 0
    markers.write(os.path.join(ROOT, "BENCHMARKS.md"), BLOCK, text,
                  after=markers.end("typed-kinds"))
    print("wrote the instructions block of BENCHMARKS.md", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
