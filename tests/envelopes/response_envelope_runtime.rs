//! The ResponseEnvelope spec's runtime rules for `ResponseEnvelope`: the producer side
//! (`respond()`, exit codes, the test-mode validator, `emit()`) and the agent side
//! (`interpret`). Test names follow the ResponseEnvelope spec's rule headings
//! ("Determining outcome", "Missing or null fields", "Deciding whether to act on data",
//! "Retrying", "Auth flow", "Redirect flow", "Warnings", "Tests to generate").

use envgen_test_support::rng;

use envgen::response::{
    check_envelope, interpret, respond, Action, Decision, Escalation, ExitCode, Failure, Finding,
    Interpreter, Outcome, RedirectMemory, Responder, Response, Success, DEFAULT_BACKOFF,
};
use envgen::response_envelope::{
    validate_value, ErrorDetailPhase, Redirect, RedirectReason, ResponseEnvelope,
};
use rng::Rng;
use serde_json::{json, Value};
use std::path::Path;
use std::time::{Duration, Instant};

#[allow(dead_code)]
#[path = "../../examples/respond.rs"]
mod respond_example;

// ---------------------------------------------------------------------------------------
// helpers

fn document(name: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/documents/response-envelope")
        .join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The exact line `emit()` writes, and the exit code it returns.
fn emitted<T: serde::Serialize>(response: &Response<T>) -> (String, i32) {
    let mut out = Vec::new();
    let code = response.emit_to(&mut out).unwrap_or_else(|e| panic!("{e}"));
    let text = String::from_utf8(out).unwrap_or_else(|e| panic!("{e}"));
    assert!(text.ends_with('\n') && !text.ends_with("\n\n"), "{text:?}");
    assert_eq!(text.matches('\n').count(), 1, "one line: {text:?}");
    (text.trim_end_matches('\n').to_string(), code)
}

/// Replaces the digits of `"duration_ms":N` (the only non-deterministic value) by `ms`.
fn with_duration(line: &str, ms: &str) -> String {
    const KEY: &str = "\"duration_ms\":";
    let Some(at) = line.find(KEY) else {
        panic!("no duration_ms in {line}")
    };
    let start = at + KEY.len();
    let end = line[start..]
        .find(|c: char| !c.is_ascii_digit())
        .map_or(line.len(), |n| start + n);
    assert!(end > start, "duration_ms is not an integer in {line}");
    format!("{}{}{}", &line[..start], ms, &line[end..])
}

fn value(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn envelope(exit: i32, error: Value) -> String {
    let ok = exit == 0;
    json!({"ok": ok, "data": null, "error": error, "warnings": [], "meta": {"duration_ms": 1}})
        .to_string()
}

fn failure_doc(code: &str, retryable: Option<bool>, retry_after: Option<u64>) -> Value {
    let mut e = json!({"code": code, "message": "m"});
    if let Some(r) = retryable {
        e["retryable"] = json!(r);
    }
    if let Some(s) = retry_after {
        e["retry_after"] = json!(s);
    }
    e
}

use envgen_test_support::scratch::Scratch as TempDir;

// ---------------------------------------------------------------------------------------
// Tests to generate: the five paths, as exact JSON

#[test]
fn success_path_ok_true_data_matches_declared_output_error_null() {
    #[derive(serde::Serialize)]
    struct Deploy {
        id: &'static str,
        status: &'static str,
    }
    let out = Responder::start()
        .request_id("req_abc123")
        .respond(Ok(Success::new(Deploy {
            id: "deploy-42",
            status: "complete",
        })));
    assert!(out.ok());
    let (line, code) = emitted(&out);
    assert_eq!(code, 0);
    insta::assert_snapshot!("success_path", with_duration(&line, "[ms]"));
    // the ResponseEnvelope spec's Success example, byte for byte (its duration aside)
    assert_eq!(
        with_duration(&line, "340"),
        document("seed-success.json").trim_end()
    );
}

#[test]
fn failure_path_ok_false_data_null_error_has_code_and_message() {
    let out = respond::<Value>(
        Instant::now(),
        Err(Failure::arg_error(
            "INVALID_ENVIRONMENT",
            "Unknown target environment 'prodution'",
        )
        .phase(ErrorDetailPhase::Validation)
        .suggestion("Valid environments: prod, staging, dev")),
    );
    let (line, code) = emitted(&out);
    assert_eq!(code, 3);
    insta::assert_snapshot!("failure_path", with_duration(&line, "[ms]"));
    assert_eq!(
        with_duration(&line, "5"),
        document("seed-arg-error.json").trim_end()
    );
}

#[test]
fn truncation_path_meta_truncated_when_output_exceeds_size_limit() {
    let page =
        json!([{"id": "deploy-40", "status": "complete"}, {"id": "deploy-41", "status": "failed"}]);
    let out = Responder::start()
        .request_id("req_page1")
        .schema_version(1, 0)
        .respond(Ok(Success::truncated(
            page,
            Some("eyJvZmZzZXQiOjJ9".into()),
        )));
    let (line, code) = emitted(&out);
    assert_eq!(code, 0);
    insta::assert_snapshot!("truncation_path", with_duration(&line, "[ms]"));
    assert_eq!(
        with_duration(&line, "1203"),
        document("truncated.json").trim_end()
    );
}

#[test]
fn cache_hit_path_not_modified_data_null_error_null_exit_0() {
    let out = Responder::start()
        .request_id("req_etag_hit")
        .respond(Ok(Success::<Value>::not_modified()));
    let (line, code) = emitted(&out);
    assert_eq!(code, 0);
    let v = value(&line);
    assert_eq!(
        (v["ok"].clone(), v["data"].clone(), v["error"].clone()),
        (json!(true), Value::Null, Value::Null)
    );
    insta::assert_snapshot!("cache_hit_path", with_duration(&line, "[ms]"));
    assert_eq!(
        with_duration(&line, "3"),
        document("not-modified.json").trim_end()
    );
}

#[test]
fn redirected_13_error_redirect_present_with_command_and_permanent() {
    let out = respond::<Value>(
        Instant::now(),
        Err(Failure::redirected(
            "COMMAND_RENAMED",
            "'tool user create' was renamed in v2.0",
            Redirect {
                command: "tool users add --name alice".into(),
                permanent: true,
                reason: Some(RedirectReason::Renamed),
            },
        )),
    );
    let (line, code) = emitted(&out);
    assert_eq!(code, 13);
    insta::assert_snapshot!("redirected_path", with_duration(&line, "[ms]"));
    assert_eq!(
        with_duration(&line, "2"),
        document("seed-redirected.json").trim_end()
    );
}

#[test]
fn seed_rate_limited_and_auth_required_examples_come_out_of_respond() {
    let rate = respond::<Value>(
        Instant::now(),
        Err(Failure::rate_limited("RATE_LIMIT_EXCEEDED", "API rate limit reached").retry_after(30)),
    );
    let (line, code) = emitted(&rate);
    assert_eq!(code, 11);
    assert_eq!(
        with_duration(&line, "6"),
        document("seed-rate-limited.json").trim_end()
    );
    let auth = respond::<Value>(
        Instant::now(),
        Err(Failure::auth_required("TOKEN_EXPIRED", "Access token has expired").retry_after(0)),
    );
    let (line, code) = emitted(&auth);
    assert_eq!(code, 8);
    assert_eq!(
        with_duration(&line, "4"),
        document("seed-auth-required.json").trim_end()
    );
}

// ---------------------------------------------------------------------------------------
// Construction and validation rules (Coding agent notes)

#[test]
fn ok_is_derived_from_the_exit_code_never_set_by_command_logic() {
    let cases: Vec<(&str, Outcome<Value>, i32)> = vec![
        ("data", Ok(json!({}).into()), 0),
        ("not modified", Ok(Success::not_modified()), 0),
        ("general", Err(Failure::general("GENERAL_ERROR", "boom")), 1),
        (
            "auth",
            Err(Failure::auth_required("TOKEN_MISSING", "no token")),
            8,
        ),
        (
            "other",
            Err(Failure::new(ExitCode::other(42), "X", "x").unwrap_or_else(|e| panic!("{e}"))),
            42,
        ),
    ];
    for (name, outcome, exit) in cases {
        let out = respond(Instant::now(), outcome);
        assert_eq!(out.exit_code().as_i32(), exit, "{name}");
        assert_eq!(out.ok(), exit == 0, "{name}");
        assert_eq!(out.envelope().ok(), exit == 0, "{name}");
        assert_eq!(out.envelope().error.is_some(), exit != 0, "{name}");
        if exit != 0 {
            assert_eq!(out.envelope().data, None, "{name}");
        }
    }
}

#[test]
fn error_redirect_only_with_redirected_and_no_failure_exits_0() {
    assert!(Failure::new(ExitCode::SUCCESS, "X", "x").is_err());
    assert!(Failure::new(ExitCode::REDIRECTED, "X", "x").is_err());
    let out = respond::<Value>(
        Instant::now(),
        Err(Failure::rate_limited("R", "r")
            .retry_after(3)
            .retryable(false)),
    );
    let error = out
        .envelope()
        .error
        .clone()
        .unwrap_or_else(|| panic!("error"));
    assert_eq!(
        (error.retryable, error.retry_after, error.redirect),
        (Some(false), None, None)
    );
}

#[test]
fn test_mode_validator_asserts_keys_ok_and_data_or_error() {
    let cases: Vec<(&str, i32, &str, Option<&str>)> = vec![
        ("seed success", 0, "seed-success.json", None),
        ("seed arg error", 3, "seed-arg-error.json", None),
        ("seed auth", 8, "seed-auth-required.json", None),
        ("seed rate limited", 11, "seed-rate-limited.json", None),
        ("seed redirected", 13, "seed-redirected.json", None),
        ("not modified", 0, "not-modified.json", None),
        (
            "ok true with exit 3",
            3,
            "seed-success.json",
            Some("x-ok-derived"),
        ),
        (
            "ok false with exit 0",
            0,
            "seed-arg-error.json",
            Some("x-ok-derived"),
        ),
        (
            "redirect at exit 3",
            3,
            "seed-redirected.json",
            Some("x-redirect-exit-code"),
        ),
    ];
    for (name, exit, doc, keyword) in cases {
        let result = check_envelope(exit, &value(&document(doc)));
        match keyword {
            None => assert_eq!(result, Ok(()), "{name}"),
            Some(k) => {
                let errors = result.err().unwrap_or_else(|| panic!("{name}: accepted"));
                assert!(
                    errors.errors().iter().any(|e| e.keyword == k),
                    "{name}: {errors}"
                );
            }
        }
    }
    let mut missing = value(&document("seed-success.json"));
    if let Some(root) = missing.as_object_mut() {
        root.remove("data");
    }
    let errors = check_envelope(0, &missing)
        .err()
        .unwrap_or_else(|| panic!("accepted"));
    assert!(errors.errors().iter().any(|e| e.keyword == "required"));
}

#[test]
fn meta_extensions_cannot_shadow_declared_meta_fields() {
    let mut r = Responder::start();
    assert!(r.meta_extra("duration_ms", json!(1)).is_err());
    assert!(r.meta_extra("trace", json!({"span": "a"})).is_ok());
    r.warning("framework warning");
    let out = r.respond(Ok(Success::new(json!([])).warning("handler warning")));
    assert_eq!(out.envelope().meta.extra["trace"], json!({"span": "a"}));
    assert_eq!(
        out.envelope().warnings,
        ["framework warning", "handler warning"]
    );
    assert_eq!(out.check(), Ok(()));
}

/// A short string, some of them awkward (empty, non-ASCII, quotes and newlines).
fn text(rng: &mut Rng) -> String {
    const WORDS: [&str; 6] = ["", "a", "deploy", "é\u{1F600}", "\"q\"\n", "x y"];
    WORDS[rng.below_u64(WORDS.len() as u64) as usize].to_string()
}

/// A `data` payload: an object, an array, or one of each nested.
fn data(rng: &mut Rng) -> Value {
    match rng.below_u64(4) {
        0 => json!({}),
        1 => json!([]),
        2 => json!({"id": text(rng), "n": rng.next_u64(), "nested": [null, true, 1.5]}),
        _ => json!([text(rng), {"k": rng.coin()}]),
    }
}

#[test]
fn property_every_exit_code_and_handler_result_gives_a_valid_envelope() {
    let mut rng = Rng(0x5EED_0001);
    for case in 0..3000 {
        let exit = ExitCode::other(rng.below_u64(256) as u8);
        let outcome: Result<Success<Value>, Failure> = if exit.is_success() || rng.below_u64(8) == 0
        {
            let s = match rng.below_u64(3) {
                0 => Success::new(data(&mut rng)),
                1 => Success::truncated(data(&mut rng), rng.coin().then(|| text(&mut rng))),
                _ => Success::not_modified(),
            };
            Ok(if rng.coin() {
                s.warning(text(&mut rng))
            } else {
                s
            })
        } else {
            let mut f = if exit == ExitCode::REDIRECTED {
                let redirect = Redirect {
                    command: text(&mut rng),
                    permanent: rng.coin(),
                    reason: rng.coin().then_some(RedirectReason::Deprecated),
                };
                Failure::redirected(text(&mut rng), text(&mut rng), redirect)
            } else {
                Failure::new(exit, text(&mut rng), text(&mut rng)).unwrap_or_else(|e| panic!("{e}"))
            };
            if rng.coin() {
                f = f.detail(text(&mut rng)).suggestion(text(&mut rng));
            }
            if rng.coin() {
                f = f.phase(ErrorDetailPhase::Execution);
            }
            match rng.below_u64(4) {
                0 => f = f.retry_after(rng.below_u64(100)),
                1 => f = f.retryable(rng.coin()),
                2 => f = f.retry_after(5).retryable(false),
                _ => {}
            }
            Err(if rng.coin() {
                f.warning(text(&mut rng))
            } else {
                f
            })
        };
        let expected_exit = match &outcome {
            Ok(_) => 0,
            Err(f) => f.exit_code().as_i32(),
        };
        let mut responder = Responder::started_at(Instant::now());
        if rng.coin() {
            responder = responder
                .request_id(text(&mut rng))
                .schema_version(rng.below_u64(3) as u32, 1);
        }
        let out = responder.respond(outcome);
        assert_eq!(out.check(), Ok(()), "case {case}");
        let (line, code) = emitted(&out);
        assert_eq!(code, expected_exit, "case {case}: {line}");
        let v = value(&line);
        assert_eq!(check_envelope(code, &v), Ok(()), "case {case}: {line}");
        assert_eq!(validate_value(&v), Ok(()), "case {case}: {line}");
        let parsed = ResponseEnvelope::<Value>::from_json_str(&line)
            .unwrap_or_else(|e| panic!("case {case}: {e}: {line}"));
        assert_eq!(
            serde_json::to_string(&parsed).ok().as_deref(),
            Some(line.as_str())
        );
        let decision = interpret(code, &line);
        assert_eq!(decision.succeeded, code == 0, "case {case}");
        assert!(
            decision.findings.is_empty(),
            "case {case}: {:?}",
            decision.findings
        );
    }
}

// ---------------------------------------------------------------------------------------
// The ResponseEnvelope spec's five example envelopes

#[test]
fn seed_examples_parse_round_trip_and_interpret_as_the_seed_describes() {
    let cases: Vec<(&str, i32, Action)> = vec![
        ("seed-success.json", 0, Action::UseData),
        (
            "seed-arg-error.json",
            3,
            Action::Retry {
                after: Duration::ZERO,
            },
        ),
        ("seed-auth-required.json", 8, Action::RefreshTokenAndRetry),
        (
            "seed-redirected.json",
            13,
            Action::FollowRedirect {
                command: "tool users add --name alice".into(),
                permanent: true,
            },
        ),
        (
            "seed-rate-limited.json",
            11,
            Action::Retry {
                after: Duration::from_secs(30),
            },
        ),
    ];
    for (doc, exit, action) in cases {
        let text = document(doc);
        let text = text.trim_end();
        let parsed =
            ResponseEnvelope::<Value>::from_json_str(text).unwrap_or_else(|e| panic!("{doc}: {e}"));
        assert_eq!(
            serde_json::to_string(&parsed).ok().as_deref(),
            Some(text),
            "{doc}"
        );
        assert_eq!(check_envelope(exit, &value(text)), Ok(()), "{doc}");
        let d = Interpreter::new().interpret("tool user create", exit, text);
        assert_eq!(d.action, action, "{doc}");
        assert!(d.findings.is_empty(), "{doc}: {:?}", d.findings);
    }
    let d = interpret(3, &document("seed-arg-error.json"));
    assert_eq!(
        d.suggestion.as_deref(),
        Some("Valid environments: prod, staging, dev")
    );
    assert_eq!(d.error_code.as_deref(), Some("INVALID_ENVIRONMENT"));
}

// ---------------------------------------------------------------------------------------
// Agent interpretation: determining outcome

#[test]
fn determining_outcome_exit_code_is_primary_ok_is_secondary() {
    let success = document("seed-success.json");
    let ok_true_failure = json!({"ok": true, "data": null, "error": {"code": "GENERAL_ERROR", "message": "m"}, "warnings": [], "meta": {"duration_ms": 1}}).to_string();
    let ok_false_success = json!({"ok": false, "data": {"id": 1}, "error": null, "warnings": [], "meta": {"duration_ms": 1}}).to_string();
    /// name, exit code, stdout, succeeded, the ok/exit finding, action
    type Case<'a> = (&'a str, i32, &'a str, bool, Option<Finding>, Action);
    let cases: Vec<Case> = vec![
        ("agree: success", 0, &success, true, None, Action::UseData),
        (
            "ok: true + non-zero exit: treat as failure, inspect error",
            1,
            &ok_true_failure,
            false,
            Some(Finding::OkTrueWithNonZeroExit),
            Action::Stop,
        ),
        (
            "ok: true + non-zero exit, success body",
            2,
            &success,
            false,
            Some(Finding::OkTrueWithNonZeroExit),
            Action::Escalate(Escalation::FailureWithoutError),
        ),
        (
            "ok: false + exit 0: treat as success",
            0,
            &ok_false_success,
            true,
            Some(Finding::OkFalseWithZeroExit),
            Action::UseData,
        ),
    ];
    for (name, exit, text, succeeded, finding, action) in cases {
        let d = interpret(exit, text);
        assert_eq!(d.succeeded, succeeded, "{name}");
        assert_eq!(
            d.findings.iter().find(|f| matches!(
                f,
                Finding::OkTrueWithNonZeroExit | Finding::OkFalseWithZeroExit
            )),
            finding.as_ref(),
            "{name}"
        );
        assert_eq!(d.action, action, "{name}");
    }
    assert_eq!(interpret(0, &ok_false_success).data, Some(json!({"id": 1})));
}

// ---------------------------------------------------------------------------------------
// Agent interpretation: missing or null fields

#[test]
fn error_key_absent_is_malformed_treat_as_general_error_do_not_retry_blindly() {
    let cases = [
        (
            "exit 0",
            0,
            json!({"ok": true, "data": {"id": 1}, "warnings": [], "meta": {"duration_ms": 1}}),
        ),
        (
            "exit 11",
            11,
            json!({"ok": false, "data": null, "warnings": [], "meta": {"duration_ms": 1}}),
        ),
    ];
    let mut agent = Interpreter::new();
    for (name, exit, doc) in cases {
        for _ in 0..5 {
            let d = agent.interpret("tool x", exit, &doc.to_string());
            assert_eq!(d.action, Action::Stop, "{name}");
            assert_eq!(d.error_code.as_deref(), Some("GENERAL_ERROR"), "{name}");
            assert!(!d.succeeded && d.data.is_none(), "{name}");
            assert!(d.findings.contains(&Finding::ErrorKeyAbsent), "{name}");
        }
    }
}

#[test]
fn data_null_and_error_null_simultaneously_is_malformed_log_and_escalate() {
    let both_null = json!({"ok": true, "data": null, "error": null, "warnings": [], "meta": {"duration_ms": 1}}).to_string();
    for exit in [0, 1, 3] {
        let d = interpret(exit, &both_null);
        assert_eq!(
            d.action,
            Action::Escalate(Escalation::DataAndErrorNull),
            "exit {exit}"
        );
        assert_eq!(d.data, None);
    }
}

#[test]
fn warnings_key_absent_is_an_empty_array_do_not_fail() {
    let doc = json!({"ok": true, "data": {"id": 1}, "error": null, "meta": {"duration_ms": 1}})
        .to_string();
    let d = interpret(0, &doc);
    assert_eq!(d.action, Action::UseData);
    assert!(d.warnings.is_empty());
    assert!(d.findings.contains(&Finding::WarningsKeyAbsent));
}

#[test]
fn stdout_that_is_not_an_envelope_is_escalated() {
    for raw in ["", "not json", "[1]", "{\"ok\": tru"] {
        let d = interpret(0, raw);
        assert!(
            matches!(d.action, Action::Escalate(Escalation::NotAnEnvelope(_))),
            "{raw:?}: {d:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Agent interpretation: deciding whether to act on data

#[test]
fn meta_truncated_data_is_incomplete_do_not_act_until_all_pages_are_fetched() {
    let d = interpret(0, &document("truncated.json"));
    assert_eq!(
        d.action,
        Action::FetchMorePages {
            cursor: Some("eyJvZmZzZXQiOjJ9".into())
        }
    );
    assert!(d.data.is_some(), "the page is kept for accumulation");
    let no_cursor = json!({"ok": true, "data": [], "error": null, "warnings": [], "meta": {"duration_ms": 1, "truncated": true}}).to_string();
    assert_eq!(
        interpret(0, &no_cursor).action,
        Action::FetchMorePages { cursor: None }
    );
}

#[test]
fn meta_not_modified_use_the_previously_cached_response_not_an_error() {
    let d = interpret(0, &document("not-modified.json"));
    assert_eq!(d.action, Action::UseCachedResponse);
    assert!(d.succeeded && d.error_code.is_none() && d.findings.is_empty());
}

// ---------------------------------------------------------------------------------------
// Agent interpretation: retrying

#[test]
fn retryable_true_with_retry_after_waits_retry_after_seconds() {
    let d = interpret(11, &document("seed-rate-limited.json"));
    assert_eq!(
        d.action,
        Action::Retry {
            after: Duration::from_secs(30)
        }
    );
}

#[test]
fn retryable_true_without_retry_after_immediate_for_arg_error_1s_for_all_others() {
    let cases = [
        (3, Duration::ZERO),
        (11, DEFAULT_BACKOFF),
        (8, DEFAULT_BACKOFF),
        (1, DEFAULT_BACKOFF),
        (42, DEFAULT_BACKOFF),
    ];
    for (exit, after) in cases {
        let d = interpret(
            exit,
            &envelope(exit, failure_doc("SOME_ERROR", Some(true), None)),
        );
        assert_eq!(d.action, Action::Retry { after }, "exit {exit}");
    }
}

#[test]
fn retryable_absent_falls_back_to_the_exit_codes_retryability() {
    let cases = [
        (1, Action::Stop),
        (
            3,
            Action::Retry {
                after: Duration::ZERO,
            },
        ),
        (
            8,
            Action::Retry {
                after: DEFAULT_BACKOFF,
            },
        ),
        (
            11,
            Action::Retry {
                after: DEFAULT_BACKOFF,
            },
        ),
        (42, Action::Stop),
        (-1, Action::Stop),
    ];
    for (exit, action) in cases {
        let d = interpret(exit, &envelope(exit, failure_doc("SOME_ERROR", None, None)));
        assert_eq!(d.action, action, "exit {exit}");
    }
    let d = interpret(
        11,
        &envelope(11, failure_doc("SOME_ERROR", Some(false), None)),
    );
    assert_eq!(
        d.action,
        Action::Stop,
        "retryable: false wins over the exit code"
    );
}

#[test]
fn never_retry_more_than_3_times_on_the_same_error_code_without_a_state_change() {
    let rate = document("seed-rate-limited.json");
    let retry = Action::Retry {
        after: Duration::from_secs(30),
    };
    let limit = Action::Escalate(Escalation::RetryLimit {
        code: "RATE_LIMIT_EXCEEDED".into(),
    });
    let mut agent = Interpreter::new();
    let actions: Vec<Action> = (0..5)
        .map(|_| agent.interpret("tool x", 11, &rate).action)
        .collect();
    assert_eq!(
        actions,
        [
            retry.clone(),
            retry.clone(),
            retry.clone(),
            limit.clone(),
            limit
        ]
    );
    agent.state_changed();
    assert_eq!(
        agent.interpret("tool x", 11, &rate).action,
        retry,
        "a state change resets the count"
    );
    // a different error code is a different error; a success resets too
    let mut agent = Interpreter::new();
    for _ in 0..3 {
        assert_eq!(agent.interpret("tool x", 11, &rate).action, retry);
    }
    agent.interpret("tool x", 0, &document("seed-success.json"));
    assert_eq!(agent.interpret("tool x", 11, &rate).action, retry);
}

// ---------------------------------------------------------------------------------------
// Agent interpretation: auth flow

#[test]
fn token_expired_refresh_and_retry_once_then_escalate_to_token_invalid_handling() {
    let expired = document("seed-auth-required.json");
    let mut agent = Interpreter::new();
    assert_eq!(
        agent.interpret("tool x", 8, &expired).action,
        Action::RefreshTokenAndRetry
    );
    agent.state_changed(); // the credential was replaced
    assert_eq!(
        agent.interpret("tool x", 8, &expired).action,
        Action::AcquireCredentials
    );
    // after a success, an expiry is refreshed again
    agent.interpret("tool x", 0, &document("seed-success.json"));
    assert_eq!(
        agent.interpret("tool x", 8, &expired).action,
        Action::RefreshTokenAndRetry
    );
}

#[test]
fn token_invalid_or_token_missing_do_not_retry_acquire_new_credentials() {
    for code in ["TOKEN_INVALID", "TOKEN_MISSING"] {
        let doc = envelope(8, failure_doc(code, Some(true), Some(0)));
        let mut agent = Interpreter::new();
        for _ in 0..2 {
            assert_eq!(
                agent.interpret("tool x", 8, &doc).action,
                Action::AcquireCredentials,
                "{code}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// Agent interpretation: redirect flow

#[test]
fn error_redirect_present_execute_the_command_verbatim_do_not_modify_it() {
    let command = "tool  users add --name 'alice smith'  ";
    let doc = envelope(
        13,
        json!({"code": "COMMAND_RENAMED", "message": "m", "redirect": {"command": command, "permanent": false}}),
    );
    let d = interpret(13, &doc);
    assert_eq!(
        d.action,
        Action::FollowRedirect {
            command: command.into(),
            permanent: false
        }
    );
}

#[test]
fn redirect_permanent_true_record_the_mapping_persist_it_and_apply_it_to_future_calls() {
    let dir = TempDir::new("permanent");
    let file = dir.join("redirects.json");
    let redirected = document("seed-redirected.json");
    let mut agent =
        Interpreter::with_memory(RedirectMemory::open(&file).unwrap_or_else(|e| panic!("{e}")));
    assert_eq!(agent.resolve("tool user create"), "tool user create");
    let d = agent.interpret("tool user create", 13, &redirected);
    assert_eq!(
        d.action,
        Action::FollowRedirect {
            command: "tool users add --name alice".into(),
            permanent: true
        }
    );
    assert!(d.findings.is_empty(), "{:?}", d.findings);
    assert_eq!(
        agent.resolve("tool user create"),
        "tool users add --name alice"
    );
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(text, "{\n  \"version\": 1,\n  \"redirects\": {\n    \"tool user create\": \"tool users add --name alice\"\n  }\n}\n");
    // a later session
    let later =
        Interpreter::with_memory(RedirectMemory::open(&file).unwrap_or_else(|e| panic!("{e}")));
    assert_eq!(
        later.resolve("tool user create"),
        "tool users add --name alice"
    );
    assert_eq!(
        later.resolve("tool users add --name alice"),
        "tool users add --name alice"
    );
}

#[test]
fn redirect_memory_write_is_atomic_and_survives_a_crash_mid_write() {
    let dir = TempDir::new("atomic");
    let file = dir.join("redirects.json");
    let mut memory = RedirectMemory::open(&file).unwrap_or_else(|e| panic!("{e}"));
    memory
        .record("tool a", "tool b")
        .unwrap_or_else(|e| panic!("{e}"));
    // A crash mid-write leaves a partial temporary file; the memory file is untouched.
    let stray = dir.join(format!(".redirects.json.tmp-{}-999", std::process::id()));
    std::fs::write(
        &stray,
        "{\"version\": 1, \"redirects\": {\"tool a\": \"tool",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut reopened = RedirectMemory::open(&file).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(reopened.get("tool a"), Some("tool b"));
    reopened
        .record("tool c", "tool d")
        .unwrap_or_else(|e| panic!("{e}"));
    let again = RedirectMemory::open(&file).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        again.iter().collect::<Vec<_>>(),
        [("tool a", "tool b"), ("tool c", "tool d")]
    );
    // only the memory file and the stray remain: every write's temporary file was renamed
    let mut names: Vec<String> = std::fs::read_dir(&*dir)
        .unwrap_or_else(|e| panic!("{e}"))
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            stray
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            "redirects.json".to_string()
        ]
    );
    // a corrupt memory file is an error, never silently forgotten
    std::fs::write(&file, "{\"version\": 1, \"redi").unwrap_or_else(|e| panic!("{e}"));
    assert!(RedirectMemory::open(&file).is_err());
}

#[test]
fn redirect_permanent_false_use_replacement_for_this_call_only() {
    let dir = TempDir::new("temporary");
    let file = dir.join("redirects.json");
    let mut agent =
        Interpreter::with_memory(RedirectMemory::open(&file).unwrap_or_else(|e| panic!("{e}")));
    let d = agent.interpret(
        "tool depoly --target staging",
        13,
        &document("redirect-temporary.json"),
    );
    assert_eq!(
        d.action,
        Action::FollowRedirect {
            command: "tool deploy --target staging".into(),
            permanent: false
        }
    );
    assert_eq!(
        agent.resolve("tool depoly --target staging"),
        "tool depoly --target staging"
    );
    assert!(agent.memory().is_empty());
    assert!(!file.exists(), "stored knowledge is not updated");
}

#[test]
fn error_redirect_is_ignored_at_exit_codes_other_than_redirected() {
    let text = document("error-all-fields.json");
    let mut agent = Interpreter::new();
    let d = agent.interpret("tool deploy", 1, &text);
    assert!(d.findings.contains(&Finding::RedirectIgnored));
    assert_eq!(
        d.action,
        Action::Retry {
            after: Duration::from_secs(1)
        }
    );
    assert!(agent.memory().is_empty());
}

// ---------------------------------------------------------------------------------------
// Agent interpretation: warnings

#[test]
fn warnings_on_success_are_surfaced_and_deprecated_or_will_be_removed_is_a_soft_redirect() {
    let d = interpret(0, &document("warnings.json"));
    assert_eq!(d.action, Action::UseData, "complete the current action");
    assert_eq!(d.warnings.len(), 2);
    assert_eq!(
        d.soft_redirects,
        ["Flag --env is deprecated and will be removed in v3.0; use --target instead"]
    );
    assert!(d.is_soft_redirect());
    let cases = [
        ("X is DEPRECATED", true),
        ("this flag will be removed soon", true),
        ("slow network", false),
    ];
    for (warning, soft) in cases {
        assert_eq!(envgen::response::is_deprecation(warning), soft, "{warning}");
    }
    let failing: Decision = interpret(1, &document("general-error.json"));
    assert_eq!(
        failing.warnings,
        ["Partial manifest left at /tmp/deploy-44.yaml"]
    );
    assert!(!failing.is_soft_redirect());
}

// ---------------------------------------------------------------------------------------
// The example CLI (examples/respond.rs)

#[test]
fn example_cli_prints_one_valid_envelope_per_command_and_its_exit_code() {
    let cases: [(&[&str], i32); 6] = [
        (&["deploy", "prod"], 0),
        (&["deploy", "prodution"], 3),
        (&["deploys", "list"], 0),
        (&["status", "--etag", "abc"], 0),
        (&["user", "create", "--name", "alice"], 13),
        (&["frobnicate"], 3),
    ];
    for (args, exit) in cases {
        let out = respond_example::run(args);
        let (line, code) = emitted(&out);
        assert_eq!(code, exit, "{args:?}");
        assert_eq!(check_envelope(code, &value(&line)), Ok(()), "{args:?}");
    }
}
