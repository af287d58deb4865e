#!/usr/bin/env python3
"""The wide SchemaStore set (../shared/corpus/schemastore-wide.tar.xz, 541 schemas), compiled
and run: the "Wide set" section of CORPUS.md.

    python3 scripts/corpus-wide.py                 # everything; rewrites the section
    python3 scripts/corpus-wide.py --batch 40      # schemas per generated crate (default 40)
    python3 scripts/corpus-wide.py --only NAME...  # only these schemas (CORPUS.md untouched;
                                                   # the report is printed)
    python3 scripts/corpus-wide.py --render        # rewrite the section from the last run
    python3 scripts/corpus-wide.py --mutants       # after a full run: derived documents (below)
    python3 scripts/corpus-wide.py --setting --validating-newtypes
                                                   # with a setting of envgen's (repeatable);
                                                   # CORPUS.md untouched, the report printed

Steps, all under target/corpus-wide/ (WORK below):

1. The tarball is unpacked into WORK/src (`tar -xJf`).
2. Every schema goes through the real CLI: `envgen --schema DIR/schema.json --draft 7
   --no-builders --map PREFIX=DIR/ --crate WORK/gen/NAME` (types, serde impls, checked
   parsers and validators; no builders, which are the costliest part and are not exercised
   here). Each `remote_refs` URI of meta.json is mapped to the copies the set keeps next to
   schema.json; relative references of schemas without `$id` resolve there as well. A
   refusal is recorded with its located error.
3. The generated modules are compiled in batches of --batch schemas: one binary crate per
   batch (WORK/batches/bNN, one module per schema, a shared target directory). A batch that
   fails to compile is split: every schema named by a compiler error (its module file) is
   taken out and recorded with the first error, and what is left is built again; an error
   no module file names is bisected (halves built separately) down to the schema.
4. Each batch binary runs, for every pos/ and neg/ document of its schemas: the generated
   `validate_value_with` and the typed parse `Root::from_json_str_with` (formats asserted,
   as SchemaStore's harness does), and for documents the typed parse accepts, whether
   `serde_json::to_value` of the parsed value equals the input (numbers by value, floats
   bit for bit: `envgen_runtime::json::json_identical`).
5. One oracle binary (WORK/oracle) runs the `jsonschema` crate with formats asserted on the
   same documents, the same schema files and the same remote-reference copies (the schema
   based at its file URI, draft-07 when it has no `$schema`).

6. `--mutants` reuses the binaries on documents derived from the pos/ documents (one seeded
   small change each) and writes their summary below the section.

The section has one row per schema, the columns of the 25-schema table, and a summary line.
Not run by .ci/run (it compiles millions of lines of generated Rust); CI runs the codegen half
(`cargo test -p envgen-codegen --test corpus_wide`).
"""

import copy
import json
import os
import random
import pathlib
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
import markers  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
TARBALL = (ROOT / ".." / "shared" / "corpus" / "schemastore-wide.tar.xz").resolve()
WORK = ROOT / "target" / "corpus-wide"
BLOCK = "wide"
LOCK = ROOT / "Cargo.lock"


def log(*a):
    print(*a, flush=True)


def ident(name):
    return "s_" + re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def unpack():
    src = WORK / "src"
    if not (src / "schemastore").is_dir():
        shutil.rmtree(src, ignore_errors=True)
        src.mkdir(parents=True)
        subprocess.run(["tar", "-xJf", str(TARBALL), "-C", str(src)], check=True)
    return src / "schemastore"


def docs(d):
    out = []
    for kind in ("pos", "neg"):
        p = d / kind
        if p.is_dir():
            out += [(kind, f.name) for f in sorted(p.iterdir()) if f.suffix == ".json"]
    return out


