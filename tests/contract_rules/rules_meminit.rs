//! `envgen::meminit::check` (MEMINIT-SPEC-004): one passing and one failing case per rule
//! id, and the producer back door (an untyped payload) closed.

use crate::rules as support;

use envgen::meminit::{check, Invocation};
use serde_json::{json, Value};
use support::{assert_case, assert_fixtures};

/// Asserts `good` does not break `rule` and `bad` does (at `pointer`).
fn case(rule: &str, good: &str, bad: &str, pointer: &str) {
    assert_case(rule, &check(good), &check(bad), pointer);
}

// The two example outputs of the Meminit Agent Output Contract, section 12.
const SEED: &str = r#"{"output_schema_version":"1.0","success":true,"command":"check","run_id":"20260218-1f2c3a","root":"/repo","data":{"files_checked":42,"files_passed":41,"files_failed":1},"warnings":[],"violations":[{"code":"SCHEMA_INVALID","message":"Missing required field: owner","path":"docs/10-prd/prd-007-sample.md","line":5,"severity":"error"}],"advice":[]}"#;
const SEED_ERROR: &str = r#"{"output_schema_version":"1.0","success":false,"command":"new","run_id":"20260218-1f2c3a","root":"/repo","error":{"code":"UNKNOWN_TYPE","message":"Unknown document type: XYZ","details":{"valid_types":["ADR","PRD","FDD"]}}}"#;

fn seed() -> Value {
    serde_json::from_str(SEED).unwrap()
}

/// `doc` as one line and `\n` (keys in their order).
fn line(doc: &Value) -> String {
    format!("{doc}\n")
}

fn with(mut doc: Value, pointer: &str, value: Value) -> String {
    *doc.pointer_mut(pointer)
        .unwrap_or_else(|| panic!("{pointer}")) = value;
    line(&doc)
}

fn new_doc(path: &str) -> String {
    let mut doc = seed();
    doc["command"] = json!("new");
    doc["data"] = json!({"document_id": "MEMINIT-ADR-012", "path": path, "type": "ADR", "title": "Cache strategy"});
    line(&doc)
}

#[test]
fn seed_examples_and_every_valid_fixture_break_no_rule() {
    assert_eq!(check(SEED), vec![]);
    assert_eq!(check(&format!("{SEED}\n")), vec![]);
    assert_eq!(check(SEED_ERROR), vec![]);
    // index.json is schema-valid (format date-time) but its fraction is not 4.2's `.sss`.
    assert_fixtures(
        "meminit",
        check,
        &[("index.json", &["meminit/4.2-timestamp"])],
    );
}

#[test]
fn meminit_9_1_single_object() {
    case(
        "meminit/9.1-single-object",
        SEED,
        &format!("{SEED}\n{SEED}\n"),
        "",
    );
    case("meminit/9.1-single-object", SEED, "not json", "");
    case("meminit/9.1-single-object", SEED, "", "");
    case("meminit/9.1-single-object", SEED, &format!("[{SEED}]"), "");
    // A repeated key: `serde_json::Value` would keep only the last one.
    let repeated = SEED.replacen("\"success\":true", "\"success\":true,\"success\":false", 1);
    assert_ne!(
        repeated, SEED,
        "the Meminit Agent Output Contract's example has \"success\":true"
    );
    case("meminit/9.1-single-object", SEED, &repeated, "/success");
}

#[test]
fn meminit_9_1_one_line() {
    let pretty = serde_json::to_string_pretty(&seed()).unwrap();
    case("meminit/9.1-one-line", &format!("{SEED}\n"), &pretty, "");
    case(
        "meminit/9.1-one-line",
        &format!("{SEED}\n"),
        &format!("{SEED}\n\n"),
        "",
    );
    case(
        "meminit/9.1-one-line",
        &format!("{SEED}\n"),
        &format!(" {SEED}"),
        "",
    );
}

#[test]
fn meminit_schema() {
    case(
        "meminit/schema",
        SEED,
        &with(seed(), "/run_id", json!(7)),
        "/run_id",
    );
}

#[test]
fn meminit_4_1_success_fields() {
    let mut doc = seed();
    doc.as_object_mut().unwrap().remove("advice");
    case("meminit/4.1-success-fields", SEED, &line(&doc), "");
}

#[test]
fn meminit_5_error_envelope() {
    let mut doc: Value = serde_json::from_str(SEED_ERROR).unwrap();
    doc.as_object_mut().unwrap().remove("error");
    case("meminit/5-error-envelope", SEED_ERROR, &line(&doc), "");
}

