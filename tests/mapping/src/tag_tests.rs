//! Tags as variants (`schemas/api/tags.json`, docs/type-mapping.md "Tags"): a required
//! property whose schema admits one string is not a field. Constructing, building and
//! serializing need no tag and cannot write a wrong one; parsing still reads and checks
//! it, with the schema's errors, and a round trip writes back what was read.

use crate::api::tags::*;
use crate::api::tags_ordered;
use serde_json::json;

fn first(e: &envgen_runtime::ValidationErrors) -> (String, String) {
    let f = e.first().expect("an error");
    (f.instance_path.clone(), f.keyword.clone())
}

#[test]
fn a_variant_is_constructed_without_its_tag_and_serialized_with_it() {
    let circle = Shape::Circle(Circle { r: 1.5 });
    assert_eq!(
        serde_json::to_value(&circle).unwrap(),
        json!({"kind": "circle", "r": 1.5})
    );
    circle.validate().expect("a constructed variant is valid");
    // The tag is written at its place among the properties (schema order).
    let rect = Rect {
        w: Some(2.0),
        h: Some(3.0),
        ..Rect::default()
    };
    assert_eq!(
        serde_json::to_string(&rect).unwrap(),
        r#"{"w":2,"kind":"rect","h":3}"#
    );
    // A struct whose other fields are all optional takes `Default`, tag included.
    assert_eq!(
        serde_json::to_value(Label::default()).unwrap(),
        json!({"kind": "label"})
    );
    assert_eq!(
        (Circle::KIND, Rect::KIND, Label::KIND),
        ("circle", "rect", "label")
    );
}

#[test]
fn builders_need_no_tag() {
    let c = Circle::builder().r(2.0).build().expect("valid");
    assert_eq!(c, Circle { r: 2.0 });
    let d = Drawing::builder()
        .shapes(vec![
            Shape::from(c),
            Shape::from(Label::builder().text("hi").build().unwrap()),
        ])
        .build()
        .expect("valid");
    assert_eq!(
        serde_json::to_value(&d).unwrap(),
        json!({"shapes": [{"kind": "circle", "r": 2}, {"kind": "label", "text": "hi"}]})
    );
}

#[test]
fn a_condition_on_the_tag_sees_its_value() {
    // Rect's `if` reads `kind`, which the struct does not store: the typed check evaluates
    // the condition against the tag's one value, so `then` applies.
    let e = Rect::default()
        .validate()
        .expect_err("`then` requires w and h");
    assert_eq!(first(&e), (String::new(), "required".to_owned()));
    let e = Rect::builder()
        .w(1.0)
        .build()
        .expect_err("h is required by `then`");
    assert_eq!(first(&e).1, "required");
    Rect::builder().w(1.0).h(2.0).build().expect("valid");
}

#[test]
fn parsing_dispatches_on_the_tag_and_round_trips_exactly() {
    let text = r#"{"shapes":[{"kind":"circle","r":1},{"w":2.5,"kind":"rect","h":0},{"kind":"label"}],"version":"1.0"}"#;
    let d = Drawing::from_json_str(text).expect("valid");
    assert_eq!(d.shapes[0], Shape::Circle(Circle { r: 1.0 }));
    assert!(matches!(d.shapes[2], Shape::Label(_)));
    // An optional constant stays a field: its presence is information.
    assert_eq!(d.version, Some(DrawingVersion::V10));
    assert_eq!(serde_json::to_string(&d).unwrap(), text);
}

#[test]
fn a_missing_or_different_tag_is_the_schema_s_error() {
    let e = Circle::from_json_str(r#"{"kind":"rect","r":1}"#).expect_err("wrong tag");
    assert_eq!(first(&e), ("/kind".to_owned(), "const".to_owned()));
    let e = Circle::from_json_str(r#"{"r":1}"#).expect_err("no tag");
    assert_eq!(first(&e), (String::new(), "required".to_owned()));
    let e = Rect::from_json_str(r#"{"kind":"circle","w":1,"h":1}"#).expect_err("wrong tag");
    assert_eq!(first(&e), ("/kind".to_owned(), "enum".to_owned()));
    let e = Drawing::from_json_str(r#"{"shapes":[{"kind":"square"}]}"#).expect_err("no variant");
    assert_eq!(first(&e), ("/shapes/0".to_owned(), "oneOf".to_owned()));
}

#[test]
fn with_key_order_kept_a_tag_keeps_its_place() {
    let text = r#"{"r":1,"kind":"circle"}"#;
    let c = tags_ordered::Circle::from_json_str(text).expect("valid");
    assert_eq!(serde_json::to_string(&c).unwrap(), text);
    let built = tags_ordered::Circle {
        r: 1.0,
        key_order: Default::default(),
    };
    assert_eq!(
        serde_json::to_string(&built).unwrap(),
        r#"{"kind":"circle","r":1}"#
    );
}
