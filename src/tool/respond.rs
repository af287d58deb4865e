//! Constructors that derive `status` from the facts, so a response cannot contradict
//! the ToolResponse spec's rules: a result's status comes from its data's markers, a
//! failure is `error` with `error` set, and `data` is always an object.

use super::error_code::{ErrorCode, ToolFailure};
use super::status::ToolData;
use crate::tool_response::{ToolContext, ToolResponse, ToolResponseStatus, ToolStats};
use serde_json::{Map, Value};

/// `stats` with this `time_ms` and nothing else. A negative or non-finite time (the
/// schema requires a number `>= 0`) becomes 0.
pub fn stats(time_ms: f64) -> ToolStats {
    ToolStats {
        time_ms: if time_ms.is_finite() && time_ms > 0.0 {
            time_ms
        } else {
            0.0
        },
        extra: envgen_runtime::IndexMap::new(),
    }
}

/// A `context` with this `cwd` and `params_input` and nothing else. `cwd` is relative
/// to the project root and comes out as section 1.1 wants it: a relative POSIX path (`\`
/// read as a separator, `.` and empty segments folded, `..` applied), `"."` for the root.
/// An absolute `cwd`, or one that leaves the root, is an error: resolve such a directory
/// with [`crate::tool::context::ProjectRoot::context`], which knows the root.
pub fn context(cwd: &str, params_input: Value) -> Result<ToolContext, ToolFailure> {
    let cwd = relative_cwd(cwd)?;
    Ok(ToolContext {
        cwd,
        ..root_context(params_input)
    })
}

/// A `context` at the project root (`cwd` `"."`) with this `params_input`.
pub fn root_context(params_input: Value) -> ToolContext {
    ToolContext {
        cwd: ".".to_owned(),
        params_input,
        path_resolved: None,
        truncation_skip: None,
        extra: Map::new(),
    }
}

/// `cwd` as a normalized relative POSIX path, or why it cannot be one.
fn relative_cwd(cwd: &str) -> Result<String, ToolFailure> {
    let posix = cwd.replace('\\', "/");
    if crate::rules::is_absolute(&posix) {
        return Err(ToolFailure::new(
            ErrorCode::InvalidParam,
            format!("cwd '{cwd}' is absolute; context.cwd is relative to the project root (use ProjectRoot::context to resolve it)"),
        ));
    }
    let mut parts: Vec<&str> = Vec::new();
    for segment in posix.split('/') {
        match segment {
            "" | "." => {}
            ".." => {
                if parts.pop().is_none() {
                    return Err(ToolFailure::new(
                        ErrorCode::AccessDenied,
                        format!("cwd '{cwd}' is outside the project root"),
                    ));
                }
            }
            other => parts.push(other),
        }
    }
    Ok(if parts.is_empty() {
        ".".to_owned()
    } else {
        parts.join("/")
    })
}

/// The response of a run that produced `data`: `success` or `partial` as the data's
/// markers say (see [`crate::tool::status::Facts::status`]), `error` absent. Untyped
/// `data` that is not an object is made one ([`ToolData::into_object`]).
pub fn result<D: ToolData>(
    data: D,
    text: impl Into<String>,
    stats: ToolStats,
    context: ToolContext,
) -> ToolResponse<D> {
    let data = data.into_object();
    let status = data.facts().status();
    ToolResponse {
        status,
        data,
        text: text.into(),
        error: None,
        stats,
        context,
    }
}

/// The response of a failed run: `status: "error"`, `error: {code, message}`, and
/// `data: {}`.
pub fn failure(
    failure: &ToolFailure,
    text: impl Into<String>,
    stats: ToolStats,
    context: ToolContext,
) -> ToolResponse<Value> {
    failure_with_data(Value::Object(Map::new()), failure, text, stats, context)
}

/// A failed run that still reports some `data` (for example the items it had read):
/// `status: "error"` and `error` set whatever the data's markers say.
pub fn failure_with_data<D: ToolData>(
    data: D,
    failure: &ToolFailure,
    text: impl Into<String>,
    stats: ToolStats,
    context: ToolContext,
) -> ToolResponse<D> {
    ToolResponse {
        status: ToolResponseStatus::Error,
        data: data.into_object(),
        text: text.into(),
        error: Some(Some(failure.to_tool_error())),
        stats,
        context,
    }
}

/// The same response with untyped `data`, for writing to history or truncating.
/// `None` only if the typed data fails to serialize (never for generated payloads).
pub fn into_untyped<D: serde::Serialize>(response: ToolResponse<D>) -> Option<ToolResponse> {
    try_map_data(response, |data| serde_json::to_value(&data)).ok()
}

/// The same response with its `data` converted by `f` (the other fields moved as they
/// are); `f`'s error when it fails.
pub fn try_map_data<D, E, Er>(
    response: ToolResponse<D>,
    f: impl FnOnce(D) -> Result<E, Er>,
) -> Result<ToolResponse<E>, Er> {
    Ok(ToolResponse {
        status: response.status,
        data: f(response.data)?,
        text: response.text,
        error: response.error,
        stats: response.stats,
        context: response.context,
    })
}
