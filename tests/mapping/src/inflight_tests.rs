//! Errors reported while deserializing: a document the typed parse rejects is reported
//! without a second parse when the generated code knows the error is the schema's, and
//! the error is exactly the one the `Value` validator gives. Everything else takes the
//! two-pass path, and still gets the schema's error.

use crate::inflight::{validate_value, Job};
use envgen_runtime::__private::check::slow_paths;
use envgen_runtime::{Options, ValidationError};
use serde_json::{json, Value};

fn base() -> Value {
    json!({"name": "build", "steps": [{"run": "make"}]})
}

fn with(path: &str, value: Value) -> Value {
    let mut doc = base();
    let mut cur = &mut doc;
    let parts: Vec<&str> = path.split('/').skip(1).collect();
    for (i, p) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            match cur {
                Value::Object(m) => {
                    m.insert((*p).to_owned(), value.clone());
                }
                Value::Array(a) => {
                    let idx: usize = p.parse().expect("index");
                    a[idx] = value.clone();
                }
                _ => panic!("bad fixture path {path}"),
            }
            break;
        }
        cur = match cur {
            Value::Object(m) => m.get_mut(*p).expect("fixture path"),
            Value::Array(a) => &mut a[p.parse::<usize>().expect("index")],
            _ => panic!("bad fixture path {path}"),
        };
    }
    doc
}

fn without(key: &str) -> Value {
    let mut doc = base();
    doc.as_object_mut().expect("object").remove(key);
    doc
}

/// Parses `doc` with `from_json_str`, and returns its first error and whether the slow
/// path ran; asserts the error equals the `Value` validator's first error.
fn first_error(doc: &Value) -> (ValidationError, bool) {
    let text = doc.to_string();
    let before = slow_paths();
    let err = Job::from_json_str(&text).expect_err("the fixture is invalid");
    let slow = slow_paths() != before;
    let first = err.first().expect("an error").clone();
    let expected = validate_value(doc).expect_err("the validator rejects it too");
    assert_eq!(
        &first,
        expected.first().expect("an error"),
        "{text}: from_json_str and validate_value disagree"
    );
    (first, slow)
}

#[track_caller]
fn in_flight(doc: Value, pointer: &str, keyword: &str, schema_path: &str) {
    let (e, slow) = first_error(&doc);
    assert!(!slow, "{doc}: parsed twice; expected the error in flight");
    assert_eq!(
        (
            e.instance_path.as_str(),
            e.keyword.as_str(),
            e.schema_path.as_str()
        ),
        (pointer, keyword, schema_path),
        "{doc}"
    );
}

#[track_caller]
fn two_pass(text: &str, pointer: &str, keyword: &str) {
    let before = slow_paths();
    let err = Job::from_json_str(text).expect_err("the fixture is invalid");
    assert!(slow_paths() != before, "{text}: expected the two-pass path");
    let e = err.first().expect("an error");
    let doc: Value = serde_json::from_str(text).expect("JSON");
    let expected = validate_value(&doc).expect_err("the validator rejects it too");
    assert_eq!(Some(e), expected.first(), "{text}");
    assert_eq!(
        (e.instance_path.as_str(), e.keyword.as_str()),
        (pointer, keyword),
        "{doc}"
    );
}

#[test]
fn the_fixture_parses() {
    let doc = json!({
        "name": "n", "retries": 2, "tags": ["a"], "steps": [{"run": "r", "timeout": 3}],
        "owner": {"team": "t"}, "labels": {"x": {"email": "e"}}, "level": "low",
        "note": null, "matrix": [[1, 2.0], []]
    });
    let job = Job::from_json_str(&doc.to_string()).expect("valid");
    assert_eq!(job.matrix, Some(vec![vec![1, 2], vec![]]));
    assert!(validate_value(&doc).is_ok());
}

#[test]
fn scalars_of_the_wrong_type_or_range_are_reported_in_flight() {
    in_flight(
        with("/name", json!(5)),
        "/name",
        "type",
        "#/properties/name/type",
    );
    in_flight(
        with("/retries", json!(-1)),
        "/retries",
        "minimum",
        "#/properties/retries/minimum",
    );
    in_flight(
        with("/retries", json!(1.5)),
        "/retries",
        "type",
        "#/properties/retries/type",
    );
    in_flight(
        with("/retries", json!("3")),
        "/retries",
        "type",
        "#/properties/retries/type",
    );
    in_flight(
        with("/level", json!("mid")),
        "/level",
        "enum",
        "#/properties/level/enum",
    );
    in_flight(
        with("/note", json!(5)),
        "/note",
        "type",
        "#/properties/note/type",
    );
    in_flight(
        with("/name", json!(null)),
        "/name",
        "type",
        "#/properties/name/type",
    );
}

