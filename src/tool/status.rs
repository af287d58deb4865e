//! Status semantics (ToolResponse spec, sections 3.1–3.3): the facts of a run decide
//! `status`.
//!
//! * `success`: nothing truncated, no fallback, no failed item, and (write tools) the
//!   change was applied;
//! * `partial`: truncated, fallback, dry run (`applied: false`) or partial failure;
//! * `error`: the run failed, and then (only then) `error` is set.

use crate::tool_data::{glob, grep, ls, read, truncation, write};
use crate::tool_response::{ToolError, ToolResponse, ToolResponseStatus};
use serde_json::Value;

/// What a run produced, as far as `status` is concerned.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Facts {
    /// The result was cut by a limit (`data.truncated: true`).
    pub truncated: bool,
    /// The fallback strategy used, if any (`data.fallback`, e.g. `"python"`).
    pub fallback: Option<String>,
    /// How many items of a batch failed (`data.failed_items`).
    pub failed_items: usize,
    /// For write tools, whether the change was really written (`data.applied`);
    /// `None` for tools that do not write.
    pub applied: Option<bool>,
}

/// Why a status is `partial` (ToolResponse spec, section 3.2), in the spec's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PartialReason {
    /// 1. Truncated output.
    Truncated,
    /// 2. Strategy fallback, with the strategy used.
    Fallback(String),
    /// 3. Dry-run edit: nothing was written.
    DryRun,
    /// 4. Partial failure, with the number of failed items.
    PartialFailure(usize),
}

impl Facts {
    /// No discount: a plain successful read-only run.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets [`Facts::truncated`].
    pub fn truncated(mut self, truncated: bool) -> Self {
        self.truncated = truncated;
        self
    }

    /// Sets [`Facts::fallback`].
    pub fn fallback(mut self, strategy: impl Into<String>) -> Self {
        self.fallback = Some(strategy.into());
        self
    }

    /// Sets [`Facts::failed_items`].
    pub fn failed_items(mut self, count: usize) -> Self {
        self.failed_items = count;
        self
    }

    /// Sets [`Facts::applied`] (write tools).
    pub fn applied(mut self, applied: bool) -> Self {
        self.applied = Some(applied);
        self
    }

    /// Every reason the run is `partial`; empty means `success`.
    pub fn partial_reasons(&self) -> Vec<PartialReason> {
        let mut reasons = Vec::new();
        if self.truncated {
            reasons.push(PartialReason::Truncated);
        }
        if let Some(strategy) = &self.fallback {
            reasons.push(PartialReason::Fallback(strategy.clone()));
        }
        if self.applied == Some(false) {
            reasons.push(PartialReason::DryRun);
        }
        if self.failed_items > 0 {
            reasons.push(PartialReason::PartialFailure(self.failed_items));
        }
        reasons
    }

    /// The status of a run that produced a result: `success` when there is no partial
    /// reason, `partial` otherwise. (A failed run is `error` whatever its facts: see
    /// [`derive_status`].)
    pub fn status(&self) -> ToolResponseStatus {
        if self.partial_reasons().is_empty() {
            ToolResponseStatus::Success
        } else {
            ToolResponseStatus::Partial
        }
    }
}

/// The status of a run: `error` when it failed (`error` is `Some`), otherwise
/// [`Facts::status`].
pub fn derive_status(facts: &Facts, error: Option<&ToolError>) -> ToolResponseStatus {
    match error {
        Some(_) => ToolResponseStatus::Error,
        None => facts.status(),
    }
}

/// Re-derives the status of an existing response from its `error` and its data's
/// markers.
pub fn rederive_status<D: ToolData>(response: &ToolResponse<D>) -> ToolResponseStatus {
    derive_status(&response.data.facts(), error_of(response))
}

/// The response's structured error, if set (`error: null` and an absent `error` are both
/// "not set").
pub fn error_of<D>(response: &ToolResponse<D>) -> Option<&ToolError> {
    response.error.as_ref().and_then(Option::as_ref)
}

