//! Shared by the codegen bench and the scale / phase tools: the synthetic schemas, the
//! real corpus schemas of four sizes, and a per-phase timer of envgen's pipeline.

use envgen_codegen::{Draft, SchemaSet, Settings};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A synthetic draft-07 schema with `n` definitions, shaped like real ones: definition
/// `i` is an object with a string (pattern), an integer (bounds), an enum, an array of
/// strings, and references to definitions `2i+1` and `2i+2` (a binary tree, so every
/// definition is reachable from the root and the nesting depth is `log2 n`).
pub fn synthetic(n: usize) -> String {
    let mut defs = serde_json::Map::new();
    for i in 0..n {
        let mut props = serde_json::Map::new();
        props.insert(
            "name".into(),
            serde_json::json!({"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}),
        );
        props.insert(
            "count".into(),
            serde_json::json!({"type": "integer", "minimum": 0, "maximum": 1000}),
        );
        props.insert(
            "kind".into(),
            serde_json::json!({"enum": ["alpha", "beta", format!("k{}", i % 7)]}),
        );
        props.insert(
            "tags".into(),
            serde_json::json!({"type": "array", "items": {"type": "string"}}),
        );
        for c in [2 * i + 1, 2 * i + 2] {
            if c < n {
                props.insert(
                    format!("child{}", c - 2 * i),
                    serde_json::json!({"$ref": format!("#/definitions/d{c}")}),
                );
            }
        }
        defs.insert(
            format!("d{i}"),
            serde_json::json!({"type": "object", "properties": props, "required": ["name"], "additionalProperties": false}),
        );
    }
    serde_json::json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "title": "Synthetic",
        "$ref": "#/definitions/d0",
        "definitions": defs,
    })
    .to_string()
}

/// The corpus root (`../shared/corpus` beside the repository).
pub fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus")
}

/// Real schemas of four sizes, smallest first, up to the largest in the corpus.
pub const REAL: [&str; 4] = [
    "schemastore/chart/schema.json",
    "schemastore/liquibase/schema.json",
    "schemastore/jfrog-pipelines/schema.json",
    "typify/typify-impl/tests/github.json",
];

/// Wall time of each stage of envgen's pipeline, and the output size.
#[derive(Debug, Clone, Copy, Default)]
pub struct Phases {
    /// Parse the JSON text, scan and link the schema graph.
    pub load: Duration,
    /// Lower to the Rust-level IR.
    pub lower: Duration,
    /// Emit the token stream (`quote!`).
    pub emit: Duration,
    /// `syn::parse2` the tokens into a file.
    pub parse: Duration,
    /// `prettyplease::unparse`.
    pub unparse: Duration,
    /// Bytes of formatted source.
    pub bytes: usize,
}

/// Load and lower only (no emitted source): their wall times.
pub fn front(
    text: &str,
    settings: &Settings,
) -> Result<(Duration, Duration), envgen_codegen::Error> {
    let t = Instant::now();
    let mut set = SchemaSet::new().with_default_draft(Draft::Draft7);
    let doc = set.add_document("schema.json", "http://perf.invalid/schema.json", text)?;
    set.link()?;
    let load = t.elapsed();
    let t = Instant::now();
    let types = envgen_codegen::RustTypes::lower(&set, doc, settings)?;
    std::hint::black_box(&types);
    Ok((load, t.elapsed()))
}

/// Runs envgen's pipeline on `text` (draft-07 when `$schema` is absent, as the corpus
/// does), stage by stage.
/// The whole pipeline as `envgen --schema` runs it (load, lower, emit, `emit::render`,
/// which prints item by item); returns the bytes of Rust generated.
pub fn pipeline(text: &str, settings: &Settings) -> Result<usize, envgen_codegen::Error> {
    let mut set = SchemaSet::new().with_default_draft(Draft::Draft7);
    let doc = set.add_document("schema.json", "http://perf.invalid/schema.json", text)?;
    set.link()?;
    let types = envgen_codegen::RustTypes::lower(&set, doc, settings)?;
    let tokens = types.emit(&set, doc, settings)?;
    Ok(envgen_codegen::render(tokens, "schema.json")?.len())
}

/// The pipeline's phases, timed one by one (the print as one whole-file `syn::parse2` and
/// prettyplease, to split parsing from printing).
pub fn phases(text: &str, settings: &Settings) -> Result<Phases, envgen_codegen::Error> {
    let mut p = Phases::default();
    let t = Instant::now();
    let mut set = SchemaSet::new().with_default_draft(Draft::Draft7);
    let doc = set.add_document("schema.json", "http://perf.invalid/schema.json", text)?;
    set.link()?;
    p.load = t.elapsed();
    let t = Instant::now();
    let types = envgen_codegen::RustTypes::lower(&set, doc, settings)?;
    p.lower = t.elapsed();
    let t = Instant::now();
    let tokens = types.emit(&set, doc, settings)?;
    p.emit = t.elapsed();
    let t = Instant::now();
    let file: syn::File = syn::parse2(tokens).map_err(|e| {
        envgen_codegen::Error::new("schema.json", "", format!("tokens do not parse: {e}"))
    })?;
    p.parse = t.elapsed();
    let t = Instant::now();
    p.bytes = prettyplease::unparse(&file).len();
    p.unparse = t.elapsed();
    Ok(p)
}
