//! (d) Every generation mode: the `differential` check on schemas generated (by
//! `build.rs`) with `preserve_key_order`, with mapped formats and `x-rust-type`, and with
//! tagged unions, plus the branch-coverage fixtures. The input is `differential`'s: a seed
//! document (the schema's test documents, its branch-covering documents and 16 random
//! schema-guided ones, `envgen_test_support::instances`), then replace / remove / insert
//! mutations drawn mostly from the schema's vocabulary.
//!
//! Checked on each document, formats asserted or not:
//! * `validate_value_with` gives the `jsonschema` crate's verdict (every mode: the `Value`
//!   validators come from the schema alone);
//! * the typed `from_json_str_with` gives the same verdict, except the documented
//!   narrowings, which must be located errors: an integer beyond `i64` (a `type` error),
//!   and, for mapped types, a string the mapped type does not parse (a `format` error at
//!   that string);
//! * a document the typed parse accepts serializes back equal, floats bit for bit: key
//!   order aside by default, in the document's key order at every depth with
//!   `preserve_key_order`; with mapped types, up to the type's normal form (a `date-time`
//!   written in UTC, a `uuid` hyphenated), and that form parses again to itself.
#![no_main]

use common::{has_wide_integer, json_files, mutate, read, vocabulary, Input};
use envgen_runtime::{Document, Options, ValidationErrors};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use std::path::Path;
use std::sync::OnceLock;

mod common;

use envgen_test_support::instances;

/// The hand-written types `mapped.json` names (`crate::money::…`).
#[path = "../../tests/mapping/src/money.rs"]
mod money;

/// The schemas `build.rs` generated, one module each.
#[allow(dead_code, clippy::all)]
mod generated {
    pub mod key_order {
        envgen_runtime::include_schema!("key_order");
    }
    pub mod response_envelope_ordered {
        envgen_runtime::include_schema!("response_envelope_ordered");
    }
    pub mod tool_response_ordered {
        envgen_runtime::include_schema!("tool_response_ordered");
    }
    pub mod cmdhelp_ordered {
        envgen_runtime::include_schema!("cmdhelp_ordered");
    }
    pub mod meminit_ordered {
        envgen_runtime::include_schema!("meminit_ordered");
    }
    pub mod tagged {
        envgen_runtime::include_schema!("tagged");
    }
    pub mod tagged_ordered {
        envgen_runtime::include_schema!("tagged_ordered");
    }
    pub mod mapped {
        envgen_runtime::include_schema!("mapped");
    }
    pub mod meminit_mapped {
        envgen_runtime::include_schema!("meminit_mapped");
    }
    pub mod branches_unions {
        envgen_runtime::include_schema!("branches_unions");
    }
    pub mod branches_unions_ordered {
        envgen_runtime::include_schema!("branches_unions_ordered");
    }
    pub mod branches_conditionals {
        envgen_runtime::include_schema!("branches_conditionals");
    }
    pub mod branches_modern {
        envgen_runtime::include_schema!("branches_modern");
    }
}
use generated as g;

/// How the round trip of an accepted document is compared.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Mode {
    /// Equal, key order aside.
    Default,
    /// Equal, in the document's key order at every depth.
    Ordered,
    /// Equal up to the mapped types' normal forms; refusals of a mapped string allowed.
    Mapped,
}

type ValidateFn = fn(&Value, &Options) -> Result<(), ValidationErrors>;
/// The typed parse, then `serde_json::to_value` of the parsed document.
type TypedFn = fn(&str, &Options) -> Result<Value, ValidationErrors>;

fn typed<T: Document>(text: &str, options: &Options) -> Result<Value, ValidationErrors> {
    let doc = T::from_json_str_with(text, options)?;
    Ok(serde_json::to_value(&doc)
        .unwrap_or_else(|e| panic!("a parsed document does not serialize: {e}")))
}

