//! Token helpers every emitter shares: identifiers, string literals, `Value` literals,
//! validator function names and mapped type paths. A leaf: it uses nothing else in `emit`.

use crate::load::NodeId;
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{format_ident, quote};
use serde_json::Value;

/// An identifier; names reaching here are already valid Rust identifiers (`r#…` for a
/// raw one, as `format_ident!` reads it, without formatting the name into a new string).
pub(crate) fn ident(s: &str) -> Ident {
    match s.strip_prefix("r#") {
        Some(raw) => Ident::new_raw(raw, Span::call_site()),
        None => Ident::new(s, Span::call_site()),
    }
}

/// A string literal token.
pub(crate) fn lit(s: &str) -> Literal {
    Literal::string(s)
}

/// The name of a node's validator function.
pub(crate) fn fn_name(id: NodeId) -> proc_macro2::Ident {
    format_ident!("n{}", id.0)
}

/// Tokens that build a `serde_json::Value` equal to `v`.
pub(crate) fn value_tokens(v: &Value) -> TokenStream {
    match v {
        Value::Null => quote!(::serde_json::Value::Null),
        Value::Bool(b) => quote!(::serde_json::Value::Bool(#b)),
        Value::Number(n) => {
            if let Some(u) = n.as_u64() {
                quote!(::serde_json::Value::from(#u))
            } else if let Some(i) = n.as_i64() {
                quote!(::serde_json::Value::from(#i))
            } else {
                let f = n.as_f64().unwrap_or(0.0);
                quote!(::serde_json::Value::from(#f))
            }
        }
        Value::String(s) => {
            let s = lit(s);
            quote!(::serde_json::Value::String(String::from(#s)))
        }
        Value::Array(a) => {
            let items = a.iter().map(value_tokens);
            quote!(::serde_json::Value::Array(vec![#(#items),*]))
        }
        Value::Object(m) if m.is_empty() => {
            quote!(::serde_json::Value::Object(::serde_json::Map::new()))
        }
        Value::Object(m) => {
            let entries = m.iter().map(|(k, v)| {
                let k = lit(k);
                let v = value_tokens(v);
                quote!(m.insert(String::from(#k), #v);)
            });
            quote!({
                let mut m = ::serde_json::Map::new();
                #(#entries)*
                ::serde_json::Value::Object(m)
            })
        }
    }
}

/// The tokens of a mapped Rust type. Paths were checked when lowering; one that still
/// does not parse becomes a `compile_error!` naming it.
pub(crate) fn rust_type(path: &str) -> TokenStream {
    match syn::parse_str::<syn::Type>(path) {
        Ok(t) => quote!(#t),
        Err(_) => {
            let msg = format!("envgen: the mapped type {path:?} is not a Rust type");
            quote!(::core::compile_error!(#msg))
        }
    }
}

/// Short paths for a function body that names the runtime `alias` (a local
/// `use ::envgen_runtime as alias;`): each `alias::__private::m::…` becomes `m::…`, and
/// the imports that make both resolve are put first, as a reader writes them
/// (`use ::envgen_runtime::__private::{de, inflight};`). `rt` is the runtime's real path.
pub(crate) fn with_private_imports(
    body: TokenStream,
    alias: &str,
    rt: &TokenStream,
) -> TokenStream {
    let mut modules = std::collections::BTreeSet::new();
    let body = strip_private(body, alias, &mut modules);
    let alias_used = mentions(&body, alias);
    let alias_ident = ident(alias);
    let alias_use = if alias_used {
        quote!(use #rt as #alias_ident;)
    } else {
        TokenStream::new()
    };
    let modules: Vec<Ident> = modules.iter().map(|m| ident(m)).collect();
    let private_use = match modules.as_slice() {
        [] => TokenStream::new(),
        [one] => quote!(use #rt::__private::#one;),
        many => quote!(use #rt::__private::{#(#many),*};),
    };
    quote!(#alias_use #private_use #body)
}

/// `body` with `alias :: __private :: m` replaced by `m`, recording each `m`.
fn strip_private(
    body: TokenStream,
    alias: &str,
    modules: &mut std::collections::BTreeSet<String>,
) -> TokenStream {
    use proc_macro2::{Group, TokenTree};
    let trees: Vec<TokenTree> = body.into_iter().collect();
    let mut out: Vec<TokenTree> = Vec::with_capacity(trees.len());
    let mut i = 0;
    let is_ident = |t: &TokenTree, s: &str| matches!(t, TokenTree::Ident(x) if x == s);
    let is_colon = |t: &TokenTree| matches!(t, TokenTree::Punct(p) if p.as_char() == ':');
    while i < trees.len() {
        let window = &trees[i..];
        if window.len() >= 7
            && is_ident(&window[0], alias)
            && is_colon(&window[1])
            && is_colon(&window[2])
            && is_ident(&window[3], "__private")
            && is_colon(&window[4])
            && is_colon(&window[5])
            && matches!(window[6], TokenTree::Ident(_))
            && !(i >= 1 && is_colon(&trees[i - 1]))
        {
            if let TokenTree::Ident(m) = &window[6] {
                modules.insert(m.to_string());
                out.push(window[6].clone());
            }
            i += 7;
            continue;
        }
        match &trees[i] {
            TokenTree::Group(g) => {
                let inner = strip_private(g.stream(), alias, modules);
                let mut ng = Group::new(g.delimiter(), inner);
                ng.set_span(g.span());
                out.push(TokenTree::Group(ng));
            }
            t => out.push(t.clone()),
        }
        i += 1;
    }
    out.into_iter().collect()
}

/// Whether the identifier `name` appears anywhere in `ts`.
fn mentions(ts: &TokenStream, name: &str) -> bool {
    use proc_macro2::TokenTree;
    ts.clone().into_iter().any(|t| match t {
        TokenTree::Ident(i) => i == name,
        TokenTree::Group(g) => mentions(&g.stream(), name),
        _ => false,
    })
}
