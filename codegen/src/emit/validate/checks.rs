//! One check of the plan rendered over a `&Value`: `v` is the instance, and inside the
//! kind's `if let`, `n`, `s`, `a` or `m` its number, string, array or object. A failure
//! at a keyword of the node is recorded by the runtime's `fail_at!` against the node's
//! location, bound once as `at`; the module imports the runtime's `plan` items, where
//! `fail_at!`, `fail!`, `failed!` and `show` are.

mod keywords;

use super::Validators;
use crate::emit::failure::{any_of, bound, entries_loop, message};
use crate::emit::tokens::lit;
use crate::error::Result;
use crate::ir::plan::{message, Additional, Applies, Arg, Check, Entries, Message, Site, Test};
use crate::load::NodeId;
use proc_macro2::TokenStream;
use quote::quote;

/// Whether [`Validators::check`] renders `test` as code. A check of a kind added to the
/// plan later has no code form until it is given one: its node is then a table of the
/// runtime's ops, the one rendering every kind of check needs (`table.rs`).
pub(super) fn has_code_form(test: &Test) -> bool {
    matches!(
        test,
        Test::Ref(_)
            | Test::Type(..)
            | Test::Enum(..)
            | Test::Const(..)
            | Test::Bound(..)
            | Test::MultipleOf(..)
            | Test::Count(..)
            | Test::Pattern(..)
            | Test::Format(..)
            | Test::UniqueItems(_)
            | Test::PrefixItem(..)
            | Test::Items(..)
            | Test::Contains { .. }
            | Test::Required(..)
            | Test::DependentRequired(..)
            | Test::Property(..)
            | Test::Entries(_)
            | Test::PropertyNames(_)
            | Test::DependentSchema(..)
            | Test::AllOf(_)
            | Test::AnyOf(..)
            | Test::OneOf { .. }
            | Test::DynamicRef { .. }
            | Test::UnevaluatedProperties(_)
            | Test::UnevaluatedItems(_)
            | Test::Not(..)
            | Test::IfThenElse { .. }
    )
}

