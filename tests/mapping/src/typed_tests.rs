//! The typed parse agrees with the schema: for every document, `T::from_json_str` accepts
//! exactly when `validate_value` does, an accepted document serializes back to the same
//! JSON (numbers by value, floats bit for bit), and a rejection names a schema keyword and
//! its schema location, never a bare serde message.

use crate::typed::map_unions::MapUnions;
use crate::typed::{
    allof_null, map_cycle, map_unions, nullable_alias, nullable_root, oneof_cycle, self_array,
    typeless,
};
use envgen_runtime::json::json_identical;
use envgen_runtime::ValidationErrors;
use serde::Serialize;
use serde_json::Value;

/// Keywords a typed-parse error may carry: JSON Schema's, or `syntax` for malformed JSON.
const KEYWORDS: &[&str] = &[
    "type",
    "enum",
    "const",
    "required",
    "additionalProperties",
    "properties",
    "patternProperties",
    "items",
    "oneOf",
    "anyOf",
    "allOf",
    "not",
    "minimum",
    "maximum",
    "format",
    "$ref",
    "minLength",
    "maxLength",
    "pattern",
    "syntax",
];

/// Checks one document; returns whether it was accepted.
fn agree<T: Serialize>(
    name: &str,
    doc: &str,
    parse: fn(&str) -> Result<T, ValidationErrors>,
    validate: fn(&Value) -> Result<(), ValidationErrors>,
) -> bool {
    let value: Value = serde_json::from_str(doc).unwrap_or_else(|e| panic!("{name}: {doc}: {e}"));
    let expected = validate(&value);
    match (parse(doc), expected) {
        (Ok(typed), Ok(())) => {
            let back = serde_json::to_value(&typed).expect("serializes");
            assert!(
                json_identical(&back, &value),
                "{name}: {doc} came back as {back}"
            );
            true
        }
        (Err(e), Err(_)) => {
            for err in e.errors() {
                assert!(
                    KEYWORDS.contains(&err.keyword.as_str()),
                    "{name}: {doc}: the error names no schema keyword: {err}"
                );
                assert!(
                    !err.schema_path.is_empty() || err.keyword == "syntax",
                    "{name}: {doc}: the error names no schema location: {err}"
                );
            }
            false
        }
        (Ok(_), Err(v)) => {
            panic!("{name}: {doc}: the typed parse accepts what the schema rejects ({v})")
        }
        (Err(t), Ok(())) => panic!("{name}: {doc}: the typed parse rejects a valid document: {t}"),
    }
}

fn run<T: Serialize>(
    name: &str,
    parse: fn(&str) -> Result<T, ValidationErrors>,
    validate: fn(&Value) -> Result<(), ValidationErrors>,
    valid: &[&str],
    invalid: &[&str],
) {
    for doc in valid {
        assert!(
            agree(name, doc, parse, validate),
            "{name}: {doc} should be valid"
        );
    }
    for doc in invalid {
        assert!(
            !agree(name, doc, parse, validate),
            "{name}: {doc} should be invalid"
        );
    }
}

