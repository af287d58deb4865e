//! A tuple struct's definition: one field per item (and a last `Vec` for further items),
//! or one array field `[T; N]` when every item is one schema's, and the conversions from
//! and to the Rust tuple or array it holds.

use super::super::rust_ty::{doc_lines, doc_prose, ModuleCx};
use super::super::tokens::ident;
use super::{derives, narrowing_note, Head};
use crate::ir::{Ty, TypeDef};
use crate::settings::Settings;
use proc_macro2::{Literal, TokenStream};
use quote::quote;

/// A tuple struct: its items, then the further items where the schema allows more; or, for
/// a fixed-size array ([`crate::ir::Tuple::array_item`]), its one `[T; N]` field.
pub(super) fn tuple_definition(
    cx: &ModuleCx<'_>,
    settings: &Settings,
    t: &TypeDef,
    tuple: &crate::ir::Tuple,
    head: &Head,
) -> TokenStream {
    let Head {
        name,
        docs,
        origin,
        generics,
    } = head;
    let derive = derives(settings, t);
    let n = tuple.items.len();
    let field_docs = |ty: &Ty, d: &Option<String>| {
        let notes: Vec<String> = d
            .as_deref()
            .map(|d| doc_prose(d).trim_end().to_owned())
            .into_iter()
            .chain(narrowing_note(ty))
            .collect();
        doc_lines(&notes.join("\n\n"))
    };
    if let Some(item) = tuple.array_item() {
        let fdocs = field_docs(item, tuple.docs.first().unwrap_or(&None));
        let fty = cx.ty(item);
        let len = Literal::usize_unsuffixed(n);
        let conversions = if t.generics.is_empty() {
            array_conversions(t, &quote!([#fty; #len]))
        } else {
            TokenStream::new()
        };
        return quote! {
            #docs
            #origin
            #derive
            pub struct #name #generics(#fdocs pub [#fty; #len]);
            #conversions
        };
    }
    let fields = tuple.items.iter().zip(&tuple.docs).map(|(ty, d)| {
        let fty = cx.ty(ty);
        let fdocs = field_docs(ty, d);
        quote!(#fdocs pub #fty,)
    });
    let rest = tuple.rest.as_ref().map(|ty| {
        let rty = cx.ty(ty);
        let doc = if matches!(ty, Ty::Any) {
            format!(" The items after the first {n}, kept as JSON.")
        } else {
            format!(" The items after the first {n}.")
        };
        quote!(#[doc = #doc] pub Vec<#rty>,)
    });
    let conversions = if t.generics.is_empty() {
        tuple_conversions(cx, t, tuple)
    } else {
        TokenStream::new()
    };
    quote! {
        #docs
        #origin
        #derive
        pub struct #name #generics(
            #(#fields)*
            #rest
        );
        #conversions
    }
}

/// A tuple struct's conversions from and to a Rust tuple of its fields, in order (the
/// further items' `Vec` last, for an open tuple).
fn tuple_conversions(cx: &ModuleCx<'_>, t: &TypeDef, tuple: &crate::ir::Tuple) -> TokenStream {
    let name = ident(&t.name);
    let tys: Vec<TokenStream> = tuple
        .items
        .iter()
        .map(|ty| cx.ty(ty))
        .chain(tuple.rest.iter().map(|ty| {
            let ty = cx.ty(ty);
            quote!(Vec<#ty>)
        }))
        .collect();
    let index: Vec<syn::Index> = (0..tys.len()).map(syn::Index::from).collect();
    quote! {
        impl ::core::convert::From<(#(#tys,)*)> for #name {
            fn from(value: (#(#tys,)*)) -> Self {
                Self(#(value.#index),*)
            }
        }

        impl ::core::convert::From<#name> for (#(#tys,)*) {
            fn from(value: #name) -> Self {
                (#(value.#index,)*)
            }
        }
    }
}

/// A fixed-size array's struct (`struct Pair(pub [f64; 2])`): `From` its array and back,
/// and `Deref`/`DerefMut` to it, so that it indexes, iterates and slices as the array.
fn array_conversions(t: &TypeDef, array: &TokenStream) -> TokenStream {
    let name = ident(&t.name);
    quote! {
        impl ::core::convert::From<#array> for #name {
            fn from(value: #array) -> Self {
                Self(value)
            }
        }

        impl ::core::convert::From<#name> for #array {
            fn from(value: #name) -> Self {
                value.0
            }
        }

        impl ::core::ops::Deref for #name {
            type Target = #array;
            fn deref(&self) -> &#array {
                &self.0
            }
        }

        impl ::core::ops::DerefMut for #name {
            fn deref_mut(&mut self) -> &mut #array {
                &mut self.0
            }
        }
    }
}
