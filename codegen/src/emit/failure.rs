//! Rendering what the plan says about failures, shared by the backends: a message
//! template filled with a backend's own expressions, the statement recording a failure,
//! and the `if` shapes clippy wants.

use crate::ir::plan::{Arg, Cmp, Message, Site};
use proc_macro2::{Literal, TokenStream};
use quote::quote;
use serde_json::Number;

/// A string literal.
pub(crate) fn lit(s: &str) -> Literal {
    Literal::string(s)
}

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
/// `fail!`).
pub(crate) fn fail(rt: &TokenStream, site: &Site, message: TokenStream) -> TokenStream {
    let kw = lit(site.keyword);
    let sp = lit(&site.at);
    quote!(#rt::fail!(valid, cx, #kw, #sp, || #message);)
}

/// `valid = false;` and stop unless collecting all errors (the runtime's `failed!`).
pub(crate) fn child_failed(rt: &TokenStream) -> TokenStream {
    quote!(#rt::failed!(valid, cx);)
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
    quote!(&#rt::inflight::Rule {
        keyword: #kw,
        schema_path: #sp,
        message: &[#(#pieces),*],
    })
}
