//! Round trips through the generated envelope types: every valid document under
//! `tests/documents/<schema>/` (the contracts' examples and documents a user would write)
//! is parsed into its generated type and serialized back.
//!
//! * The result equals the input as JSON, numbers compared by value.
//! * Compact one-line documents come back byte for byte (key order included).
//! * The re-serialized text is an insta snapshot, so any change shows up for review.

use envgen::runtime::json::first_difference;
use envgen::{cmdhelp, meminit, response_envelope, tool_response};
use serde::{de::DeserializeOwned, Serialize};
use std::path::{Path, PathBuf};

fn documents(schema: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/documents")
        .join(schema);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no documents in {}", dir.display());
    files
}

fn round_trip<T: DeserializeOwned + Serialize>(schema: &str) -> usize {
    let mut count = 0;
    for path in documents(schema) {
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("doc")
            .to_owned();
        let parsed: T = envgen::runtime::from_json_str(&text)
            .unwrap_or_else(|e| panic!("{}: does not parse: {e}", path.display()));
        let back =
            serde_json::to_string(&parsed).unwrap_or_else(|e| panic!("{}: {e}", path.display()));

        let original: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
        let again: serde_json::Value = serde_json::from_str(&back).unwrap_or_default();
        assert_eq!(
            first_difference(&original, &again),
            None,
            "{}: round trip changed the document",
            path.display()
        );
        let compact = !text.trim_end().contains('\n');
        if compact {
            assert_eq!(
                back,
                text.trim_end_matches('\n'),
                "{}: not byte-identical",
                path.display()
            );
        }
        insta::with_settings!({
            snapshot_path => "snapshots/roundtrip",
            prepend_module_to_snapshot => false,
            omit_expression => true,
            description => format!("{} re-serialized through its generated type", path.display()),
        }, {
            insta::assert_snapshot!(format!("{schema}__{name}"), back);
        });
        count += 1;
    }
    count
}

#[test]
fn response_envelope_documents_round_trip() {
    assert!(round_trip::<response_envelope::ResponseEnvelope>("response-envelope") >= 5);
}

#[test]
fn tool_response_documents_round_trip() {
    assert!(round_trip::<tool_response::ToolResponse>("tool-response") >= 1);
}

#[test]
fn cmdhelp_documents_round_trip() {
    assert!(round_trip::<cmdhelp::Cmdhelp>("cmdhelp") >= 2);
}

#[test]
fn meminit_documents_round_trip() {
    assert!(round_trip::<meminit::MeminitEnvelope>("meminit") >= 2);
}

/// The five examples of the ResponseEnvelope spec are all present and parse.
#[test]
fn seed_001_examples_are_covered() {
    for name in [
        "seed-success",
        "seed-arg-error",
        "seed-auth-required",
        "seed-redirected",
        "seed-rate-limited",
    ] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/documents/response-envelope")
            .join(format!("{name}.json"));
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let env = response_envelope::ResponseEnvelope::<serde_json::Value>::from_json_str(&text)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(env.ok(), name == "seed-success", "{name}");
    }
}

/// Presence is exact: a required-nullable key stays, an optional-nullable `null` stays
/// `null`, and an absent optional stays absent.
#[test]
fn null_and_absent_stay_distinct() {
    let with_null = r#"{"status":"success","data":{},"text":"t","error":null,"stats":{"time_ms":1},"context":{"cwd":".","params_input":null}}"#;
    let without = r#"{"status":"success","data":{},"text":"t","stats":{"time_ms":1},"context":{"cwd":".","params_input":null}}"#;
    let a = tool_response::ToolResponse::<serde_json::Value>::from_json_str(with_null)
        .unwrap_or_else(|e| panic!("{e}"));
    let b = tool_response::ToolResponse::<serde_json::Value>::from_json_str(without)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(a.error, Some(None));
    assert_eq!(b.error, None);
    assert_eq!(serde_json::to_string(&a).unwrap_or_default(), with_null);
    assert_eq!(serde_json::to_string(&b).unwrap_or_default(), without);
    // `params_input: null` is a required value, not an absent one.
    assert_eq!(a.context.params_input, serde_json::Value::Null);
    let missing =
        r#"{"status":"success","data":{},"text":"t","stats":{"time_ms":1},"context":{"cwd":"."}}"#;
    let err = tool_response::ToolResponse::<serde_json::Value>::from_json_str(missing).err();
    let first = err.as_ref().and_then(|e| e.first()).cloned();
    assert_eq!(
        first.as_ref().map(|e| e.instance_path.as_str()),
        Some("/context")
    );
    assert_eq!(first.as_ref().map(|e| e.keyword.as_str()), Some("required"));
}

