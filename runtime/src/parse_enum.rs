//! The error of a generated string enum's `FromStr` and `TryFrom<&str>`.

use std::fmt;

/// A string that is none of a generated string enum's values.
///
/// Returned by the `FromStr` and `TryFrom<&str>` impls envgen generates for enums whose
/// schema lists strings (`"enum": ["fast", "slow"]`). Enums with a catch-all
/// `Other(String)` variant take every string and never return it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseEnumError {
    type_name: &'static str,
    value: String,
}

impl ParseEnumError {
    /// The error for `value`, which is none of the values of the enum `type_name`.
    pub fn new(type_name: &'static str, value: &str) -> Self {
        ParseEnumError {
            type_name,
            value: value.to_owned(),
        }
    }

    /// The generated enum's name.
    pub fn type_name(&self) -> &'static str {
        self.type_name
    }

    /// The string that was refused.
    pub fn value(&self) -> &str {
        &self.value
    }
}

impl fmt::Display for ParseEnumError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a value of {}", self.value, self.type_name)
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
    }
}
