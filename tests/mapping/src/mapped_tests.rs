//! Type mapping (`schemas/mapped.json`, generated with `date-time` → chrono, `uuid` →
//! uuid, `/definitions/Money` and `/definitions/Code` by `x-rust-type`, and
//! `/definitions/Label` by pointer, which overrides its `x-rust-type`).

use crate::mapped::{self, Mapped};
use crate::mapped_plain;
use crate::money::{Code, Label, Money};
use chrono::{DateTime, Utc};
use envgen_runtime::{Options, ValidationErrors};
use serde_json::{json, Value};
use uuid::Uuid;

const ID: &str = "67e55044-10b1-426f-9247-bb680e5fe0c8";

fn at(s: &str) -> DateTime<Utc> {
    s.parse().expect("a valid date-time")
}

fn id() -> Uuid {
    Uuid::parse_str(ID).expect("a valid uuid")
}

use crate::test_support::triples;

fn one(path: &str, keyword: &str, schema_path: &str) -> Vec<(String, String, String)> {
    vec![(path.to_owned(), keyword.to_owned(), schema_path.to_owned())]
}

/// Parses `doc` with `options`, expecting a rejection; also returns whether it took the
/// two-pass (slow) path.
fn reject(doc: &Value, options: &Options) -> (ValidationErrors, bool) {
    let before = envgen_runtime::__private::check::slow_paths();
    let e = Mapped::from_json_str_with(&doc.to_string(), options)
        .expect_err("the document is rejected");
    (e, envgen_runtime::__private::check::slow_paths() != before)
}

#[test]
fn fields_have_the_mapped_types() {
    let doc = json!({
        "at": "2024-05-01T12:00:00Z",
        "id": ID,
        "history": ["2024-01-01T00:00:00Z", "2025-02-03T04:05:06.500Z"],
        "parent": null,
        "stamp": "2024-05-01T12:00:00Z",
        "price": {"cents": 250, "currency": "EUR"},
        "code": "AB",
        "label": "tag",
        "email": "a@example.com"
    });
    let parsed = Mapped::from_json_str(&doc.to_string()).expect("valid");
    // The struct literal pins every field's type.
    let expected = Mapped {
        at: at("2024-05-01T12:00:00Z"),
        id: id(),
        history: Some(vec![
            at("2024-01-01T00:00:00Z"),
            at("2025-02-03T04:05:06.500Z"),
        ]),
        parent: Some(None),
        stamp: Some(at("2024-05-01T12:00:00Z")),
        price: Some(Money {
            cents: 250,
            currency: "EUR".into(),
        }),
        code: Some(Code("AB".into())),
        label: Some(Label("tag".into())),
        email: Some("a@example.com".into()),
        times: None,
        when: None,
        step: None,
    };
    assert_eq!(parsed, expected);
    // Canonical values come back as they were written.
    assert_eq!(serde_json::to_value(&parsed).expect("serializes"), doc);
    let with_parent = json!({"at": "2024-05-01T12:00:00Z", "id": ID, "parent": ID});
    let parsed = Mapped::from_json_str(&with_parent.to_string()).expect("valid");
    assert_eq!(parsed.parent, Some(Some(id())));
}

#[test]
fn a_bad_date_time_is_a_format_error_at_its_format_keyword() {
    for formats in [false, true] {
        let options = Options::new().formats(formats);
        let doc = json!({"at": "not a date", "id": ID});
        let (e, slow) = reject(&doc, &options);
        assert_eq!(
            triples(&e),
            one("/at", "format", "#/properties/at/format"),
            "{e}"
        );
        assert!(!slow, "reported in flight");
        assert!(e.errors()[0].message.contains("is not a valid date-time"));

        let doc = json!({"at": "2024-05-01T12:00:00Z", "id": ID,
            "history": ["2024-01-01T00:00:00Z", "2024-13-01T00:00:00Z"]});
        let (e, _) = reject(&doc, &options);
        assert_eq!(
            triples(&e),
            one("/history/1", "format", "#/properties/history/items/format")
        );

        let doc = json!({"at": "2024-05-01T12:00:00Z", "id": ID, "parent": "nope"});
        let (e, _) = reject(&doc, &options);
        assert_eq!(
            triples(&e),
            one("/parent", "format", "#/properties/parent/format")
        );

        // Through a `$ref` to a mapped definition: the format keyword is the definition's.
        let doc = json!({"at": "2024-05-01T12:00:00Z", "id": ID, "stamp": "yesterday"});
        let (e, _) = reject(&doc, &options);
        assert_eq!(
            triples(&e),
            one("/stamp", "format", "#/definitions/Stamp/format")
        );
    }
}

