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
