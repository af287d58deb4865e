//! Type mapping decisions that show in the generated source: what is mapped, which mapping
//! wins, and the errors bad mappings give. (Behaviour with real crates: `tests/mapping`.)

use envgen_codegen::{generate_source, Settings};

fn chrono() -> Settings {
    Settings::new().map_format("date-time", "::chrono::DateTime<::chrono::Utc>")
}

fn generate(schema: &str, settings: &Settings) -> String {
    generate_source("m.json", schema, settings).unwrap_or_else(|e| panic!("{e}"))
}

fn error(schema: &str, settings: &Settings) -> String {
    match generate_source("m.json", schema, settings) {
        Ok(src) => panic!("expected an error, got:\n{src}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn only_a_string_schemas_own_format_is_mapped() {
    let out = generate(
        r#"{"type": "object", "properties": {
            "a": {"type": "string", "format": "date-time"},
            "b": {"format": "date-time"},
            "c": {"type": "string", "allOf": [{"format": "date-time"}]},
            "d": {"type": ["string", "null"], "format": "date-time"}
        }}"#,
        &chrono(),
    );
    assert!(
        out.contains("pub a: Option<::chrono::DateTime<::chrono::Utc>>,"),
        "{out}"
    );
    assert!(out.contains("pub b: Option<::serde_json::Value>,"), "{out}");
    assert!(out.contains("pub c: Option<String>,"), "{out}");
    assert!(
        out.contains("pub d: Option<Option<::chrono::DateTime<::chrono::Utc>>>,"),
        "{out}"
    );
}

#[test]
fn a_whole_schema_mapping_wins_over_a_format_mapping() {
    let schema = r#"{"type": "object", "properties": {
        "a": {"type": "string", "format": "date-time", "x-rust-type": "crate::When"}
    }}"#;
    assert!(generate(schema, &chrono()).contains("pub a: Option<crate::When>,"));
    let pointer = chrono().map_type("/properties/a", "crate::Other");
    assert!(generate(schema, &pointer).contains("pub a: Option<crate::Other>,"));
    let ignored = chrono().rust_type_extension(false);
    assert!(
        generate(schema, &ignored).contains("pub a: Option<::chrono::DateTime<::chrono::Utc>>,")
    );
}

#[test]
fn without_mappings_the_output_is_the_unmapped_one() {
    let schema =
        r#"{"type": "object", "properties": {"a": {"type": "string", "format": "date-time"}}}"#;
    let plain = generate(schema, &Settings::new());
    assert!(plain.contains("pub a: Option<String>,"));
    assert!(!plain.contains("parse_s"));
    // A format nobody mapped leaves the output as it was.
    let other = Settings::new().map_format("uuid", "::uuid::Uuid");
    assert_eq!(generate(schema, &other), plain);
}

#[test]
fn the_root_cannot_be_mapped() {
    let e = error(
        r#"{"type": "object", "x-rust-type": "crate::Doc"}"#,
        &Settings::new(),
    );
    assert!(
        e.contains("m.json") && e.contains("the root schema cannot be mapped"),
        "{e}"
    );
}

#[test]
fn a_generic_x_rust_type_is_not_applied_and_the_schema_still_generates() {
    // typify's own test schema (`Option` with `parameters`): envgen does not map generic
    // types, so the schema's own type is generated, exactly as with the extension off.
    let schema = r#"{"type": "object", "properties": {"a": {"type": "string", "x-rust-type": {"crate": "x", "version": "1", "path": "x::Y", "parameters": [{"type": "string"}]}}}}"#;
    let with = generate(schema, &Settings::new());
    assert!(with.contains("pub a: Option<String>,"), "{with}");
    assert_eq!(
        with,
        generate(schema, &Settings::new().rust_type_extension(false))
    );
    // Without parameters, the same extension maps.
    let plain = schema.replace(r#", "parameters": [{"type": "string"}]"#, "");
    assert!(generate(&plain, &Settings::new()).contains("pub a: Option<x::Y>,"));
}

#[test]
fn malformed_paths_and_pointers_are_located() {
    let e = error(
        r#"{"type": "object", "properties": {"a": {"x-rust-type": "not a type"}}}"#,
        &Settings::new(),
    );
    assert!(
        e.contains("m.json#/properties/a/x-rust-type") && e.contains("not a Rust type"),
        "{e}"
    );
    let e = error(
        r#"{"type": "object", "properties": {"a": {"type": "string"}}}"#,
        &Settings::new().map_type("/properties/b", "crate::B"),
    );
    assert!(
        e.contains("m.json#/properties/b") && e.contains("names no schema"),
        "{e}"
    );
}

/// A `oneOf` branch that adds a `const` tag to one `allOf` member whose own tag is a free
/// string: the variant holds the branch's merged type, whose tag is implied. A referenced
/// member stays a type of its own (`B`, whose property types keep its name); an inline
/// member adds no type.
#[test]
fn a_tag_wrapper_over_a_wider_member_holds_the_merged_type() {
    let schema = r##"{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "U",
      "oneOf": [
        {"type": "object", "required": ["kind"], "properties": {"kind": {"const": "a"}},
         "allOf": [{"type": "object", "properties": {"kind": {"type": "string"}, "x": {"type": "integer"}}}]},
        {"type": "object", "required": ["kind"], "properties": {"kind": {"const": "b"}},
         "allOf": [{"$ref": "#/$defs/B"}]}],
      "$defs": {"B": {"type": "object", "properties": {"kind": {"type": "string"}, "y": {"enum": ["p", "q"]}}}}}"##;
    let src = generate(schema, &Settings::new().builders(false));
    assert!(
        src.contains("    A(UA),") && src.contains("    B(UB),"),
        "{src}"
    );
    assert!(
        src.contains(r#"pub const KIND: &'static str = "a";"#),
        "{src}"
    );
    assert!(
        src.contains("pub struct B {") && src.contains("pub enum BY {"),
        "{src}"
    );
    assert!(
        !src.contains("pub enum UBY"),
        "the member's property types keep its name: {src}"
    );
    let types = src.matches("\npub struct ").count() + src.matches("\npub enum ").count();
    // U, UA, UAKind, B, BY, UB, UBKind: no type for the inline member.
    assert_eq!(types, 7, "{src}");
}
