//! Helpers for a harness that reads *another* tool's `help --format json` (cmdhelp v0.1):
//!
//! * [`exit_codes`]: a command's `exit_codes`, both forms (§5.2: "consumers MUST handle
//!   both") as the rich form, by numeric code;
//! * [`resolve_schema_ref`]: the JSON a `stdout.json_schema_ref` points to
//!   (`#/schemas/Item`);
//! * [`missing_see_also`]: the `see_also` entries that name no command of the document.
//!
//! ```
//! use envgen::cmdhelp::Cmdhelp;
//! use envgen::help::consumer::{exit_codes, missing_see_also, resolve_schema_ref};
//!
//! let text = r##"{"cmdhelp_version": "0.1", "binary": "pad",
//!   "commands": {"item create": {"summary": "Create an item",
//!     "exit_codes": {"0": "created", "4": {"when": "conflict", "recovery": "pick another name"}},
//!     "stdout": {"json_schema_ref": "#/schemas/Item"}, "see_also": ["item delete"]}},
//!   "schemas": {"Item": {"type": "object"}}}"##;
//! let doc = Cmdhelp::from_json_str(text)?;
//! let create = &doc.commands["item create"];
//! let codes = exit_codes(create)?;
//! assert_eq!(codes[&0].when, "created");
//! assert_eq!(codes[&4].recovery.as_deref(), Some("pick another name"));
//! let value: serde_json::Value = serde_json::from_str(text)?;
//! assert_eq!(resolve_schema_ref(&value, "#/schemas/Item")?, &serde_json::json!({"type": "object"}));
//! assert_eq!(missing_see_also(&doc)[0].target, "item delete");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::cmdhelp::{Cmdhelp, Command, ExitCode, ExitCodeRich};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::fmt;

/// An exit-code key that is not a code a process can return (`u32`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExitCodeKeyError {
    /// The key as written.
    pub key: String,
}

impl fmt::Display for ExitCodeKeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "exit code key {:?} is not a decimal u32", self.key)
    }
}

impl std::error::Error for ExitCodeKeyError {}

/// One exit-code entry in the rich form: a terse string `s` becomes `{"when": s}`.
pub fn rich(entry: &ExitCode) -> ExitCodeRich {
    match entry {
        ExitCode::ExitCodeRich(rich) => rich.clone(),
        ExitCode::String(when) => ExitCodeRich {
            when: when.clone(),
            recovery: None,
            message_template: None,
            extra: Map::new(),
        },
    }
}

/// `command`'s exit codes, every entry in the rich form, ordered by code (empty when it
/// declares none). A key that is not a decimal `u32` is an error.
pub fn exit_codes(command: &Command) -> Result<BTreeMap<u32, ExitCodeRich>, ExitCodeKeyError> {
    let mut out = BTreeMap::new();
    for (key, entry) in command.exit_codes.iter().flatten() {
        let code = key
            .parse::<u32>()
            .map_err(|_| ExitCodeKeyError { key: key.clone() })?;
        out.insert(code, rich(entry));
    }
    Ok(out)
}

/// Why a `json_schema_ref` does not resolve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SchemaRefError {
    /// The reference is not a fragment (`#` followed by a JSON pointer): it cannot point
    /// into this document.
    NotAPointer(String),
    /// The pointer names nothing in the document.
    Unresolved(String),
}

impl fmt::Display for SchemaRefError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SchemaRefError::NotAPointer(r) => write!(
                f,
                "json_schema_ref {r:?} is not a JSON pointer fragment like \"#/schemas/Item\""
            ),
            SchemaRefError::Unresolved(r) => {
                write!(
                    f,
                    "json_schema_ref {r:?} resolves to nothing in the document"
                )
            }
        }
    }
}

impl std::error::Error for SchemaRefError {}

/// The value `reference` (`#` and a JSON pointer, e.g. `#/schemas/Item`) names in the
/// document `doc`.
pub fn resolve_schema_ref<'a>(
    doc: &'a Value,
    reference: &str,
) -> Result<&'a Value, SchemaRefError> {
    let pointer = reference
        .strip_prefix('#')
        .filter(|p| p.is_empty() || p.starts_with('/'))
        .ok_or_else(|| SchemaRefError::NotAPointer(reference.to_owned()))?;
    doc.pointer(pointer)
        .ok_or_else(|| SchemaRefError::Unresolved(reference.to_owned()))
}

/// A `see_also` entry that names no command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MissingSeeAlso {
    /// The command whose `see_also` holds it.
    pub command: String,
    /// Its index in that list.
    pub index: usize,
    /// The command path it names.
    pub target: String,
}

/// Every `see_also` entry, in document order, that is not a key of `commands`.
pub fn missing_see_also(doc: &Cmdhelp) -> Vec<MissingSeeAlso> {
    let mut out = Vec::new();
    for (key, command) in &doc.commands {
        for (index, target) in command.see_also.iter().flatten().enumerate() {
            if !doc.commands.contains_key(target) {
                out.push(MissingSeeAlso {
                    command: key.clone(),
                    index,
                    target: target.clone(),
                });
            }
        }
    }
    out
}
