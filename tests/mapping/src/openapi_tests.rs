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
    // The variant implies its tag (docs/type-mapping.md, "Tags are the variant"). `Cat`'s
    // own `petType` is any string, so the variant holds `AnimalCat`: Cat's properties
    // merged with the tag, which it does not store. Constructing, building and
    // serializing a cat need no tag and cannot give a dog's.
    assert_eq!(petstore::AnimalCat::PET_TYPE, "Cat");
    let tom = petstore::Animal::from(petstore::AnimalCat {
        name: Some("Tom".to_owned()),
        ..Default::default()
    });
    assert_eq!(
        serde_json::to_string(&tom).expect("serializes"),
        r#"{"petType":"Cat","name":"Tom"}"#
    );
    tom.validate().expect("a cat");
    let rex = petstore::AnimalDog::builder()
        .pack_size(3_u64)
        .build()
        .expect("a dog");
    let rex = serde_json::to_value(petstore::Animal::Dog(rex)).expect("serializes");
    assert_eq!(rex, json!({"petType": "Dog", "packSize": 3}));
    assert!(matches!(
        round_trip::<petstore::Animal>(rex),
        petstore::Animal::Dog(_)
    ));
    // The component itself is unchanged for the other places that use it: its tag is a
    // free string.
    let lizard: petstore::Cat = round_trip(json!({"petType": "Lizard"}));
    assert_eq!(lizard.pet_type, "Lizard");
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
    // Two values select the circle, so the merged type holds an enum of just those two:
    // no value of it carries the square's tag.
    let round = library::Shape::Circle(library::ShapeCircle {
        kind: library::ShapeCircleKind::Round,
        radius: 1.0,
        extra: Default::default(),
    });
    round.validate().expect("a circle tagged round");
    assert_eq!(
        serde_json::to_value(&round).expect("serializes"),
        json!({"kind": "round", "radius": 1})
    );
    assert!(
        serde_json::from_value::<library::ShapeCircle>(json!({"kind": "square", "radius": 1}))
            .is_err()
    );
    // One value selects the square: the tag is implied.
    assert_eq!(library::ShapeSquare::KIND, "square");
    // A discriminator that cannot select (an inline alternative) is an annotation: the
    // alternatives are tried as any `oneOf`'s are, whatever the tag.
    let l: library::Loose = round_trip(json!({"kind": "anything", "radius": 1}));
    assert!(matches!(l, library::Loose::Circle(_)), "{l:?}");
    let l: library::Loose = round_trip(json!({"kind": "blob"}));
    assert!(matches!(l, library::Loose::Object(_)), "{l:?}");
}

#[test]
fn a_variant_type_converts_to_and_from_the_component_it_merges() {
    // docs/type-mapping.md, "Tags are the variant": `AnimalCat` is `Cat` with the tag the
    // variant implies. `Cat::from` writes that tag; `AnimalCat::try_from` takes a cat whose
    // tag selects the variant and gives any other back unchanged.
    let text = r#"{"petType":"Cat","name":"Tom","huntingSkill":"lazy","collar":"red"}"#;
    let animal = petstore::Animal::from_json_str(text).expect("a cat");
    let petstore::Animal::Cat(tom) = animal.clone() else {
        panic!("{animal:?}")
    };
    let cat = petstore::Cat::from(tom.clone());
    assert_eq!(cat.pet_type, "Cat");
    // Nothing is lost either way: the component writes what the union read.
    assert_eq!(serde_json::to_string(&cat).expect("serializes"), text);
    cat.validate().expect("a cat");
    assert_eq!(petstore::AnimalCat::try_from(cat), Ok(tom));
    // A `Cat` whose tag is another alternative's (its own schema lets `petType` be any
    // string) is not an `AnimalCat`: it comes back as it was.
    let lizard = petstore::Cat {
        pet_type: "Lizard".to_owned(),
        name: Some("Liz".to_owned()),
        hunting_skill: None,
        extra: Default::default(),
    };
    assert_eq!(
        petstore::AnimalCat::try_from(lizard.clone()),
        Err(lizard.clone())
    );
    let dog = petstore::Cat {
        pet_type: "Dog".to_owned(),
        ..lizard
    };
    assert!(petstore::AnimalCat::try_from(dog).is_err());
    let rex = petstore::Dog::from(petstore::AnimalDog {
        pack_size: Some(3),
        ..Default::default()
    });
    assert_eq!(
        serde_json::to_value(&rex).expect("serializes"),
        json!({"petType": "Dog", "packSize": 3})
    );
    // Several values select the circle: the variant holds one of them, and the component
    // gets that one; a circle tagged with another value is not a `ShapeCircle`.
    let round = library::ShapeCircle {
        kind: library::ShapeCircleKind::Round,
        radius: 1.0,
        extra: Default::default(),
    };
    let circle = library::Circle::from(round.clone());
    assert_eq!(circle.kind, "round");
    assert_eq!(library::ShapeCircle::try_from(circle), Ok(round));
    let square = library::Circle {
        kind: "square".to_owned(),
        radius: 1.0,
        extra: Default::default(),
    };
    assert_eq!(library::ShapeCircle::try_from(square.clone()), Err(square));
    let s = library::Square::from(library::ShapeSquare { side: 2.0 });
    assert_eq!(s.kind, "square");
}

