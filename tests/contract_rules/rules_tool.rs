//! `envgen::tool::check` (the ToolResponse spec): one passing and one failing case per
//! rule id.

use crate::rules as support;

use envgen::tool::{check, check_as, ToolKind};
use serde_json::{json, Value};
use support::{assert_case, assert_fixtures, rules};

/// Asserts `good` does not break `rule` and `bad` does (at `pointer`).
fn case(rule: &str, good: Value, bad: Value, pointer: &str) {
    assert_case(rule, &check(&good), &check(&bad), pointer);
}

/// The ToolResponse spec's example, section 5 (ls, partial, truncated): breaks no rule.
fn seed_ls() -> Value {
    json!({
        "status": "partial",
        "data": {"entries": [{"path": "src/main.py", "type": "file"}, {"path": "src/utils/", "type": "dir"}], "truncated": true},
        "text": "Listed 2 entries in 'src' (truncated from 500 total). Consider using 'search_code' for deeper lookup or increasing 'limit'.",
        "error": null,
        "stats": {"time_ms": 150, "total_entries": 500},
        "context": {"cwd": ".", "params_input": {"path": "src", "limit": 2}, "path_resolved": "src"}
    })
}

fn glob(paths: Value) -> Value {
    json!({
        "status": "success",
        "data": {"paths": paths},
        "text": "Matched 1 path for '*.rs'.",
        "stats": {"time_ms": 3},
        "context": {"cwd": ".", "params_input": {"pattern": "*.rs"}}
    })
}

fn with(mut doc: Value, pointer: &str, value: Value) -> Value {
    *doc.pointer_mut(pointer)
        .unwrap_or_else(|| panic!("{pointer}")) = value;
    doc
}

#[test]
fn every_valid_fixture_and_the_seed_example_break_no_rule() {
    assert_eq!(check(&seed_ls()), vec![]);
    let check_text = |text: &str| check(&serde_json::from_str(text).unwrap());
    // partial-fallback.json copies the ToolResponse spec's fallback wording, which states
    // no next step.
    let known: &[(&str, &[&str])] = &[("partial-fallback.json", &["tool/4-text-next-step"])];
    assert_fixtures("tool-response", check_text, known);
}

#[test]
fn tool_schema() {
    case(
        "tool/schema",
        seed_ls(),
        with(seed_ls(), "/stats", json!({})),
        "/stats",
    );
    let mut extra = seed_ls();
    extra["custom"] = json!(1);
    assert!(rules(&check(&extra)).contains(&"tool/schema"));
}

#[test]
fn tool_3_3_error_iff_error_status() {
    let error = json!({
        "status": "error", "data": {}, "text": "File 'src/main.py' does not exist. Check if the path is correct.",
        "error": {"code": "NOT_FOUND", "message": "File 'src/main.py' does not exist."},
        "stats": {"time_ms": 1}, "context": {"cwd": ".", "params_input": {}}
    });
    case(
        "tool/3.3-error-iff-error-status",
        error.clone(),
        with(error.clone(), "/error", Value::Null),
        "/error",
    );
    let ok = glob(json!(["src/lib.rs"]));
    let mut with_error = ok.clone();
    with_error["error"] = json!({"code": "X", "message": "m"});
    case("tool/3.3-error-iff-error-status", ok, with_error, "/error");
}

#[test]
fn tool_3_1_success_no_discount() {
    let ok = glob(json!(["src/lib.rs"]));
    let mut truncated = ok.clone();
    truncated["data"]["truncated"] = json!(true);
    case(
        "tool/3.1-success-no-discount",
        ok.clone(),
        truncated,
        "/data/truncated",
    );
    let mut fallback = ok.clone();
    fallback["data"]["fallback"] = json!("python");
    assert!(rules(&check(&fallback)).contains(&"tool/3.1-success-no-discount"));
    let dry = json!({"status": "success", "data": {"applied": false}, "text": "Edited 'a.txt'.", "stats": {"time_ms": 1}, "context": {"cwd": ".", "params_input": {}}});
    assert!(rules(&check(&dry)).contains(&"tool/3.1-success-no-discount"));
}

#[test]
fn tool_3_2_partial_needs_reason() {
    let bad = with(seed_ls(), "/data/truncated", json!(false));
    case("tool/3.2-partial-needs-reason", seed_ls(), bad, "/data");
}

#[test]
fn tool_3_3_legacy_error_string() {
    let legacy = with(seed_ls(), "/error", json!("Error: boom"));
    case("tool/3.3-legacy-error-string", seed_ls(), legacy, "/error");
}

#[test]
fn tool_1_1_cwd_relative() {
    for bad in ["/home/u/proj", "src\\app", "../up", ""] {
        case(
            "tool/1.1-cwd-relative",
            with(seed_ls(), "/context/cwd", json!("packages/app")),
            with(seed_ls(), "/context/cwd", json!(bad)),
            "/context/cwd",
        );
    }
}

#[test]
fn tool_1_1_path_resolved_relative() {
    case(
        "tool/1.1-path-resolved-relative",
        seed_ls(),
        with(seed_ls(), "/context/path_resolved", json!("C:\\proj\\src")),
        "/context/path_resolved",
    );
}

