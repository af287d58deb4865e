//! Lowering: order, locations, trivial subschemas and messages.

use super::message::{Arg, Part};
use super::*;
use crate::load::SchemaSet;
use serde_json::json;

fn plan_of(schema: serde_json::Value) -> (SchemaSet, NodePlan) {
    let mut set = SchemaSet::new();
    let (doc, root) = set.add_test_schema(schema);
    let p = node(&set, doc, &set.dynamic_resources(), root);
    (set, p)
}

fn render(m: &Message, args: &[&str]) -> String {
    let mut out = m.pieces[0].clone();
    for (i, a) in args.iter().enumerate() {
        out.push_str(a);
        out.push_str(&m.pieces[i + 1]);
    }
    out
}

#[test]
fn keywords_are_lowered_in_evaluation_order_with_their_locations() {
    let (_, p) = plan_of(json!({
        "anyOf": [{}],
        "required": ["a"],
        "maxLength": 3,
        "minimum": 1,
        "type": "object",
        "$ref": "#/$defs/x",
        "$defs": {"x": {}}
    }));
    let sites: Vec<(&str, &str)> = p
        .checks()
        .iter()
        .map(|c| (c.site.keyword, c.site.at.as_str()))
        .collect();
    assert_eq!(
        sites,
        [
            ("$ref", "#/$ref"),
            ("type", "#/type"),
            ("minimum", "#/minimum"),
            ("maxLength", "#/maxLength"),
            ("required", "#/required"),
            ("anyOf", "#/anyOf"),
        ]
    );
}

#[test]
fn trivial_subschemas_and_zero_bounds_are_no_checks() {
    let (_, p) = plan_of(json!({
        "properties": {"a": true},
        "propertyNames": true,
        "minLength": 0,
        "minItems": 0,
        "minProperties": 0,
        "contains": {}, "minContains": 0,
        "if": {}
    }));
    assert_eq!(p, NodePlan::Checks(Vec::new()));
    let (_, p) = plan_of(json!(false));
    let NodePlan::Nothing(f) = p else {
        panic!("`false` is a failure");
    };
    assert_eq!((f.site.keyword, f.site.at.as_str()), ("false", "#"));
}

#[test]
fn messages_name_the_schema_values() {
    let (_, p) = plan_of(json!({
        "type": ["string", "null"],
        "oneOf": [{}, {}],
        "dependentRequired": {"a": ["b"]},
        "additionalProperties": false
    }));
    let mut texts = Vec::new();
    for c in p.checks() {
        match &c.test {
            Test::Type(_, m) => texts.push(render(m, &["1"])),
            Test::OneOf { none, many, .. } => {
                texts.push(render(none, &["1"]));
                texts.push(render(many, &["1", "2"]));
            }
            Test::DependentRequired(_, _, m) => texts.push(render(m, &[])),
            Test::Entries(Entries {
                additional: Some(Additional::Deny(f)),
                ..
            }) => texts.push(render(&f.message, &["\"x\""])),
            other => panic!("unexpected check {other:?}"),
        }
    }
    assert_eq!(
        texts,
        [
            "1 is not of any of the types \"string\", \"null\"",
            "property \"a\" requires property \"b\"",
            "property \"x\" is not allowed",
            "1 matches none of the `oneOf` alternatives",
            "1 matches 2 of the `oneOf` alternatives; exactly one must match",
        ]
    );
}

#[test]
fn a_message_template_escapes_braces_of_its_text() {
    let m = Message::parts(&[Part::Text("a {b} "), Part::Hole(Arg::Key), Part::Text(" }")]);
    assert_eq!(m.format_string(), "a {{b}} {} }}");
    assert_eq!(m.fixed(), None);
    assert_eq!(Message::text("x {y}").fixed(), Some("x {y}"));
}
