//! Hostile schemas: very many properties, a huge enum, hundreds of alternatives, a long
//! `$ref` chain, deep nesting and a self-referencing `allOf`, built here. Each either
//! generates or is refused with an error that names the file, a line and a pointer; none
//! panics or overflows the stack. These run on the test harness's 2 MiB threads, in the
//! test profile, so a recursion per nesting level that did not fit would abort here.

use envgen_codegen::{generate_source, Settings};

/// Generates `text` as `name`, catching a panic as a failure of the test.
fn outcome(name: &str, text: &str) -> envgen_codegen::Result<String> {
    std::panic::catch_unwind(|| generate_source(name, text, &Settings::new()))
        .unwrap_or_else(|_| panic!("{name}: codegen panicked"))
}

fn generates(name: &str, text: &str) -> String {
    outcome(name, text).unwrap_or_else(|e| panic!("{name}: refused: {e}"))
}

/// The refusal of `text`, checked to name the file, a line and column, and a pointer
/// that exists in the document.
fn refused(name: &str, text: &str) -> envgen_codegen::Error {
    let e = outcome(name, text)
        .err()
        .unwrap_or_else(|| panic!("{name}: generated"));
    assert_eq!(e.file, name, "{e}");
    assert!(e.position.is_some(), "{name}: no line and column: {e}");
    // The pointer must lead to a value of the document. The document may be nested far
    // deeper than a test thread's stack allows a recursive parse: check on a big stack.
    let pointer = e.pointer.clone();
    let text = text.to_owned();
    let found = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || {
            use serde::Deserialize;
            let mut de = serde_json::Deserializer::from_str(&text);
            de.disable_recursion_limit();
            let value = serde_json::Value::deserialize(&mut de).unwrap_or_else(|e| panic!("{e}"));
            let found = value.pointer(&pointer).is_some();
            // Take the deep value apart without recursion.
            let mut stack = vec![value];
            while let Some(v) = stack.pop() {
                match v {
                    serde_json::Value::Array(a) => stack.extend(a),
                    serde_json::Value::Object(o) => stack.extend(o.into_iter().map(|(_, v)| v)),
                    _ => {}
                }
            }
            found
        })
        .and_then(|h| h.join().map_err(|_| std::io::Error::other("panicked")))
        .unwrap_or_else(|err| panic!("{name}: {err}"));
    assert!(found, "{name}: the pointer leads nowhere: {e}");
    e
}

/// An object schema nested `depth` levels through `properties` (two JSON levels each).
fn nested_properties(depth: usize) -> String {
    format!(
        "{}{{\"type\": \"string\"}}{}",
        "{\"type\": \"object\", \"properties\": {\"a\": ".repeat(depth),
        "}}".repeat(depth)
    )
}

/// An array schema nested `depth` levels through `items` (one JSON level each).
fn nested_items(depth: usize) -> String {
    format!(
        "{}{{\"type\": \"string\"}}{}",
        "{\"type\": \"array\", \"items\": ".repeat(depth),
        "}".repeat(depth)
    )
}

#[test]
fn five_thousand_properties_generate() {
    let props: Vec<String> = (0..5000)
        .map(|i| format!("\"p{i}\": {{\"type\": \"string\"}}"))
        .collect();
    let text = format!(
        "{{\"type\": \"object\", \"properties\": {{{}}}}}",
        props.join(", ")
    );
    let code = generates("props.json", &text);
    assert!(code.contains("pub p0:") && code.contains("pub p4999:"));
}

#[test]
fn an_enum_of_twenty_thousand_strings_generates() {
    let values: Vec<String> = (0..20_000).map(|i| format!("\"v{i}\"")).collect();
    let text = format!("{{\"enum\": [{}]}}", values.join(", "));
    let code = generates("enum.json", &text);
    assert!(code.contains("V0") && code.contains("V19999"));
}

#[test]
fn three_hundred_object_alternatives_generate() {
    let alts: Vec<String> = (0..300)
        .map(|i| {
            format!(
                "{{\"type\": \"object\", \"properties\": {{\"k{i}\": {{\"type\": \"integer\"}}}}, \"required\": [\"k{i}\"]}}"
            )
        })
        .collect();
    let text = format!("{{\"oneOf\": [{}]}}", alts.join(", "));
    let code = generates("alts.json", &text);
    assert!(code.contains("pub enum") && code.contains("k299"));
}

