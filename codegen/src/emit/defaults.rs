//! Schema `default`s in the generated API: an accessor per optional field with a default
//! (the field's value, or the default where the document left it out), the values builders
//! fill in, and `impl Default` wherever every field can take a value without the caller.
//!
//! The fields themselves stay as the document gave them, so a round trip writes back
//! exactly what was read: a default is never written into a value that was parsed.

use super::rust_ty::ModuleCx;
use super::tokens::{ident, lit};
use crate::ir::{DefaultValue, Field, Presence, Struct, Ty, TypeDef, TypeKind, VariantKind};
use proc_macro2::{Literal, TokenStream};
use quote::quote;

/// How a type gets its `Default`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DefaultImpl {
    /// Not every field can take a value without the caller (a required field without a
    /// default, a derived field), or the schema names no default variant.
    None,
    /// `#[derive(Default)]`: a struct of optional fields without generic parameters, or
    /// an enum with `#[default]` on the variant the schema's `default` names.
    Derive,
    /// A written `impl Default`: a struct with required fields that have defaults, or
    /// with generic parameters (a derive would bound them by `Default`).
    Written,
}

/// How `t` gets its `Default`.
pub(crate) fn default_impl(t: &TypeDef) -> DefaultImpl {
    match &t.kind {
        TypeKind::Struct(s) => {
            let mut written = !t.generics.is_empty();
            for f in s.stored_fields() {
                if f.derived.is_some() {
                    return DefaultImpl::None;
                }
                match (f.presence(), &f.default) {
                    (Presence::Optional | Presence::OptionalNullable, _) => {}
                    (Presence::Required, Some(d)) if d.value != DefaultValue::Null => {
                        written = true;
                    }
                    (Presence::RequiredNullable, Some(_)) => written = true,
                    _ => return DefaultImpl::None,
                }
            }
            if written {
                DefaultImpl::Written
            } else {
                DefaultImpl::Derive
            }
        }
        // `Enum::default` only ever names a literal (unit) variant (`ir::defaults`).
        TypeKind::Enum(e) if e.default.is_some() => DefaultImpl::Derive,
        TypeKind::Enum(_) => DefaultImpl::None,
        TypeKind::Alias(_) | TypeKind::Newtype(_) | TypeKind::Tuple(_) => DefaultImpl::None,
    }
}

/// The written `impl Default` of `t`, and the accessors of its fields with defaults.
pub(crate) fn items(cx: &ModuleCx<'_>, t: &TypeDef) -> TokenStream {
    let TypeKind::Struct(s) = &t.kind else {
        return TokenStream::new();
    };
    let mut out = accessors(cx, t, s);
    if default_impl(t) == DefaultImpl::Written {
        out.extend(written_default(cx, t, s));
    }
    out
}

