//! Snapshot review of this crate's own schemas: after a schema edit, `cargo insta test`
//! shows the change in the generated code and in each example document's round trip,
//! and `cargo insta review` accepts it (the snapshots are in `tests/snapshots/`).

use envgen_example_downstream::deploy_request::DeployRequest;
use envgen_example_downstream::generated::release_note::ReleaseNote;

mod support;

/// The generated code of each schema: one snapshot per module.
#[test]
fn generated_code() {
    envgen_codegen::assert_generated_snapshots!(
        envgen_codegen::Config::new().schema("schemas/deploy-request.json")
    );
    envgen_codegen::assert_generated_snapshots!(support::release_note());
}

/// Each example document through the generated type: accepted and how it comes back, or
/// the located errors. One snapshot per document.
#[test]
fn documents_round_trip() {
    insta::glob!("documents/*.json", |path| {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{e}"));
        insta::assert_snapshot!(envgen_codegen::snapshot::round_trip(
            &text,
            DeployRequest::from_json_str
        ));
    });
}

/// The checked-in type is reviewed the same way; its `id` is a `uuid::Uuid` and its
/// `released_at` a `chrono::DateTime<Utc>` (type mapping).
#[test]
fn release_note_round_trip() {
    let text = r#"{"id":"3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f809a1b","service":"api","version":"1.4.2","released_at":"2026-11-25T10:00:00Z","highlights":["Faster cold starts"]}"#;
    insta::assert_snapshot!(envgen_codegen::snapshot::round_trip(
        text,
        ReleaseNote::from_json_str
    ));
}

/// A date the mapped type cannot parse is a located `format` error, whether or not formats
/// are asserted: a `chrono::DateTime` cannot hold it.
#[test]
fn release_note_with_a_bad_date() {
    let text = r#"{"id":"3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f809a1b","service":"api","version":"1.4.2","released_at":"next tuesday"}"#;
    insta::assert_snapshot!(envgen_codegen::snapshot::round_trip(
        text,
        ReleaseNote::from_json_str
    ));
}
