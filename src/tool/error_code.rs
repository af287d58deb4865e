//! Machine-readable error codes (ToolResponse spec, section 3.3) and [`ToolFailure`], a
//! code with its message.

use crate::tool_response::ToolError;
use std::fmt;
use std::io;

/// A ToolResponse `error.code`. The ten standard codes of the ToolResponse spec (section
/// 3.3) are variants; any other non-empty string is kept as [`ErrorCode::Other`], so a
/// code from a newer tool parses and serializes back unchanged.
///
/// Serializes as the bare string (`"NOT_FOUND"`); [`ErrorCode::parse`] and
/// `Deserialize` never fail on a string.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    /// `NOT_FOUND`: the file or path does not exist.
    NotFound,
    /// `ACCESS_DENIED`: the path is outside the project root (sandbox escape).
    AccessDenied,
    /// `PERMISSION_DENIED`: the operating system refused (EACCES and the like).
    PermissionDenied,
    /// `INVALID_PARAM`: a parameter failed validation (for example a bad regex).
    InvalidParam,
    /// `TIMEOUT`: the tool timed out before it had any usable data.
    Timeout,
    /// `INTERNAL_ERROR`: an unclassified internal failure.
    InternalError,
    /// `EXECUTION_ERROR`: another I/O or execution failure (disk full and the like).
    ExecutionError,
    /// `CONFLICT`: the resource changed after it was read (optimistic-lock conflict).
    Conflict,
    /// `IS_DIRECTORY`: the path is a directory, not a file.
    IsDirectory,
    /// `BINARY_FILE`: the file is binary and cannot be handled as text.
    BinaryFile,
    /// Any other code, kept verbatim.
    Other(String),
}

impl ErrorCode {
    /// The ten standard codes, in the ToolResponse spec's order.
    pub const STANDARD: [ErrorCode; 10] = [
        ErrorCode::NotFound,
        ErrorCode::AccessDenied,
        ErrorCode::PermissionDenied,
        ErrorCode::InvalidParam,
        ErrorCode::Timeout,
        ErrorCode::InternalError,
        ErrorCode::ExecutionError,
        ErrorCode::Conflict,
        ErrorCode::IsDirectory,
        ErrorCode::BinaryFile,
    ];

    /// The code as written in JSON, for example `"NOT_FOUND"`.
    pub fn as_str(&self) -> &str {
        match self {
            Self::NotFound => "NOT_FOUND",
            Self::AccessDenied => "ACCESS_DENIED",
            Self::PermissionDenied => "PERMISSION_DENIED",
            Self::InvalidParam => "INVALID_PARAM",
            Self::Timeout => "TIMEOUT",
            Self::InternalError => "INTERNAL_ERROR",
            Self::ExecutionError => "EXECUTION_ERROR",
            Self::Conflict => "CONFLICT",
            Self::IsDirectory => "IS_DIRECTORY",
            Self::BinaryFile => "BINARY_FILE",
            Self::Other(code) => code,
        }
    }

    /// Reads a code: a standard spelling gives its variant (exact, case-sensitive match),
    /// anything else [`ErrorCode::Other`].
    pub fn parse(code: &str) -> Self {
        Self::STANDARD
            .into_iter()
            .find(|c| c.as_str() == code)
            .unwrap_or_else(|| Self::Other(code.to_owned()))
    }

    /// Whether this is one of the ten standard codes.
    pub fn is_standard(&self) -> bool {
        !matches!(self, Self::Other(_))
    }

