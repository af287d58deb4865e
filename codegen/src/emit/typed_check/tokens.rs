//! Rewriting the tokens of rendered checks: a block around a value's checks, a check
//! passed point-free, the `__p` import of a method's body.

use super::Operand;
use proc_macro2::TokenStream;
use quote::quote;

/// `{ let x = expr; let mut valid = true; checks… valid }`, or `None` without checks. A lone
/// `ensure!(valid, cx, check)` is `check` itself (on `expr`).
pub(super) fn block(expr: &Operand, checks: Vec<TokenStream>) -> Option<TokenStream> {
    if checks.is_empty() {
        return None;
    }
    if let [one] = checks.as_slice() {
        if let Some(check) = ensured(one) {
            return Some(match expr {
                Operand::X => check,
                Operand::Expr(e) => replace_ident(check, "x", e),
            });
        }
    }
    let bind = match expr {
        Operand::X => quote!(),
        Operand::Expr(e) => quote!(let x = #e;),
    };
    Some(quote!({
        #bind
        let mut valid = true;
        #(#checks)*
        valid
    }))
}

/// A check rendered for a statement of a method: a boolean expression, or the statements
/// of its block, which run with `x` bound to the value and record failures in the
/// method's own `valid` (so that no closure and no second verdict wrap them).
pub(super) enum Flat {
    /// A boolean expression.
    Expr(TokenStream),
    /// Statements, run where `x` is bound.
    Stmts(Vec<TokenStream>),
}

impl Flat {
    /// The check as a boolean expression on `expr`: a block of its own for statements.
    pub(super) fn into_expr(self, expr: &Operand) -> Option<TokenStream> {
        match self {
            Flat::Expr(e) => Some(e),
            Flat::Stmts(stmts) => block(expr, stmts),
        }
    }
}

/// The function a check of the value `operand` amounts to, when the check is only a call
/// on it: `f(operand, cx)` is `f`, and `cx.nested(at, |cx| f(operand, cx))` (a struct's own
/// schema, one `$ref` level deeper) is `check::nested(at, f)`. Such a function is passed
/// as it is where a closure `|x, cx| …` would be.
pub(super) fn point_free(
    p: &TokenStream,
    check: &TokenStream,
    operand: &str,
) -> Option<TokenStream> {
    use proc_macro2::TokenTree as T;
    let tokens: Vec<T> = check.clone().into_iter().collect();
    // `cx.nested(at, |cx| f(operand, cx))`
    if let [T::Ident(cx), T::Punct(dot), T::Ident(nested), T::Group(args)] = tokens.as_slice() {
        if cx != "cx" || dot.as_char() != '.' || nested != "nested" {
            return None;
        }
        let args: Vec<T> = args.stream().into_iter().collect();
        let [T::Literal(at), T::Punct(comma), T::Punct(bar1), T::Ident(cx), T::Punct(bar2), call @ ..] =
            args.as_slice()
        else {
            return None;
        };
        if comma.as_char() != ',' || bar1.as_char() != '|' || cx != "cx" || bar2.as_char() != '|' {
            return None;
        }
        let f = call_of(call, operand)?;
        return Some(quote!(#p::check::nested(#at, #f)));
    }
    call_of(&tokens, operand)
}

/// `f` when `tokens` are `f(operand, cx)` with `f` a path; `check::as_value(node)` when
/// they are `check::fallback(operand, cx, node)`.
pub(super) fn call_of(tokens: &[proc_macro2::TokenTree], operand: &str) -> Option<TokenStream> {
    use proc_macro2::TokenTree as T;
    let (T::Group(args), callee) = tokens.split_last()? else {
        return None;
    };
    let path = !callee.is_empty()
        && callee.iter().all(|t| match t {
            T::Ident(_) => true,
            T::Punct(p) => p.as_char() == ':',
            _ => false,
        });
    let args: Vec<proc_macro2::TokenTree> = args.stream().into_iter().collect();
    let leading: Vec<String> = args.iter().take(4).map(|t| t.to_string()).collect();
    if !path || leading.len() < 3 || leading[..3] != [operand, ",", "cx"] {
        return None;
    }
    if args.len() == 3 {
        return Some(callee.iter().cloned().collect());
    }
    // `…::check::fallback(operand, cx, node)`
    let (T::Ident(name), module) = callee.split_last()? else {
        return None;
    };
    if name != "fallback" || leading[3] != "," {
        return None;
    }
    let module: TokenStream = module.iter().cloned().collect();
    let node: TokenStream = args[4..].iter().cloned().collect();
    Some(quote!(#module as_value(#node)))
}

/// `check` when `stmt` is `__p::ensure!(valid, cx, check);` (whose `check` has no closure,
/// so that it names no `x` of its own).
pub(super) fn ensured(stmt: &TokenStream) -> Option<TokenStream> {
    use proc_macro2::TokenTree as T;
    let tokens: Vec<T> = stmt.clone().into_iter().collect();
    let [T::Ident(p), T::Punct(_), T::Punct(_), T::Ident(name), T::Punct(bang), T::Group(args), T::Punct(semi)] =
        tokens.as_slice()
    else {
        return None;
    };
    if p != "__p" || name != "ensure" || bang.as_char() != '!' || semi.as_char() != ';' {
        return None;
    }
    let args: Vec<T> = args.stream().into_iter().collect();
    let prefix: Vec<String> = args.iter().take(4).map(|t| t.to_string()).collect();
    if prefix != ["valid", ",", "cx", ","] {
        return None;
    }
    Some(args[4..].iter().cloned().collect())
}

/// How many times `tokens` name the identifier `name`.
pub(super) fn count_ident(tokens: &TokenStream, name: &str) -> usize {
    tokens
        .clone()
        .into_iter()
        .map(|t| match t {
            proc_macro2::TokenTree::Ident(i) => usize::from(i == name),
            proc_macro2::TokenTree::Group(g) => count_ident(&g.stream(), name),
            _ => 0,
        })
        .sum()
}

/// `tokens` with the identifier `name` replaced by `with`.
pub(super) fn replace_ident(tokens: TokenStream, name: &str, with: &TokenStream) -> TokenStream {
    tokens
        .into_iter()
        .flat_map(|t| -> TokenStream {
            match t {
                proc_macro2::TokenTree::Ident(i) if i == name => with.clone(),
                proc_macro2::TokenTree::Group(g) => {
                    let mut out = proc_macro2::Group::new(
                        g.delimiter(),
                        replace_ident(g.stream(), name, with),
                    );
                    out.set_span(g.span());
                    proc_macro2::TokenTree::Group(out).into()
                }
                other => other.into(),
            }
        })
        .collect()
}

/// The method `name` (`fn name<'v>(&'v self, cx: &mut Cx<'v>) -> bool { body }`), its body
/// naming the runtime's `__private` as `__p`: a body that names it more than once imports it
/// under that name, one that names it once spells the path there. A method that passes
/// every value (`None`) is `{ true }`, and does not name its context.
pub(super) fn method(
    rt: &TokenStream,
    name: proc_macro2::Ident,
    body: Option<TokenStream>,
) -> TokenStream {
    let Some(body) = body else {
        return quote!(fn #name<'v>(&'v self, _: &mut #rt::Cx<'v>) -> bool { true });
    };
    let body = match count_ident(&body, "__p") {
        0 => body,
        1 => replace_ident(body, "__p", &quote!(#rt::__private)),
        _ => quote!(use #rt::__private as __p; #body),
    };
    quote!(fn #name<'v>(&'v self, cx: &mut #rt::Cx<'v>) -> bool { #body })
}