#[test]
fn a_nullable_root_parses_null() {
    run(
        "nullable_root",
        nullable_root::NullableRoot::from_json_str,
        nullable_root::validate_value,
        &[
            "null",
            "{}",
            r#"{"route": "r", "ratio": 0.10565837550000001}"#,
        ],
        &["5", "[]", r#"{"route": 1}"#, r#"{"other": true}"#],
    );
    let doc = nullable_root::NullableRoot::from_json_str("null").expect("null is valid");
    assert_eq!(doc, nullable_root::NullableRoot(None));
    let doc = nullable_root::NullableRoot::from_json_str(r#"{"route": "r"}"#).expect("valid");
    assert_eq!(doc.0.and_then(|o| o.route).as_deref(), Some("r"));
}

#[test]
fn a_self_referencing_array_root_is_a_newtype() {
    let doc = self_array::SelfArray::from_json_str("[[], [[]]]").expect("valid");
    assert_eq!(doc.0.len(), 2);
    assert_eq!(doc.0[1].0[0], self_array::SelfArray(Vec::new()));
    run(
        "self_array",
        self_array::SelfArray::from_json_str,
        self_array::validate_value,
        &["[]", "[[], [[[]]]]"],
        &["{}", "[1]", "[[], [null]]"],
    );
}

#[test]
fn mutual_recursion_through_maps_compiles_and_parses() {
    let tree: map_cycle::Tree = map_cycle::Tree(
        [(
            String::from("a"),
            map_cycle::Forest(vec![map_cycle::Tree(Default::default())]),
        )]
        .into_iter()
        .collect(),
    );
    assert_eq!(
        serde_json::to_string(&tree).expect("serializes"),
        r#"{"a":[{}]}"#
    );
    run(
        "map_cycle",
        map_cycle::MapCycle::from_json_str,
        map_cycle::validate_value,
        &["{}", r#"{"a": [{}, {"b": []}]}"#],
        &["[]", r#"{"a": {}}"#, r#"{"a": [[]]}"#],
    );
}

#[test]
fn a_ref_cycle_through_one_of_parses() {
    run(
        "oneof_cycle",
        oneof_cycle::OneofCycle::from_json_str,
        oneof_cycle::validate_value,
        &[
            "1.5",
            "[1, [2, {\"x\": 3}]]",
            "{\"a\": {\"b\": [6.4114343367296264e-09]}}",
        ],
        &["\"s\"", "[true]", "{\"a\": null}"],
    );
}

#[test]
fn typeless_schemas_hold_every_json_value() {
    run(
        "typeless",
        typeless::Typeless::from_json_str,
        typeless::validate_value,
        &[
            "5",
            "\"x\"",
            "null",
            "true",
            "[1, {}]",
            "{}",
            r#"{"name": "n", "child": {"n": 1}, "list": ["a"], "map": {"k": true}}"#,
            r#"{"child": 7, "list": {"not": "an array"}, "map": "not an object"}"#,
            r#"{"child": [1], "list": null, "map": []}"#,
        ],
        &[
            r#"{"name": 1}"#,
            r#"{"child": {}}"#,
            r#"{"child": {"n": "1"}}"#,
            r#"{"list": [1]}"#,
            r#"{"map": {"k": 1}}"#,
        ],
    );
    let doc = typeless::Typeless::from_json_str("5").expect("valid");
    assert_eq!(doc, typeless::Typeless::Other(serde_json::json!(5)));
    let doc = typeless::Typeless::from_json_str(r#"{"child": {"n": 2}}"#).expect("valid");
    let typeless::Typeless::Object(o) = doc else {
        panic!("an object is the Object variant")
    };
    assert!(matches!(
        o.child,
        Some(typeless::TypelessChild::Object(
            typeless::TypelessChildObject { n: 2, .. }
        ))
    ));
}

#[test]
fn nullability_through_all_of_and_ref_is_kept() {
    run(
        "allof_null",
        allof_null::AllofNull::from_json_str,
        allof_null::validate_value,
        &[
            r#"{"typed": null, "branch": null, "direct": null, "twice": null, "literal": null}"#,
            r#"{"typed": {"a": "x"}, "branch": {"b": 1}, "direct": {"b": 2}, "twice": {}, "literal": "red"}"#,
            "{}",
        ],
        &[
            r#"{"typed": 1}"#,
            r#"{"branch": {}}"#,
            r#"{"direct": {"b": "x"}}"#,
            r#"{"twice": []}"#,
            r#"{"literal": "blue"}"#,
        ],
    );
}

#[test]
fn required_properties_typed_as_an_alias_of_an_option_are_checked() {
    run(
        "nullable_alias",
        nullable_alias::NullableAlias::from_json_str,
        nullable_alias::validate_value,
        &[
            r#"{"loose": null, "short": null}"#,
            r#"{"loose": "x", "short": "abc"}"#,
        ],
        &[
            r#"{"loose": 1, "short": null}"#,
            r#"{"loose": null, "short": "abcd"}"#,
            r#"{"loose": null}"#,
        ],
    );
}

#[test]
fn unions_of_maps_accept_their_valid_documents() {
    run(
        "map_unions",
        map_unions::MapUnions::from_json_str,
        map_unions::validate_value,
        &[
            r#"{"overrides": {"x-a": 1}}"#,
            r#"{"overrides": {"a": "./*.js", "b": ["c", "d"]}}"#,
            r#"{"files": "./*.js"}"#,
            r#"{"files": {"a": "./*.js", "b": null}}"#,
            r#"{"files": null}"#,
            r#"{"globs": "./*.js"}"#,
            r#"{"globs": null}"#,
            r#"{"globs": ["a"]}"#,
            r#"{"ratio": 0.10565837550000001, "big": 9007199254740993}"#,
            r#"{"ratio": 6.4114343367296264e-09}"#,
            r#"{"ratio": 1e300}"#,
        ],
        &[
            r#"{"overrides": {"a": 1}}"#,
            r#"{"files": 1}"#,
            r#"{"globs": [1]}"#,
            r#"{"ratio": "1"}"#,
        ],
    );
}

#[test]
fn floats_come_back_bit_for_bit() {
    for text in [
        "0.10565837550000001",
        "6.4114343367296264e-09",
        "1e300",
        "-0.0",
        "5e-324",
    ] {
        let doc = format!(r#"{{"ratio": {text}}}"#);
        let parsed = map_unions::MapUnions::from_json_str(&doc).expect("valid");
        let expected: f64 = text.parse().expect("a float");
        assert_eq!(
            parsed.ratio.map(f64::to_bits),
            Some(expected.to_bits()),
            "{text} was not parsed exactly"
        );
        let back = serde_json::to_string(&parsed).expect("serializes");
        let again: Value = serde_json::from_str(&back).expect("parses");
        assert_eq!(
            again["ratio"].as_f64().map(f64::to_bits),
            Some(expected.to_bits()),
            "{text} came back as {back}"
        );
    }
}

#[test]
fn integers_beyond_i64_are_refused_with_a_located_type_error() {
    // `{"type": "integer"}` is generated as `i64`: the schema accepts these, the type
    // cannot hold them, and the refusal is located and says why (docs/decisions.md).
    for big in ["18446744073709551616", "1e30", "-1e19"] {
        let doc = format!(r#"{{"big": {big}}}"#);
        let value: Value = serde_json::from_str(&doc).expect("JSON");
        assert!(
            map_unions::validate_value(&value).is_ok(),
            "{big} is a valid integer"
        );
        let err = map_unions::MapUnions::from_json_str(&doc).expect_err("narrowed");
        let first = err.first().expect("one error");
        assert_eq!(first.instance_path, "/big", "{first}");
        assert_eq!(first.keyword, "type", "{first}");
        assert!(!first.schema_path.is_empty(), "{first}");
        assert!(first.message.contains("i64/u64"), "{first}");
    }
    // The largest integers the types hold still parse.
    let doc = r#"{"big": 9223372036854775807}"#;
    assert!(agree(
        "map_unions",
        doc,
        map_unions::MapUnions::from_json_str,
        map_unions::validate_value
    ));
}

#[test]
fn a_number_field_holds_an_f64_and_rounds_integers_beyond_2_pow_53() {
    // Documented (docs/decisions.md, "Floats are exact"): `number` is `f64`.
    let doc = MapUnions::from_json_str(r#"{"ratio": 9007199254740993}"#).expect("valid");
    assert_eq!(
        doc.ratio.map(f64::to_bits),
        Some(9_007_199_254_740_992f64.to_bits())
    );
    assert_eq!(
        serde_json::to_string(&doc).expect("serializes"),
        r#"{"ratio":9007199254740992.0}"#
    );
    // Within 2^53 an integral number comes back as the integer it was.
    let doc = MapUnions::from_json_str(r#"{"ratio": 150}"#).expect("valid");
    assert_eq!(
        serde_json::to_string(&doc).expect("serializes"),
        r#"{"ratio":150}"#
    );
}

#[test]
fn declared_fields_come_back_in_schema_order_and_extras_in_document_order() {
    // Documented default (docs/decisions.md, "Key order"): the same keys and values, the
    // declared fields in schema order, the other keys after them as they were read.
    let doc =
        MapUnions::from_json_str(r#"{"z-extra": 1, "ratio": 0.5, "a-extra": 2, "globs": "g"}"#)
            .expect("valid");
    assert_eq!(
        serde_json::to_string(&doc).expect("serializes"),
        r#"{"globs":"g","ratio":0.5,"z-extra":1,"a-extra":2}"#
    );
}

#[test]
fn alternatives_of_one_kind_hold_every_string_the_schema_accepts() {
    use crate::typed::alternatives::{self, Alternatives};
    run(
        "alternatives",
        Alternatives::from_json_str,
        alternatives::validate_value,
        &[
            r#"{"runtime": "Node20"}"#,
            r#"{"runtime": "node16"}"#,
            r#"{"runtime": null}"#,
            r#"{"level": "zzz"}"#,
            r#"{"level": "a"}"#,
            r#"{"channel": "stable"}"#,
            r#"{"channel": "https://example.com/feed"}"#,
            r#"{"channel": "v12"}"#,
            r#"{"size": 2}"#,
            r#"{"size": 11}"#,
            r#"{"tag": "x"}"#,
            r#"{"tag": "zzz"}"#,
            r#"{"tag": 5}"#,
            r#"{"shape": {"w": 1}}"#,
            r#"{"shape": {"w": "not an integer"}}"#,
            r#"{"shape": "a string"}"#,
            r#"{"workspace": {"workspace": true}}"#,
            r#"{"workspace": {"exit_first": true}}"#,
            r#"{"workspace": 3}"#,
        ],
        &[
            r#"{"runtime": "Node22"}"#,
            r#"{"level": "zz"}"#,
            r#"{"size": 5}"#,
            r#"{"shape": []}"#,
        ],
    );
    // The enum beside a pattern is one flat enum: its literals, and every other string.
    let doc =
        Alternatives::from_json_str(r#"{"runtime": "Node20", "level": "zzz"}"#).expect("valid");
    assert_eq!(
        doc.runtime,
        Some(Some(alternatives::AlternativesRuntime::Other(
            "Node20".to_owned()
        )))
    );
    assert_eq!(
        doc.level,
        Some(alternatives::AlternativesLevel::Other("zzz".to_owned()))
    );
    let doc = Alternatives::from_json_str(r#"{"runtime": "node16"}"#).expect("valid");
    assert_eq!(
        doc.runtime,
        Some(Some(alternatives::AlternativesRuntime::Node16))
    );
}

#[test]
fn integers_written_with_a_zero_fraction_are_integers_everywhere() {
    use crate::typed::alternatives::{self, Alternatives};
    // Through an alias (`count` is `type Count = u64`), in arrays and maps of it, and a
    // bare `i64`: JSON Schema defines integers by value, so `2.0` is the integer 2, held by
    // the integer type and written back as `2`.
    run(
        "alternatives",
        Alternatives::from_json_str,
        alternatives::validate_value,
        &[
            r#"{"count": 2.0}"#,
            r#"{"counts": [1.0, 2, 3.0]}"#,
            r#"{"limits": {"a": 4.0}}"#,
            r#"{"offset": -7.0}"#,
            r#"{"size": 1.0}"#,
            r#"{"size": 12.0}"#,
        ],
        &[
            r#"{"count": 2.5}"#,
            r#"{"count": -1.0}"#,
            r#"{"counts": [1.5]}"#,
            r#"{"offset": 0.5}"#,
        ],
    );
    let doc = Alternatives::from_json_str(r#"{"count": 2.0, "counts": [1.0], "offset": -7.0}"#)
        .expect("valid");
    assert_eq!(doc.count, Some(2));
    assert_eq!(doc.counts, Some(vec![1]));
    assert_eq!(doc.offset, Some(-7));
    assert_eq!(
        serde_json::to_string(&doc).expect("serializes"),
        r#"{"count":2,"counts":[1],"offset":-7}"#
    );
}