#[test]
fn a_ref_chain_two_thousand_long_generates() {
    let mut defs: Vec<String> = (0..2000)
        .map(|i| format!("\"d{i}\": {{\"$ref\": \"#/$defs/d{}\"}}", i + 1))
        .collect();
    defs.push(
        "\"d2000\": {\"type\": \"object\", \"properties\": {\"x\": {\"type\": \"string\"}}}"
            .to_owned(),
    );
    let text = format!(
        "{{\"$ref\": \"#/$defs/d0\", \"$defs\": {{{}}}}}",
        defs.join(", ")
    );
    let code = generates("chain.json", &text);
    assert!(code.contains("pub x:"));
}

#[test]
fn a_schema_nested_300_deep_generates() {
    let code = generates("deep300.json", &nested_properties(300));
    assert!(code.matches("pub struct").count() >= 300);
    // At the nesting limit: 499 objects are 999 levels of JSON.
    let code = generates("deep499.json", &nested_properties(499));
    assert!(code.matches("pub struct").count() >= 499);
    // Within the nesting limit through `items` as well (one JSON level per schema).
    let code = generates("items900.json", &nested_items(900));
    assert!(code.contains("Vec<Vec<"));
}

#[test]
fn schemas_nested_past_the_limit_are_located_errors() {
    for depth in [1000, 10_000] {
        let e = refused(&format!("deep{depth}.json"), &nested_properties(depth));
        assert!(e.message.contains("levels deep"), "{e}");
        assert!(e.pointer.starts_with("/properties/a/properties/a/"), "{e}");
        assert_eq!(
            e.pointer.matches('/').count(),
            envgen_codegen::MAX_NESTING,
            "{e}"
        );
    }
    let e = refused("items1001.json", &nested_items(1001));
    assert!(e.pointer.ends_with("/items"), "{e}");
}

#[test]
fn a_deep_value_added_without_text_is_a_located_error() {
    // `add_value` checks the nesting of an already-parsed document too.
    let mut value = serde_json::json!({"type": "string"});
    for _ in 0..1200 {
        value = serde_json::json!({"type": "array", "items": value});
    }
    let mut set = envgen_codegen::SchemaSet::new();
    let e = set
        .add_value("deep.json", "envgen-memory:///deep.json", value, None)
        .err()
        .unwrap_or_else(|| panic!("a value nested 1200 deep was added"));
    assert!(e.message.contains("levels deep"), "{e}");
    assert!(e.pointer.starts_with("/items/items/"), "{e}");
}

#[test]
fn an_all_of_that_refers_to_its_own_schema_generates_as_the_other_keywords_say() {
    let text = r##"{
        "$ref": "#/$defs/a",
        "$defs": {
            "a": {
                "allOf": [{"$ref": "#/$defs/a"}, {"properties": {"y": {"type": "integer"}}}],
                "type": "object",
                "properties": {"x": {"type": "string"}}
            }
        }
    }"##;
    let code = generates("self.json", text);
    assert!(code.contains("pub struct A"), "{code}");
    assert!(code.contains("pub x:") && code.contains("pub y:"), "{code}");
    // Draft-07: `$ref` with siblings is still only the reference.
    let text = r##"{
        "$schema": "http://json-schema.org/draft-07/schema#",
        "definitions": {
            "a": {"type": "object", "allOf": [{"$ref": "#/definitions/a", "description": "again"}]}
        },
        "properties": {"a": {"$ref": "#/definitions/a"}}
    }"##;
    generates("self7.json", text);
    // Through a chain of pure references back to the schema.
    let text = r##"{
        "$defs": {
            "a": {"type": "object", "allOf": [{"$ref": "#/$defs/b"}]},
            "b": {"$ref": "#/$defs/a"}
        },
        "$ref": "#/$defs/a"
    }"##;
    generates("via.json", text);
}

