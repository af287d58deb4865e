//! Tuples (`schemas/api/tuples.json`, `schemas/api/tuples_draft7.json`): an array schema
//! whose leading items have schemas of their own, and which every accepted array fills
//! (`minItems`), is a tuple struct; closed when no further item is allowed, with the
//! further items in a last `Vec` otherwise. A typed round trip writes back what was read,
//! and what the tuple refuses is reported as the schema's located error.

use crate::api::tuples::*;
use crate::api::tuples_draft7::Pair;
use envgen_runtime::ValidationErrors;
use serde_json::{json, Value};

/// Parses `text` as a `Shapes` document and checks that serializing it gives `text` back,
/// byte for byte.
#[track_caller]
fn round_trip(text: &str) -> Shapes {
    let parsed = Shapes::from_json_str(text).expect("valid");
    let back = serde_json::to_string(&parsed).expect("serializes");
    assert_eq!(back, text, "the round trip writes back what was read");
    parsed
}

/// The first error's instance pointer, keyword and schema location, after checking that
/// `from_json_str` reports the `Value` validator's first error.
#[track_caller]
fn first_error(doc: &Value) -> (String, String, String) {
    let err = Shapes::from_json_str(&doc.to_string()).expect_err("invalid");
    let expected = validate_value(doc).expect_err("the validator rejects it too");
    assert_eq!(err.first(), expected.first(), "{doc}");
    let e = err.first().expect("an error");
    (
        e.instance_path.clone(),
        e.keyword.clone(),
        e.schema_path.clone(),
    )
}

fn located(pointer: &str, keyword: &str, schema_path: &str) -> (String, String, String) {
    (
        pointer.to_owned(),
        keyword.to_owned(),
        schema_path.to_owned(),
    )
}

