//! The wide SchemaStore set (`../shared/corpus/schemastore-wide.tar.xz`, 541 schemas)
//! through the real code generator, as `envgen --schema` runs it: default [`Settings`]
//! (types, serde impls, validators, builders), draft-07 for schemas without `$schema`,
//! remote references served from the set's local copies (`meta.json`'s `remote_refs`, and
//! the copies standing next to `schema.json` for relative references), and the tokens
//! rendered as Rust source. Nothing is compiled here (`scripts/corpus-wide.py` compiles
//! and runs the generated code).
//!
//! Each schema either generates, or is refused with a located error (file and JSON
//! pointer); a panic is a failure. The refusals and the count are the section of
//! `CORPUS.md` between the `wide-codegen` markers: the test fails when they differ
//! (`ENVGEN_BLESS=1` rewrites the section). The tarball is unpacked with `tar -xJf` into a
//! fresh directory under the target directory. Without `../shared` the test prints
//! `SKIPPED: …`, or fails under `ENVGEN_REQUIRE_SHARED=1`.

use envgen_codegen::{Config, Draft, SchemaSource, Settings};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// A schema's name, the seconds its generation took, and its lines of Rust or its refusal.
type Outcome = (String, f64, Result<usize, String>);

/// The outcome of a schema whose generation panicked.
const PANICKED: &str = "the code generator panicked";

const BEGIN: &str = "<!-- wide-codegen:begin -->\n";
const END: &str = "<!-- wide-codegen:end -->\n";

fn tarball() -> Option<PathBuf> {
    let path = envgen_test_support::shared::root().join("../shared/corpus/schemastore-wide.tar.xz");
    let present = path.is_file();
    envgen_test_support::shared::found(path, present, "the wide corpus codegen test")
}

/// Unpacks the tarball into a fresh directory under the target directory.
fn unpack(tarball: &Path) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("corpus-wide-codegen-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let status = std::process::Command::new("tar")
        .arg("-xJf")
        .arg(tarball)
        .arg("-C")
        .arg(&dir)
        .status()
        .unwrap_or_else(|e| panic!("cannot run `tar`: {e}"));
    assert!(
        status.success(),
        "tar -xJf {} failed: {status}",
        tarball.display()
    );
    dir
}

/// The base URI a schema of the set is loaded at (the oracle of `scripts/corpus-wide.py`
/// uses the same one).
fn base_uri(name: &str) -> String {
    format!("http://corpus.invalid/schemastore/{name}/schema.json")
}

/// The documents a schema's references may reach: the `remote_refs` copies under their
/// URIs, and every file next to `schema.json` under the schema's own base (relative
/// references of schemas without an `$id`).
fn resources(dir: &Path, name: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let meta: Value = std::fs::read_to_string(dir.join("meta.json"))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    if let Some(m) = meta.get("remote_refs").and_then(Value::as_object) {
        for (uri, file) in m {
            if let Some(text) = file
                .as_str()
                .and_then(|f| std::fs::read_to_string(dir.join(f)).ok())
            {
                out.insert(uri.trim_end_matches('#').to_owned(), text);
            }
        }
    }
    let base = base_uri(name);
    let prefix = &base[..base.len() - "schema.json".len()];
    if let Ok(rd) = std::fs::read_dir(dir) {
        for entry in rd.flatten() {
            let file = entry.file_name().to_string_lossy().into_owned();
            if entry.path().is_file() && file != "schema.json" && file != "meta.json" {
                if let Ok(text) = std::fs::read_to_string(entry.path()) {
                    out.entry(format!("{prefix}{file}")).or_insert(text);
                }
            }
        }
    }
    out
}

/// What the generator did with one schema: `Ok(lines of Rust)` or the located error.
fn generate(dir: &Path, name: &str) -> Result<usize, String> {
    let text = std::fs::read_to_string(dir.join("schema.json"))
        .map_err(|e| format!("cannot read schema.json: {e}"))?;
    let display = format!("schemastore/{name}/schema.json");
    let (set, doc) = Config::new()
        .default_draft(Draft::Draft7)
        .load_in_memory(
            &display,
            &base_uri(name),
            SchemaSource::Text(&text),
            &resources(dir, name),
        )
        .map_err(|e| e.to_string())?;
    let tokens =
        envgen_codegen::generate(&set, doc, &Settings::new()).map_err(|e| e.to_string())?;
    let code = envgen_codegen::render(tokens, &display).map_err(|e| e.to_string())?;
    Ok(code.lines().count())
}

