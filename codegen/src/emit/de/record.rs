//! A struct's `Deserialize`: its map read once, with no buffering; declared properties
//! by name, undeclared ones kept, typed or rejected, and missing required ones reported
//! (in flight when validators are generated).

use super::{boxed_struct, header};
use crate::emit::inflight::Inflight;
use crate::emit::read::{next_value, value_seed};
use crate::emit::rust_ty::ModuleCx;
use crate::emit::tokens::{ident, lit, with_private_imports};
use crate::ir::{Extra, Presence, Struct, Ty, TypeDef};
use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

/// A struct's `Deserialize`: the runtime's visitor (`de::read_map`) and a `de::ReadMap`
/// impl holding the body of its `visit_map` ([`Reader`]).
pub(super) fn struct_impl(
    cx: &ModuleCx<'_>,
    t: &TypeDef,
    s: &Struct,
    inflight: Option<&Inflight<'_>>,
) -> TokenStream {
    let (impl_generics, self_ty, where_clause) = header(cx, t, false);
    let name = ident(&t.name);
    let expecting = format!("a {} object", t.name);
    // The impls name the runtime by its path; the body of the read, by the short `__rt`
    // it imports (`use ::envgen_runtime as __rt;`), which keeps most of its lines short.
    let outer_rt = cx.rt.clone();
    let body_cx = ModuleCx {
        module: cx.module,
        rt: quote!(__rt),
    };
    // The schema location the reader's `required` and `additionalProperties` errors
    // follow, named once (`AT`) when the runtime words them.
    let at = inflight.and_then(|inf| inf.object_at(t.node));
    let reader = Reader::new(&body_cx, t, s, inflight, at.as_deref());
    let body = reader.body();
    // The object schema's location, when its errors name it.
    let at_decl = match at.as_deref() {
        Some(at) if mentions(&body, "AT") => quote!(const AT: &str = #at;),
        _ => quote!(),
    };
    let read = with_private_imports(quote!(#at_decl #body), "__rt", &outer_rt);
    let read_ty = if s.read_boxed {
        quote!(::std::boxed::Box<#self_ty>)
    } else {
        quote!(#self_ty)
    };
    // The visitor is the runtime's (`de::read_map`); the impl holds the body of its
    // `visit_map`, with the runtime's path shortened to `__rt` (rendered by `body_cx`).
    let read_map = quote! {
        impl #impl_generics #outer_rt::__private::de::ReadMap<'de> for #read_ty #where_clause {
            const EXPECTING: &'static str = #expecting;

            fn read_map<Access>(mut map: Access) -> Result<Self, Access::Error>
            where
                Access: #outer_rt::__private::de::Fields<'de>,
            {
                #read
            }
        }
    };
    let deserialize = match (cx.params(t).is_empty(), s.read_boxed) {
        (true, false) => quote!(#outer_rt::__private::de::deserialize_map!(#name);),
        (true, true) => quote!(#outer_rt::__private::de::deserialize_boxed!(#name);),
        (false, boxed) => {
            generic_deserialize(&outer_rt, &impl_generics, &self_ty, &where_clause, boxed)
        }
    };
    quote!(#deserialize #read_map)
}

/// The `Deserialize` impl of a generic struct (the runtime's macros name no generics): it
/// reads through `de::read_map`; a boxed read (`ir::heap_read`) also implements
/// `de::DeserializeBoxed`, and `Deserialize` unboxes it.
fn generic_deserialize(
    rt: &TokenStream,
    impl_generics: &TokenStream,
    self_ty: &TokenStream,
    where_clause: &TokenStream,
    boxed: bool,
) -> TokenStream {
    if !boxed {
        return quote! {
            impl #impl_generics ::serde::Deserialize<'de> for #self_ty #where_clause {
                fn deserialize<Deser>(deserializer: Deser) -> Result<Self, Deser::Error>
                where
                    Deser: ::serde::Deserializer<'de>,
                {
                    #rt::__private::de::read_map(deserializer)
                }
            }
        };
    }
    quote! {
        impl #impl_generics ::serde::Deserialize<'de> for #self_ty #where_clause {
            fn deserialize<Deser>(deserializer: Deser) -> Result<Self, Deser::Error>
            where
                Deser: ::serde::Deserializer<'de>,
            {
                #rt::__private::de::read_map::<::std::boxed::Box<Self>, Deser>(deserializer)
                    .map(|boxed| *boxed)
            }
        }
        impl #impl_generics #rt::__private::de::DeserializeBoxed<'de> for #self_ty #where_clause {
            fn deserialize_boxed<Deser>(
                deserializer: Deser,
            ) -> Result<::std::boxed::Box<Self>, Deser::Error>
            where
                Deser: ::serde::Deserializer<'de>,
            {
                #rt::__private::de::read_map(deserializer)
            }
        }
    }
}

/// The body of one struct's `read_map`: a local per field, the loop over the object's
/// keys, the required fields' checks and the value built.
struct Reader<'r, 'm, 'i> {
    /// The module, with the runtime named `__rt`.
    cx: &'r ModuleCx<'m>,
    t: &'r TypeDef,
    s: &'r Struct,
    inflight: Option<&'r Inflight<'i>>,
    /// The object's schema location (`AT`), when the runtime words its errors.
    at: Option<&'r str>,
    /// Each field's local (`f_name`).
    locals: Vec<proc_macro2::Ident>,
    /// Each field's read type (`Option<T>` for a nullable one).
    read_tys: Vec<Ty>,
}

impl<'r, 'm, 'i> Reader<'r, 'm, 'i> {
    fn new(
        cx: &'r ModuleCx<'m>,
        t: &'r TypeDef,
        s: &'r Struct,
        inflight: Option<&'r Inflight<'i>>,
        at: Option<&'r str>,
    ) -> Self {
        let locals = s
            .fields
            .iter()
            // `f_name`; a field whose name starts with `_` (`_16`) becomes `f_16`, not the
            // non-snake-case `f__16`. No other field can produce `f_16` (snake case never
            // yields a name that is all digits).
            .map(|f| {
                if f.name.starts_with('_') {
                    format_ident!("f{}", f.name)
                } else {
                    format_ident!("f_{}", f.name)
                }
            })
            .collect();
        let read_tys = s
            .fields
            .iter()
            .map(|f| match f.presence() {
                Presence::Required | Presence::Optional => f.ty.clone(),
                Presence::RequiredNullable | Presence::OptionalNullable => {
                    Ty::Option(Box::new(f.ty.clone()))
                }
            })
            .collect();
        Reader {
            cx,
            t,
            s,
            inflight,
            at,
            locals,
            read_tys,
        }
    }

    /// The statements of `read_map`, ending in the value read.
    fn body(&self) -> TokenStream {
        let (cx, s) = (self.cx, self.s);
        let rt = &cx.rt;
        let (extra_decl, extra_arm, extra_init) = self.extra();
        let reads = self.reads();
        // A large struct field read in one call is held as `de::Boxed<T>` until the object
        // is read (`ir::heap_read`).
        let boxed: Vec<bool> = self
            .read_tys
            .iter()
            .zip(&reads)
            .map(|(ty, read)| read.is_ok() && boxed_struct(cx, ty))
            .collect();
        let decls = self.decls(&boxed);
        let arms = self.arms(&reads);
        let (finals, inits) = self.build(&boxed);
        let (key_order_decl, key_order_init) = self.key_order();
        let next_key = quote!(map.next_name()?);
        let loop_stmt = if s.fields.is_empty() {
            // No declared property: every key is an extra (or not allowed).
            match &s.extra {
                Extra::Deny => quote! {
                    if let Some(key) = #next_key {
                        #extra_arm;
                    }
                },
                _ => quote! {
                    while let Some(key) = #next_key {
                        #extra_arm;
                    }
                },
            }
        } else {
            quote! {
                while let Some(key) = #next_key {
                    match key.as_str() {
                        #(#arms)*
                        _ => #extra_arm,
                    }
                }
            }
        };
        // A large struct is built in a heap box (`ir::heap_read`): it reads its object as
        // a `Box<Self>`, and `Deserialize` unboxes it once, at the outermost frame.
        let name = ident(&self.t.name);
        let value = quote! {
            #name {
                #(#inits)*
                #extra_init
                #key_order_init
            }
        };
        let value = if s.read_boxed {
            quote!(#rt::__private::de::boxed(#value))
        } else {
            quote!(Ok(#value))
        };
        quote! {
            #(#decls)*
            #extra_decl
            #key_order_decl
            #loop_stmt
            #(#finals)*
            #value
        }
    }

    /// The arm of an undeclared key: its `extra` map's declaration, the arm's expression,
    /// and the map's initializer in the value.
    fn extra(&self) -> (TokenStream, TokenStream, TokenStream) {
        let (cx, t, s) = (self.cx, self.t, self.s);
        let rt = &cx.rt;
        // What happens to a key that is not a declared property.
        let not_allowed = match self.inflight {
            Some(inf) => inf.not_allowed(cx, t.node, self.at),
            None => quote!(#rt::__private::de::property_not_allowed(&key)),
        };
        // An undeclared property's value, read, then kept (`de::keep`, which refuses a
        // duplicate).
        let keep = |value: TokenStream| {
            let keep = quote!(#rt::__private::de::keep(&mut extra, #value, key)?);
            if s.key_order {
                quote!({
                    key_order.push_extra();
                    #keep;
                })
            } else {
                keep
            }
        };
        match &s.extra {
            Extra::Deny => (quote!(), quote!(return Err(#not_allowed)), quote!()),
            Extra::Preserve => (
                quote!(let mut extra = ::serde_json::Map::new();),
                keep(quote!(map.next_value_seed(#rt::__private::payload::AnyValue)?)),
                quote!(extra,),
            ),
            Extra::Typed(ty) => {
                let read = match self.inflight {
                    Some(inf) => inf.extra(cx, t.node, ty),
                    None => next_value(cx, ty),
                };
                (
                    quote!(let mut extra = #rt::IndexMap::new();),
                    keep(read),
                    quote!(extra,),
                )
            }
        }
    }

    /// Each field's read, in field order, after the extras' (the in-flight specs are
    /// numbered as they are asked for): `Ok` a call of a method of the map (`de::Fields`:
    /// `map.field`, `map.plain`, …) that checks for a duplicate and infers the value's type
    /// from the local, or `Err` the value the arm reads itself.
    fn reads(&self) -> Vec<Result<TokenStream, TokenStream>> {
        let (cx, t) = (self.cx, self.t);
        self.s
            .fields
            .iter()
            .zip(&self.locals)
            .zip(&self.read_tys)
            .map(|((f, local), read_ty)| {
                let key = lit(&f.json);
                let call = match self.inflight {
                    Some(inf) => inf.field_call(cx, t.node, f, read_ty, local),
                    None => match value_seed(cx, read_ty) {
                        Some(seed) => Some(quote!(map.seed(&mut #local, #key, #seed)?)),
                        None => (!read_ty.has_bare_int(cx.module))
                            .then(|| quote!(map.field(&mut #local, #key)?)),
                    },
                };
                call.ok_or_else(|| match self.inflight {
                    Some(inf) => inf.field(cx, t.node, f, read_ty),
                    None => next_value(cx, read_ty),
                })
            })
            .collect()
    }

    /// Each field's local, `None` until its key is read (`de::Boxed<T>` for a `boxed` one).
    fn decls(&self, boxed: &[bool]) -> Vec<TokenStream> {
        let cx = self.cx;
        let rt = &cx.rt;
        self.s
            .fields
            .iter()
            .zip(&self.locals)
            .zip(boxed)
            .map(|((f, local), &boxed)| {
                let ty = match f.presence() {
                    Presence::Required | Presence::Optional if boxed => {
                        let t = cx.ty(&f.ty);
                        quote!(#rt::__private::de::Boxed<#t>)
                    }
                    Presence::Required | Presence::Optional => cx.ty(&f.ty),
                    Presence::RequiredNullable | Presence::OptionalNullable => {
                        cx.ty(&Ty::Option(Box::new(f.ty.clone())))
                    }
                };
                quote!(let mut #local: Option<#ty> = None;)
            })
            .collect()
    }

    /// The match arm of each declared key. With `preserve_key_order`, each key read is
    /// recorded, by field index or as an extra.
    fn arms(&self, reads: &[Result<TokenStream, TokenStream>]) -> Vec<TokenStream> {
        let (s, rt) = (self.s, &self.cx.rt);
        s.fields
            .iter()
            .zip(&self.locals)
            .zip(reads)
            .enumerate()
            .map(|(i, ((f, local), read))| {
                let record = if s.key_order {
                    let i = Literal::usize_unsuffixed(i);
                    quote!(key_order.push_field(#i);)
                } else {
                    quote!()
                };
                let key = lit(&f.json);
                let read = match read {
                    Ok(call) if s.key_order => return quote!(#key => { #record #call },),
                    Ok(call) => return quote!(#key => #call,),
                    Err(read) => read,
                };
                quote! {
                    #key => {
                        #record
                        #rt::__private::de::once(&#local, #key)?;
                        #local = Some(#read);
                    }
                }
            })
            .collect()
    }

    /// What follows the loop (the required fields' checks, unless taken inline), and
    /// each field's initializer in the value.
    fn build(&self, boxed: &[bool]) -> (Vec<TokenStream>, Vec<TokenStream>) {
        let (cx, t, s, at) = (self.cx, self.t, self.s, self.at);
        let rt = &cx.rt;
        // A required field that can only be `null` holds `()`: checked for presence, and
        // written as `()` (binding the unit value trips clippy's `let_unit_value`). An
        // implied field (a tag) is read through its one-variant enum, which refuses any
        // other value, and checked for presence; the struct does not store it.
        let unit_only = |f: &crate::ir::Field| {
            f.presence() == Presence::Required && (cx.is_unit(&f.ty) || f.implied.is_some())
        };
        // A required field's value: taken from its local, or the error of its absence.
        let take = |f: &crate::ir::Field, local: &proc_macro2::Ident| match self.inflight {
            Some(inf) => inf.required(cx, t.node, &f.json, local, at),
            None => {
                let key = lit(&f.json);
                quote!(#rt::__private::de::required(#local, #key)?)
            }
        };
        // Required values are taken where the struct is built, in field order, unless a
        // unit-only or implied field is checked among them (it is not built from a value).
        let inline = !s.fields.iter().any(unit_only);
        let finals = s.fields.iter().zip(&self.locals).map(|(f, local)| {
            let key = lit(&f.json);
            let missing = match self.inflight {
                Some(inf) => inf.missing(cx, t.node, &f.json, at),
                None => quote!(#rt::__private::de::missing_property(#key)),
            };
            match f.presence() {
                Presence::Required if unit_only(f) => quote! {
                    if #local.is_none() {
                        return Err(#missing);
                    }
                },
                Presence::Required | Presence::RequiredNullable if !inline => {
                    let take = take(f, local);
                    quote!(let #local = #take;)
                }
                _ => quote!(),
            }
        });
        let inits = s
            .fields
            .iter()
            .zip(&self.locals)
            .zip(boxed)
            .map(|((f, local), &boxed)| {
                let fname = ident(&f.name);
                let required = matches!(
                    f.presence(),
                    Presence::Required | Presence::RequiredNullable
                );
                let value = if inline && required {
                    take(f, local)
                } else {
                    quote!(#local)
                };
                if f.implied.is_some() {
                    quote!()
                } else if unit_only(f) {
                    quote!(#fname: (),)
                } else if boxed && f.presence() == Presence::Required {
                    quote!(#fname: #value.into_inner(),)
                } else if boxed {
                    quote!(#fname: #value.map(#rt::__private::de::Boxed::into_inner),)
                } else {
                    quote!(#fname: #value,)
                }
            });
        // The value's initializers are rendered first, as the body has always ordered them.
        let inits: Vec<TokenStream> = inits.collect();
        (finals.collect(), inits)
    }

    /// With `preserve_key_order`: the `KeyOrder`'s declaration, and its initializer in the
    /// value.
    fn key_order(&self) -> (TokenStream, TokenStream) {
        let (s, rt) = (self.s, &self.cx.rt);
        if !s.key_order {
            return (quote!(), quote!());
        }
        let decl = if s.fields.is_empty() && matches!(s.extra, Extra::Deny) {
            // No key is ever accepted, so none is recorded.
            quote!(let key_order = #rt::KeyOrder::new();)
        } else {
            quote!(let mut key_order = #rt::KeyOrder::new();)
        };
        (decl, quote!(key_order,))
    }
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
