//! Malformed schemas give located errors (file, JSON pointer, and line/column where the
//! text is known), never a panic. The messages are one snapshot, to review on change.

use envgen_codegen::{generate_source, Settings};

/// (name, schema text, expected pointer)
const CASES: &[(&str, &str, &str)] = &[
    (
        "invalid JSON",
        "{\n  \"type\": \"object\",\n  \"properties\": {\n",
        "",
    ),
    ("empty file", "", ""),
    ("not a schema", "[1, 2]", ""),
    (
        "missing $ref target",
        r##"{"properties": {"a": {"$ref": "#/definitions/nope"}}}"##,
        "/properties/a/$ref",
    ),
    (
        "missing anchor",
        r##"{"properties": {"a": {"$ref": "#nope"}}}"##,
        "/properties/a/$ref",
    ),
    (
        "non-object properties",
        r#"{"type": "object", "properties": ["a", "b"]}"#,
        "/properties",
    ),
    (
        "property schema not a schema",
        r#"{"properties": {"a": 5}}"#,
        "/properties/a",
    ),
    (
        "unknown type name",
        r#"{"type": "object", "properties": {"a": {"type": "strin"}}}"#,
        "/properties/a/type",
    ),
    (
        "bad entry in a type array",
        r#"{"type": ["string", 3]}"#,
        "/type/1",
    ),
    ("required not an array", r#"{"required": "a"}"#, "/required"),
    (
        "required lists a name twice",
        r#"{"required": ["a", "a"]}"#,
        "/required/1",
    ),
    ("enum not an array", r#"{"enum": "a"}"#, "/enum"),
    (
        "negative minLength",
        r#"{"type": "string", "minLength": -1}"#,
        "/minLength",
    ),
    (
        "multipleOf zero",
        r#"{"type": "number", "multipleOf": 0}"#,
        "/multipleOf",
    ),
    ("empty allOf", r#"{"allOf": []}"#, "/allOf"),
    (
        "draft-04 exclusiveMinimum in draft-07",
        r#"{"$schema": "http://json-schema.org/draft-07/schema#", "type": "integer", "minimum": 0, "exclusiveMinimum": true}"#,
        "/exclusiveMinimum",
    ),
    (
        "draft-07 exclusiveMinimum in draft-04",
        r#"{"$schema": "http://json-schema.org/draft-04/schema#", "type": "integer", "exclusiveMinimum": 0}"#,
        "/exclusiveMinimum",
    ),
    (
        "$dynamicRef",
        r##"{"$schema": "https://json-schema.org/draft/2020-12/schema", "$dynamicRef": "#meta"}"##,
        "/$dynamicRef",
    ),
    (
        "unevaluatedProperties",
        r#"{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "unevaluatedProperties": false}"#,
        "/unevaluatedProperties",
    ),
    (
        "cyclic $ref with no base case",
        r##"{"properties": {"x": {"$ref": "#/definitions/a"}}, "definitions": {"a": {"$ref": "#/definitions/b"}, "b": {"$ref": "#/definitions/a"}}}"##,
        "/definitions/a/$ref",
    ),
    (
        "$ref not a string",
        r#"{"properties": {"a": {"$ref": 5}}}"#,
        "/properties/a/$ref",
    ),
    ("$schema not a string", r#"{"$schema": 7}"#, "/$schema"),
    (
        "reference to an unloaded document",
        r#"{"properties": {"a": {"$ref": "other.json#/definitions/a"}}}"#,
        "/properties/a/$ref",
    ),
    (
        "items not a schema",
        r#"{"type": "array", "items": 3}"#,
        "/items",
    ),
    (
        "dependencies entry not a list or schema",
        r#"{"$schema": "http://json-schema.org/draft-07/schema#", "dependencies": {"a": 3}}"#,
        "/dependencies/a",
    ),
];

#[test]
fn malformed_schemas_give_located_errors() {
    let mut report = String::new();
    for (name, text, pointer) in CASES {
        let result = std::panic::catch_unwind(|| {
            generate_source("schemas/bad.json", text, &Settings::new())
        });
        let outcome = match result {
            Err(_) => panic!("{name}: codegen panicked"),
            Ok(r) => r,
        };
        let err = match outcome {
            Ok(_) => panic!("{name}: expected an error, but code was generated"),
            Err(e) => e,
        };
        assert_eq!(err.file, "schemas/bad.json", "{name}: {err}");
        assert_eq!(&err.pointer, pointer, "{name}: {err}");
        let shown = err.to_string();
        assert!(
            shown.starts_with(&format!("schemas/bad.json#{pointer}")),
            "{name}: {shown}"
        );
        report.push_str(&format!("## {name}\n{shown}\n\n"));
    }
    insta::assert_snapshot!(report);
}

#[test]
fn invalid_json_names_line_and_column() {
    let err = generate_source(
        "schemas/x.json",
        "{\n  \"type\": \"object\",\n  \"properties\": {\n",
        &Settings::new(),
    )
    .err();
    let pos = err.as_ref().and_then(|e| e.position);
    assert_eq!(pos.map(|p| p.0), Some(4), "{err:?}");
}

#[test]
fn errors_inside_the_document_name_line_and_column() {
    let text = "{\n  \"properties\": {\n    \"a\": {\"type\": \"strin\"}\n  }\n}";
    let err = generate_source("schemas/x.json", text, &Settings::new()).err();
    assert_eq!(
        err.as_ref().and_then(|e| e.position),
        Some((3, 19)),
        "{err:?}"
    );
    let shown = err.map(|e| e.to_string()).unwrap_or_default();
    assert!(
        shown.contains("schemas/x.json#/properties/a/type (line 3, column 19)"),
        "{shown}"
    );
}

#[test]
fn a_bad_generic_setting_is_an_error_not_a_panic() {
    let text = r#"{"type": "object", "properties": {"data": {}}}"#;
    let err = generate_source(
        "s.json",
        text,
        &Settings::new().generic("/properties/nope", "T"),
    )
    .err();
    assert_eq!(
        err.map(|e| e.pointer.clone()).as_deref(),
        Some("/properties/nope")
    );
    let err = generate_source(
        "s.json",
        text,
        &Settings::new().generic("/properties/data", "Deser"),
    )
    .err();
    assert!(err.is_some());
}
