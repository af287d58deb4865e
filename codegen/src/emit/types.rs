//! Type definitions: structs, enums and aliases, with docs and derives.

mod tuple;

use super::defaults::{default_impl, DefaultImpl};
use super::rust_ty::{doc_attrs, doc_lines, doc_prose, ModuleCx};
use super::tokens::{ident, lit};
use crate::ir::{Extra, Ty, TypeDef, TypeKind, VariantKind};
use crate::settings::{SchemarsDerive, Settings};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// Whether every variant is a literal (so the enum can be `Copy`, `Eq`, `Ord`, `Hash`).
pub(crate) fn is_unit_enum(t: &TypeDef) -> bool {
    matches!(&t.kind, TypeKind::Enum(e) if e.variants.iter().all(|v| matches!(v.kind, VariantKind::Literal(_))))
}

fn schemars_attr(settings: &Settings, inner: TokenStream) -> TokenStream {
    match &settings.schemars {
        SchemarsDerive::Never => TokenStream::new(),
        SchemarsDerive::Always => quote!(#[schemars(#inner)]),
        SchemarsDerive::Feature(f) => {
            let f = lit(f);
            quote!(#[cfg_attr(feature = #f, schemars(#inner))])
        }
    }
}

fn derives(settings: &Settings, t: &TypeDef) -> TokenStream {
    let mut list: Vec<TokenStream> = vec![quote!(Debug), quote!(Clone), quote!(PartialEq)];
    if is_unit_enum(t) {
        list.extend([
            quote!(Copy),
            quote!(Eq),
            quote!(Hash),
            quote!(PartialOrd),
            quote!(Ord),
        ]);
    } else if t.validated {
        // A validating newtype compares, orders and hashes as its value: a string or an
        // integer wholly, an `f64` partially; a number is `Copy`.
        match &t.kind {
            TypeKind::Newtype(Ty::F64) => list.extend([quote!(Copy), quote!(PartialOrd)]),
            TypeKind::Newtype(Ty::Int(_)) => list.extend([
                quote!(Copy),
                quote!(Eq),
                quote!(Hash),
                quote!(PartialOrd),
                quote!(Ord),
            ]),
            _ => list.extend([quote!(Eq), quote!(Hash), quote!(PartialOrd), quote!(Ord)]),
        }
    }
    if default_impl(t) == DefaultImpl::Derive {
        list.push(quote!(Default));
    }
    for d in &settings.extra_derives {
        if let Ok(path) = syn::parse_str::<syn::Path>(d) {
            // `Default` is implemented wherever every field can take a value
            // (`emit::defaults`); a derive asked for on every type would not compile on
            // a struct with a required field or an enum without a default variant.
            if path.segments.last().is_some_and(|s| s.ident == "Default") {
                continue;
            }
            if !list
                .iter()
                .any(|x| x.to_string() == quote!(#path).to_string())
            {
                list.push(quote!(#path));
            }
        }
    }
    let base = quote!(#[derive(#(#list),*)]);
    let schemars = match &settings.schemars {
        SchemarsDerive::Never => TokenStream::new(),
        SchemarsDerive::Always => quote!(#[derive(::schemars::JsonSchema)]),
        SchemarsDerive::Feature(f) => {
            let f = lit(f);
            quote!(#[cfg_attr(feature = #f, derive(::schemars::JsonSchema))])
        }
    };
    quote!(#base #schemars)
}

fn origin_doc(t: &TypeDef) -> TokenStream {
    let line = format!(" Generated from `{}`.", t.origin);
    quote!(#[doc = ""] #[doc = #line])
}

/// The definition of one named type.
/// What every definition starts with: the name, the docs, the origin line and the
/// generic parameters.
struct Head {
    name: proc_macro2::Ident,
    docs: TokenStream,
    origin: TokenStream,
    generics: TokenStream,
}

/// The definition of one named type.
pub(crate) fn definition(cx: &ModuleCx<'_>, settings: &Settings, t: &TypeDef) -> TokenStream {
    let name = ident(&t.name);
    let docs = doc_attrs(t.docs.as_deref());
    let origin = if t.docs.is_some() {
        origin_doc(t)
    } else {
        let line = format!(" Generated from `{}`.", t.origin);
        quote!(#[doc = #line])
    };
    let generics = if t.generics.is_empty() {
        TokenStream::new()
    } else {
        let ps = generic_decls(settings, t);
        quote!(<#(#ps),*>)
    };
    let head = Head {
        name,
        docs,
        origin,
        generics,
    };
    match &t.kind {
        TypeKind::Struct(s) => struct_definition(cx, settings, t, s, &head),
        TypeKind::Enum(e) => enum_definition(cx, settings, t, e, &head),
        TypeKind::Newtype(ty) => newtype_definition(cx, settings, t, ty, &head),
        TypeKind::Tuple(tuple) => tuple::tuple_definition(cx, settings, t, tuple, &head),
        TypeKind::Alias(ty) => alias_definition(cx, ty, &head),
    }
}

/// A struct: its fields (docs, renames, visibility), its extras and key order, and its getters.
fn struct_definition(
    cx: &ModuleCx<'_>,
    settings: &Settings,
    t: &TypeDef,
    s: &crate::ir::Struct,
    head: &Head,
) -> TokenStream {
    let Head {
        name,
        docs,
        origin,
        generics,
    } = head;
    let rt = &cx.rt;
    let derive = derives(settings, t);
    let fields = s.stored_fields().map(|f| {
        let fname = ident(&f.name);
        let fty = cx.field_ty(&f.ty, f.presence());
        // The schema's description (escaped for rustdoc), and what a reader must
        // know beyond it (envgen's own Markdown, with intra-doc links); an
        // undocumented plain field gets no filler.
        let notes: Vec<String> = f
            .docs
            .as_deref()
            .map(|d| doc_prose(d).trim_end().to_owned())
            .into_iter()
            .chain(default_note(f))
            .chain(narrowing_note(&f.ty))
            .collect();
        let fdocs = doc_lines(&notes.join("\n\n"));
        let rename = if f.name != f.json {
            schemars_attr(settings, {
                let j = lit(&f.json);
                quote!(rename = #j)
            })
        } else {
            TokenStream::new()
        };
        // A derived field (the ResponseEnvelope spec's `ok`) is read-only outside
        // the crate: parsing, the builder and the crate's own factory set it;
        // `getters` reads it.
        let vis = if f.derived.is_some() {
            quote!(pub(crate))
        } else {
            quote!(pub)
        };
        quote! {
            #fdocs
            #rename
            #vis #fname: #fty,
        }
    });
    let getters = getters(cx, t, &s.fields);
    let extra = match &s.extra {
        Extra::Deny => TokenStream::new(),
        Extra::Preserve => {
            let flatten = schemars_attr(settings, quote!(flatten));
            quote! {
                /// Properties the schema does not declare, kept in document order so
                /// that a round trip loses nothing.
                #flatten
                pub extra: ::serde_json::Map<String, ::serde_json::Value>,
            }
        }
        Extra::Typed(ty) => {
            let v = cx.ty(ty);
            let flatten = schemars_attr(settings, quote!(flatten));
            quote! {
                /// Properties the schema does not declare, typed by its
                /// `additionalProperties` / `patternProperties`.
                #flatten
                pub extra: #rt::IndexMap<String, #v>,
            }
        }
    };
    let key_order = if s.key_order {
        let skip = schemars_attr(settings, quote!(skip));
        quote! {
            /// The order the parsed document gave this object's keys in; serializing
            /// follows it (envgen's `preserve_key_order` setting). Empty for a value
            /// built in code, which serializes in schema order. Equality ignores it.
            #skip
            pub key_order: #rt::KeyOrder,
        }
    } else {
        TokenStream::new()
    };
    quote! {
        #docs
        #origin
        #derive
        pub struct #name #generics {
            #(#fields)*
            #extra
            #key_order
        }
        #getters
    }
}

/// An enum: unit variants for literals, tuple variants for payloads.
fn enum_definition(
    cx: &ModuleCx<'_>,
    settings: &Settings,
    t: &TypeDef,
    e: &crate::ir::Enum,
    head: &Head,
) -> TokenStream {
    let Head {
        name,
        docs,
        origin,
        generics,
    } = head;
    let derive = derives(settings, t);
    let has_payload = e
        .variants
        .iter()
        .any(|v| matches!(v.kind, VariantKind::Payload(_)));
    let untagged = if has_payload {
        schemars_attr(settings, quote!(untagged))
    } else {
        TokenStream::new()
    };
    // Payload sizes are unknown here; boxing every big alternative would make the
    // common small case pay. See docs/decisions.md ("Allowed lints").
    let large = if has_payload {
        quote!(#[allow(clippy::large_enum_variant)])
    } else {
        TokenStream::new()
    };
    let variants = e.variants.iter().enumerate().map(|(i, v)| {
        let vname = ident(&v.name);
        let default = if e.default == Some(i) && default_impl(t) == DefaultImpl::Derive {
            quote!(#[default])
        } else {
            TokenStream::new()
        };
        // A variant of an enum of strings shows its string in the `string_enum!`
        // table beside the enum and through `as_str()`; a doc that repeats it
        // would double the enum's lines (docs/type-mapping.md, "Enums").
        let vdocs = match (&v.docs, &v.kind) {
            (Some(d), _) => doc_attrs(Some(d)),
            (None, VariantKind::Literal(_)) if e.is_string_enum() => TokenStream::new(),
            (None, VariantKind::Literal(l)) => {
                let s = format!(" `{}`", serde_json::to_string(l).unwrap_or_default());
                quote!(#[doc = #s])
            }
            (None, VariantKind::Payload(_)) => TokenStream::new(),
        };
        match &v.kind {
            VariantKind::Literal(l) => {
                let rename = match l {
                    serde_json::Value::String(s) => {
                        let s = lit(s);
                        schemars_attr(settings, quote!(rename = #s))
                    }
                    _ => TokenStream::new(),
                };
                quote!(#vdocs #default #rename #vname,)
            }
            VariantKind::Payload(ty) => {
                let ty = cx.ty(ty);
                quote!(#vdocs #vname(#ty),)
            }
        }
    });
    quote! {
        #docs
        #origin
        #derive
        #large
        #untagged
        pub enum #name #generics {
            #(#variants)*
        }
    }
}

/// A newtype around its one value, with `Deref`, `DerefMut` and `From`.
fn newtype_definition(
    cx: &ModuleCx<'_>,
    settings: &Settings,
    t: &TypeDef,
    ty: &Ty,
    head: &Head,
) -> TokenStream {
    let Head {
        name,
        docs,
        origin,
        generics,
    } = head;
    let derive = derives(settings, t);
    let inner = cx.ty(ty);
    let self_ty = cx.self_ty(t);
    let impl_generics = cx.impl_generics(t);
    let transparent = schemars_attr(settings, quote!(transparent));
    if t.validated {
        // A validating newtype (docs/type-mapping.md, "Constrained strings and numbers"):
        // the field is private, and every way in (`new`, `FromStr`, `TryFrom`,
        // `Deserialize`) checks the schema; the impls are the runtime's.
        let rt = &cx.rt;
        let impls = match ty {
            Ty::Int(_) | Ty::F64 => quote!(#rt::__private::validated_number!(#name, #inner);),
            _ => quote!(#rt::__private::validated_string!(#name);),
        };
        return quote! {
            #docs
            #origin
            #derive
            #transparent
            pub struct #name(#inner);

            #impls
        };
    }
    quote! {
        #docs
        #origin
        #derive
        #transparent
        pub struct #name #generics(
            /// The value; (de)serialized as it is, without a wrapper.
            pub #inner,
        );

        impl #impl_generics ::core::ops::Deref for #self_ty {
            type Target = #inner;

            fn deref(&self) -> &Self::Target {
                &self.0
            }
        }

        impl #impl_generics ::core::ops::DerefMut for #self_ty {
            fn deref_mut(&mut self) -> &mut Self::Target {
                &mut self.0
            }
        }

        impl #impl_generics ::core::convert::From<#inner> for #self_ty {
            fn from(value: #inner) -> Self {
                Self(value)
            }
        }
    }
}

/// A type alias.
fn alias_definition(cx: &ModuleCx<'_>, ty: &Ty, head: &Head) -> TokenStream {
    let Head {
        name,
        docs,
        origin,
        generics,
    } = head;
    let target = cx.ty(ty);
    let ty_params = generics;
    quote! {
        #docs
        #origin
        pub type #name #ty_params = #target;
    }
}

/// Getters of the derived (read-only) fields: by value for `bool` and numbers, by
/// reference otherwise; and the constant of each implied field (`ShapeCircle::KIND`).
/// Empty when the struct has neither.
fn getters(cx: &ModuleCx<'_>, t: &TypeDef, fields: &[crate::ir::Field]) -> TokenStream {
    let methods: Vec<TokenStream> = fields
        .iter()
        .filter_map(|f| {
            if let Some(tag) = &f.implied {
                let name = format_ident!("{}", f.name.trim_start_matches("r#").to_uppercase());
                let doc = format!(
                    " The `{}` of every value: `{}`, the only string its schema admits. Not \
                     stored: serializing writes it, and parsing refuses any other.",
                    f.json,
                    serde_json::Value::String(tag.clone())
                );
                return Some(quote!(#[doc = #doc] pub const #name: &'static str = #tag;));
            }
            let expr = f.derived.as_ref()?;
            let fname = ident(&f.name);
            let fty = cx.field_ty(&f.ty, f.presence());
            let doc = format!(
                " `{}`, read-only: builders derive it (`{expr}`), parsing reads it.",
                f.json
            );
            let copy = f.presence() == crate::ir::Presence::Required
                && matches!(f.ty, Ty::Bool | Ty::Int(_) | Ty::F64);
            Some(if copy {
                quote!(#[doc = #doc] pub fn #fname(&self) -> #fty { self.#fname })
            } else {
                quote!(#[doc = #doc] pub fn #fname(&self) -> &#fty { &self.#fname })
            })
        })
        .collect();
    if methods.is_empty() {
        return TokenStream::new();
    }
    let name = ident(&t.name);
    let ps: Vec<_> = t.generics.iter().map(|g| ident(g)).collect();
    let tps = if ps.is_empty() {
        TokenStream::new()
    } else {
        quote!(<#(#ps),*>)
    };
    quote! {
        impl #tps #name #tps {
            #(#methods)*
        }
    }
}

/// The type's generic parameters with their defaults (`T = ::serde_json::Value`).
pub(crate) fn generic_decls(settings: &Settings, t: &TypeDef) -> Vec<TokenStream> {
    t.generics
        .iter()
        .map(|g| {
            let p = ident(g);
            let default = settings
                .generic_properties
                .iter()
                .find(|gp| &gp.param == g)
                .and_then(|gp| syn::parse_str::<syn::Type>(&gp.default).ok());
            match default {
                Some(d) => quote!(#p = #d),
                None => quote!(#p = ::serde_json::Value),
            }
        })
        .collect()
}

/// Where an absent field's schema default is read, for a field with an accessor.
fn default_note(f: &crate::ir::Field) -> Option<String> {
    let accessor = f.default.as_ref()?.accessor.as_ref()?;
    Some(format!(
        "Absent, it means the schema's `default`: [`Self::{accessor}`] reads it."
    ))
}

/// What a docs reader must know when a setting made the type narrower than the schema on
/// purpose (docs/soundness.md, "Narrowing on purpose"): which setting, and what happens to
/// a value the Rust type cannot hold.
fn narrowing_note(ty: &Ty) -> Option<String> {
    match ty {
        Ty::Option(t) | Ty::Vec(t) | Ty::Map(t) | Ty::Boxed(t) => narrowing_note(t),
        Ty::Mapped(m) => Some(match &m.parses {
            Some(f) => format!(
                "Held as `{}`, mapped from `format: {}` by a format mapping\n\
                 (`Settings::map_format`, `--map-format`): a string that type does not\n\
                 parse is refused, even where the schema only annotates the format.",
                m.path, f.format
            ),
            None => format!(
                "Held as `{}`, mapped by `Settings::map_type` (`--map-type`) or the\n\
                 schema's `x-rust-type`: that type's `Deserialize` decides what it holds.",
                m.path
            ),
        }),
        _ => None,
    }
}
