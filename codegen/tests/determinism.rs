//! Determinism: every schema of `../shared/corpus` (SchemaStore and typify) generates
//! byte-identical Rust when generated twice, and again from another working directory.
//!
//! The core does no I/O, so its output can only vary through iteration order (a `HashMap`
//! gets a fresh random seed per instance, so two generations in one process already
//! differ if any output depends on one) or through the build layer's path handling; the
//! `Config` run covers the latter, from the repository and from a temporary directory.
//!
//! Without `../shared` this test says loudly that it skipped; with
//! `ENVGEN_REQUIRE_SHARED=1` (as `.ci/run` sets) it fails instead.

use envgen_codegen::{render, Config, Draft, SchemaSource, Settings};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn corpus() -> Option<PathBuf> {
    envgen_test_support::shared::shared("corpus", "the determinism test")
}

/// A corpus schema: name, file, remote-ref map (URI → local file), as
/// `tests/corpus/build.rs` reads them.
struct Entry {
    name: String,
    file: PathBuf,
    remote: Vec<(String, PathBuf)>,
}

fn json_files(dir: &Path, out: &mut Vec<PathBuf>) {
    if let Ok(rd) = std::fs::read_dir(dir) {
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                json_files(&p, out);
            } else if p.extension().is_some_and(|x| x == "json") {
                out.push(p);
            }
        }
    }
}

fn entries(corpus: &Path) -> Vec<Entry> {
    let mut out = Vec::new();
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(corpus.join("schemastore"))
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.is_dir())
                .collect()
        })
        .unwrap_or_default();
    dirs.sort();
    for d in dirs {
        let meta: Value = std::fs::read_to_string(d.join("meta.json"))
            .ok()
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or_default();
        let remote = meta
            .get("remote_refs")
            .and_then(Value::as_object)
            .map(|m| {
                m.iter()
                    .filter_map(|(u, f)| f.as_str().map(|f| (u.clone(), d.join(f))))
                    .collect()
            })
            .unwrap_or_default();
        out.push(Entry {
            name: format!(
                "schemastore/{}",
                d.file_name().unwrap_or_default().to_string_lossy()
            ),
            file: d.join("schema.json"),
            remote,
        });
    }
    let mut typify = Vec::new();
    json_files(&corpus.join("typify"), &mut typify);
    typify.sort();
    for p in typify {
        let name = p
            .strip_prefix(corpus)
            .map(|r| r.to_string_lossy().replace('\\', "/"))
            .unwrap_or_default();
        out.push(Entry {
            name,
            file: p,
            remote: Vec::new(),
        });
    }
    out
}

/// Generates an entry in memory (types, validators and everything the default settings
/// emit): the formatted source, or the error's text (which must be deterministic too).
fn generate(e: &Entry) -> String {
    let run = || -> envgen_codegen::Result<String> {
        let text = std::fs::read_to_string(&e.file)
            .map_err(|err| envgen_codegen::Error::new(&e.name, "", err.to_string()))?;
        let mut resources = BTreeMap::new();
        for (uri, file) in &e.remote {
            if let Ok(t) = std::fs::read_to_string(file) {
                resources.insert(uri.trim_end_matches('#').to_owned(), t);
            }
        }
        let (set, doc) = Config::new().default_draft(Draft::Draft7).load_in_memory(
            &e.name,
            &format!("http://corpus.invalid/{}", e.name),
            SchemaSource::Text(&text),
            &resources,
        )?;
        let tokens = envgen_codegen::generate(&set, doc, &Settings::new())?;
        render(tokens, &e.name)
    };
    match run() {
        Ok(code) => code,
        Err(err) => format!("error: {err}"),
    }
}

/// The schemas the build layer also runs on: those without remote references, under
/// 64 KB (the in-memory run covers every schema, from both directories).
fn small(e: &Entry) -> bool {
    e.remote.is_empty() && std::fs::metadata(&e.file).is_ok_and(|m| m.len() < 64 * 1024)
}

/// The build layer, from the current working directory, on an absolute path.
fn generate_with_config(file: &Path) -> String {
    match Config::new()
        .default_draft(Draft::Draft7)
        .schema(file)
        .generate()
    {
        Ok(g) => g.into_iter().map(|g| g.code).collect::<Vec<_>>().join("\n"),
        Err(err) => format!("error: {err}"),
    }
}

/// One generation of every entry: in memory, and through the build layer for the small
/// ones (`None` for the others). Two threads, each taking every other entry (CI's two
/// cores), each with a big stack: an `enum` of thousands of strings
/// (schemastore/pyproject's ruff rule codes) is emitted as one `||` chain, whose
/// formatting recurses once per operand, which overflows a test thread's 2 MiB in a debug
/// build (reported to the emitter).
fn generate_all(all: &[Entry]) -> Vec<(String, Option<String>)> {
    let half = |k: usize| {
        move || -> Vec<(usize, String, Option<String>)> {
            all.iter()
                .enumerate()
                .filter(|(i, _)| i % 2 == k)
                .map(|(i, e)| {
                    (
                        i,
                        generate(e),
                        small(e).then(|| generate_with_config(&e.file)),
                    )
                })
                .collect()
        }
    };
    let mut out: Vec<(usize, String, Option<String>)> = std::thread::scope(|s| {
        let threads: Vec<_> = (0..2)
            .map(|k| {
                std::thread::Builder::new()
                    .stack_size(256 << 20)
                    .spawn_scoped(s, half(k))
                    .unwrap_or_else(|e| panic!("spawn: {e}"))
            })
            .collect();
        threads
            .into_iter()
            .flat_map(|t| t.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    });
    out.sort_by_key(|(i, _, _)| *i);
    out.into_iter().map(|(_, a, b)| (a, b)).collect()
}

#[test]
fn every_corpus_schema_generates_byte_identical_code_twice_and_from_another_directory() {
    let Some(corpus) = corpus() else { return };
    let corpus = corpus.canonicalize().unwrap_or(corpus);
    let all = entries(&corpus);
    assert!(
        all.len() >= 40,
        "expected the whole corpus, found {}",
        all.len()
    );
    let first = generate_all(&all);
    let generated = first
        .iter()
        .filter(|(c, _)| !c.starts_with("error: "))
        .count();
    assert!(generated >= 40, "only {generated} corpus schemas generated");

    // This test binary has this one test, so changing its working directory is safe (the
    // two threads above have ended; those below start in the new directory).
    let elsewhere = envgen_test_support::scratch::Scratch::new("determinism");
    let home = std::env::current_dir().unwrap_or_else(|e| panic!("cwd: {e}"));
    std::env::set_current_dir(&elsewhere).unwrap_or_else(|e| panic!("{e}"));
    let second = generate_all(&all);
    std::env::set_current_dir(&home).unwrap_or_else(|e| panic!("{e}"));

    let mut differ = Vec::new();
    for (i, e) in all.iter().enumerate() {
        if first[i].0 != second[i].0 {
            differ.push(format!("{} (in memory)", e.name));
        }
        if first[i].1 != second[i].1 {
            differ.push(format!("{} (Config, other working directory)", e.name));
        }
    }
    assert!(differ.is_empty(), "non-deterministic output: {differ:?}");
    eprintln!(
        "determinism: {} schemas ({generated} generate, the rest refuse with the same error)",
        all.len()
    );
}
