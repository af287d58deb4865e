//! OpenAPI documents through the generated types (`schemas/openapi/`): each component is a
//! type named after its key, payloads round-trip, and what OpenAPI adds to its schemas
//! (3.0's `nullable`, `readOnly`/`writeOnly`, draft-4 bounds; 3.1's 2020-12 keywords and a
//! component's own `$schema`) decides what parses.

use crate::openapi::{events, library, petstore};
use crate::test_support::triples;
use envgen_runtime::Document;
use serde_json::{json, Value};

/// Parses `doc` as `T`, serializes it back and compares with the input.
fn round_trip<T: Document + serde::Serialize>(doc: Value) -> T {
    let text = doc.to_string();
    let parsed = T::from_json_str_with(&text, &envgen_runtime::Options::new().formats(true))
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(serde_json::to_value(&parsed).expect("serializes"), doc);
    parsed
}

/// The first error of parsing `doc` as `T`: (instance path, keyword, schema path).
fn refusal<T: Document>(doc: Value) -> (String, String, String) {
    let e = T::from_json_str_with(&doc.to_string(), &envgen_runtime::Options::new())
        .err()
        .unwrap_or_else(|| panic!("{doc} was accepted"));
    triples(&e).swap_remove(0)
}

#[test]
fn a_3_0_component_reads_a_response_and_a_request() {
    // A response: the read-only `id`, no write-only `owner_token`.
    let pet: petstore::Pet =
        round_trip(json!({"name": "Rex", "tag": null, "id": 7, "status": "sold"}));
    assert_eq!(pet.id, Some(7));
    assert_eq!(
        pet.tag,
        Some(None),
        "nullable: null is kept apart from absent"
    );
    assert_eq!(pet.status, Some(petstore::Status::Sold));
    // A request: `owner_token`, no `id`.
    let pet: petstore::Pet =
        round_trip(json!({"name": "Rex", "owner_token": "s3cret", "weight": 4.5}));
    assert_eq!((pet.id, pet.owner_token.as_deref()), (None, Some("s3cret")));
    // `name` stays required; the draft-4 `exclusiveMinimum: true` applies.
    let (at, keyword, _) = refusal::<petstore::Pet>(json!({"tag": "x"}));
    assert_eq!((at.as_str(), keyword.as_str()), ("", "required"));
    let (at, keyword, schema) = refusal::<petstore::NewPet>(json!({"name": "Rex", "weight": 0}));
    assert_eq!(at, "/weight");
    assert!(
        keyword == "minimum" || keyword == "exclusiveMinimum",
        "{keyword}"
    );
    assert!(
        schema.starts_with("#/components/schemas/NewPet/properties/weight/"),
        "{schema}"
    );
    let (_, keyword, _) = refusal::<petstore::NewPet>(json!({"name": "Rex", "tag": 3}));
    assert_eq!(keyword, "type");
}

#[test]
fn a_component_of_another_document_is_a_type_too() {
    let page: petstore::Page = round_trip(json!({
        "items": [{"name": "Rex"}],
        "next": null,
        "error": {"code": 404, "message": "no more"}
    }));
    assert_eq!(page.error.as_ref().map(|e| e.code), Some(404));
    let (at, keyword, schema) =
        refusal::<petstore::Page>(json!({"items": [], "error": {"code": 99, "message": "x"}}));
    assert_eq!((at.as_str(), keyword.as_str()), ("/error/code", "minimum"));
    assert!(
        schema.contains("/components/schemas/Error/properties/code/minimum"),
        "{schema}"
    );
}

#[test]
fn a_3_1_component_uses_2020_12_and_a_component_may_name_its_own_draft() {
    let book: library::Book = round_trip(json!({
        "isbn": "9780262510875",
        "title": "SICP",
        "subtitle": null,
        "authors": ["Abelson", "Sussman"],
        "position": ["B2", 14]
    }));
    assert_eq!(book.subtitle, Some(None));
    let (at, keyword, _) = refusal::<library::Book>(
        json!({"isbn": "9780262510875", "title": "SICP", "authors": ["A"], "shelf": 3}),
    );
    assert_eq!(
        (at.as_str(), keyword.as_str()),
        ("", "unevaluatedProperties")
    );
    let (at, keyword, _) =
        refusal::<library::Book>(json!({"isbn": "12", "title": "SICP", "authors": ["A"]}));
    assert_eq!((at.as_str(), keyword.as_str()), ("/isbn", "pattern"));
    let (at, keyword, _) = refusal::<library::Book>(
        json!({"isbn": "9780262510875", "title": "SICP", "authors": ["A"], "position": ["B2", 1, 2]}),
    );
    assert_eq!((at.as_str(), keyword.as_str()), ("/position/2", "false"));
    // Draft 7's numeric `exclusiveMinimum` in the component that says `$schema: draft-07`.
    round_trip::<library::Legacy>(json!({"count": 1}));
    let (at, keyword, _) = refusal::<library::Legacy>(json!({"count": 0}));
    assert_eq!(
        (at.as_str(), keyword.as_str()),
        ("/count", "exclusiveMinimum")
    );
}

