//! Differential tests: envgen's generated validators against the `jsonschema` crate (a
//! dev-dependency, used only here as the oracle), on the four envelope schemas.
//!
//! Cases: every document under `tests/documents/` (valid and invalid), every single-point
//! mutation of each valid document (remove a key, replace a value by null / a wrong type /
//! a boundary number / an empty or pattern-breaking string, add an unknown key), and
//! seeded random multi-point mutations. For each, the verdict of the module-level
//! `validate_value` and of the typed `T::from_json_str` must equal the oracle's.

use envgen_test_support::instances;

use envgen::runtime::Document;
use envgen::runtime::Options;
use instances::Rng;
use serde_json::{json, Value};
use std::path::Path;

struct Schema {
    name: &'static str,
    file: &'static str,
    validate_value: fn(&Value, &Options) -> Result<(), envgen::ValidationErrors>,
    typed: fn(&str, &Options) -> Result<(), envgen::ValidationErrors>,
}

fn typed<T: Document>(text: &str, options: &Options) -> Result<(), envgen::ValidationErrors> {
    T::from_json_str_with(text, options).map(|_| ())
}

const SCHEMAS: [Schema; 4] = [
    Schema {
        name: "response-envelope",
        file: "schemas/response-envelope.json",
        validate_value: envgen::response_envelope::validate_value_with,
        typed: typed::<envgen::response_envelope::ResponseEnvelope>,
    },
    Schema {
        name: "tool-response",
        file: "schemas/tool-response.json",
        validate_value: envgen::tool_response::validate_value_with,
        typed: typed::<envgen::tool_response::ToolResponse>,
    },
    Schema {
        name: "cmdhelp",
        file: "schemas/cmdhelp.schema.json",
        validate_value: envgen::cmdhelp::validate_value_with,
        typed: typed::<envgen::cmdhelp::Cmdhelp>,
    },
    Schema {
        name: "meminit",
        file: "schemas/meminit-output-envelope.json",
        validate_value: envgen::meminit::validate_value_with,
        typed: typed::<envgen::meminit::MeminitEnvelope>,
    },
];

