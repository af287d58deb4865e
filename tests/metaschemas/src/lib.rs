//! The official metaschemas' generated types: for each draft, the module `build.rs`
//! generates from envgen's built-in copy of the metaschema (each read as its own draft),
//! and a table of the entry points the tests call.

/// What the typed parse did with one document.
#[derive(Debug)]
pub enum Typed {
    /// `Root::from_json_str` accepted it; `serde_json::to_value` of the typed value (or the
    /// serializer's error).
    Accepted(Result<serde_json::Value, String>),
    /// `Root::from_json_str` rejected it, with the errors.
    Rejected(String),
}

/// The generated code of one metaschema.
#[derive(Debug, Clone, Copy)]
pub struct Generated {
    /// The root type's name.
    pub root: &'static str,
    /// `Root::from_json_str`, then `serde_json::to_value`.
    pub typed: fn(&str) -> Typed,
    /// The generated `validate_value`.
    pub validate: fn(&serde_json::Value) -> Result<(), String>,
}

/// One draft's metaschema.
#[derive(Debug, Clone, Copy)]
pub struct Metaschema {
    /// The JSON-Schema-Test-Suite folder of the draft (`draft2020-12`).
    pub folder: &'static str,
    /// The metaschema's URI.
    pub uri: &'static str,
    /// Its generated code, or the codegen error.
    pub generated: Result<Generated, &'static str>,
}

include!(concat!(env!("OUT_DIR"), "/metaschemas.rs"));
