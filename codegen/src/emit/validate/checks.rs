//! One check of the plan rendered over a `&Value`: `v` is the instance, and inside the
//! kind's `if let`, `n`, `s`, `a` or `m` its number, string, array or object. A failure
//! at a keyword of the node is recorded by the runtime's `fail_at!` against the node's
//! location, bound once as `at`; the module imports the runtime's `plan` items, where
//! `fail_at!`, `fail!`, `failed!` and `show` are.

use super::Validators;
use crate::emit::failure::{
    any_of, bound, count_fails, entries_loop, if_then_else, message, one_of,
};
use crate::emit::tokens::lit;
use crate::error::Result;
use crate::ir::plan::{
    message, Additional, Applies, Arg, Check, Cmp, Counted, Entries, Message, Site, Test,
};
use crate::load::{JsonType, NodeId};
use proc_macro2::TokenStream;
use quote::quote;
use serde_json::Value;

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
        let v = quote!(v);
        Ok(vec![match &c.test {
            Test::Ref(t) => {
                let f = self.call(*t);
                let sp = lit(&site.at);
                quote! {
                    if !cx.enter(#sp) {
                        return false;
                    }
                    let ok = #f(v, cx);
                    cx.leave();
                    if !ok {
                        #failed
                    }
                }
            }
            Test::Type(types, m) => {
                let tests: Vec<TokenStream> = types
                    .iter()
                    .map(|t| match t {
                        JsonType::Null => quote!(v.is_null()),
                        JsonType::Boolean => quote!(v.is_boolean()),
                        JsonType::Object => quote!(v.is_object()),
                        JsonType::Array => quote!(v.is_array()),
                        JsonType::Number => quote!(v.is_number()),
                        JsonType::String => quote!(v.is_string()),
                        JsonType::Integer => {
                            quote!(
                                matches!(v, Value::Number(n) if #rt::__private::num::is_integer(n))
                            )
                        }
                    })
                    .collect();
                let fail = self.fail_with(site, m, applies, quote!());
                match tests.as_slice() {
                    [test] => quote!(if !#test { #fail }),
                    _ => quote! {
                        let type_ok = #(#tests)||*;
                        if !type_ok {
                            #fail
                        }
                    },
                }
            }
            Test::Enum(values, m) => {
                // String members are one flat `matches!` (a long `||` chain nests one level
                // per operand, which overflows the formatter's stack on enums of ~1,000
                // values).
                let strings: Vec<proc_macro2::Literal> =
                    values.iter().filter_map(|l| l.as_str().map(lit)).collect();
                let mut tests: Vec<TokenStream> = Vec::new();
                if strings.len() > 1 {
                    tests.push(quote!(matches!(#v.as_str(), Some(#(#strings)|*))));
                }
                for l in values
                    .iter()
                    .filter(|l| strings.len() <= 1 || !l.is_string())
                {
                    tests.push(self.literal_eq(&v, l));
                }
                let fail = self.fail_with(site, m, applies, quote!());
                if strings.len() > 1 && tests.len() == 1 {
                    // One `matches!` (a macro call: `!` applies to all of it).
                    let test = &tests[0];
                    return Ok(vec![quote!(if !#test { #fail })]);
                }
                let cond = if tests.is_empty() {
                    quote!(false)
                } else {
                    quote!(#(#tests)||*)
                };
                quote! {
                    let in_enum: bool = #cond;
                    if !in_enum {
                        #fail
                    }
                }
            }
            Test::Const(value, m) => {
                let differs = match value {
                    Value::String(s) => {
                        let s = lit(s);
                        quote!(v.as_str() != Some(#s))
                    }
                    Value::Bool(b) => quote!(v.as_bool() != Some(#b)),
                    // A method or macro call: `!` applies to all of it.
                    _ => {
                        let eq = self.literal_eq(&v, value);
                        quote!(!#eq)
                    }
                };
                let fail = self.fail_with(site, m, applies, quote!());
                quote!(if #differs { #fail })
            }
            Test::Bound(cmp, b, m) => {
                let bt = bound(b);
                let cmp = match cmp {
                    Cmp::Min => quote!(Cmp::Min),
                    Cmp::Max => quote!(Cmp::Max),
                    Cmp::ExclusiveMin => quote!(Cmp::ExclusiveMin),
                    Cmp::ExclusiveMax => quote!(Cmp::ExclusiveMax),
                };
                let fail = self.fail_with(site, m, applies, quote!());
                quote! {
                    if #cmp.rejects(n, #bt) {
                        #fail
                    }
                }
            }
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
                let n = match counted {
                    Counted::Chars => quote!(len),
                    Counted::Items => quote!(a.len()),
                    Counted::Properties => quote!(m.len()),
                };
                let test = count_fails(*cmp, quote!((#n as u64)), *limit);
                let fail = self.fail_with(site, m, applies, n);
                quote! {
                    if #test {
                        #fail
                    }
                }
            }
            Test::Pattern(p, m) => {
                let re = self.regex(id, site.keyword, p)?;
                let fail = self.fail_with(site, m, applies, quote!());
                quote! {
                    if !#re.is_match(s) {
                        #fail
                    }
                }
            }
            Test::Format(f, m) => {
                let fail = self.fail_with(site, m, applies, quote!());
                let name = lit(f);
                quote! {
                    if cx.formats() && format_fails(#name, s) {
                        #fail
                    }
                }
            }
            Test::UniqueItems(m) => {
                let fail = self.fail_with(site, m, applies, quote!());
                quote! {
                    if let Some((i, j)) = #rt::__private::duplicate(a) {
                        #fail
                    }
                }
            }
            Test::PrefixItem(i, p) => {
                let f = self.call(*p);
                let get = if *i == 0 {
                    quote!(a.first())
                } else {
                    quote!(a.get(#i))
                };
                quote! {
                    if let Some(item) = #get {
                        if !cx.at_index(#i, |cx| #f(item, cx)) {
                            #failed
                        }
                    }
                }
            }
            Test::Items(skip, items) => {
                let f = self.call(*items);
                let iter = if *skip == 0 {
                    quote!(a.iter().enumerate())
                } else {
                    quote!(a.iter().enumerate().skip(#skip))
                };
                quote! {
                    for (i, item) in #iter {
                        if !cx.at_index(i, |cx| #f(item, cx)) {
                            #failed
                        }
                    }
                }
            }
            Test::Contains { node, min, max } => {
                let f = self.call(*node);
                let limits = min
                    .iter()
                    .map(|l| (Cmp::Min, l))
                    .chain(max.iter().map(|l| (Cmp::Max, l)))
                    .map(|(cmp, l)| {
                        let test = count_fails(cmp, quote!((count as u64)), l.limit);
                        let text = self.text(&l.fail.message, applies, quote!(count));
                        let fail = self.fail_stmt(&l.fail.site, quote!(|| #text));
                        quote!(if #test { #fail })
                    })
                    .collect::<Vec<_>>();
                quote! {
                    let count = a.iter().filter(|item| cx.speculate(|cx| #f(item, cx))).count();
                    #(#limits)*
                }
            }
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
            Test::PropertyNames(pn) => {
                let f = self.call(*pn);
                quote! {
                    for key in m.keys() {
                        let name = Value::String(key.clone());
                        let mut sub = cx.sub();
                        let ok = #f(&name, &mut sub);
                        cx.absorb(sub);
                        if !ok {
                            #failed
                        }
                    }
                }
            }
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
                let fs: Vec<_> = branches.iter().map(|b| self.call(*b)).collect();
                self.at_used = true;
                quote!(any_of!(valid, cx, v, at, [#(#fs),*]);)
            }
            Test::OneOf {
                branches,
                none,
                many,
            } if self.at_keyword(site)
                && *none == message::no_one_of()
                && *many == message::many_of_one_of() =>
            {
                let fs: Vec<_> = branches.iter().map(|b| self.call(*b)).collect();
                self.at_used = true;
                quote!(one_of!(valid, cx, v, at, [#(#fs),*]);)
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
            } => {
                let tries = self.tries(branches);
                let none = self.text(none, applies, quote!(matches));
                let many = self.text(many, applies, quote!(matches));
                let fail =
                    self.fail_stmt(site, quote!(|| if matches == 0 { #none } else { #many }));
                one_of(&tries, fail)
            }
            Test::DynamicRef { target, candidates } => {
                let sp = lit(&site.at);
                let resolved = self.dynamic(*target, candidates, |this, n| {
                    let f = this.call(n);
                    quote!(#f(v, cx))
                });
                quote! {
                    if !cx.enter(#sp) {
                        return false;
                    }
                    let ok = #resolved;
                    cx.leave();
                    if !ok {
                        #failed
                    }
                }
            }
            Test::UnevaluatedProperties(a) => self.unevaluated(id, a, false, applies)?,
            Test::UnevaluatedItems(a) => self.unevaluated(id, a, true, applies)?,
            Test::Not(n, m) => {
                let f = self.call(*n);
                let fail = self.fail_with(site, m, applies, quote!());
                quote! {
                    if cx.speculate(|cx| #f(v, cx)) {
                        #fail
                    }
                }
            }
            Test::IfThenElse { cond, then, else_ } => {
                let fi = self.call(*cond);
                let then = then.map(|t| {
                    let f = self.call(t);
                    quote!(#f(v, cx))
                });
                let else_ = else_.map(|e| {
                    let f = self.call(e);
                    quote!(#f(v, cx))
                });
                match if_then_else(quote!(cx.speculate(|cx| #fi(v, cx))), then, else_, &failed) {
                    Some(t) => t,
                    None => return Ok(Vec::new()),
                }
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

/// `valid = false;` and stop unless collecting all errors, after a nested check failed
/// (the runtime's `failed!`).
pub(super) fn child_failed() -> TokenStream {
    quote!(failed!(valid, cx);)
}
