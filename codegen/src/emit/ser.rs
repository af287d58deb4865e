//! `Serialize` impls: declared properties in schema order, then preserved extras;
//! absent optionals omitted, required-nullable `None` written as `null`. A tuple struct is
//! its items in order, then its further items.

use super::rust_ty::ModuleCx;
use super::tokens::{ident, lit, value_tokens, with_private_imports};
use crate::ir::{Extra, Presence, Struct, Ty, TypeDef, TypeKind, VariantKind};
use proc_macro2::{Literal, TokenStream};
use quote::quote;
use serde_json::Value;

/// `&expr`, or `&Compact(&expr)` when the type holds bare floats.
fn value_expr(cx: &ModuleCx<'_>, ty: &Ty, expr: TokenStream) -> TokenStream {
    if ty.has_bare_float(cx.module) {
        let rt = &cx.rt;
        quote!(&#rt::__private::ser::Compact(#expr))
    } else {
        expr
    }
}

/// The entries of a struct that keeps its document's key order
/// (`Settings::preserve_key_order`): the recorded keys in their order, then the fields the
/// record does not hold in schema order, then the extras not yet written.
fn in_key_order(cx: &ModuleCx<'_>, s: &Struct, entries: &[TokenStream]) -> TokenStream {
    let rt = &cx.rt;
    let n = Literal::usize_unsuffixed(entries.len());
    let extra_value = |v: TokenStream| match &s.extra {
        Extra::Typed(ty) => value_expr(cx, ty, v),
        _ => v,
    };
    let has_extra = !matches!(s.extra, Extra::Deny);
    let field_arms = entries.iter().enumerate().map(|(i, entry)| {
        let i = Literal::usize_unsuffixed(i);
        quote! {
            #rt::KeySlot::Field(#i) if !written[#i] => {
                written[#i] = true;
                #entry
            }
        }
    });
    let extra_arm = if has_extra {
        let v = extra_value(quote!(value));
        quote! {
            #rt::KeySlot::Extra => {
                if let Some((key, value)) = extras.next() {
                    map.serialize_entry(key, #v)?;
                }
            }
        }
    } else {
        quote!()
    };
    let rest = entries.iter().enumerate().map(|(i, entry)| {
        let i = Literal::usize_unsuffixed(i);
        quote! {
            if !written[#i] {
                #entry
            }
        }
    });
    let (written_decl, extras_decl, extras_rest) = (
        if entries.is_empty() {
            quote!()
        } else {
            quote!(let mut written = [false; #n];)
        },
        if has_extra {
            quote!(let mut extras = self.extra.iter();)
        } else {
            quote!()
        },
        if has_extra {
            let v = extra_value(quote!(value));
            quote! {
                for (key, value) in extras {
                    map.serialize_entry(key, #v)?;
                }
            }
        } else {
            quote!()
        },
    );
    quote! {
        #written_decl
        #extras_decl
        for slot in self.key_order.slots() {
            match slot {
                #(#field_arms)*
                #extra_arm
                _ => {}
            }
        }
        #(#rest)*
        #extras_rest
    }
}

/// The `Serialize` impl of one type (aliases have none). A struct writes its entries in a
/// `WriteMap` impl, and its `Serialize` is the runtime's `serialize_map!` (a generic
/// struct spells it out).
pub(crate) fn serialize_impl(cx: &ModuleCx<'_>, t: &TypeDef) -> TokenStream {
    let body = match &t.kind {
        TypeKind::Alias(_) => return TokenStream::new(),
        // A validating newtype's impls are the runtime's `validated_string!`.
        TypeKind::Newtype(_) if t.validated => return TokenStream::new(),
        TypeKind::Struct(s) => return struct_impls(cx, t, s),
        TypeKind::Newtype(ty) => {
            let v = value_expr(cx, ty, quote!(&self.0));
            quote!(::serde::Serialize::serialize(#v, serializer))
        }
        TypeKind::Tuple(tuple) => tuple_body(cx, tuple),
        // No value of it to write: its impls are the runtime's `uninhabited!` (`emit::de`).
        TypeKind::Enum(e) if e.is_uninhabited() => return TokenStream::new(),
        // An enum of strings is its `as_str` (`emit::conversions`).
        TypeKind::Enum(e) if super::conversions::serde_in_macro(e) => return TokenStream::new(),
        TypeKind::Enum(e) if e.is_string_enum() => quote!(serializer.serialize_str(self.as_str())),
        TypeKind::Enum(e) if cx.params(t).is_empty() && plain_union(cx, e) => {
            let rt = &cx.rt;
            let name = ident(&t.name);
            let variants = e.variants.iter().map(|v| ident(&v.name));
            return quote!(#rt::__private::ser::serialize_union!(#name { #(#variants),* }););
        }
        TypeKind::Enum(e) => enum_body(cx, e),
    };
    let (impl_generics, where_clause) = generics(cx, t);
    let self_ty = cx.self_ty(t);
    quote! {
        impl #impl_generics ::serde::Serialize for #self_ty #where_clause {
            fn serialize<Ser>(&self, serializer: Ser) -> Result<Ser::Ok, Ser::Error>
            where
                Ser: ::serde::Serializer,
            {
                #body
            }
        }
    }
}

/// `<T, …>` and `where T: Serialize, …` of `t`'s impls, or nothing.
fn generics(cx: &ModuleCx<'_>, t: &TypeDef) -> (TokenStream, TokenStream) {
    let params = cx.params(t);
    if params.is_empty() {
        (quote!(), quote!())
    } else {
        (
            quote!(<#(#params),*>),
            quote!(where #(#params: ::serde::Serialize),*),
        )
    }
}

/// The leading items, then the further ones: the array as it was read.
fn tuple_body(cx: &ModuleCx<'_>, tuple: &crate::ir::Tuple) -> TokenStream {
    let n = tuple.items.len();
    let count = Literal::usize_unsuffixed(n);
    if let Some(ty) = tuple.array_item() {
        let v = value_expr(cx, ty, quote!(item));
        return quote! {
            use ::serde::ser::SerializeSeq as _;
            let mut seq = serializer.serialize_seq(Some(#count))?;
            for item in &self.0 {
                seq.serialize_element(#v)?;
            }
            seq.end()
        };
    }
    let items = tuple.items.iter().enumerate().map(|(i, ty)| {
        let i = syn::Index::from(i);
        let v = value_expr(cx, ty, quote!(&self.#i));
        quote!(seq.serialize_element(#v)?;)
    });
    let (len, rest) = match &tuple.rest {
        None => (quote!(#count), quote!()),
        Some(ty) => {
            let r = syn::Index::from(n);
            let v = value_expr(cx, ty, quote!(item));
            (
                quote!(#count + self.#r.len()),
                quote! {
                    for item in &self.#r {
                        seq.serialize_element(#v)?;
                    }
                },
            )
        }
    };
    quote! {
        use ::serde::ser::SerializeSeq as _;
        let mut seq = serializer.serialize_seq(Some(#len))?;
        #(#items)*
        #rest
        seq.end()
    }
}

/// A struct's `WriteMap` impl (its entries: declared properties, then extras, or in the
/// document's key order) and its `Serialize` impl through it.
fn struct_impls(outer: &ModuleCx<'_>, t: &TypeDef, s: &Struct) -> TokenStream {
    // The body names the runtime by the short `__rt`, and its private modules by name
    // (`tokens::with_private_imports`).
    let body_cx = ModuleCx {
        module: outer.module,
        rt: quote!(__rt),
    };
    let cx = &body_cx;
    let entries = s
        .fields
        .iter()
        .map(|f| field_entry(cx, f))
        .collect::<Vec<_>>();
    let extra = match &s.extra {
        Extra::Deny => quote!(),
        Extra::Preserve => quote! {
            for (key, value) in &self.extra {
                map.serialize_entry(key, value)?;
            }
        },
        Extra::Typed(ty) => {
            let v = value_expr(cx, ty, quote!(value));
            quote! {
                for (key, value) in &self.extra {
                    map.serialize_entry(key, #v)?;
                }
            }
        }
    };
    let empty = entries.is_empty() && extra.is_empty();
    let map = if empty { quote!(_map) } else { quote!(map) };
    let body = if s.key_order && !empty {
        in_key_order(cx, s, &entries)
    } else {
        quote!(#(#entries)* #extra)
    };
    let body = with_private_imports(body, "__rt", &outer.rt);
    let rt = &outer.rt;
    let (impl_generics, where_clause) = generics(outer, t);
    let self_ty = outer.self_ty(t);
    let serialize = if cx.params(t).is_empty() {
        let name = ident(&t.name);
        quote!(#rt::__private::ser::serialize_map!(#name);)
    } else {
        quote! {
            impl #impl_generics ::serde::Serialize for #self_ty #where_clause {
                fn serialize<Ser>(&self, serializer: Ser) -> Result<Ser::Ok, Ser::Error>
                where
                    Ser: ::serde::Serializer,
                {
                    #rt::__private::ser::write_map(self, serializer)
                }
            }
        }
    };
    quote! {
        impl #impl_generics #rt::__private::ser::WriteMap for #self_ty #where_clause {
            fn write<M: ::serde::ser::SerializeMap>(&self, #map: &mut M) -> Result<(), M::Error> {
                #body
                Ok(())
            }
        }
        #serialize
    }
}

/// One declared property's entry: written always (required, or required and nullable:
/// `null` for `None`), or only when present (optional).
fn field_entry(cx: &ModuleCx<'_>, f: &crate::ir::Field) -> TokenStream {
    let rt = &cx.rt;
    let name = ident(&f.name);
    let key = lit(&f.json);
    if let Some(tag) = &f.implied {
        return quote!(map.serialize_entry(#key, #tag)?;);
    }
    match f.presence() {
        Presence::Required => {
            let v = value_expr(cx, &f.ty, quote!(&self.#name));
            quote!(map.serialize_entry(#key, #v)?;)
        }
        Presence::RequiredNullable => {
            let opt = Ty::Option(Box::new(f.ty.clone()));
            let v = value_expr(cx, &opt, quote!(&self.#name));
            quote!(map.serialize_entry(#key, #v)?;)
        }
        Presence::Optional | Presence::OptionalNullable => {
            let held = match f.presence() {
                Presence::OptionalNullable => Ty::Option(Box::new(f.ty.clone())),
                _ => f.ty.clone(),
            };
            let v = if held.has_bare_float(cx.module) {
                quote!(self.#name.as_ref().map(#rt::__private::ser::Compact))
            } else {
                quote!(self.#name.as_ref())
            };
            quote!(#rt::__private::ser::optional(map, #key, #v)?;)
        }
    }
}

/// Whether every variant of `e` holds a value serialized as it is (no literal, no bare
/// float that `Compact` writes).
fn plain_union(cx: &ModuleCx<'_>, e: &crate::ir::Enum) -> bool {
    !e.variants.is_empty()
        && e.variants.iter().all(|v| match &v.kind {
            VariantKind::Payload(ty) => !ty.has_bare_float(cx.module),
            VariantKind::Literal(_) => false,
        })
}

/// A union's or a literal enum's body: each variant as its literal or its value.
fn enum_body(cx: &ModuleCx<'_>, e: &crate::ir::Enum) -> TokenStream {
    let arms = e.variants.iter().map(|v| {
        let vname = ident(&v.name);
        match &v.kind {
            VariantKind::Literal(l) => {
                let body = literal_body(l);
                quote!(Self::#vname => #body,)
            }
            VariantKind::Payload(ty) => {
                let v = value_expr(cx, ty, quote!(value));
                quote!(Self::#vname(value) => ::serde::Serialize::serialize(#v, serializer),)
            }
        }
    });
    quote! {
        match self {
            #(#arms)*
        }
    }
}

/// Serializing one JSON literal.
fn literal_body(l: &Value) -> TokenStream {
    match l {
        Value::String(s) => {
            let s = lit(s);
            quote!(serializer.serialize_str(#s))
        }
        Value::Bool(b) => quote!(serializer.serialize_bool(#b)),
        Value::Null => quote!(serializer.serialize_unit()),
        Value::Number(n) => {
            if let Some(u) = n.as_u64() {
                quote!(serializer.serialize_u64(#u))
            } else if let Some(i) = n.as_i64() {
                quote!(serializer.serialize_i64(#i))
            } else {
                let f = n.as_f64().unwrap_or(0.0);
                quote!(serializer.serialize_f64(#f))
            }
        }
        other => {
            let v = value_tokens(other);
            quote!(::serde::Serialize::serialize(&#v, serializer))
        }
    }
}