def generate(envgen, d, settings=()):
    """envgen --schema on one schema (and the `settings` flags): (module file, root type) or
    the error's first line."""
    meta = json.loads((d / "meta.json").read_text())
    prefixes = set()
    for uri, f in (meta.get("remote_refs") or {}).items():
        if f:
            u = uri.rstrip("#")
            prefixes.add(u[: u.rfind("/") + 1])
    out = WORK / "gen" / d.name
    shutil.rmtree(out, ignore_errors=True)
    cmd = [str(envgen), "--schema", str(d / "schema.json"), "--draft", "7", "--no-builders",
           "--crate", str(out), "--runtime-dep-path", str(ROOT / "runtime")]
    for p in sorted(prefixes):
        cmd += ["--map", f"{p}={d}/"]
    cmd += list(settings)
    g = subprocess.run(cmd, capture_output=True, text=True)
    if g.returncode != 0:
        first = (g.stderr.strip().splitlines() or ["?"])[0]
        # Paths as the set names them (`schemastore/NAME/...`), not the unpacked location.
        return None, first
    lib = (out / "src" / "lib.rs").read_text()
    m = re.search(r"the root type is \[`(\w+)::(\w+)`\]", lib)
    if not m:
        return None, "no root type in the generated crate"
    return (out / "src" / f"{m.group(1)}.rs", m.group(2)), None


CARGO_TOML = """[package]
name = "{name}"
version = "0.0.0"
edition = "2021"
publish = false

[workspace]

[dependencies]
{deps}

[profile.dev]
debug = false
"""

RUNTIME_DEPS = f"""envgen-runtime = {{ path = "{ROOT / 'runtime'}" }}
serde = {{ version = "1", features = ["derive"] }}
serde_json = {{ version = "1", features = ["preserve_order", "float_roundtrip"] }}"""

BATCH_MAIN = r"""#![allow(warnings)]
//! @generated by scripts/corpus-wide.py: one module per schema, and the checks.
__MODS__
use envgen_runtime::json::json_identical;
use envgen_runtime::{Options, ValidationErrors};
use serde_json::Value;
use std::io::Write;

type Validate = fn(&Value, &Options) -> Result<(), ValidationErrors>;
type Typed = fn(&str, &Options) -> Result<Value, ValidationErrors>;

const SCHEMAS: &[(&str, Validate, Typed)] = &[
__TABLE__];

fn first(e: &ValidationErrors) -> String {
    e.errors().first().map(|e| format!("{} at {} ({} {})", e.message, e.instance_path, e.keyword, e.schema_path)).unwrap_or_default()
}

fn run(corpus: &std::path::Path, only: &[String]) {
    let options = Options::new().formats(true);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for (name, validate, typed) in SCHEMAS {
        if !only.is_empty() && !only.iter().any(|o| o == name) { continue; }
        for kind in ["pos", "neg"] {
            let dir = corpus.join(name).join(kind);
            let mut files: Vec<_> = std::fs::read_dir(&dir).map(|rd| rd.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "json")).collect()).unwrap_or_default();
            files.sort();
            for f in files {
                let file = f.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                let text = std::fs::read_to_string(&f).unwrap_or_default();
                let value: Value = match serde_json::from_str(&text) { Ok(v) => v, Err(_) => continue };
                let v = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| validate(&value, &options)));
                let t = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| typed(&text, &options)));
                let mut rec = serde_json::Map::new();
                rec.insert("schema".into(), (*name).into());
                rec.insert("doc".into(), format!("{kind}/{file}").into());
                match v {
                    Ok(Ok(())) => { rec.insert("validator".into(), true.into()); }
                    Ok(Err(e)) => { rec.insert("validator".into(), false.into()); rec.insert("validator_error".into(), first(&e).into()); }
                    Err(_) => { rec.insert("validator".into(), "panic".into()); }
                }
                match t {
                    Ok(Ok(back)) => {
                        rec.insert("typed".into(), true.into());
                        let same = json_identical(&back, &value);
                        rec.insert("lossless".into(), same.into());
                        if !same { let mut s = back.to_string(); s.truncate(600); rec.insert("back".into(), s.into()); }
                    }
                    Ok(Err(e)) => { rec.insert("typed".into(), false.into()); rec.insert("typed_error".into(), first(&e).into()); }
                    Err(_) => { rec.insert("typed".into(), "panic".into()); }
                }
                let _ = writeln!(out, "{}", Value::Object(rec));
            }
        }
    }
}

fn main() {
    std::panic::set_hook(Box::new(|_| {}));
    let corpus = std::path::PathBuf::from(std::env::args().nth(1).unwrap_or_default());
    let only: Vec<String> = std::env::args().skip(2).collect();
    let t = std::thread::Builder::new().stack_size(256 << 20).spawn(move || run(&corpus, &only)).expect("spawn");
    if t.join().is_err() { std::process::exit(2) }
}
"""

