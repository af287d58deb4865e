//! Emit: IR → Rust tokens (with `quote!`) → formatted source (with prettyplease).

mod builder;
mod de;
mod doc_escape;
mod failure;
mod inflight;
mod mapped;
mod read;
mod render;
mod rust_ty;
mod ser;
mod tokens;
mod typed_check;
mod types;
mod validate;

use crate::error::{Error, Result};
use crate::ir::{Module, TypeKind};
use crate::settings::Settings;
use proc_macro2::TokenStream;
use quote::quote;
use rust_ty::ModuleCx;

pub use render::render;
pub(crate) use render::Printer;

/// The tokens of a module: for every type its definition, `Serialize` and `Deserialize`
/// impls and checked constructors; and the validators of every schema node in use.
pub fn emit(
    set: &crate::load::SchemaSet,
    doc: crate::load::DocId,
    module: Option<&Module>,
    settings: &Settings,
) -> Result<TokenStream> {
    let mut items = Vec::new();
    emit_into(set, doc, module, settings, &mut |t| {
        items.push(t);
        Ok(())
    })?;
    Ok(quote!(#(#items)*))
}

/// [`emit`], handing the tokens to `sink` a few items at a time, in output order, so that
/// a caller that prints them (`Printer`) never holds the whole module's tokens.
pub(crate) fn emit_into(
    set: &crate::load::SchemaSet,
    doc: crate::load::DocId,
    module: Option<&Module>,
    settings: &Settings,
    sink: &mut dyn FnMut(TokenStream) -> Result<()>,
) -> Result<()> {
    let source = set.document(doc).display.clone();
    let rt: TokenStream = syn::parse_str::<syn::Path>(&settings.runtime_path)
        .map(|p| quote!(#p))
        .map_err(|e| {
            Error::new(
                source.clone(),
                "",
                format!(
                    "the runtime path {:?} is not a Rust path: {e}",
                    settings.runtime_path
                ),
            )
        })?;
    let root = set
        .root(doc)
        .ok_or_else(|| Error::new(source.clone(), "", "schema set is not linked"))?;
    let plan = crate::ir::plan::Plan::new(set, doc);
    let mut v = validate::Validators::new(&plan, rt.clone());
    let inflight = inflight::Inflight::new(&plan);
    // In-flight errors come from nodes checked on their own, outside the dynamic scope.
    let inflight = (settings.validators && !plan.is_dynamic()).then_some(&inflight);
    if let Some(module) = module {
        let cx = ModuleCx {
            module,
            rt: rt.clone(),
        };
        let mut checks = typed_check::TypedChecks::new(module, rt.clone(), &mut v);
        let mut state_traits = Vec::new();
        for (i, t) in module.types.iter().enumerate() {
            sink(types::definition(&cx, settings, t))?;
            sink(ser::serialize_impl(&cx, t))?;
            sink(de::deserialize_impl(&cx, t, inflight))?;
            if !matches!(t.kind, TypeKind::Alias(_)) {
                let entry = if settings.validators {
                    Some(checks.entry(t, crate::ir::TypeId(i))?)
                } else {
                    None
                };
                sink(methods(&cx, t, entry))?;
            }
            if settings.builders {
                if let Some(b) = builder::builder(&cx, set, doc, settings, t) {
                    sink(b.items)?;
                    state_traits.push(b.traits);
                }
            }
        }
        if !state_traits.is_empty() {
            sink(quote! {
                /// The typestate of the builders: one trait per required field, implemented
                /// only by `Set`, so that `build()` compiles once every required field is set.
                #[doc(hidden)]
                #[allow(non_camel_case_types)]
                pub mod builder_state {
                    #(#state_traits)*
                }
            })?;
        }
        if settings.validators {
            for item in checks.finish()? {
                sink(item)?;
            }
        } else {
            drop(checks);
        }
    }
    // An OpenAPI document's root asserts nothing: no `validate_value` for it.
    let openapi = set.document(doc).openapi.is_some();
    if settings.validators {
        let mut roots = if openapi { Vec::new() } else { vec![root] };
        roots.extend(v.take_external_calls());
        roots.extend(inflight.map(|i| i.used()).unwrap_or_default());
        roots.extend(module.into_iter().flat_map(|m| {
            m.types
                .iter()
                .filter(|t| !matches!(t.kind, TypeKind::Alias(_)))
                .map(|t| t.node)
        }));
        roots.sort();
        roots.dedup();
        let body = v.emit(&roots)?;
        let specs = inflight.map(|i| i.statics(&rt)).unwrap_or_default();
        let wrappers = inflight.map(|i| i.wrappers(&rt)).unwrap_or_default();
        let root_fn = tokens::fn_name(root);
        let formats = settings.assert_formats;
        let validate_root = (!openapi).then(|| {
            quote! {
                /// Validates any JSON instance against the root schema, stopping at the first
                /// error.
                pub fn validate_value(value: &::serde_json::Value) -> Result<(), #rt::ValidationErrors> {
                    validate_value_with(value, &#rt::Options::new().formats(ASSERT_FORMATS))
                }

                /// Validates any JSON instance against the root schema with explicit options
                /// (collect all errors, assert formats).
                pub fn validate_value_with(
                    value: &::serde_json::Value,
                    options: &#rt::Options,
                ) -> Result<(), #rt::ValidationErrors> {
                    let mut cx = #rt::Cx::new(*options);
                    validators::#root_fn(value, &mut cx);
                    cx.finish()
                }
            }
        });
        let formats_doc = if openapi {
            " Whether `from_json_str` and `validate` assert `format` by default."
        } else {
            " Whether `validate_value` and `from_json_str` assert `format` by default."
        };
        sink(quote! {
            #[doc = #formats_doc]
            pub const ASSERT_FORMATS: bool = #formats;

            #validate_root

            #wrappers

            /// One validator per schema node.
            mod validators {
                #body
                #specs
            }
        })?;
    }
    Ok(())
}

fn methods(
    cx: &ModuleCx<'_>,
    t: &crate::ir::TypeDef,
    entry: Option<proc_macro2::Ident>,
) -> TokenStream {
    let rt = &cx.rt;
    let self_ty = cx.self_ty(t);
    let params = cx.params(t);
    let parse_doc = format!(
        " Parses a JSON document as a {}; a failure names the instance pointer and keyword.",
        doc_escape::type_link(&t.name)
    );
    let Some(entry) = entry else {
        let (impl_generics, where_clause) = if params.is_empty() {
            (quote!(), quote!())
        } else {
            (
                quote!(<#(#params),*>),
                quote!(where #(#params: ::serde::de::DeserializeOwned + 'static),*),
            )
        };
        return quote! {
            impl #impl_generics #self_ty #where_clause {
                #[doc = #parse_doc]
                pub fn from_json_str(input: &str) -> Result<Self, #rt::ValidationErrors> {
                    #rt::from_json_str(input)
                }
            }
        };
    };
    let node_fn = tokens::fn_name(t.node);
    // Errors raised in flight inside a struct are its schema's; inside an enum (a `oneOf`,
    // an `anyOf`) they are an alternative's, so enums take the two-pass path.
    let direct = matches!(t.kind, TypeKind::Struct(_));
    let (impl_generics, where_clause) = if params.is_empty() {
        (quote!(), quote!())
    } else {
        (
            quote!(<#(#params),*>),
            quote!(where #(#params: ::serde::de::DeserializeOwned + ::serde::Serialize + 'static),*),
        )
    };
    let parse_doc = format!(
        " Parses and validates a JSON document as a {}. A failure names the instance\n pointer, the keyword and the schema location.",
        doc_escape::type_link(&t.name)
    );
    let parse_doc_lines: Vec<String> = parse_doc.split("\\n").map(str::to_owned).collect();
    quote! {
        impl #impl_generics #self_ty #where_clause {
            #(#[doc = #parse_doc_lines])*
            pub fn from_json_str(input: &str) -> Result<Self, #rt::ValidationErrors> {
                Self::from_json_str_with(input, &#rt::Options::new().formats(ASSERT_FORMATS))
            }

            /// [`Self::from_json_str`] with explicit options.
            pub fn from_json_str_with(input: &str, options: &#rt::Options) -> Result<Self, #rt::ValidationErrors> {
                #rt::__private::check::from_json_str_inflight(input, options, validators::#node_fn, Self::#entry, #direct)
            }

            /// Checks a value built in code against its schema, stopping at the first error.
            pub fn validate(&self) -> Result<(), #rt::ValidationErrors> {
                self.validate_with(&#rt::Options::new().formats(ASSERT_FORMATS))
            }

            /// [`Self::validate`] with explicit options.
            pub fn validate_with(&self, options: &#rt::Options) -> Result<(), #rt::ValidationErrors> {
                #rt::__private::check::typed(self, options, Self::#entry)
            }
        }

        impl #impl_generics #rt::Document for #self_ty #where_clause {
            fn from_json_str_with(input: &str, options: &#rt::Options) -> Result<Self, #rt::ValidationErrors> {
                Self::from_json_str_with(input, options)
            }

            fn validate_with(&self, options: &#rt::Options) -> Result<(), #rt::ValidationErrors> {
                Self::validate_with(self, options)
            }
        }
    }
}