/// (seed name: `tests/documents/<name>/` if it exists, schema file from the repository
/// root, mode, validator, typed parse).
const SCHEMAS: [(&str, &str, Mode, ValidateFn, TypedFn); 13] = [
    (
        "key-order",
        "tests/mapping/schemas/typed/key_order.json",
        Mode::Ordered,
        g::key_order::validate_value_with,
        typed::<g::key_order::Config>,
    ),
    (
        "response-envelope",
        "schemas/response-envelope.json",
        Mode::Ordered,
        g::response_envelope_ordered::validate_value_with,
        typed::<g::response_envelope_ordered::ResponseEnvelope>,
    ),
    (
        "tool-response",
        "schemas/tool-response.json",
        Mode::Ordered,
        g::tool_response_ordered::validate_value_with,
        typed::<g::tool_response_ordered::ToolResponse>,
    ),
    (
        "cmdhelp",
        "schemas/cmdhelp.schema.json",
        Mode::Ordered,
        g::cmdhelp_ordered::validate_value_with,
        typed::<g::cmdhelp_ordered::CmdhelpV01>,
    ),
    (
        "meminit",
        "schemas/meminit-output-envelope.json",
        Mode::Ordered,
        g::meminit_ordered::validate_value_with,
        typed::<g::meminit_ordered::MeminitOutputEnvelopeV1>,
    ),
    (
        "tagged",
        "tests/mapping/schemas/unions/tagged.json",
        Mode::Default,
        g::tagged::validate_value_with,
        typed::<g::tagged::Batch>,
    ),
    (
        "tagged",
        "tests/mapping/schemas/unions/tagged.json",
        Mode::Ordered,
        g::tagged_ordered::validate_value_with,
        typed::<g::tagged_ordered::Batch>,
    ),
    (
        "mapped",
        "tests/mapping/schemas/mapped.json",
        Mode::Mapped,
        g::mapped::validate_value_with,
        typed::<g::mapped::Mapped>,
    ),
    (
        "meminit",
        "schemas/meminit-output-envelope.json",
        Mode::Mapped,
        g::meminit_mapped::validate_value_with,
        typed::<g::meminit_mapped::MeminitOutputEnvelopeV1>,
    ),
    (
        "branches-unions",
        "tests/mapping/schemas/branches/unions.json",
        Mode::Default,
        g::branches_unions::validate_value_with,
        typed::<g::branches_unions::Unions>,
    ),
    (
        "branches-unions",
        "tests/mapping/schemas/branches/unions.json",
        Mode::Ordered,
        g::branches_unions_ordered::validate_value_with,
        typed::<g::branches_unions_ordered::Unions>,
    ),
    (
        "branches-conditionals",
        "tests/mapping/schemas/branches/conditionals.json",
        Mode::Default,
        g::branches_conditionals::validate_value_with,
        typed::<g::branches_conditionals::Conditionals>,
    ),
    (
        "branches-modern",
        "tests/mapping/schemas/branches/modern.json",
        Mode::Default,
        g::branches_modern::validate_value_with,
        typed::<g::branches_modern::Modern>,
    ),
];

struct Schema {
    mode: Mode,
    validate: ValidateFn,
    typed: TypedFn,
    oracle: [jsonschema::Validator; 2],
    seeds: Vec<Value>,
    dict: Vec<String>,
}

fn schemas() -> &'static [Schema] {
    static S: OnceLock<Vec<Schema>> = OnceLock::new();
    S.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        SCHEMAS
            .iter()
            .map(|(name, file, mode, validate, typed)| {
                let schema = read(&root.join(file));
                let build = |formats: bool| {
                    jsonschema::options()
                        .should_validate_formats(formats)
                        .build(&schema)
                        .unwrap_or_else(|e| panic!("{file}: {e}"))
                };
                let mut seeds = Vec::new();
                let docs = root.join("tests/documents").join(name);
                json_files(&docs, &mut seeds);
                json_files(&docs.join("invalid"), &mut seeds);
                seeds.extend(instances::branch_instances(&schema, name));
                seeds.extend(instances::instances(&schema, name, 16));
                let mut dict: Vec<String> = [
                    "1.0",
                    "0",
                    "x-ext",
                    "",
                    // Mapped formats: valid, offset (normalized to UTC), edge and out of
                    // range values.
                    "2024-05-01T12:00:00Z",
                    "2024-05-01T14:00:00+02:00",
                    "2016-12-31T23:59:60Z",
                    "1969-12-31T23:59:59.999999999-00:01",
                    "9999-12-31T23:59:59+23:59",
                    "0000-01-01T00:00:00Z",
                    "2024-02-30T00:00:00Z",
                    "67e55044-10b1-426f-9247-bb680e5fe0c8",
                    "67E55044-10B1-426F-9247-BB680E5FE0C8",
                    "{67e55044-10b1-426f-9247-bb680e5fe0c8}",
                    "67e5504410b1426f9247bb680e5fe0c8",
                ]
                .map(str::to_owned)
                .into();
                vocabulary(&schema, &mut dict);
                dict.sort();
                dict.dedup();
                Schema {
                    mode: *mode,
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
        "{:?}: validate_value_with disagrees with jsonschema (oracle valid: {oracle}): {doc}\nenvgen: {by_value:?}",
        s.mode
    );
    let text = doc.to_string();
    let back = match (s.typed)(&text, &options) {
        Ok(back) => back,
        Err(e) => {
            let first = e.first().expect("an Err holds an error");
            assert!(
                doc.pointer(&first.instance_path).is_some(),
                "{:?}: the error's instance path is not in the document: {first}\n{text}",
                s.mode
            );
            if oracle {
                narrowing(s.mode, &doc, &e);
            }
            return;
        }
    };
    // Mapped mode: the hand-written types' values as they read them (below).
    let doc = if s.mode == Mode::Mapped {
        hand_written_as_read(&doc, &back)
    } else {
        doc
    };
    if !oracle {
        // A hand-written type that ignores keys its schema forbids (`Money` has no
        // `deny_unknown_fields`; `additionalProperties: false`) hides them from the checks
        // made on its JSON form (FUZZING.md, F6): accepted only when the document with the
        // type's reading of those values is valid.
        assert!(
            s.mode == Mode::Mapped && s.oracle[usize::from(input.formats)].is_valid(&doc),
            "{:?}: from_json_str_with accepts what jsonschema refuses: {text}",
            s.mode
        );
    }
    let same = match s.mode {
        Mode::Default => envgen_runtime::json::json_identical(&back, &doc),
        Mode::Ordered => {
            envgen_runtime::json::json_identical(&back, &doc) && same_key_order(&back, &doc)
        }
        Mode::Mapped => {
            let again = (s.typed)(&back.to_string(), &options).unwrap_or_else(|e| {
                panic!("the normal form of an accepted document is refused: {back}\n{e}")
            });
            assert!(
                envgen_runtime::json::json_identical(&again, &back),
                "the normal form is not a fixed point:\n in: {back}\nout: {again}"
            );
            equal_mapped(&back, &doc)
        }
    };
    assert!(
        same,
        "{:?}: the typed round trip changed the document:\n in: {text}\nout: {back}",
        s.mode
    );
});