#[test]
fn other_keywords_on_a_mapped_string_are_still_checked() {
    let options = Options::new();
    // A valid date-time longer than maxLength 25.
    let doc = json!({"at": "2024-05-01T12:00:00.123456789+02:00", "id": ID});
    let (e, slow) = reject(&doc, &options);
    assert_eq!(
        triples(&e),
        one("/at", "maxLength", "#/properties/at/maxLength")
    );
    assert!(!slow);
    // Too long and not a date-time: the schema's own keywords come first.
    let doc = json!({"at": "this is not a date-time at all", "id": ID});
    let (e, _) = reject(&doc, &options);
    assert_eq!(
        triples(&e),
        one("/at", "maxLength", "#/properties/at/maxLength")
    );
    // An item's `pattern`.
    let doc = json!({"at": "2024-05-01T12:00:00Z", "id": ID, "history": ["1999-01-01T00:00:00Z"]});
    let (e, _) = reject(&doc, &options);
    assert_eq!(
        triples(&e),
        one(
            "/history/0",
            "pattern",
            "#/properties/history/items/pattern"
        )
    );
    // Wrong JSON type for a mapped field.
    let doc = json!({"at": 5, "id": ID});
    let (e, _) = reject(&doc, &options);
    assert_eq!(triples(&e), one("/at", "type", "#/properties/at/type"));
}

#[test]
fn the_parse_applies_without_format_assertion_but_validate_value_does_not_change() {
    let bad = json!({"at": "not a date", "id": ID});
    // `validate_value` is the schema's verdict: formats are annotations by default.
    assert!(mapped::validate_value(&bad).is_ok());
    let e = mapped::validate_value_with(&bad, &Options::new().formats(true)).expect_err("format");
    assert_eq!(triples(&e), one("/at", "format", "#/properties/at/format"));
    // The typed parse cannot hold the value either way.
    assert!(Mapped::from_json_str(&bad.to_string()).is_err());
}

#[test]
fn validate_value_is_the_unmapped_modules() {
    let docs = [
        json!({"at": "2024-05-01T12:00:00Z", "id": ID}),
        json!({"at": "not a date", "id": ID}),
        json!({"at": "2024-05-01T12:00:00Z", "id": "67E55044-10B1-426F-9247-BB680E5FE0C8"}),
        json!({"at": "2024-05-01T12:00:00Z", "id": "67e5504410b1426f9247bb680e5fe0c8"}),
        json!({"at": "2024-05-01T12:00:00.123456789+02:00", "id": ID}),
        json!({"at": "2024-05-01T12:00:00Z", "id": ID, "history": ["x", "1999-01-01T00:00:00Z"]}),
        json!({"at": "2024-05-01T12:00:00Z", "id": ID, "price": {"cents": -1, "currency": "eur"}}),
        json!({"at": "2024-05-01T12:00:00Z", "id": ID, "label": "too long", "code": "A"}),
        json!({"at": 1, "id": null, "extra": true}),
    ];
    for doc in &docs {
        for options in [
            Options::new(),
            Options::new().formats(true),
            Options::new().all_errors(true).formats(true),
        ] {
            let mapped = mapped::validate_value_with(doc, &options).map_err(|e| triples(&e));
            let plain = mapped_plain::validate_value_with(doc, &options).map_err(|e| triples(&e));
            assert_eq!(mapped, plain, "{doc}");
        }
    }
}

