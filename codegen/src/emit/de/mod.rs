//! `Deserialize` impls, written out rather than derived:
//!
//! * structs read their map once, with no buffering: declared properties by name,
//!   undeclared ones kept (`extra`), typed, or rejected, and missing required ones reported;
//! * required-but-nullable and optional-nullable fields keep `null` distinct from absence;
//! * integers accept `1.0` (JSON Schema integers are defined by value);
//! * tuple structs read their array once, item by item;
//! * enums dispatch on the JSON kind when their alternatives differ by kind, tagged unions
//!   on their tag, and only the others buffer into a `serde_json::Value`.

mod record;
mod union;

use super::inflight::Inflight;
use super::read::value_seed;
use super::rust_ty::ModuleCx;
use super::tokens::ident;
use crate::ir::decoding::Decoding;
use crate::ir::{Tuple, Ty, TypeDef, TypeKind};
use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};
use record::struct_impl;
use union::enum_impl;
pub(crate) use union::expecting_for;

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

/// `Result<Self::Variant(…), _>` from a value of one JSON kind other than null: read by
/// `read`, a runtime call whose type is inferred from the variant's payload
/// (`union::from_map(map)`), or, when the payload holds bare integers, by the payload's
/// `Deserialize` (through `Lenient`) from `d`, the value's deserializer. An `Option`
/// payload takes the value as `Some(…)`: serde's value deserializers
/// (`StrDeserializer`, `MapAccessDeserializer`, …) hand an `Option` the value itself, which
/// its visitor refuses ("expected option").
pub(super) fn payload_from(
    cx: &ModuleCx<'_>,
    v: &crate::ir::Variant,
    ty: &Ty,
    read: TokenStream,
    d: TokenStream,
) -> TokenStream {
    let vname = ident(&v.name);
    let (inner, some) = match peel_option(cx, ty, 0) {
        Some(inner) => (inner, true),
        None => (ty, false),
    };
    let call = if inner.has_bare_int(cx.module) {
        de_call(cx, inner, d)
    } else {
        read
    };
    if some {
        quote!(#call.map(|inner| Self::#vname(Some(inner))))
    } else {
        quote!(#call.map(Self::#vname))
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
        // A validating newtype's impls are the runtime's `validated_string!`.
        TypeKind::Newtype(_) if t.validated => TokenStream::new(),
        TypeKind::Newtype(ty) => newtype_impl(cx, t, ty),
        TypeKind::Struct(s) => struct_impl(cx, t, s, inflight),
        TypeKind::Enum(e) => enum_impl(cx, t, e, inflight),
        TypeKind::Tuple(tuple) => tuple_impl(cx, t, tuple, inflight.is_some()),
    }
}

/// A tuple struct reads an array: its leading items in order, each as a `Vec`'s item is
/// read (integers through `Lenient`), then the further items into its last field, or,
/// when closed, none; a fixed-size array's items go into its one `[T; N]` field. Too few
/// items, or one more on a closed tuple, is serde's `invalid_length`. With `opaque`
/// (validators are generated), an error raised in flight inside an item is dropped: its
/// location lacks the item's index, so the caller finds the failure with the document's
/// `Value` validator, which names the array keyword.
fn tuple_impl(cx: &ModuleCx<'_>, t: &TypeDef, tuple: &Tuple, opaque: bool) -> TokenStream {
    let rt = &cx.rt;
    let (impl_generics, self_ty, where_clause) = header(cx, t, false);
    let params = cx.params(t);
    let name = ident(&t.name);
    let n = tuple.items.len();
    let expecting = match (&tuple.rest, n) {
        (None, 1) => format!("a {} array of 1 item", t.name),
        (None, _) => format!("a {} array of {n} items", t.name),
        (Some(_), 1) => format!("a {} array of at least 1 item", t.name),
        (Some(_), _) => format!("a {} array of at least {n} items", t.name),
    };
    let element = |ty: &Ty| {
        let read = next_element(cx, ty);
        if opaque {
            quote!(#rt::__private::inflight::opaque(#read)?)
        } else {
            quote!(#read?)
        }
    };
    let locals: Vec<_> = (0..n).map(|i| format_ident!("item{}", i)).collect();
    let reads = tuple
        .items
        .iter()
        .zip(&locals)
        .enumerate()
        .map(|(i, (ty, local))| {
            let read = element(ty);
            let i = Literal::usize_unsuffixed(i);
            quote! {
                let Some(#local) = #read else {
                    return Err(::serde::de::Error::invalid_length(#i, &self));
                };
            }
        });
    let more = Literal::usize_unsuffixed(n + 1);
    let (rest_read, rest_init) = match &tuple.rest {
        None => (
            quote! {
                if seq.next_element::<::serde::de::IgnoredAny>()?.is_some() {
                    return Err(::serde::de::Error::invalid_length(#more, &self));
                }
            },
            quote!(),
        ),
        Some(ty) => {
            let read = element(ty);
            (
                quote! {
                    let mut rest = Vec::new();
                    while let Some(item) = #read {
                        rest.push(item);
                    }
                },
                quote!(rest),
            )
        }
    };
    let (visitor_decl, visitor_ty, visitor_new) = visitor_parts(&params);
    let value = if tuple.array_item().is_some() {
        quote!(#name([#(#locals),*]))
    } else {
        quote!(#name(#(#locals,)* #rest_init))
    };
    quote! {
        impl #impl_generics ::serde::Deserialize<'de> for #self_ty #where_clause {
            fn deserialize<Deser>(deserializer: Deser) -> Result<Self, Deser::Error>
            where
                Deser: ::serde::Deserializer<'de>,
            {
                #visitor_decl
                impl #impl_generics ::serde::de::Visitor<'de> for #visitor_ty #where_clause {
                    type Value = #self_ty;

                    fn expecting(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                        f.write_str(#expecting)
                    }

                    fn visit_seq<Access>(self, mut seq: Access) -> Result<Self::Value, Access::Error>
                    where
                        Access: ::serde::de::SeqAccess<'de>,
                    {
                        #(#reads)*
                        #rest_read
                        Ok(#value)
                    }
                }
                deserializer.deserialize_seq(#visitor_new)
            }
        }
    }
}

/// A local serde visitor over the type's generic `params`: its declaration, its type and
/// its value (a unit struct, or one holding `PhantomData` of the parameters).
pub(super) fn visitor_parts(
    params: &[proc_macro2::Ident],
) -> (TokenStream, TokenStream, TokenStream) {
    if params.is_empty() {
        (
            quote!(
                struct Visitor;
            ),
            quote!(Visitor),
            quote!(Visitor),
        )
    } else {
        (
            quote!(struct Visitor<#(#params),*>(::core::marker::PhantomData<fn() -> (#(#params,)*)>);),
            quote!(Visitor<#(#params),*>),
            quote!(Visitor(::core::marker::PhantomData)),
        )
    }
}

/// `seq.next_element…()` for an item of `ty`, as a `Result<Option<T>, _>`: through a
/// value seed for untyped JSON, through `Lenient` for bare integers.
fn next_element(cx: &ModuleCx<'_>, ty: &Ty) -> TokenStream {
    let t = cx.ty(ty);
    if let Some(seed) = value_seed(cx, ty) {
        quote!(seq.next_element_seed(#seed))
    } else if ty.has_bare_int(cx.module) {
        let rt = &cx.rt;
        quote!(seq.next_element::<#rt::__private::de::Lenient<#t>>().map(|item| item.map(|lenient| lenient.0)))
    } else {
        quote!(seq.next_element::<#t>())
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
