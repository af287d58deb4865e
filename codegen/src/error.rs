//! Codegen errors, located by schema file and JSON pointer.

use std::fmt;

/// What went wrong, and where in which schema. Boxed, so `Result`s stay small; the
/// fields are reachable through `Deref` ([`Details`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(Box<Details>);

/// The contents of an [`Error`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Details {
    /// The schema file as the user named it (for example `schemas/x.json`), or the
    /// document's URI when it came from memory.
    pub file: String,
    /// JSON pointer into that file (`""` is the document root).
    pub pointer: String,
    /// Line and column (1-based) of the value at `pointer`, when known.
    pub position: Option<(usize, usize)>,
    /// What is wrong.
    pub message: String,
    /// For an unsupported keyword: the keyword.
    pub keyword: Option<String>,
    /// What to do instead, when there is advice to give.
    pub help: Option<String>,
    /// The class of the error, for tools that branch on it (the `envgen` CLI maps it to a
    /// stable `error.code`).
    pub kind: ErrorKind,
}

/// The class of an [`Error`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ErrorKind {
    /// The schema (or something it refers to) is malformed: invalid JSON, a bad keyword
    /// value, an unresolvable `$ref`. The default.
    #[default]
    Invalid,
    /// The schema uses a keyword envgen does not support.
    Unsupported,
    /// A schema file named by the caller cannot be read.
    NotFound,
    /// A setting the caller gave does not fit: a type name that is not a Rust identifier,
    /// a pointer that names no schema, a runtime path, derive or type mapping that is not
    /// Rust (`--root-name`, `--rename`, `--runtime-path`, `--derive`, `--map-type`, …).
    Setting,
    /// Writing the output failed.
    Output,
    /// Checked-in generated code differs from what envgen generates now
    /// ([`crate::Config::ensure_checked_in`]).
    Stale,
}

impl Error {
    /// An error at `pointer` in `file`.
    pub fn new(
        file: impl Into<String>,
        pointer: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        Error(Box::new(Details {
            file: file.into(),
            pointer: pointer.into(),
            position: None,
            message: message.into(),
            keyword: None,
            help: None,
            kind: ErrorKind::Invalid,
        }))
    }

    setters! {
        /// Sets the error's [`ErrorKind`].
        with_kind(kind: ErrorKind) => kind = kind;

        /// Names the keyword the error is about.
        with_keyword(keyword: impl Into<String>) => keyword = Some(keyword.into());

        /// Adds advice.
        with_help(help: impl Into<String>) => help = Some(help.into());
    }

    /// The location as `file#pointer`, the form the README documents.
    pub fn location(&self) -> String {
        format!("{}#{}", self.file, self.pointer)
    }
}

impl std::ops::Deref for Error {
    type Target = Details;
    fn deref(&self) -> &Details {
        &self.0
    }
}

impl std::ops::DerefMut for Error {
    fn deref_mut(&mut self) -> &mut Details {
        &mut self.0
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.location())?;
        if let Some((line, col)) = self.position {
            write!(f, " (line {line}, column {col})")?;
        }
        write!(f, ": {}", self.message)?;
        if let Some(help) = &self.help {
            write!(f, "\n  help: {help}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

/// Result with a codegen [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
