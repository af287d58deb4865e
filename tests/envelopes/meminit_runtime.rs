//! The Meminit runtime (MEMINIT-SPEC-004) on the generated `MeminitEnvelope<D>`:
//!
//! * section 12's two examples, byte for byte, built in code;
//! * the schema's `if`/`then` rules, issue, advice and error objects (sections 4–7, 11);
//! * the ten typed payloads and the dispatch by `command` (section 8);
//! * determinism (section 9): one line, key order, the three sort orders, paths,
//!   timestamps; seeded property tests (any insertion order → same bytes; output parses
//!   back and validates against the section 11 schema, checked with the `jsonschema` crate);
//! * `run_id` (section 4.3) and the version fingerprint (section 10).

use envgen_test_support::rng;
use envgen_test_support::shared::shared;

use envgen::meminit::data::{check::CheckData, fix::FixData, new::NewData};
use envgen::meminit::issue::{advice, error, issue, AdviceExt, ErrorExt, IssueExt, Severity};
use envgen::meminit::run_id::is_spec_style;
use envgen::meminit::{
    self, dispatch, parse, sort, Canonical, ContractError, FixedRunId, Invocation, MeminitData,
    MeminitEnvelope, ProcessRunIds, Root, RunIdSource, RunIds, Timestamp, OUTPUT_SCHEMA_VERSION,
};
use rng::Rng;
use serde_json::{json, Map, Value};
use std::path::{Path, PathBuf};

fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn document(name: &str) -> String {
    let p = manifest().join("tests/documents/meminit").join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn check_data(checked: i64, passed: i64, failed: i64) -> CheckData {
    CheckData {
        files_checked: checked,
        files_passed: passed,
        files_failed: failed,
        extra: Map::new(),
    }
}

fn at_repo() -> Invocation {
    Invocation::new("/repo")
        .unwrap_or_else(|e| panic!("{e}"))
        .with_run_id("20260218-1f2c3a")
}

fn line<D: meminit::Payload>(report: meminit::Report<D>) -> String {
    report.to_line().unwrap_or_else(|e| panic!("{e}"))
}

/// A document as a JSON value, with its keys in document order.
fn value(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn keys(v: &Value) -> Vec<String> {
    v.as_object()
        .map(|m| m.keys().cloned().collect())
        .unwrap_or_default()
}

// ---------------------------------------------------------------------------------------
// Section 12: the examples, byte for byte.

#[test]
fn section_12_1_success_example_is_built_byte_for_byte() {
    let mut report = at_repo().success(check_data(42, 41, 1));
    report.violation(
        issue(
            "SCHEMA_INVALID",
            "Missing required field: owner",
            "docs/10-prd/prd-007-sample.md",
        )
        .at_line(5)
        .with_severity(Severity::Error),
    );
    assert_eq!(line(report), document("seed-success.json"));
}

#[test]
fn section_12_2_error_example_is_built_byte_for_byte() {
    let run = Invocation::with_run_ids("/repo", &FixedRunId("20260218-1f2c3a".to_owned()))
        .unwrap_or_else(|e| panic!("{e}"));
    let report = run.failure::<NewData>(
        error("UNKNOWN_TYPE", "Unknown document type: XYZ")
            .with_details(json!({"valid_types": ["ADR", "PRD", "FDD"]})),
    );
    assert_eq!(line(report), document("seed-error.json"));
}

#[test]
fn section_12_examples_are_canonical_through_parse() {
    for name in ["seed-success.json", "seed-error.json"] {
        let text = document(name);
        let parsed = parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let again = Canonical::new(parsed)
            .and_then(|c| c.to_line())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(again, text, "{name}");
    }
}

/// The two documents are the example lines of the Meminit Agent Output Contract, section
/// 12 (compared with its source file `../shared/seeds/004_*` when that is present).
#[test]
fn example_documents_are_the_seed_lines() {
    let Some(seeds) = shared("seeds", "the Meminit example comparison") else {
        return;
    };
    let seed = std::fs::read_dir(&seeds)
        .unwrap_or_else(|e| panic!("{e}"))
        .filter_map(Result::ok)
        .find(|e| e.file_name().to_string_lossy().starts_with("004"))
        .map(|e| std::fs::read_to_string(e.path()).unwrap_or_else(|e| panic!("{e}")))
        .unwrap_or_else(|| panic!("no 004_* file (the Meminit Agent Output Contract)"));
    let examples: Vec<&str> = seed
        .split("## 12. Examples")
        .nth(1)
        .unwrap_or_else(|| panic!("no section 12"))
        .lines()
        .filter(|l| l.starts_with('{'))
        .collect();
    assert_eq!(examples.len(), 2);
    assert_eq!(format!("{}\n", examples[0]), document("seed-success.json"));
    assert_eq!(format!("{}\n", examples[1]), document("seed-error.json"));
}

// ---------------------------------------------------------------------------------------
// Sections 4, 5, 11: the envelopes and the schema's allOf if/then rules.

fn success_doc() -> Value {
    value(&document("seed-success.json"))
}

fn error_doc() -> Value {
    value(&document("seed-error.json"))
}

fn remove(mut v: Value, key: &str) -> Value {
    if let Some(m) = v.as_object_mut() {
        m.remove(key);
    }
    v
}

fn set(mut v: Value, key: &str, x: Value) -> Value {
    if let Some(m) = v.as_object_mut() {
        m.insert(key.to_owned(), x);
    }
    v
}

/// (instance pointer, keyword) of the first error, by value and by typed parse.
fn first_error(v: &Value) -> Option<(String, String)> {
    let by_value = meminit::validate_value(v).err().and_then(|e| {
        e.first()
            .map(|e| (e.instance_path.clone(), e.keyword.clone()))
    });
    let typed = MeminitEnvelope::<Value>::from_json_str(&v.to_string()).err();
    assert_eq!(
        by_value.is_some(),
        typed.is_some(),
        "validate_value and from_json_str disagree on {v}"
    );
    by_value
}

#[test]
fn success_envelope_requires_all_nine_fields() {
    assert_eq!(first_error(&success_doc()), None);
    for key in [
        "output_schema_version",
        "success",
        "command",
        "run_id",
        "root",
        "data",
        "warnings",
        "violations",
        "advice",
    ] {
        assert_eq!(
            first_error(&remove(success_doc(), key)),
            Some((String::new(), "required".to_owned())),
            "success without {key}"
        );
    }
}

#[test]
fn success_envelope_must_not_carry_an_error() {
    let v = set(success_doc(), "error", json!({"code": "X", "message": "y"}));
    assert_eq!(first_error(&v), Some((String::new(), "not".to_owned())));
}

#[test]
fn error_envelope_requires_error_and_may_omit_the_rest() {
    assert_eq!(first_error(&error_doc()), None);
    assert_eq!(
        first_error(&remove(error_doc(), "error")),
        Some((String::new(), "required".to_owned()))
    );
    // The five always-required fields stay required in an error envelope.
    for key in [
        "output_schema_version",
        "success",
        "command",
        "run_id",
        "root",
    ] {
        assert_eq!(
            first_error(&remove(error_doc(), key)),
            Some((String::new(), "required".to_owned())),
            "error envelope without {key}"
        );
    }
    // data, warnings, violations and advice MAY be present.
    let full = set(
        set(
            set(
                set(error_doc(), "data", json!({"partial": true})),
                "warnings",
                json!([]),
            ),
            "violations",
            json!([]),
        ),
        "advice",
        json!([]),
    );
    assert_eq!(first_error(&full), None);
}

#[test]
fn error_object_needs_code_and_message_and_object_details() {
    for key in ["code", "message"] {
        let mut v = error_doc();
        v["error"].as_object_mut().map(|m| m.remove(key));
        assert_eq!(
            first_error(&v),
            Some(("/error".to_owned(), "required".to_owned())),
            "error without {key}"
        );
    }
    let mut v = error_doc();
    v["error"]["details"] = json!(["ADR"]);
    assert_eq!(
        first_error(&v),
        Some(("/error/details".to_owned(), "type".to_owned()))
    );
    let mut v = error_doc();
    v["error"].as_object_mut().map(|m| m.remove("details"));
    assert_eq!(first_error(&v), None, "details is optional");
}

#[test]
fn report_success_is_derived_from_the_error() {
    let ok = at_repo().success(check_data(1, 1, 0)).finish();
    let ok = ok.unwrap_or_else(|e| panic!("{e}")).into_envelope();
    assert!(ok.success && ok.error.is_none());
    assert_eq!(ok.warnings, Some(vec![]));
    assert_eq!(ok.violations, Some(vec![]));
    assert_eq!(ok.advice, Some(vec![]));
    let failed = at_repo()
        .failure::<CheckData>(error("IO", "disk full"))
        .finish()
        .unwrap_or_else(|e| panic!("{e}"))
        .into_envelope();
    assert!(!failed.success && failed.error.is_some());
    assert_eq!(failed.data, None);
    assert_eq!(failed.warnings, None, "omitted when nothing was added");
    // An error envelope keeps what was added to it.
    let mut report = at_repo().failure::<CheckData>(error("IO", "disk full"));
    report
        .warning(issue("W", "w", "a.md"))
        .with_data(check_data(3, 2, 0));
    let text = line(report);
    assert_eq!(
        keys(&value(&text)),
        [
            "output_schema_version",
            "success",
            "command",
            "run_id",
            "root",
            "data",
            "warnings",
            "error"
        ]
    );
}

#[test]
fn canonical_rejects_an_envelope_the_schema_rejects() {
    let mut env = at_repo()
        .success(check_data(1, 1, 0))
        .finish()
        .unwrap_or_else(|e| panic!("{e}"))
        .into_envelope();
    env.error = Some(error("X", "y"));
    match Canonical::new(env) {
        Err(ContractError::Schema(e)) => {
            assert_eq!(e.first().map(|e| e.keyword.as_str()), Some("not"))
        }
        other => panic!("expected a schema error, got {other:?}"),
    }
}

// ---------------------------------------------------------------------------------------
// Sections 6, 7: issue and advice objects.

#[test]
fn issues_need_code_message_path_and_an_integer_line() {
    for field in ["warnings", "violations"] {
        let base = set(
            success_doc(),
            field,
            json!([{"code": "C", "message": "m", "path": "a.md", "line": 3, "severity": "error"}]),
        );
        assert_eq!(first_error(&base), None);
        for key in ["code", "message", "path"] {
            let mut v = base.clone();
            v[field][0].as_object_mut().map(|m| m.remove(key));
            assert_eq!(
                first_error(&v),
                Some((format!("/{field}/0"), "required".to_owned())),
                "{field} issue without {key}"
            );
        }
        for bad in [json!("3"), json!(1.5)] {
            let mut v = base.clone();
            v[field][0]["line"] = bad;
            assert_eq!(
                first_error(&v),
                Some((format!("/{field}/0/line"), "type".to_owned()))
            );
        }
        for key in ["line", "severity"] {
            let mut v = base.clone();
            v[field][0].as_object_mut().map(|m| m.remove(key));
            assert_eq!(first_error(&v), None, "{key} is optional");
        }
    }
}

#[test]
fn severity_is_warning_or_error() {
    let mut env = at_repo()
        .success(check_data(1, 1, 0))
        .finish()
        .unwrap_or_else(|e| panic!("{e}"))
        .into_envelope();
    let mut bad = issue("C", "m", "a.md");
    bad.severity = Some("fatal".to_owned());
    env.violations = Some(vec![issue("C", "m", "b.md"), bad]);
    assert_eq!(
        Canonical::new(env).err(),
        Some(ContractError::Severity {
            pointer: "/violations/1/severity".to_owned(),
            value: "fatal".to_owned()
        })
    );
    assert_eq!(Severity::parse("warning"), Some(Severity::Warning));
    assert_eq!(Severity::parse("error"), Some(Severity::Error));
    assert_eq!(Severity::parse("Error"), None);
}

#[test]
fn advice_needs_a_message_and_object_details() {
    let base = set(
        success_doc(),
        "advice",
        json!([{"message": "m", "code": "C", "details": {"k": 1}}]),
    );
    assert_eq!(first_error(&base), None);
    let mut v = base.clone();
    v["advice"][0].as_object_mut().map(|m| m.remove("message"));
    assert_eq!(
        first_error(&v),
        Some(("/advice/0".to_owned(), "required".to_owned()))
    );
    let mut v = base.clone();
    v["advice"][0]["details"] = json!("x");
    assert_eq!(
        first_error(&v),
        Some(("/advice/0/details".to_owned(), "type".to_owned()))
    );
    for key in ["code", "details"] {
        let mut v = base.clone();
        v["advice"][0].as_object_mut().map(|m| m.remove(key));
        assert_eq!(first_error(&v), None, "{key} is optional");
    }
}

// ---------------------------------------------------------------------------------------
// Section 8: typed payloads, dispatch by command.

/// A valid `data` for each command, and its required fields.
fn sample(command: &str) -> (Value, Vec<&'static str>) {
    match command {
        "check" => (
            json!({"files_checked": 2, "files_passed": 1, "files_failed": 1}),
            vec!["files_checked", "files_passed", "files_failed"],
        ),
        "fix" => (
            json!({"fixed": 3, "remaining": 1, "dry_run": true}),
            vec!["fixed", "remaining", "dry_run"],
        ),
        "scan" => (json!({"report": {"x": 1}}), vec!["report"]),
        "new" => (
            json!({"document_id": "M-ADR-1", "path": "docs/a.md", "type": "ADR", "title": "T"}),
            vec!["document_id", "path", "type", "title"],
        ),
        "index" => (
            json!({"index_path": "docs/i.json", "document_count": 5}),
            vec!["index_path", "document_count"],
        ),
        "resolve" => (
            json!({"document_id": "M-1", "path": "docs/a.md"}),
            vec!["document_id", "path"],
        ),
        "identify" => (
            json!({"path": "docs/a.md", "document_id": "M-1"}),
            vec!["path", "document_id"],
        ),
        "link" => (
            json!({"document_id": "M-1", "link": "[M-1](docs/a.md)"}),
            vec!["document_id", "link"],
        ),
        "doctor" => (
            json!({"status": "ok", "errors": [], "warnings": []}),
            vec!["status", "errors", "warnings"],
        ),
        "context" => (
            json!({"repo_prefix": "M", "docops_version": "2.0", "docs_root": "docs", "namespaces": [], "schema_path": "docs/s.json", "index_path": "docs/i.json"}),
            vec![
                "repo_prefix",
                "docops_version",
                "docs_root",
                "namespaces",
                "schema_path",
                "index_path",
            ],
        ),
        other => panic!("no sample for {other}"),
    }
}

fn envelope_for(command: &str, data: Value) -> String {
    json!({
        "output_schema_version": "1.0", "success": true, "command": command,
        "run_id": "r", "root": "/repo", "data": data,
        "warnings": [], "violations": [], "advice": []
    })
    .to_string()
}

fn variant(d: &MeminitData) -> &'static str {
    match d {
        MeminitData::Check(_) => "check",
        MeminitData::Fix(_) => "fix",
        MeminitData::Scan(_) => "scan",
        MeminitData::New(_) => "new",
        MeminitData::Index(_) => "index",
        MeminitData::Resolve(_) => "resolve",
        MeminitData::Identify(_) => "identify",
        MeminitData::Link(_) => "link",
        MeminitData::Doctor(_) => "doctor",
        MeminitData::Context(_) => "context",
        MeminitData::Other(_) => "other",
    }
}

#[test]
fn command_selects_the_payload_type() {
    for command in dispatch::COMMANDS {
        let (data, _) = sample(command);
        let env = parse(&envelope_for(command, data)).unwrap_or_else(|e| panic!("{command}: {e}"));
        assert_eq!(env.data.as_ref().map(variant), Some(command));
        // And the typed payload serializes back to the same data.
        let text = Canonical::new(env)
            .and_then(|c| c.to_line())
            .unwrap_or_else(|e| panic!("{command}: {e}"));
        assert_eq!(value(&text)["data"], sample(command).0, "{command}");
    }
    // Unknown command: untyped.
    let env =
        parse(&envelope_for("init", json!({"anything": [1]}))).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(env.data.as_ref().map(variant), Some("other"));
    // Error envelope: untyped, even for a known command and a partial payload.
    let text = set(error_doc(), "data", json!({"document_id": "M-1"})).to_string();
    let env = parse(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(env.data.as_ref().map(variant), Some("other"));
}

#[test]
fn every_required_payload_field_is_required() {
    for command in dispatch::COMMANDS {
        let (data, required) = sample(command);
        for key in required {
            let data = remove(data.clone(), key);
            let errors = parse(&envelope_for(command, data))
                .err()
                .unwrap_or_else(|| panic!("{command} without {key} parsed"));
            let first = errors
                .first()
                .map(|e| (e.instance_path.as_str(), e.keyword.as_str()));
            assert_eq!(
                first,
                Some(("/data", "required")),
                "{command} without {key}"
            );
        }
    }
}

#[test]
fn payload_field_types_are_enforced() {
    let cases = [
        ("fix", "remaining", json!("1")),
        ("fix", "remaining", json!(1.5)),
        ("fix", "fixed", json!(true)),
        ("fix", "dry_run", json!("false")),
        ("fix", "dry_run", json!(0)),
        ("doctor", "errors", json!({})),
        ("doctor", "warnings", json!("none")),
        ("doctor", "status", json!(1)),
        ("check", "files_checked", json!(1.5)),
        ("index", "document_count", json!("57")),
        ("scan", "report", json!([])),
        ("context", "namespaces", json!({})),
        ("new", "title", json!(null)),
    ];
    for (command, key, bad) in cases {
        let data = set(sample(command).0, key, bad.clone());
        let errors = parse(&envelope_for(command, data))
            .err()
            .unwrap_or_else(|| panic!("{command}.{key} = {bad} parsed"));
        let first = errors
            .first()
            .map(|e| (e.instance_path.clone(), e.keyword.clone()));
        assert_eq!(
            first,
            Some((format!("/data/{key}"), "type".to_owned())),
            "{command}.{key} = {bad}"
        );
    }
    // The typed fields have the section 8 types.
    let fix = FixData {
        fixed: 3,
        remaining: 1,
        dry_run: false,
        extra: Map::new(),
    };
    let doctor = meminit::data::doctor::DoctorData {
        status: "ok".to_owned(),
        errors: vec![json!("e")],
        warnings: Vec::new(),
        extra: Map::new(),
    };
    let (_, _, _): (i64, i64, bool) = (fix.fixed, fix.remaining, fix.dry_run);
    let (_, _): (&Vec<Value>, &Vec<Value>) = (&doctor.errors, &doctor.warnings);
}

#[test]
fn typed_documents_parse_into_their_variants() {
    let env = parse(&document("fix.json")).unwrap_or_else(|e| panic!("{e}"));
    match env.data {
        Some(MeminitData::Fix(FixData {
            fixed: 3,
            remaining: 1,
            dry_run: false,
            ..
        })) => {}
        other => panic!("fix.json: {other:?}"),
    }
    let env = parse(&document("doctor.json")).unwrap_or_else(|e| panic!("{e}"));
    match env.data {
        Some(MeminitData::Doctor(d)) => {
            assert_eq!(d.status, "warn");
            assert!(d.errors.is_empty());
            assert_eq!(d.warnings.len(), 1);
        }
        other => panic!("doctor.json: {other:?}"),
    }
}

#[test]
fn parse_as_checks_the_command() {
    let env = dispatch::parse_as::<CheckData>(&document("seed-success.json"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(env.data.map(|d| d.files_checked), Some(42));
    let errors = dispatch::parse_as::<FixData>(&document("seed-success.json"))
        .err()
        .unwrap_or_else(|| panic!("a check document parsed as fix"));
    assert_eq!(
        errors
            .first()
            .map(|e| (e.instance_path.as_str(), e.keyword.as_str())),
        Some(("/command", "meminit-command"))
    );
}

#[test]
fn a_typed_payload_must_match_the_command() {
    let mut env = at_repo()
        .success(check_data(1, 1, 0))
        .finish()
        .unwrap_or_else(|e| panic!("{e}"))
        .into_envelope();
    env.command = "fix".to_owned();
    assert_eq!(
        Canonical::new(env).err(),
        Some(ContractError::Command {
            expected: "check".to_owned(),
            found: "fix".to_owned()
        })
    );
}

// ---------------------------------------------------------------------------------------
// Section 9.1, 9.2: one line, key order.

const KEY_ORDER: [&str; 11] = [
    "output_schema_version",
    "success",
    "command",
    "run_id",
    "timestamp",
    "root",
    "data",
    "warnings",
    "violations",
    "advice",
    "error",
];

#[test]
fn output_is_one_line_with_one_trailing_newline() {
    let mut report = at_repo().success(check_data(1, 0, 1));
    report.warning(issue("C", "two\nlines\r\nand a tab\t", "a.md"));
    report.advice(advice("line one\nline two"));
    let text = line(report);
    assert!(text.ends_with('\n'));
    assert!(!text.ends_with("\n\n"));
    assert_eq!(text.matches('\n').count(), 1, "{text}");
    assert!(!text.contains('\r'));
    assert_eq!(
        value(&text)["warnings"][0]["message"],
        "two\nlines\r\nand a tab\t"
    );
}

#[test]
fn keys_are_in_the_section_9_order() {
    // An error envelope may hold all eleven keys.
    let envelope = MeminitEnvelope::<Value> {
        error: Some(error("E", "e")),
        extra: Map::from_iter([
            ("zeta".to_owned(), json!(1)),
            ("alpha".to_owned(), json!({"b": 1, "a": 2})),
        ]),
        ..all_keys_envelope()
    };
    let text = Canonical::new(envelope)
        .and_then(|c| c.to_line())
        .unwrap_or_else(|e| panic!("{e}"));
    let v = value(&text);
    let mut want: Vec<&str> = KEY_ORDER.to_vec();
    want.extend(["alpha", "zeta"]);
    assert_eq!(keys(&v), want);
    assert_eq!(keys(&v["alpha"]), ["a", "b"]);
    // Key order of the input does not matter.
    let mut reversed = Map::new();
    for (k, x) in v.as_object().into_iter().flatten().rev() {
        reversed.insert(k.clone(), x.clone());
    }
    let again = Canonical::new(
        dispatch::parse(&Value::Object(reversed).to_string()).unwrap_or_else(|e| panic!("{e}")),
    )
    .and_then(|c| c.to_line())
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again, text);
}

fn all_keys_envelope() -> MeminitEnvelope<Value> {
    MeminitEnvelope {
        output_schema_version: OUTPUT_SCHEMA_VERSION.to_owned(),
        success: false,
        command: "check".to_owned(),
        run_id: "20260218-1f2c3a".to_owned(),
        timestamp: Some("2026-02-18T14:30:45.123Z".to_owned()),
        root: "/repo".to_owned(),
        data: Some(json!({"files_checked": 1})),
        warnings: Some(vec![issue("W", "w", "a.md")]),
        violations: Some(vec![issue("V", "v", "a.md")]),
        advice: Some(vec![advice("a")]),
        error: None,
        extra: Map::new(),
    }
}

#[test]
fn undeclared_and_untyped_keys_are_sorted() {
    let mut w = issue("C", "m", "a.md");
    w.extra.insert("zz".to_owned(), json!(1));
    w.extra
        .insert("aa".to_owned(), json!({"y": 1, "x": [{"q": 1, "p": 2}]}));
    let mut report = at_repo().success(check_data(1, 1, 0));
    report
        .warning(w)
        .advice(advice("m").with_details(json!({"b": 1, "a": 2})));
    let v = value(&line(report));
    assert_eq!(
        keys(&v["warnings"][0]),
        ["code", "message", "path", "aa", "zz"]
    );
    assert_eq!(keys(&v["warnings"][0]["aa"]), ["x", "y"]);
    assert_eq!(keys(&v["warnings"][0]["aa"]["x"][0]), ["p", "q"]);
    assert_eq!(keys(&v["advice"][0]["details"]), ["a", "b"]);
}

#[test]
fn an_extra_key_may_not_repeat_a_declared_one() {
    let mut w = issue("C", "m", "a.md");
    w.extra.insert("path".to_owned(), json!("b.md"));
    let mut report = at_repo().success(check_data(1, 1, 0));
    report.warning(w);
    assert_eq!(
        report.finish().err(),
        Some(ContractError::DuplicateKey {
            pointer: "/warnings/0".to_owned(),
            key: "path".to_owned()
        })
    );
    let mut data = check_data(1, 1, 0);
    data.extra.insert("files_failed".to_owned(), json!(9));
    assert!(matches!(
        at_repo().success(data).finish(),
        Err(ContractError::DuplicateKey { .. })
    ));
}

#[test]
fn other_versions_are_refused() {
    let envelope = MeminitEnvelope {
        output_schema_version: "2.0".to_owned(),
        ..all_keys_envelope()
    };
    let envelope = MeminitEnvelope {
        error: Some(error("E", "e")),
        ..envelope
    };
    assert_eq!(
        Canonical::new(envelope).err(),
        Some(ContractError::Version {
            found: "2.0".to_owned()
        })
    );
}

// ---------------------------------------------------------------------------------------
// Section 9.3: the three sort orders.

fn sorted_warnings(list: Vec<meminit::Issue>) -> Vec<(String, Option<i64>, String, String)> {
    let mut report = at_repo().success(check_data(1, 1, 0));
    for i in list {
        report.warning(i);
    }
    let env = report
        .finish()
        .unwrap_or_else(|e| panic!("{e}"))
        .into_envelope();
    env.warnings
        .unwrap_or_default()
        .into_iter()
        .map(|i| (i.path, i.line, i.message, i.code))
        .collect()
}

#[test]
fn warnings_sort_by_path_then_line_then_message() {
    let got = sorted_warnings(vec![
        issue("A", "m", "docs/b.md").at_line(1),
        issue("A", "z", "docs/a.md").at_line(10),
        issue("A", "a", "docs/a.md").at_line(10),
        issue("A", "m", "docs/a.md").at_line(2),
        issue("A", "m", "docs/a.md"),
        issue("B", "same", "docs/a.md").at_line(7),
        issue("A", "same", "docs/a.md").at_line(7),
    ]);
    let want = [
        ("docs/a.md", None, "m", "A"), // a missing line sorts first
        ("docs/a.md", Some(2), "m", "A"),
        ("docs/a.md", Some(7), "same", "A"), // tie on the spec's keys: code decides
        ("docs/a.md", Some(7), "same", "B"),
        ("docs/a.md", Some(10), "a", "A"), // lines compare as numbers: 2 < 7 < 10
        ("docs/a.md", Some(10), "z", "A"),
        ("docs/b.md", Some(1), "m", "A"), // path before line
    ];
    let want: Vec<_> = want
        .iter()
        .map(|(p, l, m, c)| (p.to_string(), *l, m.to_string(), c.to_string()))
        .collect();
    assert_eq!(got, want);
}

#[test]
fn violations_sort_by_path_then_code_then_severity() {
    let mut report = at_repo().success(check_data(1, 1, 0));
    for v in [
        issue("B", "m", "b.md").at_line(1),
        issue("B", "m", "a.md").at_line(1),
        issue("A", "m", "a.md").at_line(99), // code before line
        issue("B", "m", "a.md").with_severity(Severity::Warning),
        issue("B", "m", "a.md").with_severity(Severity::Error),
    ] {
        report.violation(v);
    }
    let env = report
        .finish()
        .unwrap_or_else(|e| panic!("{e}"))
        .into_envelope();
    let got: Vec<(String, String, Option<String>, Option<i64>)> = env
        .violations
        .unwrap_or_default()
        .into_iter()
        .map(|i| (i.path, i.code, i.severity, i.line))
        .collect();
    let s = |x: &str| Some(x.to_owned());
    assert_eq!(
        got,
        vec![
            ("a.md".into(), "A".into(), None, Some(99)),
            ("a.md".into(), "B".into(), None, Some(1)), // a missing severity sorts first
            ("a.md".into(), "B".into(), s("error"), None),
            ("a.md".into(), "B".into(), s("warning"), None),
            ("b.md".into(), "B".into(), None, Some(1)),
        ]
    );
}

#[test]
fn advice_sorts_by_code_then_message() {
    let mut report = at_repo().success(check_data(1, 1, 0));
    for a in [
        advice("b").with_code("RUN_FIX"),
        advice("z").with_code("ADD"),
        advice("a").with_code("RUN_FIX"),
        advice("no code"),
        advice("a").with_code("ADD"),
    ] {
        report.advice(a);
    }
    let env = report
        .finish()
        .unwrap_or_else(|e| panic!("{e}"))
        .into_envelope();
    let got: Vec<(Option<String>, String)> = env
        .advice
        .unwrap_or_default()
        .into_iter()
        .map(|a| (a.code, a.message))
        .collect();
    let s = |x: &str| Some(x.to_owned());
    assert_eq!(
        got,
        vec![
            (None, "no code".to_owned()), // a missing code sorts first
            (s("ADD"), "a".to_owned()),
            (s("ADD"), "z".to_owned()),
            (s("RUN_FIX"), "a".to_owned()),
            (s("RUN_FIX"), "b".to_owned()),
        ]
    );
}

#[test]
fn the_sorted_test_document_is_already_in_order() {
    let text = document("warnings-sorted.json");
    let env = parse(&text).unwrap_or_else(|e| panic!("{e}"));
    let w = env.warnings.clone().unwrap_or_default();
    let v = env.violations.clone().unwrap_or_default();
    let a = env.advice.clone().unwrap_or_default();
    assert!(w.is_sorted_by(|x, y| sort::warning_order(x, y).is_le()));
    assert!(v.is_sorted_by(|x, y| sort::violation_order(x, y).is_le()));
    assert!(a.is_sorted_by(|x, y| sort::advice_order(x, y).is_le()));
    // Reversed, it formats back to itself.
    let mut reversed = value(&text);
    for field in ["warnings", "violations", "advice"] {
        if let Some(items) = reversed[field].as_array_mut() {
            items.reverse();
        }
    }
    let again = Canonical::new(parse(&reversed.to_string()).unwrap_or_else(|e| panic!("{e}")))
        .and_then(|c| c.to_line())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again, text);
}

// ---------------------------------------------------------------------------------------
// Section 9.4: paths.

fn root(r: &str) -> Root {
    Root::new(r).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn backslashes_become_forward_slashes() {
    assert_eq!(
        root("/repo").relativize("docs\\10-prd\\x.md"),
        Ok("docs/10-prd/x.md".to_owned())
    );
    let mut report = at_repo().success(check_data(1, 1, 0));
    report.violation(issue("C", "m", "docs\\10-prd\\x.md"));
    let v = value(&line(report));
    assert_eq!(v["violations"][0]["path"], "docs/10-prd/x.md");
}

#[test]
fn absolute_paths_under_root_become_relative() {
    let r = root("/repo");
    assert_eq!(
        r.relativize("/repo/docs/10-prd/x.md"),
        Ok("docs/10-prd/x.md".to_owned())
    );
    assert_eq!(r.relativize("/repo"), Ok(".".to_owned()));
    assert_eq!(r.relativize("/repo/"), Ok(".".to_owned()));
    assert_eq!(
        r.relativize("/repo/./docs//a/../x.md"),
        Ok("docs/x.md".to_owned())
    );
    assert_eq!(r.relativize("./docs/x.md"), Ok("docs/x.md".to_owned()));
    // Windows: drive letters in any case, backslashes in root and path.
    let w = root("C:\\work\\repo");
    assert_eq!(w.as_str(), "C:/work/repo");
    assert_eq!(
        w.relativize("c:\\work\\repo\\docs\\x.md"),
        Ok("docs/x.md".to_owned())
    );
    assert_eq!(root("/").relativize("/etc/x"), Ok("etc/x".to_owned()));
    // Through the serializer, for issues and payload paths.
    let mut report = at_repo().success(NewData {
        document_id: "M-ADR-1".to_owned(),
        path: "/repo/docs/45-adr/adr-001.md".to_owned(),
        type_: "ADR".to_owned(),
        title: "T".to_owned(),
        extra: Map::new(),
    });
    report.warning(issue("C", "m", "/repo/docs/a.md"));
    let v = value(&line(report));
    assert_eq!(v["data"]["path"], "docs/45-adr/adr-001.md");
    assert_eq!(v["warnings"][0]["path"], "docs/a.md");
}

#[test]
fn paths_outside_root_are_refused() {
    let r = root("/repo");
    for outside in [
        "/repository/x.md",
        "/etc/passwd",
        "../x.md",
        "docs/../../x.md",
        "D:\\x",
    ] {
        assert!(
            matches!(r.relativize(outside), Err(ContractError::Path { .. })),
            "{outside}"
        );
    }
    let mut report = at_repo().success(check_data(1, 1, 0));
    report
        .warning(issue("C", "m", "a.md"))
        .warning(issue("C", "m", "/elsewhere/b.md"));
    assert_eq!(
        report.finish().err().map(|e| e.pointer()),
        Some("/warnings/1/path".to_owned())
    );
}

#[test]
fn root_must_be_absolute_and_is_normalized() {
    assert!(matches!(
        Invocation::new("repo"),
        Err(ContractError::Root { .. })
    ));
    let run = Invocation::new("C:\\work\\repo\\")
        .unwrap_or_else(|e| panic!("{e}"))
        .with_run_id("r");
    let v = value(&line(run.success(check_data(0, 0, 0))));
    assert_eq!(v["root"], "C:/work/repo");
    let envelope = MeminitEnvelope {
        root: "relative/root".to_owned(),
        error: Some(error("E", "e")),
        ..all_keys_envelope()
    };
    assert!(matches!(
        Canonical::new(envelope),
        Err(ContractError::Root { .. })
    ));
}

// ---------------------------------------------------------------------------------------
// Section 4.2: timestamps.

#[test]
fn timestamps_in_the_section_4_2_form_are_accepted() {
    for ok in [
        "2026-02-18T14:30:45Z",
        "2026-02-18T14:30:45.123Z",
        "2024-02-29T00:00:00Z",
        "2000-02-29T23:59:59.999Z",
        "1999-12-31T23:59:59Z",
    ] {
        assert_eq!(
            Timestamp::parse(ok).map(|t| t.as_str().to_owned()),
            Ok(ok.to_owned())
        );
    }
}

#[test]
fn other_timestamp_forms_are_rejected() {
    for bad in [
        "2026-02-18T14:30:45",         // no Z
        "2026-02-18T14:30:45z",        // lower-case z
        "2026-02-18t14:30:45Z",        // lower-case t
        "2026-02-18 14:30:45Z",        // space
        "2026-02-18T14:30:45+00:00",   // offset
        "2026-02-18T14:30:45.5Z",      // one fraction digit
        "2026-02-18T14:30:45.12Z",     // two
        "2026-02-18T14:30:45.123456Z", // six
        "2026-02-18T14:30:45.Z",       // empty fraction
        "2026-02-18T14:30Z",           // no seconds
        "2026-02-18",                  // date only
        "20260218T143045Z",            // basic format
        "2026-13-18T14:30:45Z",        // month 13
        "2026-00-18T14:30:45Z",        // month 0
        "2026-02-30T14:30:45Z",        // 30 February
        "2025-02-29T14:30:45Z",        // not a leap year
        "1900-02-29T14:30:45Z",        // not a leap year (century)
        "2026-04-31T14:30:45Z",        // 31 April
        "2026-02-18T24:00:00Z",        // hour 24
        "2026-02-18T14:60:45Z",        // minute 60
        "2026-02-18T14:30:60Z",        // leap second
        "2026-02-18T14:30:45.12aZ",    // non-digit
        "２026-02-18T14:30:45Z",       // non-ASCII digit
        "",
    ] {
        assert!(
            matches!(Timestamp::parse(bad), Err(ContractError::Timestamp { .. })),
            "{bad:?} was accepted"
        );
    }
}

#[test]
fn a_bad_timestamp_is_rejected_at_construction() {
    let envelope = MeminitEnvelope {
        timestamp: Some("2026-02-18T14:30:45+01:00".to_owned()),
        error: Some(error("E", "e")),
        ..all_keys_envelope()
    };
    let err = Canonical::new(envelope).err();
    assert!(
        matches!(err, Some(ContractError::Timestamp { .. })),
        "{err:?}"
    );
    assert_eq!(err.map(|e| e.pointer()), Some("/timestamp".to_owned()));
    // Through parse + Canonical, as `envgen fmt` does.
    let text = set(success_doc(), "timestamp", json!("2026-02-18T14:30:45.5Z")).to_string();
    let parsed = parse(&text).unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(
        Canonical::new(parsed),
        Err(ContractError::Timestamp { .. })
    ));
    // A Timestamp value is checked, so an Invocation's stamp is always valid.
    let run = at_repo().stamped_now();
    let v = value(&line(run.success(check_data(0, 0, 0))));
    let stamp = v["timestamp"].as_str().unwrap_or_default().to_owned();
    assert!(Timestamp::parse(&stamp).is_ok(), "{stamp}");
    assert_eq!(keys(&v)[4], "timestamp");
}

// ---------------------------------------------------------------------------------------
// Property tests (seeded, reproducible).

const PATHS: [&str; 6] = [
    "docs/a.md",
    "docs\\a.md",
    "/repo/docs/a.md",
    "docs/b.md",
    "docs/10-prd/x.md",
    "README.md",
];
const CODES: [&str; 4] = ["SCHEMA_INVALID", "BROKEN_LINK", "ID_MISMATCH", "W"];
const MESSAGES: [&str; 4] = ["m", "Missing required field: owner", "é ü", "a\"b"];

fn random_issue(rng: &mut Rng) -> meminit::Issue {
    let mut i = issue(*rng.pick(&CODES), *rng.pick(&MESSAGES), *rng.pick(&PATHS));
    if rng.below(3) > 0 {
        i = i.at_line(rng.below(12) as i64);
    }
    match rng.below(3) {
        0 => i = i.with_severity(Severity::Warning),
        1 => i = i.with_severity(Severity::Error),
        _ => {}
    }
    if rng.below(4) == 0 {
        // Undeclared keys, inserted in a random order.
        let mut extras = vec![("hint", json!("h")), ("column", json!(rng.below(3)))];
        rng.shuffle(&mut extras);
        for (k, v) in extras {
            i.extra.insert(k.to_owned(), v);
        }
    }
    i
}

fn random_advice(rng: &mut Rng) -> meminit::Advice {
    let mut a = advice(*rng.pick(&MESSAGES));
    if rng.below(2) == 0 {
        a = a.with_code(*rng.pick(&CODES));
    }
    if rng.below(3) == 0 {
        a = a.with_details(json!({"n": rng.below(2), "k": "v"}));
    }
    a
}

fn build(
    warnings: &[meminit::Issue],
    violations: &[meminit::Issue],
    advice: &[meminit::Advice],
) -> String {
    let mut report = at_repo().success(check_data(3, 2, 1));
    for w in warnings {
        report.warning(w.clone());
    }
    for v in violations {
        report.violation(v.clone());
    }
    for a in advice {
        report.advice(a.clone());
    }
    line(report)
}

#[test]
fn property_any_insertion_order_gives_identical_output() {
    let mut rng = Rng(0x4D45_4D49_4E49_5404);
    for _ in 0..300 {
        let mut w: Vec<_> = (0..rng.below(8)).map(|_| random_issue(&mut rng)).collect();
        let mut v: Vec<_> = (0..rng.below(8)).map(|_| random_issue(&mut rng)).collect();
        let mut a: Vec<_> = (0..rng.below(6)).map(|_| random_advice(&mut rng)).collect();
        let first = build(&w, &v, &a);
        for _ in 0..5 {
            rng.shuffle(&mut w);
            rng.shuffle(&mut v);
            rng.shuffle(&mut a);
            assert_eq!(build(&w, &v, &a), first);
        }
    }
}

#[test]
fn property_output_parses_back_and_validates_against_section_11() {
    let schema_text =
        std::fs::read_to_string(manifest().join("schemas/meminit-output-envelope.json"))
            .unwrap_or_else(|e| panic!("{e}"));
    let oracle = jsonschema::options()
        .should_validate_formats(true)
        .build(&value(&schema_text))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut rng = Rng(0x0000_5EC7_1011);
    for round in 0..300 {
        let w: Vec<_> = (0..rng.below(6)).map(|_| random_issue(&mut rng)).collect();
        let v: Vec<_> = (0..rng.below(6)).map(|_| random_issue(&mut rng)).collect();
        let a: Vec<_> = (0..rng.below(5)).map(|_| random_advice(&mut rng)).collect();
        let text = if round % 3 == 0 {
            // An error envelope, sometimes with issues.
            let mut report = at_repo().stamped_now().failure::<CheckData>(
                error("E", "failed").with_details(json!({"z": 1, "a": [3, 1]})),
            );
            for i in &w {
                report.warning(i.clone());
            }
            line(report)
        } else {
            build(&w, &v, &a)
        };
        let doc = value(&text);
        assert!(oracle.is_valid(&doc), "jsonschema rejects {text}");
        assert!(meminit::validate_value(&doc).is_ok(), "{text}");
        let parsed = parse(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        let env = parsed.clone();
        assert!(env
            .warnings
            .unwrap_or_default()
            .is_sorted_by(|x, y| sort::warning_order(x, y).is_le()));
        assert!(env
            .violations
            .unwrap_or_default()
            .is_sorted_by(|x, y| sort::violation_order(x, y).is_le()));
        assert!(env
            .advice
            .unwrap_or_default()
            .is_sorted_by(|x, y| sort::advice_order(x, y).is_le()));
        // Canonical form is a fixed point.
        let again = Canonical::new(parsed)
            .and_then(|c| c.to_line())
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(again, text);
        for path in doc["warnings"]
            .as_array()
            .into_iter()
            .flatten()
            .chain(doc["violations"].as_array().into_iter().flatten())
            .filter_map(|i| i["path"].as_str())
        {
            assert!(!path.contains('\\') && !path.starts_with('/'), "{path}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// Section 4.3: run_id.

#[test]
fn run_ids_have_the_spec_style_and_are_unique() {
    let ids = RunIds::new();
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..100_000 {
        let id = ids.next_run_id();
        assert!(is_spec_style(&id), "{id}");
        assert!(seen.insert(id.clone()), "duplicate {id}");
    }
    let today = Timestamp::now().compact_date();
    assert!(seen.iter().all(|id| id.starts_with(&today[..6])));
}

#[test]
fn process_run_ids_are_unique_across_threads() {
    let handles: Vec<_> = (0..4)
        .map(|_| {
            std::thread::spawn(|| {
                (0..5_000)
                    .map(|_| ProcessRunIds.next_run_id())
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let mut all = std::collections::BTreeSet::new();
    for h in handles {
        for id in h.join().unwrap_or_default() {
            assert!(is_spec_style(&id), "{id}");
            assert!(all.insert(id.clone()), "duplicate {id}");
        }
    }
    assert_eq!(all.len(), 20_000);
}

#[test]
fn run_id_sources_can_be_replaced() {
    fn fixed_clock() -> std::time::SystemTime {
        std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_771_425_045)
    }
    let a = RunIds::seeded(7).with_clock(fixed_clock);
    let b = RunIds::seeded(7).with_clock(fixed_clock);
    let xs: Vec<String> = (0..5).map(|_| a.next_run_id()).collect();
    let ys: Vec<String> = (0..5).map(|_| b.next_run_id()).collect();
    assert_eq!(xs, ys, "a seed fixes the sequence");
    assert!(xs.iter().all(|x| x.starts_with("20260218-")), "{xs:?}");
    assert_ne!(xs[0], xs[1]);
    let fixed = FixedRunId("20260218-1f2c3a".to_owned());
    assert_eq!(fixed.next_run_id(), fixed.next_run_id());
    let counter = std::cell::Cell::new(0);
    let closure = || {
        counter.set(counter.get() + 1);
        format!("run-{}", counter.get())
    };
    let run = Invocation::with_run_ids("/repo", &closure).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(run.run_id(), "run-1");
    assert!(!is_spec_style("20260218-1F2C3A"));
    assert!(!is_spec_style("2026021-1f2c3a0"));
    assert!(is_spec_style("20260218-1f2c3a"));
    // The default source gives each invocation its own id.
    let x = Invocation::new("/repo").unwrap_or_else(|e| panic!("{e}"));
    let y = Invocation::new("/repo").unwrap_or_else(|e| panic!("{e}"));
    assert_ne!(x.run_id(), y.run_id());
}

// ---------------------------------------------------------------------------------------
// Section 10: the version is tied to the schemas.

fn fingerprint_of(files: &[(String, String)]) -> String {
    meminit::version::fingerprint(files.iter().map(|(n, t)| (n.as_str(), t.as_str())))
}

fn schema_texts() -> Vec<(String, String)> {
    meminit::version::SCHEMA_FILES
        .iter()
        .map(|f| {
            let p: PathBuf = manifest().join(f);
            (
                (*f).to_owned(),
                std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display())),
            )
        })
        .collect()
}

#[test]
fn schema_changes_need_a_version_bump() {
    let path = manifest().join("schemas/meminit/fingerprints.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let entries: Vec<(&str, &str)> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            l.split_once(' ')
                .unwrap_or_else(|| panic!("bad line in fingerprints.txt: {l:?}"))
        })
        .collect();
    let current = fingerprint_of(&schema_texts());
    let line = format!("{OUTPUT_SCHEMA_VERSION} {current}");
    assert!(
        entries.contains(&(OUTPUT_SCHEMA_VERSION, current.as_str())),
        "the Meminit schemas changed (fingerprint {current}) but {} does not list it under \
         output_schema_version {OUTPUT_SCHEMA_VERSION}.\nA breaking change (section 10): bump \
         OUTPUT_SCHEMA_VERSION in src/meminit/version.rs and add `<new version> {current}`.\n\
         A backward-compatible one: add the line `{line}`.",
        path.display()
    );
    // A fingerprint belongs to one version only.
    for (i, (v, f)) in entries.iter().enumerate() {
        for (w, g) in &entries[i + 1..] {
            assert!(!(f == g && v != w), "{f} is listed under {v} and {w}");
        }
    }
}

#[test]
fn the_fingerprint_sees_content_not_formatting() {
    let files = schema_texts();
    let base = fingerprint_of(&files);
    // Reformatting (pretty vs compact) does not change it.
    let reformatted: Vec<(String, String)> = files
        .iter()
        .map(|(n, t)| (n.clone(), value(t).to_string()))
        .collect();
    assert_eq!(fingerprint_of(&reformatted), base);
    // Any content change does: a required field dropped from one payload schema.
    let mut changed = files.clone();
    changed[2].1 = changed[2].1.replacen("\"remaining\",", "", 1);
    assert_ne!(changed[2].1, files[2].1);
    assert_ne!(fingerprint_of(&changed), base);
    // So does an integer turned into a number in the envelope schema.
    let mut changed = files.clone();
    changed[0].1 = changed[0].1.replacen(
        "\"line\": {\"type\": \"integer\"}",
        "\"line\": {\"type\": \"number\"}",
        1,
    );
    assert_ne!(changed[0].1, files[0].1);
    assert_ne!(fingerprint_of(&changed), base);
}