#[test]
fn uuid_is_an_annotation_in_draft_07_and_the_mapped_type_still_parses() {
    // `mapped.json` is draft-07, which defines no `uuid` format: asserted or not, the
    // schema does not check it (docs/decisions.md, "Formats follow the draft"). The uuid
    // crate parses the 32-digit form, so the typed parse takes it either way.
    let doc = json!({"at": "2024-05-01T12:00:00Z", "id": "67e5504410b1426f9247bb680e5fe0c8"});
    for options in [Options::new(), Options::new().formats(true)] {
        let parsed = Mapped::from_json_str_with(&doc.to_string(), &options).expect("parses");
        assert_eq!(parsed.id, id());
        // It serializes hyphenated: the round trip normalizes it.
        assert_eq!(
            serde_json::to_value(&parsed).expect("serializes")["id"],
            json!(ID)
        );
    }
    // What the mapped type does not parse is refused, formats asserted or not: the mapping
    // is the user's request. `validate_value` is the schema's verdict: no `uuid` check.
    let bad = json!({"at": "2024-05-01T12:00:00Z", "id": "nope"});
    for options in [Options::new(), Options::new().formats(true)] {
        assert!(mapped::validate_value_with(&bad, &options).is_ok());
        let (e, _) = reject(&bad, &options);
        assert_eq!(triples(&e), one("/id", "format", "#/properties/id/format"));
        assert!(e.errors()[0].message.contains("is not a valid uuid"), "{e}");
    }
    // A draft-07 format asserted beside it still is.
    let (e, _) = reject(
        &json!({"at": "2024-05-01T12:00:00Z", "id": ID, "email": "no at sign"}),
        &Options::new().formats(true),
    );
    assert_eq!(
        triples(&e),
        one("/email", "format", "#/properties/email/format")
    );
}

#[test]
fn date_time_is_written_in_utc_with_fractions_in_groups_of_three() {
    let doc = json!({"at": "2024-05-01T12:00:00.5Z", "id": ID});
    let parsed = Mapped::from_json_str(&doc.to_string()).expect("valid");
    assert_eq!(
        serde_json::to_value(&parsed).expect("serializes")["at"],
        json!("2024-05-01T12:00:00.500Z")
    );

    let doc = json!({"at": "2024-05-01T14:00:00+02:00", "id": ID});
    let parsed = Mapped::from_json_str(&doc.to_string()).expect("valid");
    assert_eq!(parsed.at, at("2024-05-01T12:00:00Z"));
    assert_eq!(
        serde_json::to_value(&parsed).expect("serializes")["at"],
        json!("2024-05-01T12:00:00Z")
    );
}

#[test]
fn builders_take_the_mapped_types() {
    let built = Mapped::builder()
        .at(at("2024-05-01T12:00:00Z"))
        .id(id())
        .parent_null()
        .history(vec![at("2024-01-01T00:00:00Z")])
        .price(Money {
            cents: 1,
            currency: "USD".into(),
        })
        .build()
        .expect("valid");
    assert_eq!(built.parent, Some(None));
    assert!(built.validate().is_ok());
    // The keywords of a definition mapped whole are checked on its JSON form.
    let e = Mapped::builder()
        .at(at("2024-05-01T12:00:00Z"))
        .id(id())
        .price(Money {
            cents: 1,
            currency: "usd".into(),
        })
        .build()
        .expect_err("currency pattern");
    assert_eq!(
        triples(&e),
        one(
            "/price/currency",
            "pattern",
            "#/definitions/Money/properties/currency/pattern"
        )
    );
    // And on a string's JSON form: 2000-01-01T00:00:00.123456789Z is 30 characters.
    let e = Mapped::builder()
        .at(at("2000-01-01T00:00:00.123456789Z"))
        .id(id())
        .build()
        .expect_err("maxLength");
    assert_eq!(
        triples(&e),
        one("/at", "maxLength", "#/properties/at/maxLength")
    );
}

