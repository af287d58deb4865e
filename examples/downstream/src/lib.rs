//! A downstream crate, as a project using envgen would write it.
//!
//! * `build.rs` compiles `schemas/deploy-request.json` with one line of
//!   `envgen_codegen::Config`; [`deploy_request`] includes the result: the
//!   [`DeployRequest`] type, its serde impls and its
//!   validators.
//! * [`generated`] holds generated code *checked in* to the source tree
//!   (`src/generated/release_note.rs`, from `schemas/release-note.json`), which
//!   `tests/checked_in.rs` keeps fresh.
//! * [`accept`] parses a request with the generated checked parser and answers with
//!   envgen's `ResponseEnvelope<T>` (from the `envgen` crate, `default-features = false`:
//!   the envelope types without the CLI; the code generator runs only at build time).
#![deny(missing_docs)]

/// Generated from `schemas/deploy-request.json` by `build.rs`.
#[allow(missing_docs)]
pub mod deploy_request {
    envgen_runtime::include_schema!("deploy_request");
}

/// Generated from the OpenAPI document `schemas/pets.yaml` by `build.rs`: [`pets::Pet`]
/// and [`pets::Kind`].
#[allow(missing_docs)]
pub mod pets {
    envgen_runtime::include_schema!("pets");
}

pub mod generated;

use deploy_request::DeployRequest;
use envgen::response::{Failure, Outcome, Responder, Response};
use envgen::response_envelope::ErrorDetailPhase;
use serde::Serialize;

/// What [`accept`] answers on success: the deployment that was scheduled.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Scheduled {
    /// `service@environment`.
    pub deployment: String,
    /// The image that will run.
    pub image: String,
    /// How many instances (the request's, or 1).
    pub replicas: u64,
}

/// The `error.code` of an invalid request.
pub const INVALID_REQUEST: &str = "DEPLOY_REQUEST_INVALID";

/// Schedules the deployment that `request` (JSON text) asks for. An invalid request is an
/// `ARG_ERROR` envelope whose message names the first failing instance pointer.
pub fn accept(request: &str) -> Response<Scheduled> {
    Responder::start()
        .schema_version(1, 0)
        .respond(schedule(request))
}

fn schedule(request: &str) -> Outcome<Scheduled> {
    let req = DeployRequest::from_json_str(request).map_err(|errors| {
        let first = errors.first();
        let at = first.map_or("", |e| e.instance_path.as_str());
        let why = first.map_or("invalid request".to_owned(), |e| e.message.clone());
        let at = if at.is_empty() { "(root)" } else { at };
        Failure::arg_error(INVALID_REQUEST, format!("invalid at {at}: {why}"))
            .phase(ErrorDetailPhase::Validation)
            .suggestion("Fix the request; see schemas/deploy-request.json.")
    })?;
    Ok(plan(&req).into())
}

/// The deployment a valid request schedules.
pub fn plan(req: &DeployRequest) -> Scheduled {
    Scheduled {
        // A string enum displays as its JSON string ("prod"); `replicas` is a `u8` (its
        // bounds are 1..=20), and the accessor fills in the schema's default.
        deployment: format!("{}@{}", req.service, req.environment),
        image: req.image.clone(),
        replicas: u64::from(req.replicas()),
    }
}
