//! Generates a validator module for every schema of `../shared/corpus` (SchemaStore and
//! typify), formats asserted as SchemaStore's own harness does. A schema envgen refuses is
//! listed with its located error.

use envgen_codegen::{Config, Draft, SchemaSet, SchemaSource, Settings};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_else(|_| {
        eprintln!("error: OUT_DIR is not set");
        std::process::exit(1)
    }));
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed={}", corpus.display());
    let mut modules = String::new();
    let mut table = String::from("/// Every corpus schema: (name, validator or the codegen error).\npub static SCHEMAS: &[Entry] = &[\n");
    let mut entries: Vec<Schema> = Vec::new();
    if let Ok(rd) = std::fs::read_dir(corpus.join("schemastore")) {
        let mut dirs: Vec<PathBuf> = rd
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_dir())
            .collect();
        dirs.sort();
        for d in dirs {
            let name = format!(
                "schemastore/{}",
                d.file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default()
            );
            let mut maps = Vec::new();
            let meta: Value = std::fs::read_to_string(d.join("meta.json"))
                .ok()
                .and_then(|t| serde_json::from_str(&t).ok())
                .unwrap_or_default();
            if let Some(m) = meta.get("remote_refs").and_then(Value::as_object) {
                for (uri, file) in m {
                    if let Some(f) = file.as_str() {
                        maps.push((uri.clone(), d.join(f)));
                    }
                }
            }
            entries.push((name, d.join("schema.json"), maps));
        }
    }
    let mut typify = Vec::new();
    collect_json(&corpus.join("typify"), &mut typify);
    typify.sort();
    for p in typify {
        let rel = p
            .strip_prefix(&corpus)
            .map(|r| r.to_string_lossy().replace('\\', "/"))
            .unwrap_or_default();
        entries.push((rel, p, Vec::new()));
    }
    // Schemas whose typed code is too large to compile in every CI run (hundreds of
    // thousands of lines); `ENVGEN_CORPUS_TYPED=all` includes them, and
    // `scripts/corpus-typed.py` covers them too.
    println!("cargo:rerun-if-env-changed=ENVGEN_CORPUS_TYPED");
    let all_typed = std::env::var("ENVGEN_CORPUS_TYPED").as_deref() == Ok("all");
    for (n, (name, path, maps)) in entries.iter().enumerate() {
        let typed = all_typed || !TYPED_TOO_LARGE_FOR_CI.contains(&name.as_str());
        // What `envgen --schema` generates (types, serde impls and validators): generated
        // here, not compiled; the crate compiles the validators.
        // Rendered (parsed as Rust and pretty-printed) as the CLI does.
        let full = match generate_with(
            name,
            path,
            maps,
            &Settings::new().assert_formats(true),
            true,
        ) {
            Ok(_) => "Ok(())".to_owned(),
            Err(e) => format!("Err({e:?})"),
        };
        let settings = Settings::new().builders(false).assert_formats(true);
        let generated = if typed {
            typed_module(name, path, maps, &settings)
        } else {
            generate(name, path, maps).map(|code| (code, None))
        };
        match generated {
            Ok((code, root)) => {
                let _ = writeln!(
                    modules,
                    "#[allow(clippy::all, clippy::pedantic)]\npub mod s{n} {{\n{code}\n}}"
                );
                let root_typed = root.is_some();
                let typed = match root {
                    Some(root) => {
                        let _ = writeln!(
                            modules,
                            "fn typed_s{n}(text: &str, options: &::envgen_runtime::Options) -> Result<::serde_json::Value, ::envgen_runtime::ValidationErrors> {{\n    \
                             let doc = s{n}::{root}::from_json_str_with(text, options)?;\n    \
                             Ok(::serde_json::to_value(&doc).unwrap_or_else(|e| ::serde_json::Value::String(e.to_string())))\n}}"
                        );
                        format!("Some(typed_s{n})")
                    }
                    None => "None".to_owned(),
                };
                // SchemaStore's documents again, through types that keep their key order.
                let ordered = if root_typed && name.starts_with("schemastore/") {
                    typed_module(name, path, maps, &settings.clone().preserve_key_order(true))
                } else {
                    Err(String::new())
                };
                let ordered = match ordered {
                    Ok((code, Some(root))) => {
                        let _ = writeln!(
                            modules,
                            "#[allow(clippy::all, clippy::pedantic)]\npub mod o{n} {{\n{code}\n}}\n\
                             fn ordered_s{n}(text: &str, options: &::envgen_runtime::Options) -> Result<::serde_json::Value, ::envgen_runtime::ValidationErrors> {{\n    \
                             let doc = o{n}::{root}::from_json_str_with(text, options)?;\n    \
                             Ok(::serde_json::to_value(&doc).unwrap_or_else(|e| ::serde_json::Value::String(e.to_string())))\n}}"
                        );
                        format!("Some(ordered_s{n})")
                    }
                    _ => "None".to_owned(),
                };
                let _ = writeln!(
                    table,
                    "    Entry {{ name: {name:?}, generated: {full}, validate: Ok(s{n}::validate_value_with), typed: {typed}, ordered: {ordered} }},"
                );
            }
            Err(e) => {
                let _ = writeln!(
                    table,
                    "    Entry {{ name: {name:?}, generated: {full}, validate: Err({e:?}), typed: None, ordered: None }},"
                );
            }
        }
    }
    table.push_str("];\n");
    let _ = writeln!(
        table,
        "/// Whether the corpus was found at build time.\npub const CORPUS_PRESENT: bool = {};",
        corpus.is_dir()
    );
    let _ = writeln!(
        table,
        "/// Whether every schema's types were built (`ENVGEN_CORPUS_TYPED=all`), the large ones included.\npub const TYPED_ALL: bool = {all_typed};"
    );
    let code = format!("{modules}\n{table}");
    let target = out.join("corpus.rs");
    if std::fs::read_to_string(&target).ok().as_deref() != Some(code.as_str()) {
        if let Err(e) = std::fs::write(&target, code) {
            eprintln!("error: cannot write {}: {e}", target.display());
            std::process::exit(1);
        }
    }
}

