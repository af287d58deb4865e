//! The Meminit output envelope (MEMINIT-SPEC-004): the generated types of
//! `schemas/meminit-output-envelope.json` (section 11) — [`MeminitEnvelope<D>`], [`Issue`],
//! [`Advice`], [`Error`], [`validate_value`] — and the contract's runtime rules, which no
//! schema holds:
//!
//! | spec | module |
//! |---|---|
//! | 4.1, 5 success and error envelopes | [`report`] ([`Invocation`] → [`Report`]) |
//! | 6, 7 issue and advice objects | [`issue`] |
//! | 8 per-command payloads | [`data`] (generated from `schemas/meminit/*.json`), [`payload`] |
//! | 8 the command selects the payload | [`dispatch`] ([`parse`], [`MeminitData`]) |
//! | 9.1, 9.2 one line, key order | [`canonical`] ([`Canonical`]) |
//! | 9.3 sort orders | [`sort`] |
//! | 9.4 paths | [`path`] ([`Root`]) |
//! | 4.2 timestamp form | [`timestamp`] ([`Timestamp`]) |
//! | 4.3 `run_id` | [`run_id`] |
//! | 10 versioning | [`version`] ([`OUTPUT_SCHEMA_VERSION`]) |
//! | every rule, on received text | [`check()`] (rule table in [`mod@check`]) |
//!
//! Every envelope this runtime writes goes through [`Canonical::new`], which normalizes
//! and checks it; the serialized form is then the section 9 form by construction.
//!
//! ```
//! use envgen::meminit::data::check::CheckData;
//! use envgen::meminit::issue::{issue, IssueExt, Severity};
//! use envgen::meminit::Invocation;
//!
//! let run = Invocation::new("/repo")?.with_run_id("20260218-1f2c3a");
//! let data = CheckData { files_checked: 42, files_passed: 41, files_failed: 1, extra: Default::default() };
//! let mut report = run.success(data);
//! report.violation(
//!     issue("SCHEMA_INVALID", "Missing required field: owner", "docs\\10-prd\\prd-007-sample.md")
//!         .at_line(5)
//!         .with_severity(Severity::Error),
//! );
//! let line = report.to_line()?;
//! assert_eq!(
//!     line,
//!     concat!(
//!         r#"{"output_schema_version":"1.0","success":true,"command":"check","run_id":"20260218-1f2c3a","root":"/repo","#,
//!         r#""data":{"files_checked":42,"files_passed":41,"files_failed":1},"warnings":[],"#,
//!         r#""violations":[{"code":"SCHEMA_INVALID","message":"Missing required field: owner","path":"docs/10-prd/prd-007-sample.md","line":5,"severity":"error"}],"#,
//!         r#""advice":[]}"#,
//!         "\n"
//!     )
//! );
//! # Ok::<(), envgen::meminit::ContractError>(())
//! ```

pub use generated::*;

/// The generated types, re-exported above (a module of their own so that the schema's
/// undocumented properties, which get no doc, are allowed here and nowhere else).
#[allow(missing_docs)]
mod generated {
    include!(concat!(env!("OUT_DIR"), "/meminit.rs"));
}

pub mod canonical;
pub mod check;
pub mod contract;
pub mod data;
pub mod dispatch;
pub mod issue;
pub mod path;
pub mod payload;
pub mod report;
pub mod run_id;
pub mod sort;
pub mod timestamp;
pub mod version;

pub use canonical::Canonical;
pub use check::check;
pub use contract::ContractError;
pub use dispatch::{parse, AnyMeminitEnvelope, MeminitData};
pub use path::Root;
pub use payload::{CommandPayload, Payload, Placement};
pub use report::{Invocation, Report};
pub use run_id::{FixedRunId, ProcessRunIds, RunIdSource, RunIds};
pub use timestamp::Timestamp;
pub use version::OUTPUT_SCHEMA_VERSION;
