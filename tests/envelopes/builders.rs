//! Generated builders at run time: `build()` checks what the types cannot (pattern,
//! minimum, conditional rules, the contracts' envelope rules) and names the instance
//! pointer and keyword; builders compose; what they build serializes to schema-valid
//! documents. (Missing required fields are compile errors: see `tests/builders-ui/tests/ui/`.)

use envgen::meminit::{Error as MeminitError, MeminitEnvelope};
use envgen::response_envelope::{ErrorDetail, Redirect, ResponseEnvelope, ResponseMeta};
use envgen::tool_data::grep::{GrepData, Match};
use envgen::tool_response::{ToolContext, ToolError, ToolResponse, ToolResponseStatus, ToolStats};
use envgen::ValidationErrors;
use serde_json::{json, Value};

/// The first error's (instance pointer, keyword).
fn first(e: &ValidationErrors) -> (String, String) {
    let f = e.first().expect("an Err holds at least one error");
    (f.instance_path.clone(), f.keyword.clone())
}

fn meta(ms: u64) -> ResponseMeta {
    ResponseMeta::builder()
        .duration_ms(ms)
        .build()
        .expect("a duration is all meta needs")
}

#[test]
fn nested_builders_compose_into_an_envelope() -> Result<(), ValidationErrors> {
    let error = ErrorDetail::builder()
        .code("NOT_FOUND")
        .message("no such user")
        .retryable(false)
        .build()?;
    let env = ResponseEnvelope::<Value>::builder()
        .data_null()
        .error(error)
        .warnings(vec!["cache cold".to_owned()])
        .meta(meta(12))
        .exit_code(1)
        .build()?;
    assert!(!env.ok(), "ok is derived from the exit code");
    let text = serde_json::to_string(&env).expect("serializes");
    assert_eq!(
        text,
        r#"{"ok":false,"data":null,"error":{"code":"NOT_FOUND","message":"no such user","retryable":false},"warnings":["cache cold"],"meta":{"duration_ms":12}}"#
    );
    // What a builder builds parses back as a valid document.
    let back = ResponseEnvelope::<Value>::from_json_str(&text)?;
    assert_eq!(back, env);
    Ok(())
}

#[test]
fn ok_is_true_exactly_for_exit_code_zero() -> Result<(), ValidationErrors> {
    let env = ResponseEnvelope::builder()
        .data(json!({"id": 7}))
        .error_null()
        .warnings(Vec::<String>::new())
        .meta(meta(1))
        .exit_code(0)
        .build()?;
    assert!(env.ok());
    assert_eq!(env.data, Some(json!({"id": 7})));
    Ok(())
}

#[test]
fn typed_data_infers_the_envelope_parameter() -> Result<(), ValidationErrors> {
    #[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
    struct User {
        id: u32,
    }
    let env = ResponseEnvelope::builder()
        .data(User { id: 3 })
        .error_null()
        .warnings(Vec::<String>::new())
        .meta(meta(1))
        .exit_code(0)
        .build()?;
    let _: &ResponseEnvelope<User> = &env;
    assert_eq!(env.data, Some(User { id: 3 }));
    Ok(())
}

#[test]
fn pattern_violation_names_the_pointer() {
    let bad_meta = ResponseMeta::builder()
        .duration_ms(5)
        .schema_version("v1")
        .build();
    let e = bad_meta.expect_err("schema_version must match ^\\d+\\.\\d+$");
    assert_eq!(first(&e), ("/schema_version".into(), "pattern".into()));
    assert!(e.to_string().contains("/schema_version"), "{e}");
}

#[test]
fn minimum_violation_names_the_pointer() {
    let m = Match::builder().file("src/a.rs").line(0).text("x").build();
    let e = m.expect_err("line has minimum 1");
    assert_eq!(first(&e), ("/line".into(), "minimum".into()));
    let ok = Match::builder().file("src/a.rs").line(1).text("x").build();
    assert!(ok.is_ok(), "{ok:?}");
}

#[test]
fn nested_violation_is_located_inside_the_parent() -> Result<(), ValidationErrors> {
    // A valid Match, then mutated: the parent's build() re-checks the whole value.
    let mut m = Match::builder().file("a").line(2).text("t").build()?;
    m.line = 0;
    let e = GrepData::builder()
        .matches(vec![m])
        .build()
        .expect_err("the nested line is below its minimum");
    assert_eq!(first(&e), ("/matches/0/line".into(), "minimum".into()));
    Ok(())
}

