//! Emit: IR → Rust tokens (with `quote!`) → formatted source (with prettyplease).

mod builder;
mod conversions;
mod de;
mod defaults;
mod doc_escape;
mod failure;
mod inflight;
mod mapped;
mod read;
mod render;
mod rust_ty;
mod ser;
mod tag_member;
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
    let mut tokens = Tokens::default();
    emit_into(set, doc, module, settings, &mut tokens)?;
    Ok(tokens.finish())
}

/// Where [`emit_into`] hands its tokens, in output order.
pub(crate) trait Sink {
    /// Items, at the top level or inside the open module.
    fn items(&mut self, tokens: TokenStream) -> Result<()>;
    /// Opens an inline module: `head` is its outer attributes, visibility, `mod` and name
    /// (no braces); the items handed over until [`Sink::close_mod`] are its contents.
    fn open_mod(&mut self, head: TokenStream) -> Result<()>;
    /// Closes the module [`Sink::open_mod`] opened.
    fn close_mod(&mut self) -> Result<()>;
    /// Readies items of the module `module` to be handed over later with
    /// [`Sink::prepared`], for items that must be held until the module's order is known:
    /// a printer prints them at once (their text takes a fraction of their tokens' memory).
    fn prepare(&mut self, module: &str, tokens: TokenStream) -> Result<Prepared>;
    /// Hands over items [prepared](Sink::prepare) for the open module.
    fn prepared(&mut self, items: Prepared) -> Result<()>;
}

/// Items readied by [`Sink::prepare`].
pub(crate) enum Prepared {
    /// As tokens.
    Tokens(TokenStream),
    /// Printed as items of their module.
    Printed(String),
}

/// A [`Sink`] that joins everything into one token stream, moving each chunk in (a
/// `quote!` interpolation would copy it).
#[derive(Default)]
pub(crate) struct Tokens {
    out: TokenStream,
    /// The open module's head and contents.
    open: Option<(TokenStream, TokenStream)>,
}

impl Tokens {
    /// Everything handed over.
    pub(crate) fn finish(self) -> TokenStream {
        self.out
    }
}

impl Sink for Tokens {
    fn items(&mut self, tokens: TokenStream) -> Result<()> {
        match &mut self.open {
            Some((_, contents)) => contents.extend(std::iter::once(tokens)),
            None => self.out.extend(std::iter::once(tokens)),
        }
        Ok(())
    }

    fn open_mod(&mut self, head: TokenStream) -> Result<()> {
        if self.open.is_some() {
            return Err(Error::new(
                "",
                "",
                "internal: a module opened inside an open module",
            ));
        }
        self.open = Some((head, TokenStream::new()));
        Ok(())
    }

    fn close_mod(&mut self) -> Result<()> {
        let (head, contents) = self
            .open
            .take()
            .ok_or_else(|| Error::new("", "", "internal: a module closed that is not open"))?;
        self.out.extend(std::iter::once(head));
        self.out
            .extend(std::iter::once(proc_macro2::TokenTree::Group(
                proc_macro2::Group::new(proc_macro2::Delimiter::Brace, contents),
            )));
        Ok(())
    }

    fn prepare(&mut self, _module: &str, tokens: TokenStream) -> Result<Prepared> {
        Ok(Prepared::Tokens(tokens))
    }

    fn prepared(&mut self, items: Prepared) -> Result<()> {
        match items {
            Prepared::Tokens(tokens) => self.items(tokens),
            Prepared::Printed(_) => Err(Error::new("", "", "internal: printed items for tokens")),
        }
    }
}

impl Sink for Printer<'_> {
    fn items(&mut self, tokens: TokenStream) -> Result<()> {
        self.push(tokens)
    }

    fn open_mod(&mut self, head: TokenStream) -> Result<()> {
        Printer::open_mod(self, head)
    }

    fn close_mod(&mut self) -> Result<()> {
        Printer::close_mod(self)
    }

    fn prepare(&mut self, module: &str, tokens: TokenStream) -> Result<Prepared> {
        self.print_items_of(module, tokens).map(Prepared::Printed)
    }

    fn prepared(&mut self, items: Prepared) -> Result<()> {
        match items {
            Prepared::Tokens(tokens) => self.push(tokens),
            Prepared::Printed(text) => self.push_printed(&text),
        }
    }
}