#[test]
fn a_3_2_union_of_components_decodes_each_alternative() {
    let created: events::Event =
        round_trip(json!({"kind": "created", "id": "e1", "at": "2026-11-26T10:00:00Z"}));
    assert!(matches!(created, events::Event::Created(_)));
    let deleted: events::Event = round_trip(json!({"kind": "deleted", "id": "e1"}));
    assert!(matches!(deleted, events::Event::Deleted(_)));
    let (_, keyword, _) = refusal::<events::Event>(json!({"kind": "moved", "id": "e1"}));
    assert_eq!(keyword, "oneOf");
}

#[test]
fn a_discriminator_selects_the_alternative_by_its_tag() {
    // 3.0, no mapping: the component's name is the tag. Cat and Dog overlap (a name and a
    // string `petType` fit both), which a plain `oneOf` refuses; the discriminator picks.
    let cat: petstore::Animal = round_trip(json!({"petType": "Cat", "name": "Tom"}));
    assert!(
        matches!(&cat, petstore::Animal::Cat(c) if c.name.as_deref() == Some("Tom")),
        "{cat:?}"
    );
    let dog: petstore::Animal = round_trip(json!({"name": "Rex", "petType": "Dog", "packSize": 3}));
    assert!(
        matches!(&dog, petstore::Animal::Dog(d) if d.pack_size == Some(3)),
        "{dog:?}"
    );
    // `format: int32` asserts nothing: a value past 32 bits is a dog's age too.
    let dog: petstore::Animal = round_trip(json!({"petType": "Dog", "age": 1_099_511_627_776_i64}));
    assert!(
        matches!(&dog, petstore::Animal::Dog(d) if d.age == Some(1 << 40)),
        "{dog:?}"
    );
    // A dog may carry what a cat has (its schema allows other properties): still a dog.
    let dog: petstore::Animal = round_trip(json!({"petType": "Dog", "huntingSkill": "lazy"}));
    assert!(matches!(dog, petstore::Animal::Dog(_)), "{dog:?}");
    // The selected alternative's own keywords apply; the error is the union's, as for
    // any `oneOf` whose alternatives all fail.
    let bad_cat = json!({"petType": "Cat", "huntingSkill": "keen"});
    let (at, keyword, schema) = refusal::<petstore::Animal>(bad_cat.clone());
    assert_eq!(
        (at.as_str(), keyword.as_str(), schema.as_str()),
        ("", "oneOf", "#/components/schemas/Animal/oneOf")
    );
    let (at, keyword, _) = refusal::<petstore::Cat>(bad_cat);
    assert_eq!((at.as_str(), keyword.as_str()), ("/huntingSkill", "enum"));
    // A tag that names no alternative, or none at all, selects nothing.
    for doc in [
        json!({"petType": "Lizard"}),
        json!({"name": "Tom"}),
        json!({"petType": "cat"}),
    ] {
        let (at, keyword, _) = refusal::<petstore::Animal>(doc.clone());
        assert_eq!((at.as_str(), keyword.as_str()), ("", "oneOf"), "{doc}");
    }
    // A typed value is checked by the same rule, on its JSON form: a `Cat` whose tag
    // selects nothing is refused.
    let lost = petstore::Animal::Cat(
        serde_json::from_value(json!({"petType": "Lizard"})).expect("a Cat holds any tag string"),
    );
    assert!(lost.validate().is_err(), "a cat tagged Lizard was accepted");
    let right =
        petstore::Animal::Cat(serde_json::from_value(json!({"petType": "Cat"})).expect("a Cat"));
    right.validate().expect("a cat tagged Cat");
}

#[test]
fn a_discriminator_mapping_may_give_an_alternative_several_values() {
    // 3.1, `anyOf`, a mapping by reference and by name: `circle` and `round` select Circle.
    for kind in ["circle", "round"] {
        let s: library::Shape = round_trip(json!({"kind": kind, "radius": 1.5}));
        assert!(matches!(s, library::Shape::Circle(_)), "{kind}: {s:?}");
    }
    let s: library::Shape = round_trip(json!({"kind": "square", "side": 2}));
    assert!(matches!(s, library::Shape::Square(_)), "{s:?}");
    // A mapped alternative is selected by its mapping values only, not by its name.
    let (_, keyword, _) = refusal::<library::Shape>(json!({"kind": "Square", "side": 2}));
    assert_eq!(keyword, "anyOf");
    // The selected alternative decides: a square has no radius.
    let (at, keyword, _) = refusal::<library::Shape>(json!({"kind": "square", "radius": 2}));
    assert_eq!(at, "");
    assert!(keyword == "required" || keyword == "anyOf", "{keyword}");
    // A typed circle whose tag selects the square is checked as the square (`anyOf`).
    let odd = library::Shape::Circle(
        serde_json::from_value(json!({"kind": "square", "radius": 1})).expect("a Circle"),
    );
    assert!(
        odd.validate().is_err(),
        "a circle tagged square was accepted"
    );
    let round = library::Shape::Circle(
        serde_json::from_value(json!({"kind": "round", "radius": 1})).expect("a Circle"),
    );
    round.validate().expect("a circle tagged round");
    // A discriminator that cannot select (an inline alternative) is an annotation: the
    // alternatives are tried as any `oneOf`'s are, whatever the tag.
    let l: library::Loose = round_trip(json!({"kind": "anything", "radius": 1}));
    assert!(matches!(l, library::Loose::Circle(_)), "{l:?}");
    let l: library::Loose = round_trip(json!({"kind": "blob"}));
    assert!(matches!(l, library::Loose::Object(_)), "{l:?}");
}
