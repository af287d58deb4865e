//! When an array schema becomes a tuple struct (docs/type-mapping.md, "Tuples"), as the
//! generated source shows it. (Behaviour of the generated code: `tests/mapping`,
//! `src/tuple_tests.rs`.)

use envgen_codegen::{generate_source, Settings};

/// The generated source with all whitespace removed and no trailing comma before `)`, so
/// that a declaration reads the same however the printer breaks its lines.
fn generate(schema: &str) -> String {
    let src = generate_source("m.json", schema, &Settings::new()).unwrap_or_else(|e| panic!("{e}"));
    let mut out: String = src.split_whitespace().collect();
    while out.contains(",)") {
        out = out.replace(",)", ")");
    }
    out
}

fn object(property: &str) -> String {
    format!(
        r#"{{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": {{"a": {property}}}}}"#
    )
}

#[test]
fn without_min_items_the_array_stays_a_vec_of_values() {
    // `[]` and `["x"]` are valid: no tuple holds them.
    for a in [
        r#"{"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": false}"#,
        r#"{"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "minItems": 1}"#,
    ] {
        let out = generate(&object(a));
        assert!(
            out.contains("puba:Option<Vec<::serde_json::Value>>"),
            "{a}: {out}"
        );
        assert!(!out.contains("pubstructMA("), "{a}: {out}");
    }
}

#[test]
fn a_false_tail_closes_the_tuple() {
    let out = generate(&object(
        r#"{"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": false, "minItems": 2}"#,
    ));
    assert!(out.contains("puba:Option<MA>"), "{out}");
    assert!(out.contains("pubstructMA(pubString,pubi64);"), "{out}");
    // Closed: the conversions take exactly the items.
    assert!(out.contains("From<(String,i64)>forMA"), "{out}");
    assert!(out.contains("From<MA>for(String,i64)"), "{out}");
}

#[test]
fn max_items_closes_the_tuple() {
    let out = generate(&object(
        r#"{"type": "array", "prefixItems": [{"type": "boolean"}], "minItems": 1, "maxItems": 1}"#,
    ));
    assert!(out.contains("pubstructMA(pubbool);"), "{out}");
}

#[test]
fn an_open_tuple_keeps_the_further_items() {
    let typed = generate(&object(
        r#"{"type": "array", "prefixItems": [{"type": "string"}], "items": {"type": "boolean"}, "minItems": 1}"#,
    ));
    assert!(
        typed.contains("pubstructMA(pubString,///Theitemsafterthefirst1.pubVec<bool>);"),
        "{typed}"
    );
    assert!(typed.contains("From<(String,Vec<bool>)>forMA"), "{typed}");
    let any = generate(&object(
        r#"{"type": "array", "prefixItems": [{"type": "string"}], "minItems": 3}"#,
    ));
    assert!(
        any.contains("pubVec<::serde_json::Value>);"),
        "no tail schema: any further item: {any}"
    );
}

#[test]
fn min_items_and_max_items_merge_through_all_of() {
    let out = generate(&object(
        r#"{"type": "array", "prefixItems": [{"type": "integer"}], "allOf": [{"minItems": 2}, {"maxItems": 1}]}"#,
    ));
    assert!(out.contains("pubstructMA(pubi64);"), "{out}");
}

#[test]
fn a_tail_after_a_longer_prefix_does_not_type_the_rest() {
    // `items: false` follows the member's three items, not the tuple's one: the rest is
    // open and untyped.
    let out = generate(&object(
        r#"{"type": "array", "minItems": 1, "allOf": [{"prefixItems": [{"type": "integer"}]}, {"prefixItems": [true, true, true], "items": false}]}"#,
    ));
    assert!(
        out.contains(
            "pubstructMA(pubi64,///Theitemsafterthefirst1,keptasJSON.pubVec<::serde_json::Value>);"
        ),
        "{out}"
    );
}

#[test]
fn draft_07_array_form_items_and_additional_items() {
    let out = generate(
        r#"{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": {"a":
            {"type": "array", "items": [{"type": "string"}, {"type": ["number", "null"]}], "additionalItems": false, "minItems": 2}}}"#,
    );
    assert!(
        out.contains("pubstructMA(pubString,pubOption<f64>);"),
        "{out}"
    );
}

#[test]
fn items_are_named_and_documented_and_recursion_is_boxed() {
    let out = generate(
        r##"{"$schema": "https://json-schema.org/draft/2020-12/schema", "$ref": "#/$defs/List", "$defs": {"List": {
            "description": "A list.",
            "type": "array",
            "prefixItems": [
                {"type": "object", "description": "The head.", "properties": {"v": {"type": "integer"}}},
                {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/List"}]}
            ],
            "items": false,
            "minItems": 2
        }}}"##,
    );
    assert!(out.contains("///Alist."), "{out}");
    assert!(
        out.contains("pubstructList(///Thehead.pubListItem0,pubOption<Box<List>>);"),
        "{out}"
    );
}
