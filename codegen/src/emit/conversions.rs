//! Conversions a Rust user expects of a generated enum: a string enum is a string
//! (`as_str`, `Display`, `FromStr`, `TryFrom<&str>`, `TryFrom<String>`), an enum of
//! integers is an integer (`From<E> for i64`, `TryFrom<i64>`), a union of such values
//! shows the value it holds (`Display`), and a union is
//! built from any of its variants' values (`From<T>`, one per variant whose type no other
//! variant has).

use super::rust_ty::ModuleCx;
use super::tokens::{ident, lit};
use crate::ir::{Enum, Ty, TypeDef, TypeKind, VariantKind};
use proc_macro2::TokenStream;
use quote::quote;

/// The conversion impls of `t`: empty for a type that is not an enum.
pub(crate) fn conversions(cx: &ModuleCx<'_>, t: &TypeDef) -> TokenStream {
    let TypeKind::Enum(e) = &t.kind else {
        return TokenStream::new();
    };
    if e.is_string_enum() {
        string_enum(cx, t, e)
    } else if let Some(ints) = integer_literals(e) {
        integer_enum(cx, t, e, &ints)
    } else {
        let mut out = from_variants(cx, t, e);
        out.extend(display_union(cx, t, e));
        out
    }
}

/// `Display` of a union whose every variant holds a value that has one (a string, a
/// number, a boolean, a string enum), written as that value is: `Target::Port(5432)` shows
/// `5432`. It is not the JSON text (a string is not quoted): it is what the value says.
fn display_union(cx: &ModuleCx<'_>, t: &TypeDef, e: &Enum) -> TokenStream {
    let shows = |ty: &Ty| match ty {
        Ty::String | Ty::Bool | Ty::Int(_) | Ty::F64 => true,
        Ty::Named(id) => {
            matches!(&cx.module.get(*id).kind, TypeKind::Enum(inner) if inner.is_string_enum())
        }
        _ => false,
    };
    let all = !e.variants.is_empty()
        && e.variants
            .iter()
            .all(|v| matches!(&v.kind, VariantKind::Payload(ty) if shows(ty)));
    if !all || !t.generics.is_empty() {
        return TokenStream::new();
    }
    let name = ident(&t.name);
    let arms = e.variants.iter().map(|v| {
        let v = ident(&v.name);
        quote!(Self::#v(value) => ::core::fmt::Display::fmt(value, f),)
    });
    quote! {
        impl ::core::fmt::Display for #name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                match self {
                    #(#arms)*
                }
            }
        }
    }
}

/// The integers an enum's variants are, when every variant is an integer literal (`512`,
/// not `512.0`), all of one Rust integer type: `i64`, or `u64` when one is beyond it.
enum Integers {
    Signed(Vec<i64>),
    Unsigned(Vec<u64>),
}

fn integer_literals(e: &Enum) -> Option<Integers> {
    let numbers: Vec<&serde_json::Number> = e
        .variants
        .iter()
        .map(|v| match &v.kind {
            VariantKind::Literal(serde_json::Value::Number(n)) => Some(n),
            _ => None,
        })
        .collect::<Option<_>>()?;
    if numbers.is_empty() {
        return None;
    }
    if let Some(v) = numbers
        .iter()
        .map(|n| n.as_i64())
        .collect::<Option<Vec<_>>>()
    {
        return Some(Integers::Signed(v));
    }
    numbers
        .iter()
        .map(|n| n.as_u64())
        .collect::<Option<Vec<_>>>()
        .map(Integers::Unsigned)
}

