//! The builder's `build()`: it computes derived fields and runs the generated validator.

use super::{is_required, trait_name, BuilderEmitter};
use crate::emit::defaults::stored_expr;
use crate::emit::doc_escape::type_link;
use crate::emit::tokens::{ident, lit};
use crate::ir::{DefaultValue, Extra, Slot};
use proc_macro2::{Ident, TokenStream};
use quote::quote;

impl BuilderEmitter<'_> {
    pub(super) fn build_fn(&self, name: &Ident, sps: &[Ident]) -> TokenStream {
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
        let store = self.store();
        // The `required` location every missing value is reported at, named once.
        let takes = self
            .s
            .stored_fields()
            .any(|f| f.derived.is_none() && is_required(f))
            || !self.b.inputs.is_empty();
        let required = if takes {
            // Only a typestate builder takes values: `builder_state` is there.
            quote!(let __required = builder_state::Required(#rp);)
        } else {
            quote!()
        };
        // Derived fields and invariants read the fields as locals; without them, values go
        // straight into the struct literal (locals named like fields such as `_16` would
        // trip clippy's `just_underscores_and_digits`).
        let locals = !self.b.inputs.is_empty()
            || !self.b.invariants.is_empty()
            || self.s.fields.iter().any(|f| f.derived.is_some());
        let mut lets = Vec::new();
        let mut inits = Vec::new();
        for f in self.s.stored_fields() {
            let n = ident(&f.name);
            if f.derived.is_some() {
                inits.push(quote!(#n));
                continue;
            }
            let json = lit(&f.json);
            let default = f
                .default
                .as_ref()
                .and_then(|d| Some((d, stored_expr(self.cx, f, &d.value)?)));
            let value = match default {
                _ if is_required(f) => quote!(__required.take(#store.#n, #json)?),
                // A field left unset takes the schema's default.
                Some((d, v)) if allocates(&d.value) => {
                    quote!(#store.#n.or_else(|| #v))
                }
                Some((_, v)) => quote!(#store.#n.or(#v)),
                None => quote!(#store.#n),
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
            lets.push(quote!(let #n = __required.take(#store.#n, #json)?;));
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
            quote!(extra: #store.extra,)
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
                " Builds the {} and checks it against its schema: a constraint the types cannot\n express (a pattern, a bound, a conditional rule) is an error naming the instance\n pointer and the keyword.",
                type_link(&self.t.name)
            )
        } else {
            format!(" Builds the {}.", type_link(&self.t.name))
        };
        let docs: Vec<String> = doc.split('\n').map(str::to_owned).collect();
        quote! {
            #(#[doc = #docs])*
            pub fn #finish(self) -> Result<#self_ty, #rt::ValidationErrors>
            #where_clause
            {
                #required
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
}

/// Whether a default's value allocates (a `String`, or a newtype holding one): the builder
/// makes it only when the field is unset (`or_else`), a number eagerly (`or`).
fn allocates(d: &DefaultValue) -> bool {
    match d {
        DefaultValue::Str(_) => true,
        DefaultValue::Newtype(_, inner) => allocates(inner),
        _ => false,
    }
}
