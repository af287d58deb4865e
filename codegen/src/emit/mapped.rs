//! Mapped types in generated code (the IR side is `ir::mapped`).
//!
//! A format-mapped value (`date-time` → `chrono::DateTime<Utc>`) is read in flight through
//! a spec whose validator is a wrapper emitted here: the schema node's own `Value`
//! validator first (every keyword, on the document's string), then the mapped type's
//! parse of that string, whose failure is a `format` error at the `format` keyword. The
//! spec claims no JSON kind as held, so within a session every value is checked before
//! the type parses it; outside a session the type's own deserializer runs alone.

use super::rust_ty::ModuleCx;
use super::tokens::{fn_name, rust_type};
use crate::ir::{Mapped, Ty, TypeKind};
use crate::load::NodeId;
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

/// The format mapping a value of `ty` is, through boxes and aliases.
pub(crate) fn parsed<'t>(cx: &'t ModuleCx<'_>, ty: &'t Ty, depth: usize) -> Option<&'t Mapped> {
    if depth > 8 {
        return None;
    }
    match ty {
        Ty::Mapped(m) if m.parses.is_some() => Some(m),
        Ty::Boxed(t) => parsed(cx, t, depth + 1),
        Ty::Named(id) => match &cx.module.get(*id).kind {
            TypeKind::Alias(t) => parsed(cx, t, depth + 1),
            _ => None,
        },
        _ => None,
    }
}

/// Whether a value of `ty` is a whole-schema mapping (`x-rust-type`, a type mapping),
/// through boxes and aliases.
pub(crate) fn whole(cx: &ModuleCx<'_>, ty: &Ty, depth: usize) -> bool {
    if depth > 8 {
        return false;
    }
    match ty {
        Ty::Mapped(m) => m.parses.is_none(),
        Ty::Boxed(t) => whole(cx, t, depth + 1),
        Ty::Named(id) => match &cx.module.get(*id).kind {
            TypeKind::Alias(t) => whole(cx, t, depth + 1),
            _ => false,
        },
        _ => false,
    }
}

/// The name of the wrapper validator of spec `S{i}`.
pub(crate) fn wrapper_name(i: usize) -> Ident {
    format_ident!("parse_s{}", i)
}

/// The wrapper validator of spec `S{i}` (for a value at `node`, mapped by `m`, whose
/// `format` keyword is at `format_sp`).
pub(crate) fn wrapper(
    rt: &TokenStream,
    i: usize,
    node: NodeId,
    m: &Mapped,
    format_sp: &str,
) -> TokenStream {
    let name = wrapper_name(i);
    let f = fn_name(node);
    let ty = rust_type(&m.path);
    let format = m.parses.as_ref().map(|p| p.format.as_str()).unwrap_or("");
    let doc = format!(
        " The schema's checks on a value mapped to `{}`, then its parse (`format` {format:?}).",
        m.path
    );
    quote! {
        #[doc = #doc]
        fn #name<'v>(value: &'v ::serde_json::Value, cx: &mut #rt::Cx<'v>) -> bool {
            validators::#f(value, cx) && #rt::__private::mapped::parses::<#ty>(value, cx, #format_sp, #format)
        }
    }
}
