//! The factory: [`respond`], [`Responder`] and the [`Response`] they return.

use super::{check_envelope, Body, ExitCode, Failure, Success};
use crate::response_envelope::{ResponseEnvelope, ResponseMeta};
use crate::{ValidationError, ValidationErrors};
use serde::Serialize;
use serde_json::{Map, Value};
use std::fmt;
use std::time::Instant;

/// What a command handler returns; the framework passes it to [`respond`].
pub type Outcome<T> = Result<Success<T>, Failure>;

/// Builds the envelope for a command result: the only constructor of a [`Response`].
///
/// `ok` derives from the exit code, `meta.duration_ms` from `started`, `data` is `null`
/// on failure and `error` is set exactly on failure. Shorthand for
/// `Responder::started_at(started).respond(outcome)`.
///
/// # Panics
///
/// In builds with debug assertions (tests included), if the envelope fails
/// [`check_envelope`]: the test-mode assertion of the ResponseEnvelope spec. By
/// construction this only happens when `T` does not serialize, or serializes to something
/// other than an object, an array or `null` (the schema's `data`). Release builds never
/// panic here; [`Response::emit`] writes a GENERAL_ERROR envelope instead.
pub fn respond<T: Serialize>(started: Instant, outcome: Outcome<T>) -> Response<T> {
    Responder::started_at(started).respond(outcome)
}

/// The framework's side of one invocation: the start timer and the `meta` and `warnings`
/// it adds to whatever the handler returns.
#[derive(Debug, Clone)]
pub struct Responder {
    started: Instant,
    request_id: Option<String>,
    schema_version: Option<String>,
    extra: Map<String, Value>,
    warnings: Vec<String>,
}

/// [`Responder::meta_extra`] refused a key that `ResponseMeta` declares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReservedMetaKey(pub String);

impl fmt::Display for ReservedMetaKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "meta.{} is set by the framework, not as an extension",
            self.0
        )
    }
}

impl std::error::Error for ReservedMetaKey {}

const DECLARED_META_KEYS: [&str; 6] = [
    "duration_ms",
    "request_id",
    "schema_version",
    "not_modified",
    "truncated",
    "cursor",
];

impl Responder {
    /// Starts the timer now (call it on command entry).
    pub fn start() -> Responder {
        Responder::started_at(Instant::now())
    }

    /// Uses an earlier start time.
    pub fn started_at(started: Instant) -> Responder {
        Responder {
            started,
            request_id: None,
            schema_version: None,
            extra: Map::new(),
            warnings: Vec::new(),
        }
    }

    /// Sets `meta.request_id`.
    pub fn request_id(mut self, id: impl Into<String>) -> Responder {
        self.request_id = Some(id.into());
        self
    }

    /// Sets `meta.schema_version` to `"major.minor"` (the schema's `^\d+\.\d+$`).
    pub fn schema_version(mut self, major: u32, minor: u32) -> Responder {
        self.schema_version = Some(format!("{major}.{minor}"));
        self
    }

    /// Adds a framework extension to `meta` (the schema allows extra keys). The six keys
    /// `ResponseMeta` declares are refused: they come from the outcome and the timer.
    pub fn meta_extra(
        &mut self,
        key: impl Into<String>,
        value: Value,
    ) -> Result<(), ReservedMetaKey> {
        let key = key.into();
        if DECLARED_META_KEYS.contains(&key.as_str()) {
            return Err(ReservedMetaKey(key));
        }
        self.extra.insert(key, value);
        Ok(())
    }

    /// Adds a framework warning; it comes before the handler's warnings.
    pub fn warning(&mut self, warning: impl Into<String>) {
        self.warnings.push(warning.into());
    }

    /// Builds the envelope for `outcome`. See [`respond`].
    pub fn respond<T: Serialize>(self, outcome: Outcome<T>) -> Response<T> {
        let duration_ms = u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX);
        let mut meta = ResponseMeta {
            duration_ms,
            request_id: self.request_id,
            schema_version: self.schema_version,
            not_modified: None,
            truncated: None,
            cursor: None,
            extra: self.extra,
        };
        let mut warnings = self.warnings;
        let (exit, data, error) = match outcome {
            Ok(success) => {
                warnings.extend(success.warnings);
                let data = match success.body {
                    Body::Data(data) => Some(data),
                    Body::Truncated { data, cursor } => {
                        meta.truncated = Some(true);
                        meta.cursor = cursor;
                        Some(data)
                    }
                    Body::NotModified => {
                        meta.not_modified = Some(true);
                        None
                    }
                };
                (ExitCode::SUCCESS, data, None)
            }
            Err(failure) => {
                let (exit, error, more) = failure.into_parts();
                warnings.extend(more);
                (exit, None, Some(error))
            }
        };
        let response = Response {
            envelope: ResponseEnvelope {
                ok: exit.is_success(),
                data,
                error,
                warnings,
                meta,
            },
            exit,
        };
        if cfg!(debug_assertions) {
            if let Err(errors) = response.check() {
                panic!("respond(): the envelope breaks the ResponseEnvelope spec (test mode):\n{errors}");
            }
        }
        response
    }
}

/// An envelope built by [`respond`], with the exit code it derives from. Read-only: the
/// generated [`ResponseEnvelope`]'s `ok` cannot be set outside this crate (it is derived),
/// but its other fields are public, so this wrapper is what keeps `ok`, `data`, `error`
/// and the exit code consistent until [`emit`](Response::emit).
#[derive(Debug, Clone, PartialEq)]
pub struct Response<T = Value> {
    pub(crate) envelope: ResponseEnvelope<T>,
    pub(crate) exit: ExitCode,
}

impl<T> Response<T> {
    /// The envelope, read-only.
    pub fn envelope(&self) -> &ResponseEnvelope<T> {
        &self.envelope
    }

    /// The exit code the process must end with.
    pub fn exit_code(&self) -> ExitCode {
        self.exit
    }

    /// `ok`, derived from the exit code.
    pub fn ok(&self) -> bool {
        self.envelope.ok()
    }
}

impl<T: Serialize> Response<T> {
    /// Runs the test-mode validator ([`check_envelope`]) on this envelope.
    pub fn check(&self) -> Result<(), ValidationErrors> {
        check_envelope(self.exit.as_i32(), &self.to_value()?)
    }

    pub(crate) fn to_value(&self) -> Result<Value, ValidationErrors> {
        serde_json::to_value(&self.envelope).map_err(|e| {
            ValidationErrors::single(ValidationError::new(
                "",
                "serialize",
                "",
                format!("the envelope does not serialize: {e}"),
            ))
        })
    }
}
