//! Builders: `Foo::builder()` → `FooBuilder<…>` with one setter per field and a typestate
//! parameter per required field, so that `build()` does not compile until every required
//! field is set. `build()` computes derived fields and runs the generated validator.
//!
//! This file plans a builder and emits its type and storage; the files beside it emit the
//! [`setters`], the [`finish`]ing `build()` and the typestate [`states`].

mod finish;
mod setters;
mod states;

use super::doc_escape::type_link;
use super::rust_ty::ModuleCx;
use super::tokens::ident;
use super::types::generic_decls;
use crate::ir::{Builder, Extra, Field, Presence, Slot, Struct, TypeDef, TypeKind};
use crate::load::{pointer, DocId, SchemaSet};
use crate::settings::Settings;
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote, ToTokens};

/// The builder of one struct: its items, and the typestate traits for the module's
/// `builder_state` module.
pub(crate) struct Emitted {
    pub items: TokenStream,
    pub traits: TokenStream,
}

/// The schema location of a struct's `required`, as validators report it.
fn required_path(set: &SchemaSet, doc: DocId, t: &TypeDef) -> String {
    let loc = &set.node(t.node).loc;
    let ptr = pointer::join(&loc.pointer, "required");
    if loc.doc == doc {
        format!("#{ptr}")
    } else {
        format!("{}#{ptr}", set.document(loc.doc).display)
    }
}

/// The name of a state's typestate trait in `builder_state`: `Struct_field`. Struct names
/// hold no `_`, so the pair is unique in the module.
fn trait_name(t: &TypeDef, what: &str) -> Ident {
    format_ident!("{}_{}", t.name, what)
}

/// Emits the builder of `t`, if it is a struct with a planned builder.
pub(crate) fn builder(
    cx: &ModuleCx<'_>,
    set: &SchemaSet,
    doc: DocId,
    settings: &Settings,
    t: &TypeDef,
) -> Option<Emitted> {
    let TypeKind::Struct(s) = &t.kind else {
        return None;
    };
    let b = s.builder.as_ref()?;
    Some(
        BuilderEmitter {
            cx,
            settings,
            t,
            s,
            b,
            required_path: required_path(set, doc, t),
        }
        .emit(),
    )
}

struct BuilderEmitter<'a> {
    cx: &'a ModuleCx<'a>,
    settings: &'a Settings,
    t: &'a TypeDef,
    s: &'a Struct,
    b: &'a Builder,
    required_path: String,
}

