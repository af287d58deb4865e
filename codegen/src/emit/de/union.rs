//! An enum's `Deserialize`: string enums by value, enums whose alternatives differ by JSON
//! kind by dispatching on the kind, tagged unions of objects on their tag, and the others
//! through a buffered `serde_json::Value`, as the IR decided ([`Decoding`]).

use super::{de_call, header, payload_from};
use crate::emit::inflight::Inflight;
use crate::emit::rust_ty::ModuleCx;
use crate::emit::tokens::{ident, lit, value_tokens};
use crate::ir::decoding::{kind_of_value, kinds_of, Decoding, Kind};
use crate::ir::{Enum, Ty, TypeDef, VariantKind};
use proc_macro2::TokenStream;
use quote::quote;
use serde_json::Value;
use std::collections::BTreeSet;

pub(super) fn enum_impl(
    cx: &ModuleCx<'_>,
    t: &TypeDef,
    e: &Enum,
    inflight: Option<&Inflight<'_>>,
) -> TokenStream {
    match e.decoding {
        // Written by the runtime's `string_enum!` (`emit::conversions`).
        Decoding::Strings if crate::emit::conversions::serde_in_macro(e) => TokenStream::new(),
        Decoding::Strings => string_enum_impl(cx, t, e),
        Decoding::Kinds if crate::emit::conversions::serde_in_macro(e) => TokenStream::new(),
        Decoding::Kinds => dispatch_enum_impl(cx, t, e),
        Decoding::Tagged => {
            tagged_enum_impl(cx, t, e).unwrap_or_else(|| buffered_enum_impl(cx, t, e, inflight))
        }
        Decoding::Buffered => buffered_enum_impl(cx, t, e, inflight),
    }
}

