use crate::{order, recursive, shapes, shapes_generic};
use serde_json::{json, Value};

fn full() -> Value {
    json!({
        "zeta": "z", "alpha": "a", "optional": true,
        "nullable_required": null, "nullable_optional": null,
        "count": 3, "delta": -4, "ratio": 0.5, "when": "2026-01-01T00:00:00Z",
        "any": [1, {"x": null}], "anything": "s",
        "kind": "second_kind", "mixed": 2.5, "fixed": "v1",
        "choice": [1, 2], "either": {"r": 2},
        "merged": {"x": 1, "y": 2, "label": "p"},
        "guarded": {"mode": "x", "other": 1},
        "open": {"id": "i", "extra": [true]}, "closed": {"id": "c"},
        "typed_map": {"b": 2, "a": 1}, "pattern_map": {"x-b": "2", "x-a": "1"},
        "free_object": {"k": {}}, "list": [], "union": 7,
        "type": "t", "ref": "r", "enum": "e", "default": "d", "Alpha": "A"
    })
}

#[test]
fn fields_have_the_mapped_rust_types() {
    // A struct literal: every field's type is checked by the compiler.
    let s = shapes::Shapes {
        zeta: String::from("z"),
        alpha: String::from("a"),
        optional: Some(true),
        nullable_required: None,
        nullable_optional: Some(None),
        count: 3_u64,
        delta: -4_i64,
        ratio: Some(0.5_f64),
        when: Some(String::from("2026-01-01T00:00:00Z")),
        any: json!([1, {"x": null}]),
        anything: Some(json!("s")),
        kind: shapes::ShapesKind::SecondKind,
        mixed: Some(shapes::ShapesMixed::V2_5),
        fixed: Some(shapes::ShapesFixed::V1),
        choice: shapes::ShapesChoice::Array(vec![1_u64, 2]),
        either: Some(shapes::ShapesEither::Circle(shapes::Circle { r: 2.0 })),
        merged: shapes::ShapesMerged {
            x: 1.0,
            y: 2.0,
            label: String::from("p"),
            extra: serde_json::Map::new(),
        },
        guarded: None,
        open: None,
        closed: None,
        typed_map: None,
        pattern_map: None,
        free_object: None,
        list: Some(Vec::<String>::new()),
        union: None,
        type_: String::from("t"),
        ref_: String::from("r"),
        enum_: String::from("e"),
        default: String::from("d"),
        alpha_2: None,
    };
    assert_eq!(s.kind, shapes::ShapesKind::SecondKind);
    // `Shapes` the definition did not steal the root's name.
    let _: shapes::Shapes2 = String::from("collision");
}

#[test]
fn full_document_round_trips_byte_for_byte() {
    let text = serde_json::to_string(&full()).unwrap_or_default();
    let parsed = shapes::Shapes::from_json_str(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(parsed.nullable_required, None);
    assert_eq!(parsed.nullable_optional, Some(None));
    assert_eq!(parsed.mixed, Some(shapes::ShapesMixed::V2_5));
    assert!(matches!(parsed.union, Some(shapes::ShapesUnion::Number(n)) if n == 7.0));
    assert_eq!(serde_json::to_string(&parsed).unwrap_or_default(), text);
}

#[test]
fn mixed_enum_literals_are_exact_values() {
    for (lit, want) in [
        (json!("a"), shapes::ShapesMixed::A),
        (json!(1), shapes::ShapesMixed::V1),
        (json!(1.0), shapes::ShapesMixed::V1),
        (json!(true), shapes::ShapesMixed::True),
        (json!(2.5), shapes::ShapesMixed::V2_5),
    ] {
        let v: shapes::ShapesMixed =
            serde_json::from_value(lit.clone()).unwrap_or_else(|e| panic!("{lit}: {e}"));
        assert_eq!(v, want);
        assert_eq!(
            serde_json::to_value(v)
                .ok()
                .map(|v| envgen_runtime::json::json_eq(&v, &lit)),
            Some(true)
        );
    }
    for bad in [json!("b"), json!(2), json!(false), json!([])] {
        assert!(
            serde_json::from_value::<shapes::ShapesMixed>(bad.clone()).is_err(),
            "{bad} accepted"
        );
    }
    // `null` is a member of the enum; the required field is `Option<ShapesMixed>`, and
    // `null` is its `None`.
    let mut doc = full();
    doc["mixed"] = Value::Null;
    let parsed = shapes::Shapes::from_json_str(&doc.to_string());
    assert!(parsed.is_ok(), "{parsed:?}");
}

#[test]
fn one_of_dispatches_on_the_json_kind() {
    let s: shapes::ShapesChoice =
        serde_json::from_value(json!("text")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s, shapes::ShapesChoice::String(String::from("text")));
    let p: shapes::ShapesChoice =
        serde_json::from_value(json!({"x": 1, "y": 2})).unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(p, shapes::ShapesChoice::Point(shapes::Point { x, .. }) if x == 1.0));
    assert!(serde_json::from_value::<shapes::ShapesChoice>(json!(true)).is_err());
    // Two object alternatives: the first that fits wins.
    let e: shapes::ShapesEither =
        serde_json::from_value(json!({"r": 1})).unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(e, shapes::ShapesEither::Circle(_)));
}

