//! The reads of a struct's fields: through their spec when the errors inside are the
//! schema's, opaque otherwise.

use super::{text_rule, Inflight};
use crate::emit::rust_ty::ModuleCx;
use crate::ir::plan::{Additional, Entries};
use crate::ir::shape::follow_refs;
use crate::ir::{Field, Ty};
use crate::load::NodeId;
use proc_macro2::TokenStream;
use quote::quote;

impl Inflight<'_> {
    /// The struct schema's own `properties` entry for `f`, if `f` comes from it.
    pub(super) fn own_property(&self, struct_node: NodeId, f: &Field) -> bool {
        let Ok(end) = follow_refs(self.set, struct_node) else {
            return false;
        };
        self.plan.properties(end).iter().any(|(name, n)| {
            name == &f.json
                && (*n == f.node
                    || follow_refs(self.set, *n).ok() == follow_refs(self.set, f.node).ok())
        })
    }

    /// The read of field `f` of the struct at `struct_node`, whose value is held as
    /// `read_ty` (`Option<…>` when `null` is kept apart): checked in flight, or opaque.
    pub(crate) fn field(
        &self,
        cx: &ModuleCx<'_>,
        struct_node: NodeId,
        f: &Field,
        read_ty: &Ty,
    ) -> TokenStream {
        let key = crate::emit::tokens::lit(&f.json);
        if self.own_property(struct_node, f) {
            if let Some(read) = self.read(cx, read_ty, f.node, quote!(#key), false) {
                return read;
            }
            if let Some(read) = self.payload(cx, read_ty, f.node, &key) {
                return read;
            }
        }
        opaque(cx, read_ty)
    }

    /// Whether `f` is a property of an `allOf` member of the struct schema at
    /// `struct_node` (through `$ref`s and nested `allOf`s).
    pub(super) fn merged_property(&self, struct_node: NodeId, f: &Field, depth: usize) -> bool {
        if depth > 8 {
            return false;
        }
        let Ok(end) = follow_refs(self.set, struct_node) else {
            return false;
        };
        let Some(k) = self.set.node(end).keywords() else {
            return false;
        };
        k.all_of
            .iter()
            .any(|m| self.own_property(*m, f) || self.merged_property(*m, f, depth + 1))
    }

    /// The read of a property merged from an `allOf` member into `local`
    /// (`map.merged`, the runtime's `inflight::merged`): opaque, but located at the
    /// member's property while a narrowed value is located. `None` when the value cannot
    /// hold what the schema accepts and its type refuses (then it is read as it is).
    pub(super) fn merged(
        &self,
        cx: &ModuleCx<'_>,
        read_ty: &Ty,
        f: &Field,
        local: &proc_macro2::Ident,
    ) -> Option<TokenStream> {
        let rt = &cx.rt;
        let (inner, nullable) = match read_ty {
            Ty::Option(inner) => (&**inner, true),
            _ => (read_ty, false),
        };
        if !may_narrow(inner)
            || crate::emit::read::value_seed(cx, inner).is_some()
            || !Self::capturable(cx, inner, 0)
        {
            return None;
        }
        let index = self.keyed_spec(cx, inner, f.node, 0, &f.json);
        let spec = Self::spec_ref(index);
        // The value's type is the local's, unless it is read through `Lenient`, whose
        // `Unwrapped` reader names it.
        let how = match (inner.has_bare_int(cx.module), nullable) {
            (false, false) => quote!(::core::marker::PhantomData),
            (false, true) => quote!(#rt::__private::inflight::OrNull::new()),
            (true, lenient_nullable) => {
                let t = cx.ty(inner);
                let t = quote!(#rt::__private::de::Lenient<#t>);
                let how = if lenient_nullable {
                    quote!(#rt::__private::inflight::OrNull::<#t>::new())
                } else {
                    quote!(::core::marker::PhantomData::<#t>)
                };
                quote!(#rt::__private::inflight::Unwrapped(#how))
            }
        };
        let how = self.how(cx, index, how);
        Some(quote!(map.merged(&mut #local, #how, #spec)?))
    }

    /// The read of a generic payload property (`T`, or `Option<T>` when nullable):
    /// `inflight::payload`, which checks a `null` or scalar `Value` payload by the
    /// property's schema while parsing.
    pub(super) fn payload(
        &self,
        cx: &ModuleCx<'_>,
        read_ty: &Ty,
        node: NodeId,
        key: &proc_macro2::Literal,
    ) -> Option<TokenStream> {
        let generic = match read_ty {
            Ty::Option(inner) => matches!(**inner, Ty::Generic(_)),
            ty => matches!(ty, Ty::Generic(_)),
        };
        if !generic {
            return None;
        }
        let seed = crate::emit::read::value_seed(cx, read_ty)?;
        let rt = &cx.rt;
        // The kinds of `null` and scalars on which the node surely passes: a payload of
        // one of them is not checked again in flight.
        let pass = crate::emit::typed_check::payload::verdicts(self.plan, self.set, node, 0)
            .map_or(0, |v| v.pass);
        let pass = proc_macro2::Literal::u8_unsuffixed(pass);
        let node = self.node_fn(node);
        Some(quote!(#rt::__private::inflight::payload(&mut map, #seed, #key, #node, #pass)?))
    }

    /// Field `f` read in one call that checks for a duplicate, reads and stores into
    /// `local`: a method of the map (`de::Fields`) checking the value in flight with the
    /// field's spec, which names the property (`map.plain(&mut f_name, &validators::S0)?`;
    /// `or_null` keeps `null` apart, `lenient` reads JSON-Schema integers, `read` takes a
    /// mapped type's reader), or, for untyped JSON, read by its seed (`map.seed`). `None`
    /// when the read is not one of these (a property merged from an `allOf` member, a
    /// generic payload, an opaque value).
    pub(crate) fn field_call(
        &self,
        cx: &ModuleCx<'_>,
        struct_node: NodeId,
        f: &Field,
        read_ty: &Ty,
        local: &proc_macro2::Ident,
    ) -> Option<TokenStream> {
        if let Some(seed) =
            crate::emit::read::value_seed(cx, read_ty).filter(|_| !may_nest(read_ty))
        {
            // Untyped JSON: read as it is wherever it stands (`opaque` reads it so too).
            let key = crate::emit::tokens::lit(&f.json);
            return Some(quote!(map.seed(&mut #local, #key, #seed)?));
        }
        if !self.own_property(struct_node, f) {
            if self.merged_property(struct_node, f, 0) {
                if let Some(call) = self.merged(cx, read_ty, f, local) {
                    return Some(call);
                }
            }
            // Read as it is (`opaque`), and holding no generated type: as its type reads it.
            let plain = !may_nest(read_ty) && !read_ty.has_bare_int(cx.module);
            let key = crate::emit::tokens::lit(&f.json);
            return plain.then(|| quote!(map.field(&mut #local, #key)?));
        }
        let (nullable, inner) = match read_ty {
            Ty::Option(inner) => (true, &**inner),
            _ => (false, read_ty),
        };
        if !Self::capturable(cx, inner, 0) {
            return None;
        }
        let lenient = inner.has_bare_int(cx.module);
        let index = self.keyed_spec(cx, inner, f.node, 0, &f.json);
        let spec = Self::spec_ref(index);
        if self.mapped_reader(index).is_some() {
            if lenient {
                return None;
            }
            let rt = &cx.rt;
            let how = if nullable {
                quote!(#rt::__private::inflight::OrNull::new())
            } else {
                quote!(::core::marker::PhantomData)
            };
            let how = self.how(cx, index, how);
            return Some(quote!(map.read(&mut #local, #how, #spec)?));
        }
        if !lenient && !nullable && *inner == Ty::String {
            if let Some(rule) = text_rule(self.plan, self.set, f.node) {
                let rule = self.text_ref(rule);
                return Some(quote!(map.text(&mut #local, #rule, #spec)?));
            }
        }
        let method = match (lenient, nullable) {
            (false, false) => quote!(plain),
            (false, true) => quote!(or_null),
            (true, false) => quote!(lenient),
            (true, true) => quote!(lenient_or_null),
        };
        Some(quote!(map.#method(&mut #local, #spec)?))
    }

    /// The read of an undeclared property's value (`additionalProperties: {…}`).
    pub(crate) fn extra(&self, cx: &ModuleCx<'_>, struct_node: NodeId, ty: &Ty) -> TokenStream {
        if let Some(Entries {
            patterns,
            additional: Some(Additional::Schema(a)),
            ..
        }) = self.entries(struct_node)
        {
            if patterns.is_empty() {
                if let Some(read) = self.read(cx, ty, a, quote!(&key), true) {
                    return read;
                }
            }
        }
        opaque(cx, ty)
    }

    pub(super) fn read(
        &self,
        cx: &ModuleCx<'_>,
        ty: &Ty,
        node: NodeId,
        key: TokenStream,
        extra: bool,
    ) -> Option<TokenStream> {
        let rt = &cx.rt;
        let (func, inner, nullable) = match ty {
            Ty::Option(_) if extra => return None,
            Ty::Option(inner) => (quote!(nullable), &**inner, true),
            _ if extra => (quote!(extra_value), ty, false),
            _ => (quote!(value), ty, false),
        };
        if !Self::capturable(cx, inner, 0) {
            return None;
        }
        let index = self.spec(cx, inner, node, 0);
        let spec = Self::spec_ref(index);
        let t = cx.ty(inner);
        if self.mapped_reader(index).is_some() {
            // A mapped type, or an array of them: read with the reader that says so.
            let plain = if nullable {
                quote!(#rt::__private::inflight::OrNull::<#t>::new())
            } else {
                quote!(::core::marker::PhantomData::<#t>)
            };
            let how = self.how(cx, index, plain);
            return Some(quote!(#rt::__private::inflight::read_with(&mut map, #how, #key, #spec)?));
        }
        Some(if inner.has_bare_int(cx.module) {
            let call = quote!(#rt::__private::inflight::#func::<_, #rt::__private::de::Lenient<#t>>(&mut map, #key, #spec)?);
            if nullable {
                quote!(#call.map(|lenient| lenient.0))
            } else {
                quote!(#call.0)
            }
        } else if extra {
            quote!(#rt::__private::inflight::#func::<_, #t>(&mut map, #key, #spec)?)
        } else {
            // A declared field's local is typed: `T` is inferred from it.
            quote!(#rt::__private::inflight::#func(&mut map, #key, #spec)?)
        })
    }
}

/// Whether a value of `ty` may hold a generated type (whose deserializer may raise an
/// error in flight).
pub(super) fn may_nest(ty: &Ty) -> bool {
    match ty {
        Ty::Named(_) | Ty::Generic(_) => true,
        Ty::Vec(t) | Ty::Map(t) | Ty::Boxed(t) | Ty::Option(t) => may_nest(t),
        _ => false,
    }
}

/// Whether a value of `ty` may hold a value the schema accepts and its Rust type cannot: an
/// integer, a mapped type, or a generated type (which may hold them).
pub(super) fn may_narrow(ty: &Ty) -> bool {
    match ty {
        Ty::Int(_) | Ty::Mapped(_) | Ty::Named(_) => true,
        Ty::Vec(t) | Ty::Map(t) | Ty::Boxed(t) | Ty::Option(t) => may_narrow(t),
        _ => false,
    }
}

/// A read whose errors are not reported in flight.
pub(super) fn opaque(cx: &ModuleCx<'_>, ty: &Ty) -> TokenStream {
    let rt = &cx.rt;
    let t = cx.ty(ty);
    if !may_nest(ty) {
        return crate::emit::read::next_value(cx, ty);
    }
    if let Some(seed) = crate::emit::read::value_seed(cx, ty) {
        quote!(#rt::__private::inflight::opaque(map.next_value_seed(#seed))?)
    } else if ty.has_bare_int(cx.module) {
        quote!(#rt::__private::inflight::opaque(map.next_value::<#rt::__private::de::Lenient<#t>>())?.0)
    } else {
        quote!(#rt::__private::inflight::opaque(map.next_value::<#t>())?)
    }
}
