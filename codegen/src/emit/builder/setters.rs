//! Builder setters: one per stored field and input, each moving a required one to its
//! `Set` typestate, and the `null` setters of nullable fields.

use super::{input_ty, BuilderEmitter};
use crate::emit::rust_ty::{doc_attrs, ModuleCx};
use crate::emit::tokens::ident;
use crate::ir::{Extra, Presence, Slot, Ty};
use proc_macro2::{Ident, TokenStream};
use quote::quote;

/// Whether setters take `ty` as is rather than `impl Into<ty>`: generic parameters
/// (`impl Into<T>` would leave `T` uninferred) and numbers and booleans (so that a literal
/// such as `.line(3)` infers its type instead of defaulting to `i32`).
fn mentions_generic(cx: &ModuleCx<'_>, ty: &Ty) -> bool {
    match ty {
        Ty::Int(_) | Ty::F64 | Ty::Bool => true,
        Ty::Generic(_) => true,
        Ty::Named(id) => !cx.module.get(*id).generics.is_empty(),
        Ty::Vec(t) | Ty::Map(t) | Ty::Boxed(t) | Ty::Option(t) => mentions_generic(cx, t),
        _ => false,
    }
}

impl BuilderEmitter<'_> {
    pub(super) fn setters(&self, bname: &Ident, tps: &[Ident], sps: &[Ident]) -> Vec<TokenStream> {
        let rt = &self.cx.rt;
        let retype = ident(&self.b.retype);
        let values = self.store();
        let mut out = Vec::new();
        for (i, f) in self.s.fields.iter().enumerate() {
            // No value to set: a field of a type that has none (its schema accepts
            // nothing) stays unset, absent from the document.
            if f.derived.is_some() || f.implied.is_some() || self.cx.is_uninhabited(&f.ty) {
                continue;
            }
            let n = ident(&f.name);
            let slot = self.slot(&n);
            let v = self.cx.ty(&f.ty);
            let (param, val) = if self.cx.is_unit(&f.ty) {
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
            // The field's own docs carry the description; the setter points at them.
            let docs = if f.docs.is_none() {
                TokenStream::new()
            } else if f.name.starts_with("r#") {
                let line = format!(" Sets `{}`.", f.json);
                quote!(#[doc = #line])
            } else {
                let line = format!(" Sets [`{}::{}`].", self.t.name, f.name);
                quote!(#[doc = #line])
            };
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
                            #slot = #stored;
                            #bname::#retype(#values)
                        }
                    });
                    if let Some(nn) = null {
                        let nn = ident(&nn);
                        out.push(quote! {
                            #[doc = #null_doc]
                            pub fn #nn(mut self) -> #ret {
                                #slot = Some(None);
                                #bname::#retype(#values)
                            }
                        });
                    }
                }
                None => {
                    out.push(quote! {
                        #docs
                        pub fn #n(mut self, #param) -> Self {
                            #slot = #stored;
                            self
                        }
                    });
                    if let Some(nn) = null {
                        let nn = ident(&nn);
                        out.push(quote! {
                            #[doc = #null_doc]
                            pub fn #nn(mut self) -> Self {
                                #slot = Some(None);
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
                        #values.#n = Some(value.into());
                        #bname::#retype(#values)
                    }
                });
            }
        }
        let extra = self.slot(&ident("extra"));
        match &self.s.extra {
            Extra::Deny => {}
            Extra::Preserve => out.push(quote! {
                /// Adds a property the schema does not declare (kept in insertion order).
                pub fn extra(mut self, key: impl Into<String>, value: impl Into<::serde_json::Value>) -> Self {
                    #extra.insert(key.into(), value.into());
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
                        #extra.insert(key.into(), #val);
                        self
                    }
                });
            }
        }
        let _ = rt;
        out
    }
}