impl BuilderEmitter<'_> {
    /// Whether the builder holds the struct itself (`FooBuilder(Foo)`), as a user writes
    /// one when nothing is required: every field optional with no schema default, no
    /// derived field, builder input or invariant, no generic parameter, and `Default`
    /// derived. Otherwise it holds each field apart, with a typestate per required one.
    fn holds_struct(&self) -> bool {
        self.b.states.is_empty()
            && self.b.inputs.is_empty()
            && self.b.invariants.is_empty()
            && self.t.generics.is_empty()
            && self
                .s
                .stored_fields()
                .all(|f| f.derived.is_none() && f.default.is_none() && !is_required(f))
            && crate::emit::defaults::default_impl(self.t)
                == crate::emit::defaults::DefaultImpl::Derive
    }

    /// Where the builder keeps field `n`: `self.0.n` when it holds the struct,
    /// `self.0.n` in a typestate builder (which holds its values and its
    /// typestate), `self.n` otherwise.
    fn slot(&self, n: &Ident) -> TokenStream {
        if self.holds_struct() {
            quote!(self.0.#n)
        } else {
            let store = self.store();
            quote!(#store.#n)
        }
    }

    /// Where a builder that does not hold the struct keeps its values: `self.0` in a
    /// typestate builder (moved whole into the next typestate), `self` in one without
    /// required values.
    fn store(&self) -> TokenStream {
        if self.b.states.is_empty() {
            quote!(self)
        } else {
            quote!(self.0)
        }
    }

    /// The builder of a struct whose fields are all optional ([`Self::holds_struct`]).
    fn emit_holding(&self) -> Emitted {
        let rt = &self.cx.rt;
        let name = ident(&self.t.name);
        let bname = ident(&self.b.name);
        let finish = ident(&self.b.finish);
        let type_doc = format!(
            " Builds a {} field by field; see [`{}::builder`].",
            type_link(&self.t.name),
            self.t.name
        );
        let rule_doc = format!(
            " Every field is optional; [`{}::{}`] checks the schema.",
            self.b.name, self.b.finish
        );
        let start_doc = format!(
            " Starts building a `{}`: see [`{}`].",
            self.t.name, self.b.name
        );
        let setters = self.setters(&bname, &[], &[]);
        let (check, doc) = if self.settings.validators {
            (
                quote!(self.0.validate()?;),
                format!(
                    " Builds the {} and checks it against its schema: a constraint the types cannot\n express (a pattern, a bound, a conditional rule) is an error naming the instance\n pointer and the keyword.",
                    type_link(&self.t.name)
                ),
            )
        } else {
            (
                quote!(),
                format!(" Builds the {}.", type_link(&self.t.name)),
            )
        };
        let docs: Vec<String> = doc.split('\n').map(str::to_owned).collect();
        let items = quote! {
            #[doc = #type_doc]
            #[doc = ""]
            #[doc = #rule_doc]
            #[derive(Debug, Clone, Default)]
            #[must_use = "a builder does nothing until it is built"]
            pub struct #bname(#name);

            impl #name {
                #[doc = #start_doc]
                pub fn builder() -> #bname {
                    #bname::default()
                }
            }

            #[allow(clippy::should_implement_trait)]
            impl #bname {
                #(#setters)*
                #(#[doc = #docs])*
                pub fn #finish(self) -> Result<#name, #rt::ValidationErrors> {
                    #check
                    Ok(self.0)
                }
            }
        };
        Emitted {
            items,
            traits: TokenStream::new(),
        }
    }

    /// The builder of a struct that keeps its values apart from the struct: a typestate
    /// builder when a value is required, else one that holds its values itself.
    fn emit(&self) -> Emitted {
        if self.holds_struct() {
            return self.emit_holding();
        }
        let bname = ident(&self.b.name);
        let tps = self.cx.params(self.t);
        let sps: Vec<Ident> = self.b.states.iter().map(|s| ident(&s.param)).collect();
        let parts = self.parts(&bname, &tps, &sps);
        let items = if sps.is_empty() {
            self.unstated_items(&bname, &tps, &parts)
        } else {
            self.typestate_items(&bname, &tps, &sps, &parts)
        };
        Emitted {
            items,
            traits: self.traits(),
        }
    }

    /// The pieces the two shapes of a builder that keeps its values apart share.
    fn parts(&self, bname: &Ident, tps: &[Ident], sps: &[Ident]) -> Parts {
        let name = ident(&self.t.name);
        // The runtime's own paths: the compiler names them so when a required value is
        // missing (a re-export would be named instead, and the `Set` impl not hinted at).
        let rt = &self.cx.rt;
        let unset = quote!(#rt::builder::Unset);

        // The builder type: the values given so far, and the typestate as one marker.
        let mut decls = generic_decls(self.settings, self.t);
        decls.extend(sps.iter().map(|p| quote!(#p = #unset)));
        let storage = self.storage_fields();
        let (type_doc, rule_doc) = self.type_docs(bname);

        // `Foo::builder()`: every value unset, the typestate parameters at their defaults.
        let start_ty = if tps.is_empty() {
            quote!(#bname)
        } else {
            quote!(#bname<#(#tps),*>)
        };
        let self_ty = self.cx.self_ty(self.t);
        let start_doc = format!(
            " Starts building a `{}`: see [`{}`].",
            self.t.name, self.b.name
        );

        let setters = self.setters(bname, tps, sps);
        let build = self.build_fn(&name, sps);
        let all_tys = self.all_params(tps, sps);
        let builder_ty = if all_tys.is_empty() {
            quote!(#bname)
        } else {
            quote!(#bname<#(#all_tys),*>)
        };
        let lints = if sps.is_empty() {
            quote!(#[allow(clippy::should_implement_trait)])
        } else {
            // A typestate builder spells its state in every setter's return type.
            quote!(#[allow(clippy::type_complexity, clippy::should_implement_trait)])
        };
        Parts {
            decl_generics: angled(&decls),
            storage,
            type_doc,
            rule_doc,
            start_doc,
            start_ty,
            impl_tps: angled(tps),
            self_ty,
            lints,
            impl_all: angled(&all_tys),
            builder_ty,
            setters,
            build,
        }
    }

    /// The builder type's docs: what it builds, and which values must be set before the
    /// finishing method compiles.
    fn type_docs(&self, bname: &Ident) -> (String, String) {
        let required: Vec<String> = self
            .b
            .states
            .iter()
            .map(|st| match st.slot {
                Slot::Field(i) => format!("`{}`", self.s.fields[i].name),
                Slot::Input(i) => format!("`{}`", self.b.inputs[i].name),
            })
            .collect();
        let finish = &self.b.finish;
        let type_doc = format!(
            " Builds a {} field by field; see [`{}::builder`].",
            type_link(&self.t.name),
            self.t.name
        );
        let rule_doc = if required.is_empty() {
            format!(" Every field is optional; [`{bname}::{finish}`] checks the schema.")
        } else {
            format!(
                " Required: {}. Calling [`{bname}::{finish}`] before they are all set does not compile; it then checks the schema.",
                required.join(", ")
            )
        };
        (type_doc, rule_doc)
    }

    /// The items of a builder without typestate (nothing required), which holds its
    /// values itself.
    fn unstated_items(&self, bname: &Ident, tps: &[Ident], parts: &Parts) -> TokenStream {
        let Parts {
            decl_generics,
            storage,
            type_doc,
            rule_doc,
            start_doc,
            start_ty,
            impl_tps,
            self_ty,
            lints,
            impl_all,
            builder_ty,
            setters,
            build,
        } = parts;
        let (derive, start) = if tps.is_empty() {
            (
                quote!(#[derive(Debug, Clone, Default)]),
                quote!(#bname::default()),
            )
        } else {
            let inits = self.unset_values();
            (
                quote!(#[derive(Debug, Clone)]),
                quote!(#bname { #(#inits),* }),
            )
        };
        quote! {
            #[doc = #type_doc]
            #[doc = ""]
            #[doc = #rule_doc]
            #derive
            #[must_use = "a builder does nothing until it is built"]
            pub struct #bname #decl_generics {
                #(#storage)*
            }

            impl #impl_tps #self_ty {
                #[doc = #start_doc]
                pub fn builder() -> #start_ty {
                    #start
                }
            }

            #lints
            impl #impl_all #builder_ty {
                #(#setters)*
                #build
            }
        }
    }

    /// The items of a typestate builder: the type of its values, and the builder holding
    /// them with its typestate as one marker.
    fn typestate_items(
        &self,
        bname: &Ident,
        tps: &[Ident],
        sps: &[Ident],
        parts: &Parts,
    ) -> TokenStream {
        let Parts {
            decl_generics,
            storage,
            type_doc,
            rule_doc,
            start_doc,
            start_ty,
            impl_tps,
            self_ty,
            lints,
            impl_all,
            builder_ty,
            setters,
            build,
        } = parts;
        let vname = ident(&self.b.values);
        let values_ty = if tps.is_empty() {
            quote!(#vname)
        } else {
            quote!(#vname<#(#tps),*>)
        };
        let value_generics = angled(&generic_decls(self.settings, self.t));
        let (state_ty, state_allow) = match sps {
            [one] => (quote!(::core::marker::PhantomData<fn() -> #one>), quote!()),
            many => (
                quote!(::core::marker::PhantomData<fn() -> (#(#many),*)>),
                // The one marker of many states is a "complex" type to clippy.
                if many.len() > 2 {
                    quote!(#[allow(clippy::type_complexity)])
                } else {
                    quote!()
                },
            ),
        };
        let values_doc = format!(" The values a [`{bname}`] has been given so far.");
        let retype = ident(&self.b.retype);
        // A generic struct's values are not `Default` unless its parameters are.
        let (values_derive, start_values) = if tps.is_empty() {
            (
                quote!(#[derive(Debug, Clone, Default)]),
                quote!(::core::default::Default::default()),
            )
        } else {
            let inits = self.unset_values();
            (
                quote!(#[derive(Debug, Clone)]),
                quote!(#vname { #(#inits),* }),
            )
        };
        quote! {
            #[doc = #values_doc]
            #values_derive
            struct #vname #value_generics {
                #(#storage)*
            }

            #[doc = #type_doc]
            #[doc = ""]
            #[doc = #rule_doc]
            #[derive(Debug, Clone)]
            #[must_use = "a builder does nothing until it is built"]
            #state_allow
            pub struct #bname #decl_generics (#values_ty, #state_ty);

            impl #impl_tps #self_ty {
                #[doc = #start_doc]
                pub fn builder() -> #start_ty {
                    #bname::#retype(#start_values)
                }
            }

            #lints
            impl #impl_all #builder_ty {
                /// Holds `values` in a builder of this typestate.
                fn #retype(values: #values_ty) -> Self {
                    Self(values, ::core::marker::PhantomData)
                }
                #(#setters)*
                #build
            }
        }
    }

    fn all_params(&self, tps: &[Ident], sps: &[Ident]) -> Vec<Ident> {
        tps.iter().chain(sps.iter()).cloned().collect()
    }

    /// The builder's storage, in order: fields (not derived), inputs, `extra`.
    fn storage_names(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .s
            .stored_fields()
            .filter(|f| f.derived.is_none())
            .map(|f| f.name.clone())
            .collect();
        out.extend(self.b.inputs.iter().map(|i| i.name.clone()));
        if !matches!(self.s.extra, Extra::Deny) {
            out.push("extra".to_owned());
        }
        out
    }

    /// The storage with nothing given: each value `None`, `extra` empty.
    fn unset_values(&self) -> Vec<TokenStream> {
        self.storage_names()
            .into_iter()
            .map(|n| {
                let n = ident(&n);
                if n == "extra" {
                    quote!(extra: ::core::default::Default::default())
                } else {
                    quote!(#n: None)
                }
            })
            .collect()
    }

    fn storage_fields(&self) -> Vec<TokenStream> {
        let rt = &self.cx.rt;
        let mut out = Vec::new();
        for f in self.s.stored_fields().filter(|f| f.derived.is_none()) {
            let n = ident(&f.name);
            let fty = self.cx.field_ty(&f.ty, f.presence());
            let ty = if is_required(f) {
                quote!(Option<#fty>)
            } else {
                fty
            };
            out.push(quote!(#n: #ty,));
        }
        for i in &self.b.inputs {
            let n = ident(&i.name);
            let ty = input_ty(&i.ty);
            out.push(quote!(#n: Option<#ty>,));
        }
        match &self.s.extra {
            Extra::Deny => {}
            Extra::Preserve => {
                out.push(quote!(extra: ::serde_json::Map<String, ::serde_json::Value>,));
            }
            Extra::Typed(ty) => {
                let v = self.cx.ty(ty);
                out.push(quote!(extra: #rt::IndexMap<String, #v>,));
            }
        }
        out
    }

    /// The builder type with state `k` set.
    fn after(&self, bname: &Ident, tps: &[Ident], sps: &[Ident], k: usize) -> TokenStream {
        let rt = &self.cx.rt;
        let ps = tps
            .iter()
            .map(|p| quote!(#p))
            .chain(sps.iter().enumerate().map(|(i, p)| {
                if i == k {
                    quote!(#rt::builder::Set)
                } else {
                    quote!(#p)
                }
            }));
        quote!(#bname<#(#ps),*>)
    }
}

/// What the two shapes of a builder that keeps its values apart are made of
/// ([`BuilderEmitter::parts`]).
struct Parts {
    /// The builder type's generic parameters as declared (`<T = Value, Code = Unset>`).
    decl_generics: TokenStream,
    /// The storage of the values given so far, one field each.
    storage: Vec<TokenStream>,
    /// The builder type's first doc line: what it builds.
    type_doc: String,
    /// The builder type's doc line on what must be set.
    rule_doc: String,
    /// The doc of `Foo::builder()`.
    start_doc: String,
    /// The type `Foo::builder()` returns.
    start_ty: TokenStream,
    /// The generics of the impl holding `Foo::builder()`.
    impl_tps: TokenStream,
    /// The struct's type (`Foo<T>`).
    self_ty: TokenStream,
    /// The lints allowed on the builder's impl.
    lints: TokenStream,
    /// The generics of the builder's impl.
    impl_all: TokenStream,
    /// The builder's type in its impl.
    builder_ty: TokenStream,
    /// The setters.
    setters: Vec<TokenStream>,
    /// The finishing method.
    build: TokenStream,
}

/// `<a, b>`, or nothing for no parameters.
fn angled<T: ToTokens>(params: &[T]) -> TokenStream {
    if params.is_empty() {
        quote!()
    } else {
        quote!(<#(#params),*>)
    }
}

fn is_required(f: &Field) -> bool {
    matches!(
        f.presence(),
        Presence::Required | Presence::RequiredNullable
    )
}

/// A builder input's type (checked to parse when the IR was planned).
pub(super) fn input_ty(ty: &str) -> TokenStream {
    syn::parse_str::<syn::Type>(ty)
        .map(|t| quote!(#t))
        .unwrap_or_else(|_| quote!(::serde_json::Value))
}