/// Schemas whose types are left out of the CI build (their validators stay in).
const TYPED_TOO_LARGE_FOR_CI: &[&str] = &[
    "schemastore/pyproject",
    "schemastore/claude-code-settings",
    "schemastore/jfrog-pipelines",
    "schemastore/liquibase",
    "typify/typify-impl/tests/github.json",
    "typify/typify-impl/tests/vega.json",
];

/// The full module of a schema as a user gets it with `settings` (here: no builders; types,
/// serde impls, checked parsers, validators), and its root type's name.
fn typed_module(
    name: &str,
    path: &Path,
    maps: &[(String, PathBuf)],
    settings: &Settings,
) -> Result<(String, Option<String>), String> {
    let (set, doc) = load(name, path, maps)?;
    let types = envgen_codegen::RustTypes::lower(&set, doc, settings).map_err(|e| e.to_string())?;
    let root = types.root_name().map(str::to_owned);
    let tokens = envgen_codegen::generate(&set, doc, settings).map_err(|e| e.to_string())?;
    Ok((tokens.to_string(), root))
}

/// A corpus schema: its name, file, and remote-ref map (URI → local file).
type Schema = (String, PathBuf, Vec<(String, PathBuf)>);

fn collect_json(dir: &Path, out: &mut Vec<PathBuf>) {
    if let Ok(rd) = std::fs::read_dir(dir) {
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                collect_json(&p, out);
            } else if p.extension().is_some_and(|x| x == "json") {
                out.push(p);
            }
        }
    }
}

fn generate(name: &str, path: &Path, maps: &[(String, PathBuf)]) -> Result<String, String> {
    generate_with(
        name,
        path,
        maps,
        &Settings::new().validators_only().assert_formats(true),
        false,
    )
}

fn generate_with(
    name: &str,
    path: &Path,
    maps: &[(String, PathBuf)],
    settings: &Settings,
    render: bool,
) -> Result<String, String> {
    let (set, doc) = load(name, path, maps)?;
    let tokens = envgen_codegen::generate(&set, doc, settings).map_err(|e| e.to_string())?;
    if render {
        // Parsed as Rust and pretty-printed, as `envgen --schema` does.
        envgen_codegen::render(tokens, name).map_err(|e| e.to_string())
    } else {
        Ok(tokens.to_string())
    }
}

/// Loads a corpus schema and the local copies of its remote references, linked.
fn load(
    name: &str,
    path: &Path,
    maps: &[(String, PathBuf)],
) -> Result<(SchemaSet, envgen_codegen::DocId), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    let mut resources = BTreeMap::new();
    for (uri, file) in maps {
        if let Ok(t) = std::fs::read_to_string(file) {
            resources.insert(uri.trim_end_matches('#').to_owned(), t);
        }
    }
    // Schemas without `$schema` are read as draft-07, the SchemaStore convention.
    // typify resolves dangling `$ref`s by their last segment; its test schemas rely on it.
    Config::new()
        .default_draft(Draft::Draft7)
        .refs_by_name(name.starts_with("typify/"))
        .load_in_memory(
            &format!("{name}/schema.json"),
            &format!("http://corpus.invalid/{name}/schema.json"),
            SchemaSource::Text(&text),
            &resources,
        )
        .map_err(|e| e.to_string())
}