/// [`emit`], handing the tokens to `sink` a few items at a time, in output order, so that
/// a caller that prints them (`Printer`) never holds the whole module's tokens.
pub(crate) fn emit_into(
    set: &crate::load::SchemaSet,
    doc: crate::load::DocId,
    module: Option<&Module>,
    settings: &Settings,
    sink: &mut dyn Sink,
) -> Result<()> {
    let source = set.document(doc).display.clone();
    let rt: TokenStream = crate::settings_errors::runtime_path(settings)
        .map(|p| quote!(#p))
        .map_err(|why| Error::new(source.clone(), "", why).with_kind(crate::ErrorKind::Setting))?;
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
        if settings.validators {
            checks.settle(inflight.is_some())?;
        }
        let mut state_traits = Vec::new();
        for (i, t) in module.types.iter().enumerate() {
            sink.items(types::definition(&cx, settings, t))?;
            sink.items(conversions::conversions(&cx, t))?;
            sink.items(tag_member::conversions(&cx, crate::ir::TypeId(i)))?;
            sink.items(defaults::items(&cx, t))?;
            sink.items(ser::serialize_impl(&cx, t))?;
            sink.items(de::deserialize_impl(&cx, t, inflight))?;
            if !matches!(t.kind, TypeKind::Alias(_)) {
                let entry = if settings.validators {
                    Some(checks.entry(t, crate::ir::TypeId(i))?)
                } else {
                    None
                };
                sink.items(methods(&cx, t, entry))?;
            }
            if settings.builders {
                if let Some(b) = builder::builder(&cx, set, doc, settings, t) {
                    sink.items(b.items)?;
                    // Builders with no required value have no typestate.
                    if !b.traits.is_empty() {
                        state_traits.push(b.traits);
                    }
                }
            }
        }
        if !state_traits.is_empty() {
            sink.open_mod(quote! {
                /// The typestate of the builders: one trait per required field, implemented
                /// only by `Set`, so that `build()` compiles once every required field is set;
                /// and what `build()` takes required values with, under a short path.
                #[doc(hidden)]
                #[allow(non_camel_case_types)]
                pub mod builder_state
            })?;
            // Re-exported so that `build()` names it `builder_state::Required`. (`Set` and
            // `Unset` keep the runtime's path: re-exported, the compiler would name them by
            // it when a required value is missing.)
            sink.items(quote!(pub use #rt::builder::Required;))?;
            for traits in state_traits {
                sink.items(traits)?;
            }
            sink.close_mod()?;
        }
        if settings.validators {
            for item in checks.finish()? {
                sink.items(item)?;
            }
        } else {
            drop(checks);
        }
    }
    // An OpenAPI document's root asserts nothing: no `validate_value` for it.
    let openapi = set.document(doc).openapi.is_some();
    if settings.validators {
        let mut roots = if openapi { Vec::new() } else { vec![root] };
        let typed_calls = v.take_external_calls();
        v.keep_as_code(&typed_calls);
        roots.extend(typed_calls);
        roots.extend(inflight.map(|i| i.used()).unwrap_or_default());
        roots.extend(module.into_iter().flat_map(|m| {
            m.types
                .iter()
                .filter(|t| !matches!(t.kind, TypeKind::Alias(_)))
                .map(|t| t.node)
        }));
        roots.sort();
        roots.dedup();
        let validators = v.emit(&roots, &mut |f| sink.prepare("validators", f))?;
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
        sink.items(quote! {
            #[doc = #formats_doc]
            pub const ASSERT_FORMATS: bool = #formats;

            #validate_root
        })?;
        sink.items(wrappers)?;
        sink.open_mod(quote! {
            /// One validator per schema node.
            mod validators
        })?;
        if !validators.is_empty() {
            sink.items(v.prelude())?;
        }
        for items in validators {
            sink.prepared(items)?;
        }
        sink.items(specs)?;
        sink.close_mod()?;
    }
    Ok(())
}

/// A type's entry points. `entry` is its typed check's method, with whether that check
/// runs after a parse with the in-flight session on (`false` when the session's reads check
/// all it would: `typed_check::trivial_methods`).
fn methods(
    cx: &ModuleCx<'_>,
    t: &crate::ir::TypeDef,
    entry: Option<(proc_macro2::Ident, bool)>,
) -> TokenStream {
    let rt = &cx.rt;
    let self_ty = cx.self_ty(t);
    let params = cx.params(t);
    let parse_doc = format!(
        " Parses a JSON document as a {}; a failure names the instance pointer and keyword.",
        doc_escape::type_link(&t.name)
    );
    let Some((entry, after)) = entry else {
        if params.is_empty() {
            // The runtime's `document!` writes the entry point (`__private/document.rs`).
            let name = &self_ty;
            return quote!(#rt::__private::document!(#name););
        }
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
                #[inline]
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
    if params.is_empty() {
        // The runtime's `document!` writes the entry points and the `Document` impl, with
        // the same code and docs as below (`__private/document.rs`).
        let name = &self_ty;
        return if after {
            quote!(#rt::__private::document!(#name, #node_fn, #entry, #direct);)
        } else {
            quote!(#rt::__private::document!(#name, #node_fn, #entry, #direct, checked_in_flight);)
        };
    }
    // A generic payload is checked in flight only when it is held as a `Value`.
    let parse = if after {
        quote!(#rt::__private::check::from_json_str_inflight(input, options, validators::#node_fn, Self::#entry, #direct))
    } else {
        let untyped = params
            .iter()
            .map(|p| quote!(#rt::__private::check::untyped::<#p>()));
        quote!(#rt::__private::check::from_json_str_inflight_with(
            input, options, validators::#node_fn, Self::#entry, #direct, !(#(#untyped)&&*)
        ))
    };
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
    let parse_doc_lines: Vec<String> = parse_doc.split('\n').map(str::to_owned).collect();
    // The entry points are `#[inline]` (D115): like serde's generic `Deserialize` impls,
    // the reader they instantiate is compiled in the crate that calls them, and only for
    // the types it calls them on, not for every type of the schema in this crate.
    quote! {
        impl #impl_generics #self_ty #where_clause {
            #(#[doc = #parse_doc_lines])*
            #[inline]
            pub fn from_json_str(input: &str) -> Result<Self, #rt::ValidationErrors> {
                Self::from_json_str_with(input, &#rt::Options::new().formats(ASSERT_FORMATS))
            }

            /// [`Self::from_json_str`] with explicit options.
            #[inline]
            pub fn from_json_str_with(input: &str, options: &#rt::Options) -> Result<Self, #rt::ValidationErrors> {
                #parse
            }

            /// Checks a value built in code against its schema, stopping at the first error.
            #[inline]
            pub fn validate(&self) -> Result<(), #rt::ValidationErrors> {
                self.validate_with(&#rt::Options::new().formats(ASSERT_FORMATS))
            }

            /// [`Self::validate`] with explicit options.
            #[inline]
            pub fn validate_with(&self, options: &#rt::Options) -> Result<(), #rt::ValidationErrors> {
                #rt::__private::check::typed(self, options, Self::#entry)
            }
        }

        impl #impl_generics #rt::Document for #self_ty #where_clause {
            #[inline]
            fn from_json_str_with(input: &str, options: &#rt::Options) -> Result<Self, #rt::ValidationErrors> {
                Self::from_json_str_with(input, options)
            }

            #[inline]
            fn validate_with(&self, options: &#rt::Options) -> Result<(), #rt::ValidationErrors> {
                Self::validate_with(self, options)
            }
        }
    }
}
