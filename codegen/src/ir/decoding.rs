//! How each enum is decoded, decided once after lowering and stored on the enum
//! ([`Enum::decoding`]), from the JSON kinds each Rust type of the IR can hold.
//!
//! This is where the soundness rule (docs/soundness.md) meets unions: a decoder may skip
//! a variant only when the variant cannot hold the value's JSON kind. Buffering and trying
//! every variant in order is always sound; dispatching on the kind (or on a tag) is chosen
//! only when it provably tries the one variant that can hold each value.

use crate::ir::{Enum, Module, Ty, TypeDef, TypeKind, VariantKind};
use serde_json::Value;
use std::collections::BTreeSet;

/// How an enum's `Deserialize` reads a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decoding {
    /// Every variant a string literal: matched by value.
    Strings,
    /// Dispatched on the JSON kind (no buffering): at most one variant can hold each kind.
    Kinds,
    /// A tagged union of objects, dispatched on its tag ([`crate::ir::Tag`]).
    Tagged,
    /// Alternatives tried in order on a buffered `Value`: the first that holds it wins.
    Buffered,
}

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

fn kinds(module: &Module, ty: &Ty, depth: usize, out: &mut BTreeSet<Kind>) {
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
        Ty::Int(_) | Ty::F64 => {
            out.insert(Kind::Number);
        }
        Ty::Vec(_) => {
            out.insert(Kind::Array);
        }
        Ty::Map(_) | Ty::Object => {
            out.insert(Kind::Object);
        }
        Ty::Boxed(t) => kinds(module, t, depth + 1, out),
        Ty::Option(t) => {
            out.insert(Kind::Null);
            kinds(module, t, depth + 1, out);
        }
        Ty::Named(id) => match &module.get(*id).kind {
            TypeKind::Struct(_) => {
                out.insert(Kind::Object);
            }
            TypeKind::Tuple(_) => {
                out.insert(Kind::Array);
            }
            TypeKind::Alias(t) | TypeKind::Newtype(t) => kinds(module, t, depth + 1, out),
            TypeKind::Enum(e) => {
                for v in &e.variants {
                    match &v.kind {
                        VariantKind::Literal(l) => {
                            out.insert(kind_of_value(l));
                        }
                        VariantKind::Payload(t) => kinds(module, t, depth + 1, out),
                    }
                }
            }
        },
    }
}

/// The JSON kinds a value of `ty` can be.
pub(crate) fn kinds_of(module: &Module, ty: &Ty, out: &mut BTreeSet<Kind>) {
    kinds(module, ty, 0, out)
}

/// Decides every enum's [`Decoding`] once the module's types are all known (a variant's
/// kinds depend on the types it names).
pub(crate) fn assign(module: &mut Module) {
    let decided: Vec<Option<Decoding>> = module
        .types
        .iter()
        .map(|t| match &t.kind {
            TypeKind::Enum(e) => Some(decide(module, t, e)),
            _ => None,
        })
        .collect();
    for (t, d) in module.types.iter_mut().zip(decided) {
        if let (TypeKind::Enum(e), Some(d)) = (&mut t.kind, d) {
            e.decoding = d;
        }
    }
}

/// How the enum `t` (`e`) is decoded.
fn decide(module: &Module, t: &TypeDef, e: &Enum) -> Decoding {
    let all_string_literals = e
        .variants
        .iter()
        .all(|v| matches!(&v.kind, VariantKind::Literal(Value::String(_))));
    if all_string_literals {
        return Decoding::Strings;
    }
    // Kind dispatch needs: no object/array literals, at most one payload per kind, and no
    // payload accepting every kind, except a last `Value` variant that takes the kinds no
    // other variant claims: the `Other` of a schema with object keywords but no `type`
    // (no branch), never an alternative that accepts anything (`{}`, `{"not": …}`), which
    // must also be tried on the kinds an earlier, narrower variant claims.
    let mut claimed: BTreeSet<Kind> = BTreeSet::new();
    let mut dispatchable = t.generics.is_empty();
    let last = e.variants.len().saturating_sub(1);
    for (i, v) in e.variants.iter().enumerate() {
        match &v.kind {
            VariantKind::Literal(l) => {
                if matches!(l, Value::Array(_) | Value::Object(_)) {
                    dispatchable = false;
                }
            }
            VariantKind::Payload(Ty::Any) if i == last && i > 0 && v.branch.is_none() => {}
            VariantKind::Payload(ty) => {
                let mut k = BTreeSet::new();
                kinds_of(module, ty, &mut k);
                if k.len() == ALL.len() || k.iter().any(|x| claimed.contains(x)) {
                    dispatchable = false;
                }
                claimed.extend(k);
            }
        }
    }
    if dispatchable {
        Decoding::Kinds
    } else if is_tagged(module, t, e) {
        Decoding::Tagged
    } else {
        Decoding::Buffered
    }
}

/// Whether `e` is a tagged union of object payloads the tag decoder can read: a tag for
/// every variant, no generics, every variant an object. Sound because every alternative
/// requires the tag property pinned to its own string: a value no tag selects matches no
/// alternative.
fn is_tagged(module: &Module, t: &TypeDef, e: &Enum) -> bool {
    let Some(tag) = &e.tag else {
        return false;
    };
    t.generics.is_empty()
        && tag.values.len() == e.variants.len()
        && e.variants.iter().all(|v| match &v.kind {
            VariantKind::Payload(ty) => {
                let mut k = BTreeSet::new();
                kinds_of(module, ty, &mut k);
                k.len() == 1 && k.contains(&Kind::Object)
            }
            VariantKind::Literal(_) => false,
        })
}