/// A schema-valid document the typed parse refused: only the documented narrowings, each
/// a located error.
fn narrowing(mode: Mode, doc: &Value, e: &ValidationErrors) {
    let first = e.first().expect("an Err holds an error");
    if has_wide_integer(doc) && first.keyword == "type" && !first.instance_path.is_empty() {
        // docs/decisions.md, "Integers are JSON-Schema integers".
        return;
    }
    if mode == Mode::Mapped
        && first.keyword == "format"
        && doc
            .pointer(&first.instance_path)
            .is_some_and(Value::is_string)
    {
        // docs/type-mapping.md, "How a mapped value is validated": the mapped type's own
        // parse decides, formats asserted or not, whether the value is a field or an
        // alternative of a union (`mapped.json`'s `when`, FUZZING.md F4), and whether or
        // not the schema's draft defines the format (`uuid` in draft-07, F5): a `format`
        // error at the string.
        return;
    }
    if mode == Mode::Mapped
        && HAND_WRITTEN
            .iter()
            .any(|p| first.instance_path.starts_with(&format!("{p}/")) || first.instance_path == *p)
    {
        // The same for a whole schema mapped to a hand-written type: its own
        // deserializer reads the value (`crate::money::Money` takes `cents` as a `u64`
        // and refuses `42.0`); the refusal is located in that value (FUZZING.md, F3).
        return;
    }
    panic!("{mode:?}: from_json_str_with refuses what jsonschema accepts: {doc}\nenvgen: {e:?}");
}

/// Where `mapped.json` holds a value of a hand-written type (`x-rust-type`, `map_type`).
const HAND_WRITTEN: [&str; 3] = ["/price", "/code", "/label"];

/// `doc` with the values at [`HAND_WRITTEN`] replaced by those of the typed round trip
/// `back`: what the hand-written types read is their business, not the generated code's.
fn hand_written_as_read(doc: &Value, back: &Value) -> Value {
    let mut out = doc.clone();
    for p in HAND_WRITTEN {
        if let (Some(slot), Some(read)) = (out.pointer_mut(p), back.pointer(p)) {
            *slot = read.clone();
        }
    }
    out
}

/// Whether every object of `a` lists its keys in the order of the same object of `b`.
fn same_key_order(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            x.keys().eq(y.keys())
                && x.values()
                    .zip(y.values())
                    .all(|(p, q)| same_key_order(p, q))
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same_key_order(p, q))
        }
        _ => true,
    }
}

/// `json_identical`, except that two strings are also equal when both parse as the same
/// `DateTime<Utc>` or the same `Uuid` (the mapped types' normal forms).
fn equal_mapped(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::String(x), Value::String(y)) => {
            x == y
                || matches!(
                    (x.parse::<chrono::DateTime<chrono::Utc>>(), y.parse::<chrono::DateTime<chrono::Utc>>()),
                    (Ok(p), Ok(q)) if p == q
                )
                || matches!(
                    (uuid::Uuid::parse_str(x), uuid::Uuid::parse_str(y)),
                    (Ok(p), Ok(q)) if p == q
                )
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| equal_mapped(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| equal_mapped(v, w)))
        }
        _ => envgen_runtime::json::json_identical(a, b),
    }
}
