//! (c) Differential: structured random instances (a seed document from
//! `tests/documents/<schema>/` or one of the schema's branch-covering documents, every
//! `anyOf`/`oneOf` alternative, both sides of every condition and integers written `n.0`
//! (`tests/support/instances.rs`), then arbitrary replace / remove / insert mutations whose
//! keys and strings come mostly from the schema's own vocabulary). envgen's verdict
//! (module-level `validate_value_with`, and the typed `from_json_str_with`) must equal
//! the `jsonschema` crate's on all four envelopes, formats asserted or not; and the typed
//! path is lossless: an accepted document serializes back to the same JSON, floats bit for
//! bit (key order aside: declared fields serialize in schema order).
#![no_main]

use arbitrary::Arbitrary;
use envgen::runtime::{Document, Options, ValidationErrors};
use libfuzzer_sys::fuzz_target;
use serde_json::{Map, Number, Value};
use std::path::Path;
use std::sync::OnceLock;

#[path = "../../tests/support/instances.rs"]
mod instances;

#[derive(Arbitrary, Debug)]
struct Input {
    schema: u8,
    seed: u8,
    formats: bool,
    mutations: Vec<Mutation>,
}

#[derive(Arbitrary, Debug)]
enum Mutation {
    Replace { at: u16, with: Gen },
    Remove { at: u16 },
    Insert { at: u16, key: Text, with: Gen },
}

#[derive(Arbitrary, Debug)]
enum Text {
    Dict(u16),
    Raw(String),
}

#[derive(Arbitrary, Debug)]
enum Gen {
    Null,
    Bool(bool),
    Small(i8),
    Int(i64),
    UInt(u64),
    Float(f64),
    Str(Text),
    Array(Vec<Gen>),
    Object(Vec<(Text, Gen)>),
}

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

fn read(p: &Path) -> Value {
    let t = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    serde_json::from_str(&t).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn json_files(dir: &Path, out: &mut Vec<Value>) {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|rd| rd.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    for f in files {
        if f.extension().is_some_and(|x| x == "json") && !f.ends_with("manifest.json") {
            out.push(read(&f));
        }
    }
}

/// Property names and `enum` / `const` strings of a schema: the vocabulary mutations draw
/// from, so that most instances get past the first `required` / `additionalProperties`.
fn vocabulary(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, c) in m {
                match (k.as_str(), c) {
                    ("properties" | "patternProperties", Value::Object(p)) => {
                        out.extend(p.keys().cloned())
                    }
                    ("enum", Value::Array(a)) => {
                        out.extend(a.iter().filter_map(|x| x.as_str().map(str::to_owned)))
                    }
                    ("const", Value::String(s)) => out.push(s.clone()),
                    _ => {}
                }
                vocabulary(c, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|c| vocabulary(c, out)),
        _ => {}
    }
}

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

fn text(t: &Text, dict: &[String]) -> String {
    match t {
        Text::Dict(i) => dict[*i as usize % dict.len()].clone(),
        Text::Raw(s) => s.clone(),
    }
}

fn build(g: &Gen, dict: &[String], depth: usize) -> Value {
    match g {
        Gen::Null => Value::Null,
        Gen::Bool(b) => Value::Bool(*b),
        Gen::Small(i) => Value::from(*i),
        Gen::Int(i) => Value::from(*i),
        Gen::UInt(u) => Value::from(*u),
        Gen::Float(f) => Number::from_f64(*f).map_or(Value::Null, Value::Number),
        Gen::Str(t) => Value::String(text(t, dict)),
        Gen::Array(a) if depth < 8 => {
            Value::Array(a.iter().map(|c| build(c, dict, depth + 1)).collect())
        }
        Gen::Object(o) if depth < 8 => {
            let mut m = Map::new();
            for (k, c) in o {
                m.insert(text(k, dict), build(c, dict, depth + 1));
            }
            Value::Object(m)
        }
        _ => Value::Null,
    }
}

fn locations(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, c) in m {
                locations(
                    c,
                    format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                    out,
                );
            }
        }
        Value::Array(a) => {
            for (i, c) in a.iter().enumerate() {
                locations(c, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
    out.push(at);
}

fn mutate(doc: &mut Value, m: &Mutation, dict: &[String]) {
    let mut locs = Vec::new();
    locations(doc, String::new(), &mut locs);
    let pick = |at: u16| locs[at as usize % locs.len()].clone();
    match m {
        Mutation::Replace { at, with } => {
            if let Some(slot) = doc.pointer_mut(&pick(*at)) {
                *slot = build(with, dict, 0);
            }
        }
        Mutation::Remove { at } => {
            let loc = pick(*at);
            if let Some((parent, last)) = loc.rsplit_once('/') {
                let key = last.replace("~1", "/").replace("~0", "~");
                match doc.pointer_mut(parent) {
                    Some(Value::Object(o)) => {
                        o.shift_remove(&key);
                    }
                    Some(Value::Array(a)) => {
                        if let Ok(i) = key.parse::<usize>() {
                            if i < a.len() {
                                a.remove(i);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        Mutation::Insert { at, key, with } => match doc.pointer_mut(&pick(*at)) {
            Some(Value::Object(o)) => {
                o.insert(text(key, dict), build(with, dict, 0));
            }
            Some(Value::Array(a)) => a.push(build(with, dict, 0)),
            _ => {}
        },
    }
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

/// Whether the document holds an integer that does not fit `i64`.
fn has_wide_integer(v: &Value) -> bool {
    match v {
        Value::Number(n) => {
            (n.is_u64() && n.as_i64().is_none())
                || n.as_f64()
                    .is_some_and(|f| f.fract() == 0.0 && f.abs() >= 9.2e18)
        }
        Value::Array(a) => a.iter().any(has_wide_integer),
        Value::Object(m) => m.values().any(has_wide_integer),
        _ => false,
    }
}
