//! [`check`]: every ToolResponse spec rule a received ToolResponse breaks, as
//! [`Violation`]s.
//!
//! First the generated validator of `schemas/tool-response.json`, which holds section
//! 3.1's rule (`success` records no discount) as an `if`/`then` pair, then the prose
//! rules:
//!
//! | rule id | ToolResponse spec section | rule |
//! |---|---|---|
//! | `tool/schema` | 1 | the envelope's shape (required keys, no custom top-level key, …) |
//! | `tool/3.3-error-iff-error-status` | 1, 3.3 | `error` set exactly when `status` is `error` |
//! | `tool/3.1-success-no-discount` | 3.1 | `success`: not truncated, no fallback, no failed item, applied |
//! | `tool/3.2-partial-needs-reason` (should) | 3.2 | `partial`: `data` records one of the typical reasons (truncated, fallback, failed items, dry run) |
//! | `tool/3.3-legacy-error-string` | 3.3 | no top-level `"error": "Error: ..."` string |
//! | `tool/1.1-cwd-relative` | 1.1 | `context.cwd` is `"."` or a relative POSIX path |
//! | `tool/1.1-path-resolved-relative` | 1 | `context.path_resolved` is a relative POSIX path |
//! | `tool/2-payload-fields` | 2 | `data` has its kind's field with its type (`entries`, `paths`, …) |
//! | `tool/2-glob-paths-posix` | 2 | glob `paths` are relative POSIX paths |
//! | `tool/2-full-output-path` | 2 | the wrapper's file is `tool-output/tool_YYYYMMDD_HHMMSS_<Tool>.json` |
//! | `tool/2-truncation-counts` | 2 | the wrapper's `kept_*` within `max_*` and `original_*`; the original over a limit |
//! | `tool/2-truncation-explained` | 2 | `data.truncated: true` ⇒ `text` says it was truncated |
//! | `tool/3.2-reason-explained` (should) | 3.2 | `partial`: `text` states the fallback, dry run or partial failure |
//! | `tool/4-text-conclusion` | 4 | `text` is not empty |
//! | `tool/4-text-next-step` | 4 | `partial` or `error` ⇒ `text` names a next step |
//!
//! The kind of tool (for the payload rules) is what [`ToolKind::detect`] reads from `data`,
//! or the one given to [`check_as`]. `tool/2-truncation-explained`,
//! `tool/3.2-reason-explained` and `tool/4-text-next-step` read prose, with the
//! heuristics of [`explains`] and [`names_next_step`].

use super::kind::ToolKind;
use super::status::{PartialReason, ToolData};
use super::text::{explains, names_next_step};
use crate::rules::{from_schema, pointer, relative_posix_problem, Violation};
use crate::runtime::Options;
use serde_json::Value;

/// The schema's `allOf` holds section 3's error and success rules (so the generated
/// builder and parser refuse a contradicting status); [`status_rules`] reports them with
/// their rule ids and precise pointers instead of the schema's errors.
const STATUS_RULES: &str = "#/allOf/";

/// Checks a received ToolResponse against every ToolResponse spec rule; the kind of tool
/// is detected from `data`. Empty when it conforms.
pub fn check(document: &Value) -> Vec<Violation> {
    let kind = document.get("data").and_then(ToolKind::detect);
    check_kind(document, kind)
}

/// [`check`] for a response of a known kind of tool: `data` must then be that kind's
/// payload.
pub fn check_as(kind: ToolKind, document: &Value) -> Vec<Violation> {
    check_kind(document, Some(kind))
}

fn check_kind(document: &Value, kind: Option<ToolKind>) -> Vec<Violation> {
    let mut out = Vec::new();
    let legacy = document.get("error").is_some_and(Value::is_string);
    let options = Options::new().all_errors(true);
    let error_rule = status_rules(document, &mut out);
    if let Err(errors) = crate::tool_response::validate_value_with(document, &options) {
        let errors = errors
            .into_iter()
            .filter(|e| !e.schema_path.starts_with(STATUS_RULES))
            .filter(|e| !((legacy || error_rule) && e.instance_path == "/error"));
        out.splice(0..0, from_schema(errors, "tool/schema", &[]));
    }
    if legacy {
        out.push(Violation::new(
            "tool/3.3-legacy-error-string",
            "/error",
            "error is a string (the legacy \"Error: ...\" form); it must be {code, message} with status \"error\"",
        ));
    }
    context_rules(document, &mut out);
    text_rules(document, &mut out);
    if let (Some(kind), Some(data)) = (kind, document.get("data")) {
        payload_rules(kind, data, &mut out);
    }
    out
}

/// Section 3: `error` set exactly with `status: "error"`; otherwise `status` is what the
/// data's markers give ([`Facts::status`]). Returns whether the `error` rule fired.
fn status_rules(document: &Value, out: &mut Vec<Violation>) -> bool {
    let status = document.get("status").and_then(Value::as_str);
    let error = document.get("error").filter(|e| !e.is_null());
    let is_error = status == Some("error");
    if is_error != error.is_some() && !error.is_some_and(Value::is_string) {
        let message = if is_error {
            "status is \"error\" but error is absent or null; it must be {code, message}"
        } else {
            "error is set but status is not \"error\""
        };
        out.push(Violation::new(
            "tool/3.3-error-iff-error-status",
            "/error",
            message,
        ));
        return true;
    }
    let Some(data) = document.get("data").filter(|d| d.is_object()) else {
        return false;
    };
    let reasons = data.facts().partial_reasons();
    match status {
        Some("success") => {
            for reason in reasons {
                let (field, why) = match reason {
                    PartialReason::Truncated => ("truncated", "the result is truncated"),
                    PartialReason::Fallback(_) => ("fallback", "a fallback strategy was used"),
                    PartialReason::DryRun => ("applied", "nothing was written (dry run)"),
                    PartialReason::PartialFailure(_) => ("failed_items", "some items failed"),
                };
                out.push(Violation::new(
                    "tool/3.1-success-no-discount",
                    pointer("/data", &[field]),
                    format!("status is \"success\" but {why}; it must be \"partial\""),
                ));
            }
        }
        // Section 3.2 lists *typical* discounts ("典型场景包括"), not all of them: a partial
        // result whose reason `data` does not record is a lint, not an error.
        Some("partial") if reasons.is_empty() => out.push(Violation::should(
            "tool/3.2-partial-needs-reason",
            "/data",
            "status is \"partial\" but data records none of the typical reasons (truncated: true, fallback, failed_items, applied: false)",
        )),
        _ => {}
    }
    false
}

