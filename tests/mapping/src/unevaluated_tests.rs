//! Draft 2020-12 keywords as Rust types: `unevaluatedProperties`/`unevaluatedItems` over
//! `allOf` and `$ref` siblings, and `$dynamicRef` to a placeholder as a type parameter.
//! Struct literals pin the shapes; parses pin the verdicts against the `Value`
//! validators.

use crate::unevaluated::{array_rest, closed_allof, generic_list, typed_extra};
use envgen_runtime::__private::check::slow_paths;
use serde_json::json;

#[test]
fn allof_with_unevaluated_properties_false_is_a_closed_struct() {
    // No `extra` field: the literal lists every field the type has.
    let pet = closed_allof::Pet {
        id: 7,
        name: "Rex".to_owned(),
        tag: Some("dog".to_owned()),
    };
    let text = r#"{"id":7,"name":"Rex","tag":"dog"}"#;
    assert_eq!(closed_allof::Pet::from_json_str(text), Ok(pet.clone()));
    assert_eq!(serde_json::to_string(&pet).ok().as_deref(), Some(text));

    // An unknown key is an error in flight, worded and located as the validator says (at
    // the object, as `additionalProperties` is; the message names the key).
    let bad = json!({"id": 7, "name": "Rex", "color": "brown"});
    let before = slow_paths();
    let err = closed_allof::Pet::from_json_str(&bad.to_string()).expect_err("unknown key");
    assert_eq!(slow_paths(), before, "the unknown key took the slow path");
    let first = err.first().expect("an error");
    assert_eq!(first.instance_path, "");
    assert!(first.message.contains("\"color\""), "{}", first.message);
    assert_eq!(first.keyword, "unevaluatedProperties");
    assert_eq!(first.schema_path, "#/unevaluatedProperties");
    let expected = closed_allof::validate_value(&bad).expect_err("the validator rejects it");
    assert_eq!(Some(first), expected.first());

    // The merged branches still apply: `minimum` from the `$ref`'d base.
    let err = closed_allof::Pet::from_json_str(r#"{"id":0,"name":"Rex"}"#).expect_err("id 0");
    assert_eq!(err.first().map(|e| e.keyword.as_str()), Some("minimum"));
}

#[test]
fn unevaluated_properties_schema_is_a_typed_extra_map() {
    let doc = r#"{"name":"hits","total":3,"home":1,"about":2}"#;
    let c = typed_extra::Counters::from_json_str(doc).expect("valid");
    assert_eq!(c.name, "hits");
    assert_eq!(c.total, Some(3));
    let extra: Vec<(&str, u64)> = c.extra.iter().map(|(k, v)| (k.as_str(), *v)).collect();
    assert_eq!(extra, [("home", 1), ("about", 2)]);
    assert_eq!(serde_json::to_string(&c).ok().as_deref(), Some(doc));

    // A declared property is not an extra, whatever its value; an undeclared one must
    // be a count.
    for (bad, path, keyword) in [
        (json!({"name": "hits", "home": "x"}), "/home", "type"),
        (json!({"name": "hits", "home": -1}), "/home", "minimum"),
        (json!({"name": 5}), "/name", "type"),
    ] {
        let err = typed_extra::Counters::from_json_str(&bad.to_string()).expect_err("invalid");
        let first = err.first().expect("an error");
        assert_eq!(
            (first.instance_path.as_str(), first.keyword.as_str()),
            (path, keyword),
            "{bad}"
        );
        assert!(typed_extra::validate_value(&bad).is_err(), "{bad}");
    }
}

#[test]
fn unevaluated_items_schema_types_the_items() {
    let tags: array_rest::Tags = array_rest::Tags::from_json_str(r#"["a","b"]"#).expect("valid");
    let items: &Vec<String> = &tags;
    assert_eq!(items, &["a".to_owned(), "b".to_owned()]);
    for bad in [json!([]), json!([""]), json!(["a", 1])] {
        assert!(
            array_rest::Tags::from_json_str(&bad.to_string()).is_err(),
            "{bad}"
        );
        assert!(array_rest::validate_value(&bad).is_err(), "{bad}");
    }
}

#[test]
fn dynamic_ref_to_a_placeholder_is_a_type_parameter() {
    // The container is generic over the anchor's type; by default any JSON value.
    let list: generic_list::GenericList<f64> =
        generic_list::GenericList::from_json_str(r#"{"items":[1.5,2]}"#).expect("valid");
    let sum: f64 = list.items.iter().flatten().sum();
    assert_eq!(sum, 3.5);

    // Through the catalog, the dynamic scope picks each list's item type.
    let ok = json!({"numbers": {"items": [1, 2.5]}, "labels": {"items": ["a"]}});
    let catalog: generic_list::Catalog =
        generic_list::Catalog::from_json_str(&ok.to_string()).expect("valid");
    let numbers = catalog.numbers.expect("numbers");
    assert_eq!(numbers.items, [Some(json!(1)), Some(json!(2.5))]);
    assert!(generic_list::validate_value(&ok).is_ok());
    for (bad, path) in [
        (json!({"numbers": {"items": ["one"]}}), "/numbers/items/0"),
        (json!({"labels": {"items": ["a", 2]}}), "/labels/items/1"),
    ] {
        let err = generic_list::Catalog::<serde_json::Value>::from_json_str(&bad.to_string())
            .expect_err("invalid");
        let first = err.first().expect("an error");
        assert_eq!(
            (first.instance_path.as_str(), first.keyword.as_str()),
            (path, "type"),
            "{bad}"
        );
        let expected = generic_list::validate_value(&bad).expect_err("the validator rejects it");
        assert_eq!(Some(first), expected.first(), "{bad}");
    }
}
