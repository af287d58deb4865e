//! (c) Differential: structured random instances (a seed document from
//! `tests/documents/<schema>/` or one of the schema's branch-covering documents, every
//! `anyOf`/`oneOf` alternative, both sides of every condition and integers written `n.0`
//! (`envgen_test_support::instances`), then arbitrary replace / remove / insert mutations whose
//! keys and strings come mostly from the schema's own vocabulary). envgen's verdict
//! (module-level `validate_value_with`, and the typed `from_json_str_with`) must equal
//! the `jsonschema` crate's on all four envelopes, formats asserted or not; and the typed
//! path is lossless: an accepted document serializes back to the same JSON, floats bit for
//! bit (key order aside: declared fields serialize in schema order).
#![no_main]

use common::{has_wide_integer, json_files, mutate, read, vocabulary, Input};
use envgen::runtime::{Document, Options, ValidationErrors};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use std::path::Path;
use std::sync::OnceLock;

mod common;

use envgen_test_support::instances;

type ValidateFn = fn(&Value, &Options) -> Result<(), ValidationErrors>;
/// The typed parse, then `serde_json::to_value` of the parsed document.
type TypedFn = fn(&str, &Options) -> Result<Value, ValidationErrors>;

struct Schema {
    validate: ValidateFn,
    typed: TypedFn,
    oracle: [jsonschema::Validator; 2],
    seeds: Vec<Value>,
    dict: Vec<String>,
}

fn typed<T: Document>(text: &str, options: &Options) -> Result<Value, ValidationErrors> {
    let doc = T::from_json_str_with(text, options)?;
    Ok(serde_json::to_value(&doc)
        .unwrap_or_else(|e| panic!("a parsed document does not serialize: {e}")))
}

const SCHEMAS: [(&str, &str, ValidateFn, TypedFn); 4] = [
    (
        "response-envelope",
        "response-envelope.json",
        envgen::response_envelope::validate_value_with,
        typed::<envgen::response_envelope::ResponseEnvelope>,
    ),
    (
        "tool-response",
        "tool-response.json",
        envgen::tool_response::validate_value_with,
        typed::<envgen::tool_response::ToolResponse>,
    ),
    (
        "cmdhelp",
        "cmdhelp.schema.json",
        envgen::cmdhelp::validate_value_with,
        typed::<envgen::cmdhelp::Cmdhelp>,
    ),
    (
        "meminit",
        "meminit-output-envelope.json",
        envgen::meminit::validate_value_with,
        typed::<envgen::meminit::MeminitEnvelope>,
    ),
];

fn schemas() -> &'static [Schema] {
    static S: OnceLock<Vec<Schema>> = OnceLock::new();
    S.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        SCHEMAS
            .iter()
            .map(|(name, file, validate, typed)| {
                let schema = read(&root.join("schemas").join(file));
                let build = |formats: bool| {
                    jsonschema::options()
                        .should_validate_formats(formats)
                        .build(&schema)
                        .unwrap_or_else(|e| panic!("{name}: {e}"))
                };
                let mut seeds = Vec::new();
                let docs = root.join("tests/documents").join(name);
                json_files(&docs, &mut seeds);
                json_files(&docs.join("invalid"), &mut seeds);
                seeds.extend(instances::branch_instances(&schema, name));
                let mut dict = vec![
                    "1.0".to_owned(),
                    "0".to_owned(),
                    "--flag".to_owned(),
                    "dynamic:x".to_owned(),
                    "2026-02-18T14:30:45Z".to_owned(),
                    "x-ext".to_owned(),
                    String::new(),
                ];
                vocabulary(&schema, &mut dict);
                dict.sort();
                dict.dedup();
                Schema {
                    validate: *validate,
                    typed: *typed,
                    oracle: [build(false), build(true)],
                    seeds,
                    dict,
                }
            })
            .collect()
    })
}

fuzz_target!(|input: Input| {
    let all = schemas();
    let s = &all[input.schema as usize % all.len()];
    let mut doc = if s.seeds.is_empty() {
        Value::Null
    } else {
        s.seeds[input.seed as usize % s.seeds.len()].clone()
    };
    for m in input.mutations.iter().take(8) {
        mutate(&mut doc, m, &s.dict);
    }
    let options = Options::new().formats(input.formats);
    let oracle = s.oracle[usize::from(input.formats)].is_valid(&doc);
    let by_value = (s.validate)(&doc, &options);
    assert_eq!(
        by_value.is_ok(),
        oracle,
        "validate_value_with disagrees with jsonschema (oracle valid: {oracle}): {doc}\nenvgen: {by_value:?}"
    );
    let text = doc.to_string();
    let by_type = (s.typed)(&text, &options);
    if let (true, Err(e)) = (oracle, &by_type) {
        if has_wide_integer(&doc) {
            // Documented limit (docs/decisions.md, "Integers are JSON-Schema integers"):
            // an integer outside its Rust type (`i64` for unbounded `integer`) is a
            // located `type` error of the typed parse, though the schema accepts it.
            let first = e.first().expect("an Err holds an error");
            assert_eq!(first.keyword, "type", "{first}");
            assert!(!first.instance_path.is_empty(), "{first}");
            return;
        }
    }
    assert_eq!(
        by_type.is_ok(),
        oracle,
        "from_json_str_with disagrees with jsonschema (oracle valid: {oracle}): {text}\nenvgen: {by_type:?}"
    );
    if let Ok(back) = by_type {
        assert!(
            envgen_runtime::json::json_identical(&back, &doc),
            "the typed round trip changed the document:\n in: {text}\nout: {back}"
        );
    }
});
