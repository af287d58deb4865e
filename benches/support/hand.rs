//! Hand-written `#[derive(Deserialize)]` structs of ResponseEnvelope and ToolResponse,
//! shared by `benches/validate.rs` and `benches/errors.rs` (included by path): typed
//! reads that check nothing their Rust types do not, the way a serde user would write
//! them without the schema. Unknown members are skipped, not kept.
//!
//! `D` is the type the untyped members (`data`, ToolResponse's `context.params_input`)
//! are read as: `Value` through serde_json's own reader, or [`Any`] through
//! `payload::AnyValue`, the reader the per-kind bench times `data` alone with (its
//! "ceiling").

#![allow(dead_code)]

use envgen_runtime::__private::payload::AnyValue;
use serde::de::{DeserializeSeed, Deserializer};
use serde::Deserialize;
use serde_json::Value;

/// A `serde_json::Value` read by `payload::AnyValue`, as envgen's generated code reads an
/// untyped member.
pub struct Any(pub Value);

impl<'de> Deserialize<'de> for Any {
    fn deserialize<De: Deserializer<'de>>(d: De) -> Result<Self, De::Error> {
        AnyValue.deserialize(d).map(Any)
    }
}

/// A ResponseEnvelope. `M` is its `meta`: [`HandMeta`] keeps unknown members (as the
/// schema does), [`HandMetaSkipping`] skips them.
#[derive(Deserialize)]
pub struct HandEnvelope<D = Value, M = HandMeta> {
    pub ok: bool,
    pub data: Option<D>,
    pub error: Option<HandError>,
    pub warnings: Vec<String>,
    pub meta: M,
}

/// A ResponseEnvelope's `error`.
#[derive(Deserialize)]
pub struct HandError {
    pub code: String,
    pub message: String,
    pub detail: Option<String>,
    pub retryable: Option<bool>,
    pub retry_after: Option<u64>,
    pub phase: Option<String>,
    pub suggestion: Option<String>,
    pub redirect: Option<HandRedirect>,
}

/// A ResponseEnvelope's `error.redirect`.
#[derive(Deserialize)]
pub struct HandRedirect {
    pub command: String,
    pub permanent: bool,
    pub reason: Option<String>,
}

/// A ResponseEnvelope's `meta`, keeping unknown members (serde's `flatten`).
#[derive(Deserialize)]
pub struct HandMeta {
    pub duration_ms: u64,
    pub request_id: Option<String>,
    pub schema_version: Option<String>,
    pub not_modified: Option<bool>,
    pub truncated: Option<bool>,
    pub cursor: Option<String>,
    #[serde(flatten)]
    pub extra: serde_json::Map<String, Value>,
}

/// A ResponseEnvelope's `meta`, skipping unknown members (a `flatten` buffers every
/// member first).
#[derive(Deserialize)]
pub struct HandMetaSkipping {
    pub duration_ms: u64,
    pub request_id: Option<String>,
    pub schema_version: Option<String>,
    pub not_modified: Option<bool>,
    pub truncated: Option<bool>,
    pub cursor: Option<String>,
}

/// A ToolResponse.
#[derive(Deserialize)]
pub struct HandTool<D = Value> {
    pub status: String,
    pub data: D,
    pub text: String,
    pub error: Option<HandToolError>,
    pub stats: HandStats,
    pub context: HandContext<D>,
}

/// A ToolResponse's `error`.
#[derive(Deserialize)]
pub struct HandToolError {
    pub code: String,
    pub message: String,
}

/// A ToolResponse's `stats` (other keys skipped).
#[derive(Deserialize)]
pub struct HandStats {
    pub time_ms: f64,
}

/// A ToolResponse's `context`.
#[derive(Deserialize)]
pub struct HandContext<D = Value> {
    pub cwd: String,
    pub params_input: D,
    pub path_resolved: Option<String>,
    pub truncation_skip: Option<bool>,
}
