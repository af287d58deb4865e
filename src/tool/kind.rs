//! Tool kinds (ToolResponse spec, section 2): each kind of tool has one `data` field
//! name, and one generated payload type in [`crate::tool_data`]. [`ToolKind`] maps a
//! tool's name or a received `data` object to its kind, and checks `data` against that
//! kind's payload schema, as [`crate::meminit::parse`] does for Meminit commands.
//!
//! | kind | field | payload type |
//! |---|---|---|
//! | `ls` | `entries` | [`LsData`](crate::tool_data::ls::LsData) |
//! | `glob` | `paths` | [`GlobData`](crate::tool_data::glob::GlobData) |
//! | `grep` | `matches` | [`GrepData`](crate::tool_data::grep::GrepData) |
//! | `read` | `content` | [`ReadData`](crate::tool_data::read::ReadData) |
//! | `edit` / `write` | `applied` | [`WriteData`](crate::tool_data::write::WriteData) |
//! | framework truncation | `truncation` | [`TruncatedData`](crate::tool_data::truncation::TruncatedData) |

use crate::runtime::Options;
use crate::tool_data::{glob, grep, ls, read, truncation, write};
use crate::ValidationErrors;
use serde_json::Value;

/// A kind of tool, by its `data` shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ToolKind {
    /// Directory listing: `entries`.
    Ls,
    /// Wildcard matching: `paths`.
    Glob,
    /// Content search: `matches`.
    Grep,
    /// File reading: `content`.
    Read,
    /// Edit or write: `applied`.
    Write,
    /// The framework truncation wrapper: `truncated`, `truncation`, `preview`.
    Truncated,
}

impl ToolKind {
    /// Every kind; [`ToolKind::detect`] tries them in this order (the wrapper first).
    pub const ALL: [ToolKind; 6] = [
        ToolKind::Truncated,
        ToolKind::Ls,
        ToolKind::Glob,
        ToolKind::Grep,
        ToolKind::Read,
        ToolKind::Write,
    ];

    /// The `data` field that identifies the kind (section 2).
    pub fn field(self) -> &'static str {
        match self {
            ToolKind::Ls => "entries",
            ToolKind::Glob => "paths",
            ToolKind::Grep => "matches",
            ToolKind::Read => "content",
            ToolKind::Write => "applied",
            ToolKind::Truncated => "truncation",
        }
    }

    /// The kind of a tool by its name, ignoring case: `ls`, `glob`, `grep`, `read`,
    /// `edit`, `write`; `None` for any other name.
    pub fn from_name(name: &str) -> Option<ToolKind> {
        match name.to_ascii_lowercase().as_str() {
            "ls" => Some(ToolKind::Ls),
            "glob" => Some(ToolKind::Glob),
            "grep" => Some(ToolKind::Grep),
            "read" => Some(ToolKind::Read),
            "edit" | "write" => Some(ToolKind::Write),
            _ => None,
        }
    }

    /// The kind whose field `data` holds (the first in [`ToolKind::ALL`] order); `None`
    /// when `data` holds none, or is not an object.
    pub fn detect(data: &Value) -> Option<ToolKind> {
        let map = data.as_object()?;
        ToolKind::ALL
            .into_iter()
            .find(|k| map.contains_key(k.field()))
    }

    /// Validates `data` against this kind's payload schema (every error; pointers relative
    /// to `data`).
    pub fn validate_data(self, data: &Value) -> Result<(), ValidationErrors> {
        let options = Options::new().all_errors(true);
        match self {
            ToolKind::Ls => ls::validate_value_with(data, &options),
            ToolKind::Glob => glob::validate_value_with(data, &options),
            ToolKind::Grep => grep::validate_value_with(data, &options),
            ToolKind::Read => read::validate_value_with(data, &options),
            ToolKind::Write => write::validate_value_with(data, &options),
            ToolKind::Truncated => truncation::validate_value_with(data, &options),
        }
    }
}
