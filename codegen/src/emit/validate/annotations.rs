//! `unevaluatedProperties`, `unevaluatedItems` and dynamic references over a `&Value`.
//!
//! The properties and items a node evaluates are collected by one function per node,
//! `e<N>(v, cx, ev)`, rendered from the node's [`Annotations`]: what is static (declared
//! names, patterns, prefix lengths) is data of the plan, and only conditional branches
//! (`anyOf`, `oneOf`, `if`, `dependentSchemas`, `contains`, dynamic references) are
//! decided at run time, by running their validators silently.

use super::Validators;
use crate::emit::failure::child_failed;
use crate::emit::tokens::lit;
use crate::error::Result;
use crate::ir::plan::{Additional, Annotations, Applies, InPlace};
use crate::load::NodeId;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// The name of a node's annotation function.
pub(super) fn ann_name(id: NodeId) -> proc_macro2::Ident {
    format_ident!("e{}", id.0)
}

impl Validators<'_> {
    /// A call site of a node's annotation function (recorded, so it is emitted).
    fn ann_call(&mut self, id: NodeId) -> proc_macro2::Ident {
        self.ann_callees.insert(id);
        ann_name(id)
    }

    /// `e<id>(v, cx, ev)` one `$ref` level deeper, unless the node evaluates nothing.
    fn ann_nested(&mut self, id: NodeId) -> TokenStream {
        if self.plan.annotations(id).is_empty() {
            return quote!();
        }
        let e = self.ann_call(id);
        let sp = lit(&self.plan.at(id, ""));
        quote! {
            if cx.enter(#sp) {
                #e(v, cx, ev);
                cx.leave();
            }
        }
    }

    /// `e<id>(v, cx, ev)` when the node passes (`anyOf`/`oneOf` branches).
    fn ann_if_passes(&mut self, id: NodeId) -> TokenStream {
        if self.plan.annotations(id).is_empty() {
            return quote!();
        }
        let f = self.call(id);
        let e = self.ann_call(id);
        quote! {
            if cx.speculate(|cx| #f(v, cx)) {
                #e(v, cx, ev);
            }
        }
    }

    /// The statements recording in `ev` what node `id` evaluates in `v` (assuming it
    /// passes), its own `unevaluated*` keywords included when `own`.
    pub(super) fn ann_stmts(
        &mut self,
        id: NodeId,
        a: &Annotations,
        own: bool,
    ) -> Result<TokenStream> {
        Ok(self.ann_stmts_cx(id, a, own)?.0)
    }

    /// [`Self::ann_stmts`], and whether they use `cx` (run a validator or an annotation
    /// function).
    fn ann_stmts_cx(
        &mut self,
        id: NodeId,
        a: &Annotations,
        own: bool,
    ) -> Result<(TokenStream, bool)> {
        let rt = self.rt.clone();
        let mut out = Vec::new();
        if a.all_keys || (own && a.unevaluated_keys) {
            out.push(quote!(if v.is_object() {
                ev.all_keys();
            }));
        } else if !a.keys.is_empty() || !a.patterns.is_empty() {
            let names = a.keys.iter().map(|n| lit(n));
            let mut matches = Vec::new();
            for p in &a.patterns {
                let re = self.regex(id, "patternProperties", p)?;
                matches.push(quote!(#rt::__private::regex::is_match(&#re, k)));
            }
            let patterns = (!matches.is_empty()).then(|| {
                quote! {
                    for k in m.keys() {
                        if #(#matches)||* {
                            ev.key(k);
                        }
                    }
                }
            });
            out.push(quote! {
                if let ::serde_json::Value::Object(m) = v {
                    #(
                        if let Some((k, _)) = m.get_key_value(#names) {
                            ev.key(k);
                        }
                    )*
                    #patterns
                }
            });
        }
        if a.all_items || (own && a.unevaluated_items) {
            out.push(quote!(if v.is_array() {
                ev.all_items();
            }));
        } else if a.prefix > 0 || a.contains.is_some() {
            let prefix = a.prefix;
            let prefix = (prefix > 0).then(|| quote!(ev.prefix(#prefix);));
            let contains = a.contains.map(|c| {
                let f = self.call(c);
                quote! {
                    for (i, item) in a.iter().enumerate() {
                        if cx.speculate(|cx| #f(item, cx)) {
                            ev.item(i);
                        }
                    }
                }
            });
            out.push(match contains {
                Some(contains) => quote! {
                    if let ::serde_json::Value::Array(a) = v {
                        #prefix
                        #contains
                    }
                },
                None => quote!(if v.is_array() { #prefix }),
            });
        }
        let mut uses_cx = a.contains.is_some();
        for p in &a.in_place {
            let stmt = match p {
                InPlace::Always(n) => self.ann_nested(*n),
                InPlace::Dynamic { target, candidates } => {
                    self.dynamic(*target, candidates, |this, n| {
                        let call = this.ann_nested(n);
                        quote!({ #call })
                    })
                }
                InPlace::Passing(branches) => {
                    let tries: Vec<TokenStream> =
                        branches.iter().map(|b| self.ann_if_passes(*b)).collect();
                    quote!(#(#tries)*)
                }
                InPlace::If { cond, then, else_ } => {
                    let mut yes = vec![self.ann_nested(*cond)];
                    yes.extend(then.map(|t| self.ann_nested(t)));
                    let no = else_.map(|e| self.ann_nested(e)).unwrap_or_default();
                    if yes.iter().all(TokenStream::is_empty) && no.is_empty() {
                        quote!()
                    } else {
                        let f = self.call(*cond);
                        quote! {
                            if cx.speculate(|cx| #f(v, cx)) {
                                #(#yes)*
                            } else {
                                #no
                            }
                        }
                    }
                }
                InPlace::Dependent(name, n) => {
                    let name = lit(name);
                    let call = self.ann_nested(*n);
                    if call.is_empty() {
                        call
                    } else {
                        quote! {
                            if v.get(#name).is_some() {
                                #call
                            }
                        }
                    }
                }
            };
            uses_cx |= !stmt.is_empty();
            out.push(stmt);
        }
        Ok((quote!(#(#out)*), uses_cx))
    }

    /// The annotation function of node `id`.
    pub(super) fn ann_fn(&mut self, id: NodeId) -> Result<TokenStream> {
        let name = ann_name(id);
        let rt = self.rt.clone();
        self.uses.code = true;
        let a = self.plan.annotations(id);
        let body = self.ann_stmts(id, &a, true)?;
        let body = match self.plan.scope_of(id) {
            Some(r) => quote! {
                cx.in_resource(#r, |cx| {
                    #body
                    true
                });
            },
            None => body,
        };
        Ok(quote! {
            #[allow(unused_variables)]
            pub(super) fn #name<'v>(
                v: &'v Value,
                cx: &mut Cx<'v>,
                ev: &mut #rt::__private::Evaluated<'v>,
            ) {
                #body
            }
        })
    }

    /// `unevaluatedProperties` (`items == false`) or `unevaluatedItems` of node `id`:
    /// what the node's other keywords evaluated, collected silently, then every other
    /// property (item) checked against `a`.
    pub(super) fn unevaluated(
        &mut self,
        id: NodeId,
        a: &Additional,
        items: bool,
        applies: Applies,
    ) -> Result<TokenStream> {
        let rt = self.rt.clone();
        let failed = child_failed(&rt);
        let ann = self.plan.annotations(id);
        let (collect, uses_cx) = self.ann_stmts_cx(id, &ann, false)?;
        // Only conditional parts run validators (silently): nothing else needs `cx`.
        let collect = if uses_cx {
            quote! {
                cx.speculate(|cx| {
                    #collect
                    true
                });
            }
        } else {
            collect
        };
        let each = match (a, items) {
            (Additional::Deny(f), _) => {
                let fail = self.fail_with(&f.site, &f.message, applies, quote!());
                if items {
                    quote!(for i in 0..a.len() { if !ev.has_item(i) { #fail } })
                } else {
                    quote!(for key in m.keys() { if !ev.has_key(key) { #fail } })
                }
            }
            (Additional::Schema(n), true) => {
                let f = self.call(*n);
                quote! {
                    for (i, item) in a.iter().enumerate() {
                        if !ev.has_item(i) && !cx.at_index(i, |cx| #f(item, cx)) {
                            #failed
                        }
                    }
                }
            }
            (Additional::Schema(n), false) => {
                let f = self.call(*n);
                quote! {
                    for (key, value) in m {
                        if !ev.has_key(key) && !cx.entry(key, value, #f) {
                            #failed
                        }
                    }
                }
            }
        };
        Ok(quote! {
            let mut evaluated = #rt::__private::Evaluated::default();
            let ev = &mut evaluated;
            #collect
            #each
        })
    }
}
