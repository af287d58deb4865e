//! A node's checks rendered as data: a static table of the runtime's
//! `__private::plan::Op`s, run by `plan::run`, the interpreter compiled once in the
//! runtime. A generated crate then compiles one small function per node instead of the
//! straight-line code of [`super::checks`], which stays for the checks the table cannot
//! hold (`$dynamicRef`, `unevaluated*`) and for nodes that enter the dynamic scope.

use super::Validators;
use crate::emit::failure::bound;
use crate::emit::tokens::{fn_name, lit};
use crate::error::Result;
use crate::ir::plan::{Additional, Arg, Check, Cmp, Counted, Limit, Message, Site, Test};
use crate::load::{JsonType, NodeId};
use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};
use serde_json::Value;

/// Whether the table can hold every check (the rest need the dynamic scope or the
/// annotations of `unevaluated*`, which stay generated code).
pub(super) fn holds(checks: &[Check]) -> bool {
    checks.iter().all(|c| {
        !matches!(
            c.test,
            Test::DynamicRef { .. } | Test::UnevaluatedProperties(_) | Test::UnevaluatedItems(_)
        )
    })
}

impl Validators<'_> {
    /// The validator of node `id` as a table of its `checks` (which [`holds`] accepts).
    pub(super) fn table_fn(&mut self, id: NodeId, checks: &[Check]) -> Result<TokenStream> {
        let name = fn_name(id);
        let mut ops = Vec::new();
        for c in checks {
            ops.extend(self.op(id, c)?);
        }
        if ops.is_empty() {
            return Ok(quote! {
                pub(super) fn #name<'v>(_: &'v Value, _: &mut Cx<'v>) -> bool {
                    true
                }
            });
        }
        let n = Literal::usize_unsuffixed(ops.len());
        self.tables = true;
        let base = lit(&self.plan.at(id, ""));
        Ok(quote! {
            pub(super) fn #name<'v>(v: &'v Value, cx: &mut Cx<'v>) -> bool {
                static OPS: [Op; #n] = [#(#ops),*];
                run(v, cx, #base, &OPS)
            }
        })
    }

    /// The op of one check; `None` when the check cannot fail.
    fn op(&mut self, id: NodeId, c: &Check) -> Result<Option<TokenStream>> {
        let site = &c.site;
        let base = self.plan.at(id, "");
        Ok(Some(match &c.test {
            Test::Ref(t) => {
                let f = self.call(*t);
                let at = lit(&site.at);
                quote!(Op::Ref(#at, #f))
            }
            Test::Type(types, m) => {
                let bits = types.iter().map(|t| match t {
                    JsonType::Null => quote!(kind::NULL),
                    JsonType::Boolean => quote!(kind::BOOL),
                    JsonType::Object => quote!(kind::OBJECT),
                    JsonType::Array => quote!(kind::ARRAY),
                    JsonType::Number => quote!(kind::NUMBER),
                    JsonType::String => quote!(kind::STRING),
                    JsonType::Integer => quote!(kind::INTEGER),
                });
                let fail = fail(&base, site, m);
                quote!(Op::Type(#(#bits)|*, #fail))
            }
            Test::Enum(values, m) => {
                let mut strings: Vec<&str> = values.iter().filter_map(Value::as_str).collect();
                strings.sort_unstable();
                strings.dedup();
                let strings = strings.into_iter().map(lit);
                let others: Vec<TokenStream> = values
                    .iter()
                    .filter(|l| !l.is_string())
                    .map(|l| self.lit(l))
                    .collect();
                let fail = fail(&base, site, m);
                quote!(Op::Enum(&[#(#strings),*], &[#(#others),*], #fail))
            }
            Test::Const(value, m) => {
                let l = self.lit(value);
                let fail = fail(&base, site, m);
                quote!(Op::Const(#l, #fail))
            }
            Test::Bound(cmp, b, m) => {
                let cmp = cmp_tokens(*cmp);
                let b = bound(b);
                let fail = fail(&base, site, m);
                quote!(Op::Bound(#cmp, #b, #fail))
            }
            Test::MultipleOf(b, m) => {
                let b = bound(b);
                let fail = fail(&base, site, m);
                quote!(Op::MultipleOf(#b, #fail))
            }
            Test::Count(counted, cmp, limit, m) => {
                let counted = match counted {
                    Counted::Chars => quote!(Counted::Chars),
                    Counted::Items => quote!(Counted::Items),
                    Counted::Properties => quote!(Counted::Properties),
                };
                let cmp = cmp_tokens(*cmp);
                let limit = Literal::u64_unsuffixed(*limit);
                let fail = fail(&base, site, m);
                quote!(Op::Count(#counted, #cmp, #limit, #fail))
            }
            Test::Pattern(p, m) => {
                let re = self.regex(id, site.keyword, p)?;
                let fail = fail(&base, site, m);
                quote!(Op::Pattern(&#re, #fail))
            }
            Test::Format(f, m) => {
                let f = lit(f);
                let fail = fail(&base, site, m);
                quote!(Op::Format(#f, #fail))
            }
            Test::UniqueItems(m) => {
                let fail = fail(&base, site, m);
                quote!(Op::UniqueItems(#fail))
            }
            Test::PrefixItem(i, p) => {
                let f = self.call(*p);
                let i = Literal::usize_unsuffixed(*i);
                quote!(Op::PrefixItem(#i, #f))
            }
            Test::Items(skip, items) => {
                let f = self.call(*items);
                let skip = Literal::usize_unsuffixed(*skip);
                quote!(Op::Items(#skip, #f))
            }
            Test::Contains { node, min, max } => {
                let f = self.call(*node);
                let limit = |l: &Option<Limit>| match l {
                    Some(l) => {
                        let n = Literal::u64_unsuffixed(l.limit);
                        let fail = fail(&base, &l.fail.site, &l.fail.message);
                        quote!(Some(Limit { limit: #n, fail: #fail }))
                    }
                    None => quote!(None),
                };
                let (min, max) = (limit(min), limit(max));
                quote!(Op::Contains(#f, #min, #max))
            }
            Test::Required(name, m) => {
                let n = lit(name);
                let fail = fail(&base, site, m);
                quote!(Op::Required(#n, #fail))
            }
            Test::DependentRequired(name, dep, m) => {
                let (n, d) = (lit(name), lit(dep));
                let fail = fail(&base, site, m);
                quote!(Op::DependentRequired(#n, #d, #fail))
            }
            Test::Property(name, p) => {
                let n = lit(name);
                let f = self.call(*p);
                quote!(Op::Property(#n, #f))
            }
            Test::Entries(e) => {
                // A `true` pattern only matters when it keeps a key from
                // `additionalProperties`.
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
                    patterns.push(quote!(PatternEntry { re: &#re, node: #node }));
                }
                let additional = match &e.additional {
                    Some(Additional::Deny(f)) => {
                        let fail = fail(&base, &f.site, &f.message);
                        quote!(Some(Additional::Deny(#fail)))
                    }
                    Some(Additional::Schema(a)) => {
                        let f = self.call(*a);
                        quote!(Some(Additional::Schema(#f)))
                    }
                    None if patterns.is_empty() => return Ok(None),
                    None => quote!(None),
                };
                let declared = e.declared.iter().map(|d| lit(d));
                quote! {
                    Op::Entries {
                        patterns: &[#(#patterns),*],
                        declared: &[#(#declared),*],
                        additional: #additional,
                    }
                }
            }
            Test::PropertyNames(pn) => {
                let f = self.call(*pn);
                quote!(Op::PropertyNames(#f))
            }
            Test::DependentSchema(name, d) => {
                let n = lit(name);
                let f = self.call(*d);
                quote!(Op::DependentSchema(#n, #f))
            }
            Test::AllOf(s) => {
                let f = self.call(*s);
                quote!(Op::AllOf(#f))
            }
            Test::AnyOf(branches, m) => {
                let fs: Vec<_> = branches.iter().map(|b| self.call(*b)).collect();
                let fail = fail(&base, site, m);
                quote!(Op::AnyOf(&[#(#fs),*], #fail))
            }
            Test::OneOf {
                branches,
                none,
                many,
            } => {
                let fs: Vec<_> = branches.iter().map(|b| self.call(*b)).collect();
                let (none, many) = (fail(&base, site, none), fail(&base, site, many));
                quote!(Op::OneOf(&[#(#fs),*], #none, #many))
            }
            Test::Not(n, m) => {
                let f = self.call(*n);
                let fail = fail(&base, site, m);
                quote!(Op::Not(#f, #fail))
            }
            Test::IfThenElse { cond, then, else_ } => {
                if then.is_none() && else_.is_none() {
                    return Ok(None);
                }
                let c = self.call(*cond);
                let mut branch = |b: &Option<NodeId>| match b {
                    Some(b) => {
                        let f = self.call(*b);
                        quote!(Some(#f))
                    }
                    None => quote!(None),
                };
                let (t, e) = (branch(then), branch(else_));
                quote!(Op::If(#c, #t, #e))
            }
            Test::DynamicRef { .. }
            | Test::UnevaluatedProperties(_)
            | Test::UnevaluatedItems(_) => return Ok(None),
        }))
    }

    /// A literal of `enum` or `const` as the runtime's `Lit`.
    fn lit(&mut self, l: &Value) -> TokenStream {
        match l {
            Value::Null => quote!(Lit::Null),
            Value::Bool(b) => quote!(Lit::Bool(#b)),
            Value::String(s) => {
                let s = lit(s);
                quote!(Lit::Str(#s))
            }
            Value::Number(n) => {
                let b = bound(n);
                quote!(Lit::Num(#b))
            }
            Value::Array(_) | Value::Object(_) => {
                let name = self.composite(l);
                quote!(Lit::Json(&#name))
            }
        }
    }
}

/// `plan::Fail` of a failure at `site` worded by `m`, in the node at `base`: located
/// below the node (`Fail::kw`, `Fail::below`) when `site` is, so that the table does not
/// repeat the node's location in every op; worded by one of the runtime's shared messages
/// (`msg::NOT_STRING`) when `m` is exactly it.
fn fail(base: &str, site: &Site, m: &Message) -> TokenStream {
    let kw = lit(site.keyword);
    let msg = msg(m);
    match site.at.strip_prefix(base).and_then(|r| r.strip_prefix('/')) {
        Some(rel) if rel == site.keyword => quote!(Fail::kw(#kw, #msg)),
        Some(rel) => {
            let rel = lit(rel);
            quote!(Fail::below(#kw, #rel, #msg))
        }
        None => {
            let at = lit(&site.at);
            let (pieces, args) = pieces_args(m);
            quote!(Fail::new(#kw, #at, &[#(#pieces),*], &[#(#args),*]))
        }
    }
}

/// `m` as a `plan::Msg`: a shared one of the runtime's where it is exactly that wording.
fn msg(m: &Message) -> TokenStream {
    const TYPES: [(&str, &str); 7] = [
        ("object", "NOT_OBJECT"),
        ("array", "NOT_ARRAY"),
        ("string", "NOT_STRING"),
        ("number", "NOT_NUMBER"),
        ("integer", "NOT_INTEGER"),
        ("boolean", "NOT_BOOLEAN"),
        ("null", "NOT_NULL"),
    ];
    let pieces: Vec<&str> = m.pieces.iter().map(String::as_str).collect();
    let shared = match (pieces.as_slice(), m.args.as_slice()) {
        (["", p], [Arg::Instance]) => TYPES
            .iter()
            .find(|(t, _)| *p == format!(" is not of type \"{t}\""))
            .map(|(_, name)| *name),
        (["property ", " is not allowed"], [Arg::Key]) => Some("NOT_ALLOWED"),
        _ => None,
    };
    if let Some(name) = shared {
        let name = format_ident!("{}", name);
        return quote!(msg::#name);
    }
    let (pieces, args) = pieces_args(m);
    quote!(Msg::new(&[#(#pieces),*], &[#(#args),*]))
}

fn pieces_args(m: &Message) -> (Vec<Literal>, Vec<TokenStream>) {
    let pieces = m.pieces.iter().map(|p| lit(p)).collect();
    let args = m
        .args
        .iter()
        .map(|a| match a {
            Arg::Instance => quote!(Arg::Instance),
            Arg::Count => quote!(Arg::Count),
            Arg::Key => quote!(Arg::Key),
            Arg::First => quote!(Arg::First),
            Arg::Second => quote!(Arg::Second),
        })
        .collect();
    (pieces, args)
}

fn cmp_tokens(cmp: Cmp) -> TokenStream {
    match cmp {
        Cmp::Min => quote!(Cmp::Min),
        Cmp::Max => quote!(Cmp::Max),
        Cmp::ExclusiveMin => quote!(Cmp::ExclusiveMin),
        Cmp::ExclusiveMax => quote!(Cmp::ExclusiveMax),
    }
}
