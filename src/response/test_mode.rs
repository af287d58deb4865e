//! The test-mode validator: the envelope rules of the ResponseEnvelope spec that no
//! schema holds, plus the generated schema validator.

use super::ExitCode;
use crate::response_envelope::validate_value_with;
use crate::{ValidationError, ValidationErrors};
use envgen_runtime::Options;
use serde_json::Value;

/// The five keys every envelope has, whatever the outcome.
pub const ENVELOPE_KEYS: [&str; 5] = ["ok", "data", "error", "warnings", "meta"];

/// Checks a serialized envelope against the process exit code it goes with, collecting
/// every violation. [`respond`](super::respond) runs it on every envelope in builds with
/// debug assertions, and [`Response::emit`](super::Response::emit) before writing.
///
/// Rules (the `keyword` of each error in brackets):
///
/// * all five keys are present, `null` rather than absent (`required`);
/// * `ok == (exit_code == 0)` (`x-ok-derived`);
/// * `data` and `error` are not both `null` unless `meta.not_modified` is `true`
///   (`x-data-or-error`);
/// * a non-zero exit has a non-null `error` and a `null` `data`, exit 0 a `null` `error`
///   (`x-error-iff-failure`, `x-data-null-on-failure`);
/// * `error.redirect` appears exactly with REDIRECTED (13) (`x-redirect-exit-code`);
/// * `error.retry_after` only with `error.retryable: true` (`x-retry-after-retryable`);
/// * `meta.not_modified: true` only with exit 0 and `data: null` (`x-not-modified`);
/// * the generated schema validator passes (its own keywords).
pub fn check_envelope(exit_code: i32, envelope: &Value) -> Result<(), ValidationErrors> {
    let mut errors = ValidationErrors::new();
    let mut fail = |path: &str, keyword: &str, message: String| {
        errors.push(ValidationError::new(path, keyword, "", message));
    };
    let Some(root) = envelope.as_object() else {
        fail("", "type", "the envelope is not a JSON object".into());
        return Err(errors);
    };
    for key in ENVELOPE_KEYS {
        if !root.contains_key(key) {
            fail("", "required", format!("missing envelope key \"{key}\""));
        }
    }
    let success = exit_code == 0;
    let null = Value::Null;
    let data = root.get("data").unwrap_or(&null);
    let error = root.get("error").unwrap_or(&null);
    let meta = root.get("meta").and_then(Value::as_object);
    let not_modified = meta.and_then(|m| m.get("not_modified")) == Some(&Value::Bool(true));
    if let Some(ok) = root.get("ok").and_then(Value::as_bool) {
        if ok != success {
            fail(
                "/ok",
                "x-ok-derived",
                format!("ok is {ok} but the exit code is {exit_code}"),
            );
        }
    }
    if data.is_null() && error.is_null() && !not_modified {
        fail(
            "",
            "x-data-or-error",
            "data and error are both null without meta.not_modified".into(),
        );
    }
    if success && !error.is_null() {
        fail(
            "/error",
            "x-error-iff-failure",
            "error is not null with exit code 0".into(),
        );
    }
    if !success && error.is_null() {
        fail(
            "/error",
            "x-error-iff-failure",
            format!("error is null with exit code {exit_code}"),
        );
    }
    if !success && !data.is_null() {
        fail(
            "/data",
            "x-data-null-on-failure",
            format!("data is not null with exit code {exit_code}"),
        );
    }
    if not_modified && (!success || !data.is_null()) {
        fail(
            "/meta/not_modified",
            "x-not-modified",
            "meta.not_modified needs exit code 0 and data: null".into(),
        );
    }
    if let Some(error) = error.as_object() {
        let redirected = exit_code == ExitCode::REDIRECTED.as_i32();
        if error.contains_key("redirect") != redirected {
            fail(
                "/error/redirect",
                "x-redirect-exit-code",
                format!("error.redirect must appear exactly with exit code 13, not {exit_code}"),
            );
        }
        if error.contains_key("retry_after") && error.get("retryable") != Some(&Value::Bool(true)) {
            fail(
                "/error/retry_after",
                "x-retry-after-retryable",
                "error.retry_after without error.retryable: true".into(),
            );
        }
    }
    if let Err(schema) = validate_value_with(envelope, &Options::new().all_errors(true)) {
        for e in schema {
            errors.push(e);
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::check_envelope;
    use serde_json::json;

    fn keywords(exit: i32, v: serde_json::Value) -> Vec<String> {
        match check_envelope(exit, &v) {
            Ok(()) => Vec::new(),
            Err(e) => e.into_iter().map(|e| e.keyword).collect(),
        }
    }

    #[test]
    fn each_rule_has_its_keyword() {
        let meta = json!({"duration_ms": 1});
        let table: Vec<(&str, i32, serde_json::Value, &[&str])> = vec![
            (
                "valid success",
                0,
                json!({"ok": true, "data": {}, "error": null, "warnings": [], "meta": meta}),
                &[],
            ),
            (
                "missing error key",
                0,
                json!({"ok": true, "data": {}, "warnings": [], "meta": meta}),
                &["required", "required"],
            ),
            (
                "ok true, exit 3",
                3,
                json!({"ok": true, "data": null, "error": {"code": "A", "message": "a"}, "warnings": [], "meta": meta}),
                &["x-ok-derived"],
            ),
            (
                "both null",
                0,
                json!({"ok": true, "data": null, "error": null, "warnings": [], "meta": meta}),
                &["x-data-or-error"],
            ),
            (
                "both null, not_modified",
                0,
                json!({"ok": true, "data": null, "error": null, "warnings": [], "meta": {"duration_ms": 1, "not_modified": true}}),
                &[],
            ),
            (
                "error on success",
                0,
                json!({"ok": true, "data": {}, "error": {"code": "A", "message": "a"}, "warnings": [], "meta": meta}),
                &["x-error-iff-failure"],
            ),
            (
                "data on failure",
                1,
                json!({"ok": false, "data": {}, "error": {"code": "A", "message": "a"}, "warnings": [], "meta": meta}),
                &["x-data-null-on-failure"],
            ),
            (
                "redirect at 3",
                3,
                json!({"ok": false, "data": null, "error": {"code": "A", "message": "a", "redirect": {"command": "c", "permanent": true}}, "warnings": [], "meta": meta}),
                &["x-redirect-exit-code"],
            ),
            (
                "retry_after without retryable",
                11,
                json!({"ok": false, "data": null, "error": {"code": "A", "message": "a", "retry_after": 3}, "warnings": [], "meta": meta}),
                &["x-retry-after-retryable"],
            ),
        ];
        for (name, exit, value, expected) in table {
            assert_eq!(keywords(exit, value), expected, "{name}");
        }
    }
}