#[test]
fn meminit_4_2_timestamp() {
    // timestamp between run_id and root, as section 9.2 orders it
    let text = |t: &str| SEED.replace(r#""root""#, &format!(r#""timestamp":"{t}","root""#));
    case(
        "meminit/4.2-timestamp",
        &text("2026-02-18T14:30:45.123Z"),
        &text("2026-02-18T14:30:45+01:00"),
        "/timestamp",
    );
}

#[test]
fn meminit_4_3_root_absolute() {
    case(
        "meminit/4.3-root-absolute",
        &with(seed(), "/root", json!("C:/repo")),
        &with(seed(), "/root", json!("repo")),
        "/root",
    );
}

#[test]
fn meminit_6_severity() {
    case(
        "meminit/6-severity",
        SEED,
        &with(seed(), "/violations/0/severity", json!("fatal")),
        "/violations/0/severity",
    );
}

#[test]
fn meminit_8_payload() {
    case(
        "meminit/8-payload",
        SEED,
        &with(seed(), "/data", json!({})),
        "/data",
    );
    case(
        "meminit/8-payload",
        SEED,
        &with(seed(), "/data/files_failed", json!("1")),
        "/data/files_failed",
    );
}

#[test]
fn meminit_9_2_key_order() {
    let shuffled = SEED.replace(
        r#""success":true,"command":"check","#,
        r#""command":"check","success":true,"#,
    );
    assert_ne!(shuffled, SEED);
    case("meminit/9.2-key-order", SEED, &shuffled, "");
    // an undeclared key anywhere is not a 9.2 violation
    let extra = SEED.replace(r#""root":"/repo","#, r#""root":"/repo","x_ext":1,"#);
    assert_eq!(check(&extra), vec![]);
}

fn issue(path: &str, line: i64, code: &str, message: &str, severity: &str) -> Value {
    json!({"code": code, "message": message, "path": path, "line": line, "severity": severity})
}

#[test]
fn meminit_9_3_warnings_sorted() {
    let a = issue("docs/a.md", 3, "Z", "m", "warning");
    let b = issue("docs/a.md", 12, "A", "m", "warning");
    case(
        "meminit/9.3-warnings-sorted",
        &with(seed(), "/warnings", json!([a, b])),
        &with(seed(), "/warnings", json!([b, a])),
        "/warnings/1",
    );
}

#[test]
fn meminit_9_3_violations_sorted() {
    let a = issue("docs/a.md", 9, "A", "m", "error");
    let b = issue("docs/a.md", 1, "B", "m", "error");
    case(
        "meminit/9.3-violations-sorted",
        &with(seed(), "/violations", json!([a, b])),
        &with(seed(), "/violations", json!([b, a])),
        "/violations/1",
    );
    // equal on path, code, severity: any order
    let c = issue("docs/a.md", 1, "A", "other", "error");
    assert_eq!(check(&with(seed(), "/violations", json!([c, a]))), vec![]);
}

#[test]
fn meminit_9_3_advice_sorted() {
    let a = json!({"message": "Run 'meminit fix'", "code": "RUN_FIX"});
    let b = json!({"message": "Add a default", "code": "ADD_DEFAULTS"});
    let none = json!({"message": "zzz"});
    case(
        "meminit/9.3-advice-sorted",
        &with(seed(), "/advice", json!([none, b, a])),
        &with(seed(), "/advice", json!([a, b])),
        "/advice/1",
    );
}

#[test]
fn meminit_9_4_forward_slashes() {
    case(
        "meminit/9.4-forward-slashes",
        SEED,
        &with(seed(), "/violations/0/path", json!("docs\\10-prd\\x.md")),
        "/violations/0/path",
    );
    case(
        "meminit/9.4-forward-slashes",
        &new_doc("docs/x.md"),
        &new_doc("docs\\x.md"),
        "/data/path",
    );
}

#[test]
fn meminit_9_4_relative_to_root() {
    case(
        "meminit/9.4-relative-to-root",
        SEED,
        &with(seed(), "/violations/0/path", json!("/repo/docs/x.md")),
        "/violations/0/path",
    );
    case(
        "meminit/9.4-relative-to-root",
        &new_doc("docs/x.md"),
        &new_doc("/repo/docs/x.md"),
        "/data/path",
    );
    case(
        "meminit/9.4-relative-to-root",
        &new_doc("docs/x.md"),
        &new_doc("../x.md"),
        "/data/path",
    );
}

#[test]
fn meminit_10_version() {
    case(
        "meminit/10-version",
        SEED,
        &with(seed(), "/output_schema_version", json!("2.0")),
        "/output_schema_version",
    );
}

#[test]
fn canonical_output_of_the_runtime_breaks_no_rule() {
    let run = Invocation::new("C:\\work\\repo").unwrap().with_run_id("r1");
    let report = run.success_for("new", json!({"document_id": "D-1", "path": "C:\\work\\repo\\docs\\x.md", "type": "ADR", "title": "T"}));
    let text = report.to_line().unwrap();
    assert!(text.contains(r#""path":"docs/x.md""#), "{text}");
    assert_eq!(check(&text), vec![], "{text}");
}

#[test]
fn untyped_payloads_go_through_section_8_and_the_path_rules() {
    let run = Invocation::new("/repo").unwrap().with_run_id("r1");
    let err = run.success_for("check", json!({})).to_line().unwrap_err();
    assert_eq!(err.pointer(), "/data", "{err}");
    let err = run
        .success_for(
            "new",
            json!({"document_id": "D", "path": "/elsewhere/x.md", "type": "ADR", "title": "T"}),
        )
        .to_line()
        .unwrap_err();
    assert_eq!(err.pointer(), "/data/path", "{err}");
    let map = serde_json::Map::from_iter([("report".to_owned(), json!({"b": 1, "a": 2}))]);
    let line = run.success_for("scan", map).to_line().unwrap();
    assert!(
        line.contains(r#""data":{"report":{"a":2,"b":1}}"#),
        "{line}"
    );
    let other = envgen::meminit::MeminitData::Other(serde_json::Map::new());
    let err = run.success_for("check", other).to_line().unwrap_err();
    assert_eq!(err.pointer(), "/data", "{err}");
    // commands section 8 does not list, and error envelopes, keep an untyped payload
    assert!(run
        .success_for("custom", json!({"anything": 1}))
        .to_line()
        .is_ok());
}

#[test]
fn meminit_9_4_forward_slashes_in_root() {
    case(
        "meminit/9.4-forward-slashes",
        &with(seed(), "/root", json!("C:/work/repo")),
        &with(seed(), "/root", json!("C:\\work\\repo")),
        "/root",
    );
}