/// A real 3.0 document (`schemas/openapi/real/uspto.yaml`): the inline request body of
/// `perform-search` and its inline 200 response get types named from the operation; the
/// `list-data-sets` response, a `$ref`, is the component's type.
#[test]
fn real_3_0_inline_bodies_have_types_named_from_their_operation() {
    use crate::openapi::uspto;
    // The document's own example for `list-data-sets` (a `$ref` to `dataSetList`).
    let list: uspto::DataSetList = round_trip(json!({
        "total": 2,
        "apis": [
            {"apiKey": "oa_citations", "apiVersionNumber": "v1",
             "apiUrl": "https://developer.uspto.gov/ds-api/oa_citations/v1/fields",
             "apiDocumentationUrl": "https://developer.uspto.gov/ds-api-docs/index.html?url=https://developer.uspto.gov/ds-api/swagger/docs/oa_citations.json"},
            {"apiKey": "cancer_moonshot", "apiVersionNumber": "v1",
             "apiUrl": "https://developer.uspto.gov/ds-api/cancer_moonshot/v1/fields",
             "apiDocumentationUrl": "https://developer.uspto.gov/ds-api-docs/index.html?url=https://developer.uspto.gov/ds-api/swagger/docs/cancer_moonshot.json"}
        ]
    }));
    assert_eq!(list.apis.as_ref().map(Vec::len), Some(2));
    // The form body of `perform-search`: its defaults read through accessors, and what was
    // left out stays left out.
    let search: uspto::PerformSearchRequest = round_trip(json!({"criteria": "*:*"}));
    assert_eq!((search.start(), search.rows()), (0, 100));
    let search: uspto::PerformSearchRequest =
        round_trip(json!({"criteria": "patentNumber:1234", "start": 20, "rows": 10}));
    assert_eq!((search.start(), search.rows()), (20, 10));
    let (at, keyword, schema) = refusal::<uspto::PerformSearchRequest>(json!({"start": 1}));
    assert_eq!((at.as_str(), keyword.as_str()), ("", "required"));
    assert_eq!(
        schema,
        "#/paths/~1{dataset}~1{version}~1records/post/requestBody/content/application~1x-www-form-urlencoded/schema/required"
    );
    // The 200 response: an array of objects of objects.
    let text = r#"[{"doc":{"patentNumber":"1234","title":"x"}},{}]"#;
    let records: uspto::PerformSearch200Response =
        serde_json::from_str(text).expect("an array of objects of objects");
    assert_eq!(serde_json::to_string(&records).expect("serializes"), text);
    assert!(serde_json::from_str::<uspto::PerformSearch200Response>(r#"[{"doc": 1}]"#).is_err());
    // Parameters are typed too.
    let version: uspto::PerformSearchVersionParameter = "v1".to_owned();
    let dataset: uspto::ListSearchableFieldsDatasetParameter = "oa_citations".to_owned();
    assert_eq!((version.as_str(), dataset.as_str()), ("v1", "oa_citations"));
}

/// A real 3.1 document (`schemas/openapi/real/scalar-galaxy-3.1.yaml`): an inline `allOf`
/// request body carried by two media types is one type; an inline response whose JSON and
/// XML schemas differ is one type per media type; an inline multipart body; a component
/// round-trips its own examples.
#[test]
fn real_3_1_inline_bodies_round_trip_the_documents_examples() {
    use crate::openapi::galaxy;
    // `createUser`'s request examples, `Marc` and `Cam`, in JSON and XML alike.
    for (name, email, password) in [
        ("Marc", "marc@scalar.com", "i-love-scalar"),
        ("Cam", "cam@scalar.com", "scalar-is-cool"),
    ] {
        let user: galaxy::CreateUserRequest =
            round_trip(json!({"name": name, "email": email, "password": password}));
        assert_eq!(user.password.as_deref(), Some(password));
    }
    // `email` is required; `password` is `writeOnly`, so the same type reads a response
    // that leaves it out.
    let (at, keyword, _) =
        refusal::<galaxy::CreateUserRequest>(json!({"name": "Marc", "password": "x"}));
    assert_eq!((at.as_str(), keyword.as_str()), ("", "required"));
    let _: galaxy::CreateUserRequest =
        round_trip(json!({"name": "Marc", "email": "marc@scalar.com"}));
    // `getAllData`'s 200 response: `allOf` of an inline object and `PaginatedResource`,
    // built from the schema's own `examples`.
    let mars = json!({
        "id": 1, "name": "Mars", "description": "The red planet", "type": "terrestrial",
        "habitabilityIndex": 0.68,
        "physicalProperties": {"mass": 0.107, "radius": 0.532, "gravity": 0.378,
            "temperature": {"min": 130, "max": 308, "average": 210}},
        "atmosphere": [{"compound": "CO2", "percentage": 95.3}],
        "discoveredAt": "1610-01-07T00:00:00Z",
        "image": "https://cdn.scalar.com/photos/mars.jpg",
        "tags": ["solar-system", "rocky", "explored"],
        "lastUpdated": "2024-01-15T14:30:00Z",
        "callbackUrl": "https://example.com/webhook"
    });
    let page = json!({"data": [mars.clone(), {"id": 2, "name": "Jupiter", "description": null}],
        "meta": {"limit": 10, "offset": 0, "total": 100, "next": "/planets?limit=10&offset=10"}});
    let json_page: galaxy::GetAllData200ResponseJson = round_trip(page.clone());
    let xml_page: galaxy::GetAllData200ResponseXml = round_trip(page);
    assert_eq!(
        json_page.data.as_ref().map(|d| d[0].name.as_str()),
        xml_page.data.as_ref().map(|d| d[0].name.as_str())
    );
    let planet: galaxy::Planet = round_trip(mars);
    assert_eq!(planet.type_, Some(galaxy::PlanetType::Terrestrial));
    let (at, keyword, _) =
        refusal::<galaxy::Planet>(json!({"id": 1, "name": "X", "habitabilityIndex": 1.5}));
    assert_eq!(
        (at.as_str(), keyword.as_str()),
        ("/habitabilityIndex", "maximum")
    );
    // `uploadImage`'s multipart body, with the schema's example.
    let upload: galaxy::UploadImageRequest = round_trip(json!({"image": "@mars.jpg"}));
    assert_eq!(upload.image.as_deref(), Some("@mars.jpg"));
    // Parameters of `components/parameters`, with their defaults.
    let limit: galaxy::LimitParameter = 10;
    let planet_id: galaxy::PlanetIdParameter = 1;
    assert_eq!(limit + planet_id, 11);
}
