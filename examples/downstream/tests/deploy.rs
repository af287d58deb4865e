//! The generated types, validators and serde impls, used from a downstream crate, and the
//! envelope it answers with.

use envgen_example_downstream::deploy_request::{self, DeployRequest, Environment};
use envgen_example_downstream::{accept, plan, INVALID_REQUEST};
use serde_json::json;

fn request() -> DeployRequest {
    // The generated typestate builder: leaving out `service`, `environment` or `image` is
    // a compile error; `build()` runs the generated validator.
    DeployRequest::builder()
        .service("api")
        .environment(Environment::Prod)
        .image("registry.example/api:1.4.2")
        .replicas(3)
        .build()
        .unwrap_or_else(|e| panic!("a valid request: {e}"))
}

#[test]
fn the_builder_rejects_values_the_schema_rejects() {
    let built = DeployRequest::builder()
        .service("api")
        .environment(Environment::Dev)
        .image("registry.example/api:1.4.2")
        .replicas(21)
        .build();
    let first = built.err().and_then(|e| e.first().cloned());
    assert_eq!(
        first.map(|e| (e.instance_path, e.keyword)),
        Some(("/replicas".to_owned(), "maximum".to_owned()))
    );
}

#[test]
fn a_value_built_in_rust_validates_and_round_trips() {
    let req = request();
    assert_eq!(req.validate(), Ok(()));
    let text = serde_json::to_string(&req).unwrap_or_default();
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&text).ok(),
        Some(
            json!({"service": "api", "environment": "prod", "image": "registry.example/api:1.4.2", "replicas": 3})
        )
    );
    assert_eq!(DeployRequest::from_json_str(&text), Ok(req));
}

#[test]
fn constraints_are_checked_on_values_built_in_rust() {
    let mut req = request();
    req.replicas = Some(21);
    req.service = "API".to_owned();
    let errors = req.validate().err().map(|e| e.len()).unwrap_or(0);
    assert!(
        errors >= 1,
        "an out-of-range replicas and a bad service name are invalid"
    );
    let first = req.validate().err().and_then(|e| e.first().cloned());
    assert!(
        first
            .as_ref()
            .is_some_and(|e| e.instance_path == "/service" || e.instance_path == "/replicas"),
        "{first:?}"
    );
}

#[test]
fn the_checked_parser_and_validate_value_reject_invalid_documents() {
    for (doc, at) in [
        (
            json!({"service": "api", "environment": "qa", "image": "a:1"}),
            "/environment",
        ),
        (
            json!({"service": "api", "environment": "dev", "image": "no-tag"}),
            "/image",
        ),
        (
            json!({"service": "api", "environment": "dev", "image": "a:1", "replicas": 0}),
            "/replicas",
        ),
        (
            json!({"service": "api", "environment": "dev", "image": "a:1", "owner": "me"}),
            "",
        ),
        (json!({"environment": "dev", "image": "a:1"}), ""),
    ] {
        let errs = deploy_request::validate_value(&doc).err();
        let path = errs
            .as_ref()
            .and_then(|e| e.first())
            .map(|e| e.instance_path.clone());
        assert_eq!(path.as_deref(), Some(at), "{doc}");
        assert!(
            DeployRequest::from_json_str(&doc.to_string()).is_err(),
            "{doc}"
        );
    }
}

#[test]
fn accept_answers_with_a_response_envelope() {
    let ok = accept(r#"{"service": "api", "environment": "staging", "image": "a:1"}"#);
    assert!(ok.ok());
    assert_eq!(ok.exit_code().as_i32(), 0);
    assert_eq!(
        ok.check(),
        Ok(()),
        "the envelope is valid against the ResponseEnvelope spec"
    );
    let data = ok.envelope().data.as_ref().map(|d| d.deployment.clone());
    assert_eq!(data.as_deref(), Some("api@staging"));
    assert_eq!(plan(&request()).replicas, 3);

    let bad = accept(r#"{"service": "api", "environment": "qa", "image": "a:1"}"#);
    assert!(!bad.ok());
    assert_eq!(bad.exit_code().as_i32(), 3, "ARG_ERROR");
    assert_eq!(bad.check(), Ok(()));
    let error = bad.envelope().error.as_ref();
    assert_eq!(error.map(|e| e.code.as_str()), Some(INVALID_REQUEST));
    assert!(
        error.is_some_and(|e| e.message.starts_with("invalid at /environment: ")),
        "{error:?}"
    );
}
