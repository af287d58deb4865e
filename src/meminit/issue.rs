//! Issue (section 6), advice (section 7) and error (section 5.1) objects: short
//! constructors for the generated [`Issue`], [`Advice`] and [`Error`].
//!
//! ```
//! use envgen::meminit::issue::{advice, error, issue, AdviceExt, ErrorExt, IssueExt, Severity};
//! let w = issue("LINE_TOO_LONG", "Line exceeds 120 characters", "docs/a.md").at_line(12).with_severity(Severity::Warning);
//! let a = advice("Run 'meminit fix'").with_code("RUN_FIX");
//! let e = error("UNKNOWN_TYPE", "Unknown document type: XYZ").with_details(serde_json::json!({"valid_types": ["ADR"]}));
//! assert_eq!(w.line, Some(12));
//! assert_eq!(a.code.as_deref(), Some("RUN_FIX"));
//! assert!(e.details.is_some());
//! ```

use super::{Advice, Error, Issue};
use serde_json::{Map, Value};

/// An issue's `severity` (section 6: one of `warning` or `error`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// `"warning"`.
    Warning,
    /// `"error"`.
    Error,
}

impl Severity {
    /// The wire text.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }

    /// Parses the wire text; anything else is `None`.
    pub fn parse(text: &str) -> Option<Severity> {
        match text {
            "warning" => Some(Severity::Warning),
            "error" => Some(Severity::Error),
            _ => None,
        }
    }
}

/// An issue with its three required fields (`path` is normalized when the envelope is
/// written, so a native path is fine here).
pub fn issue(
    code: impl Into<String>,
    message: impl Into<String>,
    path: impl Into<String>,
) -> Issue {
    Issue {
        code: code.into(),
        message: message.into(),
        path: path.into(),
        line: None,
        severity: None,
        extra: Map::new(),
    }
}

/// Advice with its required `message`.
pub fn advice(message: impl Into<String>) -> Advice {
    Advice {
        message: message.into(),
        code: None,
        details: None,
        extra: Map::new(),
    }
}

/// An error object with its required `code` and `message`.
pub fn error(code: impl Into<String>, message: impl Into<String>) -> Error {
    Error {
        code: code.into(),
        message: message.into(),
        details: None,
        extra: Map::new(),
    }
}

/// Turns a JSON value into an object map: an object as it is, anything else under the
/// key `value`.
fn object(details: Value) -> Map<String, Value> {
    match details {
        Value::Object(map) => map,
        other => Map::from_iter([("value".to_owned(), other)]),
    }
}

/// Setters for [`Issue`]'s optional fields. A trait, named apart from the fields, so it
/// cannot clash with inherent methods the generator may add.
pub trait IssueExt {
    /// Sets `line`.
    fn at_line(self, line: i64) -> Issue;
    /// Sets `severity`.
    fn with_severity(self, severity: Severity) -> Issue;
}

impl IssueExt for Issue {
    fn at_line(mut self, line: i64) -> Issue {
        self.line = Some(line);
        self
    }

    fn with_severity(mut self, severity: Severity) -> Issue {
        self.severity = Some(severity.as_str().to_owned());
        self
    }
}

/// Setters for [`Advice`]'s optional fields.
pub trait AdviceExt {
    /// Sets `code`.
    fn with_code(self, code: impl Into<String>) -> Advice;
    /// Sets `details` (a non-object value is wrapped as `{"value": …}`).
    fn with_details(self, details: Value) -> Advice;
}

impl AdviceExt for Advice {
    fn with_code(mut self, code: impl Into<String>) -> Advice {
        self.code = Some(code.into());
        self
    }

    fn with_details(mut self, details: Value) -> Advice {
        self.details = Some(object(details));
        self
    }
}

/// Setters for [`Error`]'s optional fields.
pub trait ErrorExt {
    /// Sets `details` (a non-object value is wrapped as `{"value": …}`).
    fn with_details(self, details: Value) -> Error;
}

impl ErrorExt for Error {
    fn with_details(mut self, details: Value) -> Error {
        self.details = Some(object(details));
        self
    }
}
