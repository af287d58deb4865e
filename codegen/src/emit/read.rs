//! Readers of one value from a serde `MapAccess`, shared by the `Deserialize` impls
//! (`de`) and the in-flight validating readers (`inflight`).

use super::rust_ty::ModuleCx;
use crate::ir::Ty;
use proc_macro2::TokenStream;
use quote::quote;

/// `map.next_value::<T>()?`, through `Lenient` for bare integers, and through a
/// [`value_seed`] for untyped JSON.
pub(crate) fn next_value(cx: &ModuleCx<'_>, ty: &Ty) -> TokenStream {
    let t = cx.ty(ty);
    if let Some(seed) = value_seed(cx, ty) {
        quote!(map.next_value_seed(#seed)?)
    } else if ty.has_bare_int(cx.module) {
        let rt = &cx.rt;
        quote!(map.next_value::<#rt::__private::de::Lenient<#t>>()?.0)
    } else {
        quote!(map.next_value::<#t>()?)
    }
}

/// The runtime seed that reads a value of `ty` when it is untyped JSON: a
/// `serde_json::Value`, a generic payload parameter (whose default is `Value`), or either
/// of them nullable. `payload::AnyValue` builds the same `Value` as `Value`'s own
/// `Deserialize`, with each container allocated once.
pub(crate) fn value_seed(cx: &ModuleCx<'_>, ty: &Ty) -> Option<TokenStream> {
    let rt = &cx.rt;
    match ty {
        Ty::Any => Some(quote!(#rt::__private::payload::AnyValue)),
        Ty::Generic(_) => {
            let t = cx.ty(ty);
            Some(quote!(#rt::__private::payload::Payload::<#t>::new()))
        }
        Ty::Option(inner) => {
            value_seed(cx, inner).map(|seed| quote!(#rt::__private::payload::NullableSeed(#seed)))
        }
        _ => None,
    }
}
