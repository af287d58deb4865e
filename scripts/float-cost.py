#!/usr/bin/env python3
"""What serde_json's `float_roundtrip` feature costs the runtime benches.

envgen turns `float_roundtrip` on (workspace `serde_json` features, so envgen-runtime and
every crate using the generated types get it): floats are parsed exactly and come back
bit for bit. This script runs the ResponseEnvelope and Meminit valid-document groups of
`benches/validate.rs` twice in one session, first with the feature off (the workspace
manifest edited for the run and restored afterwards), then on, and writes the `floats`
block of BENCHMARKS.md (kept by scripts/bench-report.py).

    python3 scripts/float-cost.py
"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
import markers  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MANIFEST = os.path.join(ROOT, "Cargo.toml")
FILTER = "response_envelope_valid|meminit_valid"
ON = '"preserve_order", "float_roundtrip"'
OFF = '"preserve_order"'
ROWS = [
    ("response_envelope_valid", "envgen_from_json_str", "ResponseEnvelope, 10,000 valid: envgen `from_json_str`"),
    ("response_envelope_valid", "serde_struct", "ResponseEnvelope, 10,000 valid: hand-written serde struct"),
    ("response_envelope_valid", "jsonschema_is_valid", "ResponseEnvelope, 10,000 valid: `jsonschema` parse + `is_valid`"),
    ("meminit_valid", "envgen_from_json_str", "Meminit, 200 valid: envgen `from_json_str`"),
    ("meminit_valid", "serde_value_only", "Meminit, 200 valid: parse to `serde_json::Value` only"),
    ("meminit_valid", "jsonschema_is_valid", "Meminit, 200 valid: `jsonschema` parse + `is_valid`"),
]


def run(label):
    subprocess.run(
        ["cargo", "bench", "--bench", "validate", "--", FILTER, "--save-baseline", label],
        cwd=ROOT,
        check=True,
    )


def mean_ns(group, bench, label):
    path = os.path.join(ROOT, "target", "criterion", group, bench, label, "estimates.json")
    with open(path) as f:
        return json.load(f)["mean"]["point_estimate"]


def fmt(ns):
    return f"{ns / 1e6:.2f} ms"


def main():
    with open(MANIFEST) as f:
        manifest = f.read()
    if ON not in manifest:
        print(f"error: {MANIFEST} does not enable float_roundtrip as expected", file=sys.stderr)
        return 1
    try:
        with open(MANIFEST, "w") as f:
            f.write(manifest.replace(ON, OFF, 1))
        run("float_off")
    finally:
        with open(MANIFEST, "w") as f:
            f.write(manifest)
    run("float_on")
    lines = [
        "## Exact floats: what `float_roundtrip` costs",
        "",
        "Reproduce: `python3 scripts/float-cost.py` (the two groups run with serde_json's",
        "`float_roundtrip` off, then on, back to back; the feature is on in the workspace).",
        "Both engines parse with the same serde_json, so `jsonschema` pays it too. The",
        "documents of these two groups (`benches/validate.rs`) hold integers only, so the",
        "feature changes no code path they take: the differences below are this machine's",
        "run-to-run noise, not the feature's cost.",
        "",
        "| bench | without | with `float_roundtrip` | cost |",
        "|---|---:|---:|---:|",
    ]
    for group, bench, label in ROWS:
        off, on = mean_ns(group, bench, "float_off"), mean_ns(group, bench, "float_on")
        lines.append(f"| {label} | {fmt(off)} | {fmt(on)} | {(on / off - 1) * 100:+.1f}% |")
    block = markers.splice(os.path.join(ROOT, "BENCHMARKS.md"), "floats", "\n".join(lines),
                           note="written by scripts/float-cost.py; kept by scripts/bench-report.py",
                           before="<!-- codegen:begin")
    print(block)
    return 0


if __name__ == "__main__":
    sys.exit(main())