#[test]
fn definitions_mapped_whole_are_checked_by_the_schema() {
    let options = Options::new();
    // Money deserializes; its schema's pattern is checked after the parse.
    let doc =
        json!({"at": "2024-05-01T12:00:00Z", "id": ID, "price": {"cents": 1, "currency": "usd"}});
    let (e, _) = reject(&doc, &options);
    assert_eq!(
        triples(&e),
        one(
            "/price/currency",
            "pattern",
            "#/definitions/Money/properties/currency/pattern"
        )
    );
    // Money cannot hold -1: the document's own value is checked against Money's schema in
    // flight, before Money reads it, so the schema's keyword is named in one pass.
    let doc =
        json!({"at": "2024-05-01T12:00:00Z", "id": ID, "price": {"cents": -1, "currency": "USD"}});
    let (e, slow) = reject(&doc, &options);
    assert_eq!(
        triples(&e),
        one(
            "/price/cents",
            "minimum",
            "#/definitions/Money/properties/cents/minimum"
        )
    );
    assert!(!slow);
    // The pointer mapping's type (Label) with its schema's maxLength; Code's minLength.
    let doc = json!({"at": "2024-05-01T12:00:00Z", "id": ID, "label": "too long"});
    let (e, _) = reject(&doc, &options);
    assert_eq!(
        triples(&e),
        one("/label", "maxLength", "#/definitions/Label/maxLength")
    );
    let doc = json!({"at": "2024-05-01T12:00:00Z", "id": ID, "code": "A"});
    let (e, _) = reject(&doc, &options);
    assert_eq!(
        triples(&e),
        one("/code", "minLength", "#/definitions/Code/minLength")
    );
}

#[test]
fn all_errors_mode_reports_a_bad_mapped_string() {
    let doc = json!({"at": "not a date", "id": "nope"});
    // Formats asserted: the schema's own format errors, which in draft-07 are `date-time`'s
    // and not `uuid`'s (a 2019-09 format).
    let (e, slow) = reject(&doc, &Options::new().all_errors(true).formats(true));
    assert!(slow);
    assert_eq!(triples(&e), one("/at", "format", "#/properties/at/format"));
    // Once the schema accepts the document, the mapped `Uuid`'s parse refuses `nope`.
    let doc = json!({"at": "2024-05-01T12:00:00Z", "id": "nope"});
    let (e, _) = reject(&doc, &Options::new().all_errors(true).formats(true));
    assert_eq!(triples(&e), one("/id", "format", "#/properties/id/format"));
}

#[test]
fn all_errors_mode_without_format_assertion_names_the_format_the_type_parses() {
    // The two-pass path validates with the schema, which accepts the string when formats
    // are not asserted; the typed parse's failure is then located as the in-flight path
    // locates it: the mapped type's parse stands for the `format` check.
    let doc = json!({"at": "not a date", "id": ID});
    let (e, slow) = reject(&doc, &Options::new().all_errors(true));
    assert!(slow);
    assert_eq!(triples(&e), one("/at", "format", "#/properties/at/format"));
    assert!(e.errors()[0].message.contains("not a valid date-time"));
}