#[test]
fn values_of_the_wrong_kind_are_reported_in_flight() {
    in_flight(
        with("/name", json!({"a": 1})),
        "/name",
        "type",
        "#/properties/name/type",
    );
    in_flight(
        with("/tags", json!("a")),
        "/tags",
        "type",
        "#/properties/tags/type",
    );
    in_flight(
        with("/steps", json!({"run": "x"})),
        "/steps",
        "type",
        "#/properties/steps/type",
    );
    in_flight(
        with("/steps/0", json!(["run"])),
        "/steps/0",
        "type",
        "#/definitions/Step/type",
    );
}

#[test]
fn array_items_add_their_index() {
    in_flight(
        with("/tags", json!(["a", "b", 3])),
        "/tags/2",
        "type",
        "#/properties/tags/items/type",
    );
    in_flight(
        with("/steps", json!([{"run": "a"}, {"run": "b", "timeout": 0}])),
        "/steps/1/timeout",
        "minimum",
        "#/definitions/Step/properties/timeout/minimum",
    );
    in_flight(
        with("/matrix", json!([[1], [2, "x"]])),
        "/matrix/1/1",
        "type",
        "#/properties/matrix/items/items/type",
    );
}

#[test]
fn required_and_additional_properties_are_reported_in_flight() {
    in_flight(without("steps"), "", "required", "#/required");
    in_flight(
        with("/surprise", json!(1)),
        "",
        "additionalProperties",
        "#/additionalProperties",
    );
    in_flight(
        with("/steps", json!([{"run": "a"}, {}])),
        "/steps/1",
        "required",
        "#/definitions/Step/required",
    );
    in_flight(
        with("/steps/0", json!({"run": "a", "shell": "sh"})),
        "/steps/0",
        "additionalProperties",
        "#/definitions/Step/additionalProperties",
    );
}

#[test]
fn errors_inside_a_one_of_are_the_unions_and_reported_in_flight() {
    // `Person` fails on `email` while deserializing, but the schema's error is the
    // `oneOf`'s: the in-flight error of the alternative must not escape. The union of
    // `Person` and `Team` (no tag) decodes from a buffered `Value`; when neither takes
    // it, that value is validated in place, not the document a second time.
    in_flight(
        with("/owner", json!({"email": 5})),
        "/owner",
        "oneOf",
        "#/properties/owner/oneOf",
    );
    in_flight(
        with("/owner", json!({})),
        "/owner",
        "oneOf",
        "#/properties/owner/oneOf",
    );
}

#[test]
fn tuple_items_get_the_schemas_error() {
    // `items` in tuple form: items are never checked in flight (their reads are opaque);
    // whichever path reports it, the error is the `Value` validator's.
    for (doc, pointer, keyword) in [
        (with("/pair", json!([{}, "x"])), "/pair/0", "required"),
        (with("/pair", json!([{"run": "a"}, 5])), "/pair/1", "type"),
        (
            with("/pair", json!([{"run": "a"}, "x", 1])),
            "/pair/2",
            "false",
        ),
    ] {
        let (e, _) = first_error(&doc);
        assert_eq!(
            (e.instance_path.as_str(), e.keyword.as_str()),
            (pointer, keyword),
            "{doc}"
        );
    }
}

#[test]
fn patterns_are_checked_after_the_parse() {
    // A pattern is not a parse failure: the typed check reports it, with no second parse.
    in_flight(
        with("/code", json!("AB-12x")),
        "/code",
        "pattern",
        "#/properties/code/pattern",
    );
    let ok = with("/code", json!("AB-12"));
    assert!(Job::from_json_str(&ok.to_string()).is_ok());
}

#[test]
fn errors_inside_a_map_are_judged_at_the_map() {
    // The map does not add its keys to an error raised inside it: the error is judged at
    // the property holding the map, whose value is checked by its validator, in flight.
    in_flight(
        with("/labels", json!({"a": {"email": 5}})),
        "/labels/a/email",
        "type",
        "#/definitions/Person/properties/email/type",
    );
}

#[test]
fn a_property_named_with_an_escape_is_left_to_the_two_pass_path() {
    // Its name is not borrowed from the input, so where its value stands is not known
    // when the error is taken: the two-pass path locates the error.
    two_pass(
        r#"{"name":"build","steps":[{"run":"make"}],"lab\u0065ls":{"a":{"email":5}}}"#,
        "/labels/a/email",
        "type",
    );
}

#[test]
fn a_stale_error_from_a_discarded_alternative_is_never_reported() {
    // `Person` is tried first and fails in flight; `Team` matches. The next failure is
    // inside a map, judged at the map: its own error is reported, not the stale one.
    let doc = json!({
        "name": "n", "steps": [], "owner": {"team": "t"},
        "labels": {"a": {"email": 5}}
    });
    in_flight(
        doc,
        "/labels/a/email",
        "type",
        "#/definitions/Person/properties/email/type",
    );
    let ok = json!({"name": "n", "steps": [], "owner": {"team": "t"}});
    assert!(Job::from_json_str(&ok.to_string()).is_ok());
}

