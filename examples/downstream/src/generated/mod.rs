//! Generated code checked into the source tree (see `tests/checked_in.rs`); edit the
//! schemas, not these files.

/// Generated from `schemas/release-note.json` (prettyplease-formatted, so rustfmt leaves
/// it as envgen wrote it).
#[allow(missing_docs)]
#[rustfmt::skip]
pub mod release_note;

/// Generated from `schemas/job-result.json` with `output` a type parameter:
/// `JobResult<Output = serde_json::Value>`.
#[allow(missing_docs)]
#[rustfmt::skip]
pub mod job_result;

/// Generated from `tests/scaffold/api-description.json`, whose `$dynamicRef`s make the
/// root `ApiDescription<Meta = serde_json::Value>`.
#[allow(missing_docs)]
#[rustfmt::skip]
pub mod api_description;
