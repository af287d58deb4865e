//! The longer keywords of [`Validators::op`]: one function or method per keyword or
//! family, each returning the keyword's op as the table spells it.

use super::{at_keyword, cmp_tokens, fail, shown, strings_tokens};
use crate::emit::failure::bound;
use crate::emit::validate::Validators;
use crate::error::Result;
use crate::ir::plan::message;
use crate::ir::plan::{Additional, Cmp, Counted, Entries, Failure, Limit, Message, Site};
use crate::load::{JsonType, NodeId};
use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};
use serde_json::{Number, Value};

/// `type` (of the node at `base`): a named op (`IS_STRING`) for one type worded the
/// standard way, else the kind bits.
pub(super) fn type_op(base: &str, site: &Site, types: &[JsonType], m: &Message) -> TokenStream {
    let std = at_keyword(base, site, "type");
    if let [t] = types {
        if std && *m == message::not_of_type(types) {
            let named = format_ident!("IS_{}", t.name().to_uppercase());
            return quote!(#named);
        }
    }
    let bits = types.iter().map(|t| match t {
        JsonType::Null => quote!(kind::NULL),
        JsonType::Boolean => quote!(kind::BOOL),
        JsonType::Object => quote!(kind::OBJECT),
        JsonType::Array => quote!(kind::ARRAY),
        JsonType::Number => quote!(kind::NUMBER),
        JsonType::String => quote!(kind::STRING),
        JsonType::Integer => quote!(kind::INTEGER),
    });
    match shown(m).filter(|_| std) {
        Some(rest) => quote!(Op::types(#(#bits)|*, #rest)),
        None => {
            let fail = fail(base, site, m);
            quote!(Op::Type(#(#bits)|*, #fail))
        }
    }
}

/// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum` (of the node at `base`).
pub(super) fn bound_op(base: &str, site: &Site, cmp: Cmp, b: &Number, m: &Message) -> TokenStream {
    let keyword = match cmp {
        Cmp::Min => "minimum",
        Cmp::Max => "maximum",
        Cmp::ExclusiveMin => "exclusiveMinimum",
        Cmp::ExclusiveMax => "exclusiveMaximum",
    };
    let (cmp, b) = (cmp_tokens(cmp), bound(b));
    match shown(m).filter(|_| at_keyword(base, site, keyword)) {
        Some(rest) => quote!(Op::bound(#cmp, #b, #rest)),
        None => {
            let fail = fail(base, site, m);
            quote!(Op::Bound(#cmp, #b, #fail))
        }
    }
}

/// `minLength`, `maxItems`, `minProperties`, ... (of the node at `base`): a named
/// constructor (`Op::min_items(1)`) for a count worded the standard way, else the count
/// spelled out.
pub(super) fn count_op(
    base: &str,
    site: &Site,
    counted: Counted,
    cmp: Cmp,
    limit: u64,
    m: &Message,
) -> TokenStream {
    let (keyword, named) = match (counted, cmp) {
        (Counted::Chars, Cmp::Min) => ("minLength", "min_length"),
        (Counted::Chars, _) => ("maxLength", "max_length"),
        (Counted::Items, Cmp::Min) => ("minItems", "min_items"),
        (Counted::Items, _) => ("maxItems", "max_items"),
        (Counted::Properties, Cmp::Min) => ("minProperties", "min_properties"),
        (Counted::Properties, _) => ("maxProperties", "max_properties"),
    };
    let n = Literal::u64_unsuffixed(limit);
    if matches!(cmp, Cmp::Min | Cmp::Max)
        && at_keyword(base, site, keyword)
        && *m == message::count(counted, cmp, limit, keyword)
    {
        let named = format_ident!("{}", named);
        return quote!(Op::#named(#n));
    }
    let counted = match counted {
        Counted::Chars => quote!(Counted::Chars),
        Counted::Items => quote!(Counted::Items),
        Counted::Properties => quote!(Counted::Properties),
    };
    let cmp = cmp_tokens(cmp);
    let fail = fail(base, site, m);
    quote!(Op::Count(#counted, #cmp, #n, #fail))
}

/// `minContains` or `maxContains` (of the node at `base`) as the runtime's
/// `Option<Limit>`.
pub(super) fn limit(base: &str, l: &Option<Limit>) -> TokenStream {
    match l {
        Some(l) => {
            let n = Literal::u64_unsuffixed(l.limit);
            let fail = fail(base, &l.fail.site, &l.fail.message);
            quote!(Some(Limit { limit: #n, fail: #fail }))
        }
        None => quote!(None),
    }
}

impl Validators<'_> {
    /// `enum` (of the node at `base`): its strings, sorted, and its other members.
    pub(super) fn enum_op(
        &mut self,
        base: &str,
        site: &Site,
        values: &[Value],
        m: &Message,
    ) -> TokenStream {
        let mut strings: Vec<&str> = values.iter().filter_map(Value::as_str).collect();
        strings.sort_unstable();
        strings.dedup();
        let strings = strings_tokens(&strings);
        let others: Vec<TokenStream> = values
            .iter()
            .filter(|l| !l.is_string())
            .map(|l| self.lit(l))
            .collect();
        match shown(m).filter(|_| at_keyword(base, site, "enum")) {
            Some(rest) => quote!(Op::in_enum(#strings, &[#(#others),*], #rest)),
            None => {
                let fail = fail(base, site, m);
                quote!(Op::Enum(#strings, &[#(#others),*], #fail))
            }
        }
    }

    /// `patternProperties` and `additionalProperties` of node `id` (at `base`) as one op:
    /// `closed![…]` when only undeclared keys are denied the standard way; `None` when no
    /// entry can fail.
    pub(super) fn entries_op(
        &mut self,
        id: NodeId,
        base: &str,
        e: &Entries,
    ) -> Result<Option<TokenStream>> {
        // A `true` pattern only matters when it keeps a key from `additionalProperties`.
        let track = e.tracks_matches();
        let mut patterns = Vec::new();
        for p in &e.patterns {
            if p.node.is_none() && !track {
                continue;
            }
            let re = self.regex(id, "patternProperties", &p.pattern)?;
            let node = match p.node {
                Some(n) => {
                    let f = self.call(n);
                    quote!(Some(#f))
                }
                None => quote!(None),
            };
            patterns.push(quote!(PatternEntry::new(&#re, #node)));
        }
        let deny = |f: &Failure| {
            at_keyword(base, &f.site, "additionalProperties") && f.message == message::not_allowed()
        };
        let declared: Vec<&str> = e.declared.iter().map(String::as_str).collect();
        let additional = match &e.additional {
            Some(Additional::Deny(f)) if patterns.is_empty() && deny(f) => {
                return Ok(Some(quote!(closed![#(#declared),*])));
            }
            Some(Additional::Deny(f)) if deny(f) => quote!(Some(Additional::DENY)),
            Some(Additional::Deny(f)) => {
                let fail = fail(base, &f.site, &f.message);
                quote!(Some(Additional::Deny(#fail)))
            }
            Some(Additional::Schema(a)) => {
                let f = self.call(*a);
                quote!(Some(Additional::Schema(#f)))
            }
            None if patterns.is_empty() => return Ok(None),
            None => quote!(None),
        };
        let declared = strings_tokens(&declared);
        Ok(Some(
            quote!(Op::entries(&[#(#patterns),*], #declared, #additional)),
        ))
    }

    /// `oneOf` (of the node at `base`): `Op::one_of` when worded the standard way, else
    /// with its two failures.
    pub(super) fn one_of_op(
        &mut self,
        base: &str,
        site: &Site,
        branches: &[NodeId],
        none: &Message,
        many: &Message,
    ) -> TokenStream {
        let fs: Vec<_> = branches.iter().map(|b| self.call(*b)).collect();
        if at_keyword(base, site, "oneOf")
            && *none == message::no_one_of()
            && *many == message::many_of_one_of()
        {
            quote!(Op::one_of(&[#(#fs),*]))
        } else {
            let (none, many) = (fail(base, site, none), fail(base, site, many));
            quote!(Op::OneOf(&[#(#fs),*], #none, #many))
        }
    }

    /// `if` with `then` and/or `else`; `None` when neither is present (`if` alone asserts
    /// nothing).
    pub(super) fn if_op(
        &mut self,
        cond: NodeId,
        then: &Option<NodeId>,
        else_: &Option<NodeId>,
    ) -> Option<TokenStream> {
        if then.is_none() && else_.is_none() {
            return None;
        }
        let c = self.call(cond);
        let mut branch = |b: &Option<NodeId>| match b {
            Some(b) => {
                let f = self.call(*b);
                quote!(Some(#f))
            }
            None => quote!(None),
        };
        let (t, e) = (branch(then), branch(else_));
        Some(quote!(Op::If(#c, #t, #e)))
    }
}
