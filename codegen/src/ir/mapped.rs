//! Type mapping: the Rust types a user chose for schemas, from [`Settings::map_format`],
//! [`Settings::map_type`] and the schema extension `x-rust-type`.
//!
//! A whole-schema mapping (by pointer, or `x-rust-type`) wins over a `format` mapping; a
//! pointer setting wins over `x-rust-type`. `x-rust-type` is read as typify writes it, an
//! object whose `path` names the type (`crate` and `version` are ignored; with non-empty
//! `parameters`, a generic type, the extension is not applied), or as a plain string path.

use super::{FormatParse, Mapped, Ty};
use crate::error::{ErrorKind, Result};
use crate::load::{pointer, Body, DocId, NodeId, SchemaSet};
use crate::settings::Settings;
use serde_json::Value;

/// The extension keyword naming an existing Rust type for a schema.
pub(crate) const EXTENSION: &str = "x-rust-type";

/// The Rust type `path` if it parses as one, else a located error (at `at`, a JSON
/// pointer in `doc`) that says where the path came from (`origin`).
fn checked(set: &SchemaSet, doc: DocId, at: &str, path: &str, origin: &str) -> Result<Mapped> {
    if let Err(e) = syn::parse_str::<syn::Type>(path) {
        return Err(set
            .error_at(
                doc,
                at,
                format!("{origin} maps to {path:?}, which is not a Rust type ({e})"),
            )
            .with_help("write a Rust type path, for example `::chrono::DateTime<::chrono::Utc>` or `crate::money::Money`"));
    }
    Ok(Mapped {
        path: path.to_owned(),
        parses: None,
    })
}

fn ty(m: Mapped) -> Ty {
    Ty::Mapped(Box::new(m))
}

/// The whole-schema mapping of `node`, if any: the [`Settings::map_type`] entry for its
/// pointer (in the root document `doc`), else its `x-rust-type`.
pub(crate) fn whole(
    set: &SchemaSet,
    doc: DocId,
    settings: &Settings,
    node: NodeId,
) -> Result<Option<Ty>> {
    let loc = &set.node(node).loc;
    if loc.doc == doc {
        if let Some(path) = settings.type_mappings.get(&loc.pointer) {
            let origin = format!("the type mapping for {:?}", loc.pointer);
            return checked(set, doc, &loc.pointer, path, &origin)
                .map(|m| Some(ty(m)))
                .map_err(|e| e.with_kind(ErrorKind::Setting));
        }
    }
    if !settings.rust_type_extension || !matches!(set.node(node).body, Body::Object(_)) {
        return Ok(None);
    }
    let raw = pointer::get(&set.document(loc.doc).value, &loc.pointer);
    let Some(ext) = raw.and_then(|v| v.get(EXTENSION)) else {
        return Ok(None);
    };
    let at = pointer::join(&loc.pointer, EXTENSION);
    let path = match ext {
        Value::String(s) => s.as_str(),
        Value::Object(o) => {
            if o.get("parameters")
                .is_some_and(|p| !matches!(p, Value::Array(a) if a.is_empty()))
            {
                // A generic type (`Option` with `parameters: [Marker]`): not mapped. The
                // schema's own type holds every instance it accepts, so the schema still
                // generates, as it did for typify (docs/decisions.md, "Type mapping").
                return Ok(None);
            }
            match o.get("path") {
                Some(Value::String(s)) => s.as_str(),
                _ => {
                    return Err(set
                        .error_at(loc.doc, &at, format!("`{EXTENSION}` must be a Rust type path or an object with a string `path`"))
                        .with_help("write `\"x-rust-type\": \"crate::money::Money\"` or `{\"crate\": \"…\", \"version\": \"…\", \"path\": \"…\"}`"));
                }
            }
        }
        _ => {
            return Err(set
                .error_at(
                    loc.doc,
                    &at,
                    format!(
                        "`{EXTENSION}` must be a Rust type path or an object with a string `path`"
                    ),
                )
                .with_help("write `\"x-rust-type\": \"crate::money::Money\"`"));
        }
    };
    checked(set, loc.doc, &at, path, &format!("`{EXTENSION}`")).map(|m| Some(ty(m)))
}

/// The `format` mapping of the string schema `node`: its own `format`, when
/// [`Settings::map_format`] names a type for it.
pub(crate) fn format(
    set: &SchemaSet,
    doc: DocId,
    settings: &Settings,
    node: NodeId,
) -> Result<Option<Ty>> {
    let Some(f) = set.node(node).keywords().and_then(|k| k.string("format")) else {
        return Ok(None);
    };
    let Some(path) = settings.format_types.get(f) else {
        return Ok(None);
    };
    let origin = format!("the format mapping for {f:?}");
    let mut m =
        checked(set, doc, "", path, &origin).map_err(|e| e.with_kind(ErrorKind::Setting))?;
    m.parses = Some(FormatParse {
        format: f.to_owned(),
        node,
    });
    Ok(Some(ty(m)))
}
