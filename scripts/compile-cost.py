#!/usr/bin/env python3
"""Compile cost of generated code against typify's: the block between the `compile-cost`
markers of BENCHMARKS.md.

Usage (from the repository root; about 15 min on 2 shared cores at load 8-10):

    cargo install cargo-typify --version 0.8.0      # the baseline
    nice -n 5 python3 scripts/compile-cost.py       # builds, times, writes BENCHMARKS.md

For each schema (six SchemaStore schemas of `../shared/corpus/schemastore` and the four
envelopes of `schemas/`) it generates five library crates:

* `full`: `envgen --schema S -o src/lib.rs` (types, serde impls, validators, builders:
  what `envgen --crate` puts in its module);
* `types`: the same with `--no-validators --no-builders` (types and serde impls only);
* `typify`: `cargo typify S -o src/lib.rs` (typify 0.8, its defaults). Where typify fails
  on a schema, the failure is recorded; for an envelope, typify then runs on its stripped
  copy in `benches/typify-stripped/` (docs/typify-baseline.md), marked in the table;
* `typify-parse`: typify's output and a `serde_json::from_str` call per type;
* `full-parse`: envgen's full output and a `from_json_str` call per type. Both sides'
  readers are compiled where they are called (typify's impls are generic, envgen's entry
  points `#[inline]`), so these two compare the crates with every reader compiled.

Each variant is one Cargo workspace with its own target directory, so the dependencies are
built once (the warm-up build of every crate) and shared by that variant's crates. Then, in
interleaved rounds (round 1: every schema, every variant; round 2: ...), each crate's
`src/lib.rs` is touched and `cargo build --lib -p CRATE` is timed with
`CARGO_INCREMENTAL=0`: wall time, and CPU time (user + sys of cargo and the rustc it
waits for, from GNU `/usr/bin/time`). The figures are medians of the rounds. The ratio
full / typify uses CPU time, which other load on the machine changes less than wall time.

It also counts the generated lines of the `full` output per part (`mod validators`,
`Deserialize` impls, builders, other impls, types, the rest).

Options: --rounds N (default 3), --only NAME[,NAME] (schemas), --work DIR (default
target/compile-cost), --no-write (print the block, leave BENCHMARKS.md alone),
--render (no builds: the table again from the samples the last run saved in
DIR/samples.json and the generated files it left in DIR).
"""
import json
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
import markers  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "..", "shared", "corpus", "schemastore")
CORPUS_NAMES = ["evidence-bundle", "github-action", "global", "kustomization",
                "staticwebapp.config", "ubuntu-server-autoinstall"]
ENVELOPES = [("response-envelope", "response-envelope.json"),
             ("tool-response", "tool-response.json"),
             ("cmdhelp", "cmdhelp.schema.json"),
             ("meminit", "meminit-output-envelope.json")]
VARIANTS = ["full", "types", "typify", "typify-parse", "full-parse"]
BLOCK, NOTE = "compile-cost", "written by scripts/compile-cost.py"


def schemas(only):
    """(name, path, stripped copy or None, is corpus) of every schema measured."""
    out = [(n, os.path.join(CORPUS, n, "schema.json"), None, True) for n in CORPUS_NAMES]
    for n, f in ENVELOPES:
        stripped = os.path.join(ROOT, "benches", "typify-stripped", f)
        out.append((n, os.path.join(ROOT, "schemas", f),
                    stripped if os.path.exists(stripped) else None, False))
    if only:
        out = [s for s in out if s[0] in only]
    missing = [s[1] for s in out if not os.path.exists(s[1])]
    if missing:
        sys.exit("compile-cost: missing schema(s): " + ", ".join(missing)
                 + " (the corpus is in ../shared/corpus)")
    return out


def crate_name(variant, schema):
    return "cc-" + variant + "-" + re.sub(r"[^a-z0-9]+", "-", schema.lower())


