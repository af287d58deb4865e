//! String properties checked as they are read: a `String` field whose schema asks no more
//! of it than a `pattern`, a `minLength` and a `maxLength` is read with `map.text(…)`
//! (the runtime's `inflight::Text`), which notes a string the rule refuses while a session
//! is on. The typed check of the struct then has nothing left to check of that field after
//! a parse that noted nothing (`typed_check`, its `parsed` mode).

use super::Inflight;
use crate::ir::plan::{Applies, Cmp, NodePlan, Plan, Test};
use crate::ir::shape::follow_refs;
use crate::ir::Ty;
use crate::load::{NodeId, SchemaSet};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// What a string property's schema asks of it, as the runtime's `Text` holds it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct TextRule {
    pattern: Option<String>,
    min: u64,
    max: Option<u64>,
}

/// The rule of a `String` value at `node`, when its checks (those a `String` does not
/// already satisfy) are a `pattern` and length bounds, and at least one of them: exactly
/// what the typed check tests of it.
pub(crate) fn text_rule(plan: &Plan<'_>, set: &SchemaSet, node: NodeId) -> Option<TextRule> {
    let node = follow_refs(set, node).ok()?;
    let plan = plan.node(node);
    let NodePlan::Checks(checks) = &*plan else {
        return None;
    };
    let mut rule = TextRule {
        pattern: None,
        min: 0,
        max: None,
    };
    let mut any = false;
    for c in checks {
        let applies = c.test.applies();
        if (applies != Applies::Any && applies != Applies::String) || c.implied_by(&Ty::String) {
            continue;
        }
        match &c.test {
            Test::Pattern(p, _) if rule.pattern.is_none() => rule.pattern = Some(p.clone()),
            // As the typed check counts: below a minimum or above a maximum fails.
            Test::Count(_, Cmp::Min | Cmp::ExclusiveMin, limit, _) => {
                rule.min = rule.min.max(*limit);
            }
            Test::Count(_, Cmp::Max | Cmp::ExclusiveMax, limit, _) => {
                rule.max = Some(rule.max.map_or(*limit, |m| m.min(*limit)));
            }
            _ => return None,
        }
        any = true;
    }
    any.then_some(rule)
}

impl Inflight<'_> {
    /// `validators::T{i}`, the `static` of `rule` (one per distinct rule).
    pub(super) fn text_ref(&self, rule: TextRule) -> TokenStream {
        let mut texts = self.texts.borrow_mut();
        let next = texts.len();
        let i = *texts.entry(rule).or_insert(next);
        let name = format_ident!("T{}", i);
        quote!(&validators::#name)
    }

    /// The `static`s of the rules [`Self::text_ref`] named.
    pub(super) fn text_statics(&self, rt: &TokenStream) -> TokenStream {
        let texts = self.texts.borrow();
        let mut all: Vec<_> = texts.iter().map(|(rule, i)| (*i, rule.clone())).collect();
        all.sort();
        let items = all.into_iter().map(|(i, rule)| {
            let name = format_ident!("T{}", i);
            let pattern = match &rule.pattern {
                Some(p) => quote!(Some(Re::new(#p))),
                None => quote!(None),
            };
            let min = proc_macro2::Literal::u64_unsuffixed(rule.min);
            let max = match rule.max.map(proc_macro2::Literal::u64_unsuffixed) {
                Some(m) => quote!(Some(#m)),
                None => quote!(None),
            };
            quote!(pub(super) static #name: Text = Text::new(#pattern, #min, #max);)
        });
        let items: Vec<TokenStream> = items.collect();
        if items.is_empty() {
            return TokenStream::new();
        }
        // `Re` is in scope already: the validators' `use …::plan::*`.
        quote! {
            use #rt::__private::inflight::Text;
            #(#items)*
        }
    }
}
