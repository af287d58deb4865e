//! The error of a generated enum's `FromStr` and `TryFrom<&str>` (an enum of strings), or
//! `TryFrom<i64>` (an enum of integers).

use std::fmt;

/// A string, or an integer, that is none of a generated enum's values.
///
/// Returned by the `FromStr` and `TryFrom<&str>` impls envgen generates for enums whose
/// schema lists strings (`"enum": ["fast", "slow"]`), and by the `TryFrom<i64>` (or
/// `TryFrom<u64>`) of enums whose schema lists integers (`"enum": [512, 1024]`). Enums
/// with a catch-all `Other(String)` variant take every string and never return it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseEnumError {
    type_name: &'static str,
    value: String,
    /// Whether the value was a string (shown quoted) rather than an integer.
    string: bool,
}

impl ParseEnumError {
    /// The error for `value`, which is none of the values of the enum `type_name`.
    pub fn new(type_name: &'static str, value: &str) -> Self {
        ParseEnumError {
            type_name,
            value: value.to_owned(),
            string: true,
        }
    }

    /// The error for the integer `value`, which is none of the values of the enum
    /// `type_name`.
    pub fn integer(type_name: &'static str, value: impl Into<i128>) -> Self {
        ParseEnumError {
            type_name,
            value: value.into().to_string(),
            string: false,
        }
    }

    /// The generated enum's name.
    pub fn type_name(&self) -> &'static str {
        self.type_name
    }

    /// The string that was refused (an integer written in decimal).
    pub fn value(&self) -> &str {
        &self.value
    }
}

impl fmt::Display for ParseEnumError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.string {
            write!(f, "{:?} is not a value of {}", self.value, self.type_name)
        } else {
            write!(f, "{} is not a value of {}", self.value, self.type_name)
        }
    }
}

impl std::error::Error for ParseEnumError {}

#[cfg(test)]
mod tests {
    use super::ParseEnumError;

    #[test]
    fn names_the_value_and_the_type() {
        let e = ParseEnumError::new("ConfigMode", "quick");
        assert_eq!(e.to_string(), "\"quick\" is not a value of ConfigMode");
        assert_eq!((e.type_name(), e.value()), ("ConfigMode", "quick"));
        let e = ParseEnumError::integer("BlockSize", -3_i64);
        assert_eq!(e.to_string(), "-3 is not a value of BlockSize");
        assert_eq!(e.value(), "-3");
        assert_ne!(e, ParseEnumError::new("BlockSize", "-3"));
    }
}