/// A rule of the ToolResponse spec that a response breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StatusViolation {
    /// `status` differs from the one its facts give.
    StatusMismatch {
        /// The status written.
        found: ToolResponseStatus,
        /// The status the facts give.
        derived: ToolResponseStatus,
    },
    /// `status` is `error` but `error` is absent or null.
    ErrorMissing,
    /// `error` is set but `status` is not `error`.
    ErrorWithoutErrorStatus,
    /// `data` is not a JSON object.
    DataNotObject,
}

/// Checks a typed response against the status rules: `status` equals
/// [`rederive_status`], `error` is set exactly when `status` is `error`, and `data` is an
/// object. Empty when it conforms. For a received document, [`crate::tool::check()`]
/// checks these and every other rule of the ToolResponse spec.
pub fn violations<D: ToolData>(response: &ToolResponse<D>) -> Vec<StatusViolation> {
    let mut found = Vec::new();
    let error = error_of(response);
    let is_error = response.status == ToolResponseStatus::Error;
    if is_error && error.is_none() {
        found.push(StatusViolation::ErrorMissing);
    }
    if !is_error && error.is_some() {
        found.push(StatusViolation::ErrorWithoutErrorStatus);
    }
    let derived = rederive_status(response);
    if error.is_some() == is_error && derived != response.status {
        found.push(StatusViolation::StatusMismatch {
            found: response.status,
            derived,
        });
    }
    if !response.data.is_object() {
        found.push(StatusViolation::DataNotObject);
    }
    found
}

/// A `data` payload: knows its status facts and whether it is a JSON object.
/// Implemented for every generated [`crate::tool_data`] type and for untyped JSON.
pub trait ToolData {
    /// The facts its markers record (`truncated`, `fallback`, `failed_items`, `applied`).
    fn facts(&self) -> Facts;

    /// Whether it serializes as a JSON object (`data` must). True for every generated
    /// payload.
    fn is_object(&self) -> bool {
        true
    }

    /// Makes it an object: identity for generated payloads; for untyped JSON, `null`
    /// becomes `{}` and any other non-object `{"value": <it>}`.
    fn into_object(self) -> Self
    where
        Self: Sized,
    {
        self
    }
}

fn marker_facts(
    truncated: Option<bool>,
    fallback: Option<&String>,
    failed: Option<usize>,
) -> Facts {
    Facts {
        truncated: truncated.unwrap_or(false),
        fallback: fallback.cloned(),
        failed_items: failed.unwrap_or(0),
        applied: None,
    }
}

macro_rules! markers {
    ($($ty:ty),*) => {$(
        impl ToolData for $ty {
            fn facts(&self) -> Facts {
                marker_facts(
                    self.truncated,
                    self.fallback.as_ref(),
                    self.failed_items.as_ref().map(Vec::len),
                )
            }
        }
    )*};
}

markers!(ls::LsData, glob::GlobData, grep::GrepData, read::ReadData);

impl ToolData for write::WriteData {
    fn facts(&self) -> Facts {
        Facts {
            applied: Some(self.applied),
            ..marker_facts(
                self.truncated,
                self.fallback.as_ref(),
                self.failed_items.as_ref().map(Vec::len),
            )
        }
    }
}

impl ToolData for truncation::TruncatedData {
    fn facts(&self) -> Facts {
        Facts::new().truncated(true)
    }
}

/// Untyped `data`: reads `truncated` (boolean), `fallback` (string), `failed_items`
/// (array length) and `applied` (boolean) when present with those types.
impl ToolData for Value {
    fn facts(&self) -> Facts {
        let field = |key: &str| self.get(key);
        Facts {
            truncated: field("truncated").and_then(Value::as_bool).unwrap_or(false),
            fallback: field("fallback").and_then(Value::as_str).map(str::to_owned),
            failed_items: field("failed_items")
                .and_then(Value::as_array)
                .map_or(0, Vec::len),
            applied: field("applied").and_then(Value::as_bool),
        }
    }

    fn is_object(&self) -> bool {
        Value::is_object(self)
    }

    fn into_object(self) -> Self {
        match self {
            Value::Object(_) => self,
            Value::Null => Value::Object(serde_json::Map::new()),
            other => {
                let mut map = serde_json::Map::new();
                map.insert("value".to_owned(), other);
                Value::Object(map)
            }
        }
    }
}
