//! Builders: `Foo::builder()` → `FooBuilder<…>` with one setter per field and a typestate
//! parameter per required field, so that `build()` does not compile until every required
//! field is set. `build()` computes derived fields and runs the generated validator.

use super::rust_ty::{doc_attrs, ident, lit, Cx};
use super::types::generic_decls;
use crate::ir::{Builder, Extra, Field, Presence, Slot, Struct, Ty, TypeDef, TypeKind};
use crate::load::{pointer, DocId, SchemaSet};
use crate::settings::Settings;
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

/// The builder of one struct: its items, and the typestate traits for the module's
/// `builder_state` module.
pub(crate) struct Emitted {
    pub items: TokenStream,
    pub traits: TokenStream,
}

/// Whether setters take `ty` as is rather than `impl Into<ty>`: generic parameters
/// (`impl Into<T>` would leave `T` uninferred) and numbers and booleans (so that a literal
/// such as `.line(3)` infers its type instead of defaulting to `i32`).
fn mentions_generic(cx: &Cx<'_>, ty: &Ty) -> bool {
    match ty {
        Ty::I64 | Ty::U64 | Ty::F64 | Ty::Bool => true,
        Ty::Generic(_) => true,
        Ty::Named(id) => !cx.module.get(*id).generics.is_empty(),
        Ty::Vec(t) | Ty::Map(t) | Ty::Boxed(t) | Ty::Option(t) => mentions_generic(cx, t),
        _ => false,
    }
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
    cx: &Cx<'_>,
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
        Plan {
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

struct Plan<'a> {
    cx: &'a Cx<'a>,
    settings: &'a Settings,
    t: &'a TypeDef,
    s: &'a Struct,
    b: &'a Builder,
    required_path: String,
}

impl Plan<'_> {
    fn emit(&self) -> Emitted {
        let rt = &self.cx.rt;
        let name = ident(&self.t.name);
        let bname = ident(&self.b.name);
        let tps = self.cx.params(self.t);
        let sps: Vec<Ident> = self.b.states.iter().map(|s| ident(&s.param)).collect();
        let unset = quote!(#rt::builder::Unset);

        // The builder type.
        let mut decls = generic_decls(self.settings, self.t);
        decls.extend(sps.iter().map(|p| quote!(#p = #unset)));
        let decl_generics = if decls.is_empty() {
            quote!()
        } else {
            quote!(<#(#decls),*>)
        };
        let storage = self.storage_fields();
        // One marker per state (a single tuple trips clippy's `type_complexity`).
        let markers: Vec<Ident> = (0..sps.len()).map(|i| format_ident!("_s{}", i)).collect();
        let state_field = quote!(#(#markers: ::core::marker::PhantomData<fn() -> #sps>,)*);
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
            " Builds a [`{}`] field by field; see [`{}::builder`].",
            self.t.name, self.t.name
        );
        let rule_doc = if required.is_empty() {
            format!(" Every field is optional; [`{bname}::{finish}`] checks the schema.")
        } else {
            format!(
                " Required: {}. Calling [`{bname}::{finish}`] before they are all set does not compile; it then checks the schema.",
                required.join(", ")
            )
        };

        // `Foo::builder()`.
        let all_tys = self.all_params(&tps, &sps);
        let start_ty = {
            let us = sps.iter().map(|_| unset.clone());
            let ps: Vec<TokenStream> = tps.iter().map(|p| quote!(#p)).chain(us).collect();
            if ps.is_empty() {
                quote!(#bname)
            } else {
                quote!(#bname<#(#ps),*>)
            }
        };
        let inits = self.storage_names().into_iter().map(|n| {
            if n == "extra" {
                quote!(extra: ::core::default::Default::default())
            } else {
                let n = ident(&n);
                quote!(#n: None)
            }
        });
        let state_init = quote!(#(#markers: ::core::marker::PhantomData,)*);
        let self_ty = self.cx.self_ty(self.t);
        let impl_tps = if tps.is_empty() {
            quote!()
        } else {
            quote!(<#(#tps),*>)
        };
        let start_doc = format!(
            " Starts building a `{}`: see [`{}`].",
            self.t.name, self.b.name
        );

        let setters = self.setters(&bname, &tps, &sps);
        let retype = self.retype_fn(&bname, &tps);
        let build = self.build_fn(&name, &sps);
        let impl_all = if all_tys.is_empty() {
            quote!()
        } else {
            quote!(<#(#all_tys),*>)
        };
        let builder_ty = if all_tys.is_empty() {
            quote!(#bname)
        } else {
            quote!(#bname<#(#all_tys),*>)
        };
        let items = quote! {
            #[doc = #type_doc]
            #[doc = ""]
            #[doc = #rule_doc]
            #[derive(Debug, Clone)]
            #[must_use = "a builder does nothing until it is built"]
            pub struct #bname #decl_generics {
                #(#storage)*
                #state_field
            }

            impl #impl_tps #self_ty {
                #[doc = #start_doc]
                #[allow(clippy::type_complexity)]
                pub fn builder() -> #start_ty {
                    #bname {
                        #(#inits,)*
                        #state_init
                    }
                }
            }

            // A typestate builder spells its state in every setter's return type.
            #[allow(clippy::type_complexity, clippy::should_implement_trait)]
            impl #impl_all #builder_ty {
                #(#setters)*
                #retype
                #build
            }
        };
        Emitted {
            items,
            traits: self.traits(),
        }
    }

    fn all_params(&self, tps: &[Ident], sps: &[Ident]) -> Vec<Ident> {
        tps.iter().chain(sps.iter()).cloned().collect()
    }

    /// The builder's storage, in order: fields (not derived), inputs, `extra`.
    fn storage_names(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .s
            .fields
            .iter()
            .filter(|f| f.derived.is_none())
            .map(|f| f.name.clone())
            .collect();
        out.extend(self.b.inputs.iter().map(|i| i.name.clone()));
        if !matches!(self.s.extra, Extra::Deny) {
            out.push("extra".to_owned());
        }
        out
    }

    fn storage_fields(&self) -> Vec<TokenStream> {
        let rt = &self.cx.rt;
        let mut out = Vec::new();
        for f in self.s.fields.iter().filter(|f| f.derived.is_none()) {
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

    /// The private method every required setter ends with: moves each stored value into a
    /// builder of another typestate, so that a setter spells only its return type.
    fn retype_fn(&self, bname: &Ident, tps: &[Ident]) -> TokenStream {
        if self.b.states.is_empty() {
            return quote!();
        }
        let retype = ident(&self.b.retype);
        let nexts: Vec<Ident> = self.b.states.iter().map(|s| ident(&s.next)).collect();
        let fields = self.storage_names().into_iter().map(|n| {
            let id = ident(&n);
            quote!(#id: self.#id)
        });
        let markers = (0..self.b.states.len()).map(|i| format_ident!("_s{}", i));
        quote! {
            /// Moves the values given so far into a builder of another typestate.
            fn #retype<#(#nexts),*>(self) -> #bname<#(#tps,)* #(#nexts),*> {
                #bname {
                    #(#fields,)*
                    #(#markers: ::core::marker::PhantomData,)*
                }
            }
        }
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

    fn setters(&self, bname: &Ident, tps: &[Ident], sps: &[Ident]) -> Vec<TokenStream> {
        let rt = &self.cx.rt;
        let retype = ident(&self.b.retype);
        let mut out = Vec::new();
        for (i, f) in self.s.fields.iter().enumerate() {
            if f.derived.is_some() {
                continue;
            }
            let n = ident(&f.name);
            let v = self.cx.ty(&f.ty);
            let (param, val) = if is_unit(self.cx, &f.ty) {
                // Only `null`: the setter takes nothing.
                (quote!(), quote!(()))
            } else if mentions_generic(self.cx, &f.ty) {
                (quote!(value: #v), quote!(value))
            } else {
                (quote!(value: impl Into<#v>), quote!(value.into()))
            };
            let stored = match f.presence() {
                Presence::Required | Presence::Optional => quote!(Some(#val)),
                Presence::RequiredNullable | Presence::OptionalNullable => {
                    quote!(Some(Some(#val)))
                }
            };
            let fallback = format!("The `{}` property.", f.json);
            let docs = doc_attrs(Some(f.docs.as_deref().unwrap_or(&fallback)));
            let state = self
                .b
                .states
                .iter()
                .position(|st| st.slot == Slot::Field(i));
            let null = self.b.null_setters.get(i).cloned().flatten();
            let null_doc = format!(" Sets `{}` to `null`.", f.json);
            match state {
                Some(k) => {
                    let ret = self.after(bname, tps, sps, k);
                    out.push(quote! {
                        #docs
                        pub fn #n(mut self, #param) -> #ret {
                            self.#n = #stored;
                            self.#retype()
                        }
                    });
                    if let Some(nn) = null {
                        let nn = ident(&nn);
                        out.push(quote! {
                            #[doc = #null_doc]
                            pub fn #nn(mut self) -> #ret {
                                self.#n = Some(None);
                                self.#retype()
                            }
                        });
                    }
                }
                None => {
                    out.push(quote! {
                        #docs
                        pub fn #n(mut self, #param) -> Self {
                            self.#n = #stored;
                            self
                        }
                    });
                    if let Some(nn) = null {
                        let nn = ident(&nn);
                        out.push(quote! {
                            #[doc = #null_doc]
                            pub fn #nn(mut self) -> Self {
                                self.#n = Some(None);
                                self
                            }
                        });
                    }
                }
            }
        }
        for (i, input) in self.b.inputs.iter().enumerate() {
            let n = ident(&input.name);
            let ty = input_ty(&input.ty);
            let docs = doc_attrs(Some(&input.docs));
            let k = self
                .b
                .states
                .iter()
                .position(|st| st.slot == Slot::Input(i));
            if let Some(k) = k {
                let ret = self.after(bname, tps, sps, k);
                out.push(quote! {
                    #docs
                    pub fn #n(mut self, value: impl Into<#ty>) -> #ret {
                        self.#n = Some(value.into());
                        self.#retype()
                    }
                });
            }
        }
        match &self.s.extra {
            Extra::Deny => {}
            Extra::Preserve => out.push(quote! {
                /// Adds a property the schema does not declare (kept in insertion order).
                pub fn extra(mut self, key: impl Into<String>, value: impl Into<::serde_json::Value>) -> Self {
                    self.extra.insert(key.into(), value.into());
                    self
                }
            }),
            Extra::Typed(ty) => {
                let v = self.cx.ty(ty);
                let (param, val) = if mentions_generic(self.cx, ty) {
                    (quote!(value: #v), quote!(value))
                } else {
                    (quote!(value: impl Into<#v>), quote!(value.into()))
                };
                out.push(quote! {
                    /// Adds a property the schema does not declare by name (typed by its
                    /// `additionalProperties` / `patternProperties`).
                    pub fn extra(mut self, key: impl Into<String>, #param) -> Self {
                        self.extra.insert(key.into(), #val);
                        self
                    }
                });
            }
        }
        let _ = rt;
        out
    }

    fn build_fn(&self, name: &Ident, sps: &[Ident]) -> TokenStream {
        let rt = &self.cx.rt;
        let finish = ident(&self.b.finish);
        let tps = self.cx.params(self.t);
        let self_ty = self.cx.self_ty(self.t);
        let mut bounds: Vec<TokenStream> = Vec::new();
        for (st, p) in self.b.states.iter().zip(sps) {
            let what = match st.slot {
                Slot::Field(i) => &self.s.fields[i].name,
                Slot::Input(i) => &self.b.inputs[i].name,
            };
            let tr = trait_name(self.t, what);
            bounds.push(quote!(#p: builder_state::#tr));
        }
        if self.settings.validators {
            bounds.extend(
                tps.iter().map(
                    |p| quote!(#p: ::serde::de::DeserializeOwned + ::serde::Serialize + 'static),
                ),
            );
        }
        let where_clause = if bounds.is_empty() {
            quote!()
        } else {
            quote!(where #(#bounds),*)
        };
        let rp = lit(&self.required_path);
        // Derived fields and invariants read the fields as locals; without them, values go
        // straight into the struct literal (locals named like fields such as `_16` would
        // trip clippy's `just_underscores_and_digits`).
        let locals = !self.b.inputs.is_empty()
            || !self.b.invariants.is_empty()
            || self.s.fields.iter().any(|f| f.derived.is_some());
        let mut lets = Vec::new();
        let mut inits = Vec::new();
        for f in &self.s.fields {
            let n = ident(&f.name);
            if f.derived.is_some() {
                inits.push(quote!(#n));
                continue;
            }
            let json = lit(&f.json);
            let value = if is_required(f) {
                quote!(#rt::builder::take(self.#n, #json, #rp)?)
            } else {
                quote!(self.#n)
            };
            if locals {
                lets.push(quote!(let #n = #value;));
                inits.push(quote!(#n));
            } else {
                inits.push(quote!(#n: #value));
            }
        }
        for i in &self.b.inputs {
            let n = ident(&i.name);
            let json = lit(&i.name);
            lets.push(quote!(let #n = #rt::builder::take(self.#n, #json, #rp)?;));
        }
        for f in self.s.fields.iter() {
            if let Some(expr) = &f.derived {
                let n = ident(&f.name);
                let fty = self.cx.field_ty(&f.ty, f.presence());
                // Checked to parse when the IR was planned.
                let e: TokenStream = syn::parse_str::<syn::Expr>(expr)
                    .map(|e| quote!(#e))
                    .unwrap_or_else(|_| quote!(compile_error!("invalid derived-field expression")));
                lets.push(quote!(let #n: #fty = #e;));
            }
        }
        for rule in &self.b.invariants {
            // Checked to parse when the IR was planned.
            let e: TokenStream = syn::parse_str::<syn::Expr>(&rule.expr)
                .map(|e| quote!(#e))
                .unwrap_or_else(|_| quote!(compile_error!("invalid invariant expression")));
            let path = lit(&rule.path);
            let kw = lit(&rule.keyword);
            let msg = lit(&rule.message);
            lets.push(quote! {
                let __holds: bool = #e;
                if !__holds {
                    return Err(#rt::ValidationErrors::single(#rt::ValidationError::new(#path, #kw, "", #msg)));
                }
            });
        }
        let fields = inits;
        let extra = if matches!(self.s.extra, Extra::Deny) {
            quote!()
        } else {
            quote!(extra: self.extra,)
        };
        let key_order = if self.s.key_order {
            quote!(key_order: ::core::default::Default::default(),)
        } else {
            quote!()
        };
        let check = if self.settings.validators {
            quote!(__built.validate()?;)
        } else {
            quote!()
        };
        let doc = if self.settings.validators {
            format!(
                " Builds the [`{}`] and checks it against its schema: a constraint the types cannot\n express (a pattern, a bound, a conditional rule) is an error naming the instance\n pointer and the keyword.",
                self.t.name
            )
        } else {
            format!(" Builds the [`{}`].", self.t.name)
        };
        let docs: Vec<String> = doc.split('\n').map(str::to_owned).collect();
        quote! {
            #(#[doc = #docs])*
            pub fn #finish(self) -> Result<#self_ty, #rt::ValidationErrors>
            #where_clause
            {
                #(#lets)*
                let __built = #name {
                    #(#fields,)*
                    #extra
                    #key_order
                };
                #check
                Ok(__built)
            }
        }
    }

    /// The typestate traits: one per state, implemented by `Set` only, whose diagnostic
    /// names the missing field.
    fn traits(&self) -> TokenStream {
        let rt = &self.cx.rt;
        let out = self.b.states.iter().map(|st| {
            let (what, hint) = match st.slot {
                Slot::Field(i) => {
                    let f = &self.s.fields[i];
                    let null = self.b.null_setters.get(i).cloned().flatten();
                    let hint = match null {
                        Some(n) => format!(
                            "call `.{}(…)` or `.{n}()` before `.{}()`",
                            f.name, self.b.finish
                        ),
                        None => format!("call `.{}(…)` before `.{}()`", f.name, self.b.finish),
                    };
                    (f.name.clone(), hint)
                }
                Slot::Input(i) => {
                    let input = &self.b.inputs[i];
                    (
                        input.name.clone(),
                        format!("call `.{}(…)` before `.{}()`", input.name, self.b.finish),
                    )
                }
            };
            let tr = trait_name(self.t, &what);
            let message = lit(&format!(
                "`{}::builder()` is missing the required field `{what}`",
                self.t.name
            ));
            let label = lit(&hint);
            let note = match st.slot {
                Slot::Field(_) => lit(&format!("`{what}` is required by {}", self.required_path)),
                Slot::Input(_) => {
                    let derived: Vec<&str> = self
                        .s
                        .fields
                        .iter()
                        .filter(|f| f.derived.is_some())
                        .map(|f| f.json.as_str())
                        .collect();
                    let list: Vec<String> = derived.iter().map(|d| format!("`{d}`")).collect();
                    let verb = if list.len() == 1 { "is" } else { "are" };
                    lit(&format!("{} {verb} derived from `{what}`", list.join(", ")))
                }
            };
            let doc = format!(" Implemented once `{}::{what}` is set.", self.b.name);
            quote! {
                #[doc = #doc]
                #[diagnostic::on_unimplemented(message = #message, label = #label, note = #note)]
                pub trait #tr {}
                impl #tr for #rt::builder::Set {}
            }
        });
        quote!(#(#out)*)
    }
}

/// Whether `ty` is `()` (only `null`), directly or through aliases.
fn is_unit(cx: &Cx<'_>, ty: &Ty) -> bool {
    match ty {
        Ty::Unit => true,
        Ty::Named(id) => matches!(&cx.module.get(*id).kind, TypeKind::Alias(t) if is_unit(cx, t)),
        _ => false,
    }
}

fn is_required(f: &Field) -> bool {
    matches!(
        f.presence(),
        Presence::Required | Presence::RequiredNullable
    )
}

/// A builder input's type (checked to parse when the IR was planned).
fn input_ty(ty: &str) -> TokenStream {
    syn::parse_str::<syn::Type>(ty)
        .map(|t| quote!(#t))
        .unwrap_or_else(|_| quote!(::serde_json::Value))
}
