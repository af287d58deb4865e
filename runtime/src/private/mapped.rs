//! Values of a Rust type the user mapped a string `format` to (`date-time` →
//! `chrono::DateTime<Utc>`): the parse that stands for the `format` check.

use crate::validate::{show_str, Cx, NodeFn};
use serde::de::value::{Error, StrDeserializer};
use serde::de::DeserializeOwned;
use serde_json::Value;

/// Whether the string `value` parses as `T` (the type its `format` is mapped to); a
/// failure is a `format` error at `schema_path` (the `format` keyword) and the current
/// location, whether formats are asserted or not: `T` cannot hold a value it does not
/// parse. Values other than strings pass (their type is the schema's business).
pub fn parses<T: DeserializeOwned>(
    value: &Value,
    cx: &mut Cx<'_>,
    schema_path: &'static str,
    format: &'static str,
) -> bool {
    let Value::String(s) = value else {
        return true;
    };
    match T::deserialize(StrDeserializer::<Error>::new(s)) {
        Ok(_) => true,
        Err(e) => {
            cx.fail("format", schema_path, || {
                format!("{} is not a valid {format} ({e})", show_str(s))
            });
            false
        }
    }
}

/// [`parses`] for a union's format-mapped alternative, once the union's Rust type took
/// no alternative for `value`: when the alternative's own schema (`fits`, the node whose
/// `format` is mapped) accepts the value, the mapped type's refusal is the failure; else
/// the alternative is not the one the value was for, and this passes.
pub fn alternative_parses<'v, T: DeserializeOwned>(
    value: &'v Value,
    cx: &mut Cx<'v>,
    fits: NodeFn,
    schema_path: &'static str,
    format: &'static str,
) -> bool {
    if !cx.speculate(|cx| fits(value, cx)) {
        return true;
    }
    parses::<T>(value, cx, schema_path, format)
}