ORACLE_MAIN = r"""//! @generated by scripts/corpus-wide.py: the jsonschema crate on every document.
use serde_json::Value;
use std::io::Write;
use std::path::Path;

fn read(p: &Path) -> Option<Value> {
    serde_json::from_str(&std::fs::read_to_string(p).ok()?).ok()
}

fn file_uri(p: &Path) -> String {
    format!("file://{}", p.display())
}

fn oracle(dir: &Path) -> Result<jsonschema::Validator, String> {
    let schema = read(&dir.join("schema.json")).ok_or("unreadable schema")?;
    let meta = read(&dir.join("meta.json")).unwrap_or_default();
    let mut pairs: Vec<(String, jsonschema::Resource)> = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    if let Some(m) = meta.get("remote_refs").and_then(Value::as_object) {
        for (uri, file) in m {
            if let Some(v) = file.as_str().and_then(|f| read(&dir.join(f))) {
                let u = uri.trim_end_matches('#').to_owned();
                if seen.insert(u.clone()) { pairs.push((u, jsonschema::Resource::from_contents(v))); }
            }
        }
    }
    if let Ok(rd) = std::fs::read_dir(dir) {
        let mut files: Vec<_> = rd.flatten().map(|e| e.path()).filter(|p| p.is_file()).collect();
        files.sort();
        for p in files {
            let n = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            if n == "schema.json" || n == "meta.json" { continue; }
            if let Some(v) = read(&p) {
                let u = file_uri(&p);
                if seen.insert(u.clone()) { pairs.push((u, jsonschema::Resource::from_contents(v))); }
            }
        }
    }
    let registry = jsonschema::Registry::new().extend(pairs).map_err(|e| e.to_string())?.prepare().map_err(|e| e.to_string())?;
    let mut opts = jsonschema::options()
        .should_validate_formats(true)
        .with_base_uri(file_uri(&dir.join("schema.json")))
        .with_registry(&registry);
    if schema.get("$schema").is_none() {
        opts = opts.with_draft(jsonschema::Draft::Draft7);
    }
    opts.build(&schema).map_err(|e| e.to_string())
}

fn run(corpus: &Path) {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut dirs: Vec<_> = std::fs::read_dir(corpus).map(|rd| rd.flatten().map(|e| e.path()).filter(|p| p.is_dir()).collect()).unwrap_or_default();
    dirs.sort();
    for dir in dirs {
        let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let o = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| oracle(&dir)));
        let o = match o { Ok(o) => o, Err(_) => Err("the oracle panicked".to_owned()) };
        if let Err(e) = &o {
            let _ = writeln!(out, "{}", serde_json::json!({"schema": name, "oracle_error": e}));
            continue;
        }
        let o = o.ok();
        for kind in ["pos", "neg"] {
            let mut files: Vec<_> = std::fs::read_dir(dir.join(kind)).map(|rd| rd.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "json")).collect()).unwrap_or_default();
            files.sort();
            for f in files {
                let file = f.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                let Some(v) = read(&f) else { continue };
                let verdict = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| o.as_ref().map(|o| o.is_valid(&v))));
                let verdict = match verdict { Ok(Some(b)) => Value::Bool(b), _ => Value::String("panic".into()) };
                let _ = writeln!(out, "{}", serde_json::json!({"schema": name, "doc": format!("{kind}/{file}"), "oracle": verdict}));
            }
        }
    }
}

fn main() {
    std::panic::set_hook(Box::new(|_| {}));
    let corpus = std::path::PathBuf::from(std::env::args().nth(1).unwrap_or_default());
    let t = std::thread::Builder::new().stack_size(256 << 20).spawn(move || run(&corpus)).expect("spawn");
    let _ = t.join();
}
"""