#[test]
fn seed_001_rules_are_checked_by_build() -> Result<(), ValidationErrors> {
    let err = || {
        ErrorDetail::builder()
            .code("E")
            .message("m")
            .build()
            .expect("code and message are all an error needs")
    };
    // A failing exit code without an error object.
    let e = ResponseEnvelope::<Value>::builder()
        .data_null()
        .error_null()
        .warnings(Vec::<String>::new())
        .meta(meta(1))
        .exit_code(2)
        .build()
        .expect_err("a non-zero exit needs an error");
    assert_eq!(first(&e), ("/error".into(), "x-error-iff-failure".into()));
    // Success with an error object.
    let e = ResponseEnvelope::<Value>::builder()
        .data(json!({}))
        .error(err())
        .warnings(Vec::<String>::new())
        .meta(meta(1))
        .exit_code(0)
        .build()
        .expect_err("exit 0 has a null error");
    assert_eq!(first(&e), ("/error".into(), "x-error-iff-failure".into()));
    // Data on failure.
    let e = ResponseEnvelope::<Value>::builder()
        .data(json!([1]))
        .error(err())
        .warnings(Vec::<String>::new())
        .meta(meta(1))
        .exit_code(1)
        .build()
        .expect_err("data is null on failure");
    assert_eq!(first(&e), ("/data".into(), "x-data-null-on-failure".into()));
    // A redirect needs exit code 13, and 13 needs a redirect.
    let redirected = ErrorDetail::builder()
        .code("MOVED")
        .message("use the new command")
        .redirect(
            Redirect::builder()
                .command("tool user add --name x")
                .permanent(true)
                .build()?,
        )
        .build()?;
    let e = ResponseEnvelope::<Value>::builder()
        .data_null()
        .error(redirected.clone())
        .warnings(Vec::<String>::new())
        .meta(meta(1))
        .exit_code(1)
        .build()
        .expect_err("a redirect only with REDIRECTED");
    assert_eq!(
        first(&e),
        ("/error/redirect".into(), "x-redirect-exit-code".into())
    );
    let ok13 = ResponseEnvelope::<Value>::builder()
        .data_null()
        .error(redirected)
        .warnings(Vec::<String>::new())
        .meta(meta(1))
        .exit_code(13)
        .build();
    assert!(ok13.is_ok(), "{ok13:?}");
    // retry_after only when retryable.
    let e = ResponseEnvelope::<Value>::builder()
        .data_null()
        .error(
            ErrorDetail::builder()
                .code("SLOW")
                .message("m")
                .retry_after(5)
                .build()?,
        )
        .warnings(Vec::<String>::new())
        .meta(meta(1))
        .exit_code(11)
        .build()
        .expect_err("retry_after needs retryable: true");
    assert_eq!(
        first(&e),
        (
            "/error/retry_after".into(),
            "x-retry-after-retryable".into()
        )
    );
    // Both null on success is a cache hit only.
    let e = ResponseEnvelope::<Value>::builder()
        .data_null()
        .error_null()
        .warnings(Vec::<String>::new())
        .meta(meta(1))
        .exit_code(0)
        .build()
        .expect_err("data and error both null needs not_modified");
    assert_eq!(first(&e), ("".into(), "x-data-or-error".into()));
    let hit = ResponseEnvelope::<Value>::builder()
        .data_null()
        .error_null()
        .warnings(Vec::<String>::new())
        .meta(
            ResponseMeta::builder()
                .duration_ms(1)
                .not_modified(true)
                .build()?,
        )
        .exit_code(0)
        .build();
    assert!(hit.is_ok(), "{hit:?}");
    Ok(())
}

fn tool_parts() -> Result<(ToolStats, ToolContext), ValidationErrors> {
    Ok((
        ToolStats::builder().time_ms(3.0).build()?,
        ToolContext::builder()
            .cwd("/project")
            .params_input(json!({"path": "."}))
            .build()?,
    ))
}

#[test]
fn tool_response_error_status_requires_an_error() -> Result<(), ValidationErrors> {
    let (stats, context) = tool_parts()?;
    let e = ToolResponse::<Value>::builder()
        .status(ToolResponseStatus::Error)
        .data(json!({}))
        .text("failed")
        .stats(stats.clone())
        .context(context.clone())
        .build()
        .expect_err("status error without an error object");
    assert_eq!(first(&e).1, "required");
    let ok = ToolResponse::<Value>::builder()
        .status(ToolResponseStatus::Error)
        .data(json!({}))
        .text("failed")
        .error(
            ToolError::builder()
                .code("NOT_FOUND")
                .message("gone")
                .build()?,
        )
        .stats(stats)
        .context(context)
        .build();
    assert!(ok.is_ok(), "{ok:?}");
    Ok(())
}

#[test]
fn tool_response_success_rejects_an_error_object() -> Result<(), ValidationErrors> {
    let (stats, context) = tool_parts()?;
    let e = ToolResponse::<Value>::builder()
        .status(ToolResponseStatus::Success)
        .data(json!({"entries": []}))
        .text("ok")
        .error(ToolError::builder().code("X").message("y").build()?)
        .stats(stats)
        .context(context)
        .build()
        .expect_err("a success carries error: null at most");
    assert_eq!(first(&e).0, "/error");
    Ok(())
}

fn meminit(
    success: bool,
) -> envgen::meminit::MeminitEnvelopeBuilder<
    Value,
    envgen::runtime::builder::Set,
    envgen::runtime::builder::Set,
    envgen::runtime::builder::Set,
    envgen::runtime::builder::Set,
    envgen::runtime::builder::Set,
> {
    MeminitEnvelope::<Value>::builder()
        .output_schema_version("1.0")
        .success(success)
        .command("check")
        .run_id("20260101-abcdef")
        .root("/repo")
}

#[test]
fn meminit_success_decides_between_data_and_error() -> Result<(), ValidationErrors> {
    // success: false needs an error.
    let e = meminit(false).build().expect_err("failure without error");
    assert_eq!(first(&e), ("".into(), "required".into()));
    let failed = meminit(false)
        .error(
            MeminitError::builder()
                .code("E_IO")
                .message("disk")
                .build()?,
        )
        .build();
    assert!(failed.is_ok(), "{failed:?}");
    // success: true needs data, warnings, violations, advice, and no error.
    let e = meminit(true).build().expect_err("success without data");
    assert_eq!(first(&e).1, "required");
    let e = meminit(true)
        .data(json!({}))
        .warnings(vec![])
        .violations(vec![])
        .advice(vec![])
        .error(MeminitError::builder().code("E").message("m").build()?)
        .build()
        .expect_err("success with an error");
    assert_eq!(first(&e).1, "not");
    let done = meminit(true)
        .data(json!({"checked": 3}))
        .warnings(vec![])
        .violations(vec![])
        .advice(vec![])
        .build()?;
    assert!(done.validate().is_ok());
    Ok(())
}
