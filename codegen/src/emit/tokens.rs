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