/// The field's value when it is present and not `null`, as an owned expression of its
/// type. `None` for the `null` default, which is no value of the type.
pub(crate) fn value_expr(cx: &ModuleCx<'_>, d: &DefaultValue) -> Option<TokenStream> {
    Some(match d {
        DefaultValue::Null => return None,
        DefaultValue::Bool(b) => quote!(#b),
        DefaultValue::Int(i) => {
            let l = Literal::i64_unsuffixed(*i);
            quote!(#l)
        }
        DefaultValue::UInt(u) => {
            let l = Literal::u64_unsuffixed(*u);
            quote!(#l)
        }
        DefaultValue::Float(f) => {
            let l = Literal::f64_unsuffixed(*f);
            quote!(#l)
        }
        DefaultValue::Str(s) => {
            let s = lit(s);
            quote!(::std::string::String::from(#s))
        }
        // Unchecked here, in the newtype's module: `build()` checks it as any value.
        DefaultValue::Newtype(id, inner) => {
            let name = ident(&cx.module.get(*id).name);
            let v = value_expr(cx, inner)?;
            quote!(#name(#v))
        }
        DefaultValue::Variant(id, i) => {
            let t = cx.module.get(*id);
            let name = ident(&t.name);
            let v = match &t.kind {
                TypeKind::Enum(e) => ident(&e.variants[*i].name),
                _ => return None,
            };
            quote!(#name::#v)
        }
        DefaultValue::EmptyVec => quote!(::std::vec::Vec::new()),
    })
}

/// The default as the field holds it: `None`, `Some(value)`, or the value itself.
pub(crate) fn stored_expr(cx: &ModuleCx<'_>, f: &Field, d: &DefaultValue) -> Option<TokenStream> {
    let value = value_expr(cx, d);
    Some(match (f.presence(), value) {
        (Presence::Required, Some(v)) => v,
        (Presence::Required, None) => return None,
        (Presence::RequiredNullable | Presence::Optional, Some(v)) => quote!(Some(#v)),
        (Presence::RequiredNullable, None) => quote!(None),
        (Presence::Optional, None) => return None,
        (Presence::OptionalNullable, Some(v)) => quote!(Some(Some(#v))),
        (Presence::OptionalNullable, None) => quote!(Some(None)),
    })
}

/// How an accessor hands out the value: by copy, as `&str`, as a slice, or as a clone.
enum View {
    Copy,
    Str,
    Slice(TokenStream),
    Clone,
}

fn view(cx: &ModuleCx<'_>, ty: &Ty, depth: usize) -> View {
    if depth > 64 {
        return View::Clone;
    }
    match ty {
        Ty::Bool | Ty::Int(_) | Ty::F64 => View::Copy,
        Ty::String => View::Str,
        Ty::Vec(item) => View::Slice(cx.ty(item)),
        Ty::Named(id) => match &cx.module.get(*id).kind {
            TypeKind::Alias(t) => view(cx, t, depth + 1),
            // A validating newtype derefs to `str`; one of a number is `Copy`.
            TypeKind::Newtype(Ty::String) if cx.module.get(*id).validated => View::Str,
            TypeKind::Newtype(Ty::Int(_) | Ty::F64) if cx.module.get(*id).validated => View::Copy,
            // An enum of literals only is `Copy` (`emit::types` derives it).
            TypeKind::Enum(e)
                if e.variants
                    .iter()
                    .all(|v| matches!(v.kind, VariantKind::Literal(_))) =>
            {
                View::Copy
            }
            _ => View::Clone,
        },
        _ => View::Clone,
    }
}

fn accessors(cx: &ModuleCx<'_>, t: &TypeDef, s: &Struct) -> TokenStream {
    let methods: Vec<TokenStream> = s
        .fields
        .iter()
        .filter_map(|f| {
            let d = f.default.as_ref()?;
            let name = ident(d.accessor.as_deref()?);
            let field = ident(&f.name);
            let ty = cx.ty(&f.ty);
            let shown = shown(&d.value, cx);
            let nullable = f.presence() == Presence::OptionalNullable;
            let doc = if nullable {
                format!(
                    " `{}`, or {shown} when the document leaves it out (`None` for `null`).",
                    f.json
                )
            } else {
                format!(" `{}`, or {shown} when the document leaves it out.", f.json)
            };
            let value = value_expr(cx, &d.value);
            let (ret, body) = match (view(cx, &f.ty, 0), nullable, value) {
                (View::Copy, false, Some(v)) => (ty, quote!(self.#field.unwrap_or(#v))),
                (View::Copy, true, Some(v)) => {
                    (quote!(Option<#ty>), quote!(self.#field.unwrap_or(Some(#v))))
                }
                (View::Copy, true, None) => (quote!(Option<#ty>), quote!(self.#field.flatten())),
                (View::Str, false, Some(_)) => {
                    let s = str_lit(&d.value)?;
                    (quote!(&str), quote!(self.#field.as_deref().unwrap_or(#s)))
                }
                (View::Str, true, v) => {
                    let absent = v
                        .and(str_lit(&d.value))
                        .map_or(quote!(None), |s| quote!(Some(#s)));
                    (
                        quote!(Option<&str>),
                        quote!(self.#field.as_ref().map_or(#absent, |v| v.as_deref())),
                    )
                }
                (View::Slice(item), false, Some(_)) => (
                    quote!(&[#item]),
                    quote!(self.#field.as_deref().unwrap_or(&[])),
                ),
                (View::Slice(item), true, v) => {
                    let absent = if v.is_some() {
                        quote!(Some(&[]))
                    } else {
                        quote!(None)
                    };
                    (
                        quote!(Option<&[#item]>),
                        quote!(self.#field.as_ref().map_or(#absent, |v| v.as_deref())),
                    )
                }
                (View::Clone, false, Some(v)) => (ty, quote!(self.#field.clone().unwrap_or(#v))),
                (View::Clone, true, v) => {
                    let absent = v.map_or(quote!(None), |v| quote!(Some(#v)));
                    (
                        quote!(Option<#ty>),
                        quote!(self.#field.clone().unwrap_or(#absent)),
                    )
                }
                (_, false, None) => return None,
            };
            Some(quote! {
                #[doc = #doc]
                pub fn #name(&self) -> #ret {
                    #body
                }
            })
        })
        .collect();
    if methods.is_empty() {
        return TokenStream::new();
    }
    let self_ty = cx.self_ty(t);
    let impl_generics = cx.impl_generics(t);
    quote! {
        impl #impl_generics #self_ty {
            #(#methods)*
        }
    }
}

fn str_lit(d: &DefaultValue) -> Option<Literal> {
    match d {
        DefaultValue::Str(s) => Some(lit(s)),
        DefaultValue::Newtype(_, inner) => str_lit(inner),
        _ => None,
    }
}

/// The default as the docs show it: its JSON, or the variant that holds it.
fn shown(d: &DefaultValue, cx: &ModuleCx<'_>) -> String {
    match d {
        DefaultValue::Null => "`null`".to_owned(),
        DefaultValue::Bool(b) => format!("`{b}`"),
        DefaultValue::Int(i) => format!("`{i}`"),
        DefaultValue::UInt(u) => format!("`{u}`"),
        DefaultValue::Float(f) => format!("`{f:?}`"),
        DefaultValue::Str(s) => format!("`{}`", serde_json::Value::from(s.as_str())),
        DefaultValue::Newtype(_, inner) => shown(inner, cx),
        DefaultValue::Variant(id, i) => {
            let t = cx.module.get(*id);
            match &t.kind {
                TypeKind::Enum(e) => format!("[`{}::{}`]", t.name, e.variants[*i].name),
                _ => String::new(),
            }
        }
        DefaultValue::EmptyVec => "`[]`".to_owned(),
    }
}

fn written_default(cx: &ModuleCx<'_>, t: &TypeDef, s: &Struct) -> TokenStream {
    let fields = s.stored_fields().map(|f| {
        let n = ident(&f.name);
        let v = f
            .default
            .as_ref()
            .filter(|_| {
                matches!(
                    f.presence(),
                    Presence::Required | Presence::RequiredNullable
                )
            })
            .and_then(|d| stored_expr(cx, f, &d.value))
            .unwrap_or_else(|| quote!(None));
        quote!(#n: #v,)
    });
    let extra = if matches!(s.extra, crate::ir::Extra::Deny) {
        TokenStream::new()
    } else {
        quote!(extra: ::core::default::Default::default(),)
    };
    let key_order = if s.key_order {
        quote!(key_order: ::core::default::Default::default(),)
    } else {
        TokenStream::new()
    };
    let self_ty = cx.self_ty(t);
    let impl_generics = cx.impl_generics(t);
    quote! {
        impl #impl_generics ::core::default::Default for #self_ty {
            fn default() -> Self {
                Self {
                    #(#fields)*
                    #extra
                    #key_order
                }
            }
        }
    }
}
