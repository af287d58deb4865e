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
                format!("the document is not UTF-8 ({e})"),
            ))),
        }
    }
}