#[test]
fn a_closed_tuple_is_a_tuple_struct_of_its_items() {
    // The struct literal pins the type: `Point(f64, f64)`, nothing after.
    let p = Point(1.0, 2.5);
    assert_eq!(serde_json::to_string(&p).expect("serializes"), "[1,2.5]");
    let s = round_trip(r#"{"point":[1,2.5]}"#);
    let point = s.point.expect("present");
    assert_eq!((point.0, point.1), (1.0, 2.5));
    assert_eq!(point, p);
    // Conversions from and to a Rust tuple.
    assert_eq!(Point::from((3.0, -4.0)), Point(3.0, -4.0));
    let (x, y): (f64, f64) = Point(3.0, -4.0).into();
    assert_eq!((x, y), (3.0, -4.0));
    // Built in code, it validates like any generated value.
    let built = Shapes {
        point: Some(Point(0.5, 0.25)),
        ..Shapes::default()
    };
    assert!(built.validate().is_ok());
}

#[test]
fn an_open_tuple_keeps_the_further_items_typed_by_the_tail_schema() {
    let s = round_trip(r#"{"entry":["a",2,true,false]}"#);
    let entry = s.entry.expect("present");
    assert_eq!(entry.0, "a");
    assert_eq!(entry.1, 2u64);
    assert_eq!(entry.2, vec![true, false]);
    assert_eq!(
        entry,
        Entry::from(("a".to_owned(), 2, vec![true, false])),
        "the conversion takes the further items last"
    );
    // None further: an empty `Vec`, written back as nothing.
    let s = round_trip(r#"{"entry":["a",2]}"#);
    assert_eq!(s.entry.expect("present").2, Vec::<bool>::new());
    // No tail schema: the further items are kept as JSON, whatever they are.
    let s = round_trip(r#"{"open":[1,"x",{"k":[null]},2.5]}"#);
    let open = s.open.expect("present");
    assert_eq!(open.0, 1i64);
    assert_eq!(open.1, vec![json!("x"), json!({"k": [null]}), json!(2.5)]);
}

#[test]
fn nullable_and_recursive_items() {
    let s = round_trip(r#"{"maybe":[null,1]}"#);
    assert_eq!(s.maybe, Some(Maybe(None, 1)));
    let s = round_trip(r#"{"maybe":["x",-1]}"#);
    assert_eq!(s.maybe, Some(Maybe(Some("x".to_owned()), -1)));
    // A tuple that holds itself is boxed.
    let s = round_trip(r#"{"list":[1,[2,[3,null]]]}"#);
    let list = s.list.expect("present");
    assert_eq!(
        list,
        List(1, Some(Box::new(List(2, Some(Box::new(List(3, None)))))))
    );
}

#[test]
fn closed_by_max_items_and_inside_a_union_and_an_array() {
    let s = round_trip(r#"{"sized":[1,"a"]}"#);
    assert_eq!(s.sized, Some(ShapesSized(1, "a".to_owned())));
    let s = round_trip(r#"{"either":[1.5]}"#);
    assert_eq!(s.either, Some(ShapesEither::Array(ShapesEitherArray(1.5))));
    let s = round_trip(r#"{"either":"x"}"#);
    assert_eq!(s.either, Some(ShapesEither::String("x".to_owned())));
    let s = round_trip(r#"{"points":[[0,0],[1.5,-2]]}"#);
    assert_eq!(s.points, Some(vec![Point(0.0, 0.0), Point(1.5, -2.0)]));
}

#[test]
fn a_fixed_number_of_further_items_are_elements_too() {
    // `minItems` = `maxItems` = 3 after one leading item: `(String, u64, u64)`, no `Vec`.
    let s = round_trip(r#"{"triple":["a",1,2]}"#);
    assert_eq!(s.triple, Some(ShapesTriple("a".to_owned(), 1, 2)));
    let t = ShapesTriple::from(("b".to_owned(), 3, 4));
    assert_eq!(
        serde_json::to_string(&t).expect("serializes"),
        r#"["b",3,4]"#
    );
    let (first, second, third): (String, u64, u64) = t.into();
    assert_eq!((first.as_str(), second, third), ("b", 3, 4));
    // Too few or too many items, or a wrong item, are the schema's located errors.
    assert_eq!(
        first_error(&json!({"triple": ["a", 1]})),
        located("/triple", "minItems", "#/properties/triple/minItems")
    );
    assert_eq!(
        first_error(&json!({"triple": ["a", 1, 2, 3]})),
        located("/triple", "maxItems", "#/properties/triple/maxItems")
    );
    assert_eq!(
        first_error(&json!({"triple": ["a", 1, -2]})),
        located("/triple/2", "minimum", "#/properties/triple/items/minimum")
    );
    // Past 16 elements the tuple stays open: the leading item, then a `Vec`.
    let text = format!(r#"{{"long":["a",{}]}}"#, ["7"; 16].join(","));
    let s = round_trip(&text);
    assert_eq!(s.long, Some(ShapesLong("a".to_owned(), vec![7; 16])));
}

#[test]
fn items_of_one_schema_in_a_fixed_number_are_an_array() {
    // `items` alone with `minItems` = `maxItems` = 2: `ShapesCorner(pub [f64; 2])`.
    let s = round_trip(r#"{"corner":[1,2.5]}"#);
    let mut corner = s.corner.expect("present");
    assert_eq!(corner, ShapesCorner([1.0, 2.5]));
    // It indexes, iterates and converts as the array it holds.
    assert_eq!((corner[0], corner.iter().sum::<f64>()), (1.0, 3.5));
    corner[1] = -4.0;
    let array: [f64; 2] = corner.into();
    assert_eq!(array, [1.0, -4.0]);
    assert_eq!(
        serde_json::to_string(&ShapesCorner::from([0.5, 3.0])).expect("serializes"),
        "[0.5,3]"
    );
    // Exact: each number is written back as it was read.
    round_trip(r#"{"corner":[-0.0,1e-7]}"#);
    // Bounded integers narrow the items (`[u8; 3]`); no `items`, two JSON values.
    let s = round_trip(r#"{"rgb":[255,0,128],"anything":[{"a":null},"b"]}"#);
    let rgb: [u8; 3] = s.rgb.expect("present").into();
    assert_eq!(rgb, [255, 0, 128]);
    assert_eq!(
        s.anything,
        Some(ShapesAnything([json!({"a": null}), json!("b")]))
    );
    // A named array schema, as a `Vec`'s items.
    let s = round_trip(r#"{"grid":[[0,1],[2,3]]}"#);
    assert_eq!(s.grid, Some(vec![Cell([0, 1]), Cell([2, 3])]));
    // Built in code, it is checked by the schema.
    let built = Shapes {
        corner: Some(ShapesCorner([1.0, 2.0])),
        grid: Some(vec![Cell([0, 1])]),
        ..Shapes::default()
    };
    assert!(built.validate().is_ok());
    // Too few or too many items, or a wrong item, are the schema's located errors.
    assert_eq!(
        first_error(&json!({"corner": [1]})),
        located("/corner", "minItems", "#/properties/corner/minItems")
    );
    assert_eq!(
        first_error(&json!({"corner": [1, 2, 3]})),
        located("/corner", "maxItems", "#/properties/corner/maxItems")
    );
    assert_eq!(
        first_error(&json!({"corner": ["x", 2]})),
        located("/corner/0", "type", "#/properties/corner/items/type")
    );
    assert_eq!(
        first_error(&json!({"rgb": [1, 2, 256]})),
        located("/rgb/2", "maximum", "#/properties/rgb/items/maximum")
    );
    assert_eq!(
        first_error(&json!({"grid": [[0, 1], [2, -3]]})),
        located("/grid/1/1", "minimum", "#/$defs/Cell/items/minimum")
    );
}

#[test]
fn a_fixed_size_beyond_16_or_of_no_items_stays_a_vec() {
    let text = format!(r#"{{"wide":[{}]}}"#, [r#""w""#; 17].join(","));
    let s = round_trip(&text);
    assert_eq!(s.wide, Some(vec!["w".to_owned(); 17]));
    // `items: false` accepts no item: `Vec<Value>`, and every array with items is refused.
    let nothing: Option<Vec<Value>> = Shapes::default().nothing;
    assert_eq!(nothing, None);
    assert_eq!(
        first_error(&json!({"nothing": [1, 2]})),
        located("/nothing/0", "false", "#/properties/nothing/items")
    );
}

#[test]
fn without_min_items_the_array_stays_a_vec_of_values() {
    // `loose` allows `[]` and `["a"]`: no tuple could hold them.
    let s = round_trip(r#"{"loose":[]}"#);
    assert_eq!(s.loose, Some(Vec::<Value>::new()));
    let s = round_trip(r#"{"loose":["a"]}"#);
    assert_eq!(s.loose, Some(vec![json!("a")]));
    let s = round_trip(r#"{"loose":["a",1]}"#);
    assert_eq!(s.loose, Some(vec![json!("a"), json!(1)]));
}

#[test]
fn numbers_round_trip_by_value_and_integers_read_by_value() {
    // A float that is a whole number is written as an integer; any other as it was.
    let s = round_trip(r#"{"point":[-0.0,1e-7]}"#);
    assert_eq!(s.point, Some(Point(-0.0, 1e-7)));
    // `2.0` is the integer 2 (JSON Schema integers are defined by value): it reads into
    // the integer item and is written back as `2`, the same number.
    let text = r#"{"entry":["a",2.0],"maybe":[null,-3.0],"list":[1.0,null]}"#;
    let s = Shapes::from_json_str(text).expect("valid");
    assert_eq!(s.entry.as_ref().map(|e| e.1), Some(2));
    assert_eq!(s.maybe.as_ref().map(|m| m.1), Some(-3));
    assert_eq!(s.list.as_ref().map(|l| l.0), Some(1));
    let back = serde_json::to_string(&s).expect("serializes");
    assert_eq!(
        back,
        r#"{"entry":["a",2],"maybe":[null,-3],"list":[1,null]}"#
    );
    let (original, again): (Value, Value) = (
        serde_json::from_str(text).expect("JSON"),
        serde_json::from_str(&back).expect("JSON"),
    );
    assert_eq!(
        envgen_runtime::json::first_difference(&original, &again),
        None,
        "equal as JSON, numbers by value"
    );
    // A typed value serializes to the document it was read from.
    let doc = json!({"point": [1, 1.5], "entry": ["b", 0, true], "sized": [7, "z"]});
    let s = Shapes::from_json_str(&doc.to_string()).expect("valid");
    assert_eq!(serde_json::to_value(&s).expect("serializes"), doc);
}

#[test]
fn too_few_items_is_the_located_min_items_error() {
    assert_eq!(
        first_error(&json!({"point": [1]})),
        located("/point", "minItems", "#/$defs/Point/minItems")
    );
    assert_eq!(
        first_error(&json!({"entry": []})),
        located("/entry", "minItems", "#/$defs/Entry/minItems")
    );
    assert_eq!(
        first_error(&json!({"points": [[1, 2], [3]]})),
        located("/points/1", "minItems", "#/$defs/Point/minItems")
    );
}

#[test]
fn an_item_after_a_closed_tuple_is_the_located_items_error() {
    let (pointer, keyword, schema_path) = first_error(&json!({"point": [1, 2, 3]}));
    assert_eq!(pointer, "/point/2");
    assert_eq!(keyword, "false");
    assert_eq!(schema_path, "#/$defs/Point/items");
    // Closed by `maxItems`: that keyword.
    assert_eq!(
        first_error(&json!({"sized": [1, "a", 2]})),
        located("/sized", "maxItems", "#/properties/sized/maxItems")
    );
}

#[test]
fn an_item_of_the_wrong_type_is_located_at_the_item() {
    assert_eq!(
        first_error(&json!({"point": [1, "2"]})),
        located("/point/1", "type", "#/$defs/Point/prefixItems/1/type")
    );
    assert_eq!(
        first_error(&json!({"entry": ["a", -1]})),
        located("/entry/1", "minimum", "#/$defs/Entry/prefixItems/1/minimum")
    );
    assert_eq!(
        first_error(&json!({"entry": ["a", 1.5]})),
        located("/entry/1", "type", "#/$defs/Entry/prefixItems/1/type")
    );
    assert_eq!(
        first_error(&json!({"entry": ["a", 1, true, "no"]})),
        located("/entry/3", "type", "#/$defs/Entry/items/type")
    );
    // An `anyOf` fails at its own value, whichever alternative came closer.
    assert_eq!(
        first_error(&json!({"list": [1, [2, [3, "end"]]]})),
        located("/list/1", "anyOf", "#/$defs/List/prefixItems/1/anyOf")
    );
    // Not an array at all.
    assert_eq!(
        first_error(&json!({"point": {"x": 1}})),
        located("/point", "type", "#/$defs/Point/type")
    );
}

#[test]
fn a_value_built_in_code_is_checked_by_the_schema() {
    // What the type cannot say (`minLength` of an item) is still checked.
    let bad = Shapes {
        entry: Some(Entry(String::new(), 1, vec![])),
        ..Shapes::default()
    };
    let e: ValidationErrors = bad.validate().expect_err("minLength");
    let first = e.first().expect("an error");
    assert_eq!(
        (first.instance_path.as_str(), first.keyword.as_str()),
        ("/entry/0", "minLength")
    );
    assert!(Entry("a".to_owned(), 1, vec![true]).validate().is_ok());
}

#[test]
fn a_draft_07_tuple_root() {
    // `items` in array form with `additionalItems: false` and `minItems`.
    let p = Pair::from_json_str(r#"["a",1]"#).expect("valid");
    assert_eq!(p, Pair("a".to_owned(), 1));
    assert_eq!(serde_json::to_string(&p).expect("serializes"), r#"["a",1]"#);
    let (name, count): (String, i64) = p.into();
    assert_eq!((name, count), ("a".to_owned(), 1));
    for (text, pointer, keyword, schema_path) in [
        (r#"["a"]"#, "", "minItems", "#/minItems"),
        (r#"["a",1,2]"#, "/2", "false", "#/additionalItems"),
        (r#"[1,1]"#, "/0", "type", "#/items/0/type"),
        (r#"{}"#, "", "type", "#/type"),
    ] {
        let e = Pair::from_json_str(text).expect_err(text);
        let first = e.first().expect("an error");
        assert_eq!(
            (
                first.instance_path.as_str(),
                first.keyword.as_str(),
                first.schema_path.as_str()
            ),
            (pointer, keyword, schema_path),
            "{text}"
        );
    }
}
