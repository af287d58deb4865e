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

/// The `Serialize` impl of one type (aliases have none).
pub(crate) fn serialize_impl(cx: &ModuleCx<'_>, t: &TypeDef) -> TokenStream {
    let self_ty = cx.self_ty(t);
    let params = cx.params(t);
    let impl_generics = if params.is_empty() {
        quote!()
    } else {
        quote!(<#(#params),*>)
    };
    let where_clause = if params.is_empty() {
        quote!()
    } else {
        quote!(where #(#params: ::serde::Serialize),*)
    };
    let body = match &t.kind {
        TypeKind::Alias(_) => return TokenStream::new(),
        TypeKind::Newtype(ty) => {
            let v = value_expr(cx, ty, quote!(&self.0));
            quote!(::serde::Serialize::serialize(#v, serializer))
        }
        // The leading items, then the further ones: the array as it was read.
        TypeKind::Tuple(tuple) => {
            let n = tuple.items.len();
            let count = Literal::usize_unsuffixed(n);
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
        TypeKind::Struct(s) => {
            // The body names the runtime by the short `__rt`, and its private modules by
            // name (`tokens::with_private_imports`).
            let outer = cx;
            let body_cx = ModuleCx {
                module: cx.module,
                rt: quote!(__rt),
            };
            let cx = &body_cx;
            let rt = &cx.rt;
            let entries = s
                .fields
                .iter()
                .map(|f| {
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
                            quote!(#rt::__private::ser::optional(&mut map, #key, #v)?;)
                        }
                    }
                })
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
            let binding = if entries.is_empty() && extra.is_empty() {
                quote!(let map)
            } else {
                quote!(let mut map)
            };
            let body = if s.key_order && !(entries.is_empty() && extra.is_empty()) {
                in_key_order(cx, s, &entries)
            } else {
                quote!(#(#entries)* #extra)
            };
            with_private_imports(
                quote! {
                    use ::serde::ser::SerializeMap as _;
                    #binding = serializer.serialize_map(None)?;
                    #body
                    map.end()
                },
                "__rt",
                &outer.rt,
            )
        }
        // An enum of strings is its `as_str` (`emit::conversions`).
        TypeKind::Enum(e) if super::conversions::serde_in_macro(e) => return TokenStream::new(),
        TypeKind::Enum(e) if e.is_string_enum() => quote!(serializer.serialize_str(self.as_str())),
        TypeKind::Enum(e) => {
            let arms = e.variants.iter().map(|v| {
                let vname = ident(&v.name);
                match &v.kind {
                    VariantKind::Literal(l) => {
                        let body = match l {
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
                        };
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
    };
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
