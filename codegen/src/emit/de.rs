//! `Deserialize` impls, written out rather than derived:
//!
//! * structs read their map once, with no buffering: declared properties by name,
//!   undeclared ones kept (`extra`), typed, or rejected, and missing required ones reported;
//! * required-but-nullable and optional-nullable fields keep `null` distinct from absence;
//! * integers accept `1.0` (JSON Schema integers are defined by value);
//! * enums dispatch on the JSON kind when their alternatives differ by kind, and only
//!   buffer into a `serde_json::Value` when two alternatives share a kind.

use super::inflight::Inflight;
use super::kind::{kind_of_value, kinds_of, Kind, ALL};
use super::rust_ty::{ident, lit, Cx};
use super::ser::value_tokens;
use crate::ir::{Enum, Extra, Presence, Struct, Ty, TypeDef, TypeKind, VariantKind};
use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};
use serde_json::Value;
use std::collections::BTreeSet;

/// `<T as Deserialize>::deserialize(d)` as a `Result<T, _>`, through `Lenient` for
/// bare integers.
fn de_call(cx: &Cx<'_>, ty: &Ty, d: TokenStream) -> TokenStream {
    let t = cx.ty(ty);
    if ty.has_bare_int() {
        let rt = &cx.rt;
        quote!(<#rt::de::Lenient<#t> as ::serde::Deserialize>::deserialize(#d).map(|lenient| lenient.0))
    } else {
        quote!(<#t as ::serde::Deserialize>::deserialize(#d))
    }
}

/// The inner type of an `Option` payload, through aliases.
fn peel_option<'t>(cx: &'t Cx<'_>, ty: &'t Ty, depth: usize) -> Option<&'t Ty> {
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
fn payload_from(
    cx: &Cx<'_>,
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

/// `map.next_value::<T>()?`, through `Lenient` for bare integers.
pub(crate) fn next_value(cx: &Cx<'_>, ty: &Ty) -> TokenStream {
    let t = cx.ty(ty);
    if ty.has_bare_int() {
        let rt = &cx.rt;
        quote!(map.next_value::<#rt::de::Lenient<#t>>()?.0)
    } else {
        quote!(map.next_value::<#t>()?)
    }
}

fn header(cx: &Cx<'_>, t: &TypeDef, owned: bool) -> (TokenStream, TokenStream, TokenStream) {
    let self_ty = cx.self_ty(t);
    let params = cx.params(t);
    let impl_generics = quote!(<'de, #(#params),*>);
    let where_clause = if params.is_empty() {
        quote!()
    } else if owned {
        quote!(where #(#params: ::serde::de::DeserializeOwned),*)
    } else {
        quote!(where #(#params: ::serde::Deserialize<'de>),*)
    };
    (impl_generics, self_ty, where_clause)
}

/// The `Deserialize` impl of one type (aliases have none). With `inflight` (validators
/// are generated), structs report schema errors while deserializing.
pub(crate) fn deserialize_impl(
    cx: &Cx<'_>,
    t: &TypeDef,
    inflight: Option<&Inflight<'_>>,
) -> TokenStream {
    match &t.kind {
        TypeKind::Alias(_) => TokenStream::new(),
        TypeKind::Newtype(ty) => newtype_impl(cx, t, ty),
        TypeKind::Struct(s) => struct_impl(cx, t, s, inflight),
        TypeKind::Enum(e) => enum_impl(cx, t, e),
    }
}

/// A newtype reads its value as the inner type does.
fn newtype_impl(cx: &Cx<'_>, t: &TypeDef, ty: &Ty) -> TokenStream {
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

fn struct_impl(
    cx: &Cx<'_>,
    t: &TypeDef,
    s: &Struct,
    inflight: Option<&Inflight<'_>>,
) -> TokenStream {
    let rt = &cx.rt;
    let (impl_generics, self_ty, where_clause) = header(cx, t, false);
    let params = cx.params(t);
    let name = ident(&t.name);
    let expecting = format!("a {} object", t.name);
    let locals: Vec<_> = s
        .fields
        .iter()
        // `f_name`; a field whose name starts with `_` (`_16`) becomes `f_16`, not the
        // non-snake-case `f__16`. No other field can produce `f_16` (snake case never
        // yields a name that is all digits).
        .map(|f| {
            if f.name.starts_with('_') {
                format_ident!("f{}", f.name)
            } else {
                format_ident!("f_{}", f.name)
            }
        })
        .collect();
    let decls = s.fields.iter().zip(&locals).map(|(f, local)| {
        let ty = match f.presence() {
            Presence::Required | Presence::Optional => cx.ty(&f.ty),
            Presence::RequiredNullable | Presence::OptionalNullable => {
                cx.ty(&Ty::Option(Box::new(f.ty.clone())))
            }
        };
        quote!(let mut #local: Option<#ty> = None;)
    });
    // With `preserve_key_order`, each key read is recorded, by field index or as an extra.
    let record = |i: usize| {
        if s.key_order {
            let i = Literal::usize_unsuffixed(i);
            quote!(key_order.push_field(#i);)
        } else {
            quote!()
        }
    };
    let arms = s
        .fields
        .iter()
        .zip(&locals)
        .enumerate()
        .map(|(i, (f, local))| {
            let record = record(i);
            let key = lit(&f.json);
            let read_ty = match f.presence() {
                Presence::Required | Presence::Optional => f.ty.clone(),
                Presence::RequiredNullable | Presence::OptionalNullable => {
                    Ty::Option(Box::new(f.ty.clone()))
                }
            };
            let call = match inflight {
                Some(inf) => inf.field_call(cx, t.node, f, &read_ty, local),
                None => (!read_ty.has_bare_int())
                    .then(|| quote!(#rt::de::field(&mut map, &mut #local, #key)?)),
            };
            if let Some(call) = call {
                return if s.key_order {
                    quote!(#key => { #record #call },)
                } else {
                    quote!(#key => #call,)
                };
            }
            let read = match inflight {
                Some(inf) => inf.field(cx, t.node, f, &read_ty),
                None => next_value(cx, &read_ty),
            };
            quote! {
                #key => {
                    #record
                    #rt::de::once(&#local, #key)?;
                    #local = Some(#read);
                }
            }
        });
    // What happens to a key that is not a declared property.
    let not_allowed = match inflight {
        Some(inf) => inf.not_allowed(cx, t.node),
        None => quote!(#rt::de::property_not_allowed(key.as_str())),
    };
    let record_extra = if s.key_order {
        quote!(key_order.push_extra();)
    } else {
        quote!()
    };
    let (extra_decl, extra_body, extra_init) = match &s.extra {
        Extra::Deny => (
            quote!(),
            quote!({
                return Err(#not_allowed);
            }),
            quote!(),
        ),
        Extra::Preserve => (
            quote!(let mut extra = ::serde_json::Map::new();),
            quote!({
                #record_extra
                let value = map.next_value::<::serde_json::Value>()?;
                if extra.contains_key(key.as_str()) {
                    return Err(#rt::de::duplicate_property(key.as_str()));
                }
                extra.insert(key.into_owned(), value);
            }),
            quote!(extra,),
        ),
        Extra::Typed(ty) => {
            let read = match inflight {
                Some(inf) => inf.extra(cx, t.node, ty),
                None => next_value(cx, ty),
            };
            (
                quote!(let mut extra = #rt::IndexMap::new();),
                quote!({
                    #record_extra
                    let value = #read;
                    if extra.contains_key(key.as_str()) {
                        return Err(#rt::de::duplicate_property(key.as_str()));
                    }
                    extra.insert(key.into_owned(), value);
                }),
                quote!(extra,),
            )
        }
    };
    // A required field that can only be `null` holds `()`: checked for presence, and
    // written as `()` (binding the unit value trips clippy's `let_unit_value`).
    let unit_only = |f: &crate::ir::Field| f.presence() == Presence::Required && is_unit(cx, &f.ty);
    let finals = s.fields.iter().zip(&locals).map(|(f, local)| {
        let key = lit(&f.json);
        let missing = match inflight {
            Some(inf) => inf.missing(cx, t.node, &f.json),
            None => quote!(#rt::de::missing_property(#key)),
        };
        match f.presence() {
            Presence::Required if unit_only(f) => quote! {
                if #local.is_none() {
                    return Err(#missing);
                }
            },
            Presence::Required | Presence::RequiredNullable => {
                let take = match inflight {
                    Some(inf) => inf.required(cx, t.node, &f.json, local),
                    None => quote!(#rt::de::required(#local, #key)?),
                };
                quote!(let #local = #take;)
            }
            Presence::Optional | Presence::OptionalNullable => quote!(),
        }
    });
    let inits = s.fields.iter().zip(&locals).map(|(f, local)| {
        let fname = ident(&f.name);
        if unit_only(f) {
            quote!(#fname: (),)
        } else {
            quote!(#fname: #local,)
        }
    });
    let visitor_decl = if params.is_empty() {
        quote!(
            struct Visitor;
        )
    } else {
        quote!(struct Visitor<#(#params),*>(::core::marker::PhantomData<fn() -> (#(#params,)*)>);)
    };
    let visitor_ty = if params.is_empty() {
        quote!(Visitor)
    } else {
        quote!(Visitor<#(#params),*>)
    };
    let visitor_new = if params.is_empty() {
        quote!(Visitor)
    } else {
        quote!(Visitor(::core::marker::PhantomData))
    };
    let (key_order_decl, key_order_init) = if s.key_order {
        (
            if s.fields.is_empty() && matches!(s.extra, Extra::Deny) {
                // No key is ever accepted, so none is recorded.
                quote!(let key_order = #rt::KeyOrder::new();)
            } else {
                quote!(let mut key_order = #rt::KeyOrder::new();)
            },
            quote!(key_order,),
        )
    } else {
        (quote!(), quote!())
    };
    let next_key = quote!(map.next_key::<#rt::de::Key<'de>>()?);
    let loop_stmt = if s.fields.is_empty() {
        // No declared property: every key is an extra (or not allowed).
        match &s.extra {
            Extra::Deny => quote! {
                if let Some(key) = #next_key #extra_body
            },
            _ => quote! {
                while let Some(key) = #next_key #extra_body
            },
        }
    } else {
        quote! {
            while let Some(key) = #next_key {
                match key.as_str() {
                    #(#arms)*
                    _ => #extra_body
                }
            }
        }
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

                    fn visit_map<Access>(self, mut map: Access) -> Result<Self::Value, Access::Error>
                    where
                        Access: ::serde::de::MapAccess<'de>,
                    {
                        #(#decls)*
                        #extra_decl
                        #key_order_decl
                        #loop_stmt
                        #(#finals)*
                        Ok(#name {
                            #(#inits)*
                            #extra_init
                            #key_order_init
                        })
                    }
                }
                deserializer.deserialize_map(#visitor_new)
            }
        }
    }
}

fn enum_impl(cx: &Cx<'_>, t: &TypeDef, e: &Enum) -> TokenStream {
    let all_string_literals = e
        .variants
        .iter()
        .all(|v| matches!(&v.kind, VariantKind::Literal(Value::String(_))));
    if all_string_literals {
        return string_enum_impl(cx, t, e);
    }
    // Kind dispatch needs: no object/array literals, at most one payload per kind, and no
    // payload accepting every kind, except a last `Value` variant that takes the kinds no
    // other variant claims (the `Other` of a schema with object keywords but no `type`).
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
            VariantKind::Payload(Ty::Any) if i == last && i > 0 => {}
            VariantKind::Payload(ty) => {
                let mut k = BTreeSet::new();
                kinds_of(cx, ty, &mut k);
                if k.len() == ALL.len() || k.iter().any(|x| claimed.contains(x)) {
                    dispatchable = false;
                }
                claimed.extend(k);
            }
        }
    }
    if dispatchable {
        dispatch_enum_impl(cx, t, e)
    } else {
        buffered_enum_impl(cx, t, e)
    }
}

fn expecting_for(t: &TypeDef, e: &Enum) -> String {
    let lits: Vec<String> = e
        .variants
        .iter()
        .filter_map(|v| match &v.kind {
            VariantKind::Literal(l) => Some(serde_json::to_string(l).unwrap_or_default()),
            VariantKind::Payload(_) => None,
        })
        .collect();
    if lits.len() == e.variants.len() {
        format!("one of {} ({})", lits.join(", "), t.name)
    } else {
        format!("a value of {} (`{}`)", t.name, e.keyword)
    }
}

fn string_enum_impl(cx: &Cx<'_>, t: &TypeDef, e: &Enum) -> TokenStream {
    let rt = &cx.rt;
    let name = ident(&t.name);
    let expecting = expecting_for(t, e);
    let type_name = lit(&t.name);
    let keyword = lit(e.keyword);
    let arms = e.variants.iter().filter_map(|v| match &v.kind {
        VariantKind::Literal(Value::String(s)) => {
            let s = lit(s);
            let vname = ident(&v.name);
            Some(quote!(#s => Ok(#name::#vname),))
        }
        _ => None,
    });
    quote! {
        impl<'de> ::serde::Deserialize<'de> for #name {
            fn deserialize<Deser>(deserializer: Deser) -> Result<Self, Deser::Error>
            where
                Deser: ::serde::Deserializer<'de>,
            {
                struct Visitor;
                impl ::serde::de::Visitor<'_> for Visitor {
                    type Value = #name;

                    fn expecting(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                        f.write_str(#expecting)
                    }

                    fn visit_str<Fail>(self, value: &str) -> Result<Self::Value, Fail>
                    where
                        Fail: ::serde::de::Error,
                    {
                        match value {
                            #(#arms)*
                            _ => Err(#rt::de::no_literal(#type_name, #keyword)),
                        }
                    }
                }
                deserializer.deserialize_str(Visitor)
            }
        }
    }
}

fn dispatch_enum_impl(cx: &Cx<'_>, t: &TypeDef, e: &Enum) -> TokenStream {
    let rt = &cx.rt;
    let name = ident(&t.name);
    let expecting = expecting_for(t, e);
    let type_name = lit(&t.name);
    let keyword = lit(e.keyword);
    let fail = quote!(Err(#rt::de::no_alternative(#type_name, #keyword, found)));

    let payload_for = |k: Kind| -> Option<(&crate::ir::Variant, &Ty)> {
        e.variants.iter().find_map(|v| match &v.kind {
            VariantKind::Payload(ty) => {
                let mut ks = BTreeSet::new();
                kinds_of(cx, ty, &mut ks);
                ks.contains(&k).then_some((v, ty))
            }
            VariantKind::Literal(_) => None,
        })
    };
    let literals_of = |k: Kind| -> Vec<(&crate::ir::Variant, &Value)> {
        e.variants
            .iter()
            .filter_map(|v| match &v.kind {
                VariantKind::Literal(l) if kind_of_value(l) == k => Some((v, l)),
                _ => None,
            })
            .collect()
    };

    let mut methods = Vec::new();

    // Strings.
    let str_lits = literals_of(Kind::String);
    let str_payload = payload_for(Kind::String);
    if !str_lits.is_empty() || str_payload.is_some() {
        let arms = str_lits.iter().map(|(v, l)| {
            let s = lit(l.as_str().unwrap_or_default());
            let vname = ident(&v.name);
            quote!(#s => return Ok(#name::#vname),)
        });
        let tail = match str_payload {
            Some((v, Ty::String)) => {
                let vname = ident(&v.name);
                quote!(Ok(#name::#vname(String::from(value))))
            }
            Some((v, ty)) => payload_from(
                cx,
                &name,
                v,
                ty,
                quote!(::serde::de::value::StrDeserializer::<Fail>::new(value)),
            ),
            None => quote!({ let found = "a string"; #fail }),
        };
        let matcher = match str_lits.as_slice() {
            [] => quote!(),
            [(v, l)] => {
                let lit_s = lit(l.as_str().unwrap_or_default());
                let vname = ident(&v.name);
                quote! {
                    if value == #lit_s {
                        return Ok(#name::#vname);
                    }
                }
            }
            _ => quote! {
                match value {
                    #(#arms)*
                    _ => {}
                }
            },
        };
        methods.push(quote! {
            fn visit_str<Fail>(self, value: &str) -> Result<Self::Value, Fail>
            where
                Fail: ::serde::de::Error,
            {
                #matcher
                #tail
            }
        });
    }

    // Booleans.
    let bool_lits = literals_of(Kind::Bool);
    let bool_payload = payload_for(Kind::Bool);
    if !bool_lits.is_empty() || bool_payload.is_some() {
        let checks = bool_lits.iter().map(|(v, l)| {
            let vname = ident(&v.name);
            if l.as_bool().unwrap_or_default() {
                quote!(if value { return Ok(#name::#vname); })
            } else {
                quote!(if !value { return Ok(#name::#vname); })
            }
        });
        let tail = match bool_payload {
            Some((v, Ty::Bool)) => {
                let vname = ident(&v.name);
                quote!(Ok(#name::#vname(value)))
            }
            Some((v, ty)) => payload_from(
                cx,
                &name,
                v,
                ty,
                quote!(::serde::de::value::BoolDeserializer::<Fail>::new(value)),
            ),
            None => quote!({ let found = "a boolean"; #fail }),
        };
        methods.push(quote! {
            fn visit_bool<Fail>(self, value: bool) -> Result<Self::Value, Fail>
            where
                Fail: ::serde::de::Error,
            {
                #(#checks)*
                #tail
            }
        });
    }

    // Numbers.
    let num_lits = literals_of(Kind::Number);
    let num_payload = payload_for(Kind::Number);
    if !num_lits.is_empty() || num_payload.is_some() {
        for (method, prim, deser) in [
            (quote!(visit_u64), quote!(u64), quote!(U64Deserializer)),
            (quote!(visit_i64), quote!(i64), quote!(I64Deserializer)),
            (quote!(visit_f64), quote!(f64), quote!(F64Deserializer)),
        ] {
            let checks = num_lits.iter().map(|(v, l)| {
                let vname = ident(&v.name);
                let lv = value_tokens(l);
                quote! {
                    if #rt::json::json_eq(&::serde_json::Value::from(value), &#lv) {
                        return Ok(#name::#vname);
                    }
                }
            });
            let tail = match num_payload {
                Some((v, ty)) => payload_from(
                    cx,
                    &name,
                    v,
                    ty,
                    quote!(::serde::de::value::#deser::<Fail>::new(value)),
                ),
                None => quote!({ let found = "a number"; #fail }),
            };
            methods.push(quote! {
                fn #method<Fail>(self, value: #prim) -> Result<Self::Value, Fail>
                where
                    Fail: ::serde::de::Error,
                {
                    #(#checks)*
                    #tail
                }
            });
        }
    }

    // Null.
    let null_lit = literals_of(Kind::Null);
    let null_payload = payload_for(Kind::Null);
    if !null_lit.is_empty() || null_payload.is_some() {
        let body = if let Some((v, _)) = null_lit.first() {
            let vname = ident(&v.name);
            quote!(Ok(#name::#vname))
        } else if let Some((v, ty)) = null_payload {
            let vname = ident(&v.name);
            let call = de_call(
                cx,
                ty,
                quote!(::serde::de::value::UnitDeserializer::<Fail>::new()),
            );
            quote!(#call.map(#name::#vname))
        } else {
            quote!({ let found = "null"; #fail })
        };
        methods.push(quote! {
            fn visit_unit<Fail>(self) -> Result<Self::Value, Fail>
            where
                Fail: ::serde::de::Error,
            {
                #body
            }
        });
    }

    // Arrays.
    if let Some((v, ty)) = payload_for(Kind::Array) {
        let call = payload_from(
            cx,
            &name,
            v,
            ty,
            quote!(::serde::de::value::SeqAccessDeserializer::new(seq)),
        );
        methods.push(quote! {
            fn visit_seq<Access>(self, seq: Access) -> Result<Self::Value, Access::Error>
            where
                Access: ::serde::de::SeqAccess<'de>,
            {
                #call
            }
        });
    }

    // Objects.
    if let Some((v, ty)) = payload_for(Kind::Object) {
        let call = payload_from(
            cx,
            &name,
            v,
            ty,
            quote!(::serde::de::value::MapAccessDeserializer::new(map)),
        );
        methods.push(quote! {
            fn visit_map<Access>(self, map: Access) -> Result<Self::Value, Access::Error>
            where
                Access: ::serde::de::MapAccess<'de>,
            {
                #call
            }
        });
    }

    let uses_de = payload_for(Kind::Array).is_some() || payload_for(Kind::Object).is_some();
    let visitor_impl = if uses_de {
        quote!(impl<'de> ::serde::de::Visitor<'de> for Visitor)
    } else {
        quote!(impl ::serde::de::Visitor<'_> for Visitor)
    };
    quote! {
        impl<'de> ::serde::Deserialize<'de> for #name {
            fn deserialize<Deser>(deserializer: Deser) -> Result<Self, Deser::Error>
            where
                Deser: ::serde::Deserializer<'de>,
            {
                struct Visitor;
                #visitor_impl {
                    type Value = #name;

                    fn expecting(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                        f.write_str(#expecting)
                    }

                    #(#methods)*
                }
                deserializer.deserialize_any(Visitor)
            }
        }
    }
}

fn buffered_enum_impl(cx: &Cx<'_>, t: &TypeDef, e: &Enum) -> TokenStream {
    let rt = &cx.rt;
    let (impl_generics, self_ty, where_clause) = header(cx, t, true);
    let type_name = lit(&t.name);
    let keyword = lit(e.keyword);
    let tries = e.variants.iter().map(|v| {
        let vname = ident(&v.name);
        match &v.kind {
            VariantKind::Literal(l) => {
                let lv = value_tokens(l);
                quote! {
                    if #rt::json::json_eq(&value, &#lv) {
                        return Ok(Self::#vname);
                    }
                }
            }
            VariantKind::Payload(ty) => {
                let call = de_call(cx, ty, quote!(&value));
                quote! {
                    if let Ok(inner) = #call {
                        return Ok(Self::#vname(inner));
                    }
                }
            }
        }
    });
    quote! {
        impl #impl_generics ::serde::Deserialize<'de> for #self_ty #where_clause {
            fn deserialize<Deser>(deserializer: Deser) -> Result<Self, Deser::Error>
            where
                Deser: ::serde::Deserializer<'de>,
            {
                let value = <::serde_json::Value as ::serde::Deserialize>::deserialize(deserializer)?;
                #(#tries)*
                Err(#rt::de::no_alternative(#type_name, #keyword, "the value"))
            }
        }
    }
}

/// Whether `ty` is `()` (only `null`), directly or through aliases.
fn is_unit(cx: &Cx<'_>, ty: &Ty) -> bool {
    match ty {
        Ty::Unit => true,
        Ty::Named(id) => {
            matches!(&cx.module.get(*id).kind, crate::ir::TypeKind::Alias(t) if is_unit(cx, t))
        }
        _ => false,
    }
}