    /// The ToolResponse spec's suggested next step for an error with this code (section
    /// 4), used by [`crate::tool::text::Summary`] when the tool gives none.
    pub fn next_step(&self) -> &'static str {
        match self {
            Self::NotFound => {
                "Check if the path is correct or run LS on the parent directory to inspect it."
            }
            Self::AccessDenied => "Use a path inside the project root.",
            Self::PermissionDenied => "Check the file's permissions or choose another path.",
            Self::InvalidParam => {
                "Fix the parameters (for example the regular expression) and retry."
            }
            Self::Timeout => "Retry with a narrower path or pattern, or a larger timeout.",
            Self::InternalError | Self::Other(_) => "Retry; if the error persists, report it.",
            Self::ExecutionError => {
                "Check the environment (disk space, running processes) and retry."
            }
            Self::Conflict => "Read the resource again and reapply the change.",
            Self::IsDirectory => "Pass a file path, or run LS on the directory to list it.",
            Self::BinaryFile => "Choose a text file; binary files cannot be read as text.",
        }
    }

    /// Infers the most specific code a free-text error message names, for legacy
    /// `"error": "Error: ..."` strings: `INTERNAL_ERROR` when nothing more specific is
    /// recognised. Matching is case-insensitive, on phrases from common OS and tool
    /// messages, checked in this order: "is a directory"; "binary"; "permission denied",
    /// "eacces", "operation not permitted"; "access denied", "outside the project root",
    /// "outside project root", "escapes the project root"; "not found", "does not exist",
    /// "no such file"; "timed out", "timeout"; "conflict", "modified since"; "invalid".
    pub fn infer_from_message(message: &str) -> Self {
        let m = message.to_lowercase();
        let table: [(&[&str], ErrorCode); 8] = [
            (&["is a directory"], Self::IsDirectory),
            (&["binary"], Self::BinaryFile),
            (
                &["permission denied", "eacces", "operation not permitted"],
                Self::PermissionDenied,
            ),
            (
                &[
                    "access denied",
                    "outside the project root",
                    "outside project root",
                    "escapes the project root",
                ],
                Self::AccessDenied,
            ),
            (
                &["not found", "does not exist", "no such file"],
                Self::NotFound,
            ),
            (&["timed out", "timeout"], Self::Timeout),
            (&["conflict", "modified since"], Self::Conflict),
            (&["invalid"], Self::InvalidParam),
        ];
        table
            .into_iter()
            .find(|(phrases, _)| phrases.iter().any(|p| m.contains(p)))
            .map_or(Self::InternalError, |(_, code)| code)
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl From<&str> for ErrorCode {
    fn from(code: &str) -> Self {
        Self::parse(code)
    }
}

/// Maps an I/O error kind to the ToolResponse spec's code:
///
/// | `io::ErrorKind` | code |
/// |---|---|
/// | `NotFound` | `NOT_FOUND` |
/// | `PermissionDenied` | `PERMISSION_DENIED` |
/// | `IsADirectory` | `IS_DIRECTORY` |
/// | `TimedOut` | `TIMEOUT` |
/// | `InvalidInput` | `INVALID_PARAM` |
/// | `AlreadyExists` | `CONFLICT` |
/// | any other kind | `EXECUTION_ERROR` ("other I/O or execution errors") |
///
/// `ACCESS_DENIED` never comes from the OS: it is the sandbox's refusal of a path outside
/// the project root ([`crate::tool::context::ProjectRoot`]). `BINARY_FILE` is a tool's
/// judgement, not an I/O kind (`InvalidData` also covers other faults), so it maps to
/// `EXECUTION_ERROR` like every other kind.
impl From<io::ErrorKind> for ErrorCode {
    fn from(kind: io::ErrorKind) -> Self {
        match kind {
            io::ErrorKind::NotFound => Self::NotFound,
            io::ErrorKind::PermissionDenied => Self::PermissionDenied,
            io::ErrorKind::IsADirectory => Self::IsDirectory,
            io::ErrorKind::TimedOut => Self::Timeout,
            io::ErrorKind::InvalidInput => Self::InvalidParam,
            io::ErrorKind::AlreadyExists => Self::Conflict,
            _ => Self::ExecutionError,
        }
    }
}

impl serde::Serialize for ErrorCode {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for ErrorCode {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = ErrorCode;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an error code string")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<ErrorCode, E> {
                Ok(ErrorCode::parse(v))
            }
        }
        deserializer.deserialize_str(Visitor)
    }
}

/// A failed tool run: the code and the message that become the response's `error`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolFailure {
    /// The machine-readable code.
    pub code: ErrorCode,
    /// The human-readable message.
    pub message: String,
}

impl ToolFailure {
    /// A failure with this code and message.
    pub fn new(code: impl Into<ErrorCode>, message: impl Into<String>) -> Self {
        Self {
            code: code.into(),
            message: message.into(),
        }
    }

    /// An I/O error, coded by its kind (see `From<io::ErrorKind> for ErrorCode`), with
    /// what the tool was doing as context: `"<doing>: <error>"`.
    pub fn io(doing: impl fmt::Display, error: &io::Error) -> Self {
        Self::new(error.kind(), format!("{doing}: {error}"))
    }

    /// The generated `ToolError` (`{code, message}`) for a response's `error` field. An
    /// empty [`ErrorCode::Other`] (the schema requires a non-empty code) becomes
    /// `INTERNAL_ERROR`.
    pub fn to_tool_error(&self) -> ToolError {
        let code = match self.code.as_str() {
            "" => ErrorCode::InternalError.as_str(),
            code => code,
        };
        ToolError {
            code: code.to_owned(),
            message: self.message.clone(),
        }
    }
}

impl From<io::ErrorKind> for ToolFailure {
    fn from(kind: io::ErrorKind) -> Self {
        Self::new(kind, io::Error::from(kind).to_string())
    }
}

impl From<io::Error> for ToolFailure {
    fn from(error: io::Error) -> Self {
        Self::new(error.kind(), error.to_string())
    }
}

impl From<&ToolError> for ToolFailure {
    fn from(error: &ToolError) -> Self {
        Self::new(ErrorCode::parse(&error.code), error.message.clone())
    }
}

impl fmt::Display for ToolFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for ToolFailure {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_codes_parse_to_themselves_and_unknown_ones_are_kept() {
        for code in ErrorCode::STANDARD {
            assert_eq!(ErrorCode::parse(code.as_str()), code);
            assert!(code.is_standard());
        }
        assert_eq!(
            ErrorCode::parse("RATE_LIMITED"),
            ErrorCode::Other("RATE_LIMITED".into())
        );
        assert_eq!(ErrorCode::parse("not_found").as_str(), "not_found");
    }

    #[test]
    fn empty_code_becomes_internal_error_in_the_response() {
        let failure = ToolFailure::new(ErrorCode::Other(String::new()), "x");
        assert_eq!(failure.to_tool_error().code, "INTERNAL_ERROR");
    }
}
