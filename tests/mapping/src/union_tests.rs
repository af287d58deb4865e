//! Unions decoded by their tag, and errors under unions reported while parsing
//! (`schemas/unions/tagged.json`):
//!
//! * a tagged union (`kind`, `status`) dispatches on its tag: no `serde_json::Value` is
//!   buffered when the tag comes first, only the entries before it when it comes later
//!   (`envgen_runtime::__private::union::buffered` counts them); its variants are named from the tag
//!   values;
//! * an error inside an alternative of a union (a nullable `$ref`, a tagged union, a union
//!   of one object shape and scalars) is reported in flight (no second parse,
//!   `envgen_runtime::__private::check::slow_paths`), and equals the `Value` validator's first error;
//!   so is a value that no alternative of an untagged union of objects takes (its
//!   buffered `Value` is validated in place).

use crate::tagged::{
    validate_value, Backoff, Batch, BatchRetries, Call, Grep, Ls, Outcome, OutcomeError,
    OutcomeErrorError, OutcomeSuccess, Shape,
};
use envgen_runtime::__private::check::slow_paths;
use envgen_runtime::__private::union::buffered;
use serde_json::{json, Value};

/// Parses `text` as a `Batch`, returning it with how many values were buffered and
/// whether the slow path ran.
fn parse(text: &str) -> (Result<Batch, envgen_runtime::ValidationErrors>, u64, bool) {
    let (b, s) = (buffered(), slow_paths());
    let parsed = Batch::from_json_str(text);
    (parsed, buffered() - b, slow_paths() != s)
}

fn ok_result() -> Value {
    json!({"status": "success", "data": {"n": 1}})
}

#[test]
fn a_tag_first_dispatches_with_nothing_buffered() {
    let text = json!({
        "call": {"kind": "grep", "pattern": "fn main", "files": ["src/main.rs"]},
        "result": ok_result(),
    })
    .to_string();
    let (parsed, buffered, slow) = parse(&text);
    let batch = parsed.unwrap_or_else(|e| panic!("{e:#}"));
    assert_eq!((buffered, slow), (0, false));
    assert_eq!(
        batch.call,
        Call::Grep(Grep {
            pattern: "fn main".into(),
            files: Some(vec!["src/main.rs".into()]),
        })
    );
    let mut data = serde_json::Map::new();
    data.insert("n".into(), json!(1));
    assert_eq!(batch.result, Outcome::Success(OutcomeSuccess { data }));
    // The round trip gives the document back.
    assert_eq!(
        serde_json::to_value(&batch).ok(),
        serde_json::from_str::<Value>(&text).ok()
    );
}

#[test]
fn a_tag_later_buffers_only_the_entries_before_it() {
    // `path` and `depth` precede `call`'s tag, `error` precedes `result`'s: three entries
    // (buffering whole unions would count two values).
    let text = r#"{"call": {"path": "src", "depth": 2, "kind": "ls"},
                   "result": {"error": {"code": "E1", "message": "m"}, "status": "error"}}"#;
    let (parsed, buffered, slow) = parse(text);
    let batch = parsed.unwrap_or_else(|e| panic!("{e:#}"));
    assert_eq!((buffered, slow), (3, false));
    assert_eq!(
        batch.call,
        Call::Ls(Ls {
            path: "src".into(),
            depth: Some(2),
        })
    );
    assert_eq!(
        batch.result,
        Outcome::Error(OutcomeError {
            error: OutcomeErrorError {
                code: "E1".into(),
                message: "m".into(),
            },
        })
    );
    let text = r#"{"call": {"path": "src", "kind": "ls"},
                   "result": {"data": {}, "note": "cut", "status": "partial"}}"#;
    let (parsed, buffered, _) = parse(text);
    assert!(matches!(
        parsed,
        Ok(Batch {
            result: Outcome::Partial(_),
            ..
        })
    ));
    assert_eq!(buffered, 3);
}

#[test]
fn a_union_of_one_object_shape_and_scalars_dispatches_on_the_kind() {
    // `retries` is a union of an integer and one object shape: it dispatches on the JSON
    // kind, buffering nothing (nor do the tagged `call` and `result`, tag first).
    let text = json!({"call": {"kind": "ls", "path": "."}, "result": ok_result(),
                      "retries": {"seconds": 5}})
    .to_string();
    let (parsed, buffered, _) = parse(&text);
    let batch = parsed.unwrap_or_else(|e| panic!("{e:#}"));
    assert_eq!(buffered, 0);
    assert_eq!(
        batch.retries,
        Some(BatchRetries::Backoff(Backoff { seconds: 5 }))
    );
}

/// `from_json_str`'s first error on `doc`, asserted equal to `validate_value`'s first,
/// with whether it took the slow path.
fn first_error(doc: &Value) -> (envgen_runtime::ValidationError, bool) {
    let text = doc.to_string();
    let (parsed, _, slow) = parse(&text);
    let errors = parsed.expect_err("the fixture is invalid");
    let first = errors.first().expect("an error").clone();
    let expected = validate_value(doc).expect_err("the validator rejects it too");
    assert_eq!(
        Some(&first),
        expected.first(),
        "{text}: from_json_str and validate_value disagree"
    );
    (first, slow)
}

