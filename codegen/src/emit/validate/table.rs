//! A node's checks rendered as data: a static table of the runtime's
//! `__private::plan::Op`s, run by `plan::run`, the interpreter compiled once in the
//! runtime. A generated crate then compiles one small function per node instead of the
//! straight-line code of [`super::checks`], which stays for the checks the table cannot
//! hold (`$dynamicRef`, `unevaluated*`) and for nodes that enter the dynamic scope.
//!
//! The table reads like the schema: the runtime's `node!` writes the node's function, and
//! a check worded and located the standard way (the plan's own wording, at
//! `{node}/{keyword}`) is one of the runtime's named ops or constructors (`IS_STRING`,
//! `Op::min_items(1)`, `required!["a"]`, `closed!["a"]`); any other is spelled out with
//! its `Fail`.

mod keywords;

use super::Validators;
use crate::emit::failure::bound;
use crate::emit::tokens::{fn_name, lit};
use crate::error::Result;
use crate::ir::plan::message;
use crate::ir::plan::{Arg, Check, Cmp, Message, Site, Test};
use crate::load::NodeId;
use keywords::{bound_op, count_op, limit, type_op};
use proc_macro2::{Ident, Literal, TokenStream, TokenTree};
use quote::{format_ident, quote};
use serde_json::Value;

/// The last column prettyplease fills (its margin).
const WIDTH: usize = 89;

/// Whether the table can hold every check of the node at schema location `base`: not
/// those that need the dynamic scope or the annotations of `unevaluated*` (they stay
/// generated code), and a `$ref` only at a location below the node.
pub(super) fn holds(checks: &[Check], base: &str) -> bool {
    checks.iter().all(|c| match c.test {
        Test::DynamicRef { .. } | Test::UnevaluatedProperties(_) | Test::UnevaluatedItems(_) => {
            false
        }
        Test::Ref(_) => below(base, &c.site).is_some(),
        _ => true,
    })
}

/// The location of `site` relative to the node at `base`, when it is below it.
fn below<'s>(base: &str, site: &'s Site) -> Option<&'s str> {
    site.at.strip_prefix(base)?.strip_prefix('/')
}

/// Whether `site` is the keyword `keyword` at `{node}/{keyword}`, where the runtime's
/// constructors locate their failures.
fn at_keyword(base: &str, site: &Site, keyword: &str) -> bool {
    site.keyword == keyword && below(base, site) == Some(keyword)
}

/// The text after the shown instance, when `m` is the instance shown then text.
fn shown(m: &Message) -> Option<&str> {
    match (m.pieces.as_slice(), m.args.as_slice()) {
        ([first, rest], [Arg::Instance]) if first.is_empty() => Some(rest),
        _ => None,
    }
}

