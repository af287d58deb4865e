//! [`check`]: every ResponseEnvelope spec rule a received `ResponseEnvelope` breaks, as
//! [`Violation`]s.
//!
//! It runs [`check_envelope`] (the generated schema validator, then the envelope rules no
//! schema holds) and names each finding with a stable rule id:
//!
//! | rule id | rule |
//! |---|---|
//! | `response/schema` | the schema (five required keys, types, `additionalProperties`, …) |
//! | `response/ok-derived` | `ok == (exit code == 0)` |
//! | `response/data-or-error` | `data` and `error` not both `null` unless `meta.not_modified` |
//! | `response/error-iff-failure` | non-zero exit ⇒ `error` object; exit 0 ⇒ `error: null` |
//! | `response/data-null-on-failure` | non-zero exit ⇒ `data: null` |
//! | `response/redirect-exit-code` | `error.redirect` exactly with REDIRECTED (13) |
//! | `response/retry-after-retryable` | `error.retry_after` only with `retryable: true` |
//! | `response/not-modified` | `meta.not_modified: true` only with exit 0 and `data: null` |
//!
//! The exit code is the primary signal (ResponseEnvelope spec). When it is not known (a
//! document read from a file), [`check`] is given `None` and assumes the one the document
//! claims: 0 when `ok` is `true`, 13 when `error.redirect` is present, 1 otherwise; the
//! rules tying the document to its exit code then only check that the document agrees
//! with itself.

use super::{check_envelope, ExitCode};
use crate::rules::{from_schema, Violation};
use serde_json::Value;

/// Checks a received envelope against every ResponseEnvelope spec rule; empty when it
/// conforms. `exit_code` is the process exit code the document came with, if known (see
/// the module documentation for `None`).
pub fn check(exit_code: Option<i32>, document: &Value) -> Vec<Violation> {
    let exit = exit_code.unwrap_or_else(|| claimed_exit_code(document));
    let Err(errors) = check_envelope(exit, document) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    // `check_envelope` reports a missing key twice (its own check and the schema's
    // `required`); the schema's report is kept.
    let errors = errors
        .into_iter()
        .filter(|e| !(e.keyword == "required" && e.schema_path.is_empty()));
    for e in errors {
        match rule_of(&e.keyword) {
            Some(rule) => out.push(Violation::new(rule, e.instance_path, e.message)),
            None => out.extend(from_schema([e], "response/schema", &[])),
        }
    }
    out
}

/// The exit code a document claims when none is known: 0 when `ok` is `true`, 13 with
/// `error.redirect`, else 1 (GENERAL_ERROR).
pub fn claimed_exit_code(document: &Value) -> i32 {
    if document.get("ok") == Some(&Value::Bool(true)) {
        return 0;
    }
    let redirect = document
        .get("error")
        .and_then(|e| e.get("redirect"))
        .is_some();
    if redirect {
        ExitCode::REDIRECTED.as_i32()
    } else {
        ExitCode::GENERAL_ERROR.as_i32()
    }
}

/// The rule id of one of [`check_envelope`]'s own keywords; `None` for a schema keyword.
fn rule_of(keyword: &str) -> Option<&'static str> {
    Some(match keyword {
        "x-ok-derived" => "response/ok-derived",
        "x-data-or-error" => "response/data-or-error",
        "x-error-iff-failure" => "response/error-iff-failure",
        "x-data-null-on-failure" => "response/data-null-on-failure",
        "x-redirect-exit-code" => "response/redirect-exit-code",
        "x-retry-after-retryable" => "response/retry-after-retryable",
        "x-not-modified" => "response/not-modified",
        _ => return None,
    })
}
