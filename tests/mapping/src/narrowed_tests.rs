//! Values the schema accepts that the Rust types cannot hold (`schemas/narrowed/`): an
//! integer beyond `i64`/`u64`, a value a mapped type (`x-rust-type: "u8"`, a mapped
//! `date-time`) refuses. The typed parse refuses them with an error located at the value
//! and at the schema location of the keyword or mapping that narrows it, in every place a
//! value is read (a property, an extra property, array items, map values, a union, a
//! nested struct) and in both modes (default, `preserve_key_order`).

use crate::narrowed::{default, ordered};
use envgen_runtime::{Options, ValidationErrors};
use serde_json::{json, Value};

use crate::test_support::triples;

/// The errors of `doc` through both modules' typed parse, with `options`, after checking
/// that the schema accepts it.
fn refused(doc: &str, options: &Options) -> Vec<ValidationErrors> {
    let value: Value = serde_json::from_str(doc).expect("JSON");
    assert!(
        default::validate_value_with(&value, options).is_ok(),
        "the schema accepts {doc}"
    );
    vec![
        default::Narrowed::from_json_str_with(doc, options)
            .expect_err("the default types refuse it"),
        ordered::Narrowed::from_json_str_with(doc, options)
            .expect_err("the order-keeping types refuse it"),
    ]
}

const WIDE: &str = "18446744073709551616";

/// Every case: the document, then the error's instance path, keyword and schema path.
fn cases() -> Vec<(String, [&'static str; 3])> {
    let wide = |doc: Value| doc.to_string().replace("\"WIDE\"", WIDE);
    vec![
        // An integer beyond u64, beyond i64 only, and an integral float beyond both.
        (
            wide(json!({"n": "WIDE"})),
            ["/n", "type", "#/properties/n/type"],
        ),
        (
            r#"{"n": 9223372036854775808}"#.to_owned(),
            ["/n", "type", "#/properties/n/type"],
        ),
        (
            r#"{"n": 1e30}"#.to_owned(),
            ["/n", "type", "#/properties/n/type"],
        ),
        // A `u64` (minimum 0).
        (
            wide(json!({"count": "WIDE"})),
            ["/count", "type", "#/properties/count/type"],
        ),
        // Whole-schema mappings (`x-rust-type: "u8"`): the mapped node.
        (
            json!({"small": 300}).to_string(),
            ["/small", "type", "#/properties/small"],
        ),
        (
            json!({"maybe": 300}).to_string(),
            ["/maybe", "type", "#/properties/maybe"],
        ),
        (
            json!({"byte": 256}).to_string(),
            ["/byte", "type", "#/definitions/Byte"],
        ),
        (
            json!({"bytes": [1, 300]}).to_string(),
            ["/bytes/1", "type", "#/definitions/Byte"],
        ),
        // Array items, map values, a union's integer alternative.
        (
            wide(json!({"list": [1, "WIDE"]})),
            ["/list/1", "type", "#/properties/list/items/type"],
        ),
        (
            wide(json!({"table": {"a": 1, "b": "WIDE"}})),
            [
                "/table/b",
                "type",
                "#/properties/table/additionalProperties/type",
            ],
        ),
        (
            wide(json!({"either": "WIDE"})),
            ["/either", "type", "#/properties/either/oneOf/1/type"],
        ),
        // An object alternative of a union, read from its buffered copy.
        (
            wide(json!({"shape": {"a": "WIDE"}})),
            [
                "/shape/a",
                "type",
                "#/properties/shape/oneOf/0/properties/a/type",
            ],
        ),
        // Through a `$ref` in a nested struct, and items of items.
        (
            wide(json!({"inner": {"deep": "WIDE"}})),
            ["/inner/deep", "type", "#/definitions/Int/type"],
        ),
        (
            json!({"inner": {"rows": [[1], [2, 1e20]]}}).to_string(),
            [
                "/inner/rows/1/1",
                "type",
                "#/definitions/Inner/properties/rows/items/items/type",
            ],
        ),
        // An extra property (`additionalProperties: {"type": "integer"}`).
        (
            wide(json!({"extra": "WIDE"})),
            ["/extra", "type", "#/additionalProperties/type"],
        ),
        // A property merged from an `allOf` member, directly and through a nested
        // `allOf` and a `$ref`: the member's property.
        (
            wide(json!({"merged": "WIDE"})),
            ["/merged", "type", "#/allOf/0/properties/merged/type"],
        ),
        (
            wide(json!({"viaref": "WIDE"})),
            [
                "/viaref",
                "type",
                "#/definitions/Merged/properties/viaref/type",
            ],
        ),
        // Items nested three levels deep.
        (
            wide(json!({"deeper": [[[1]], [[2, "WIDE"]]]})),
            [
                "/deeper/1/0/1",
                "type",
                "#/properties/deeper/items/items/items/type",
            ],
        ),
        // A mapped format's parse stands for the `format` check, even where formats are
        // not asserted.
        (
            json!({"at": "not a date"}).to_string(),
            ["/at", "format", "#/properties/at/format"],
        ),
        (
            json!({"stamps": {"a": "2024-05-01T12:00:00Z", "b": "soon"}}).to_string(),
            [
                "/stamps/b",
                "format",
                "#/properties/stamps/additionalProperties/format",
            ],
        ),
        // A union's format-mapped string alternative: its `format` keyword; a string the
        // union's literal takes first is never parsed (`since`).
        (
            json!({"when": "soon"}).to_string(),
            ["/when", "format", "#/properties/when/oneOf/0/format"],
        ),
        (
            json!({"since": "soon"}).to_string(),
            ["/since", "format", "#/properties/since/anyOf/1/format"],
        ),
    ]
}

#[test]
fn narrowed_values_name_their_schema_location() {
    for options in [Options::new(), Options::new().all_errors(true)] {
        for (doc, [path, keyword, schema_path]) in cases() {
            for e in refused(&doc, &options) {
                assert_eq!(
                    triples(&e),
                    vec![(path.to_owned(), keyword.to_owned(), schema_path.to_owned())],
                    "{doc} with {options:?}: {e}"
                );
            }
        }
    }
}

#[test]
fn messages_say_which_type_narrows() {
    let options = Options::new();
    for e in refused(&json!({"small": 300}).to_string(), &options) {
        let message = &e.errors()[0].message;
        assert!(
            message.contains("the Rust type it is mapped to"),
            "{message}"
        );
        assert!(message.contains("expected u8"), "{message}");
    }
    for e in refused(&format!(r#"{{"n": {WIDE}}}"#), &options) {
        let message = &e.errors()[0].message;
        assert!(message.contains("i64/u64"), "{message}");
    }
}

#[test]
fn values_that_fit_are_read() {
    let doc = json!({"small": 255, "maybe": null, "byte": 0, "bytes": [1, 2],
        "table": {"a": 1}, "either": -3, "n": -9223372036854775807i64,
        "inner": {"rows": [[1, 2]]}, "extra": 1, "since": "never", "merged": 2, "viaref": 3,
        "deeper": [[[4]]], "when": "2024-05-01T12:00:00Z"});
    let text = doc.to_string();
    let d = default::Narrowed::from_json_str(&text).expect("valid");
    assert_eq!(d.small, Some(255u8));
    assert_eq!(d.maybe, Some(None));
    assert_eq!(d.bytes, Some(vec![1u8, 2]));
    let o = ordered::Narrowed::from_json_str(&text).expect("valid");
    assert_eq!(o.small, Some(255u8));
    assert_eq!(serde_json::to_value(&o).expect("serializes"), doc);
}
