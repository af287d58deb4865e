//! Typed dispatch (ToolResponse spec, section 2): the kind of tool selects the `data`
//! type, as [`crate::meminit::parse`] does with Meminit commands.
//!
//! [`parse`] reads any ToolResponse into an [`AnyToolResponse`]
//! (`ToolResponse<ToolPayload>`): the kind is [`ToolKind::detect`]ed from `data`, and
//! `data` must satisfy that kind's payload schema (errors point inside `/data`); `data`
//! of no known kind stays untyped ([`ToolPayload::Other`]). [`parse_as`] takes the kind
//! from the caller (for example from [`ToolKind::from_name`] of the tool that ran).
//!
//! ```
//! use envgen::tool::payload::{parse, ToolPayload};
//! let text = r#"{"status":"success","data":{"paths":["src/lib.rs"]},"text":"Matched 1 path.",
//!   "stats":{"time_ms":3},"context":{"cwd":".","params_input":{"pattern":"*.rs"}}}"#;
//! let response = parse(text)?;
//! let ToolPayload::Glob(glob) = &response.data else { panic!("a glob result") };
//! assert_eq!(glob.paths, ["src/lib.rs"]);
//! # Ok::<(), envgen::ValidationErrors>(())
//! ```

use super::kind::ToolKind;
use super::status::{Facts, ToolData};
use crate::rules::under;
use crate::runtime::{Document, Options};
use crate::tool_data::{glob, grep, ls, read, truncation, write};
use crate::tool_response::ToolResponse;
use crate::{ValidationError, ValidationErrors};
use serde::Serialize;
use serde_json::{Map, Value};

/// A ToolResponse whose `data` type was chosen by its kind.
pub type AnyToolResponse = ToolResponse<ToolPayload>;

/// The `data` of any ToolResponse: one variant per kind of tool, or the untyped object.
#[derive(Debug, Clone, PartialEq)]
pub enum ToolPayload {
    /// `ls`.
    Ls(ls::LsData),
    /// `glob`.
    Glob(glob::GlobData),
    /// `grep`.
    Grep(grep::GrepData),
    /// `read`.
    Read(read::ReadData),
    /// `edit` / `write`.
    Write(write::WriteData),
    /// The framework truncation wrapper.
    Truncated(truncation::TruncatedData),
    /// `data` of no known kind.
    Other(Map<String, Value>),
}

/// Runs `$body` with `$d` bound to the payload inside any variant.
macro_rules! each {
    ($payload:expr, $d:ident => $body:expr) => {
        match $payload {
            ToolPayload::Ls($d) => $body,
            ToolPayload::Glob($d) => $body,
            ToolPayload::Grep($d) => $body,
            ToolPayload::Read($d) => $body,
            ToolPayload::Write($d) => $body,
            ToolPayload::Truncated($d) => $body,
            ToolPayload::Other($d) => $body,
        }
    };
}

fn typed<D: Document>(
    data: &Value,
    wrap: fn(D) -> ToolPayload,
) -> Result<ToolPayload, ValidationErrors> {
    D::from_json_str_with(&data.to_string(), &Options::new()).map(wrap)
}

impl ToolPayload {
    /// `data` as the payload of `kind` (validated against its schema; errors relative to
    /// `data`), or [`ToolPayload::Other`] when `kind` is `None`. `data` must be an object.
    pub fn from_data(kind: Option<ToolKind>, data: Value) -> Result<ToolPayload, ValidationErrors> {
        match kind {
            Some(ToolKind::Ls) => typed(&data, ToolPayload::Ls),
            Some(ToolKind::Glob) => typed(&data, ToolPayload::Glob),
            Some(ToolKind::Grep) => typed(&data, ToolPayload::Grep),
            Some(ToolKind::Read) => typed(&data, ToolPayload::Read),
            Some(ToolKind::Write) => typed(&data, ToolPayload::Write),
            Some(ToolKind::Truncated) => typed(&data, ToolPayload::Truncated),
            None => match data {
                Value::Object(map) => Ok(ToolPayload::Other(map)),
                other => Err(ValidationErrors::single(ValidationError::new(
                    "",
                    "type",
                    "#/properties/data/type",
                    format!(
                        "data is {}, not an object",
                        crate::runtime::validate::type_name(&other)
                    ),
                ))),
            },
        }
    }

    /// The kind of tool, `None` for [`ToolPayload::Other`].
    pub fn kind(&self) -> Option<ToolKind> {
        Some(match self {
            ToolPayload::Ls(_) => ToolKind::Ls,
            ToolPayload::Glob(_) => ToolKind::Glob,
            ToolPayload::Grep(_) => ToolKind::Grep,
            ToolPayload::Read(_) => ToolKind::Read,
            ToolPayload::Write(_) => ToolKind::Write,
            ToolPayload::Truncated(_) => ToolKind::Truncated,
            ToolPayload::Other(_) => return None,
        })
    }
}

impl Serialize for ToolPayload {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        each!(self, d => d.serialize(serializer))
    }
}

impl ToolData for ToolPayload {
    fn facts(&self) -> Facts {
        each!(self, d => ToolData::facts(d))
    }
}

/// Untyped object `data`: as the [`Value`] object.
impl ToolData for Map<String, Value> {
    fn facts(&self) -> Facts {
        Value::Object(self.clone()).facts()
    }
}

/// Parses and validates a ToolResponse, typing `data` by the kind it holds (see the
/// module documentation).
pub fn parse(input: &str) -> Result<AnyToolResponse, ValidationErrors> {
    parse_kind(input, None)
}

/// [`parse`] for a response of a known kind: `data` must be that kind's payload.
pub fn parse_as(kind: ToolKind, input: &str) -> Result<AnyToolResponse, ValidationErrors> {
    parse_kind(input, Some(kind))
}

fn parse_kind(input: &str, kind: Option<ToolKind>) -> Result<AnyToolResponse, ValidationErrors> {
    let response = ToolResponse::<Value>::from_json_str(input)?;
    let kind = kind.or_else(|| ToolKind::detect(&response.data));
    super::respond::try_map_data(response, |data| {
        ToolPayload::from_data(kind, data).map_err(|e| under("/data", e))
    })
}
