//! Generates one validator module per test group of the JSON-Schema-Test-Suite in
//! `../shared/jsts` (all in one file, so the whole suite is one compilation unit).
//!
//! Every group's schema goes through the real codegen. A group whose schema envgen refuses
//! (an unsupported keyword, an unresolvable reference) is listed with the error instead,
//! and the conformance test reports it.

use envgen_codegen::{Draft, SchemaSet, Settings};
use serde_json::Value;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

const SUITES: [(&str, Draft); 2] = [
    ("draft7", Draft::Draft7),
    ("draft2020-12", Draft::Draft202012),
];

fn main() {
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_else(|_| {
        eprintln!("error: OUT_DIR is not set");
        std::process::exit(1)
    }));
    let jsts = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/jsts");
    let metaschemas = Path::new(env!("CARGO_MANIFEST_DIR")).join("metaschemas");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed={}", jsts.display());
    println!("cargo:rerun-if-changed={}", metaschemas.display());
    let mut modules = String::new();
    let mut table = String::from("/// Every test group: (file, group index, validator or the codegen error).\npub static GROUPS: &[Group] = &[\n");
    let present = jsts.join("tests").is_dir();
    if present {
        let mut n = 0usize;
        for (suite, draft) in SUITES {
            let mut files = Vec::new();
            for dir in [
                jsts.join("tests").join(suite),
                jsts.join("tests").join(suite).join("optional/format"),
            ] {
                if let Ok(rd) = std::fs::read_dir(&dir) {
                    for e in rd.flatten() {
                        let p = e.path();
                        if p.extension().is_some_and(|x| x == "json") {
                            files.push(p);
                        }
                    }
                }
            }
            files.sort();
            for file in files {
                let rel = file
                    .strip_prefix(jsts.join("tests"))
                    .map(|p| p.to_string_lossy().replace('\\', "/"))
                    .unwrap_or_default();
                let is_format = rel.contains("/optional/format/");
                let text = std::fs::read_to_string(&file).unwrap_or_default();
                let groups: Vec<Value> = serde_json::from_str(&text).unwrap_or_default();
                for (i, g) in groups.iter().enumerate() {
                    let schema = g.get("schema").cloned().unwrap_or(Value::Bool(true));
                    match generate(&schema, draft, &jsts, &metaschemas, &rel, i, is_format) {
                        Ok(code) => {
                            let _ = writeln!(modules, "#[allow(clippy::all, clippy::pedantic)]\npub mod g{n} {{\n{code}\n}}");
                            let _ = writeln!(table, "    Group {{ file: {rel:?}, index: {i}, validate: Ok(g{n}::validate_value_with) }},");
                        }
                        Err(e) => {
                            let _ = writeln!(
                                table,
                                "    Group {{ file: {rel:?}, index: {i}, validate: Err({e:?}) }},"
                            );
                        }
                    }
                    n += 1;
                }
            }
        }
    }
    table.push_str("];\n");
    let _ = writeln!(table, "/// Whether the suite was found at build time.\npub const SUITE_PRESENT: bool = {present};");
    let code = format!("{modules}\n{table}");
    let target = out.join("jsts.rs");
    if std::fs::read_to_string(&target).ok().as_deref() != Some(code.as_str()) {
        if let Err(e) = std::fs::write(&target, code) {
            eprintln!("error: cannot write {}: {e}", target.display());
            std::process::exit(1);
        }
    }
}

fn generate(
    schema: &Value,
    draft: Draft,
    jsts: &Path,
    metaschemas: &Path,
    file: &str,
    index: usize,
    is_format: bool,
) -> Result<String, String> {
    let mut set = SchemaSet::new().with_default_draft(draft);
    let display = format!("{file}#group{index}");
    let uri = format!("http://jsts.invalid/{file}/{index}.json");
    let doc = set
        .add_value(&display, &uri, schema.clone(), None)
        .map_err(|e| e.to_string())?;
    // Remote references: the suite's localhost:1234 server is the remotes/ folder; the
    // metaschemas are vendored.
    let mut tried = std::collections::BTreeSet::new();
    loop {
        let missing: Vec<String> = set
            .missing_resources()
            .into_iter()
            .filter(|m| !tried.contains(m))
            .collect();
        if missing.is_empty() {
            break;
        }
        for m in missing {
            tried.insert(m.clone());
            let local = match m.strip_prefix("http://localhost:1234/") {
                Some(rest) => Some(jsts.join("remotes").join(rest)),
                None => m
                    .strip_prefix("http://json-schema.org/")
                    .or_else(|| m.strip_prefix("https://json-schema.org/"))
                    .map(|rest| metaschemas.join(rest.trim_end_matches('#'))),
            };
            if let Some(p) = local {
                if let Ok(text) = std::fs::read_to_string(&p) {
                    set.add_document(&m, &m, &text).map_err(|e| e.to_string())?;
                }
            }
        }
    }
    set.link().map_err(|e| e.to_string())?;
    let tokens = envgen_codegen::generate(
        &set,
        doc,
        &Settings::new().validators_only().assert_formats(is_format),
    )
    .map_err(|e| e.to_string())?;
    Ok(tokens.to_string())
}
