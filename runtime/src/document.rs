//! The trait every generated type with validators implements.

use crate::error::{ValidationError, ValidationErrors};
use crate::validate::Options;
use serde::Serialize;

/// What every generated type with validators implements: parse-and-validate and
/// validate, generically (the inherent methods of the same names are the usual entry).
pub trait Document: Sized + Serialize {
    /// Parses and validates a JSON document.
    fn from_json_str_with(input: &str, options: &Options) -> Result<Self, ValidationErrors>;

    /// Validates a value built in code.
    fn validate_with(&self, options: &Options) -> Result<(), ValidationErrors>;

    /// Parses and validates raw bytes; non-UTF-8 input is a located error.
    fn from_json_slice_with(input: &[u8], options: &Options) -> Result<Self, ValidationErrors> {
        match std::str::from_utf8(input) {
            Ok(s) => Self::from_json_str_with(s, options),
            Err(e) => Err(ValidationErrors::single(ValidationError::new(
                "",
                "syntax",
                "",
                not_utf8(input, &e),
            ))),
        }
    }
}

/// The message for `input`, which is not UTF-8 (`e`): the byte at fault, and its line and
/// column (counted in characters of the valid text before it).
pub(crate) fn not_utf8(input: &[u8], e: &std::str::Utf8Error) -> String {
    let valid = &input[..e.valid_up_to()];
    let before = std::str::from_utf8(valid).unwrap_or_default();
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    match (e.error_len(), input.get(e.valid_up_to())) {
        (Some(_), Some(byte)) => format!(
            "the document is not UTF-8: the byte 0x{byte:02X} is not valid UTF-8 (line {line}, column {column})"
        ),
        _ => format!(
            "the document is not UTF-8: it ends inside a character (line {line}, column {column})"
        ),
    }
}
