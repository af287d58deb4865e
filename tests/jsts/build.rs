//! Generates one validator module per test group of the JSON-Schema-Test-Suite in
//! `../shared/jsts`, for the five drafts in [`SUITES`] (all in one file, so the whole suite
//! is one compilation unit).
//!
//! Every group's schema goes through the real codegen. A group whose schema envgen refuses
//! (an unsupported keyword, an unresolvable reference) is listed with the error instead,
//! and the conformance test reports it.

use envgen_codegen::{Config, Draft, SchemaSource, Settings};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The suite's draft folders and the draft each one's schemas default to.
const SUITES: [(&str, Draft); 5] = [
    ("draft4", Draft::Draft4),
    ("draft6", Draft::Draft6),
    ("draft7", Draft::Draft7),
    ("draft2019-09", Draft::Draft201909),
    ("draft2020-12", Draft::Draft202012),
];

fn main() {
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_else(|_| {
        eprintln!("error: OUT_DIR is not set");
        std::process::exit(1)
    }));
    let jsts = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/jsts");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed={}", jsts.display());
    let mut modules = String::new();
    let mut table = String::from("/// Every test group: (file, group index, validator and typed parse, or the codegen error).\npub static GROUPS: &[Group] = &[\n");
    let present = jsts.join("tests").is_dir();
    if present {
        let resources = resources(&jsts);
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
                    // The types and validators together (what `envgen --schema` writes,
                    // without builders); a schema whose types codegen refuses keeps its
                    // validators, and its typed cases count as failed.
                    let typed = generate(&schema, draft, &resources, &rel, i, is_format, true);
                    let (code, typed) = match typed {
                        Ok(code) => (Ok(code), Ok(())),
                        Err(e) => (
                            generate(&schema, draft, &resources, &rel, i, is_format, false),
                            Err(e),
                        ),
                    };
                    let validate = match &code {
                        Ok(code) => {
                            let _ = writeln!(modules, "#[allow(clippy::all, clippy::pedantic)]\npub mod g{n} {{\n{code}\n}}");
                            format!("Ok(g{n}::validate_value_with)")
                        }
                        Err(e) => format!("Err({e:?})"),
                    };
                    let typed = match typed {
                        Ok(()) => format!(
                            "Ok(|input, options| back(<g{n}::Root>::from_json_str_with(input, options)))"
                        ),
                        Err(e) => format!("Err({e:?})"),
                    };
                    let _ = writeln!(
                        table,
                        "    Group {{ file: {rel:?}, index: {i}, validate: {validate}, typed: {typed} }},"
                    );
                    n += 1;
                }
            }
        }
    }
    table.push_str("];\n");
    let _ = writeln!(table, "/// Whether the suite was found at build time.\npub const SUITE_PRESENT: bool = {present};");
    let _ = writeln!(
        table,
        "/// The suite's draft folders, oldest draft first.\npub static SUITES: &[&str] = &{:?};",
        SUITES.map(|(name, _)| name)
    );
    let code = format!("{modules}\n{table}");
    let target = out.join("jsts.rs");
    if std::fs::read_to_string(&target).ok().as_deref() != Some(code.as_str()) {
        if let Err(e) = std::fs::write(&target, code) {
            eprintln!("error: cannot write {}: {e}", target.display());
            std::process::exit(1);
        }
    }
}

/// One group's module: with `types`, what `envgen --schema` writes without builders
/// (root type `Root`); without, the validators only.
fn generate(
    schema: &Value,
    draft: Draft,
    resources: &BTreeMap<String, String>,
    file: &str,
    index: usize,
    is_format: bool,
    types: bool,
) -> Result<String, String> {
    let (set, doc) = Config::new()
        .default_draft(draft)
        .load_in_memory(
            &format!("{file}#group{index}"),
            &format!("http://jsts.invalid/{file}/{index}.json"),
            SchemaSource::Value(schema.clone()),
            resources,
        )
        .map_err(|e| e.to_string())?;
    let settings = if types {
        Settings::new()
            .builders(false)
            .root_name("Root")
            .assert_formats(is_format)
    } else {
        Settings::new().validators_only().assert_formats(is_format)
    };
    let tokens = envgen_codegen::generate(&set, doc, &settings).map_err(|e| e.to_string())?;
    Ok(tokens.to_string())
}

/// The documents a group may refer to, by URI: the suite's `localhost:1234` server is its
/// `remotes/` folder. The metaschemas (`http(s)://json-schema.org/…`) are envgen's
/// built-in ones.
fn resources(jsts: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut add = |dir: &Path, prefixes: &[&str]| {
        let mut files = Vec::new();
        collect_files(dir, &mut files);
        for f in files {
            let Ok(rel) = f.strip_prefix(dir) else {
                continue;
            };
            let rel = rel.to_string_lossy().replace('\\', "/");
            if let Ok(text) = std::fs::read_to_string(&f) {
                for p in prefixes {
                    out.insert(format!("{p}{rel}"), text.clone());
                }
            }
        }
    };
    add(&jsts.join("remotes"), &["http://localhost:1234/"]);
    out
}

fn collect_files(dir: &Path, out: &mut Vec<PathBuf>) {
    if let Ok(rd) = std::fs::read_dir(dir) {
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                collect_files(&p, out);
            } else {
                out.push(p);
            }
        }
    }
}