fn context_rules(document: &Value, out: &mut Vec<Violation>) {
    let Some(context) = document.get("context") else {
        return;
    };
    for (key, rule) in [
        ("cwd", "tool/1.1-cwd-relative"),
        ("path_resolved", "tool/1.1-path-resolved-relative"),
    ] {
        if let Some(path) = context.get(key).and_then(Value::as_str) {
            if let Some(problem) = relative_posix_problem(path) {
                out.push(Violation::new(
                    rule,
                    pointer("/context", &[key]),
                    format!("context.{key} {path:?} {problem} (project-root-relative POSIX)"),
                ));
            }
        }
    }
}

fn text_rules(document: &Value, out: &mut Vec<Violation>) {
    let Some(text) = document.get("text").and_then(Value::as_str) else {
        return; // not a string: the schema reports it
    };
    if text.trim().is_empty() {
        out.push(Violation::new(
            "tool/4-text-conclusion",
            "/text",
            "text is empty; it must state what was done and with what result",
        ));
    }
    let status = document.get("status").and_then(Value::as_str);
    if matches!(status, Some("partial" | "error")) && !names_next_step(text) {
        out.push(Violation::new(
            "tool/4-text-next-step",
            "/text",
            format!(
                "status is {:?} but text names no next step (e.g. \"Try increasing 'limit'\")",
                status.unwrap_or_default()
            ),
        ));
    }
    let Some(data) = document.get("data").filter(|d| d.is_object()) else {
        return;
    };
    for reason in data.facts().partial_reasons() {
        if explains(&reason, text) {
            continue;
        }
        if reason == PartialReason::Truncated {
            out.push(Violation::new(
                "tool/2-truncation-explained",
                "/text",
                "data.truncated is true but text does not say the result was truncated",
            ));
        } else if status == Some("partial") {
            out.push(Violation::should(
                "tool/3.2-reason-explained",
                "/text",
                format!("text does not state why the result is partial ({reason:?})"),
            ));
        }
    }
}

fn payload_rules(kind: ToolKind, data: &Value, out: &mut Vec<Violation>) {
    if !data.is_object() {
        return; // the schema reports it
    }
    if let Err(errors) = kind.validate_data(data) {
        for mut v in from_schema(errors, "tool/2-payload-fields", &[]) {
            v.pointer = format!("/data{}", v.pointer);
            out.push(v);
        }
    }
    match kind {
        ToolKind::Glob => {
            let paths = data.get("paths").and_then(Value::as_array);
            for (i, path) in paths.into_iter().flatten().enumerate() {
                let Some(path) = path.as_str() else { continue };
                if let Some(problem) = relative_posix_problem(path) {
                    out.push(Violation::new(
                        "tool/2-glob-paths-posix",
                        format!("/data/paths/{i}"),
                        format!("path {path:?} {problem} (project-root-relative POSIX)"),
                    ));
                }
            }
        }
        ToolKind::Truncated => wrapper_rules(data, out),
        _ => {}
    }
}

/// Section 2, the framework wrapper: the file name pattern, and counts that agree (kept
/// within the limits and the original, the original over a limit).
fn wrapper_rules(data: &Value, out: &mut Vec<Violation>) {
    if let Some(path) = data.pointer("/truncation/full_output_path") {
        let path = path.as_str().unwrap_or_default();
        if !super::truncate::is_output_path(path) {
            out.push(Violation::new(
                "tool/2-full-output-path",
                "/data/truncation/full_output_path",
                format!(
                    "full_output_path {path:?} is not tool-output/tool_YYYYMMDD_HHMMSS_<Tool>.json"
                ),
            ));
        }
    }
    let n = |key: &str| data.get("truncation")?.get(key)?.as_u64();
    const RULE: &str = "tool/2-truncation-counts";
    for unit in ["lines", "bytes"] {
        let (Some(max), Some(original), Some(kept)) = (
            n(&format!("max_{unit}")),
            n(&format!("original_{unit}")),
            n(&format!("kept_{unit}")),
        ) else {
            continue;
        };
        if kept > max.min(original) {
            out.push(Violation::new(
                RULE,
                format!("/data/truncation/kept_{unit}"),
                format!(
                    "kept_{unit} {kept} exceeds max_{unit} {max} or original_{unit} {original}"
                ),
            ));
        }
    }
    let over = |unit: &str| matches!((n(&format!("original_{unit}")), n(&format!("max_{unit}"))), (Some(o), Some(m)) if o > m);
    let known = ["original_lines", "max_lines", "original_bytes", "max_bytes"]
        .iter()
        .all(|k| n(k).is_some());
    if known && !over("lines") && !over("bytes") {
        out.push(Violation::new(
            RULE,
            "/data/truncation",
            "the original output is within both limits: nothing needed truncating",
        ));
    }
}