def loadavg():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def cargo_toml(variant, name):
    deps = ['serde = { version = "1", features = ["derive"] }',
            'serde_json = { version = "1", features = ["preserve_order", "float_roundtrip"] }']
    if variant.startswith("typify"):
        # What typify 0.8's output may name: `format` types and `pattern` checks.
        deps += ['chrono = { version = "0.4", features = ["serde"] }',
                 'uuid = { version = "1", features = ["serde"] }',
                 'regress = "0.10"']
    else:
        deps.append(f'envgen-runtime = {{ path = "{os.path.join(ROOT, "runtime")}" }}')
    return "\n".join([
        "[package]", f'name = "{name}"', 'version = "0.0.0"', 'edition = "2021"',
        "publish = false", "", "[lib]", 'path = "src/lib.rs"', "", "[lints.rust]",
        'warnings = "allow"', "", "[dependencies]"] + deps) + "\n"


def parse_functions(text):
    """A `pub fn parse_N(s: &str) -> Result<T, serde_json::Error>` for every top-level type
    `T` of typify's output that implements `Deserialize`: what its users compile when
    they read documents (a generic `Deserialize` impl is compiled where it is called, and
    envgen's output has such an entry point, `from_json_str`, for every type)."""
    lines = text.splitlines()
    out = []
    for i, line in enumerate(lines):
        m = re.match(r"pub (?:struct|enum) (\w+)\b", line)
        if not m:
            continue
        name = m.group(1)
        derives = " ".join(lines[max(0, i - 6):i])
        manual = re.search(r"Deserialize<'de> for " + name + r"\b", text)
        if "Deserialize" in derives or manual:
            out.append(f"pub fn parse_{len(out)}(s: &str) -> Result<{name}, serde_json::Error> "
                       "{ serde_json::from_str(s) }")
    return "\n// Entry points that instantiate the deserializers (compile-cost.py).\n" \
        + "\n".join(out) + "\n"


def envgen_parse_functions(text):
    """A `pub fn parse_N(s: &str) -> Result<T, ValidationErrors>` calling `T::from_json_str`
    for every non-generic type of envgen's output that has one: the entry points are
    `#[inline]` (D115), so, as with typify's generic impls, the reader is compiled where
    they are called; these calls make the crate compile it, the same work as
    `parse_functions` asks of typify's output."""
    out, owner = [], None
    for line in text.splitlines():
        m = re.match(r"impl (\w+) \{$", line)
        if m:
            owner = m.group(1)
        elif re.match(r"\S", line):
            owner = None
        if owner and re.match(r"    pub fn from_json_str\(", line):
            out.append(f"pub fn parse_{len(out)}(s: &str) -> Result<{owner}, "
                       "::envgen_runtime::ValidationErrors> { "
                       f"{owner}::from_json_str(s) }}")
            owner = None
    return "\n// Entry points that instantiate the readers (compile-cost.py).\n" \
        + "\n".join(out) + "\n"