#[test]
fn an_all_of_member_that_adds_a_constraint_to_its_own_schema_is_still_a_cycle() {
    // `a = allOf[a ∧ minProperties 1]` asks for `a` again on the same instance with an
    // extra assertion: not a plain repetition, so the cycle is refused as before.
    let text = r##"{
        "$defs": {"a": {"allOf": [{"$ref": "#/$defs/a", "minProperties": 1}]}},
        "$ref": "#/$defs/a"
    }"##;
    let e = refused("cycle.json", text);
    assert!(e.message.contains("cyclic"), "{e}");
    // Two schemas that only refer to each other through `allOf` have no base case.
    let text = r##"{
        "$defs": {"a": {"allOf": [{"$ref": "#/$defs/b"}]}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}},
        "$ref": "#/$defs/a"
    }"##;
    let e = refused("pair.json", text);
    assert!(e.message.contains("cyclic"), "{e}");
}

#[test]
fn a_schema_file_with_invalid_utf8_is_located_at_the_byte() {
    let dir = envgen_test_support::scratch::Scratch::new("hostile");
    let file = dir.join("latin1.json");
    std::fs::write(&file, b"{\n \"title\": \"caf\xe9\", \"type\": \"string\"}")
        .unwrap_or_else(|e| panic!("{e}"));
    let e = envgen_codegen::Config::new()
        .schema(&file)
        .generate()
        .err()
        .unwrap_or_else(|| panic!("a non-UTF-8 schema generated"));
    assert!(e.file.ends_with("latin1.json"), "{e}");
    assert_eq!(e.position, Some((2, 15)), "{e}");
    assert!(
        e.message.contains("0xE9") && e.message.contains("UTF-8"),
        "{e}"
    );
}

#[test]
fn a_document_added_twice_is_located() {
    let mut set = envgen_codegen::SchemaSet::new();
    let uri = "envgen-memory:///twice.json";
    set.add_document("twice.json", uri, "{\"type\": \"string\"}")
        .unwrap_or_else(|e| panic!("{e}"));
    let e = set
        .add_document("twice.json", uri, "  {\"type\": \"string\"}")
        .err()
        .unwrap_or_else(|| panic!("added twice"));
    assert_eq!(e.position, Some((1, 3)), "{e}");
}

/// Schemas that are JSON but not valid schemas: each refusal names the file, a line and
/// column, and the pointer of the keyword at fault (checked to exist by `refused`).
#[test]
fn invalid_schemas_are_refused_at_the_keyword() {
    for (name, text, pointer) in [
        (
            "minimum.json",
            "{\"type\": \"object\",\n \"properties\": {\"a\": {\"minimum\": \"x\"}}}",
            "/properties/a/minimum",
        ),
        ("type.json", "{\"type\": \"strin\"}", "/type"),
        (
            "pattern.json",
            "{\"type\": \"string\", \"pattern\": \"(\"}",
            "/pattern",
        ),
        ("required.json", "{\"required\": \"a\"}", "/required"),
        (
            "ref.json",
            "{\"properties\": {\"a\": {\"$ref\": \"#/definitions/Missing\"}}}",
            "/properties/a/$ref",
        ),
        (
            "remote.json",
            "{\"properties\": {\"a\": {\"$ref\": \"other.json#/x\"}}}",
            "/properties/a/$ref",
        ),
        ("array.json", "[1, 2]", ""),
    ] {
        let e = refused(name, text);
        assert_eq!(e.pointer, pointer, "{e}");
    }
}

/// Text that is not one JSON document (empty, cut short, trailing text, not JSON at all):
/// refused at the root pointer, at the line and column where reading stopped.
#[test]
fn text_that_is_not_json_is_refused_at_its_line_and_column() {
    for (name, text, position) in [
        ("empty.json", "", (1, 1)),
        ("cut.json", "{\"type\":\n  \"obj", (2, 6)),
        ("open.json", "{\"type\": \"object\",\n", (2, 1)),
        ("trailing.json", "{}\n x", (2, 2)),
        ("yaml.json", "type: object", (1, 2)),
    ] {
        let e = outcome(name, text)
            .err()
            .unwrap_or_else(|| panic!("{name}: generated"));
        assert_eq!(
            (e.file.as_str(), e.pointer.as_str(), e.position),
            (name, "", Some(position)),
            "{e}"
        );
        let expected = if text.is_empty() {
            "the schema file is empty"
        } else {
            "invalid JSON"
        };
        assert!(e.message.contains(expected), "{e}");
    }
}