#[test]
fn additional_properties_false_rejects_unknown_keys() {
    let mut doc = full();
    doc["surprise"] = json!(1);
    let err = shapes::Shapes::from_json_str(&doc.to_string()).err();
    let first = err.as_ref().and_then(|e| e.first()).cloned();
    assert_eq!(
        first.as_ref().map(|e| e.keyword.as_str()),
        Some("additionalProperties"),
        "{err:?}"
    );
    assert_eq!(first.map(|e| e.instance_path), Some(String::new()));
    let mut doc = full();
    doc["closed"] = json!({"id": "c", "no": 1});
    let err = shapes::Shapes::from_json_str(&doc.to_string()).err();
    assert_eq!(
        err.and_then(|e| e.first().map(|e| e.instance_path.clone()))
            .as_deref(),
        Some("/closed")
    );
}

#[test]
fn extras_and_typed_maps_keep_their_keys_in_order() {
    let parsed =
        shapes::Shapes::from_json_str(&full().to_string()).unwrap_or_else(|e| panic!("{e}"));
    let open = parsed.open.unwrap_or_else(|| panic!("open"));
    assert_eq!(open.extra.get("extra"), Some(&json!([true])));
    let tm = parsed.typed_map.unwrap_or_default();
    assert_eq!(tm.keys().collect::<Vec<_>>(), vec!["b", "a"]);
    let pm = parsed.pattern_map.unwrap_or_default();
    assert_eq!(pm.get("x-a").map(String::as_str), Some("1"));
}

