//! Which structs a generated `Deserialize` reads into a heap box ([`Struct::read_boxed`]),
//! decided once per struct after lowering.
//!
//! In a debug build every generic frame a value passes through while it is read
//! (serde_json's `deserialize_map`/`deserialize_any`, the in-flight capture, the field
//! read) holds several copies of it. A struct of at least [`LARGE_STRUCT`] estimated bytes
//! is therefore read through a box: its visitor yields `Box<Self>`
//! (`de::DeserializeBoxed`), and a struct that holds it reads the field as a
//! `de::Boxed<T>`, so nesting large structs inline no longer multiplies the stack a parse
//! needs. Both sides read the one flag, so they always agree.

use super::{Extra, Module, Struct, Ty, TypeId, TypeKind, VariantKind};
use std::collections::BTreeMap;

/// A struct at least this large (estimated bytes, see [`est_size`]) is read into a heap box.
const LARGE_STRUCT: usize = 1024;

/// The estimated sizes of the named types measured so far.
type SizeMemo = BTreeMap<TypeId, usize>;

/// Sets [`Struct::read_boxed`] on every struct of `module`.
pub(crate) fn assign(module: &mut Module) {
    let boxed: Vec<bool> = module
        .types
        .iter()
        .map(|t| match &t.kind {
            TypeKind::Struct(s) => struct_size(module, s, &mut SizeMemo::new(), 0) >= LARGE_STRUCT,
            _ => false,
        })
        .collect();
    for (t, boxed) in module.types.iter_mut().zip(boxed) {
        if let TypeKind::Struct(s) = &mut t.kind {
            s.read_boxed = boxed;
        }
    }
}

/// An estimate of `size_of` a value of `ty` in bytes (an upper bound on the common
/// targets, padding ignored). Named types are measured once (`memo`); a cycle is always
/// broken by a `Box`, measured as a pointer.
fn est_size(module: &Module, ty: &Ty, memo: &mut SizeMemo, depth: usize) -> usize {
    const MAP: usize = 72;
    if depth > 64 {
        return MAP;
    }
    match ty {
        Ty::Unit => 0,
        Ty::Bool => 1,
        Ty::Int(_) | Ty::F64 | Ty::Boxed(_) => 8,
        Ty::String | Ty::Vec(_) => 24,
        Ty::Map(_) | Ty::Object | Ty::Any | Ty::Generic(_) | Ty::Mapped(_) => MAP,
        Ty::Option(t) => est_size(module, t, memo, depth + 1) + 8,
        Ty::Named(id) => {
            if let Some(n) = memo.get(id) {
                return *n;
            }
            // Guards a cycle the boxing pass left (none is expected).
            memo.insert(*id, 8);
            let n = match &module.get(*id).kind {
                TypeKind::Alias(t) | TypeKind::Newtype(t) => est_size(module, t, memo, depth + 1),
                TypeKind::Struct(s) => struct_size(module, s, memo, depth),
                TypeKind::Tuple(t) => {
                    t.items
                        .iter()
                        .map(|ty| est_size(module, ty, memo, depth + 1))
                        .sum::<usize>()
                        + if t.rest.is_some() { 24 } else { 0 }
                }
                TypeKind::Enum(e) => {
                    e.variants
                        .iter()
                        .map(|v| match &v.kind {
                            VariantKind::Payload(t) => est_size(module, t, memo, depth + 1),
                            VariantKind::Literal(_) => 0,
                        })
                        .max()
                        .unwrap_or(0)
                        + 8
                }
            };
            memo.insert(*id, n);
            n
        }
    }
}

/// [`est_size`] of a struct with fields `s`.
fn struct_size(module: &Module, s: &Struct, memo: &mut SizeMemo, depth: usize) -> usize {
    let fields: usize = s
        .fields
        .iter()
        .map(|f| {
            let n = est_size(module, &f.ty, memo, depth + 1);
            if f.required && !f.nullable {
                n
            } else {
                n + 8
            }
        })
        .sum();
    let extra = if matches!(s.extra, Extra::Deny) {
        0
    } else {
        72
    };
    fields + extra + if s.key_order { 24 } else { 0 }
}
