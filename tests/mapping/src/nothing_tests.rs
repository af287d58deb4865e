//! Schemas that accept no value (`false`, `not: {}`, `enum: []`, a `type` none of the
//! `enum`'s literals has) as enums of no variants (docs/type-mapping.md, "Schemas that
//! accept nothing"), through the generated API of `schemas/api/nothing.json`: the types
//! have the derives of an enum of literals, no value of them can be read, and a document
//! that leaves them out reads and round-trips as before.

use crate::api::nothing::{
    validate_value, Empty, Gate, GateChoice, GateFixed, GateNested, GatePair, GatePluginsValue,
    Mismatch, Never, NotAnything,
};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};
use std::fmt::Debug;
use std::hash::Hash;

/// What an enum of literals derives, and serde both ways.
fn derives<T: Debug + Clone + Copy + PartialEq + Eq + Hash + PartialOrd + Ord>() {}
fn serde_both<T: Serialize + DeserializeOwned>() {}

#[test]
fn a_schema_that_accepts_nothing_is_an_enum_of_no_variants() {
    derives::<Never>();
    derives::<NotAnything>();
    derives::<Empty>();
    derives::<Mismatch>();
    serde_both::<Never>();
    serde_both::<Mismatch>();
    // Each compiles only because the enums have no variants: `match *v {}`.
    let _: fn(&Never) -> std::convert::Infallible = |v| match *v {};
    let _: fn(&NotAnything) -> std::convert::Infallible = |v| match *v {};
    let _: fn(&Empty) -> std::convert::Infallible = |v| match *v {};
    let _: fn(&Mismatch) -> std::convert::Infallible = |v| match *v {};
    // A field of one can only be absent, and an array of one only empty.
    let gate = Gate::builder()
        .name("g")
        .blocked(Vec::<Empty>::new())
        .build()
        .expect("valid");
    assert_eq!(gate.retired, None::<Never>);
    assert_eq!(gate.blocked.as_deref(), Some(&[][..]));
    // A struct with a required field of one, a tuple with an item of one, and an array
    // of a fixed number of them have no values either: a builder sets none of them.
    let _: fn(&GateNested) -> std::convert::Infallible = |v| match v.deep {};
    let _: fn(&GatePair) -> std::convert::Infallible = |v| match v.1 {};
    let _: fn(&GateFixed) -> std::convert::Infallible = |v| match v.0[0] {};
    assert!(gate.maybe.is_none());
    assert!(gate.map.is_none());
}