/// `ResponseEnvelope<T>`: a command's declared output type flows through `data`.
#[test]
fn response_envelope_is_generic_over_data() {
    #[derive(Debug, PartialEq, serde::Deserialize, serde::Serialize)]
    struct Deploy {
        id: String,
        status: String,
    }
    let text = r#"{"ok":true,"data":{"id":"deploy-42","status":"complete"},"error":null,"warnings":[],"meta":{"duration_ms":340,"request_id":"req_abc123"}}"#;
    let env = response_envelope::ResponseEnvelope::<Deploy>::from_json_str(text)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(env.data.as_ref().map(|d| d.id.as_str()), Some("deploy-42"));
    assert_eq!(serde_json::to_string(&env).unwrap_or_default(), text);
    let failure = r#"{"ok":false,"data":null,"error":{"code":"X","message":"m"},"warnings":[],"meta":{"duration_ms":1}}"#;
    let env = response_envelope::ResponseEnvelope::<Deploy>::from_json_str(failure)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(env.data.is_none());
}

/// JSON Schema integers are defined by value: `5.0` is the integer 5.
#[test]
fn integral_floats_are_integers() {
    let text = r#"{"ok":true,"data":null,"error":null,"warnings":[],"meta":{"duration_ms":5.0}}"#;
    let env = response_envelope::ResponseEnvelope::<serde_json::Value>::from_json_str(text)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(env.meta.duration_ms, 5);
    let bad = text.replace("5.0", "5.5");
    let err = response_envelope::ResponseEnvelope::<serde_json::Value>::from_json_str(&bad).err();
    assert_eq!(
        err.and_then(|e| e.first().map(|e| e.instance_path.clone()))
            .as_deref(),
        Some("/meta/duration_ms")
    );
}

/// Untyped JSON in the generated types (a default `Value` payload, a `Value` property, an
/// undeclared property kept whole) is read by `envgen_runtime::__private::payload`: the same `Value`
/// as `serde_json` reads, with every array allocated at its final size (`serde_json`'s
/// own reader grows it: five items get room for eight).
#[test]
fn untyped_json_is_read_with_containers_sized_once() {
    fn exact(v: &serde_json::Value) -> bool {
        match v {
            serde_json::Value::Array(items) => {
                items.capacity() == items.len() && items.iter().all(exact)
            }
            serde_json::Value::Object(m) => m.values().all(exact),
            _ => true,
        }
    }
    let items = r#"[1,2,3,4,5]"#;
    let envelope = format!(
        r#"{{"ok":true,"data":{{"items":{items}}},"error":null,"warnings":[],"meta":{{"duration_ms":1,"request_id":"r","extra":{{"k":{items}}}}}}}"#
    );
    let env = response_envelope::ResponseEnvelope::<serde_json::Value>::from_json_str(&envelope)
        .unwrap_or_else(|e| panic!("{e}"));
    let data = env.data.as_ref().unwrap_or_else(|| panic!("data"));
    assert!(exact(data), "data: {data}");
    assert_eq!(data["items"].as_array().map(Vec::capacity), Some(5));
    let extra = env
        .meta
        .extra
        .get("extra")
        .unwrap_or_else(|| panic!("meta.extra"));
    assert_eq!(extra["k"].as_array().map(Vec::capacity), Some(5));
    let text = serde_json::to_string(&env).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(text, envelope);

    let tool = format!(
        r#"{{"status":"success","data":{{"entries":{items}}},"text":"t","stats":{{"time_ms":1}},"context":{{"cwd":".","params_input":{{"p":{items}}},"truncation_skip":false}}}}"#
    );
    let t = tool_response::ToolResponse::<serde_json::Value>::from_json_str(&tool)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(t.data["entries"].as_array().map(Vec::capacity), Some(5));
    assert_eq!(
        t.context.params_input["p"].as_array().map(Vec::capacity),
        Some(5)
    );
    assert_eq!(
        serde_json::to_string(&t).unwrap_or_else(|e| panic!("{e}")),
        tool
    );

    let grown: serde_json::Value = serde_json::from_str(items).unwrap_or_default();
    assert_ne!(
        grown.as_array().map(Vec::capacity),
        Some(5),
        "this test's premise"
    );
}