#[test]
fn map_values_and_one_of_branches_hold_mapped_types() {
    let doc = json!({"at": "2024-05-01T12:00:00Z", "id": ID,
        "times": {"start": "2024-01-01T00:00:00Z"}, "when": "2024-01-02T00:00:00Z"});
    let parsed = Mapped::from_json_str(&doc.to_string()).expect("valid");
    let times = parsed.times.as_ref().expect("times");
    assert_eq!(times["start"], at("2024-01-01T00:00:00Z"));
    assert_eq!(
        parsed.when,
        Some(mapped::MappedWhen::String(at("2024-01-02T00:00:00Z")))
    );
    assert_eq!(serde_json::to_value(&parsed).expect("serializes"), doc);
    // Bad values there are rejected at their own pointers with the schema's error when
    // formats are asserted, else as the `format` the mapped type parses: a map's value on
    // the two-pass path, a union's alternative in flight, at the alternative's `format`.
    let map = json!({"at": "2024-05-01T12:00:00Z", "id": ID, "times": {"start": "soon"}});
    let branch = json!({"at": "2024-05-01T12:00:00Z", "id": ID, "when": "soon"});
    for (doc, path, keywords, two_pass) in [
        (map, "/times/start", ["format", "format"], true),
        (branch, "/when", ["format", "oneOf"], false),
    ] {
        for (formats, keyword) in [false, true].into_iter().zip(keywords) {
            let (e, slow) = reject(&doc, &Options::new().formats(formats));
            if !formats {
                assert_eq!(slow, two_pass, "{doc}: {e}");
            }
            assert_eq!(e.errors()[0].instance_path, path, "{e}");
            assert_eq!(e.errors()[0].keyword, keyword, "{e}");
        }
    }
}

#[test]
fn a_mapped_alternative_of_a_union_is_refused_as_a_mapped_field_is() {
    // `when`: `oneOf` [`date-time` string mapped to chrono, integer]; formats not
    // asserted, so the schema accepts any string, and the type refuses what chrono does
    // not parse: a `format` error at the alternative's `format` keyword, in both modes.
    for text in ["", "soon", "2024-13-01T00:00:00Z"] {
        let doc = json!({"at": "2024-05-01T12:00:00Z", "id": ID, "when": text});
        assert!(mapped::validate_value(&doc).is_ok(), "{doc}");
        for options in [Options::new(), Options::new().all_errors(true)] {
            let (e, _) = reject(&doc, &options);
            assert_eq!(
                triples(&e),
                one("/when", "format", "#/properties/when/oneOf/0/format"),
                "{doc}"
            );
            let message = &e.errors()[0].message;
            assert!(message.contains("is not a valid date-time"), "{message}");
            assert!(!message.contains("envgen defect"), "{message}");
        }
    }
    // An integer takes the other alternative; a valid string parses.
    let doc = json!({"at": "2024-05-01T12:00:00Z", "id": ID, "when": 7});
    let parsed = Mapped::from_json_str(&doc.to_string()).expect("valid");
    assert_eq!(parsed.when, Some(mapped::MappedWhen::Integer(7)));
}

#[test]
fn outside_a_session_serde_reads_the_mapped_types() {
    let ok: Mapped =
        serde_json::from_str(&json!({"at": "2024-05-01T12:00:00Z", "id": ID}).to_string())
            .expect("plain serde parse");
    assert_eq!(ok.at, at("2024-05-01T12:00:00Z"));
    assert!(serde_json::from_str::<Mapped>(&json!({"at": "x", "id": ID}).to_string()).is_err());
}

#[test]
fn a_mapped_type_that_swallows_a_generated_types_error_leaves_no_record() {
    // `step` is read by a hand-written `untagged` enum that tries the generated
    // `inflight::Step` first: on `{"shell": 5}` that type raises in flight, and serde
    // swallows the error. The failure that follows (`email`) is its own, in flight.
    let doc = json!({"at": "2024-05-01T12:00:00Z", "id": ID, "step": {"shell": 5}, "email": 5});
    let (e, slow) = reject(&doc, &Options::new());
    assert_eq!(
        triples(&e),
        one("/email", "type", "#/properties/email/type"),
        "{e}"
    );
    assert!(!slow, "reported in flight");
    let ok = json!({"at": "2024-05-01T12:00:00Z", "id": ID, "step": {"shell": 5}});
    let parsed = Mapped::from_json_str(&ok.to_string()).expect("valid");
    assert!(matches!(parsed.step, Some(crate::money::Step::Loose(_))));
}