#[test]
fn every_wide_corpus_schema_generates_or_is_refused_with_a_located_error() {
    let Some(tarball) = tarball() else { return };
    let started = Instant::now();
    let root = unpack(&tarball);
    let unpacked = started.elapsed();
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root.join("schemastore"))
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    assert!(dirs.len() > 500, "only {} schemas unpacked", dirs.len());
    let mut refused = Vec::new();
    let mut problems = Vec::new();
    let (mut generated, mut lines) = (0usize, 0usize);
    let mut slowest: Vec<(f64, String)> = Vec::new();
    // The schemas are independent: one worker per core, each taking the next schema; the
    // results are put back in name order.
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
    let next = AtomicUsize::new(0);
    let outcomes: Mutex<Vec<Option<Outcome>>> = Mutex::new(vec![None; dirs.len()]);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let worker = std::thread::Builder::new()
                .stack_size(16 << 20)
                .spawn_scoped(scope, || loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(dir) = dirs.get(i) else { break };
                    let name = dir
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    let t0 = Instant::now();
                    let result = std::panic::catch_unwind(|| generate(dir, &name))
                        .unwrap_or_else(|_| Err(PANICKED.to_owned()));
                    let outcome = (name, t0.elapsed().as_secs_f64(), result);
                    if let Ok(mut all) = outcomes.lock() {
                        all[i] = Some(outcome);
                    }
                });
            if let Err(e) = worker {
                panic!("cannot start a worker thread: {e}");
            }
        }
    });
    let outcomes = outcomes.into_inner().unwrap_or_else(|e| e.into_inner());
    assert!(
        outcomes.iter().all(Option::is_some),
        "a schema's outcome is missing"
    );
    for (name, secs, result) in outcomes.into_iter().flatten() {
        slowest.push((secs, name.clone()));
        match result {
            Ok(n) => {
                generated += 1;
                lines += n;
            }
            Err(e) if e == PANICKED => {
                problems.push(format!("{name}: the code generator panicked"))
            }
            Err(e) => {
                if !e.contains(&format!("schemastore/{name}/schema.json")) && !e.contains('#') {
                    problems.push(format!("{name}: the refusal is not located: {e}"));
                }
                let first = e.lines().next().unwrap_or("").replace('|', "\\|");
                refused.push(format!("| {name} | {first} |"));
            }
        }
    }
    let elapsed = started.elapsed();
    slowest.sort_by(|a, b| b.0.total_cmp(&a.0));
    eprintln!(
        "{generated}/{} generated ({lines} lines of Rust) in {:.1} s (unpacking {:.1} s); slowest: {}",
        dirs.len(),
        elapsed.as_secs_f64(),
        unpacked.as_secs_f64(),
        slowest
            .iter()
            .take(5)
            .map(|(s, n)| format!("{n} {s:.2} s"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let _ = std::fs::remove_dir_all(&root);
    assert!(problems.is_empty(), "{}", problems.join("\n"));

    let mut section = format!(
        "{BEGIN}\n**{generated}/{n} generated** by the code generator with `envgen --schema`'s default settings \
(draft-07 default, remote references mapped to the set's copies); the other {r} are refused with a located error:\n\n\
| schema | refusal |\n|---|---|\n",
        n = dirs.len(),
        r = refused.len(),
    );
    for row in &refused {
        section.push_str(row);
        section.push('\n');
    }
    section.push('\n');
    section.push_str(END);

    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../CORPUS.md");
    let doc = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let current = match (doc.find(BEGIN), doc.find(END)) {
        (Some(b), Some(e)) if b < e => Some((b, e + END.len())),
        _ => None,
    };
    if std::env::var("ENVGEN_BLESS").as_deref() == Ok("1") {
        let new = match current {
            Some((b, e)) => format!("{}{section}{}", &doc[..b], &doc[e..]),
            None => format!(
                "{}\n## Wide set: code generation (CI)\n\n{section}",
                doc.trim_end().to_owned() + "\n"
            ),
        };
        std::fs::write(&path, new).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        return;
    }
    let Some((b, e)) = current else {
        panic!("CORPUS.md has no wide-codegen section: ENVGEN_BLESS=1 cargo test -p envgen-codegen --test corpus_wide");
    };
    assert_eq!(
        &doc[b..e],
        section,
        "the wide corpus's code generation changed: ENVGEN_BLESS=1 cargo test -p envgen-codegen --test corpus_wide"
    );
}