#[test]
fn integers_accept_integral_floats_and_reject_fractions() {
    let mut doc = full();
    doc["count"] = json!(3.0);
    doc["typed_map"] = json!({"a": 1.0});
    let parsed = shapes::Shapes::from_json_str(&doc.to_string()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(parsed.count, 3);
    doc["count"] = json!(3.5);
    assert!(shapes::Shapes::from_json_str(&doc.to_string()).is_err());
    doc["count"] = json!(-1);
    let err = shapes::Shapes::from_json_str(&doc.to_string()).err();
    assert_eq!(
        err.and_then(|e| e.first().map(|e| e.instance_path.clone()))
            .as_deref(),
        Some("/count")
    );
}

#[test]
fn generic_property_takes_the_callers_type() {
    #[derive(Debug, PartialEq, serde::Deserialize, serde::Serialize)]
    struct Pair(u8, Value);
    let doc = full().to_string();
    let typed =
        shapes_generic::Shapes::<Pair>::from_json_str(&doc).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(typed.any, Some(Pair(1, json!({"x": null}))));
    let default: shapes_generic::Shapes =
        shapes_generic::Shapes::from_json_str(&doc).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(default.any, Some(json!([1, {"x": null}])));
}

#[test]
fn recursive_types_are_boxed_and_round_trip() {
    let text = r#"{"name":"root","children":[{"name":"leaf","parent":{"name":"root"}}],"link":{"value":1,"next":{"value":2,"next":null}}}"#;
    let tree = recursive::Tree::from_json_str(text).unwrap_or_else(|e| panic!("{e}"));
    let leaf = tree
        .children
        .as_ref()
        .and_then(|c| c.first())
        .unwrap_or_else(|| panic!("leaf"));
    let parent: &recursive::Node = leaf.parent.as_deref().unwrap_or_else(|| panic!("parent"));
    assert_eq!(parent.name, "root");
    let second = tree
        .link
        .as_ref()
        .and_then(|l| l.next.as_ref())
        .and_then(|n| n.as_deref());
    assert_eq!(second.map(|l| l.value), Some(2));
    assert_eq!(serde_json::to_string(&tree).unwrap_or_default(), text);
}

#[test]
fn cross_file_id_relative_escaped_and_anchored_refs_resolve() {
    let text = r#"{"id":"o-1","customer":{"name":"Ada","id":"c-9"},"lines":[{"sku":"A","qty":2}],"note":"n","tag":"red"}"#;
    let o = order::Order::from_json_str(text).unwrap_or_else(|e| panic!("{e}"));
    let id: &order::Id = &o.id;
    assert_eq!(id, "o-1");
    let line: &order::AB = &o.lines[0];
    assert_eq!(line.qty, Some(2_u64));
    let note: Option<&order::WithSpace> = o.note.as_ref();
    assert_eq!(note.map(String::as_str), Some("n"));
    assert_eq!(o.tag, Some(order::Tagged::Red));
    assert_eq!(serde_json::to_string(&o).unwrap_or_default(), text);
}

mod builders {
    use crate::builder_names::{Error, Job, JobBuilder, JobBuilder2};

    fn valid_error() -> Error {
        // Setters in any order; the field `retype` keeps its setter (the builder's own
        // method became `retype_2`).
        Error::builder()
            .next_code("E2")
            .retype(false)
            .code("E1")
            .build()
            .expect("valid")
    }

    #[test]
    fn colliding_names_are_disambiguated_and_build_validates() {
        // `JobBuilder` is a schema type, so `Job`'s builder is `JobBuilder2`; the field
        // `build` keeps its setter, so the finisher is `build_2`.
        let owner = JobBuilder::builder()
            .name("ops")
            .extra("level", 3)
            .build()
            .expect("a named owner is valid");
        let start: JobBuilder2 = Job::builder();
        let job = start
            .build(2)
            .error(
                Error::builder()
                    .code("E1")
                    .retype(true)
                    .next_code("E2")
                    .build()
                    .expect("code and next_code are all it needs"),
            )
            .owner(owner.clone())
            .note_null()
            .tag("nightly")
            .build_2()
            .expect("a valid job");
        assert_eq!(job.build, 2);
        assert_eq!(job.note, None);
        assert_eq!(job.tag, Some(Some("nightly".to_owned())));
        let text = serde_json::to_string(&job).unwrap_or_default();
        assert_eq!(
            text,
            r#"{"build":2,"error":{"code":"E1","next_code":"E2","retype":true},"owner":{"name":"ops","level":3},"note":null,"tag":"nightly"}"#
        );

        // Constraints the types cannot hold are checked by the finisher.
        let e = Job::builder()
            .build(0)
            .error(valid_error())
            .owner(owner.clone())
            .note("n")
            .tag_null()
            .build_2()
            .expect_err("build has minimum 1");
        let first = e.first().cloned().expect("one error");
        assert_eq!(
            (first.instance_path.as_str(), first.keyword.as_str()),
            ("/build", "minimum")
        );
        let e = Job::builder()
            .build(1)
            .error(valid_error())
            .owner(owner)
            .note("n")
            .tag("UPPER")
            .build_2()
            .expect_err("tag must match ^[a-z]+$");
        let first = e.first().cloned().expect("one error");
        assert_eq!(
            (first.instance_path.as_str(), first.keyword.as_str()),
            ("/tag", "pattern")
        );
        let e = JobBuilder::builder()
            .name("")
            .build()
            .expect_err("minLength 1");
        assert_eq!(e.first().map(|e| e.keyword.as_str()), Some("minLength"));
    }
}
