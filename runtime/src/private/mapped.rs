//! Values of a Rust type the user mapped a `format` to (`date-time` →
//! `chrono::DateTime<Utc>`, `int32` → `i32`): the parse that stands for the `format` check.

use crate::validate::{show_ser, show_str, Cx, NodeFn};
use serde::de::value::{Error, StrDeserializer};
use serde::de::DeserializeOwned;
use serde_json::Value;

/// Whether `value` parses as `T` (the type its `format` is mapped to); a failure is a
/// `format` error at `schema_path` (the `format` keyword) and the current location,
/// whether formats are asserted or not: `T` cannot hold a value it does not parse. A
/// string is handed to `T` as a string, a number (a mapped integer or number format,
/// `int32` → `i32`) as the number; values of other kinds pass (their type is the
/// schema's business).
pub fn parses<T: DeserializeOwned>(
    value: &Value,
    cx: &mut Cx<'_>,
    schema_path: &'static str,
    format: &'static str,
) -> bool {
    match value {
        Value::String(s) => match T::deserialize(StrDeserializer::<Error>::new(s)) {
            Ok(_) => true,
            Err(e) => {
                cx.fail("format", schema_path, || {
                    format!("{} is not a valid {format} ({e})", show_str(s))
                });
                false
            }
        },
        Value::Number(_) => match T::deserialize(value) {
            Ok(_) => true,
            Err(e) => {
                cx.fail("format", schema_path, || {
                    format!("{} is not a valid {format} ({e})", show_ser(value))
                });
                false
            }
        },
        _ => true,
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
