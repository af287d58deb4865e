//! `Deserialize` impls, written out rather than derived:
//!
//! * structs read their map once, with no buffering: declared properties by name,
//!   undeclared ones kept (`extra`), typed, or rejected, and missing required ones reported;
//! * required-but-nullable and optional-nullable fields keep `null` distinct from absence;
//! * integers accept `1.0` (JSON Schema integers are defined by value);
//! * enums dispatch on the JSON kind when their alternatives differ by kind, tagged unions
//!   on their tag, and only the others buffer into a `serde_json::Value`.

mod record;
mod union;

use super::inflight::Inflight;
use super::rust_ty::ModuleCx;
use super::tokens::ident;
use crate::ir::decoding::Decoding;
use crate::ir::{Ty, TypeDef, TypeKind};
use proc_macro2::TokenStream;
use quote::quote;
use record::struct_impl;
pub(crate) use union::expecting_for;
use union::enum_impl;

/// `<T as Deserialize>::deserialize(d)` as a `Result<T, _>`, through `Lenient` for
/// bare integers.
pub(super) fn de_call(cx: &ModuleCx<'_>, ty: &Ty, d: TokenStream) -> TokenStream {
    let t = cx.ty(ty);
    if ty.has_bare_int(cx.module) {
        let rt = &cx.rt;
        quote!(<#rt::__private::de::Lenient<#t> as ::serde::Deserialize>::deserialize(#d).map(|lenient| lenient.0))
    } else {
        quote!(<#t as ::serde::Deserialize>::deserialize(#d))
    }
}

/// Whether `ty` is a struct read through a heap box ([`crate::ir::Struct::read_boxed`]):
/// a field of it is held as a `de::Boxed<T>` until its object is read.
pub(super) fn boxed_struct(cx: &ModuleCx<'_>, ty: &Ty) -> bool {
    match ty {
        Ty::Named(id) => matches!(&cx.module.get(*id).kind, TypeKind::Struct(s) if s.read_boxed),
        _ => false,
    }
}

/// The inner type of an `Option` payload, through aliases.
fn peel_option<'t>(cx: &'t ModuleCx<'_>, ty: &'t Ty, depth: usize) -> Option<&'t Ty> {
    match ty {
        Ty::Option(inner) => Some(inner),
        Ty::Named(id) if depth < 32 => match &cx.module.get(*id).kind {
            TypeKind::Alias(t) => peel_option(cx, t, depth + 1),
            _ => None,
        },
        _ => None,
    }
}

/// `Result<Name::Variant(…), _>` from a deserializer of one JSON kind other than null. An
/// `Option` payload takes the value as `Some(…)`: serde's value deserializers
/// (`StrDeserializer`, `MapAccessDeserializer`, …) hand an `Option` the value itself, which
/// its visitor refuses ("expected option").
pub(super) fn payload_from(
    cx: &ModuleCx<'_>,
    name: &proc_macro2::Ident,
    v: &crate::ir::Variant,
    ty: &Ty,
    d: TokenStream,
) -> TokenStream {
    let vname = ident(&v.name);
    match peel_option(cx, ty, 0) {
        Some(inner) => {
            let call = de_call(cx, inner, d);
            quote!(#call.map(|inner| #name::#vname(Some(inner))))
        }
        None => {
            let call = de_call(cx, ty, d);
            quote!(#call.map(#name::#vname))
        }
    }
}

pub(super) fn header(
    cx: &ModuleCx<'_>,
    t: &TypeDef,
    owned: bool,
) -> (TokenStream, TokenStream, TokenStream) {
    let self_ty = cx.self_ty(t);
    let params = cx.params(t);
    let impl_generics = quote!(<'de, #(#params),*>);
    let where_clause = if params.is_empty() {
        quote!()
    } else if owned || reads_buffered(cx, t) {
        quote!(where #(#params: ::serde::de::DeserializeOwned + 'static),*)
    } else {
        // `'static`: a payload of the default type, `serde_json::Value`, is read through
        // `payload::Payload`, which recognizes it by its `TypeId`.
        quote!(where #(#params: ::serde::Deserialize<'de> + 'static),*)
    };
    (impl_generics, self_ty, where_clause)
}

/// Whether reading `t` reads a generic enum through a buffered `Value`
/// ([`Decoding::Buffered`], whose impl needs `DeserializeOwned` parameters), in a field, a
/// payload, an item or an alias: then `t`'s own impl needs the same bound.
fn reads_buffered(cx: &ModuleCx<'_>, t: &TypeDef) -> bool {
    let mut seen = std::collections::BTreeSet::new();
    let mut stack: Vec<&Ty> = t.held();
    while let Some(ty) = stack.pop() {
        match ty {
            Ty::Vec(i) | Ty::Map(i) | Ty::Boxed(i) | Ty::Option(i) => stack.push(i),
            Ty::Named(id) if seen.insert(*id) => {
                let def = cx.module.get(*id);
                if def.generics.is_empty() {
                    continue;
                }
                if matches!(&def.kind, TypeKind::Enum(e) if e.decoding == Decoding::Buffered) {
                    return true;
                }
                stack.extend(def.held());
            }
            _ => {}
        }
    }
    false
}

/// The `Deserialize` impl of one type (aliases have none). With `inflight` (validators
/// are generated), structs report schema errors while deserializing.
pub(crate) fn deserialize_impl(
    cx: &ModuleCx<'_>,
    t: &TypeDef,
    inflight: Option<&Inflight<'_>>,
) -> TokenStream {
    match &t.kind {
        TypeKind::Alias(_) => TokenStream::new(),
        TypeKind::Newtype(ty) => newtype_impl(cx, t, ty),
        TypeKind::Struct(s) => struct_impl(cx, t, s, inflight),
        TypeKind::Enum(e) => enum_impl(cx, t, e, inflight),
    }
}

/// A newtype reads its value as the inner type does.
fn newtype_impl(cx: &ModuleCx<'_>, t: &TypeDef, ty: &Ty) -> TokenStream {
    let (impl_generics, self_ty, where_clause) = header(cx, t, false);
    let name = ident(&t.name);
    let call = de_call(cx, ty, quote!(deserializer));
    quote! {
        impl #impl_generics ::serde::Deserialize<'de> for #self_ty #where_clause {
            fn deserialize<Deser>(deserializer: Deser) -> Result<Self, Deser::Error>
            where
                Deser: ::serde::Deserializer<'de>,
            {
                #call.map(#name)
            }
        }
    }
}