def cargo(crate, *args):
    env = dict(os.environ, CARGO_TARGET_DIR=str(WORK / "target"), CARGO_INCREMENTAL="0")
    env.pop("RUSTFLAGS", None)
    return subprocess.run(["cargo", *args, "--manifest-path", str(crate / "Cargo.toml")],
                          env=env, capture_output=True, text=True)


def write_crate(crate, name, deps, main):
    (crate / "src").mkdir(parents=True, exist_ok=True)
    (crate / "Cargo.toml").write_text(CARGO_TOML.format(name=name, deps=deps))
    if LOCK.exists() and not (crate / "Cargo.lock").exists():
        shutil.copy(LOCK, crate / "Cargo.lock")
    main_rs = crate / "src" / "main.rs"
    if not main_rs.exists() or main_rs.read_text() != main:
        main_rs.write_text(main)


def build_batch(crate, name, members, gen):
    """Builds a crate holding `members`; returns the binary or None, and {schema: error}."""
    (crate / "src").mkdir(parents=True, exist_ok=True)
    for old in (crate / "src").glob("s_*.rs"):
        if old.stem not in {ident(m) for m in members}:
            old.unlink()
    mods, table = [], []
    for m in members:
        path, root = gen[m]
        dst = crate / "src" / f"{ident(m)}.rs"
        text = path.read_text()
        if not dst.exists() or dst.read_text() != text:
            dst.write_text(text)
        mods.append(f"mod {ident(m)};")
        table.append(
            f"    ({json.dumps(m)}, {ident(m)}::validate_value_with, |t, o| {ident(m)}::{root}::from_json_str_with(t, o)"
            f".map(|d| serde_json::to_value(&d).unwrap_or_else(|e| Value::String(format!(\"serialize error: {{e}}\"))))),\n")
    main = BATCH_MAIN.replace("__MODS__", "\n".join(mods)).replace("__TABLE__", "".join(table))
    write_crate(crate, name, RUNTIME_DEPS, main)
    t0 = time.monotonic()
    r = cargo(crate, "build", "--offline", "--message-format", "short")
    log(f"  {name}: {len(members)} schemas, build {'ok' if r.returncode == 0 else 'FAILED'} in {time.monotonic() - t0:.0f} s")
    if r.returncode == 0:
        return WORK / "target" / "debug" / name, {}
    errors = {}
    by_ident = {ident(m): m for m in members}
    for line in r.stderr.splitlines():
        m = re.search(r"src/(s_\w+)\.rs:\d+:\d+: error", line)
        if m and m.group(1) in by_ident:
            errors.setdefault(by_ident[m.group(1)], line.split(": error", 1)[1].strip(": ")[:200])
    if not errors:
        first = next((l for l in r.stderr.splitlines() if "error" in l), "?")
        return None, {"*": first[:200]}
    return None, errors


def compile_and_run(members, gen, corpus, label, results, failures):
    """Builds and runs `members` (bisecting failures); fills results and failures."""
    pending = [(label, members)]
    while pending:
        name, ms = pending.pop(0)
        crate = WORK / "batches" / name
        binary, errors = build_batch(crate, name, ms, gen)
        if binary is None and "*" in errors:
            if len(ms) == 1:
                failures[ms[0]] = errors["*"]
                continue
            half = len(ms) // 2
            pending += [(name + "a", ms[:half]), (name + "b", ms[half:])]
            continue
        if binary is None:
            failures.update(errors)
            rest = [m for m in ms if m not in errors]
            if rest:
                pending.append((name + "r", rest))
            continue
        t0 = time.monotonic()
        run_checks(binary, corpus, ms, results, failures)
        log(f"  {name}: ran in {time.monotonic() - t0:.1f} s")


