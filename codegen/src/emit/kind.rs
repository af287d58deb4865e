//! The JSON kinds a Rust type of the IR can hold, which decide how a union dispatches
//! (by kind, without buffering) and which values an in-flight spec claims.

use super::rust_ty::Cx;
use crate::ir::{Ty, TypeKind, VariantKind};
use serde_json::Value;
use std::collections::BTreeSet;

/// JSON kinds, for enum dispatch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Kind {
    Null,
    Bool,
    Number,
    String,
    Array,
    Object,
}

pub(crate) const ALL: [Kind; 6] = [
    Kind::Null,
    Kind::Bool,
    Kind::Number,
    Kind::String,
    Kind::Array,
    Kind::Object,
];

pub(crate) fn kind_of_value(v: &Value) -> Kind {
    match v {
        Value::Null => Kind::Null,
        Value::Bool(_) => Kind::Bool,
        Value::Number(_) => Kind::Number,
        Value::String(_) => Kind::String,
        Value::Array(_) => Kind::Array,
        Value::Object(_) => Kind::Object,
    }
}

fn kinds(cx: &Cx<'_>, ty: &Ty, depth: usize, out: &mut BTreeSet<Kind>) {
    if depth > 32 {
        out.extend(ALL);
        return;
    }
    match ty {
        Ty::Any | Ty::Generic(_) => out.extend(ALL),
        // A format mapping holds strings; a whole-schema mapping may hold anything.
        Ty::Mapped(m) if m.parses.is_some() => {
            out.insert(Kind::String);
        }
        Ty::Mapped(_) => out.extend(ALL),
        Ty::Unit => {
            out.insert(Kind::Null);
        }
        Ty::Bool => {
            out.insert(Kind::Bool);
        }
        Ty::String => {
            out.insert(Kind::String);
        }
        Ty::I64 | Ty::U64 | Ty::F64 => {
            out.insert(Kind::Number);
        }
        Ty::Vec(_) => {
            out.insert(Kind::Array);
        }
        Ty::Map(_) | Ty::Object => {
            out.insert(Kind::Object);
        }
        Ty::Boxed(t) => kinds(cx, t, depth + 1, out),
        Ty::Option(t) => {
            out.insert(Kind::Null);
            kinds(cx, t, depth + 1, out);
        }
        Ty::Named(id) => match &cx.module.get(*id).kind {
            TypeKind::Struct(_) => {
                out.insert(Kind::Object);
            }
            TypeKind::Alias(t) | TypeKind::Newtype(t) => kinds(cx, t, depth + 1, out),
            TypeKind::Enum(e) => {
                for v in &e.variants {
                    match &v.kind {
                        VariantKind::Literal(l) => {
                            out.insert(kind_of_value(l));
                        }
                        VariantKind::Payload(t) => kinds(cx, t, depth + 1, out),
                    }
                }
            }
        },
    }
}

/// The JSON kinds a value of `ty` can be.
pub(crate) fn kinds_of(cx: &Cx<'_>, ty: &Ty, out: &mut BTreeSet<Kind>) {
    kinds(cx, ty, 0, out)
}
