//! `envgen::response::check` (the ResponseEnvelope spec): one passing and one failing
//! case per rule id.

use crate::rules as support;

use envgen::response::{check, claimed_exit_code};
use serde_json::{json, Value};
use support::{assert_case, rules};

/// Asserts `good` (with its exit code) does not break `rule` and `bad` does (at `pointer`).
fn case(rule: &str, good: (Option<i32>, Value), bad: (Option<i32>, Value), pointer: &str) {
    assert_case(
        rule,
        &check(good.0, &good.1),
        &check(bad.0, &bad.1),
        pointer,
    );
}

fn success() -> Value {
    json!({"ok": true, "data": {"id": "deploy-42", "status": "complete"}, "error": null, "warnings": [], "meta": {"duration_ms": 340, "request_id": "req_abc123"}})
}

fn failure(error: Value) -> Value {
    json!({"ok": false, "data": null, "error": error, "warnings": [], "meta": {"duration_ms": 5}})
}

fn redirect() -> Value {
    failure(
        json!({"code": "COMMAND_RENAMED", "message": "renamed", "retryable": true,
        "redirect": {"command": "tool users add --name alice", "permanent": true, "reason": "renamed"}}),
    )
}

#[test]
fn seed_examples_break_no_rule() {
    assert_eq!(check(Some(0), &success()), vec![]);
    assert_eq!(check(None, &success()), vec![]);
    assert_eq!(check(Some(13), &redirect()), vec![]);
    assert_eq!(check(None, &redirect()), vec![]);
    let rate = failure(
        json!({"code": "RATE_LIMIT_EXCEEDED", "message": "API rate limit reached", "retryable": true, "retry_after": 30}),
    );
    assert_eq!(check(Some(11), &rate), vec![]);
    assert_eq!(claimed_exit_code(&rate), 1);
    assert_eq!(claimed_exit_code(&redirect()), 13);
}

#[test]
fn response_schema() {
    let mut bad = success();
    bad.as_object_mut().unwrap().remove("warnings");
    case(
        "response/schema",
        (Some(0), success()),
        (Some(0), bad.clone()),
        "",
    );
    assert_eq!(check(Some(0), &bad).len(), 1, "one report per missing key");
}

#[test]
fn response_ok_derived() {
    let err = failure(json!({"code": "E", "message": "m"}));
    let mut lying = err.clone();
    lying["ok"] = json!(true);
    case(
        "response/ok-derived",
        (Some(3), err),
        (Some(3), lying),
        "/ok",
    );
}

#[test]
fn response_data_or_error() {
    let mut both_null = success();
    both_null["data"] = Value::Null;
    case(
        "response/data-or-error",
        (Some(0), success()),
        (Some(0), both_null.clone()),
        "",
    );
    let mut cached = both_null;
    cached["meta"]["not_modified"] = json!(true);
    assert_eq!(check(Some(0), &cached), vec![]);
}

#[test]
fn response_error_iff_failure() {
    let mut no_error = failure(Value::Null);
    no_error["data"] = json!({});
    case(
        "response/error-iff-failure",
        (Some(1), failure(json!({"code": "E", "message": "m"}))),
        (Some(1), no_error),
        "/error",
    );
    let mut error_on_success = success();
    error_on_success["error"] = json!({"code": "E", "message": "m"});
    case(
        "response/error-iff-failure",
        (Some(0), success()),
        (Some(0), error_on_success),
        "/error",
    );
}

#[test]
fn response_data_null_on_failure() {
    let mut with_data = failure(json!({"code": "E", "message": "m"}));
    with_data["data"] = json!({"partial": 1});
    case(
        "response/data-null-on-failure",
        (Some(1), failure(json!({"code": "E", "message": "m"}))),
        (Some(1), with_data),
        "/data",
    );
}

#[test]
fn response_redirect_exit_code() {
    case(
        "response/redirect-exit-code",
        (Some(13), redirect()),
        (Some(3), redirect()),
        "/error/redirect",
    );
    let no_redirect = failure(json!({"code": "MOVED", "message": "m"}));
    assert!(rules(&check(Some(13), &no_redirect)).contains(&"response/redirect-exit-code"));
}

#[test]
fn response_retry_after_retryable() {
    let good = failure(json!({"code": "E", "message": "m", "retryable": true, "retry_after": 3}));
    let bad = failure(json!({"code": "E", "message": "m", "retry_after": 3}));
    case(
        "response/retry-after-retryable",
        (Some(11), good),
        (Some(11), bad),
        "/error/retry_after",
    );
}

#[test]
fn response_not_modified() {
    let mut cached = success();
    cached["data"] = Value::Null;
    cached["meta"]["not_modified"] = json!(true);
    let mut with_data = success();
    with_data["meta"]["not_modified"] = json!(true);
    case(
        "response/not-modified",
        (Some(0), cached),
        (Some(0), with_data),
        "/meta/not_modified",
    );
}
