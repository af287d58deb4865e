//! The longer keywords of [`Validators::check`], rendered over a `&Value` as there: one
//! method per keyword or family, each returning the check's statements.

use super::child_failed;
use crate::emit::failure::{bound, count_fails, if_then_else, one_of};
use crate::emit::tokens::lit;
use crate::emit::validate::Validators;
use crate::error::Result;
use crate::ir::plan::{Applies, Cmp, Counted, Limit, Message, Site};
use crate::load::{JsonType, NodeId};
use proc_macro2::TokenStream;
use quote::quote;
use serde_json::{Number, Value};

impl Validators<'_> {
    /// `type`: the instance is of one of `types`.
    pub(super) fn type_check(
        &mut self,
        site: &Site,
        types: &[JsonType],
        m: &Message,
        applies: Applies,
    ) -> TokenStream {
        let rt = self.rt.clone();
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
                    quote!(matches!(v, Value::Number(n) if #rt::__private::num::is_integer(n)))
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

    /// `enum`: the instance equals one of `values`.
    pub(super) fn enum_check(
        &mut self,
        site: &Site,
        values: &[Value],
        m: &Message,
        applies: Applies,
    ) -> TokenStream {
        let v = quote!(v);
        // String members are one flat `matches!` (a long `||` chain nests one level per
        // operand, which overflows the formatter's stack on enums of ~1,000 values).
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
        if let ([test], true) = (tests.as_slice(), strings.len() > 1) {
            // One `matches!` (a macro call: `!` applies to all of it).
            return quote!(if !#test { #fail });
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

    /// `const`: the instance equals `value`.
    pub(super) fn const_check(
        &mut self,
        site: &Site,
        value: &Value,
        m: &Message,
        applies: Applies,
    ) -> TokenStream {
        let v = quote!(v);
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

    /// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`: the number `n`
    /// against the bound `b`.
    pub(super) fn bound_check(
        &mut self,
        site: &Site,
        cmp: Cmp,
        b: &Number,
        m: &Message,
        applies: Applies,
    ) -> TokenStream {
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

    /// `minLength`, `maxItems`, `minProperties`, ...: a count (`len`, the characters
    /// counted beforehand) against `limit`.
    pub(super) fn count_check(
        &mut self,
        site: &Site,
        counted: Counted,
        cmp: Cmp,
        limit: u64,
        m: &Message,
        applies: Applies,
    ) -> TokenStream {
        let n = match counted {
            Counted::Chars => quote!(len),
            Counted::Items => quote!(a.len()),
            Counted::Properties => quote!(m.len()),
        };
        let test = count_fails(cmp, quote!((#n as u64)), limit);
        let fail = self.fail_with(site, m, applies, n);
        quote! {
            if #test {
                #fail
            }
        }
    }

    /// `pattern`: the string `s` matches the ECMA-262 pattern `p` (a regex static of node
    /// `id`).
    pub(super) fn pattern_check(
        &mut self,
        id: NodeId,
        site: &Site,
        p: &str,
        m: &Message,
        applies: Applies,
    ) -> Result<TokenStream> {
        let re = self.regex(id, site.keyword, p)?;
        let fail = self.fail_with(site, m, applies, quote!());
        Ok(quote! {
            if !#re.is_match(s) {
                #fail
            }
        })
    }

    /// `format`: the string `s` is not known to fail the format `f`, when formats are
    /// asserted.
    pub(super) fn format_check(
        &mut self,
        site: &Site,
        f: &str,
        m: &Message,
        applies: Applies,
    ) -> TokenStream {
        let fail = self.fail_with(site, m, applies, quote!());
        let name = lit(f);
        quote! {
            if cx.formats() && format_fails(#name, s) {
                #fail
            }
        }
    }

    /// One `prefixItems` entry: the item at index `i`, when there is one, against node `p`.
    pub(super) fn prefix_item_check(&mut self, i: usize, p: NodeId) -> TokenStream {
        let failed = child_failed();
        let f = self.call(p);
        let get = if i == 0 {
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

    /// `items`: every item from index `skip` on against node `items`.
    pub(super) fn items_check(&mut self, skip: usize, items: NodeId) -> TokenStream {
        let failed = child_failed();
        let f = self.call(items);
        let iter = if skip == 0 {
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

    /// `contains`: the items matching `node` counted, against `minContains` and
    /// `maxContains`.
    pub(super) fn contains_check(
        &mut self,
        node: NodeId,
        min: &Option<Limit>,
        max: &Option<Limit>,
        applies: Applies,
    ) -> TokenStream {
        let f = self.call(node);
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

    /// `propertyNames`: every key of the object, as a string, against node `pn`.
    pub(super) fn property_names_check(&mut self, pn: NodeId) -> TokenStream {
        let failed = child_failed();
        let f = self.call(pn);
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

    /// `oneOf` worded or located otherwise than the runtime's `one_of!`: every branch
    /// tried, and the count of matches reported.
    pub(super) fn one_of_check(
        &mut self,
        site: &Site,
        branches: &[NodeId],
        none: &Message,
        many: &Message,
        applies: Applies,
    ) -> TokenStream {
        let tries = self.tries(branches);
        let none = self.text(none, applies, quote!(matches));
        let many = self.text(many, applies, quote!(matches));
        let fail = self.fail_stmt(site, quote!(|| if matches == 0 { #none } else { #many }));
        one_of(&tries, fail)
    }

    /// `anyOf` or `oneOf` (`which`) worded and located the standard way: the runtime's
    /// macro of that name over the branches, failing at the node's `at`.
    pub(super) fn at_macro(&mut self, which: TokenStream, branches: &[NodeId]) -> TokenStream {
        let fs: Vec<_> = branches.iter().map(|b| self.call(*b)).collect();
        self.at_used = true;
        quote!(#which!(valid, cx, v, at, [#(#fs),*]);)
    }

    /// `not`: the instance fails node `n`.
    pub(super) fn not_check(
        &mut self,
        site: &Site,
        n: NodeId,
        m: &Message,
        applies: Applies,
    ) -> TokenStream {
        let f = self.call(n);
        let fail = self.fail_with(site, m, applies, quote!());
        quote! {
            if cx.speculate(|cx| #f(v, cx)) {
                #fail
            }
        }
    }

    /// `if` with `then` and/or `else`: the branch its outcome picks; `None` when neither is
    /// present.
    pub(super) fn if_then_else_check(
        &mut self,
        cond: NodeId,
        then: Option<NodeId>,
        else_: Option<NodeId>,
    ) -> Option<TokenStream> {
        let failed = child_failed();
        let fi = self.call(cond);
        let then = then.map(|t| {
            let f = self.call(t);
            quote!(#f(v, cx))
        });
        let else_ = else_.map(|e| {
            let f = self.call(e);
            quote!(#f(v, cx))
        });
        if_then_else(quote!(cx.speculate(|cx| #fi(v, cx))), then, else_, &failed)
    }
}