#[test]
fn a_discarded_alternative_leaves_no_record_for_the_next_failure() {
    // `Person` is tried first on `owner` and fails in flight; `Team` takes it. The errors
    // of the alternative are dropped with it (`union::attempt`): the failures that follow
    // are judged on their own, in flight, whichever property they are at (a record left
    // behind would be taken for theirs, since an error is known by its record).
    for (doc, pointer, keyword, schema_path) in [
        (
            json!({"name": "n", "steps": [], "owner": {"team": "t"}, "retries": "x"}),
            "/retries",
            "type",
            "#/properties/retries/type",
        ),
        (
            json!({"name": "n", "steps": [], "owner": {"team": "t"}, "retries": 11}),
            "/retries",
            "maximum",
            "#/properties/retries/maximum",
        ),
        (
            json!({"owner": {"team": "t"}, "name": "n", "steps": [{}]}),
            "/steps/0",
            "required",
            "#/definitions/Step/required",
        ),
        (
            json!({"owner": {"team": "t"}, "name": "n"}),
            "",
            "required",
            "#/required",
        ),
    ] {
        in_flight(doc, pointer, keyword, schema_path);
    }
}

#[test]
fn syntax_errors_and_all_errors_mode_take_the_two_pass_path() {
    let before = slow_paths();
    let err = Job::from_json_str(r#"{"name": "n", "steps": ["#).expect_err("truncated");
    assert_eq!(err.first().map(|e| e.keyword.as_str()), Some("syntax"));
    assert_eq!(slow_paths(), before + 1);
    // Errors are found in document order: a schema error before the syntax error is the
    // one reported (the parse stops there, as serde's does).
    let err = Job::from_json_str(r#"{"name": 5, "steps": ["#).expect_err("truncated");
    assert_eq!(err.first().map(|e| e.keyword.as_str()), Some("type"));
    assert_eq!(slow_paths(), before + 1);

    let doc = json!({"name": 5, "retries": -1, "steps": [{}]});
    let all = Job::from_json_str_with(&doc.to_string(), &Options::new().all_errors(true))
        .expect_err("invalid");
    assert_eq!(all.len(), 3, "{all}");
    assert_eq!(slow_paths(), before + 2);
}

#[test]
fn outside_from_json_str_serde_keeps_its_own_errors() {
    // A plain serde parse records nothing and words its errors as serde does.
    let e = serde_json::from_str::<Job>(r#"{"name": "n"}"#).expect_err("missing steps");
    assert_eq!(
        e.to_string(),
        "missing required property \"steps\" at line 1 column 13"
    );
    let e = serde_json::from_str::<Job>(r#"{"name": 5, "steps": []}"#).expect_err("type");
    assert!(
        e.to_string()
            .starts_with("invalid type: integer `5`, expected a string"),
        "{e}"
    );
}

/// A text that is not JSON is refused as such (keyword `syntax`) wherever it breaks: in a
/// struct field, an array item, a tuple, a map value, inside a `oneOf`, past a number's
/// range, past the nesting limit, after the value. The runtime tells these from the
/// schema's errors by serde_json's error category (`Error::classify`), not by the wording
/// of its messages.
#[test]
fn a_broken_text_is_a_syntax_error_wherever_it_breaks() {
    let deep = |levels: usize| {
        format!(
            r#"{{"name": "n", "steps": [], "matrix": {}{}}}"#,
            "[".repeat(levels),
            "]".repeat(levels)
        )
    };
    let broken = [
        r#"{"name": "n", "steps": [{"run": "a""#.to_owned(),
        r#"{"name": "n", "steps": [], "owner": {"team": "t""#.to_owned(),
        r#"{"name": "n", "steps": [], "owner": {"team" "t"}}"#.to_owned(),
        r#"{"name": "n", "steps": [], "owner": {"email": "\uD800\u0041"}}"#.to_owned(),
        r#"{"name": "n", "steps": [], "labels": {"a": {"email": "x"},}}"#.to_owned(),
        r#"{"name": "n\x", "steps": []}"#.to_owned(),
        "{\"name\": \"a\u{1}b\", \"steps\": []}".to_owned(),
        r#"{"name": "n", "steps": [], "retries": 1e999}"#.to_owned(),
        r#"{"name": "n", "steps": [], "matrix": [[1, 2], [3 4]]}"#.to_owned(),
        r#"{"name": "n", "steps": [], "pair": [{"run": "a"}, "b""#.to_owned(),
        r#"{"name": "n", "steps": [], "tags": ["a", tru]}"#.to_owned(),
        r#"{"name": "n", "steps": [], "level": "low"} x"#.to_owned(),
        deep(200),
    ];
    for text in &broken {
        assert!(
            serde_json::from_str::<Value>(text).is_err(),
            "{text} is JSON"
        );
        let err = Job::from_json_str(text).expect_err(text);
        assert_eq!(
            err.first().map(|e| e.keyword.as_str()),
            Some("syntax"),
            "{text}: {err:?}"
        );
    }
    // The same documents with the text mended are accepted or refused by the schema.
    let mended = r#"{"name": "n", "steps": [], "owner": {"team": "t"}, "retries": 11}"#;
    let err = Job::from_json_str(mended).expect_err("retries above 10");
    assert_eq!(err.first().map(|e| e.keyword.as_str()), Some("maximum"));
}
