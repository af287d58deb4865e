//! Mapped types in generated code (the IR side is `ir::mapped`).
//!
//! A format-mapped value (`date-time` → `chrono::DateTime<Utc>`) is read in flight through
//! a spec whose validator is a wrapper emitted here: the schema node's own `Value`
//! validator first (every keyword, on the document's string), then the mapped type's
//! parse of that string, whose failure is a `format` error at the `format` keyword. The
//! spec claims no JSON kind as held, so within a session every value is checked before
//! the type parses it; outside a session the type's own deserializer runs alone.
//!
//! A union with format-mapped alternatives gets a wrapper for the union's value: the
//! union's validator, then the parse of each mapped alternative whose own schema accepts
//! the value. The union's spec still holds the kinds its alternatives hold, so the wrapper
//! runs only once the union's type took no alternative (`inflight` checks a value its type
//! refused), and a failure names that alternative's `format` keyword.

use super::rust_ty::ModuleCx;
use super::tokens::{fn_name, rust_type};
use crate::ir::decoding::{kinds_of, Decoding, Kind};
use crate::ir::{Mapped, Ty, TypeKind, VariantKind};
use crate::load::NodeId;
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};
use std::collections::BTreeSet;

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

/// The format mappings of a union's alternatives (through boxes and aliases): for a union
/// dispatched on the JSON kind, the string alternative's (the first variant that holds
/// strings, as its `Deserialize` picks it); for one tried alternative by alternative, every
/// alternative's, in order. Empty for other types.
pub(crate) fn alternatives<'t>(cx: &'t ModuleCx<'_>, ty: &'t Ty, depth: usize) -> Vec<&'t Mapped> {
    if depth > 8 {
        return Vec::new();
    }
    let e = match ty {
        Ty::Boxed(t) => return alternatives(cx, t, depth + 1),
        Ty::Named(id) => match &cx.module.get(*id).kind {
            TypeKind::Alias(t) => return alternatives(cx, t, depth + 1),
            TypeKind::Enum(e) => e,
            _ => return Vec::new(),
        },
        _ => return Vec::new(),
    };
    let payloads = e.variants.iter().filter_map(|v| match &v.kind {
        VariantKind::Payload(t) => Some(t),
        VariantKind::Literal(_) => None,
    });
    match e.decoding {
        Decoding::Kinds => payloads
            .into_iter()
            .find(|t| {
                let mut ks = BTreeSet::new();
                kinds_of(cx.module, t, &mut ks);
                ks.contains(&Kind::String)
            })
            .and_then(|t| parsed(cx, t, 0))
            .into_iter()
            .collect(),
        Decoding::Buffered => payloads.filter_map(|t| parsed(cx, t, 0)).collect(),
        Decoding::Strings | Decoding::Tagged => Vec::new(),
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

/// The wrapper validator of spec `S{i}` for a union at `node` whose alternatives are
/// format-mapped (`alternatives`: each mapping, with its `format` keyword's schema
/// location): the union's checks, then each mapped alternative's parse where the
/// alternative's own schema accepts the value ([`alternatives`]).
pub(crate) fn union_wrapper(
    rt: &TokenStream,
    i: usize,
    node: NodeId,
    alternatives: &[(&Mapped, String)],
) -> TokenStream {
    let name = wrapper_name(i);
    let f = fn_name(node);
    let parses = alternatives.iter().filter_map(|(m, sp)| {
        let p = m.parses.as_ref()?;
        let ty = rust_type(&m.path);
        let fits = fn_name(p.node);
        let format = p.format.as_str();
        Some(quote! {
            && #rt::__private::mapped::alternative_parses::<#ty>(value, cx, validators::#fits, #sp, #format)
        })
    });
    let doc = " The schema's checks on a union, then the parse of each format-mapped alternative \
               whose schema accepts the value.";
    quote! {
        #[doc = #doc]
        fn #name<'v>(value: &'v ::serde_json::Value, cx: &mut #rt::Cx<'v>) -> bool {
            validators::#f(value, cx) #(#parses)*
        }
    }
}