fn read_json(p: &Path) -> Value {
    let text = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn documents(name: &str, invalid: bool) -> Vec<Value> {
    let mut dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/documents")
        .join(name);
    if invalid {
        dir = dir.join("invalid");
    }
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json") && !p.ends_with("manifest.json"))
        .collect();
    files.sort();
    files.iter().map(|p| read_json(p)).collect()
}

/// Every (pointer, value) location in a document.
fn locations(v: &Value, at: String, out: &mut Vec<String>) {
    out.push(at.clone());
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
}

const REPLACEMENTS: [fn() -> Value; 12] = [
    || Value::Null,
    || json!(true),
    || json!(0),
    || json!(-1),
    || json!(1.5),
    || json!(""),
    || json!("1.0.0"),
    || json!("x-ok"),
    || json!([]),
    || json!({}),
    || json!(["a", 1]),
    || json!({"when": "w", "zz_extra": 1}),
];

fn mutants(doc: &Value) -> Vec<Value> {
    let mut locs = Vec::new();
    locations(doc, String::new(), &mut locs);
    let mut out = Vec::new();
    for loc in &locs {
        for r in REPLACEMENTS {
            let mut d = doc.clone();
            if let Some(slot) = d.pointer_mut(loc) {
                *slot = r();
                out.push(d);
            }
        }
        // Remove the key / item.
        if let Some((parent, last)) = loc.rsplit_once('/') {
            let mut d = doc.clone();
            let key = last.replace("~1", "/").replace("~0", "~");
            match d.pointer_mut(parent) {
                Some(Value::Object(m)) => {
                    m.shift_remove(&key);
                    out.push(d);
                }
                Some(Value::Array(a)) => {
                    if let Ok(i) = key.parse::<usize>() {
                        if i < a.len() {
                            a.remove(i);
                            out.push(d);
                        }
                    }
                }
                _ => {}
            }
        }
        // Add an unknown key to objects.
        let mut d = doc.clone();
        if let Some(Value::Object(m)) = d.pointer_mut(loc) {
            m.insert("zz_unknown".to_owned(), json!(1));
            out.push(d);
        }
    }
    out
}

fn random_mutants(doc: &Value, rng: &mut Rng, count: usize) -> Vec<Value> {
    let mut out = Vec::new();
    for _ in 0..count {
        let mut d = doc.clone();
        for _ in 0..1 + rng.below(3) {
            let mut locs = Vec::new();
            locations(&d, String::new(), &mut locs);
            let loc = locs[rng.below(locs.len())].clone();
            let r = REPLACEMENTS[rng.below(REPLACEMENTS.len())]();
            if let Some(slot) = d.pointer_mut(&loc) {
                *slot = r;
            }
        }
        out.push(d);
    }
    out
}

#[test]
fn generated_validators_agree_with_the_jsonschema_crate() {
    agree(false);
}

#[test]
fn generated_validators_agree_with_the_jsonschema_crate_with_formats_asserted() {
    agree(true);
}

fn agree(formats: bool) {
    let options = Options::new().formats(formats);
    let mut total = 0usize;
    let mut disagreements = Vec::new();
    for (s, oracle, cases) in all_cases(formats) {
        for case in &cases {
            let want = oracle.is_valid(case);
            let by_value = (s.validate_value)(case, &options).is_ok();
            let by_type = (s.typed)(&case.to_string(), &options).is_ok();
            if by_value != want || by_type != want {
                disagreements.push(format!(
                    "{}: oracle {want}, validate_value {by_value}, from_json_str {by_type}: {}",
                    s.name, case
                ));
            }
            total += 1;
        }
    }
    eprintln!(
        "oracle agreement (formats {formats}): {} cases, {} disagreements",
        total,
        disagreements.len()
    );
    assert!(total > 5_000, "too few cases: {total}");
    assert!(
        disagreements.is_empty(),
        "{} of {total} cases disagree with the oracle:\n{}",
        disagreements.len(),
        disagreements
            .iter()
            .take(30)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Every schema with its oracle and its cases: the documents, then single-point and
/// seeded random mutations of each valid one.
fn all_cases(formats: bool) -> Vec<(&'static Schema, jsonschema::Validator, Vec<Value>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut rng = Rng(0x005E_ED0F_E4A6_u64);
    let mut out = Vec::new();
    for s in &SCHEMAS {
        let schema = read_json(&root.join(s.file));
        let oracle = jsonschema::options()
            .should_validate_formats(formats)
            .build(&schema)
            .unwrap_or_else(|e| panic!("{}: oracle refused the schema: {e}", s.file));
        let valid = documents(s.name, false);
        let mut cases: Vec<Value> = valid.clone();
        cases.extend(documents(s.name, true));
        for d in &valid {
            cases.extend(mutants(d));
            cases.extend(random_mutants(d, &mut rng, 40));
        }
        out.push((s, oracle, cases));
    }
    out
}

/// Branch-covering documents whose typed verdict is known to differ from the oracle's, by
/// schema and document text, with the class of the defect. Each must still differ; the
/// list empties as the classes are fixed.
const EXPECTED_TYPED_DISAGREEMENTS: &[(&str, &str, &str)] = &[];

/// The schema-guided branch-covering documents of each envelope (every `anyOf`/`oneOf`
/// alternative, both sides of every condition, integers written `n.0`; see
/// `tests/support/src/instances.rs`): `validate_value` and the typed parse agree with the
/// oracle, formats asserted.
#[test]
fn branch_covering_documents_agree_with_the_jsonschema_crate() {
    let options = Options::new().formats(true);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (mut total, mut valid, mut known) = (0usize, 0usize, 0usize);
    let mut problems = Vec::new();
    for s in &SCHEMAS {
        let schema = read_json(&root.join(s.file));
        let oracle = jsonschema::options()
            .should_validate_formats(true)
            .build(&schema)
            .unwrap_or_else(|e| panic!("{}: oracle refused the schema: {e}", s.file));
        let docs = instances::branch_instances(&schema, s.name);
        eprintln!("{}: {} branch-covering documents", s.name, docs.len());
        for doc in docs {
            total += 1;
            let text = doc.to_string();
            let want = oracle.is_valid(&doc);
            valid += usize::from(want);
            let by_value = (s.validate_value)(&doc, &options).is_ok();
            if by_value != want {
                problems.push(format!(
                    "{}: {text}: oracle {want}, validate_value {by_value}",
                    s.name
                ));
            }
            let by_type = (s.typed)(&text, &options).is_ok();
            let expected = EXPECTED_TYPED_DISAGREEMENTS
                .iter()
                .find(|(n, t, _)| *n == s.name && *t == text);
            match (by_type == want, expected) {
                (false, None) => problems.push(format!(
                    "{}: {text}: oracle {want}, from_json_str {by_type}",
                    s.name
                )),
                (false, Some(_)) => known += 1,
                (true, Some((_, _, class))) => problems.push(format!(
                    "{}: {text}: listed as an expected disagreement ({class}) but agrees now: remove it",
                    s.name
                )),
                (true, None) => {}
            }
        }
    }
    eprintln!(
        "branch-covering documents: {total}, {valid} valid, {known} expected typed disagreements"
    );
    assert!(total > 0);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

type Reported = (String, String, String, String);

fn reported(e: &envgen::ValidationErrors) -> Vec<Reported> {
    let mut out: Vec<Reported> = e
        .errors()
        .iter()
        .map(|e| {
            (
                e.instance_path.clone(),
                e.keyword.clone(),
                e.schema_path.clone(),
                e.message.clone(),
            )
        })
        .collect();
    out.sort();
    out
}

/// The three backends render one validation plan, so a failure is reported alike by each:
/// the `Value` validators (`validate_value`), the typed checks (`from_json_str` of a
/// document that parses but breaks a rule) and the in-flight errors (`from_json_str` of
/// one that does not parse). With all errors collected, `from_json_str` reports exactly
/// what `validate_value` reports (instance path, keyword, schema location, message); with
/// the first error only, its error is one of those. In two halves (the even and the odd
/// cases of each schema), which the test harness runs on two threads.
#[test]
fn the_three_backends_report_the_same_failures_even_cases() {
    three_backends(0);
}

/// [`the_three_backends_report_the_same_failures_even_cases`] on the odd cases.
#[test]
fn the_three_backends_report_the_same_failures_odd_cases() {
    three_backends(1);
}

fn three_backends(half: usize) {
    let all = Options::new().all_errors(true);
    let first = Options::new();
    let (mut compared, mut typed_path, mut first_checked) = (0usize, 0usize, 0usize);
    let mut differences = Vec::new();
    for (s, _, cases) in all_cases(false) {
        for case in cases.iter().skip(half).step_by(2) {
            let Err(by_value) = (s.validate_value)(case, &all) else {
                continue;
            };
            let text = case.to_string();
            let slow_before = envgen::runtime::__private::check::slow_paths();
            let by_type = (s.typed)(&text, &all).err().map(|e| reported(&e));
            if envgen::runtime::__private::check::slow_paths() == slow_before {
                typed_path += 1;
            }
            let want = reported(&by_value);
            compared += 1;
            if by_type.as_ref() != Some(&want) {
                differences.push(format!(
                    "{}: validate_value {want:?}\n  from_json_str (all errors) {by_type:?}\n  {case}",
                    s.name
                ));
                continue;
            }
            if let Err(e) = (s.typed)(&text, &first) {
                first_checked += 1;
                let got = reported(&e);
                if got.len() != 1 || !want.contains(&got[0]) {
                    differences.push(format!(
                        "{}: from_json_str (first error) {got:?} is not among {want:?}\n  {case}",
                        s.name
                    ));
                }
            }
        }
    }
    eprintln!(
        "backend agreement: {compared} invalid cases ({typed_path} through the typed checks), \
         {first_checked} first errors, {} differences",
        differences.len()
    );
    assert!(compared > 1_000, "too few invalid cases: {compared}");
    assert!(
        typed_path > 50,
        "too few cases reach the typed checks: {typed_path}"
    );
    assert!(
        differences.is_empty(),
        "{} differences:\n{}",
        differences.len(),
        differences
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