#[test]
fn a_union_branch_that_accepts_nothing_has_no_variant() {
    // `anyOf: [{"$ref": NotAnything}, {"type": "integer"}]`: one branch is left, so the
    // field is that branch's type.
    let gate = Gate::builder().name("g").either(7).build().expect("valid");
    let either: Option<i64> = gate.either;
    assert_eq!(either, Some(7));
    // `anyOf: [array of strings, boolean, {"not": {}}]`: two variants, no `Value` one
    // (this `match` compiles only because there is no third), and no `From<Value>`.
    let name = |v: &GatePluginsValue| match v {
        GatePluginsValue::Array(_) => "array",
        GatePluginsValue::Boolean(_) => "boolean",
    };
    let on: GatePluginsValue = true.into();
    let listed: GatePluginsValue = vec![String::from("x")].into();
    assert_eq!((name(&on), name(&listed)), ("boolean", "array"));
    // `oneOf: [integer, non-empty string, false]`: the two that accept values.
    let choice = |v: &GateChoice| match v {
        GateChoice::Integer(_) => "integer",
        GateChoice::String(_) => "string",
    };
    let three: GateChoice = 3i64.into();
    assert_eq!(choice(&three), "integer");
    // `anyOf: [{"type": "null"}, {"not": {}}]`: only `null`, kept apart from absent.
    let read = Gate::from_json_str(r#"{"name": "a", "only_null": null}"#).expect("valid");
    assert!(read.only_null.is_some());
    assert!(Gate::from_json_str(r#"{"name": "a"}"#)
        .expect("valid")
        .only_null
        .is_none());
}

#[test]
fn no_value_of_one_is_read_and_the_error_is_the_schema_s() {
    for (text, keyword) in [
        ("null", "false"),
        ("1", "false"),
        ("{}", "false"),
        ("[]", "false"),
    ] {
        let e = Never::from_json_str(text).expect_err("`false` accepts nothing");
        let first = e.first().expect("an error");
        assert_eq!(
            (first.instance_path.as_str(), first.keyword.as_str()),
            ("", keyword),
            "{text}"
        );
    }
    for t in ["\"a\"", "0", "null"] {
        assert!(serde_json::from_str::<Never>(t).is_err(), "{t}");
        assert!(serde_json::from_str::<NotAnything>(t).is_err(), "{t}");
        assert!(serde_json::from_str::<Empty>(t).is_err(), "{t}");
        assert!(serde_json::from_str::<Mismatch>(t).is_err(), "{t}");
    }
    assert_eq!(
        NotAnything::from_json_str("true")
            .expect_err("none")
            .first()
            .map(|e| e.keyword.clone()),
        Some("not".to_owned())
    );
    assert_eq!(
        Empty::from_json_str("1")
            .expect_err("none")
            .first()
            .map(|e| e.keyword.clone()),
        Some("enum".to_owned())
    );
}

#[test]
fn a_document_reads_where_the_schema_does_and_round_trips() {
    // Every document here is judged by the schema's `Value` validator too: the typed
    // parse accepts exactly what it accepts, with the same first error.
    let documents = [
        json!({"name": "a"}),
        json!({"name": "a", "blocked": [], "either": 3, "note": {"kept": [1.5, null]}}),
        json!({"name": "a", "either": -3}),
        json!({"name": "a", "retired": null}),
        json!({"name": "a", "retired": "yes"}),
        json!({"name": "a", "blocked": [null]}),
        json!({"name": "a", "blocked": [], "either": "x"}),
        json!({"name": "a", "either": null}),
        json!({"name": "a", "map": {}, "maybe": null}),
        json!({"name": "a", "map": {"k": 1}}),
        json!({"name": "a", "maybe": 1}),
        json!({"name": "a", "nested": {}}),
        json!({"name": "a", "nested": {"deep": 1}}),
        json!({"name": "a", "pair": ["a", 1]}),
        json!({"name": "a", "fixed": [1, 2]}),
        json!({"name": "a", "plugins": {"p": ["x", "y"], "q": false, "r": []}}),
        json!({"name": "a", "plugins": {"p": ["x"], "q": "on"}}),
        json!({"name": "a", "plugins": {"p": [1]}}),
        json!({"name": "a", "plugins": {"p": null}}),
        json!({"name": "a", "choice": 3, "only_null": null}),
        json!({"name": "a", "choice": "s"}),
        json!({"name": "a", "choice": ""}),
        json!({"name": "a", "choice": 1.5}),
        json!({"name": "a", "choice": null}),
        json!({"name": "a", "only_null": 0}),
        json!({"name": "a", "only_null": {}}),
    ];
    for doc in documents {
        let text = doc.to_string();
        let oracle = validate_value(&doc);
        match (Gate::from_json_str(&text), oracle) {
            (Ok(gate), Ok(())) => {
                let back: Value = serde_json::to_value(&gate).expect("writes");
                assert_eq!(back, doc, "a round trip gives back the document");
                assert_eq!(serde_json::to_string(&gate).expect("writes"), text);
            }
            (Err(typed), Err(schema)) => {
                let (t, s) = (typed.first().expect("one"), schema.first().expect("one"));
                assert_eq!(
                    (&t.instance_path, &t.keyword, &t.schema_path),
                    (&s.instance_path, &s.keyword, &s.schema_path),
                    "{text}"
                );
            }
            (typed, schema) => panic!("{text}: typed {typed:?}, schema {schema:?}"),
        }
    }
    let e = Gate::from_json_str(r#"{"name": "a", "retired": 1}"#).expect_err("refused");
    let first = e.first().expect("an error");
    assert_eq!(
        (first.instance_path.as_str(), first.keyword.as_str()),
        ("/retired", "false")
    );
    let e = Gate::from_json_str(r#"{"name": "a", "blocked": [1]}"#).expect_err("refused");
    let first = e.first().expect("an error");
    assert_eq!(
        (first.instance_path.as_str(), first.keyword.as_str()),
        ("/blocked/0", "enum")
    );
}