impl Validators<'_> {
    /// The validator of node `id` as a table of its `checks` (which [`holds`] accepts):
    /// `node!(nX, at, [ops])` when it fits a line, else the ops in a `static NX` beside
    /// `node!(nX, at, NX)`.
    pub(super) fn table_fn(&mut self, id: NodeId, checks: &[Check]) -> Result<TokenStream> {
        let name = fn_name(id);
        let base = self.plan.at(id, "");
        let mut ops = Vec::new();
        let mut required: Vec<&str> = Vec::new();
        for c in checks {
            match &c.test {
                Test::Required(n, m)
                    if at_keyword(&base, &c.site, "required") && *m == message::required(n) =>
                {
                    required.push(n);
                    continue;
                }
                _ => {}
            }
            if !required.is_empty() {
                ops.push(quote!(required![#(#required),*]));
                required.clear();
            }
            ops.extend(self.op(id, &base, c)?);
        }
        if !required.is_empty() {
            ops.push(quote!(required![#(#required),*]));
        }
        if ops.is_empty() {
            return Ok(quote!(node!(#name, true);));
        }
        let at = lit(&base);
        let table = format_ident!("N{}", id.0);
        if inline_is_shorter(&name, &at, &ops, &table) {
            return Ok(quote!(node!(#name, #at, [#(#ops),*]);));
        }
        Ok(quote! {
            static #table: &[Op] = &[#(#ops),*];
            node!(#name, #at, #table);
        })
    }

    /// The op of one check of the node at `base`; `None` when the check cannot fail.
    fn op(&mut self, id: NodeId, base: &str, c: &Check) -> Result<Option<TokenStream>> {
        let site = &c.site;
        let std = |keyword: &str| at_keyword(base, site, keyword);
        Ok(Some(match &c.test {
            Test::Ref(t) => {
                let f = self.call(*t);
                let rel = lit(below(base, site).unwrap_or(&site.at));
                quote!(Op::Ref(#rel, #f))
            }
            Test::Type(types, m) => type_op(base, site, types, m),
            Test::Enum(values, m) => self.enum_op(base, site, values, m),
            Test::Const(value, m) => {
                let l = self.lit(value);
                match shown(m).filter(|_| std("const")) {
                    Some(rest) => quote!(Op::constant(#l, #rest)),
                    None => {
                        let fail = fail(base, site, m);
                        quote!(Op::Const(#l, #fail))
                    }
                }
            }
            Test::Bound(cmp, b, m) => bound_op(base, site, *cmp, b, m),
            Test::MultipleOf(b, m) => {
                let b = bound(b);
                match shown(m).filter(|_| std("multipleOf")) {
                    Some(rest) => quote!(Op::multiple_of(#b, #rest)),
                    None => {
                        let fail = fail(base, site, m);
                        quote!(Op::MultipleOf(#b, #fail))
                    }
                }
            }
            Test::Count(counted, cmp, limit, m) => count_op(base, site, *counted, *cmp, *limit, m),
            Test::Pattern(p, m) => {
                let re = self.regex(id, site.keyword, p)?;
                if std("pattern") && *m == message::pattern(p) {
                    quote!(Op::pattern(&#re))
                } else {
                    let fail = fail(base, site, m);
                    quote!(Op::Pattern(&#re, #fail))
                }
            }
            Test::Format(f, m) => {
                let name = lit(f);
                if std("format") && *m == message::format(f) {
                    quote!(Op::format(#name))
                } else {
                    let fail = fail(base, site, m);
                    quote!(Op::Format(#name, #fail))
                }
            }
            Test::UniqueItems(m) => {
                if std("uniqueItems") && *m == message::not_unique() {
                    quote!(UNIQUE_ITEMS)
                } else {
                    let fail = fail(base, site, m);
                    quote!(Op::UniqueItems(#fail))
                }
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
                let (min, max) = (limit(base, min), limit(base, max));
                quote!(Op::Contains(#f, #min, #max))
            }
            // Worded otherwise than `table_fn` gathers.
            Test::Required(name, m) => {
                let n = lit(name);
                let fail = fail(base, site, m);
                quote!(Op::Required(&[#n], #fail))
            }
            Test::DependentRequired(name, dep, m) => {
                let (n, d) = (lit(name), lit(dep));
                let fail = fail(base, site, m);
                quote!(Op::DependentRequired(#n, #d, #fail))
            }
            Test::Property(name, p) => {
                let n = lit(name);
                let f = self.call(*p);
                quote!(Op::Property(#n, #f))
            }
            Test::Entries(e) => match self.entries_op(id, base, e)? {
                Some(op) => op,
                None => return Ok(None),
            },
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
                if std("anyOf") && *m == message::no_any_of() {
                    quote!(Op::any_of(&[#(#fs),*]))
                } else {
                    let fail = fail(base, site, m);
                    quote!(Op::AnyOf(&[#(#fs),*], #fail))
                }
            }
            Test::OneOf {
                branches,
                none,
                many,
            } => self.one_of_op(base, site, branches, none, many),
            Test::Not(n, m) => {
                let f = self.call(*n);
                if std("not") && *m == message::not() {
                    quote!(Op::not(#f))
                } else {
                    let fail = fail(base, site, m);
                    quote!(Op::Not(#f, #fail))
                }
            }
            Test::IfThenElse { cond, then, else_ } => match self.if_op(*cond, then, else_) {
                Some(op) => op,
                None => return Ok(None),
            },
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

/// A list of strings: `&["a", "b"]`, or the runtime's `strings!["a", "b"]` when it is too
/// long for a line (a macro's list wraps like text, where an array takes a line per
/// string).
fn strings_tokens(strings: &[&str]) -> TokenStream {
    let strings: Vec<Literal> = strings.iter().map(|s| lit(s)).collect();
    let list = quote!(&[#(#strings),*]);
    if width(&list) <= 72 {
        list
    } else {
        quote!(strings![#(#strings),*])
    }
}

/// `plan::Fail` of a failure at `site` worded by `m`, in the node at `base`: located
/// below the node (`Fail::kw`, `Fail::below`) when `site` is, so that the table does not
/// repeat the node's location in every op; worded by one of the runtime's shared messages
/// (`msg::NOT_STRING`) when `m` is exactly it.
fn fail(base: &str, site: &Site, m: &Message) -> TokenStream {
    let kw = lit(site.keyword);
    let msg = msg(m);
    match below(base, site) {
        Some(rel) if rel == site.keyword => quote!(Fail::kw(#kw, #msg)),
        Some(rel) => {
            let rel = lit(rel);
            quote!(Fail::below(#kw, #rel, #msg))
        }
        None => {
            let at = lit(&site.at);
            quote!(Fail::new(#kw, #at, #msg))
        }
    }
}

/// `m` as a `plan::Msg`: a shared one of the runtime's where it is exactly that wording,
/// else the instance shown then text (`Msg::Shown`), else its pieces and holes.
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
    let shared = match shown(m) {
        Some(rest) => TYPES
            .iter()
            .find(|(t, _)| rest == format!(" is not of type \"{t}\""))
            .map(|(_, name)| *name),
        None if *m == message::not_allowed() => Some("NOT_ALLOWED"),
        None => None,
    };
    if let Some(name) = shared {
        let name = format_ident!("{}", name);
        return quote!(msg::#name);
    }
    if let Some(rest) = shown(m) {
        return quote!(Msg::Shown(#rest));
    }
    let pieces = m.pieces.iter().map(|p| lit(p));
    let args = m.args.iter().map(|a| match a {
        Arg::Instance => quote!(Arg::Instance),
        Arg::Count => quote!(Arg::Count),
        Arg::Key => quote!(Arg::Key),
        Arg::First => quote!(Arg::First),
        Arg::Second => quote!(Arg::Second),
    });
    quote!(Msg::new(&[#(#pieces),*], &[#(#args),*]))
}

fn cmp_tokens(cmp: Cmp) -> TokenStream {
    match cmp {
        Cmp::Min => quote!(Cmp::Min),
        Cmp::Max => quote!(Cmp::Max),
        Cmp::ExclusiveMin => quote!(Cmp::ExclusiveMin),
        Cmp::ExclusiveMax => quote!(Cmp::ExclusiveMax),
    }
}

/// Whether `node!(name, at, [ops])` takes fewer lines than the ops in a `static table`
/// beside `node!(name, at, table)`. A macro's arguments print as a flow of tokens, so the
/// ops are written inline only where the flow cannot break them: on the macro's line, on
/// the arguments' line, or as one token (`[IS_STRING]`); and with no `&` (`& RE_0`).
fn inline_is_shorter(name: &Ident, at: &Literal, ops: &[TokenStream], table: &Ident) -> bool {
    let list = quote!([#(#ops),*]);
    let text = list.to_string();
    let list = width(&list);
    let (name, at) = (name.to_string().len() + 1, at.to_string().len() + 1);
    let inline = if 4 + "node!(".len() + name + 1 + at + 1 + list + ");".len() <= WIDTH {
        1
    } else if 8 + name + 1 + at + 1 + list <= WIDTH {
        3
    } else if !text.contains(',') {
        flow_lines(&[name, at, list])
    } else {
        return false;
    };
    if text.contains('&') {
        return false;
    }
    let table = table.to_string().len();
    // `static NX: &[Op] = &[ops];` on a line, else a line per op.
    let static_lines = if 4 + "static : &[Op] = &;".len() + table + list <= WIDTH {
        1
    } else {
        ops.len() + 2
    };
    let call = if 4 + "node!(".len() + name + 1 + at + 1 + table + ");".len() <= WIDTH {
        1
    } else {
        flow_lines(&[name, at, table])
    };
    inline <= static_lines + call
}

/// The lines of a macro call whose arguments (of the widths given, each with its comma)
/// do not fit its line: `name!(`, the arguments flowed, `);`.
fn flow_lines(args: &[usize]) -> usize {
    let room = WIDTH - 8;
    let (mut lines, mut line) = (1, 0);
    for w in args {
        if line == 0 {
            line = *w;
        } else if line + 1 + w <= room {
            line += 1 + w;
        } else {
            lines += 1;
            line = *w;
        }
    }
    lines + 2
}

/// About how wide prettyplease prints `tokens` on one line (paths, calls, literals and
/// lists, as ops are written): a comma takes a space after it, a `|` one on each side.
pub(super) fn width(tokens: &TokenStream) -> usize {
    tokens
        .clone()
        .into_iter()
        .map(|t| match t {
            TokenTree::Group(g) => 2 + width(&g.stream()),
            TokenTree::Ident(i) => i.to_string().len(),
            TokenTree::Literal(l) => l.to_string().len(),
            TokenTree::Punct(p) => match p.as_char() {
                ',' => 2,
                '|' => 3,
                _ => 1,
            },
        })
        .sum()
}