/// A tagged union ([`crate::ir::Tag`]) of object payloads: the object is read up to its
/// tag (`envgen_runtime::__private::union::tagged`), and the tag's value picks the payload, which
/// reads the object on. Entries before the tag are buffered; nothing is when the tag
/// comes first. `None` when the enum has no tag ([`decoding`] says when it applies).
fn tagged_enum_impl(cx: &ModuleCx<'_>, t: &TypeDef, e: &Enum) -> Option<TokenStream> {
    let tag = e.tag.as_ref()?;
    let rt = &cx.rt;
    let name = ident(&t.name);
    let type_name = lit(&t.name);
    let keyword = lit(e.keyword);
    let property = lit(&tag.property);
    let values = tag.values.iter().flatten().map(|v| lit(v));
    // The flat list's indices of each variant's values.
    let mut next = 0usize;
    let arms = e
        .variants
        .iter()
        .zip(&tag.values)
        .filter_map(|(v, own)| {
            let indices = (next..next + own.len()).map(proc_macro2::Literal::usize_unsuffixed);
            next += own.len();
            match &v.kind {
                VariantKind::Payload(ty) => {
                    let d = quote!(::serde::de::value::MapAccessDeserializer::new(map));
                    let call = payload_from(cx, &name, v, ty, d);
                    Some(quote!(Some(#(#indices)|*) => #call,))
                }
                VariantKind::Literal(_) => None,
            }
        })
        .collect::<Vec<_>>();
    let visit_map = quote! {
        fn visit_map<Access>(self, map: Access) -> Result<Self::Value, Access::Error>
        where
            Access: ::serde::de::MapAccess<'de>,
        {
            let (tag, map) = #rt::__private::union::tagged(map, #property, &[#(#values),*])?;
            match tag {
                #(#arms)*
                _ => Err(#rt::__private::de::no_alternative(#type_name, #keyword, "the object")),
            }
        }
    };
    Some(visitor_impl(
        t,
        e,
        quote!(impl<'de> ::serde::de::Visitor<'de> for Visitor),
        &[visit_map],
        quote!(deserialize_map),
    ))
}

pub(crate) fn expecting_for(t: &TypeDef, e: &Enum) -> String {
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

fn string_enum_impl(cx: &ModuleCx<'_>, t: &TypeDef, e: &Enum) -> TokenStream {
    let rt = &cx.rt;
    let name = ident(&t.name);
    let type_name = lit(&t.name);
    let keyword = lit(e.keyword);
    // The strings are matched once, by the enum's `FromStr` (`emit::conversions`).
    let visit_str = visit_scalar(
        quote!(visit_str),
        quote!(&str),
        quote! {
            match <#name as ::core::str::FromStr>::from_str(value) {
                Ok(v) => Ok(v),
                Err(_) => Err(#rt::__private::de::no_literal(#type_name, #keyword)),
            }
        },
    );
    visitor_impl(
        t,
        e,
        quote!(impl ::serde::de::Visitor<'_> for Visitor),
        &[visit_str],
        quote!(deserialize_str),
    )
}

fn dispatch_enum_impl(cx: &ModuleCx<'_>, t: &TypeDef, e: &Enum) -> TokenStream {
    let rt = &cx.rt;
    let name = ident(&t.name);
    let type_name = lit(&t.name);
    let keyword = lit(e.keyword);
    let fail = quote!(Err(#rt::__private::de::no_alternative(#type_name, #keyword, found)));

    let payload_for = |k: Kind| -> Option<(&crate::ir::Variant, &Ty)> {
        e.variants.iter().find_map(|v| match &v.kind {
            VariantKind::Payload(ty) => {
                let mut ks = BTreeSet::new();
                kinds_of(cx.module, ty, &mut ks);
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

    // What a scalar visitor returns when no literal matched: the payload variant taking
    // the value (`own`: as it is, when its type is the visited one), or no alternative.
    let tail_for = |payload: Option<(&crate::ir::Variant, &Ty)>,
                    own: Option<(&Ty, TokenStream)>,
                    deser: TokenStream,
                    found: &str| {
        match (payload, own) {
            (Some((v, ty)), Some((own_ty, value))) if ty == own_ty => {
                let vname = ident(&v.name);
                quote!(Ok(#name::#vname(#value)))
            }
            (Some((v, ty)), _) => payload_from(
                cx,
                &name,
                v,
                ty,
                quote!(#rt::__private::scalar::Scalar::#deser(value).de::<Fail>()),
            ),
            (None, _) => quote!({ let found = #found; #fail }),
        }
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
        let tail = tail_for(
            str_payload,
            Some((&Ty::String, quote!(String::from(value)))),
            quote!(Str),
            "a string",
        );
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
        methods.push(visit_scalar(
            quote!(visit_str),
            quote!(&str),
            quote!(#matcher #tail),
        ));
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
        let tail = tail_for(
            bool_payload,
            Some((&Ty::Bool, quote!(value))),
            quote!(Bool),
            "a boolean",
        );
        methods.push(visit_scalar(
            quote!(visit_bool),
            quote!(bool),
            quote!(#(#checks)* #tail),
        ));
    }

    // Numbers.
    let num_lits = literals_of(Kind::Number);
    let num_payload = payload_for(Kind::Number);
    if !num_lits.is_empty() || num_payload.is_some() {
        for (method, prim, deser) in [
            (quote!(visit_u64), quote!(u64), quote!(U64)),
            (quote!(visit_i64), quote!(i64), quote!(I64)),
            (quote!(visit_f64), quote!(f64), quote!(F64)),
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
            let tail = tail_for(num_payload, None, deser, "a number");
            methods.push(visit_scalar(method, prim, quote!(#(#checks)* #tail)));
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
                quote!(#rt::__private::scalar::Scalar::Null.de::<Fail>()),
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

    // Arrays and objects: the payload reads them from the visitor's access.
    for (kind, method, access, arg, deser) in [
        (
            Kind::Array,
            quote!(visit_seq),
            quote!(SeqAccess),
            quote!(seq),
            quote!(SeqAccessDeserializer),
        ),
        (
            Kind::Object,
            quote!(visit_map),
            quote!(MapAccess),
            quote!(map),
            quote!(MapAccessDeserializer),
        ),
    ] {
        if let Some((v, ty)) = payload_for(kind) {
            let d = quote!(::serde::de::value::#deser::new(#arg));
            let call = payload_from(cx, &name, v, ty, d);
            methods.push(quote! {
                fn #method<Access>(self, #arg: Access) -> Result<Self::Value, Access::Error>
                where
                    Access: ::serde::de::#access<'de>,
                {
                    #call
                }
            });
        }
    }

    let uses_de = payload_for(Kind::Array).is_some() || payload_for(Kind::Object).is_some();
    let header = if uses_de {
        quote!(impl<'de> ::serde::de::Visitor<'de> for Visitor)
    } else {
        quote!(impl ::serde::de::Visitor<'_> for Visitor)
    };
    visitor_impl(t, e, header, &methods, quote!(deserialize_any))
}

/// `Deserialize` for the enum `t` through a unit `Visitor` (its `impl` line `header`)
/// with `methods`, driven by the deserializer's `drive` method (`deserialize_str`,
/// `deserialize_any`).
fn visitor_impl(
    t: &TypeDef,
    e: &Enum,
    header: TokenStream,
    methods: &[TokenStream],
    drive: TokenStream,
) -> TokenStream {
    let name = ident(&t.name);
    let expecting = expecting_for(t, e);
    quote! {
        impl<'de> ::serde::Deserialize<'de> for #name {
            fn deserialize<Deser>(deserializer: Deser) -> Result<Self, Deser::Error>
            where
                Deser: ::serde::Deserializer<'de>,
            {
                struct Visitor;
                #header {
                    type Value = #name;

                    fn expecting(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                        f.write_str(#expecting)
                    }

                    #(#methods)*
                }
                deserializer.#drive(Visitor)
            }
        }
    }
}

/// The alternatives tried in order on a buffered `Value`. When none takes it and
/// validators are generated, the error is the union's own node's (raised in flight, so
/// that no second parse is needed: `inflight::unmatched`).
fn buffered_enum_impl(
    cx: &ModuleCx<'_>,
    t: &TypeDef,
    e: &Enum,
    inflight: Option<&Inflight<'_>>,
) -> TokenStream {
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
    let no_alternative =
        quote!(#rt::__private::de::no_alternative(#type_name, #keyword, "the value"));
    let fail = match inflight {
        Some(inflight) => {
            let node = inflight.node_fn(t.node);
            quote!(Err(#rt::__private::inflight::unmatched(&value, #node, || #no_alternative)))
        }
        None => quote!(Err(#no_alternative)),
    };
    quote! {
        impl #impl_generics ::serde::Deserialize<'de> for #self_ty #where_clause {
            fn deserialize<Deser>(deserializer: Deser) -> Result<Self, Deser::Error>
            where
                Deser: ::serde::Deserializer<'de>,
            {
                let value = #rt::__private::union::buffer(deserializer)?;
                #(#tries)*
                #fail
            }
        }
    }
}

/// A `Visitor` method taking one scalar `value` of type `prim`.
fn visit_scalar(method: TokenStream, prim: TokenStream, body: TokenStream) -> TokenStream {
    quote! {
        fn #method<Fail>(self, value: #prim) -> Result<Self::Value, Fail>
        where
            Fail: ::serde::de::Error,
        {
            #body
        }
    }
}
