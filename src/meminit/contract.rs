//! [`ContractError`]: why an envelope cannot be written (or formatted) in the section 9
//! form. Each error names the JSON pointer of the offending value.

use crate::{ValidationError, ValidationErrors};
use std::fmt;

/// A rule of MEMINIT-SPEC-004 that an envelope breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ContractError {
    /// `timestamp` is not `YYYY-MM-DDTHH:MM:SS[.sss]Z` (section 4.2).
    Timestamp {
        /// The rejected text.
        value: String,
        /// What is wrong with it.
        reason: String,
    },
    /// `root` is not an absolute path (section 4.3).
    Root {
        /// The rejected root.
        value: String,
    },
    /// A path cannot be made relative to `root` (section 9.4): absolute outside it, or
    /// relative with `..` leading out of it.
    Path {
        /// Where the path is.
        pointer: String,
        /// The path as given.
        path: String,
        /// The root it must be under.
        root: String,
    },
    /// An issue's `severity` is neither `warning` nor `error` (section 6).
    Severity {
        /// Where the severity is.
        pointer: String,
        /// The rejected value.
        value: String,
    },
    /// `output_schema_version` is not the version this runtime implements (section 10).
    Version {
        /// The version found.
        found: String,
    },
    /// A typed payload was put in an envelope for another command (section 8).
    Command {
        /// The payload's command.
        expected: String,
        /// The envelope's `command`.
        found: String,
    },
    /// An `extra` map repeats a declared property (the output would hold the key twice).
    DuplicateKey {
        /// The object holding the key.
        pointer: String,
        /// The key.
        key: String,
    },
    /// The envelope does not satisfy the section 11 schema (or its command's payload schema).
    Schema(ValidationErrors),
    /// The payload cannot be serialized as JSON.
    Serialize(String),
}

impl ContractError {
    /// The instance pointer of the offending value (`""`: the document).
    pub fn pointer(&self) -> String {
        match self {
            ContractError::Timestamp { .. } => "/timestamp".to_owned(),
            ContractError::Root { .. } => "/root".to_owned(),
            ContractError::Path { pointer, .. }
            | ContractError::Severity { pointer, .. }
            | ContractError::DuplicateKey { pointer, .. } => pointer.clone(),
            ContractError::Version { .. } => "/output_schema_version".to_owned(),
            ContractError::Command { .. } => "/command".to_owned(),
            ContractError::Schema(errors) => errors
                .first()
                .map(|e| e.instance_path.clone())
                .unwrap_or_default(),
            ContractError::Serialize(_) => String::new(),
        }
    }

    /// The error as located [`ValidationErrors`] (schema errors as they are; contract
    /// rules with keyword `meminit-<rule>` and the spec section as the schema path).
    pub fn into_validation_errors(self) -> ValidationErrors {
        let (keyword, section) = match &self {
            ContractError::Schema(errors) => return errors.clone(),
            ContractError::Timestamp { .. } => ("meminit-timestamp", "MEMINIT-SPEC-004#4.2"),
            ContractError::Root { .. } => ("meminit-root", "MEMINIT-SPEC-004#4.3"),
            ContractError::Path { .. } => ("meminit-path", "MEMINIT-SPEC-004#9.4"),
            ContractError::Severity { .. } => ("meminit-severity", "MEMINIT-SPEC-004#6"),
            ContractError::Version { .. } => ("meminit-version", "MEMINIT-SPEC-004#10"),
            ContractError::Command { .. } => ("meminit-command", "MEMINIT-SPEC-004#8"),
            ContractError::DuplicateKey { .. } => ("meminit-duplicate-key", ""),
            ContractError::Serialize(_) => ("serialize", ""),
        };
        ValidationErrors::single(ValidationError::new(
            self.pointer(),
            keyword,
            section,
            self.message(),
        ))
    }

    /// The message, without the pointer.
    pub fn message(&self) -> String {
        match self {
            ContractError::Timestamp { value, reason } => format!(
                "timestamp {value:?} is not YYYY-MM-DDTHH:MM:SS[.sss]Z in UTC (section 4.2): {reason}"
            ),
            ContractError::Root { value } => {
                format!("root {value:?} is not an absolute path (section 4.3)")
            }
            ContractError::Path { path, root, .. } => format!(
                "path {path:?} cannot be made relative to root {root:?} (section 9.4)"
            ),
            ContractError::Severity { value, .. } => format!(
                "severity {value:?} is neither \"warning\" nor \"error\" (section 6)"
            ),
            ContractError::Version { found } => format!(
                "output_schema_version {found:?} is not {:?}, the version this runtime implements",
                super::OUTPUT_SCHEMA_VERSION
            ),
            ContractError::Command { expected, found } => format!(
                "the data is a {expected:?} payload but command is {found:?} (section 8)"
            ),
            ContractError::DuplicateKey { key, .. } => {
                format!("extra property {key:?} repeats a declared property")
            }
            ContractError::Schema(errors) => errors.to_string(),
            ContractError::Serialize(e) => format!("cannot serialize the envelope: {e}"),
        }
    }
}

impl fmt::Display for ContractError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ContractError::Schema(errors) => write!(f, "{errors}"),
            other => {
                let pointer = other.pointer();
                let at = if pointer.is_empty() {
                    "(root)"
                } else {
                    &pointer
                };
                write!(f, "{at}: {}", other.message())
            }
        }
    }
}

impl std::error::Error for ContractError {}

impl From<ValidationErrors> for ContractError {
    fn from(errors: ValidationErrors) -> Self {
        ContractError::Schema(errors)
    }
}
