#!/usr/bin/env python3
"""Codegen performance figures for BENCHMARKS.md (the block between the `codegen` markers).

Usage (from the repository root; ~10 min on 2 cores, most of it the criterion bench):

    export CARGO_TARGET_DIR=/tmp/envgen-perf        # optional; keeps the main build lock free
    cargo bench --manifest-path perf/Cargo.toml --bench codegen -- --warm-up-time 1 --measurement-time 3
    python3 scripts/codegen-perf.py                 # e2e, scale, build cost; writes BENCHMARKS.md

Needs `cargo install cargo-typify --version '^0.8'` for the end-to-end comparison and
`/usr/bin/time` (GNU) for peak memory. Every ratio compares commands timed in the same run
of this script (interleaved rounds, median), or engines of the same criterion run.
Options: --rounds N (default 5), --synthetic 1000,10000 (definitions; default 1000: the
synthetic schemas cost ~23 KB of generated Rust per definition, 10,000 needs ~10 GB).
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
import markers  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
CORPUS = os.path.join(ROOT, "..", "shared", "corpus")
SCHEMAS = [("response-envelope", "response-envelope.json"), ("tool-response", "tool-response.json"),
           ("cmdhelp", "cmdhelp.schema.json"), ("meminit", "meminit-output-envelope.json")]
REAL = ["schemastore/chart/schema.json", "schemastore/liquibase/schema.json",
        "schemastore/jfrog-pipelines/schema.json", "typify/typify-impl/tests/github.json"]


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


def build():
    sh(["cargo", "build", "--release", "--bin", "envgen"], cwd=ROOT)
    sh(["cargo", "build", "--release", "--manifest-path", "perf/Cargo.toml", "--bins"], cwd=ROOT)


def timed(cmd):
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t


def rss(cmd):
    """(wall seconds, peak RSS in MB) of one run, from GNU time."""
    r = subprocess.run(["/usr/bin/time", "-f", "%e %M"] + cmd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        return None
    secs, kb = r.stderr.strip().splitlines()[-1].split()
    return float(secs), int(kb) / 1024


def e2e(envgen, rounds, tmp):
    out = os.path.join(tmp, "out.rs")
    rows = []
    for name, file in SCHEMAS:
        orig = os.path.join(ROOT, "schemas", file)
        stripped = os.path.join(ROOT, "benches", "typify-stripped", file)
        if not os.path.exists(stripped):
            stripped = orig
        cmds = {
            "envgen_original": [envgen, "--schema", orig, "-o", out],
            "envgen_stripped": [envgen, "--schema", stripped, "-o", out],
            "envgen_types_only": [envgen, "--schema", stripped, "--no-validators", "--no-builders", "-o", out],
            "cargo_typify_no_builder": ["cargo", "typify", "--no-builder", stripped, "-o", out],
            "cargo_typify": ["cargo", "typify", stripped, "-o", out],
        }
        t = {k: [] for k in cmds}
        for _ in range(rounds):
            for k, c in cmds.items():
                t[k].append(timed(c))
        rows.append((name, {k: statistics.median(v) for k, v in t.items()}))
    return rows


def scale(envgen, synth, sizes, tmp):
    rows = []
    for rel in REAL:
        p = os.path.join(CORPUS, rel)
        if os.path.exists(p):
            r = rss([envgen, "--draft", "7", "--schema", p, "-o", os.path.join(tmp, "s.rs")])
            rows.append((rel, os.path.getsize(p), r, os.path.getsize(os.path.join(tmp, "s.rs")) if r else 0))
    for n in sizes:
        p = os.path.join(tmp, f"synthetic-{n}.json")
        with open(p, "w") as f:
            sh([synth, str(n)], stdout=f)
        r = rss([envgen, "--schema", p, "-o", os.path.join(tmp, "s.rs")])
        rows.append((f"synthetic, {n} definitions", os.path.getsize(p), r,
                     os.path.getsize(os.path.join(tmp, "s.rs")) if r else 0))
    return rows


def criterion(group, bench):
    p = os.path.join(TARGET, "criterion", group, bench, "new", "estimates.json")
    if os.path.exists(p):
        with open(p) as f:
            return json.load(f)["mean"]["point_estimate"]
    return None


def ms(s):
    return f"{s * 1e3:.1f} ms" if s < 10 else f"{s:.1f} s"


def render(e2e_rows, scale_rows, builds, args):
    o = ["## Codegen speed", ""]
    o += ["Reproduce: `cargo bench --manifest-path perf/Cargo.toml --bench codegen -- --warm-up-time 1",
          "--measurement-time 3 && python3 scripts/codegen-perf.py` (the `perf/` crate is outside the",
          "workspace, so CI never compiles typify). typify 0.8 panics (`unimplemented!` on",
          "`if`/`then`/`else`) on three of the four schemas; both engines therefore also run on the",
          "stripped copies in `benches/typify-stripped/` (docs/typify-baseline.md), and the ratio",
          "compares the same input.", ""]
    status_p = os.path.join(TARGET, "criterion", "typify-status.json")
    if os.path.exists(status_p):
        with open(status_p) as f:
            st = json.load(f)
        o += ["typify 0.8 on the original schemas (recorded by the bench with `catch_unwind`):", ""]
        o += [f"* `{k}`: {v}" for k, v in st.items()] + [""]
    o += ["### In process (criterion, one run)", "",
          "envgen: `generate_source` (parse, link, lower, emit, prettyplease) with the settings",
          "`build.rs` uses; typify: `RootSchema` parse, `TypeSpace::add_root_schema`, `to_stream`,",
          "the same prettyplease. \"types only\" is envgen doing typify's job: `Settings::validators(false)`",
          "and `builders(false)` (`--no-validators --no-builders`), types and serde impls.",
          "Goal: envgen ≤ 1.0× typify.", "",
          "| schema | envgen, original | envgen, stripped | envgen types only, stripped | typify, stripped | envgen / typify | types only / typify |",
          "|---|---:|---:|---:|---:|---:|---:|"]
    for name, _ in SCHEMAS:
        g = f"codegen_{name}"
        a, b, c = criterion(g, "envgen_original"), criterion(g, "envgen_stripped"), criterion(g, "typify_stripped")
        t = criterion(g, "envgen_types_only_stripped")
        f = lambda ns: "n/a" if ns is None else f"{ns / 1e6:.2f} ms"
        r = "n/a" if b is None or c is None else f"**{b / c:.2f}×**"
        rt = "n/a" if t is None or c is None else f"**{t / c:.2f}×**"
        o.append(f"| {name} | {f(a)} | {f(b)} | {f(t)} | {f(c)} | {r} | {rt} |")
    o += ["", "In-process scale (criterion `scale` group, same run): envgen's whole pipeline per input.", "",
          "| input | time |", "|---|---:|"]
    sdir = os.path.join(TARGET, "criterion", "scale", "envgen")
    if os.path.isdir(sdir):
        for d in sorted(os.listdir(sdir), key=lambda d: (d.startswith("synthetic"), d)):
            t = criterion(os.path.join("scale", "envgen"), d)
            if t is not None:
                o.append(f"| {d} | {t / 1e6:.1f} ms |")
    o += ["", "### End to end (`envgen --schema x.json` against `cargo typify`)", "",
          f"Median of {args.rounds} interleaved rounds in one run of the script; each command writes",
          "its file with `-o`. `cargo typify` formats with rustfmt and builds builders by default.",
          "Goal: envgen ≤ 0.5× `cargo typify`.", "",
          "\"types only\" is `envgen --no-validators --no-builders`, against `cargo typify --no-builder`.", "",
          "| schema | envgen, original | envgen, stripped | envgen types only | `cargo typify --no-builder` | `cargo typify` | envgen / `--no-builder` | envgen / `cargo typify` | types only / `--no-builder` |",
          "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for name, t in e2e_rows:
        o.append(f"| {name} | {ms(t['envgen_original'])} | {ms(t['envgen_stripped'])} | "
                 f"{ms(t['envgen_types_only'])} | "
                 f"{ms(t['cargo_typify_no_builder'])} | {ms(t['cargo_typify'])} | "
                 f"**{t['envgen_stripped'] / t['cargo_typify_no_builder']:.2f}×** | "
                 f"**{t['envgen_stripped'] / t['cargo_typify']:.2f}×** | "
                 f"**{t['envgen_types_only'] / t['cargo_typify_no_builder']:.2f}×** |")
    o += ["", "### Scale: time and peak memory against size", "",
          "`envgen --draft 7 --schema x.json -o out.rs` under GNU `time` (wall, max RSS), one run",
          "each; the synthetic schema (`perf/src/lib.rs`, `synthetic`) has N object definitions",
          "of 5-6 properties in a binary tree of `$ref`s. Goal: the largest real schema in < 1 s",
          "and < 200 MB.", "",
          "| input | schema | time | peak RSS | generated | time / MB of output | RSS / output |",
          "|---|---:|---:|---:|---:|---:|---:|"]
    for name, size, r, out in scale_rows:
        if r is None:
            o.append(f"| {name} | {size / 1e3:.0f} KB | failed | | | | |")
            continue
        secs, mb = r
        o.append(f"| {name} | {size / 1e3:.0f} KB | {secs:.2f} s | {mb:.0f} MB | {out / 1e6:.1f} MB | "
                 f"{secs / max(out / 1e6, 1e-9):.2f} s | {mb / max(out / 1e6, 1e-9):.0f}× |")
    o += ["", "### Build cost", "",
          "In-process time of what `build.rs` does for each built-in schema (`perf` binary",
          "`buildrs`: read, generate with the built-in settings, format), with and without the",
          "typestate builders, one run each:", "",
          "| schema | with builders | without | with / without |", "|---|---:|---:|---:|"]
    w, wo = builds["with"], builds["without"]
    for k in [n for n, _ in SCHEMAS] + ["total"]:
        o.append(f"| {k} | {w[k] * 1e3:.1f} ms | {wo[k] * 1e3:.1f} ms | **{w[k] / wo[k]:.2f}×** |")
    if builds.get("compile"):
        c = builds["compile"]
        o += ["", "Compile time of the generated code of the four schemas (a scratch crate",
              "`include!`ing them, dependencies prebuilt; `cargo build`, dev profile, after touching",
              "`src/lib.rs`):", "", "| generated code | compile | with / without |", "|---|---:|---:|",
              f"| with builders | {c['with']:.1f} s | **{c['with'] / c['without']:.2f}×** |",
              f"| without builders | {c['without']:.1f} s | — |"]
    return markers.block("codegen", "\n".join(o), "written by scripts/codegen-perf.py")


def compile_cost(buildrs, tmp):
    """Seconds to compile the generated code, with and without builders."""
    crate = os.path.join(tmp, "gencrate")
    os.makedirs(os.path.join(crate, "src"), exist_ok=True)
    with open(os.path.join(crate, "Cargo.toml"), "w") as f:
        f.write(f"""[package]\nname = "gencrate"\nversion = "0.0.0"\nedition = "2021"\n\n[workspace]\n\n[features]\nschemars = []\n\n[dependencies]\nenvgen-runtime = {{ path = "{ROOT}/runtime" }}\nserde = "1"\nserde_json = {{ version = "1", features = ["preserve_order"] }}\n""")
    shutil.copy(os.path.join(ROOT, "Cargo.lock"), crate)
    mods = "\n".join(f"pub mod {m} {{ include!(\"{m}.rs\"); }}" for m in
                     ["response_envelope", "tool_response", "cmdhelp", "meminit"])
    with open(os.path.join(crate, "src", "lib.rs"), "w") as f:
        f.write("#![allow(missing_docs)]\n" + mods + "\n")
    out = {}
    env = dict(os.environ, CARGO_TARGET_DIR=os.path.join(tmp, "gentarget"))
    for label, flag in [("without", ["--no-builders"]), ("with", [])]:
        sh([buildrs, "--out", os.path.join(crate, "src")] + flag, stdout=subprocess.DEVNULL)
        sh(["cargo", "build", "-q"], cwd=crate, env=env)  # dependencies
        os.utime(os.path.join(crate, "src", "lib.rs"))
        t = time.perf_counter()
        sh(["cargo", "build", "-q"], cwd=crate, env=env)
        out[label] = time.perf_counter() - t
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--synthetic", default="1000")
    ap.add_argument("--no-build", action="store_true")
    args = ap.parse_args()
    if not args.no_build:
        build()
    rel = os.path.join(TARGET, "release")
    envgen, synth, buildrs = (os.path.join(rel, b) for b in ("envgen", "synth", "buildrs"))
    if not os.path.exists(synth):
        synth = os.path.join(ROOT, "perf", "target", "release", "synth")
        buildrs = os.path.join(ROOT, "perf", "target", "release", "buildrs")
    with tempfile.TemporaryDirectory() as tmp:
        e = e2e(envgen, args.rounds, tmp) if shutil.which("cargo-typify") else []
        s = scale(envgen, synth, [int(x) for x in args.synthetic.split(",") if x], tmp)
        b = {"with": json.loads(subprocess.check_output([buildrs])),
             "without": json.loads(subprocess.check_output([buildrs, "--no-builders"]))}
        b["compile"] = compile_cost(buildrs, tmp)
    block = render(e, s, b, args)
    markers.write(os.path.join(ROOT, "BENCHMARKS.md"), "codegen", block, empty="# Benchmarks\n")
    print(block)


if __name__ == "__main__":
    sys.exit(main())