/// An enum of integers is an integer: `From<E> for i64` (`u64`) gives the literal a
/// variant stands for, and `TryFrom<i64>` (`u64`) the variant of a listed integer, or
/// `ParseEnumError` naming the integer and the type.
fn integer_enum(cx: &ModuleCx<'_>, t: &TypeDef, e: &Enum, ints: &Integers) -> TokenStream {
    let rt = &cx.rt;
    let name = ident(&t.name);
    let type_name = lit(&t.name);
    let (int, values): (TokenStream, Vec<TokenStream>) = match ints {
        Integers::Signed(v) => (
            quote!(i64),
            v.iter()
                .map(|&i| {
                    let abs = proc_macro2::Literal::u64_unsuffixed(i.unsigned_abs());
                    if i < 0 {
                        quote!(-#abs)
                    } else {
                        quote!(#abs)
                    }
                })
                .collect(),
        ),
        Integers::Unsigned(v) => (
            quote!(u64),
            v.iter()
                .map(|&u| {
                    let u = proc_macro2::Literal::u64_unsuffixed(u);
                    quote!(#u)
                })
                .collect(),
        ),
    };
    let variants: Vec<_> = e.variants.iter().map(|v| ident(&v.name)).collect();
    quote! {
        impl ::core::convert::From<#name> for #int {
            fn from(value: #name) -> Self {
                match value {
                    #(#name::#variants => #values,)*
                }
            }
        }

        impl ::core::convert::TryFrom<#int> for #name {
            type Error = #rt::ParseEnumError;
            fn try_from(value: #int) -> ::core::result::Result<Self, Self::Error> {
                match value {
                    #(#values => ::core::result::Result::Ok(Self::#variants),)*
                    _ => ::core::result::Result::Err(#rt::ParseEnumError::integer(#type_name, value)),
                }
            }
        }
    }
}

/// `as_str`, `Display`, `FromStr`, `TryFrom<&str>` and `TryFrom<String>` of an enum of
/// strings, written by the runtime's `string_enum!` from the list of its variants and
/// strings. With a catch-all `Other(String)`, every string converts (`From<&str>`,
/// `From<String>`, and `FromStr` with `Infallible`), and a string the schema lists becomes
/// its own variant, never `Other`, so that parsing, converting and serializing agree.
fn string_enum(cx: &ModuleCx<'_>, t: &TypeDef, e: &Enum) -> TokenStream {
    let rt = &cx.rt;
    let name = ident(&t.name);
    let pairs = e.variants.iter().filter_map(|v| match &v.kind {
        VariantKind::Literal(serde_json::Value::String(s)) => {
            let (v, s) = (ident(&v.name), lit(s));
            Some(quote!(#v = #s))
        }
        _ => None,
    });
    match e.catch_all() {
        None if serde_in_macro(e) => {
            let expecting = lit(&crate::emit::de::expecting_for(t, e));
            let keyword = lit(e.keyword);
            quote!(#rt::__private::string_enum!(#name { #(#pairs),* } serde(#expecting, #keyword));)
        }
        None => quote!(#rt::__private::string_enum!(#name { #(#pairs),* });),
        Some(other) if serde_in_macro(e) => {
            let other = ident(&other.name);
            let expecting = lit(&crate::emit::de::expecting_for(t, e));
            let keyword = lit(e.keyword);
            quote!(#rt::__private::string_enum!(#name { #(#pairs),*; #other } serde(#expecting, #keyword));)
        }
        Some(other) => {
            let other = ident(&other.name);
            quote!(#rt::__private::string_enum!(#name { #(#pairs),*; #other });)
        }
    }
}

/// Whether the runtime's `string_enum!` also writes the enum's `Serialize` and
/// `Deserialize`: an enum of strings read as a string, through its `FromStr` (without a
/// catch-all, `Decoding::Strings`) or its `From<&str>` (with one, `Decoding::Kinds`,
/// whose only kind is the string). `ser` and `de` then write none.
pub(crate) fn serde_in_macro(e: &Enum) -> bool {
    use crate::ir::decoding::Decoding;
    e.is_string_enum()
        && match e.catch_all() {
            None => e.decoding == Decoding::Strings,
            Some(_) => e.decoding == Decoding::Kinds,
        }
}

/// `From<T>` for each payload variant whose type `T` no other variant holds. A variant is
/// left out where two impls could name one type: its type is a generic parameter, the
/// enum itself, `()`, holds a generic parameter or a mapped Rust type (either may stand
/// for another variant's type), or is the same type as another variant's once aliases and
/// boxes are looked through.
fn from_variants(cx: &ModuleCx<'_>, t: &TypeDef, e: &Enum) -> TokenStream {
    let self_id = cx.module.types.iter().position(|x| std::ptr::eq(x, t));
    let keys: Vec<Option<Ty>> = e
        .variants
        .iter()
        .map(|v| match &v.kind {
            VariantKind::Payload(ty) => canonical(cx, ty, 0),
            VariantKind::Literal(_) => None,
        })
        .collect();
    let self_ty = cx.self_ty(t);
    let impl_generics = cx.impl_generics(t);
    let mut out = TokenStream::new();
    for (v, key) in e.variants.iter().zip(&keys) {
        let (Some(key), VariantKind::Payload(ty)) = (key, &v.kind) else {
            continue;
        };
        let excluded = match key {
            Ty::Unit => true,
            Ty::Named(id) => Some(id.0) == self_id,
            _ => open_ended(key),
        };
        if excluded || keys.iter().filter(|k| k.as_ref() == Some(key)).count() > 1 {
            continue;
        }
        let vname = ident(&v.name);
        let (from, value) = match ty {
            Ty::Boxed(inner) => (cx.ty(inner), quote!(Box::new(value))),
            _ => (cx.ty(ty), quote!(value)),
        };
        out.extend(quote! {
            impl #impl_generics ::core::convert::From<#from> for #self_ty {
                fn from(value: #from) -> Self {
                    Self::#vname(#value)
                }
            }
        });
    }
    out
}

/// The type a `From` impl would name for `ty`: aliases looked through at every depth and a
/// top-level `Box` dropped, so that two variants naming one Rust type compare equal.
/// `None` for a type that cannot be resolved (a cycle of aliases).
fn canonical(cx: &ModuleCx<'_>, ty: &Ty, depth: usize) -> Option<Ty> {
    if depth > 64 {
        return None;
    }
    let inner = |t: &Ty| canonical(cx, t, depth + 1).map(Box::new);
    Some(match ty {
        Ty::Boxed(t) if depth == 0 => return canonical(cx, t, depth + 1),
        Ty::Boxed(t) => Ty::Boxed(inner(t)?),
        Ty::Vec(t) => Ty::Vec(inner(t)?),
        Ty::Map(t) => Ty::Map(inner(t)?),
        Ty::Option(t) => Ty::Option(inner(t)?),
        Ty::Named(id) => match &cx.module.get(*id).kind {
            TypeKind::Alias(t) => return canonical(cx, t, depth + 1),
            _ => ty.clone(),
        },
        _ => ty.clone(),
    })
}

/// Whether a generic parameter or a mapped Rust type stands anywhere in `ty`: either may
/// be the same type as another variant's (`Vec<T>` beside `Vec<String>`, a mapped path
/// naming `String`), which would make two `From` impls conflict.
fn open_ended(ty: &Ty) -> bool {
    match ty {
        Ty::Mapped(_) | Ty::Generic(_) => true,
        Ty::Boxed(t) | Ty::Vec(t) | Ty::Map(t) | Ty::Option(t) => open_ended(t),
        _ => false,
    }
}
