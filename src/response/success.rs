//! [`Success`]: what a command handler returns when it succeeds.

/// A successful command result: exit code SUCCESS (0), `ok: true`, `error: null`.
///
/// Three shapes, one constructor each, so no contradictory combination exists:
///
/// | constructor | `data` | `meta` |
/// |---|---|---|
/// | [`Success::new`] (or `data.into()`) | the value | |
/// | [`Success::truncated`] | the first page | `truncated: true`, `cursor` when given |
/// | [`Success::not_modified`] | `null` | `not_modified: true` (cache hit) |
#[derive(Debug, Clone, PartialEq)]
pub struct Success<T> {
    pub(crate) body: Body<T>,
    pub(crate) warnings: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Body<T> {
    Data(T),
    Truncated { data: T, cursor: Option<String> },
    NotModified,
}

impl<T> Success<T> {
    /// A complete result.
    pub fn new(data: T) -> Success<T> {
        Success {
            body: Body::Data(data),
            warnings: Vec::new(),
        }
    }

    /// Output capped by a size limit: `meta.truncated: true`, and `meta.cursor` (pass as
    /// `--cursor` for the next page) when there is one.
    pub fn truncated(data: T, cursor: Option<String>) -> Success<T> {
        Success {
            body: Body::Truncated { data, cursor },
            warnings: Vec::new(),
        }
    }

    /// An etag cache hit: `data: null`, `error: null`, `meta.not_modified: true`, exit 0.
    pub fn not_modified() -> Success<T> {
        Success {
            body: Body::NotModified,
            warnings: Vec::new(),
        }
    }

    /// Adds a non-fatal message to the envelope's `warnings`.
    pub fn warning(mut self, warning: impl Into<String>) -> Success<T> {
        self.warnings.push(warning.into());
        self
    }
}

impl<T> From<T> for Success<T> {
    fn from(data: T) -> Success<T> {
        Success::new(data)
    }
}
