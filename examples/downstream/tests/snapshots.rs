//! Snapshot review of this crate's own schemas: after a schema edit, `cargo insta test`
//! shows the change in the generated code and in each example document's round trip,
//! and `cargo insta review` accepts it (the snapshots are in `tests/snapshots/`).

use envgen_example_downstream::deploy_request::DeployRequest;
use envgen_example_downstream::generated::api_description::ApiDescription;
use envgen_example_downstream::generated::job_result::JobResult;
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

/// What a deployment job's `output` holds, for [`JobResult<Rollout>`].
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Rollout {
    image: String,
    replicas: u64,
}

const JOB: &str = r#"{"job":"deploy-api","status":"succeeded","output":{"image":"registry.example/api:1.4.2","replicas":3},"attempts":1}"#;

/// A root type with a type parameter (`output`, made generic by `support::generic_roots`),
/// parsed with the parameter's default: `<JobResult>` is `JobResult<serde_json::Value>`.
/// (`JobResult::from_json_str` would leave `Output` to inference, which cannot choose.)
#[test]
fn job_result_round_trip() {
    insta::assert_snapshot!(envgen_codegen::snapshot::round_trip(
        JOB,
        <JobResult>::from_json_str
    ));
}

/// The same document with the parameter chosen: `output` parses as a [`Rollout`], and a
/// document whose `output` is no `Rollout` is rejected while parsing, located.
#[test]
fn job_result_with_a_typed_output() {
    insta::assert_snapshot!(envgen_codegen::snapshot::round_trip(
        JOB,
        JobResult::<Rollout>::from_json_str
    ));
    let three = JOB.replace(r#""replicas":3"#, r#""replicas":"three""#);
    insta::assert_snapshot!(
        "job_result_with_an_output_that_is_no_rollout",
        envgen_codegen::snapshot::round_trip(&three, JobResult::<Rollout>::from_json_str)
    );
    // With the default parameter any `output` is accepted; the schema's own checks still run.
    let status = JOB.replace("succeeded", "done");
    insta::assert_snapshot!(
        "job_result_with_an_unknown_status",
        envgen_codegen::snapshot::round_trip(&status, <JobResult>::from_json_str)
    );
}

/// A root generic through `$dynamicRef` (`ApiDescription<Meta>`, the OpenAPI 3.1
/// layout): every schema object is a `serde_json::Value` by default.
#[test]
fn api_description_round_trip() {
    let text = r##"{"apiVersion":"1.0.0","info":{"title":"Pets","version":"2"},"paths":{"/pets":{"get":{"parameters":[{"name":"limit","in":"query","schema":{"type":"integer","maximum":50}}],"responses":{"200":{"description":"The pets.","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Pet"}}}}}}}},"components":{"schemas":{"Pet":{"type":"object","required":["name"]},"Anything":true}}}"##;
    insta::assert_snapshot!(envgen_codegen::snapshot::round_trip(
        text,
        <ApiDescription>::from_json_str
    ));
    let not_a_schema = r#"{"apiVersion":"1.0.0","info":{"title":"Pets","version":"2"},"components":{"schemas":{"Pet":7}}}"#;
    insta::assert_snapshot!(
        "api_description_with_a_schema_that_is_a_number",
        envgen_codegen::snapshot::round_trip(not_a_schema, <ApiDescription>::from_json_str)
    );
}
