//! Located validation errors.

use std::fmt;

/// One reason an instance does not satisfy its schema.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidationError {
    /// JSON pointer to the failing value in the instance (`""` is the whole document).
    pub instance_path: String,
    /// The schema keyword that failed, for example `required`, `type` or `minimum`.
    /// Errors that come from the JSON text itself (not a schema rule) use `syntax`.
    pub keyword: String,
    /// JSON pointer to the failing keyword in the schema, where known (`""` when not).
    pub schema_path: String,
    /// A human message, without the instance path.
    pub message: String,
}

impl ValidationError {
    /// Creates an error.
    pub fn new(
        instance_path: impl Into<String>,
        keyword: impl Into<String>,
        schema_path: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        ValidationError {
            instance_path: instance_path.into(),
            keyword: keyword.into(),
            schema_path: schema_path.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = if self.instance_path.is_empty() {
            "(root)"
        } else {
            &self.instance_path
        };
        write!(f, "{at}: {}", self.message)?;
        // `{:#}` adds where in the schema: `… [maximum at #/properties/replicas/maximum]`.
        if f.alternate() && !self.keyword.is_empty() {
            write!(f, " [{}", self.keyword)?;
            if !self.schema_path.is_empty() {
                write!(f, " at {}", self.schema_path)?;
            }
            f.write_str("]")?;
        }
        Ok(())
    }
}

impl std::error::Error for ValidationError {}

/// One or more [`ValidationError`]s; never empty when returned as an `Err`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ValidationErrors {
    errors: Vec<ValidationError>,
}

impl ValidationErrors {
    /// An empty collection, to push into.
    pub fn new() -> Self {
        ValidationErrors { errors: Vec::new() }
    }

    /// A collection holding one error.
    pub fn single(error: ValidationError) -> Self {
        ValidationErrors {
            errors: vec![error],
        }
    }

    /// Adds an error.
    pub fn push(&mut self, error: ValidationError) {
        self.errors.push(error);
    }

    /// The errors, in the order they were found.
    pub fn errors(&self) -> &[ValidationError] {
        &self.errors
    }

    /// The first error found.
    pub fn first(&self) -> Option<&ValidationError> {
        self.errors.first()
    }

    /// Whether no error was recorded.
    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// How many errors were recorded.
    pub fn len(&self) -> usize {
        self.errors.len()
    }
}

impl From<Vec<ValidationError>> for ValidationErrors {
    fn from(errors: Vec<ValidationError>) -> Self {
        ValidationErrors { errors }
    }
}

impl IntoIterator for ValidationErrors {
    type Item = ValidationError;
    type IntoIter = std::vec::IntoIter<ValidationError>;
    fn into_iter(self) -> Self::IntoIter {
        self.errors.into_iter()
    }
}

impl fmt::Display for ValidationErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.errors.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            if f.alternate() {
                write!(f, "{e:#}")?;
            } else {
                write!(f, "{e}")?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for ValidationErrors {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alternate_display_adds_the_keyword_and_schema_location() {
        let e = ValidationError::new(
            "/replicas",
            "maximum",
            "#/properties/replicas/maximum",
            "50 is greater than maximum 20",
        );
        assert_eq!(e.to_string(), "/replicas: 50 is greater than maximum 20");
        assert_eq!(
            format!("{e:#}"),
            "/replicas: 50 is greater than maximum 20 [maximum at #/properties/replicas/maximum]"
        );
        let root = ValidationError::new("", "syntax", "", "expected value");
        assert_eq!(format!("{root:#}"), "(root): expected value [syntax]");
        let all = ValidationErrors::single(e);
        assert_eq!(
            format!("{all:#}"),
            "/replicas: 50 is greater than maximum 20 [maximum at #/properties/replicas/maximum]"
        );
    }
}
