//! Legacy tool output (ToolResponse spec, section 3.3): a top-level
//! `"error": "Error: ..."` string becomes `status: "error"` with
//! `error: {code, message}`, and the string form never appears again.
//!
//! **The `Error: ` prefix is dropped** from `message`: it only said "this is an error",
//! which `status` and `error` now say; the ToolResponse spec's own example message has no
//! prefix (`"File 'src/main.py' does not exist."`). Exactly one leading `Error:` (any
//! case) and the whitespace after it go; the rest is kept verbatim. A string that is only
//! the prefix keeps it, so `message` is never empty. `code` is the most specific one the
//! message names ([`ErrorCode::infer_from_message`]), `INTERNAL_ERROR` otherwise.

use super::error_code::{ErrorCode, ToolFailure};
use super::respond;
use super::text::Summary;
use crate::tool_response::{ToolContext, ToolResponse, ToolResponseStatus, ToolStats};
use serde_json::{Map, Value};

/// The prefix legacy tools put before their messages.
pub const LEGACY_PREFIX: &str = "Error:";

/// The message of a legacy error string, without the `Error: ` prefix (see the module
/// docs).
pub fn legacy_message(legacy: &str) -> String {
    let trimmed = legacy.trim();
    let rest = trimmed
        .get(..LEGACY_PREFIX.len())
        .filter(|p| p.eq_ignore_ascii_case(LEGACY_PREFIX))
        .and_then(|_| trimmed.get(LEGACY_PREFIX.len()..))
        .map(str::trim_start);
    match rest {
        Some(rest) if !rest.is_empty() => rest.to_owned(),
        _ => trimmed.to_owned(),
    }
}

/// The failure a legacy error string stands for: inferred code, prefix dropped.
pub fn legacy_failure(legacy: &str) -> ToolFailure {
    let message = legacy_message(legacy);
    ToolFailure::new(ErrorCode::infer_from_message(&message), message)
}

/// Whether `doc` is a legacy output: an object whose `error` is a string.
pub fn is_legacy(doc: &Value) -> bool {
    doc.get("error").is_some_and(Value::is_string)
}

/// Converts a legacy output to a ToolResponse; gives `doc` back unchanged when it is not
/// legacy ([`is_legacy`]).
///
/// * `status` is `error`, `error` is [`legacy_failure`];
/// * `data` is the legacy `data` if it is an object, else `{}`; any other top-level key
///   (the ToolResponse spec forbids custom top-level fields) moves into `data` unless
///   `data` has it;
/// * `text` is the legacy `text` if it is a non-empty string, else a composed summary;
/// * `stats` and `context` are kept when they are valid, else `time_ms: 0` and
///   `cwd: "."` with `params_input` the legacy `params_input` (or `null`).
pub fn convert_legacy(doc: Value) -> Result<ToolResponse, Value> {
    if !is_legacy(&doc) {
        return Err(doc);
    }
    let Value::Object(mut fields) = doc else {
        return Err(doc);
    };
    let failure = match fields.remove("error") {
        Some(Value::String(legacy)) => legacy_failure(&legacy),
        _ => legacy_failure(""),
    };
    fields.remove("status");
    let mut data = match fields.remove("data") {
        Some(Value::Object(data)) => data,
        _ => Map::new(),
    };
    let text = match fields.remove("text") {
        Some(Value::String(text)) if !text.trim().is_empty() => text,
        _ => Summary::new("The tool did not complete").compose(&Default::default(), Some(&failure)),
    };
    let stats = fields
        .remove("stats")
        .and_then(|s| serde_json::from_value::<ToolStats>(s).ok())
        .filter(|s| s.validate().is_ok())
        .unwrap_or_else(|| respond::stats(0.0));
    let params_input = fields.remove("params_input").unwrap_or(Value::Null);
    let context = fields
        .remove("context")
        .and_then(|c| serde_json::from_value::<ToolContext>(c).ok())
        .unwrap_or_else(|| respond::root_context(params_input));
    for (key, value) in fields {
        data.entry(key).or_insert(value);
    }
    Ok(ToolResponse {
        status: ToolResponseStatus::Error,
        data: Value::Object(data),
        text,
        error: Some(Some(failure.to_tool_error())),
        stats,
        context,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefix_is_dropped_once_and_never_leaves_an_empty_message() {
        assert_eq!(legacy_message("Error: boom"), "boom");
        assert_eq!(legacy_message("error:boom"), "boom");
        assert_eq!(legacy_message("Error: Error: twice"), "Error: twice");
        assert_eq!(legacy_message("no prefix"), "no prefix");
        assert_eq!(legacy_message("Error:"), "Error:");
        assert_eq!(legacy_message("Erro"), "Erro");
        assert_eq!(legacy_message("Érror: x"), "Érror: x");
    }
}