def generate(variant, envgen, path, stripped, corpus, out):
    """Writes the crate's lib.rs; returns (note, error): a note for a stripped input, an
    error when the generator failed."""
    # A "+ parse" variant is its base variant's output with a parse call per type appended.
    appended = {"full-parse": ("full", envgen_parse_functions),
                "typify-parse": ("typify", parse_functions)}
    if variant in appended:
        base, calls = appended[variant]
        note, err = generate(base, envgen, path, stripped, corpus, out)
        if err is None:
            with open(out) as f:
                text = f.read()
            with open(out, "a") as f:
                f.write(calls(text))
        return note, err
    if variant == "typify":
        note = None
        for attempt in [path] + ([stripped] if stripped else []):
            r = subprocess.run(["cargo", "typify", attempt, "-o", out],
                               capture_output=True, text=True)
            if r.returncode == 0 and os.path.exists(out):
                return note, None
            err = re.sub(r"\x1b\[[0-9;]*m", "", r.stderr).strip().splitlines()
            msg = next((l.split("Message:", 1)[1] for l in err if l.startswith("Message:")),
                       err[-1] if err else "exit status %d" % r.returncode)
            msg = msg.split(": {")[0].strip()[:160]
            note = f"typify fails on the original (`{msg}`); stripped copy"
        return None, note.replace("; stripped copy", "") if note else "typify failed"
    cmd = [envgen, "--schema", path, "-o", out]
    if corpus:
        cmd[1:1] = ["--draft", "7"]
    if variant == "types":
        cmd += ["--no-validators", "--no-builders"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        return None, "envgen failed: " + (r.stderr.strip().splitlines() or ["?"])[-1][:160]
    return None, None


def setup(work, envgen, rows):
    """Writes one workspace per variant; returns {(variant, schema): (note, error)}."""
    status = {}
    for variant in VARIANTS:
        ws = os.path.join(work, variant)
        members = []
        for name, path, stripped, corpus in rows:
            crate = crate_name(variant, name)
            d = os.path.join(ws, crate)
            os.makedirs(os.path.join(d, "src"), exist_ok=True)
            with open(os.path.join(d, "Cargo.toml"), "w") as f:
                f.write(cargo_toml(variant, crate))
            lib = os.path.join(d, "src", "lib.rs")
            if os.path.exists(lib):
                os.remove(lib)
            note, err = generate(variant, envgen, path, stripped, corpus, lib)
            status[(variant, name)] = (note, err)
            if err is None:
                members.append(crate)
        with open(os.path.join(ws, "Cargo.toml"), "w") as f:
            f.write("[workspace]\nresolver = \"2\"\nmembers = [\n"
                    + "".join(f'    "{m}",\n' for m in members) + "]\n")
    return status


def env_for(work, variant):
    env = dict(os.environ)
    env["CARGO_TARGET_DIR"] = os.path.join(work, variant, "target")
    env["CARGO_INCREMENTAL"] = "0"
    return env


def warm(work, variant, crates, status):
    """Builds the variant's dependencies and each crate once; a crate that does not
    compile is recorded and left out of the timed rounds."""
    ws = os.path.join(work, variant)
    for name, crate in crates:
        r = subprocess.run(["cargo", "build", "--lib", "-q", "-p", crate], cwd=ws,
                           env=env_for(work, variant), capture_output=True, text=True)
        if r.returncode != 0:
            errs = [l for l in r.stderr.splitlines() if l.startswith("error")]
            status[(variant, name)] = (status[(variant, name)][0],
                                       "does not compile: " + (errs[0] if errs else "?")[:160])


def timed_build(work, variant, crate):
    """(wall s, cpu s) of one build of `crate` after a touch of its lib.rs."""
    ws = os.path.join(work, variant)
    lib = os.path.join(ws, crate, "src", "lib.rs")
    os.utime(lib)
    t = time.perf_counter()
    r = subprocess.run(["/usr/bin/time", "-f", "%e %U %S", "cargo", "build", "--lib", "-q",
                        "-p", crate], cwd=ws, env=env_for(work, variant),
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - t
    if r.returncode != 0:
        raise RuntimeError(f"{crate}: build failed after warm-up:\n{r.stderr[-2000:]}")
    _, user, sys_ = r.stderr.strip().splitlines()[-1].split()
    return wall, float(user) + float(sys_)


# --- lines per part ------------------------------------------------------------------

PARTS = ["validators", "deserialize", "builders", "other impls", "types", "rest"]


def items(lines, indent):
    """Top-level items of `lines` at `indent` spaces (prettyplease's layout): yields
    (header up to its brace, header line, first index, end index exclusive), attributes
    and docs included."""
    i, n, pad = 0, len(lines), " " * indent
    while i < n:
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        start = i
        # Attributes, doc comments and comments belong to the item they precede.
        while i < n and (not lines[i].strip()
                         or re.match(pad + r"(#\[|#!\[|///|//!|//)", lines[i])):
            if lines[i].startswith(pad + "#[") or lines[i].startswith(pad + "#!["):
                depth = lines[i].count("[") - lines[i].count("]")
                while depth > 0 and i + 1 < n:
                    i += 1
                    depth += lines[i].count("[") - lines[i].count("]")
            i += 1
        if i >= n:
            yield "", "", start, n
            return
        header = lines[i]
        # The item ends at the first line, at the same indentation, that closes it.
        j = i
        while j < n:
            l = lines[j]
            if j > i and l.startswith(pad + "}") and not l.startswith(pad + " "):
                break
            if j == i and (l.rstrip().endswith(";") or l.rstrip().endswith("}")) \
                    and l.count("{") == l.count("}"):
                break
            if j > i and l.startswith(pad) and not l.startswith(pad + " ") \
                    and l.rstrip().endswith(";") and not l.startswith(pad + "}"):
                # A multi-line item without a body (`pub type X = ...;`, `use ...;`).
                if "{" not in "".join(lines[i:j + 1]):
                    break
            j += 1
        # The header, up to its body's brace: `impl<'de>` and its trait may be lines apart.
        k = i
        while k < min(j, n - 1) and "{" not in lines[k] and not lines[k].rstrip().endswith(";"):
            k += 1
        yield " ".join(l.strip() for l in lines[i:k + 1]), header, start, min(j + 1, n)
        i = j + 1


def classify(header):
    h = header.strip()
    if re.match(r"(pub(\([^)]*\))? )?mod validators\b", h):
        return "validators"
    if re.match(r"(pub(\([^)]*\))? )?mod builder", h) or re.search(r"\bBuilder\b|Builder\w*\b", h) \
            and re.match(r"(impl|pub struct|struct|pub enum|enum|pub type|type)\b", h):
        return "builders"
    if h.startswith("impl") and re.search(r"Deserialize<'de>\s+for\b", h):
        return "deserialize"
    if h.startswith("impl") or h.startswith("unsafe impl"):
        return "other impls"
    if re.match(r"(pub(\([^)]*\))? )?(struct|enum|type)\b", h):
        return "types"
    return "rest"


def count_parts(text):
    """Generated lines per part; descends into `pub mod` blocks other than `validators`
    (a module per schema, or a `const _: () = { ... }` around impls)."""
    counts = dict.fromkeys(PARTS, 0)

    def walk(lines, indent):
        for h, header, a, b in items(lines, indent):
            part = classify(h)
            if part == "rest" and (re.match(r"(pub(\([^)]*\))? )?mod \w+ \{$", h)
                                   or h.startswith("const _: () = {")):
                h_idx = a + lines[a:b].index(header)
                # The module's attributes, its `mod x {` line and its closing brace.
                counts["rest"] += h_idx - a + 2
                walk(lines[h_idx + 1:b - 1], indent + 4)
                continue
            counts[part] += b - a

    walk(text.splitlines(), 0)
    return counts


# --- report --------------------------------------------------------------------------

def fmt(s):
    return "—" if s is None else f"{s:.2f} s"


def render(rows, status, med, lines, parts, load, args, typify_version, rustc):
    o = ["## Compile cost of the generated code against typify's", "",
         "Reproduce: `cargo install cargo-typify --version 0.8.0 && nice -n 5 python3 "
         f"scripts/compile-cost.py --rounds {args.rounds}`.",
         "For each schema, three library crates: envgen's full output (`envgen --schema S -o",
         "src/lib.rs`: what `--crate` puts in its module), envgen's types only",
         "(`--no-validators --no-builders`) and typify's output (`cargo typify S`, "
         f"{typify_version}, with its builders). A fourth crate, \"typify + parse\", is",
         "typify's output with a `serde_json::from_str` entry point per type appended: typify's",
         "`Deserialize` impls are generic, so its crate compiles none of them, and its users",
         "compile them where they parse. envgen's entry points (`from_json_str`) are",
         "`#[inline]` (D115) for the same reason, so a fifth crate, \"envgen full + parse\",",
         "is envgen's full output with a call of `from_json_str` per type appended: the last",
         "ratio compares that same work, every type's reader compiled, on both sides.",
         "SchemaStore schemas are generated with `--draft 7` (their own `$schema` wins).",
         "Each variant is one Cargo workspace with its own target directory: dependencies",
         "built once, then every crate built once to warm; then, in "
         f"{args.rounds} interleaved rounds, each crate's",
         "`lib.rs` touched and `cargo build --lib -p CRATE` timed with `CARGO_INCREMENTAL=0`",
         "(debug profile). Median of the rounds. CPU = user + sys of cargo and its rustc",
         "(GNU `time`); wall = elapsed. **The ratio full / typify uses CPU time**, which",
         "the other builds on this shared machine change less than wall time.",
         "",
         f"Machine: {os.cpu_count()} cores, shared; {rustc}. Load (`/proc/loadavg`, 1/5/15 min): "
         f"{load[0]} at the start, {load[1]} at the end.",
         "",
         "| schema | typify CPU (wall) | envgen types only CPU (wall) | envgen full CPU (wall) | full / typify (CPU) | types / typify (CPU) | typify + parse CPU (wall) | envgen full + parse CPU (wall) | (full + parse) / (typify + parse) | lines: typify / types / full |",
         "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    notes = []
    for name, *_ in rows:
        cells = []
        for v in VARIANTS:
            note, err = status[(v, name)]
            if err:
                cells.append(f"fails[^{len(notes) + 1}]")
                notes.append(f"{name}, {v}: {err}")
                continue
            cpu, wall = med.get((v, name), (None, None))
            mark = ""
            if note:
                notes.append(f"{name}, {v}: {note}")
                mark = f"[^{len(notes)}]"
            cells.append(f"{fmt(cpu)} ({fmt(wall)}){mark}")
        ratios = []
        t = med.get(("typify", name), (None,))[0]
        for v in ("full", "types"):
            c = med.get((v, name), (None,))[0]
            ratios.append("n/a" if c is None or not t else f"**{c / t:.2f}×**")
        tp = med.get(("typify-parse", name), (None,))[0]
        c = med.get(("full-parse", name), (None,))[0]
        ratios.append("n/a" if c is None or not tp else f"{c / tp:.2f}×")
        ln = " / ".join(f"{lines[(v, name)]:,}" if (v, name) in lines else "—"
                        for v in ("typify", "types", "full"))
        o.append(f"| {name} | {cells[2]} | {cells[1]} | {cells[0]} | {ratios[0]} | {ratios[1]} | {cells[3]} | {cells[4]} | {ratios[2]} | {ln} |")
    o.append("")
    for i, n in enumerate(notes, 1):
        o.append(f"[^{i}]: {n}")
    if notes:
        o.append("")
    if any(status[("typify", name)][0] for name, *_ in rows):
        o += ["Where typify ran on a stripped copy, the ratios compare envgen's output for the",
              "original schema with typify's for the copy without `if`/`then`/`else`.", ""]
    corpus = [name for name, _, _, c in rows if c]
    share = [(name, parts[name]["validators"] / sum(parts[name].values()),
              lines[("types", name)] / lines[("full", name)])
             for name in corpus if name in parts and ("types", name) in lines]
    tt = [med[("types", n)][0] / med[("typify", n)][0] for n in corpus
          if ("types", n) in med and ("typify", n) in med]
    if share and tt:
        o += [f"On the {len(corpus)} SchemaStore schemas, envgen's types only take "
              f"{min(tt):.2f}–{max(tt):.2f}× typify's CPU time; the full output is "
              f"{min(1 / t for _, _, t in share):.1f}–{max(1 / t for _, _, t in share):.1f}× "
              "the types-only output in lines, and `mod validators` alone is "
              f"{100 * min(v for _, v, _ in share):.0f}–{100 * max(v for _, v, _ in share):.0f}% "
              "of the full output.", ""]
    o += ["Goal: envgen's full output ≤ 1.5× typify's on each SchemaStore schema. This run: "
          + "; ".join(
              f"{name} " + ("n/a" if (("full", name) not in med or ("typify", name) not in med
                                      or status[("typify", name)][0]) else
                            f"{med[('full', name)][0] / med[('typify', name)][0]:.2f}× "
                            + ("(met)" if med[('full', name)][0] <= 1.5 * med[('typify', name)][0]
                               else "(not met)"))
              for name, _, _, corpus in rows if corpus) + ".", ""]
    pr = [(name, med[("full-parse", name)][0] / med[("typify-parse", name)][0])
          for name, _, _, corpus in rows if corpus and ("full-parse", name) in med
          and ("typify-parse", name) in med and not status[("typify-parse", name)][0]]
    if pr:
        o += ["With every type's reader compiled on both sides, (full + parse) / (typify + parse): "
              + "; ".join(f"{n} {r:.2f}× " + ("(≤ 1.5×)" if r <= 1.5 else "(> 1.5×)")
                          for n, r in pr) + ".", ""]
    o += ["### Generated lines of the full output, per part", "",
          "Top-level items of the generated file (prettyplease's layout), attributes and docs",
          "included: `mod validators` (the `Value` validators); `impl Deserialize`; builders",
          "(items named `*Builder*`); other impls (typed checks, `Document`, `Serialize`, ...);",
          "types (`struct`, `enum`, `type`); the rest (`use`, `const`, `fn`, statics).", "",
          "| schema | total | " + " | ".join(f"`mod validators`" if p == "validators" else
                                               "`Deserialize` impls" if p == "deserialize" else p
                                               for p in PARTS) + " |",
          "|---|" + "---:|" * (len(PARTS) + 1)]
    for name, *_ in rows:
        p = parts.get(name)
        if p is None:
            o.append(f"| {name} | n/a |" + " |" * len(PARTS))
            continue
        total = sum(p.values())
        o.append(f"| {name} | {total:,} | " + " | ".join(f"{p[k]:,}" for k in PARTS) + " |")
    return markers.block(BLOCK, "\n".join(o), NOTE)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--only", default="")
    ap.add_argument("--work", default=os.path.join(ROOT, "target", "compile-cost"))
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--render", action="store_true")
    args = ap.parse_args()
    if not os.path.exists("/usr/bin/time"):
        sys.exit("compile-cost: needs GNU time at /usr/bin/time")
    tv = subprocess.run(["cargo", "typify", "--version"], capture_output=True, text=True)
    if tv.returncode != 0:
        sys.exit("compile-cost: needs `cargo install cargo-typify --version 0.8.0`")
    typify_version = tv.stdout.strip() or "cargo-typify"
    rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
    only = {s for s in args.only.split(",") if s}
    rows = schemas(only)
    saved = os.path.join(args.work, "samples.json")
    if args.render:
        with open(saved) as f:
            run = json.load(f)
        rows = [r for r in rows if any(k.endswith("/" + r[0]) for k in run["status"])]
        status = {tuple(k.split("/", 1)): tuple(v) for k, v in run["status"].items()}
        samples = {tuple(k.split("/", 1)): v for k, v in run["samples"].items()}
        args.rounds = run["rounds"]
        return report(args, rows, status, samples, tuple(run["load"]),
                      run["typify_version"], run["rustc"])
    load_start = loadavg()
    print(f"load at start: {load_start}", file=sys.stderr)
    subprocess.run(["cargo", "build", "-q", "--bin", "envgen"], cwd=ROOT, check=True,
                   env=dict(os.environ, CARGO_INCREMENTAL="0"))
    envgen = os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")),
                          "debug", "envgen")
    os.makedirs(args.work, exist_ok=True)
    status = setup(args.work, envgen, rows)
    for v in VARIANTS:
        print(f"warming {v} ...", file=sys.stderr)
        warm(args.work, v, [(n, crate_name(v, n)) for n, *_ in rows if status[(v, n)][1] is None],
             status)
    samples = {}
    for r in range(args.rounds):
        for name, *_ in rows:
            for v in VARIANTS:
                if status[(v, name)][1] is not None:
                    continue
                wall, cpu = timed_build(args.work, v, crate_name(v, name))
                samples.setdefault((v, name), []).append((cpu, wall))
                print(f"round {r + 1}: {name} {v}: cpu {cpu:.2f} s, wall {wall:.2f} s",
                      file=sys.stderr)
    load = (load_start, loadavg())
    with open(saved, "w") as f:
        json.dump({"rounds": args.rounds, "load": load, "typify_version": typify_version,
                   "rustc": rustc, "status": {"/".join(k): v for k, v in status.items()},
                   "samples": {"/".join(k): v for k, v in samples.items()}}, f, indent=1)
    report(args, rows, status, samples, load, typify_version, rustc)


def report(args, rows, status, samples, load, typify_version, rustc):
    """Renders the block from the samples (and the generated files' lines), writes it."""
    lines, parts = {}, {}
    for name, *_ in rows:
        for v in VARIANTS:
            lib = os.path.join(args.work, v, crate_name(v, name), "src", "lib.rs")
            if status[(v, name)][1] is None and os.path.exists(lib):
                with open(lib) as f:
                    text = f.read()
                lines[(v, name)] = text.count("\n")
                if v == "full":
                    parts[name] = count_parts(text)
                    # Every line is in exactly one part.
                    if sum(parts[name].values()) != len(text.splitlines()):
                        sys.exit(f"compile-cost: the parts of {lib} do not add up to its lines")
    med = {k: (statistics.median(c for c, _ in s), statistics.median(w for _, w in s))
           for k, s in samples.items()}
    block = render(rows, status, med, lines, parts, load, args, typify_version, rustc)
    print(block)
    if not args.no_write:
        markers.write(os.path.join(ROOT, "BENCHMARKS.md"), BLOCK, block)
        print("wrote BENCHMARKS.md", file=sys.stderr)


if __name__ == "__main__":
    main()
