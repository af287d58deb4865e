//! Generates the types (and validators) of each draft's official metaschema, as envgen
//! ships it built in (`envgen_codegen::metaschemas`), each read as its own draft.
//! A metaschema codegen refuses is recorded with the error, for the test to report.

use envgen_codegen::{Config, Draft, SchemaSource, Settings};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

/// The suite's draft folders, each draft's metaschema URI, and the draft.
const DRAFTS: [(&str, &str, Draft); 5] = [
    (
        "draft4",
        "http://json-schema.org/draft-04/schema",
        Draft::Draft4,
    ),
    (
        "draft6",
        "http://json-schema.org/draft-06/schema",
        Draft::Draft6,
    ),
    (
        "draft7",
        "http://json-schema.org/draft-07/schema",
        Draft::Draft7,
    ),
    (
        "draft2019-09",
        "https://json-schema.org/draft/2019-09/schema",
        Draft::Draft201909,
    ),
    (
        "draft2020-12",
        "https://json-schema.org/draft/2020-12/schema",
        Draft::Draft202012,
    ),
];

fn main() {
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_else(|_| {
        eprintln!("error: OUT_DIR is not set");
        std::process::exit(1)
    }));
    println!("cargo:rerun-if-changed=build.rs");
    let mut code = String::new();
    let mut table = String::from("/// Each draft's metaschema types, or why codegen refused them.\npub static DRAFTS: &[Metaschema] = &[\n");
    for (folder, uri, draft) in DRAFTS {
        let module = folder.replace('-', "_");
        match generate(uri, draft) {
            Ok((tokens, root)) => {
                let _ = writeln!(
                    code,
                    "/// The types of the metaschema `{uri}`.\n#[allow(clippy::all, clippy::pedantic, missing_docs)]\npub mod {module} {{\n{tokens}\n}}\n\
                     fn typed_{module}(text: &str) -> Typed {{\n    \
                     match {module}::{root}::from_json_str(text) {{\n        \
                     Ok(doc) => Typed::Accepted(::serde_json::to_value(&doc).map_err(|e| e.to_string())),\n        \
                     Err(e) => Typed::Rejected(e.to_string()),\n    }}\n}}\n\
                     fn validate_{module}(value: &::serde_json::Value) -> Result<(), String> {{\n    \
                     {module}::validate_value(value).map_err(|e| e.to_string())\n}}"
                );
                let _ = writeln!(
                    table,
                    "    Metaschema {{ folder: {folder:?}, uri: {uri:?}, generated: Ok(Generated {{ root: {root:?}, typed: typed_{module}, validate: validate_{module} }}) }},"
                );
            }
            Err(e) => {
                let _ = writeln!(
                    table,
                    "    Metaschema {{ folder: {folder:?}, uri: {uri:?}, generated: Err({e:?}) }},"
                );
            }
        }
    }
    table.push_str("];\n");
    let code = format!("{code}\n{table}");
    let target = out.join("metaschemas.rs");
    if std::fs::read_to_string(&target).ok().as_deref() != Some(code.as_str()) {
        if let Err(e) = std::fs::write(&target, code) {
            eprintln!("error: cannot write {}: {e}", target.display());
            std::process::exit(1);
        }
    }
}

/// The full module of one metaschema (types, serde impls, checked parsers, validators; no
/// builders), and its root type's name.
fn generate(uri: &str, draft: Draft) -> Result<(String, String), String> {
    let meta = envgen_codegen::metaschemas::lookup(uri)
        .ok_or_else(|| format!("`{uri}` is not a built-in metaschema"))?;
    let (set, doc) = Config::new()
        .default_draft(draft)
        .load_in_memory(
            meta.uri,
            meta.uri,
            SchemaSource::Text(meta.text),
            &BTreeMap::new(),
        )
        .map_err(|e| e.to_string())?;
    let settings = Settings::new().builders(false);
    let types =
        envgen_codegen::RustTypes::lower(&set, doc, &settings).map_err(|e| e.to_string())?;
    let root = match types.root_name() {
        Some(name) => name.to_owned(),
        None => return Err("the metaschema's root is not a named type".to_owned()),
    };
    let tokens = envgen_codegen::generate(&set, doc, &settings).map_err(|e| e.to_string())?;
    Ok((tokens.to_string(), root))
}
