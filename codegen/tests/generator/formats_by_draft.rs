//! With formats asserted, a schema asserts only the formats its draft defines; a format
//! of a later draft is an annotation there, as an unknown format is (docs/decisions.md,
//! "Formats follow the draft"). Behaviour: `tests/mapping` (`mapped_tests.rs`) and the
//! JSON-Schema-Test-Suite's `optional/format` per draft (`tests/jsts`).

use envgen_codegen::{generate_source, Settings};

/// The drafts, oldest first, by their `$schema` URI.
const DRAFTS: [&str; 5] = [
    "http://json-schema.org/draft-04/schema#",
    "http://json-schema.org/draft-06/schema#",
    "http://json-schema.org/draft-07/schema#",
    "https://json-schema.org/draft/2019-09/schema",
    "https://json-schema.org/draft/2020-12/schema",
];

/// Each format envgen knows, with the first draft (index into [`DRAFTS`]) defining it.
const FORMATS: [(&str, usize); 19] = [
    ("date-time", 0),
    ("email", 0),
    ("hostname", 0),
    ("ipv4", 0),
    ("ipv6", 0),
    ("uri", 0),
    ("uri-reference", 1),
    ("uri-template", 1),
    ("json-pointer", 1),
    ("date", 2),
    ("time", 2),
    ("idn-email", 2),
    ("idn-hostname", 2),
    ("iri", 2),
    ("iri-reference", 2),
    ("relative-json-pointer", 2),
    ("regex", 2),
    ("duration", 3),
    ("uuid", 3),
];

/// Whether the validators generated for a string schema with `format` in `draft` check it.
fn asserts(draft: &str, format: &str) -> bool {
    let schema = format!(r#"{{"$schema": "{draft}", "type": "string", "format": "{format}"}}"#);
    let out = generate_source("f.json", &schema, &Settings::new())
        .unwrap_or_else(|e| panic!("{draft} {format}: {e}"));
    out.contains(&format!("format::check(\"{format}\""))
}

#[test]
fn each_draft_asserts_the_formats_it_defines_and_no_later_ones() {
    for (format, since) in FORMATS {
        for (i, draft) in DRAFTS.iter().enumerate() {
            assert_eq!(asserts(draft, format), i >= since, "{format} in {draft}");
        }
    }
}

#[test]
fn an_openapi_3_0_document_asserts_date() {
    let api = r#"{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {},
        "components": {"schemas": {"Pet": {"type": "object", "properties": {
        "born": {"type": "string", "format": "date"},
        "id": {"type": "string", "format": "uuid"}}}}}}"#;
    let out = generate_source("api.json", api, &Settings::new()).unwrap_or_else(|e| panic!("{e}"));
    assert!(out.contains("format::check(\"date\""), "{out}");
    assert!(!out.contains("format::check(\"uuid\""), "{out}");
}
