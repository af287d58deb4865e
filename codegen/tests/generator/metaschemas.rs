//! The official metaschemas are built in: a `$ref` to one resolves with no mapping, in
//! either URI scheme and with or without an empty fragment, and a user's own mapping of
//! the same URI wins over the built-in copy.

use envgen_codegen::{Config, SchemaConfig, SchemaSource, Settings};
use envgen_test_support::scratch::Scratch;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> Scratch {
    Scratch::new(&format!("metaschemas-{name}"))
}

/// Generates `schema` from a file through [`Config`], as a build script or the CLI does.
fn generate_file(name: &str, schema: &str, maps: &[(&str, PathBuf)]) -> Result<String, String> {
    let dir = scratch(name);
    std::fs::write(dir.join("schema.json"), schema).unwrap();
    let mut config = Config::new().base_dir(dir.to_path_buf());
    for (prefix, to) in maps {
        config = config.map(*prefix, to.clone());
    }
    let sc = SchemaConfig::new("schema.json");
    let (set, doc, _) = config.load(&sc).map_err(|e| e.to_string())?;
    envgen_codegen::generate(&set, doc, &Settings::new())
        .map(|t| t.to_string())
        .map_err(|e| e.to_string())
}

/// Generated code of a metaschema's types has the keyword properties as fields.
fn looks_like_a_metaschema(code: &str) -> bool {
    code.contains("additional_properties") && code.contains("pattern_properties")
}

#[test]
fn a_root_ref_to_the_2020_12_metaschema_generates_without_a_mapping() {
    let code = generate_file(
        "root_2020_12",
        r#"{"$ref": "https://json-schema.org/draft/2020-12/schema"}"#,
        &[],
    )
    .unwrap();
    assert!(looks_like_a_metaschema(&code), "{code}");
    // The vocabulary metaschemas came along: `unevaluatedProperties` is in `meta/unevaluated`.
    assert!(code.contains("unevaluated_properties"), "{code}");
}

#[test]
fn a_root_ref_to_draft_7_with_an_empty_fragment_generates_without_a_mapping() {
    let code = generate_file(
        "root_draft_7",
        r##"{"$ref": "http://json-schema.org/draft-07/schema#"}"##,
        &[],
    )
    .unwrap();
    assert!(looks_like_a_metaschema(&code), "{code}");
}

#[test]
fn a_property_may_hold_a_draft_4_schema() {
    let code = generate_file(
        "property_draft_4",
        r##"{"type": "object", "properties": {"schema": {"$ref": "http://json-schema.org/draft-04/schema#"}}}"##,
        &[],
    )
    .unwrap();
    assert!(looks_like_a_metaschema(&code), "{code}");
    assert!(code.contains("pub schema :"), "{code}");
}

#[test]
fn every_built_in_metaschema_resolves_in_both_schemes_at_once() {
    for meta in envgen_codegen::metaschemas::ALL {
        let path = meta.uri.split_once("://").unwrap().1;
        let schema = format!(
            r##"{{"properties": {{"a": {{"$ref": "http://{path}#"}}, "b": {{"$ref": "https://{path}"}}}}}}"##
        );
        let code = envgen_codegen::generate_source("s.json", &schema, &Settings::new())
            .unwrap_or_else(|e| panic!("{}: {e}", meta.uri));
        assert!(
            code.contains("pub a: ") && code.contains("pub b: "),
            "{code}"
        );
    }
}

#[test]
fn a_pointer_into_a_metaschema_resolves() {
    let code = envgen_codegen::generate_source(
        "s.json",
        r##"{"type": "object", "properties": {"n": {"$ref": "http://json-schema.org/draft-07/schema#/definitions/nonNegativeInteger"}}}"##,
        &Settings::new(),
    )
    .unwrap();
    assert!(!looks_like_a_metaschema(&code), "{code}");
    assert!(code.contains("pub n: "), "{code}");
}

#[test]
fn in_memory_loading_finds_the_built_in_metaschemas() {
    let (set, doc) = Config::new()
        .load_in_memory(
            "root.json",
            "http://example.com/root.json",
            SchemaSource::Text(r#"{"$ref": "https://json-schema.org/draft/2019-09/schema"}"#),
            &BTreeMap::new(),
        )
        .unwrap();
    let code = envgen_codegen::generate(&set, doc, &Settings::new())
        .unwrap()
        .to_string();
    assert!(looks_like_a_metaschema(&code), "{code}");
}

/// A user's own copy of draft 7 (here: one that only accepts short strings).
const USER_DRAFT_7: &str =
    r##"{"$id": "http://json-schema.org/draft-07/schema#", "type": "string", "maxLength": 3}"##;

#[test]
fn a_user_mapping_of_the_same_uri_wins_over_the_built_in() {
    let dir = scratch("user_map_files");
    std::fs::create_dir_all(dir.join("draft-07")).unwrap();
    std::fs::write(dir.join("draft-07/schema"), USER_DRAFT_7).unwrap();
    let schema = r##"{"$ref": "http://json-schema.org/draft-07/schema#"}"##;
    let code = generate_file(
        "user_map",
        schema,
        &[("http://json-schema.org/", dir.to_path_buf())],
    )
    .unwrap();
    assert!(!looks_like_a_metaschema(&code), "{code}");
    assert!(code.contains("3usize") || code.contains("3u"), "{code}");
    // The other scheme names the user's copy too (by its `$id`), not the built-in one.
    let both = r##"{"properties": {"a": {"$ref": "http://json-schema.org/draft-07/schema#"}, "b": {"$ref": "https://json-schema.org/draft-07/schema"}}}"##;
    let code = generate_file(
        "user_map_both",
        both,
        &[("http://json-schema.org/", dir.to_path_buf())],
    )
    .unwrap();
    assert!(!looks_like_a_metaschema(&code), "{code}");
    // A mapped file that cannot be read is an error, not a silent fallback.
    let err = generate_file(
        "user_map_missing",
        r##"{"$ref": "http://json-schema.org/draft-06/schema#"}"##,
        &[("http://json-schema.org/", dir.to_path_buf())],
    )
    .unwrap_err();
    assert!(err.contains("cannot be read"), "{err}");
}

#[test]
fn in_memory_resources_win_over_the_built_in() {
    let resources = BTreeMap::from([(
        "http://json-schema.org/draft-07/schema".to_owned(),
        USER_DRAFT_7.to_owned(),
    )]);
    let (set, doc) = Config::new()
        .load_in_memory(
            "root.json",
            "http://example.com/root.json",
            SchemaSource::Text(r##"{"$ref": "http://json-schema.org/draft-07/schema#"}"##),
            &resources,
        )
        .unwrap();
    let code = envgen_codegen::generate(&set, doc, &Settings::new())
        .unwrap()
        .to_string();
    assert!(!looks_like_a_metaschema(&code), "{code}");
}

#[test]
fn an_unknown_json_schema_org_document_is_still_refused() {
    let err = envgen_codegen::generate_source(
        "s.json",
        r##"{"$ref": "http://json-schema.org/draft-05/schema#"}"##,
        &Settings::new(),
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("is not loaded"), "{err}");
}