def run_checks(binary, corpus, ms, results, failures):
    """Runs a batch binary on `ms`; a schema whose checks crash the process (a stack
    overflow, an abort) is run alone to name it, and recorded."""
    r = subprocess.run([str(binary), str(corpus), *ms], capture_output=True, text=True)
    with open(WORK / "partial.jsonl", "a") as f:  # progress, readable while the run goes on
        f.write(r.stdout)
    done = []
    for line in r.stdout.splitlines():
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            continue
        results[(rec["schema"], rec["doc"])] = rec
        if rec["schema"] not in done:
            done.append(rec["schema"])
    if r.returncode == 0:
        return
    if len(ms) == 1:
        failures[ms[0]] = "the checks crashed: " + " ".join(r.stderr.strip().splitlines()[-1:])[:200]
        for k in [k for k in results if k[0] == ms[0]]:
            del results[k]
        return
    last = done[-1] if done else None
    again = [m for m in ms if m not in done or m == last]
    for m in again:
        for k in [k for k in results if k[0] == m]:
            del results[k]
        run_checks(binary, corpus, [m], results, failures)


def oracle_verdicts(corpus):
    crate = WORK / "oracle"
    deps = RUNTIME_DEPS + '\njsonschema = { version = "0.60", default-features = false }'
    write_crate(crate, "oracle", deps, ORACLE_MAIN)
    r = cargo(crate, "build", "--offline")
    if r.returncode != 0:
        sys.exit("the oracle does not build:\n" + r.stderr)
    r = subprocess.run([str(WORK / "target" / "debug" / "oracle"), str(corpus)], capture_output=True, text=True)
    verdicts, refused = {}, {}
    for line in r.stdout.splitlines():
        rec = json.loads(line)
        if "oracle_error" in rec:
            refused[rec["schema"]] = rec["oracle_error"]
        else:
            verdicts[(rec["schema"], rec["doc"])] = rec["oracle"]
    return verdicts, refused


MUTANTS_PER_DOC = 12
MUTANT_VALUES = [None, True, False, 0, 7, -3, 1.5, 2.0, "", "x", "123", [], {}, [1], {"a": 1}]
MBLOCK = "wide-mutants"


