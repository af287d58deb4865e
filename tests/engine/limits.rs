//! Limits on the instance side, for the four envelopes: a document nested 100,000 deep,
//! numbers past `f64` and `u64`, and non-UTF-8 bytes give a clear, located error, never a
//! stack overflow or a panic: through `from_json_str` / `from_json_slice`, the
//! module-level `validate_value`, and `envgen validate`.

use envgen::runtime::{Document, Options};
use serde_json::Value;
use std::process::Command;

const DEPTH: usize = 100_000;

fn deep_array() -> String {
    format!("{}{}", "[".repeat(DEPTH), "]".repeat(DEPTH))
}

/// A valid ResponseEnvelope whose `data` holds `nested` (an object: `data` is one).
fn envelope_with_data(nested: &str) -> String {
    format!(
        r#"{{"ok":true,"data":{{"deep":{nested}}},"error":null,"warnings":[],"meta":{{"duration_ms":1}}}}"#
    )
}

fn rejects<T: Document>(text: &str) -> String {
    let e = T::from_json_str_with(text, &Options::new())
        .err()
        .unwrap_or_else(|| panic!("accepted"));
    let first = e.first().unwrap_or_else(|| panic!("empty error list"));
    first.to_string()
}

#[test]
fn documents_nested_100000_deep_are_errors_not_stack_overflows() {
    let deep = deep_array();
    let inside = envelope_with_data(&deep);
    for text in [&deep, &inside] {
        for msg in [
            rejects::<envgen::response_envelope::ResponseEnvelope>(text),
            rejects::<envgen::tool_response::ToolResponse>(text),
            rejects::<envgen::cmdhelp::Cmdhelp>(text),
            rejects::<envgen::meminit::MeminitEnvelope>(text),
        ] {
            assert!(!msg.is_empty());
        }
    }
    // The reason is the depth, said so.
    let msg = rejects::<envgen::response_envelope::ResponseEnvelope>(&inside);
    assert!(msg.contains("recursion limit"), "{msg}");
}

#[test]
fn validate_value_on_a_value_nested_100000_deep_does_not_overflow() {
    // Built in code (the parser stops at 128 levels). The validators descend only as deep
    // as the schema does, so the nesting under `data` is not walked. `Value`'s own drop
    // is recursive, so the value is leaked rather than dropped.
    let mut v = Value::Null;
    for _ in 0..DEPTH {
        v = Value::Array(vec![v]);
    }
    // Not `json!`: it would copy `v` through `to_value`, recursively.
    let mut doc: Value = serde_json::json!({"ok": true, "data": {}, "error": null,
        "warnings": [], "meta": {"duration_ms": 1}});
    if let Some(Value::Object(data)) = doc.get_mut("data") {
        data.insert("deep".to_owned(), v);
    }
    let doc = Box::leak(Box::new(doc));
    assert!(envgen::response_envelope::validate_value(doc).is_ok());
    let bad = Box::leak(Box::new(Value::Array(vec![std::mem::take(
        &mut doc["data"],
    )])));
    for r in [
        envgen::response_envelope::validate_value(bad),
        envgen::tool_response::validate_value(bad),
        envgen::cmdhelp::validate_value(bad),
        envgen::meminit::validate_value(bad),
    ] {
        let e = r
            .err()
            .unwrap_or_else(|| panic!("a nested array validated"));
        assert_eq!(e.first().map(|e| e.keyword.as_str()), Some("type"));
    }
}

#[test]
fn numbers_past_f64_and_u64_are_located_errors() {
    let base = |d: &str| {
        format!(
            r#"{{"ok":true,"data":null,"error":null,"warnings":[],"meta":{{"duration_ms":{d}}}}}"#
        )
    };
    // 1e400 is not a finite f64: the parser refuses it, with its position.
    let msg = rejects::<envgen::response_envelope::ResponseEnvelope>(&base("1e400"));
    assert!(
        msg.contains("out of range") || msg.contains("number"),
        "{msg}"
    );
    // u64::MAX + 1 for a u64 field: located at the field.
    let e = envgen::response_envelope::ResponseEnvelope::<Value>::from_json_str(&base(
        "18446744073709551616",
    ))
    .err()
    .unwrap_or_else(|| panic!("u64::MAX + 1 accepted"));
    let first = e.first().unwrap_or_else(|| panic!("empty error list"));
    assert_eq!(first.instance_path, "/meta/duration_ms", "{first}");
    // u64::MAX itself is fine.
    assert!(
        envgen::response_envelope::ResponseEnvelope::<Value>::from_json_str(&base(
            "18446744073709551615"
        ))
        .is_ok()
    );
}

#[test]
fn non_utf8_bytes_are_a_clear_error() {
    let bytes = b"{\"ok\":true,\"warnings\":[\"caf\xe9\"]}";
    let e = envgen::response_envelope::ResponseEnvelope::<Value>::from_json_slice_with(
        bytes,
        &Options::new(),
    )
    .err()
    .unwrap_or_else(|| panic!("non-UTF-8 accepted"));
    let msg = e.first().map(|e| e.to_string()).unwrap_or_default();
    assert!(msg.contains("UTF-8"), "{msg}");
}

#[test]
fn envgen_validate_reports_deep_huge_and_non_utf8_documents() {
    let dir = envgen_test_support::scratch::Scratch::new("limits");
    let files = [
        ("deep.json", envelope_with_data(&deep_array()).into_bytes()),
        (
            "huge.json",
            br#"{"ok":true,"data":null,"error":null,"warnings":[],"meta":{"duration_ms":1e400}}"#
                .to_vec(),
        ),
        (
            "latin1.json",
            b"{\"ok\":true,\"warnings\":[\"caf\xe9\"]}".to_vec(),
        ),
    ];
    for (name, bytes) in &files {
        std::fs::write(dir.join(name), bytes).unwrap_or_else(|e| panic!("{e}"));
    }
    let out = Command::new(env!("CARGO_BIN_EXE_envgen"))
        .current_dir(&dir)
        .args(["validate", "--schema", "response-envelope"])
        .args(files.iter().map(|(n, _)| *n))
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.code().is_some(), "killed by a signal: {stderr}");
    assert_ne!(out.status.code(), Some(0), "{stdout}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let all = format!("{stdout}{stderr}");
    for (name, _) in &files {
        assert!(all.contains(name), "{name} not reported: {all}");
    }
    assert!(all.contains("recursion limit"), "{all}");
    assert!(all.contains("UTF-8"), "{all}");
}
