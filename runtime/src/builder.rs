//! Typestate markers and helpers for generated builders.
//!
//! A generated `FooBuilder<…, Code, Message>` carries one type parameter per required
//! field: [`Unset`] until its setter is called, [`Set`] after. `build()` is bounded on every
//! parameter being [`Set`] (through a generated trait whose `#[diagnostic::on_unimplemented]`
//! message names the missing field), so a missing required field is a compile error.

use crate::error::{ValidationError, ValidationErrors};

/// Typestate: the required field has been given a value.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Set;

/// Typestate: the required field has not been given a value yet.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Unset;

/// The error `build()` returns for a required value that is not there. The typestate makes
/// this unreachable through the generated API; it exists so that `build()` never panics.
pub fn missing(property: &str, schema_path: &str) -> ValidationErrors {
    let quoted = serde_json::to_string(property).unwrap_or_else(|_| property.to_owned());
    ValidationErrors::single(ValidationError::new(
        "",
        "required",
        schema_path,
        format!("missing required property {quoted}"),
    ))
}

/// A required value for `build()`: the value, or [`missing`]'s error when it is not there.
/// One call per required field keeps the generated `build()` short.
pub fn take<T>(value: Option<T>, property: &str, schema_path: &str) -> Result<T, ValidationErrors> {
    match value {
        Some(v) => Ok(v),
        None => Err(missing(property, schema_path)),
    }
}

/// The schema location of a struct's `required` keyword, for its builder's `build()` to
/// take each required value with: `Required("#/required").take(value, "name")` is
/// [`take`]`(value, "name", "#/required")`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Required(pub &'static str);

impl Required {
    /// The value, or [`missing`]'s error naming `property` when it is not there.
    #[inline]
    pub fn take<T>(self, value: Option<T>, property: &str) -> Result<T, ValidationErrors> {
        take(value, property, self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_names_the_property_and_the_keyword() {
        let e = missing("code", "#/definitions/ErrorDetail/required");
        let first = e.first().cloned();
        assert_eq!(
            first,
            Some(ValidationError::new(
                "",
                "required",
                "#/definitions/ErrorDetail/required",
                "missing required property \"code\""
            ))
        );
        let required = Required("#/definitions/ErrorDetail/required");
        assert_eq!(required.take(Some(3), "code").ok(), Some(3));
        assert_eq!(
            required.take(None::<u8>, "code").err(),
            Some(missing("code", "#/definitions/ErrorDetail/required"))
        );
    }
}