def _paths(v, p=()):
    yield p, v
    if isinstance(v, dict):
        for k, x in v.items():
            yield from _paths(x, p + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from _paths(x, p + (i,))


def _mutate(doc, rng):
    """One small change at a random place of a copy of `doc`: a key removed or added, an
    integer written as a float (`7` -> `7.0`), an array item removed or repeated, or a value
    replaced by one of MUTANT_VALUES."""
    doc = copy.deepcopy(doc)
    p, v = rng.choice(list(_paths(doc)))
    m = rng.randrange(6)
    if m == 0 and isinstance(v, dict) and v:
        del v[rng.choice(list(v))]
        return doc
    if m == 1 and isinstance(v, dict):
        v["zz_extra"] = rng.choice(MUTANT_VALUES)
        return doc
    if m == 3 and isinstance(v, list) and v:
        v.pop(rng.randrange(len(v)))
        return doc
    if m == 4 and isinstance(v, list) and v:
        v.append(copy.deepcopy(rng.choice(v)))
        return doc
    new = float(v) if m == 2 and isinstance(v, int) and not isinstance(v, bool) else copy.deepcopy(rng.choice(MUTANT_VALUES))
    if not p:
        return new
    cur = doc
    for k in p[:-1]:
        cur = cur[k]
    cur[p[-1]] = new
    return doc


def mutants(corpus):
    """`--mutants`: the binaries of the last full run on documents derived from every pos/
    document (MUTANTS_PER_DOC each, seeded by the schema's name), written to
    WORK/mutants/schemastore/NAME/pos/ beside links to the schema's files. No label: the
    checks are typed parse vs validators, validators vs oracle, and lossless round trips."""
    out_root = WORK / "mutants" / "schemastore"
    shutil.rmtree(out_root, ignore_errors=True)
    total = 0
    for d in sorted(p for p in corpus.iterdir() if p.is_dir()):
        out = out_root / d.name
        (out / "pos").mkdir(parents=True)
        for f in d.iterdir():
            if f.name not in ("pos", "neg"):
                os.symlink(f, out / f.name)
        rng = random.Random(d.name)
        for f in sorted((d / "pos").glob("*.json")) if (d / "pos").is_dir() else []:
            try:
                doc = json.loads(f.read_text())
            except ValueError:
                continue
            seen = set()
            for i in range(MUTANTS_PER_DOC):
                text = json.dumps(_mutate(doc, rng))
                if text not in seen:
                    seen.add(text)
                    (out / "pos" / f"{f.stem}~{i}.json").write_text(text)
                    total += 1
    results = {}
    for b in sorted((WORK / "target" / "debug").glob("b[0-9]*")):
        if b.is_file() and os.access(b, os.X_OK) and "." not in b.name:
            r = subprocess.run([str(b), str(out_root)], capture_output=True, text=True)
            for line in r.stdout.splitlines():
                rec = json.loads(line)
                results[(rec["schema"], rec["doc"])] = rec
    r = subprocess.run([str(WORK / "target" / "debug" / "oracle"), str(out_root)], capture_output=True, text=True)
    oracle = {}
    for line in r.stdout.splitlines():
        rec = json.loads(line)
        if "oracle" in rec:
            oracle[(rec["schema"], rec["doc"])] = rec["oracle"]
    typed_agree = lossless = accepted = oracle_agree = oracle_n = 0
    found = []
    for k, rec in sorted(results.items()):
        v, t = rec["validator"], rec["typed"]
        typed_agree += t == v
        if t != v:
            found.append(f"{k[0]} {k[1]}: typed {'accepts' if t is True else 'rejects'}, validators {'accept' if v is True else 'reject'}: {rec.get('typed_error', '')[:300]}")
        if t is True:
            accepted += 1
            lossless += rec.get("lossless") is True
            if rec.get("lossless") is not True:
                found.append(f"{k[0]} {k[1]}: lossy: {rec.get('back', '')[:200]}")
        o = oracle.get(k)
        if isinstance(o, bool):
            oracle_n += 1
            oracle_agree += o == v
            if o != v:
                found.append(f"{k[0]} {k[1]}: jsonschema says {'valid' if o else 'invalid'}, validators {'valid' if v is True else v}: {rec.get('validator_error', '')[:200]}")
    (WORK / "mutants.txt").write_text("\n".join(found) + "\n")
    summary = (f"**Derived documents** (`python3 scripts/corpus-wide.py --mutants`, after a full run): "
               f"{total} documents made from the `pos/` documents by one small seeded change each (a key removed or "
               f"added, an integer written as `7.0`, an array item removed or repeated, a value replaced by another "
               f"kind), {len(results)} of them for the compiled schemas, run through the same binaries: typed parse agrees with the validators on {typed_agree}/{len(results)}; "
               f"validators agree with the oracle on {oracle_agree}/{oracle_n}; {lossless}/{accepted} accepted documents "
               f"are lossless. Each disagreement is listed in `target/corpus-wide/mutants.txt`.")
    text = markers.splice(ROOT / "CORPUS.md", MBLOCK, summary, after=markers.end(BLOCK))
    log(text)
    return 0


def main():
    args = sys.argv[1:]
    batch = 40
    if "--batch" in args:
        batch = int(args[args.index("--batch") + 1])
    only = args[args.index("--only") + 1:] if "--only" in args else []
    settings = [args[i + 1] for i, a in enumerate(args[:-1]) if a == "--setting"]
    if not TARBALL.is_file():
        print(f"SKIPPED: {TARBALL} is absent", file=sys.stderr)
        return 0
    t_start = time.monotonic()
    corpus = unpack()
    if "--render" in args:
        return write_report(corpus, only)
    if "--mutants" in args:
        return mutants(corpus)
    names = sorted(p.name for p in corpus.iterdir() if p.is_dir())
    if only:
        names = [n for n in names if n in only]
    subprocess.run(["cargo", "build", "-q", "--bin", "envgen"], cwd=ROOT, check=True)
    envgen = ROOT / "target" / "debug" / "envgen"
    gen, refused = {}, {}
    t0 = time.monotonic()
    for n in names:
        ok, err = generate(envgen, corpus / n, settings)
        if ok:
            gen[n] = ok
        else:
            refused[n] = err
    t_gen = time.monotonic() - t0
    log(f"generated {len(gen)}/{len(names)} in {t_gen:.0f} s")
    t0 = time.monotonic()
    oracle, oracle_refused = oracle_verdicts(corpus)
    t_oracle = time.monotonic() - t0
    log(f"oracle: {len(oracle)} verdicts, {len(oracle_refused)} schemas refused, {t_oracle:.0f} s")
    results, failures = {}, {}
    (WORK / "partial.jsonl").write_text("")
    # Batches of similar total size: schemas in name order, cut by generated bytes.
    ok_names = [n for n in names if n in gen]
    sizes = {n: gen[n][0].stat().st_size for n in ok_names}
    budget = max(sizes.values(), default=1)
    budget = max(budget, sum(sizes.values()) // max(1, (len(ok_names) + batch - 1) // batch))
    batches, cur, cur_size = [], [], 0
    for n in ok_names:
        if cur and (len(cur) >= batch or cur_size + sizes[n] > budget):
            batches.append(cur)
            cur, cur_size = [], 0
        cur.append(n)
        cur_size += sizes[n]
    if cur:
        batches.append(cur)
    t0 = time.monotonic()
    for i, b in enumerate(batches):
        log(f"batch {i + 1}/{len(batches)}: {b[0]} .. {b[-1]}")
        compile_and_run(b, gen, corpus, f"b{i:03}", results, failures)
    t_build = time.monotonic() - t0
    wall = time.monotonic() - t_start
    (WORK / "report.json").write_text(json.dumps(
        {"names": names, "generated": sorted(gen), "results": [v for _, v in sorted(results.items())],
         "oracle": [[k[0], k[1], v] for k, v in sorted(oracle.items())],
         "refused": refused, "failures": failures, "oracle_refused": oracle_refused,
         "batches": len(batches), "times": [wall, t_gen, t_oracle, t_build]}, indent=1))
    return write_report(corpus, only, print_only=bool(settings))


def write_report(corpus, only, print_only=False):
    """Renders WORK/report.json into CORPUS.md (or prints it with --only or a setting)."""
    r = json.loads((WORK / "report.json").read_text())
    results = {(x["schema"], x["doc"]): x for x in r["results"]}
    oracle = {(a, b): v for a, b, v in r["oracle"]}
    report = render(r["names"], corpus, set(r["generated"]), r["refused"], r["failures"], results,
                    oracle, r["oracle_refused"], r["batches"], r["times"])
    if only or print_only:
        print(report)
        return 0
    markers.write(ROOT / "CORPUS.md", BLOCK, report, heading="Wide set")
    log("CORPUS.md updated")
    return 0


def located(error):
    """A refusal as the set names its files (`schemastore/NAME/...`), not where it was unpacked."""
    for prefix in (str(WORK / "src") + "/", str(WORK.relative_to(ROOT) / "src") + "/", str(ROOT) + "/"):
        error = error.replace(prefix, "")
    return error.replace("|", "/")


def render(names, corpus, gen, refused, failures, results, oracle, oracle_refused, batches, times):
    """The section: one row per schema (disagreeing documents named in the note), the summary."""
    wall, t_gen, t_oracle, t_build = times
    rows = []
    tot = dict(generated=0, compiled=0, docs=0, typed_agree=0, typed_n=0, oracle_agree=0, oracle_n=0,
               label_agree=0, label_n=0, lossless=0, accepted=0)
    for n in names:
        d = corpus / n
        ds = docs(d)
        if n in refused:
            rows.append(f"| {n} | no | no | | | | | refused: {located(refused[n])} |")
            continue
        tot["generated"] += 1
        if n in failures:
            rows.append(f"| {n} | yes | **no** | | | | | does not compile: `{failures[n].replace('|', '/').replace('`', '')}` |")
            continue
        tot["compiled"] += 1
        pos_ok = pos_n = neg_ok = neg_n = agree = cases = t_agree = t_n = lossless = accepted = 0
        notes, disputed = [], []
        for kind, f in ds:
            rec = results.get((n, f"{kind}/{f}"))
            if rec is None:
                continue
            v = rec["validator"]
            if kind == "pos":
                pos_n += 1
                pos_ok += v is True
            else:
                neg_n += 1
                neg_ok += v is False
            o = oracle.get((n, f"{kind}/{f}"))
            if isinstance(o, bool):
                cases += 1
                agree += o == v
                tot["label_n"] += 1
                tot["label_agree"] += o == (kind == "pos")
            if isinstance(o, bool) and o != v:
                notes.append(f"jsonschema {'accepts' if o else 'rejects'} {kind}/{f}")
            if isinstance(o, bool) and o == v and v != (kind == "pos"):
                disputed.append(f"{kind}/{f}")
            t_n += 1
            t_agree += rec["typed"] == v
            if rec["typed"] != v:
                why = rec.get("typed_error", "")
                held = re.search(r"cannot hold it \((.*?)\);.*?( at .*)$", why)
                if held:
                    why = held.group(1) + held.group(2)
                notes.append(f"typed {'accepts' if rec['typed'] is True else 'rejects'} {kind}/{f}"
                             + (f": {why[:120]}" if why else ""))
            if rec["typed"] is True:
                accepted += 1
                lossless += rec.get("lossless") is True
                if rec.get("lossless") is not True:
                    notes.append(f"lossy: {kind}/{f}")
        if n in oracle_refused:
            agreement = "oracle refused the schema"
        else:
            agreement = f"{agree}/{cases}"
            tot["oracle_agree"] += agree
            tot["oracle_n"] += cases
        tot["typed_agree"] += t_agree
        tot["typed_n"] += t_n
        tot["lossless"] += lossless
        tot["accepted"] += accepted
        if disputed:
            shown = ", ".join(disputed[:2]) + (f" and {len(disputed) - 2} more" if len(disputed) > 2 else "")
            notes.append(f"label disputed by validators and oracle alike: {shown}")
        note = "; ".join(notes).replace("|", "/").replace("`", "'")
        rows.append(f"| {n} | yes | yes | {pos_ok}/{pos_n} | {neg_ok}/{neg_n} | {agreement} | "
                    f"{t_agree}/{t_n} agree, {lossless}/{accepted} lossless | {note} |")
    t = tot
    n = len(names)
    out = [f"The wide SchemaStore set (`../shared/corpus/schemastore-wide.tar.xz`, {n} schemas), generated with "
           f"`envgen --schema --draft 7 --no-builders` (remote references mapped to the set's copies), compiled "
           f"in {batches} batches of up to a few dozen schemas per crate, and run on every `pos/` and `neg/` "
           f"document: validators (`validate_value_with`), typed parse (`Root::from_json_str_with`), both with "
           f"formats asserted, and the `jsonschema` crate as the oracle. Reproduce: `python3 scripts/corpus-wide.py` "
           f"(last run: {wall / 60:.0f} min wall time on 2 shared cores; codegen {t_gen:.0f} s, oracle {t_oracle:.0f} s, "
           f"compiling and running the batches {t_build / 60:.0f} min). Columns as in the table above; *typed parse* "
           f"counts the set's documents only (no generated documents).",
           "",
           f"**{t['generated']}/{n} generated, {t['compiled']}/{t['generated']} of those compiled; "
           f"typed parse agrees with the validators on {t['typed_agree']}/{t['typed_n']} documents; "
           f"validators agree with the oracle on {t['oracle_agree']}/{t['oracle_n']}; "
           f"the oracle agrees with SchemaStore's label on {t['label_agree']}/{t['label_n']}; "
           f"{t['lossless']}/{t['accepted']} documents the typed parse accepts are lossless.**",
           "",
           "| schema | generated | compiled | pos accepted | neg rejected | agrees with jsonschema | typed parse | note |",
           "|---|---|---|---:|---:|---|---|---|"]
    out += rows
    return markers.block(BLOCK, "\n".join(out))


if __name__ == "__main__":
    sys.exit(main())
