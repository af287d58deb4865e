//! Rendering what the plan says about failures, shared by the backends: a message
//! template filled with a backend's own expressions, the statement recording a failure,
//! and the `if` shapes clippy wants.

use super::tokens::lit;
use crate::ir::plan::{Arg, Cmp, Message, Site};
use proc_macro2::TokenStream;
use quote::quote;
use serde_json::Number;

/// The expression building `m`'s text, each hole filled by `arg`.
pub(crate) fn message(m: &Message, arg: impl Fn(Arg) -> TokenStream) -> TokenStream {
    if let Some(text) = m.fixed() {
        let t = lit(text);
        return quote!(String::from(#t));
    }
    let f = lit(&m.format_string());
    let args = m.args.iter().map(|a| arg(*a));
    quote!(format!(#f, #(#args),*))
}

/// Records a failure at `site` with `message` (an expression evaluated only when the
/// failure is recorded), then stops unless all errors are collected (the runtime's
/// `fail!`), through `private`, the path the generated code names the runtime's
/// `__private` by (the typed checks import it as `__p`).
pub(crate) fn fail_in(private: &TokenStream, site: &Site, message: TokenStream) -> TokenStream {
    let kw = lit(site.keyword);
    let sp = lit(&site.at);
    quote!(#private::fail!(valid, cx, #kw, #sp, || #message);)
}

/// [`fail_in`] when `condition` holds: `fail_if!(condition, valid, cx, …)`, or
/// `if condition { fail!(valid, cx, …); }` for a condition that a macro's arguments would
/// not lay out ([`macro_args`]).
pub(crate) fn fail_if_in(
    private: &TokenStream,
    condition: TokenStream,
    site: &Site,
    message: TokenStream,
) -> TokenStream {
    match macro_args(condition.clone()) {
        Some(c) => {
            let kw = lit(site.keyword);
            let sp = lit(&site.at);
            quote!(#private::fail_if!(#c, valid, cx, #kw, #sp, || #message);)
        }
        None => {
            let fail = fail_in(private, site, message);
            quote!(if #condition { #fail })
        }
    }
}

/// `tokens` as a macro's arguments, when they print as the code they are: a macro's
/// arguments are printed as a flat run of tokens, which lays out paths, calls, literals and
/// operators as code is laid out, but spaces closures with parameters (`| cx |`), generic
/// paths (`< T > ::f`) and blocks apart. `None` for tokens with any of those. A prefix
/// `&`, `!`, `*` or `-` is marked joined to what follows, so that it prints `&self.a`.
pub(crate) fn macro_args(tokens: TokenStream) -> Option<TokenStream> {
    use proc_macro2::{Delimiter, Group, Punct, Spacing, TokenTree as T};
    let tokens: Vec<T> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(tokens.len());
    for (i, t) in tokens.iter().enumerate() {
        // After nothing, a `,` or a whole operator (not the `&` of `&&`), a punctuation
        // mark is a prefix.
        let prev = i.checked_sub(1).map(|j| &tokens[j]);
        let prefix = match prev {
            None => true,
            Some(T::Punct(p)) => p.spacing() == Spacing::Alone && p.as_char() != '?',
            Some(_) => false,
        };
        let opens_argument = match prev {
            None => true,
            Some(T::Punct(p)) => p.as_char() == ',',
            Some(_) => false,
        };
        let next = tokens.get(i + 1);
        out.push(match t {
            T::Ident(_) | T::Literal(_) => t.clone(),
            T::Punct(p) => match p.as_char() {
                // A closure's parameters (a lone `|` opening an argument), or a generic
                // path's `>::`.
                '|' if opens_argument && p.spacing() == Spacing::Alone => return None,
                '>' if matches!(next, Some(T::Punct(n)) if n.as_char() == ':') => return None,
                '&' | '!' | '*' | '-' if prefix => {
                    let mut joined = Punct::new(p.as_char(), Spacing::Joint);
                    joined.set_span(p.span());
                    T::Punct(joined)
                }
                '.' | ':' | ',' | '&' | '!' | '*' | '-' | '|' | '<' | '>' | '=' | '+' | '%' => {
                    t.clone()
                }
                _ => return None,
            },
            T::Group(g) if g.delimiter() != Delimiter::Brace => {
                let mut inner = Group::new(g.delimiter(), macro_args(g.stream())?);
                inner.set_span(g.span());
                T::Group(inner)
            }
            T::Group(_) => return None,
        });
    }
    Some(out.into_iter().collect())
}

/// `valid = false;` and stop unless collecting all errors (the runtime's `failed!`).
pub(crate) fn child_failed(rt: &TokenStream) -> TokenStream {
    child_failed_in(&quote!(#rt::__private))
}

/// [`child_failed`] through `private` (see [`fail_in`]).
pub(crate) fn child_failed_in(private: &TokenStream) -> TokenStream {
    quote!(#private::failed!(valid, cx);)
}

/// `if c1 && c2 && … { body }`: conditions are unary expressions or calls, so that
/// nested `if`s are emitted merged (clippy's `collapsible_if`) without parentheses.
pub(crate) fn if_all(conds: &[TokenStream], body: TokenStream) -> TokenStream {
    quote!(if #(#conds)&&* { #body })
}

/// A number as the runtime's `Bound`.
pub(crate) fn bound(n: &Number) -> TokenStream {
    if let Some(u) = n.as_u64() {
        quote!(Bound::U(#u))
    } else if let Some(i) = n.as_i64() {
        quote!(Bound::I(#i))
    } else {
        let f = n.as_f64().unwrap_or(0.0);
        quote!(Bound::F(#f))
    }
}

/// The test on `Ordering` (of the instance against the bound) that fails a bound.
pub(crate) fn ordering_fails(cmp: Cmp) -> TokenStream {
    match cmp {
        Cmp::Min => quote!(== ::core::cmp::Ordering::Less),
        Cmp::Max => quote!(== ::core::cmp::Ordering::Greater),
        Cmp::ExclusiveMin => quote!(!= ::core::cmp::Ordering::Greater),
        Cmp::ExclusiveMax => quote!(!= ::core::cmp::Ordering::Less),
    }
}

/// The condition under which the count `n` (a `u64` expression) fails a count bound.
pub(crate) fn count_fails(cmp: Cmp, n: TokenStream, limit: u64) -> TokenStream {
    match cmp {
        Cmp::Min | Cmp::ExclusiveMin => quote!(#n < #limit),
        Cmp::Max | Cmp::ExclusiveMax => quote!(#n > #limit),
    }
}

/// `&rt::inflight::Rule { … }`: a failure the deserializers raise in flight, worded by the
/// plan (the shown value, if any, goes between the message's first two pieces).
pub(crate) fn rule(rt: &TokenStream, site: &Site, m: &Message) -> TokenStream {
    let kw = lit(site.keyword);
    let sp = lit(&site.at);
    let pieces = m.pieces.iter().map(|p| lit(p));
    quote!(&#rt::__private::inflight::Rule {
        keyword: #kw,
        schema_path: #sp,
        message: &[#(#pieces),*],
    })
}

/// `anyOf`: `tries` speculate each branch; `fail` records the failure.
pub(crate) fn any_of(tries: &[TokenStream], fail: TokenStream) -> TokenStream {
    quote! {
        let any_of: bool = #(#tries)||*;
        if !any_of {
            #fail
        }
    }
}

/// `oneOf`: `tries` speculate each branch, `matches` counts those that hold; `fail`
/// records the failure.
pub(crate) fn one_of(tries: &[TokenStream], fail: TokenStream) -> TokenStream {
    quote! {
        let matches = [#(#tries),*].iter().filter(|m| **m).count();
        if matches != 1 {
            #fail
        }
    }
}

/// `if` with `then` and/or `else`: `cond` speculates the `if` subschema, `then` and
/// `else_` evaluate a branch (boolean expressions); `None` without either branch.
pub(crate) fn if_then_else(
    cond: TokenStream,
    then: Option<TokenStream>,
    else_: Option<TokenStream>,
    failed: &TokenStream,
) -> Option<TokenStream> {
    Some(match (then, else_) {
        (Some(t), None) => quote!(if #cond && !#t { #failed }),
        (None, Some(e)) => quote!(if !#cond && !#e { #failed }),
        (Some(t), Some(e)) => quote! {
            let branch_ok = if #cond { #t } else { #e };
            if !branch_ok {
                #failed
            }
        },
        (None, None) => return None,
    })
}

/// The loop over an object's entries for `patternProperties` and `additionalProperties`,
/// in one pass. `patterns` holds, per pattern that matters, its key
/// test and the condition its value fails on (`None` for a `true` schema, which only marks
/// the key matched); `additional` the condition and statement of `additionalProperties`.
/// With both, matches are tracked; declared names are skipped by `additionalProperties`.
/// The loop runs over `source`, binding `key` and, when a check reads it, `value`; `None`
/// when no entry can fail.
pub(crate) fn entries_loop(
    source: TokenStream,
    value: Option<TokenStream>,
    patterns: Vec<(TokenStream, Option<TokenStream>)>,
    additional: Option<(Option<TokenStream>, TokenStream)>,
    declared: &[String],
    failed: &TokenStream,
) -> Option<TokenStream> {
    let track = additional.is_some() && !patterns.is_empty();
    let mut out = Vec::new();
    if track {
        out.push(quote!(let mut matched = false;));
    }
    for (is_match, step) in patterns {
        out.push(match (track, step) {
            (false, Some(step)) => if_all(&[is_match, step], failed.clone()),
            (true, Some(step)) => quote! {
                if #is_match {
                    matched = true;
                    if #step {
                        #failed
                    }
                }
            },
            (true, None) => quote!(if #is_match { matched = true; }),
            (false, None) => continue,
        });
    }
    if let Some((cond, body)) = additional {
        let mut conds = Vec::new();
        if track {
            conds.push(quote!(!matched));
        }
        if !declared.is_empty() {
            let declared = declared.iter().map(|n| lit(n));
            conds.push(quote!(!matches!(key.as_str(), #(#declared)|*)));
        }
        conds.extend(cond);
        out.push(if conds.is_empty() {
            body
        } else {
            if_all(&conds, body)
        });
    }
    if out.is_empty() {
        return None;
    }
    let value = value.unwrap_or_else(|| quote!(_));
    Some(quote! {
        for (key, #value) in #source {
            #(#out)*
        }
    })
}