#[test]
fn tool_2_payload_fields() {
    let bad = with(seed_ls(), "/data/entries/0/type", json!("socket"));
    case(
        "tool/2-payload-fields",
        seed_ls(),
        bad,
        "/data/entries/0/type",
    );
    // A known kind whose field is missing: only check_as can tell.
    let no_entries = json!({"status": "success", "data": {}, "text": "Listed 0 entries.", "stats": {"time_ms": 1}, "context": {"cwd": ".", "params_input": {}}});
    assert_eq!(check(&no_entries), vec![]);
    let v = check_as(ToolKind::Ls, &no_entries);
    assert_eq!(rules(&v), ["tool/2-payload-fields"], "{v:#?}");
    assert_eq!(ToolKind::from_name("Grep"), Some(ToolKind::Grep));
    assert_eq!(
        ToolKind::detect(&json!({"paths": []})),
        Some(ToolKind::Glob)
    );
}

#[test]
fn tool_2_glob_paths_posix() {
    case(
        "tool/2-glob-paths-posix",
        glob(json!(["src/lib.rs"])),
        glob(json!(["src/lib.rs", "src\\lib.rs"])),
        "/data/paths/1",
    );
    assert!(rules(&check(&glob(json!(["/abs/x.rs"])))).contains(&"tool/2-glob-paths-posix"));
}

fn wrapper(path: &str) -> Value {
    json!({
        "status": "partial",
        "data": {"truncated": true, "truncation": {"direction": "head", "max_lines": 2, "max_bytes": 100, "original_lines": 9,
            "original_bytes": 90, "kept_lines": 2, "kept_bytes": 20, "full_output_path": path}, "preview": "a\nb\n"},
        "text": "Output too large, truncated. Read the full output in pages.",
        "stats": {"time_ms": 1}, "context": {"cwd": ".", "params_input": {}}
    })
}

#[test]
fn tool_2_full_output_path() {
    for bad in [
        "tool-output/tool_20260218_143045_Read_2.json",
        "tool-output/tool_20260218_143045_read_file.json",
        "out.json",
    ] {
        case(
            "tool/2-full-output-path",
            wrapper("tool-output/tool_20260218_143045_Read.json"),
            wrapper(bad),
            "/data/truncation/full_output_path",
        );
    }
}

#[test]
fn tool_2_truncation_explained() {
    let bad = with(
        seed_ls(),
        "/text",
        json!("Listed 2 entries in 'src'. Consider increasing 'limit'."),
    );
    case("tool/2-truncation-explained", seed_ls(), bad, "/text");
}

#[test]
fn tool_4_text_conclusion() {
    case(
        "tool/4-text-conclusion",
        glob(json!([])),
        with(glob(json!([])), "/text", json!("  ")),
        "/text",
    );
}

#[test]
fn tool_4_text_next_step() {
    let bad = with(
        seed_ls(),
        "/text",
        json!("Listed 2 entries in 'src' (truncated from 500 total)."),
    );
    case("tool/4-text-next-step", seed_ls(), bad, "/text");
    // success needs no next step
    assert_eq!(check(&glob(json!(["a.rs"]))), vec![]);
}

#[test]
fn tool_2_truncation_counts() {
    let good = wrapper("tool-output/tool_20260218_143045_Read.json");
    let at = |p: &str, v: Value| with(good.clone(), p, v);
    case(
        "tool/2-truncation-counts",
        good.clone(),
        at("/data/truncation/kept_lines", json!(3)),
        "/data/truncation/kept_lines",
    );
    case(
        "tool/2-truncation-counts",
        good.clone(),
        at("/data/truncation/kept_bytes", json!(95)),
        "/data/truncation/kept_bytes",
    );
    let fits = with(
        at("/data/truncation/original_lines", json!(2)),
        "/data/truncation/original_bytes",
        json!(20),
    );
    case("tool/2-truncation-counts", good, fits, "/data/truncation");
}

#[test]
fn tool_3_2_reason_explained() {
    let grep = |text: &str| {
        json!({"status": "partial", "data": {"matches": [], "fallback": "python"}, "text": text,
            "stats": {"time_ms": 1}, "context": {"cwd": ".", "params_input": {}}})
    };
    let good =
        grep("Found 0 matches. (Used the Python fallback.) Install ripgrep for complete searches.");
    let bad = grep("Found 0 matches. Try another pattern.");
    case("tool/3.2-reason-explained", good, bad.clone(), "/text");
    let found = check(&bad);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].level, envgen::rules::Level::Should);
}

#[test]
fn the_kind_selects_the_payload_type() {
    use envgen::tool::{parse, parse_as, status::ToolData, ToolPayload};
    let r = parse(&seed_ls().to_string()).unwrap();
    let ToolPayload::Ls(ls) = &r.data else {
        panic!("{:?}", r.data)
    };
    assert_eq!(ls.entries.len(), 2);
    assert!(r.data.facts().truncated);
    assert_eq!(serde_json::to_value(&r).unwrap(), seed_ls(), "round trip");
    let bad = with(seed_ls(), "/data/entries/0/type", json!("socket"));
    let err = parse(&bad.to_string()).unwrap_err();
    assert_eq!(err.first().unwrap().instance_path, "/data/entries/0/type");
    let other = json!({"status": "success", "data": {"log": "x"}, "text": "Ran.", "stats": {"time_ms": 1}, "context": {"cwd": ".", "params_input": {}}});
    assert!(matches!(
        parse(&other.to_string()).unwrap().data,
        ToolPayload::Other(_)
    ));
    let err = parse_as(ToolKind::Read, &other.to_string()).unwrap_err();
    assert!(
        err.first().unwrap().instance_path.starts_with("/data"),
        "{err}"
    );
    assert_eq!(
        parse(&wrapper("tool-output/tool_20260218_143045_Read.json").to_string())
            .unwrap()
            .data
            .kind(),
        Some(ToolKind::Truncated)
    );
}