impl Validators<'_> {
    /// `m` filled from the instance `v` (a number as `n` where it is bound), a count, the
    /// key being checked, or the pair of equal items `i`, `j`.
    pub(super) fn text(&self, m: &Message, applies: Applies, count: TokenStream) -> TokenStream {
        message(m, |a| match a {
            Arg::Instance if applies == Applies::Number => quote!(n),
            Arg::Instance => quote!(show(v)),
            Arg::Count => count.clone(),
            Arg::Key => quote!(show_str(key)),
            Arg::First => quote!(i),
            Arg::Second => quote!(j),
        })
    }

    /// The statement recording a failure at `site` worded by `m` (holes filled as
    /// [`Self::text`] fills them), the message passed as data where it can be: with no
    /// hole (`text`), the instance shown then text (`shown`), pieces around the instance
    /// or the key (`shown_value`, `shown_key`); else built by a closure.
    pub(super) fn fail_with(
        &mut self,
        site: &Site,
        m: &Message,
        applies: Applies,
        count: TokenStream,
    ) -> TokenStream {
        let pieces: Vec<_> = m.pieces.iter().map(|p| lit(p)).collect();
        let form = match (m.fixed(), m.args.as_slice(), m.pieces.as_slice()) {
            (Some(fixed), _, _) => quote!(text(#fixed)),
            (_, [Arg::Instance], [first, rest])
                if first.is_empty() && applies != Applies::Number =>
            {
                quote!(shown(v, #rest))
            }
            (_, [Arg::Instance], _) if applies != Applies::Number => {
                quote!(shown_value([#(#pieces),*], v))
            }
            (_, [Arg::Key], _) => quote!(shown_key([#(#pieces),*], key)),
            _ => {
                let text = self.text(m, applies, count);
                quote!(|| #text)
            }
        };
        self.fail_stmt(site, form)
    }

    /// Whether `site` is a keyword of the node being written, at `{node}/{keyword}`.
    fn at_keyword(&self, site: &Site) -> bool {
        let rel = site
            .at
            .strip_prefix(self.base.as_str())
            .and_then(|r| r.strip_prefix('/'));
        rel == Some(site.keyword)
    }

    /// The statement recording a failure at `site` with `message` (a message form of the
    /// runtime's `fail!`): `fail_at!` against the node's `at` when `site` is a keyword of
    /// the node, else `fail!` with the whole location.
    pub(super) fn fail_stmt(&mut self, site: &Site, message: TokenStream) -> TokenStream {
        let kw = lit(site.keyword);
        if self.at_keyword(site) {
            self.at_used = true;
            quote!(fail_at!(valid, cx, at, #kw, #message);)
        } else {
            let sp = lit(&site.at);
            quote!(fail!(valid, cx, #kw, #sp, #message);)
        }
    }

    /// `cx.speculate(|cx| nX(v, cx))` per branch (`anyOf`, `oneOf`).
    fn tries(&mut self, branches: &[NodeId]) -> Vec<TokenStream> {
        branches
            .iter()
            .map(|s| {
                let f = self.call(*s);
                quote!(cx.speculate(|cx| #f(v, cx)))
            })
            .collect()
    }

    /// `match cx.outermost(…) { … }` over a `$dynamicRef`'s `candidates` (resource index,
    /// anchored node), the static `target` when none is in the dynamic scope: each arm is
    /// `on` the node it lands on.
    pub(super) fn dynamic(
        &mut self,
        target: NodeId,
        candidates: &[(u32, NodeId)],
        mut on: impl FnMut(&mut Self, NodeId) -> TokenStream,
    ) -> TokenStream {
        let rs = candidates.iter().map(|(r, _)| *r);
        let arms: Vec<TokenStream> = candidates
            .iter()
            .enumerate()
            .map(|(i, (_, n))| {
                let arm = on(self, *n);
                quote!(Some(#i) => #arm,)
            })
            .collect();
        let fallback = on(self, target);
        quote! {
            match cx.outermost(&[#(#rs),*]) {
                #(#arms)*
                _ => #fallback,
            }
        }
    }

    /// The statements of one check of node `id`.
    pub(super) fn check(
        &mut self,
        id: NodeId,
        c: &Check,
        applies: Applies,
    ) -> Result<Vec<TokenStream>> {
        let rt = self.rt.clone();
        let failed = child_failed();
        let site = &c.site;
        Ok(vec![match &c.test {
            Test::Ref(t) => {
                let f = self.call(*t);
                entered(site, quote!(#f(v, cx)))
            }
            Test::Type(types, m) => self.type_check(site, types, m, applies),
            Test::Enum(values, m) => self.enum_check(site, values, m, applies),
            Test::Const(value, m) => self.const_check(site, value, m, applies),
            Test::Bound(cmp, b, m) => self.bound_check(site, *cmp, b, m, applies),
            Test::MultipleOf(b, m) => {
                let bt = bound(b);
                let fail = self.fail_with(site, m, applies, quote!());
                quote! {
                    if !multiple_of(n, #bt) {
                        #fail
                    }
                }
            }
            Test::Count(counted, cmp, limit, m) => {
                self.count_check(site, *counted, *cmp, *limit, m, applies)
            }
            Test::Pattern(p, m) => self.pattern_check(id, site, p, m, applies)?,
            Test::Format(f, m) => self.format_check(site, f, m, applies),
            Test::UniqueItems(m) => {
                let fail = self.fail_with(site, m, applies, quote!());
                quote! {
                    if let Some((i, j)) = #rt::__private::duplicate(a) {
                        #fail
                    }
                }
            }
            Test::PrefixItem(i, p) => self.prefix_item_check(*i, *p),
            Test::Items(skip, items) => self.items_check(*skip, *items),
            Test::Contains { node, min, max } => self.contains_check(*node, min, max, applies),
            Test::Required(name, m) => {
                let n = lit(name);
                let fail = self.fail_with(site, m, applies, quote!());
                quote! {
                    if !m.contains_key(#n) {
                        #fail
                    }
                }
            }
            Test::DependentRequired(name, dep, m) => {
                let (n, d) = (lit(name), lit(dep));
                let fail = self.fail_with(site, m, applies, quote!());
                quote! {
                    if m.contains_key(#n) && !m.contains_key(#d) {
                        #fail
                    }
                }
            }
            Test::Property(name, p) => {
                let n = lit(name);
                let f = self.call(*p);
                quote! {
                    if !cx.property(m, #n, #f) {
                        #failed
                    }
                }
            }
            Test::Entries(e) => match self.entries(id, e)? {
                Some(t) => t,
                None => return Ok(Vec::new()),
            },
            Test::PropertyNames(pn) => self.property_names_check(*pn),
            Test::DependentSchema(name, d) => {
                let n = lit(name);
                let f = self.call(*d);
                quote! {
                    if m.contains_key(#n) && !#f(v, cx) {
                        #failed
                    }
                }
            }
            Test::AllOf(s) => {
                let f = self.call(*s);
                quote! {
                    if !#f(v, cx) {
                        #failed
                    }
                }
            }
            Test::AnyOf(branches, m) if self.at_keyword(site) && *m == message::no_any_of() => {
                self.at_macro(quote!(any_of), branches)
            }
            Test::OneOf {
                branches,
                none,
                many,
            } if self.at_keyword(site)
                && *none == message::no_one_of()
                && *many == message::many_of_one_of() =>
            {
                self.at_macro(quote!(one_of), branches)
            }
            Test::AnyOf(branches, m) => {
                let tries = self.tries(branches);
                let fail = self.fail_with(site, m, applies, quote!());
                any_of(&tries, fail)
            }
            Test::OneOf {
                branches,
                none,
                many,
            } => self.one_of_check(site, branches, none, many, applies),
            Test::DynamicRef { target, candidates } => {
                let resolved = self.dynamic(*target, candidates, |this, n| {
                    let f = this.call(n);
                    quote!(#f(v, cx))
                });
                entered(site, resolved)
            }
            Test::UnevaluatedProperties(a) => self.unevaluated(id, a, false, applies)?,
            Test::UnevaluatedItems(a) => self.unevaluated(id, a, true, applies)?,
            Test::Not(n, m) => self.not_check(site, *n, m, applies),
            Test::IfThenElse { cond, then, else_ } => {
                match self.if_then_else_check(*cond, *then, *else_) {
                    Some(t) => t,
                    None => return Ok(Vec::new()),
                }
            }
            // A check of a kind added later, before it has an arm here: [`has_code_form`]
            // sends its node to the table form, so this is reached only by a node that
            // also needs code (the dynamic scope, `unevaluated*`).
            #[allow(unreachable_patterns)]
            _ => {
                return Err(crate::error::Error::new(
                    "",
                    site.at.as_str(),
                    format!(
                        "internal: `{}` has no rendering as code, and its node cannot be a table",
                        site.keyword
                    ),
                ))
            }
        }])
    }

    /// `patternProperties` and `additionalProperties` in one pass over the entries of the
    /// object `m`; `None` when no entry can fail.
    fn entries(&mut self, id: NodeId, e: &Entries) -> Result<Option<TokenStream>> {
        let failed = child_failed();
        let track = e.tracks_matches();
        let mut uses_value = false;
        let mut patterns = Vec::new();
        for p in &e.patterns {
            if p.node.is_none() && !track {
                continue;
            }
            let re = self.regex(id, "patternProperties", &p.pattern)?;
            let step = p.node.map(|n| {
                uses_value = true;
                let f = self.call(n);
                quote!(!cx.entry(key, value, #f))
            });
            patterns.push((quote!(#re.is_match(key)), step));
        }
        let additional = match &e.additional {
            Some(Additional::Deny(f)) => Some((
                None,
                self.fail_with(&f.site, &f.message, Applies::Object, quote!()),
            )),
            Some(Additional::Schema(a)) => {
                uses_value = true;
                let f = self.call(*a);
                Some((Some(quote!(!cx.entry(key, value, #f))), failed.clone()))
            }
            None => None,
        };
        let value = uses_value.then(|| quote!(value));
        Ok(entries_loop(
            quote!(m),
            value,
            patterns,
            additional,
            &e.declared,
            &failed,
        ))
    }
}

/// `call` (of a `$ref` or a resolved `$dynamicRef`) with the keyword's location `site`
/// entered, for the depth guard.
fn entered(site: &Site, call: TokenStream) -> TokenStream {
    let failed = child_failed();
    let sp = lit(&site.at);
    quote! {
        if !cx.enter(#sp) {
            return false;
        }
        let ok = #call;
        cx.leave();
        if !ok {
            #failed
        }
    }
}

/// `valid = false;` and stop unless collecting all errors, after a nested check failed
/// (the runtime's `failed!`).
pub(super) fn child_failed() -> TokenStream {
    quote!(failed!(valid, cx);)
}
