//! An enum's `Deserialize`: string enums by value, enums whose alternatives differ by JSON
//! kind by dispatching on the kind, tagged unions of objects on their tag, and the others
//! through a buffered `serde_json::Value`, as the IR decided ([`Decoding`]).

use super::{de_call, header, payload_from};
use crate::emit::inflight::Inflight;
use crate::emit::rust_ty::ModuleCx;
use crate::emit::tokens::with_private_imports;
use crate::emit::tokens::{ident, lit, value_tokens};
use crate::ir::decoding::{kind_of_value, kinds_of, Decoding, Kind};
use crate::ir::{Enum, Ty, TypeDef, TypeKind, VariantKind};
use proc_macro2::{Literal, TokenStream};
use quote::quote;
use serde_json::Value;
use std::collections::BTreeSet;

pub(super) fn enum_impl(
    cx: &ModuleCx<'_>,
    t: &TypeDef,
    e: &Enum,
    inflight: Option<&Inflight<'_>>,
) -> TokenStream {
    if e.is_uninhabited() {
        return uninhabited_impl(cx, t);
    }
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

/// An enum of no variants (a schema that accepts no value) reads no value and writes
/// none: both serde impls are the runtime's `uninhabited!` (whatever the document holds
/// there is read past and refused, so the error stands where the value ends).
fn uninhabited_impl(cx: &ModuleCx<'_>, t: &TypeDef) -> TokenStream {
    let rt = &cx.rt;
    let name = ident(&t.name);
    quote!(#rt::__private::de::uninhabited!(#name);)
}

/// A tagged union ([`crate::ir::Tag`]) of object payloads: the object is read up to its
/// tag (`envgen_runtime::__private::union::tagged`), and the tag's value picks the payload, which
/// reads the object on. Entries before the tag are buffered; nothing is when the tag
/// comes first. `None` when the enum has no tag ([`decoding`] says when it applies). The
/// enum reads its object as a struct does ([`ReadMap`](envgen_runtime::__private::de::ReadMap)).
fn tagged_enum_impl(cx: &ModuleCx<'_>, t: &TypeDef, e: &Enum) -> Option<TokenStream> {
    let tag = e.tag.as_ref()?;
    let outer_rt = cx.rt.clone();
    // The body names the runtime by the short `__rt` (`with_private_imports`).
    let body_cx = ModuleCx {
        module: cx.module,
        rt: quote!(__rt),
    };
    let cx = &body_cx;
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
                    let read = quote!(#rt::__private::union::from_map(map));
                    let d = quote!(::serde::de::value::MapAccessDeserializer::new(map));
                    let call = payload_from(cx, v, ty, read, d);
                    Some(quote!(Some(#(#indices)|*) => #call,))
                }
                VariantKind::Literal(_) => None,
            }
        })
        .collect::<Vec<_>>();
    let body = with_private_imports(
        quote! {
            let (tag, map) = #rt::__private::union::tagged(map, #property, &[#(#values),*])?;
            match tag {
                #(#arms)*
                _ => Err(#rt::__private::de::no_alternative(#type_name, #keyword, "the object")),
            }
        },
        "__rt",
        &outer_rt,
    );
    let expecting = expecting_for(t, e);
    Some(quote! {
        #outer_rt::__private::de::deserialize_map!(#name);
        impl<'de> #outer_rt::__private::de::ReadMap<'de> for #name {
            const EXPECTING: &'static str = #expecting;

            fn read_map<Access>(map: Access) -> Result<Self, Access::Error>
            where
                Access: #outer_rt::__private::de::Fields<'de>,
            {
                #body
            }
        }
    })
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

/// An enum whose alternatives differ by JSON kind: one associated function per kind it
/// takes (`union::ReadAny`, whose visitor the runtime writes once), each matching the
/// kind's literals, then handing the value to the payload that takes the kind.
fn dispatch_enum_impl(cx: &ModuleCx<'_>, t: &TypeDef, e: &Enum) -> TokenStream {
    let rt = &cx.rt;
    let name = ident(&t.name);
    let d = Dispatch {
        cx,
        e,
        type_name: lit(&t.name),
        keyword: lit(e.keyword),
    };
    let mut methods = Vec::new();
    methods.extend(d.visit_str());
    methods.extend(d.visit_bool());
    methods.extend(d.visit_number());
    methods.extend(d.visit_unit());
    methods.extend(d.visit_access());
    let expecting = expecting_for(t, e);
    quote! {
        #rt::__private::union::deserialize_any!(#name);
        impl<'de> #rt::__private::union::ReadAny<'de> for #name {
            const EXPECTING: &'static str = #expecting;

            #(#methods)*
        }
    }
}

/// The enum of a [`dispatch_enum_impl`], which renders one `ReadAny` method per JSON kind.
struct Dispatch<'a> {
    cx: &'a ModuleCx<'a>,
    e: &'a Enum,
    /// The enum's name, for its errors.
    type_name: Literal,
    /// The enum's keyword (`anyOf`, `oneOf`, ...), for its errors.
    keyword: Literal,
}

impl<'a> Dispatch<'a> {
    /// The error when no alternative takes a value of the kind `found` (`a string`).
    fn fail(&self, found: &str) -> TokenStream {
        let rt = &self.cx.rt;
        let (type_name, keyword) = (&self.type_name, &self.keyword);
        quote!(Err(#rt::__private::de::no_alternative(#type_name, #keyword, #found)))
    }

    /// The payload variant that takes values of kind `k`, with its type.
    fn payload_for(&self, k: Kind) -> Option<(&'a crate::ir::Variant, &'a Ty)> {
        self.e.variants.iter().find_map(|v| match &v.kind {
            VariantKind::Payload(ty) => {
                let mut ks = BTreeSet::new();
                kinds_of(self.cx.module, ty, &mut ks);
                ks.contains(&k).then_some((v, ty))
            }
            VariantKind::Literal(_) => None,
        })
    }

    /// The literal variants whose value is of kind `k`, with their values.
    fn literals_of(&self, k: Kind) -> Vec<(&'a crate::ir::Variant, &'a Value)> {
        self.e
            .variants
            .iter()
            .filter_map(|v| match &v.kind {
                VariantKind::Literal(l) if kind_of_value(l) == k => Some((v, l)),
                _ => None,
            })
            .collect()
    }

    /// What a scalar method returns when no literal matched: the payload variant taking
    /// the value (`own`: as it is, when its type, through aliases, is the visited one;
    /// else read by `read`, or by the payload's `Deserialize` from `d`), or no alternative.
    fn tail_for(
        &self,
        payload: Option<(&crate::ir::Variant, &Ty)>,
        own: Option<(&Ty, TokenStream)>,
        read: TokenStream,
        d: TokenStream,
        found: &str,
    ) -> TokenStream {
        match (payload, own) {
            (Some((v, ty)), Some((own_ty, value))) if same_type(self.cx, ty, own_ty) => {
                let vname = ident(&v.name);
                quote!(Ok(Self::#vname(#value)))
            }
            (Some((v, ty)), _) => payload_from(self.cx, v, ty, read, d),
            (None, _) => self.fail(found),
        }
    }

    /// `visit_str`, when a literal or payload takes strings.
    fn visit_str(&self) -> Option<TokenStream> {
        let rt = &self.cx.rt;
        let str_lits = self.literals_of(Kind::String);
        let str_payload = self.payload_for(Kind::String);
        if str_lits.is_empty() && str_payload.is_none() {
            return None;
        }
        let arms = str_lits.iter().map(|(v, l)| {
            let s = lit(l.as_str().unwrap_or_default());
            let vname = ident(&v.name);
            quote!(#s => return Ok(Self::#vname),)
        });
        let tail = self.tail_for(
            str_payload,
            Some((&Ty::String, quote!(String::from(value)))),
            quote!(#rt::__private::union::from_str(value)),
            quote!(#rt::__private::scalar::Scalar::Str(value).de::<E>()),
            "a string",
        );
        let matcher = match str_lits.as_slice() {
            [] => quote!(),
            [(v, l)] => {
                let lit_s = lit(l.as_str().unwrap_or_default());
                let vname = ident(&v.name);
                quote! {
                    if value == #lit_s {
                        return Ok(Self::#vname);
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
        Some(quote! {
            fn visit_str<E: ::serde::de::Error>(value: &str) -> Result<Self, E> {
                #matcher
                #tail
            }
        })
    }

    /// `visit_bool`, when a literal or payload takes booleans.
    fn visit_bool(&self) -> Option<TokenStream> {
        let rt = &self.cx.rt;
        let bool_lits = self.literals_of(Kind::Bool);
        let bool_payload = self.payload_for(Kind::Bool);
        if bool_lits.is_empty() && bool_payload.is_none() {
            return None;
        }
        let checks = bool_lits.iter().map(|(v, l)| {
            let vname = ident(&v.name);
            if l.as_bool().unwrap_or_default() {
                quote!(if value { return Ok(Self::#vname); })
            } else {
                quote!(if !value { return Ok(Self::#vname); })
            }
        });
        let tail = self.tail_for(
            bool_payload,
            Some((&Ty::Bool, quote!(value))),
            quote!(#rt::__private::union::from_bool(value)),
            quote!(#rt::__private::scalar::Scalar::Bool(value).de::<E>()),
            "a boolean",
        );
        Some(quote! {
            fn visit_bool<E: ::serde::de::Error>(value: bool) -> Result<Self, E> {
                #(#checks)*
                #tail
            }
        })
    }

    /// `visit_number`, when a literal or payload takes numbers: `value` is the runtime's
    /// `Scalar` of the number (`U64`, `I64` or `F64`).
    fn visit_number(&self) -> Option<TokenStream> {
        let rt = &self.cx.rt;
        let num_lits = self.literals_of(Kind::Number);
        let num_payload = self.payload_for(Kind::Number);
        if num_lits.is_empty() && num_payload.is_none() {
            return None;
        }
        let checks = num_lits.iter().map(|(v, l)| {
            let vname = ident(&v.name);
            let lv = value_tokens(l);
            quote! {
                if #rt::json::json_eq(&value.to_value(), &#lv) {
                    return Ok(Self::#vname);
                }
            }
        });
        let tail = self.tail_for(
            num_payload,
            None,
            quote!(value.read()),
            quote!(value.de::<E>()),
            "a number",
        );
        Some(quote! {
            fn visit_number<E: ::serde::de::Error>(
                value: #rt::__private::scalar::Scalar<'de, '_>,
            ) -> Result<Self, E> {
                #(#checks)*
                #tail
            }
        })
    }

    /// `visit_unit` (null), when a literal or payload takes `null`.
    fn visit_unit(&self) -> Option<TokenStream> {
        let rt = &self.cx.rt;
        let null_lit = self.literals_of(Kind::Null);
        let null_payload = self.payload_for(Kind::Null);
        if null_lit.is_empty() && null_payload.is_none() {
            return None;
        }
        let body = if let Some((v, _)) = null_lit.first() {
            let vname = ident(&v.name);
            quote!(Ok(Self::#vname))
        } else if let Some((v, ty)) = null_payload {
            let vname = ident(&v.name);
            let call = if ty.has_bare_int(self.cx.module) {
                de_call(
                    self.cx,
                    ty,
                    quote!(#rt::__private::scalar::Scalar::Null.de::<E>()),
                )
            } else {
                quote!(#rt::__private::union::from_null())
            };
            quote!(#call.map(Self::#vname))
        } else {
            self.fail("null")
        };
        Some(quote! {
            fn visit_unit<E: ::serde::de::Error>() -> Result<Self, E> {
                #body
            }
        })
    }

    /// `visit_seq` and `visit_map`, for the payloads that take arrays and objects: the
    /// payload reads them from the visitor's access.
    fn visit_access(&self) -> Vec<TokenStream> {
        let rt = &self.cx.rt;
        let mut methods = Vec::new();
        for (kind, method, access, arg, from, deser) in [
            (
                Kind::Array,
                quote!(visit_seq),
                quote!(SeqAccess),
                quote!(seq),
                quote!(from_seq),
                quote!(SeqAccessDeserializer),
            ),
            (
                Kind::Object,
                quote!(visit_map),
                quote!(MapAccess),
                quote!(map),
                quote!(from_map),
                quote!(MapAccessDeserializer),
            ),
        ] {
            if let Some((v, ty)) = self.payload_for(kind) {
                let read = quote!(#rt::__private::union::#from(#arg));
                let d = quote!(::serde::de::value::#deser::new(#arg));
                let call = payload_from(self.cx, v, ty, read, d);
                methods.push(quote! {
                    fn #method<A: ::serde::de::#access<'de>>(#arg: A) -> Result<Self, A::Error> {
                        #call
                    }
                });
            }
        }
        methods
    }
}

/// Whether `ty` is `own` (a `String` or `bool`), through aliases: a value of the visited
/// type is then the payload as it is.
fn same_type(cx: &ModuleCx<'_>, ty: &Ty, own: &Ty) -> bool {
    let mut ty = ty;
    for _ in 0..32 {
        match ty {
            Ty::Named(id) => match &cx.module.get(*id).kind {
                TypeKind::Alias(target) => ty = target,
                _ => return false,
            },
            _ => return ty == own,
        }
    }
    false
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

/// The alternatives tried in order on a buffered `Value` (each payload's type inferred
/// from its variant). When none takes it and validators are generated, the error is the
/// union's own node's (raised in flight, so that no second parse is needed:
/// `union::unmatched`).
fn buffered_enum_impl(
    cx: &ModuleCx<'_>,
    t: &TypeDef,
    e: &Enum,
    inflight: Option<&Inflight<'_>>,
) -> TokenStream {
    let (impl_generics, self_ty, where_clause) = header(cx, t, true);
    let outer_rt = cx.rt.clone();
    // The body names the runtime by the short `__rt` (`with_private_imports`).
    let body_cx = ModuleCx {
        module: cx.module,
        rt: quote!(__rt),
    };
    let cx = &body_cx;
    let rt = &cx.rt;
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
                let call = if ty.has_bare_int(cx.module) {
                    de_call(cx, ty, quote!(&value))
                } else {
                    quote!(::serde::Deserialize::deserialize(&value))
                };
                // An alternative that fails is swallowed: `attempt` drops what it
                // raised in flight (the session knows an error by its record).
                quote! {
                    if let Some(inner) = #rt::__private::union::attempt(#call) {
                        return Ok(Self::#vname(inner));
                    }
                }
            }
        }
    });
    let fail = match inflight {
        Some(inflight) => {
            let node = inflight.node_fn(t.node);
            quote!(#rt::__private::union::unmatched(&value, #node, #type_name, #keyword))
        }
        None => quote!(Err(#rt::__private::de::no_alternative(#type_name, #keyword, "the value"))),
    };
    let body = with_private_imports(
        quote! {
            let value = #rt::__private::union::buffer(deserializer)?;
            #(#tries)*
            #fail
        },
        "__rt",
        &outer_rt,
    );
    quote! {
        impl #impl_generics ::serde::Deserialize<'de> for #self_ty #where_clause {
            fn deserialize<Deser>(deserializer: Deser) -> Result<Self, Deser::Error>
            where
                Deser: ::serde::Deserializer<'de>,
            {
                #body
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