#[test]
fn errors_inside_union_alternatives_are_reported_in_flight() {
    let call = json!({"kind": "ls", "path": "src"});
    let cases = [
        // A nullable `$ref`: an error inside the object.
        (
            json!({"call": call, "result": ok_result(), "previous": {"kind": "ls", "path": ""}}),
            "/previous",
            "oneOf",
        ),
        (
            json!({"call": call, "result": ok_result(), "previous": {"kind": "ls"}}),
            "/previous",
            "oneOf",
        ),
        // Tagged unions, with the tag first and later.
        (
            json!({"call": {"kind": "grep", "pattern": 3}, "result": ok_result()}),
            "/call",
            "oneOf",
        ),
        (
            json!({"call": {"path": "src", "kind": "ls", "extra": 1}, "result": ok_result()}),
            "/call",
            "oneOf",
        ),
        (
            json!({"call": call, "result": {"status": "error", "error": {"code": "", "message": "m"}}}),
            "/result",
            "oneOf",
        ),
        (
            json!({"call": call, "result": {"error": {"code": "E"}, "status": "error"}}),
            "/result",
            "oneOf",
        ),
        // One object shape among scalars.
        (
            json!({"call": call, "result": ok_result(), "retries": {"seconds": 0}}),
            "/retries",
            "anyOf",
        ),
        (
            json!({"call": call, "result": ok_result(), "retries": -1}),
            "/retries",
            "anyOf",
        ),
    ];
    for (doc, at, keyword) in cases {
        let (first, slow) = first_error(&doc);
        assert_eq!(
            (first.instance_path.as_str(), first.keyword.as_str(), slow),
            (at, keyword, false),
            "{doc}"
        );
        assert!(
            first.message.contains("alternatives"),
            "{doc}: {}",
            first.message
        );
    }
}

#[test]
fn a_value_an_alternative_accepts_but_its_type_cannot_hold_is_no_union_error() {
    // `seconds` is an integer with no maximum: 2^64 fits the schema, so the document is
    // valid, and the `anyOf` does not fail. The typed parse cannot hold it (a `u64`): the
    // refusal inside the alternative must not be reported as the union's error, but as
    // the narrowing it is, at the value.
    let text = json!({"call": {"kind": "ls", "path": "."}, "result": ok_result()})
        .to_string()
        .replacen('}', r#"}, "retries": {"seconds": 18446744073709551616}"#, 1);
    let doc: Value = serde_json::from_str(&text).expect("JSON");
    assert!(
        validate_value(&doc).is_ok(),
        "{text}: the schema accepts it"
    );
    let (parsed, _, slow) = parse(&text);
    let errors = parsed.expect_err("a u64 cannot hold 2^64");
    let first = errors.first().expect("an error");
    assert!(slow, "{text}: judged by the slow path");
    assert_eq!(
        (first.instance_path.as_str(), first.keyword.as_str()),
        ("/retries/seconds", "type"),
        "{first:?}"
    );
    assert!(first.message.contains("cannot hold"), "{}", first.message);
}

#[test]
fn an_untagged_union_of_objects_is_buffered_and_its_errors_are_in_flight() {
    let call = json!({"kind": "ls", "path": "src"});
    let text =
        json!({"call": call, "result": ok_result(), "shape": {"w": 2, "h": 3.5}}).to_string();
    let (parsed, buffered, _) = parse(&text);
    let batch = parsed.unwrap_or_else(|e| panic!("{e:#}"));
    assert_eq!(buffered, 1);
    assert!(matches!(batch.shape, Some(Shape::Rect(_))));
    for shape in [
        json!({"r": -1}),
        json!({"r": 1, "w": 1, "h": 2}),
        json!({"w": 1}),
        json!([1]),
    ] {
        let doc = json!({"call": call, "result": ok_result(), "shape": shape});
        let (first, slow) = first_error(&doc);
        assert_eq!(
            (first.instance_path.as_str(), first.keyword.as_str(), slow),
            ("/shape", "oneOf", false),
            "{doc}"
        );
    }
}

#[test]
fn an_unknown_or_missing_tag_is_the_unions_error() {
    let call = json!({"kind": "ls", "path": "src"});
    for doc in [
        json!({"call": {"kind": "find", "path": "src"}, "result": ok_result()}),
        json!({"call": {"path": "src"}, "result": ok_result()}),
        json!({"call": {"kind": 7, "path": "src"}, "result": ok_result()}),
        json!({"call": call, "result": {"status": "done", "data": {}}}),
        json!({"call": "ls", "result": ok_result()}),
    ] {
        let (first, _) = first_error(&doc);
        assert_eq!(first.keyword, "oneOf", "{doc}");
    }
}
