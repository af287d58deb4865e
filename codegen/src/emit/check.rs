//! Typed checks: validating a generated value without turning it into JSON.
//!
//! `from_json_str` parses into the generated type, then runs these checks on the typed
//! value: fields are checked against their property schemas in native types (a `u64`
//! against `minimum`, a `String` against `pattern`), and the applicators of a struct's
//! schema (`allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`, `dependentSchemas`) are
//! evaluated against the struct's own fields. What has no typed form (a generic `T`, a
//! `oneOf` whose alternatives overlap, keywords like `uniqueItems` on typed arrays) is
//! checked by the `Value` validator of the same node on that part only. The errors are
//! the `Value` validator's: same keyword, schema location and message.

use super::rust_ty::{ident, Cx as TyCx};
use super::validate::{bound, child_failed, esc, guard, lit, short, when, Validators};
use crate::error::Result;
use crate::ir::shape::{follow_refs, shape_of};
use crate::ir::{Extra, Module, Presence, Struct, Ty, TypeDef, TypeId, TypeKind, VariantKind};
use crate::load::{Body, JsonType, Keywords, NodeId, SchemaSet};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// How deep typed checks may nest inside one value before falling back (schemas that
/// apply a struct's node to itself through many applicators).
const MAX_INLINE: usize = 24;

pub(crate) struct Checks<'a, 'v> {
    set: &'a SchemaSet,
    module: &'a Module,
    tcx: TyCx<'a>,
    v: &'v mut Validators<'a>,
    rt: TokenStream,
    /// (struct, node) methods requested, and those already generated.
    wanted: Vec<(TypeId, NodeId)>,
    done: BTreeSet<(TypeId, NodeId)>,
    methods: BTreeMap<TypeId, Vec<TokenStream>>,
}

fn method_name(node: NodeId) -> proc_macro2::Ident {
    format_ident!("check_n{}", node.0)
}

/// Keywords a typed check evaluates itself; any other validation keyword on a node makes
/// that node fall back to the `Value` validator.
fn scalar_only(k: &Keywords) -> bool {
    k.ref_.is_none()
        && k.items.is_none()
        && k.prefix_items.is_empty()
        && k.contains.is_none()
        && k.min_items.is_none()
        && k.max_items.is_none()
        && !k.unique_items
        && k.properties.is_empty()
        && k.required.is_empty()
        && k.additional_properties.is_none()
        && k.pattern_properties.is_empty()
        && k.property_names.is_none()
        && k.min_properties.is_none()
        && k.max_properties.is_none()
        && k.dependent_required.is_empty()
        && k.dependent_schemas.is_empty()
        && no_applicators(k)
}

/// Whether `k` asserts nothing beyond "the instance is a `t`" (and may not even say that).
fn type_only(k: &Keywords, t: JsonType) -> bool {
    scalar_only(k)
        && k.types.as_ref().is_none_or(|types| types.contains(&t))
        && k.enum_.is_none()
        && k.const_.is_none()
        && k.multiple_of.is_none()
        && k.minimum.is_none()
        && k.maximum.is_none()
        && k.exclusive_minimum.is_none()
        && k.exclusive_maximum.is_none()
        && k.min_length.is_none()
        && k.max_length.is_none()
        && k.pattern.is_none()
        && k.format.is_none()
        && k.min_contains.is_none()
        && k.max_contains.is_none()
}

fn no_applicators(k: &Keywords) -> bool {
    k.all_of.is_empty()
        && k.any_of.is_empty()
        && k.one_of.is_empty()
        && k.not.is_none()
        && k.if_.is_none()
}

fn kind_of(ty: &Ty) -> Option<JsonType> {
    match ty {
        Ty::String => Some(JsonType::String),
        Ty::Bool => Some(JsonType::Boolean),
        Ty::I64 | Ty::U64 => Some(JsonType::Integer),
        Ty::F64 => Some(JsonType::Number),
        _ => None,
    }
}

fn type_allows(types: &[JsonType], t: JsonType) -> bool {
    types.contains(&t) || (t == JsonType::Integer && types.contains(&JsonType::Number))
}

impl<'a, 'v> Checks<'a, 'v> {
    pub(crate) fn new(
        set: &'a SchemaSet,
        module: &'a Module,
        rt: TokenStream,
        v: &'v mut Validators<'a>,
    ) -> Self {
        Checks {
            set,
            module,
            tcx: TyCx {
                module,
                rt: rt.clone(),
            },
            v,
            rt,
            wanted: Vec::new(),
            done: BTreeSet::new(),
            methods: BTreeMap::new(),
        }
    }

    /// `Value`-validator fallback for `expr` (a reference to a serializable value).
    fn fallback(&mut self, node: NodeId, expr: &TokenStream) -> TokenStream {
        let rt = &self.rt;
        let f = self.v.call(node);
        quote!(#rt::check::fallback(#expr, cx, validators::#f))
    }

    /// A boolean expression checking `expr` (a `&'v` reference to a value of `ty`)
    /// against the schema at `node`, recording errors in `cx`.
    fn check(
        &mut self,
        ty: &Ty,
        node: NodeId,
        expr: TokenStream,
        depth: usize,
    ) -> Result<TokenStream> {
        let node = follow_refs(self.set, node)?;
        let k = match &self.set.node(node).body {
            Body::Bool(true) => return Ok(quote!(true)),
            Body::Bool(false) => return Ok(self.fallback(node, &expr)),
            Body::Object(k) => k.clone(),
        };
        if depth > MAX_INLINE {
            return Ok(self.fallback(node, &expr));
        }
        match ty {
            Ty::Any => {
                let f = self.v.call(node);
                Ok(quote!(validators::#f(#expr, cx)))
            }
            // `&Box<T>` coerces to `&T` at the call.
            Ty::Boxed(inner) => self.check(inner, node, expr, depth),
            Ty::Option(inner) => {
                let rt = self.rt.clone();
                let some = self.check(inner, node, quote!(x), depth)?;
                let f = self.v.call(node);
                let pattern = if some.to_string() == "true" {
                    quote!(Some(_))
                } else {
                    quote!(Some(x))
                };
                Ok(quote!(match #expr {
                    #pattern => #some,
                    None => validators::#f(&#rt::validate::NULL, cx),
                }))
            }
            Ty::String | Ty::Bool | Ty::I64 | Ty::U64 | Ty::F64 => {
                if !scalar_only(&k) {
                    return Ok(self.fallback(node, &expr));
                }
                self.scalar(ty, node, &k, expr)
            }
            Ty::Vec(item) => self.vec(item, node, &k, expr, depth),
            Ty::Map(value) => self.map(value, node, &k, expr, depth),
            Ty::Named(id) => self.named(*id, node, expr, depth),
            Ty::Generic(_) => {
                let rt = &self.rt;
                let f = self.v.call(node);
                Ok(quote!(#rt::check::generic(#expr, cx, validators::#f)))
            }
            // `Map<String, Value>` and `()` hold exactly one JSON type: a schema that says
            // no more than that type is satisfied by the Rust type alone.
            Ty::Object if type_only(&k, JsonType::Object) => Ok(quote!(true)),
            Ty::Unit if type_only(&k, JsonType::Null) => Ok(quote!(true)),
            Ty::Object | Ty::Unit => Ok(self.fallback(node, &expr)),
            // A type the user chose: checked through its JSON form (its serde output).
            Ty::Mapped(_) => Ok(self.fallback(node, &expr)),
        }
    }

    fn named(
        &mut self,
        id: TypeId,
        node: NodeId,
        expr: TokenStream,
        depth: usize,
    ) -> Result<TokenStream> {
        let t = self.module.get(id);
        match &t.kind {
            TypeKind::Struct(_) => {
                let m = method_name(node);
                self.want(id, node);
                let own = follow_refs(self.set, t.node)? == node;
                let ty = self.tcx.ty(&Ty::Named(id));
                if own {
                    // The type's own schema: may recurse with the instance, so it is a
                    // `$ref`-like level for the depth guard.
                    let sp = self.v.sp(node, "");
                    Ok(quote!(cx.nested(#sp, |cx| <#ty>::#m(#expr, cx))))
                } else {
                    Ok(quote!(<#ty>::#m(#expr, cx)))
                }
            }
            TypeKind::Alias(inner) => {
                let inner = inner.clone();
                self.check(&inner, node, expr, depth + 1)
            }
            TypeKind::Newtype(_) => {
                if follow_refs(self.set, t.node)? == node {
                    // Like a struct's own schema: may recurse with the instance.
                    self.want(id, node);
                    let m = method_name(node);
                    let ty = self.tcx.ty(&Ty::Named(id));
                    let sp = self.v.sp(node, "");
                    Ok(quote!(cx.nested(#sp, |cx| <#ty>::#m(#expr, cx))))
                } else {
                    Ok(self.fallback(node, &expr))
                }
            }
            TypeKind::Enum(_) => {
                if follow_refs(self.set, t.node)? == node {
                    self.want(id, node);
                    let m = method_name(node);
                    let ty = self.tcx.ty(&Ty::Named(id));
                    Ok(quote!(<#ty>::#m(#expr, cx)))
                } else {
                    Ok(self.fallback(node, &expr))
                }
            }
        }
    }

    fn want(&mut self, id: TypeId, node: NodeId) {
        if !self.done.contains(&(id, node)) && !self.wanted.contains(&(id, node)) {
            self.wanted.push((id, node));
        }
    }

    fn scalar(
        &mut self,
        ty: &Ty,
        node: NodeId,
        k: &Keywords,
        expr: TokenStream,
    ) -> Result<TokenStream> {
        let rt = self.rt.clone();
        let kind = kind_of(ty);
        let show = match ty {
            Ty::String => quote!(#rt::validate::show_str(x)),
            _ => quote!(x),
        };
        let mut checks = Vec::new();
        if let (Some(types), Some(kind)) = (&k.types, kind) {
            if !type_allows(types, kind) {
                // A number typed `f64` may still hold an integral value: check by value.
                let allowed = kind == JsonType::Number && types.contains(&JsonType::Integer);
                let names: Vec<String> =
                    types.iter().map(|t| format!("\"{}\"", t.name())).collect();
                let expected = if names.len() == 1 {
                    format!("of type {}", names[0])
                } else {
                    format!("of any of the types {}", names.join(", "))
                };
                let msg = lit(&format!("{{}} is not {}", esc(&expected)));
                let fail = self.v.fail(node, "type", quote!(format!(#msg, #show)));
                if allowed {
                    checks.push(quote!(if !(x.is_finite() && x.fract() == 0.0) { #fail }));
                } else {
                    // Never of the type (a field typed by its other keywords): bound to a
                    // local, so the check reads like the others and no assignment before it
                    // is "never read".
                    checks.push(quote! {
                        let of_type = false;
                        if !of_type {
                            #fail
                        }
                    });
                }
            }
        }
        let lits: Option<(Vec<Value>, &str)> = match (&k.const_, &k.enum_) {
            (Some(c), _) => Some((vec![c.clone()], "const")),
            (None, Some(e)) => Some((e.clone(), "enum")),
            (None, None) => None,
        };
        if let Some((values, kw)) = lits {
            // String literals are one flat `matches!` (a long `||` chain nests one level per
            // operand, which overflows the formatter's stack on enums of ~1,000 values).
            let strings: Vec<proc_macro2::Literal> = values
                .iter()
                .filter_map(|l| match (ty, l) {
                    (Ty::String, Value::String(s)) => Some(lit(s)),
                    _ => None,
                })
                .collect();
            let mut tests: Vec<TokenStream> = if strings.is_empty() {
                Vec::new()
            } else {
                vec![quote!(matches!(x.as_str(), #(#strings)|*))]
            };
            tests.extend(values.iter().filter_map(|l| match (ty, l) {
                (Ty::String, Value::String(_)) => None,
                (Ty::Bool, Value::Bool(b)) => Some(if *b { quote!(*x) } else { quote!(!*x) }),
                (Ty::U64 | Ty::I64 | Ty::F64, Value::Number(n)) => {
                    let b = bound(n);
                    let cmp = match ty {
                        Ty::U64 => quote!(#rt::num::compare_u64(*x, #rt::num::#b)),
                        Ty::I64 => quote!(#rt::num::compare_i64(*x, #rt::num::#b)),
                        _ => quote!(#rt::num::compare_f64(*x, #rt::num::#b)),
                    };
                    Some(quote!(#cmp == ::core::cmp::Ordering::Equal))
                }
                _ => None,
            }));
            let shown = serde_json::to_string(&if kw == "const" {
                values[0].clone()
            } else {
                Value::Array(values.clone())
            })
            .unwrap_or_default();
            let msg = if kw == "const" {
                lit(&format!("{{}} is not the constant {}", esc(&short(&shown))))
            } else {
                lit(&format!("{{}} is not one of {}", esc(&short(&shown))))
            };
            let fail = self.v.fail(node, kw, quote!(format!(#msg, #show)));
            let cond = if tests.is_empty() {
                quote!(false)
            } else {
                quote!(#(#tests)||*)
            };
            checks.push(quote! {
                let in_set = #cond;
                if !in_set {
                    #fail
                }
            });
        }
        if matches!(ty, Ty::U64 | Ty::I64 | Ty::F64) {
            let cmp_fn = match ty {
                Ty::U64 => quote!(compare_u64),
                Ty::I64 => quote!(compare_i64),
                _ => quote!(compare_f64),
            };
            let bounds: [(&str, &Option<serde_json::Number>, TokenStream, &str); 4] = [
                (
                    "minimum",
                    &k.minimum,
                    quote!(== ::core::cmp::Ordering::Less),
                    "is less than minimum",
                ),
                (
                    "maximum",
                    &k.maximum,
                    quote!(== ::core::cmp::Ordering::Greater),
                    "is greater than maximum",
                ),
                (
                    "exclusiveMinimum",
                    &k.exclusive_minimum,
                    quote!(!= ::core::cmp::Ordering::Greater),
                    "is less than or equal to exclusive minimum",
                ),
                (
                    "exclusiveMaximum",
                    &k.exclusive_maximum,
                    quote!(!= ::core::cmp::Ordering::Less),
                    "is greater than or equal to exclusive maximum",
                ),
            ];
            for (kw, value, test, words) in bounds {
                let Some(b) = value else { continue };
                // A u64 always satisfies `minimum <= 0` / `exclusiveMinimum < 0`.
                if *ty == Ty::U64 {
                    let f = b.as_f64().unwrap_or(0.0);
                    if (kw == "minimum" && f <= 0.0) || (kw == "exclusiveMinimum" && f < 0.0) {
                        continue;
                    }
                }
                let bt = bound(b);
                let msg = lit(&format!("{{}} {words} {b}"));
                let fail = self.v.fail(node, kw, quote!(format!(#msg, x)));
                checks.push(quote! {
                    if #rt::num::#cmp_fn(*x, #rt::num::#bt) #test {
                        #fail
                    }
                });
            }
            if let Some(m) = &k.multiple_of {
                let bt = bound(m);
                let msg = lit(&format!("{{}} is not a multiple of {m}"));
                let fail = self.v.fail(node, "multipleOf", quote!(format!(#msg, x)));
                let test = match ty {
                    Ty::F64 => quote!(#rt::num::multiple_of_f64(*x, #rt::num::#bt)),
                    _ => quote!(#rt::num::multiple_of_i128(i128::from(*x), #rt::num::#bt)),
                };
                checks.push(quote! {
                    if !#test {
                        #fail
                    }
                });
            }
        }
        if *ty == Ty::String {
            if k.min_length.is_some_and(|m| m > 0) || k.max_length.is_some() {
                checks.push(quote!(let len = x.chars().count() as u64;));
            }
            if let Some(min) = k.min_length.filter(|m| *m > 0) {
                let msg = lit(&format!(
                    "{{}} is shorter than {min} character{}",
                    if min == 1 { "" } else { "s" }
                ));
                let fail = self.v.fail(node, "minLength", quote!(format!(#msg, #show)));
                checks.push(quote!(if len < #min { #fail }));
            }
            if let Some(max) = k.max_length {
                let msg = lit(&format!(
                    "{{}} is longer than {max} character{}",
                    if max == 1 { "" } else { "s" }
                ));
                let fail = self.v.fail(node, "maxLength", quote!(format!(#msg, #show)));
                checks.push(quote!(if len > #max { #fail }));
            }
            if let Some(p) = &k.pattern {
                let re = self.v.regex(node, "pattern", p)?;
                let msg = lit(&format!(
                    "{{}} does not match the pattern {}",
                    esc(&serde_json::to_string(p).unwrap_or_default())
                ));
                let fail = self.v.fail(node, "pattern", quote!(format!(#msg, #show)));
                checks.push(quote! {
                    if !#rt::regex::is_match(&validators::#re, x) {
                        #fail
                    }
                });
            }
            if let Some(f) = &k.format {
                let fl = lit(f);
                let msg = lit(&format!("{{}} is not a valid {}", esc(f)));
                let fail = self.v.fail(node, "format", quote!(format!(#msg, #show)));
                checks.push(quote! {
                    if cx.formats() && #rt::format::check(#fl, x) == Some(false) {
                        #fail
                    }
                });
            }
        }
        if checks.is_empty() {
            return Ok(quote!(true));
        }
        let bind = if expr.to_string() == "x" {
            quote!()
        } else {
            quote!(let x = #expr;)
        };
        Ok(quote!({
            #bind
            let mut valid = true;
            #(#checks)*
            valid
        }))
    }

    fn vec(
        &mut self,
        item: &Ty,
        node: NodeId,
        k: &Keywords,
        expr: TokenStream,
        depth: usize,
    ) -> Result<TokenStream> {
        let handled = k.ref_.is_none()
            && k.prefix_items.is_empty()
            && k.contains.is_none()
            && !k.unique_items
            && k.const_.is_none()
            && k.enum_.is_none()
            && no_applicators(k)
            && k.types
                .as_ref()
                .is_none_or(|t| t.contains(&JsonType::Array));
        if !handled {
            return Ok(self.fallback(node, &expr));
        }
        let mut checks = Vec::new();
        if let Some(min) = k.min_items.filter(|m| *m > 0) {
            let msg = lit(&format!(
                "the array has {{}} items, fewer than minItems {min}"
            ));
            let fail = self
                .v
                .fail(node, "minItems", quote!(format!(#msg, x.len())));
            checks.push(quote!(if (x.len() as u64) < #min { #fail }));
        }
        if let Some(max) = k.max_items {
            let msg = lit(&format!(
                "the array has {{}} items, more than maxItems {max}"
            ));
            let fail = self
                .v
                .fail(node, "maxItems", quote!(format!(#msg, x.len())));
            checks.push(quote!(if (x.len() as u64) > #max { #fail }));
        }
        if let Some(items) = k.items {
            let inner = self.check(item, items, quote!(element), depth + 1)?;
            if inner.to_string() != "true" {
                let failed = child_failed(&self.rt);
                checks.push(quote! {
                    for (i, element) in x.iter().enumerate() {
                        if !cx.at_index(i, |cx| #inner) {
                            #failed
                        }
                    }
                });
            }
        }
        if checks.is_empty() {
            return Ok(quote!(true));
        }
        let bind = if expr.to_string() == "x" {
            quote!()
        } else {
            quote!(let x = #expr;)
        };
        Ok(quote!({
            #bind
            let mut valid = true;
            #(#checks)*
            valid
        }))
    }

    fn map(
        &mut self,
        value: &Ty,
        node: NodeId,
        k: &Keywords,
        expr: TokenStream,
        depth: usize,
    ) -> Result<TokenStream> {
        let rt = self.rt.clone();
        let handled = k.ref_.is_none()
            && k.properties.is_empty()
            && k.dependent_required.is_empty()
            && k.dependent_schemas.is_empty()
            && k.const_.is_none()
            && k.enum_.is_none()
            && no_applicators(k)
            && k.types
                .as_ref()
                .is_none_or(|t| t.contains(&JsonType::Object));
        if !handled {
            return Ok(self.fallback(node, &expr));
        }
        let failed = child_failed(&self.rt);
        let mut checks = Vec::new();
        for name in &k.required {
            let n = lit(name);
            let msg = lit(&format!(
                "missing required property {}",
                serde_json::to_string(name).unwrap_or_default()
            ));
            let fail = self.v.fail(node, "required", quote!(String::from(#msg)));
            checks.push(quote!(if !x.contains_key(#n) { #fail }));
        }
        if let Some(min) = k.min_properties.filter(|m| *m > 0) {
            let msg = lit(&format!(
                "the object has {{}} properties, fewer than minProperties {min}"
            ));
            let fail = self
                .v
                .fail(node, "minProperties", quote!(format!(#msg, x.len())));
            checks.push(quote!(if (x.len() as u64) < #min { #fail }));
        }
        if let Some(max) = k.max_properties {
            let msg = lit(&format!(
                "the object has {{}} properties, more than maxProperties {max}"
            ));
            let fail = self
                .v
                .fail(node, "maxProperties", quote!(format!(#msg, x.len())));
            checks.push(quote!(if (x.len() as u64) > #max { #fail }));
        }
        // Per entry: propertyNames, patternProperties, additionalProperties.
        let mut per = Vec::new();
        if let Some(pn) = k.property_names {
            let c = self.check(&Ty::String, pn, quote!(key), depth + 1)?;
            if c.to_string() != "true" {
                per.push(quote!(if !#c { #failed }));
            }
        }
        // The additionalProperties check, if it is not trivial; only then do pattern
        // matches need tracking.
        let additional = match k.additional_properties {
            Some(a) => {
                let c = self.check(value, a, quote!(entry), depth + 1)?;
                (c.to_string() != "true").then(|| {
                    let step = step_at(quote!(key), &c, &failed);
                    quote! {
                        #step
                    }
                })
            }
            None => None,
        };
        let track = !k.pattern_properties.is_empty() && additional.is_some();
        if track {
            per.push(quote!(let mut matched = false;));
        }
        for (pattern, p) in &k.pattern_properties {
            let re = self.v.regex(node, "patternProperties", pattern)?;
            let c = self.check(value, *p, quote!(entry), depth + 1)?;
            let mark = if track {
                quote!(matched = true;)
            } else {
                quote!()
            };
            let step = step_at(quote!(key), &c, &failed);
            per.push(when(
                &quote!(#rt::regex::is_match(&validators::#re, key)),
                quote!(#mark #step),
            ));
        }
        if let Some(body) = additional {
            per.push(if track {
                guard(&quote!(!matched), body)
            } else {
                body
            });
        }
        // Token-level use of the loop bindings (identifiers, not string literals).
        let uses_ident = |ts: &TokenStream, name: &str| {
            fn walk(ts: TokenStream, name: &str) -> bool {
                ts.into_iter().any(|tt| match tt {
                    proc_macro2::TokenTree::Ident(i) => i == name,
                    proc_macro2::TokenTree::Group(g) => walk(g.stream(), name),
                    _ => false,
                })
            }
            walk(ts.clone(), name)
        };
        let uses_entry = per.iter().any(|t| uses_ident(t, "entry"));
        let uses_key = per.iter().any(|t| uses_ident(t, "key"));
        if !per.is_empty() && (uses_entry || uses_key) {
            let binding = match (uses_key, uses_entry) {
                (true, true) => quote!((key, entry)),
                (true, false) => quote!((key, _)),
                _ => quote!((_, entry)),
            };
            checks.push(quote! {
                for #binding in x {
                    #(#per)*
                }
            });
        }
        if checks.is_empty() {
            return Ok(quote!(true));
        }
        let bind = if expr.to_string() == "x" {
            quote!()
        } else {
            quote!(let x = #expr;)
        };
        Ok(quote!({
            #bind
            let mut valid = true;
            #(#checks)*
            valid
        }))
    }

    /// Generates every requested (type, node) method; returns the `impl` blocks.
    pub(crate) fn finish(mut self) -> Result<Vec<TokenStream>> {
        while let Some((id, node)) = self.wanted.pop() {
            if !self.done.insert((id, node)) {
                continue;
            }
            let m = match &self.module.get(id).kind {
                TypeKind::Struct(s) => {
                    let s = s.clone();
                    self.struct_method(id, &s, node)?
                }
                TypeKind::Enum(_) => self.enum_method(id, node)?,
                TypeKind::Newtype(ty) => {
                    let ty = ty.clone();
                    self.newtype_method(&ty, node)?
                }
                TypeKind::Alias(_) => continue,
            };
            self.methods.entry(id).or_default().push(m);
        }
        let mut out = Vec::new();
        for (id, methods) in std::mem::take(&mut self.methods) {
            let t = self.module.get(id);
            let self_ty = self.tcx.self_ty(t);
            let params = self.tcx.params(t);
            let (ig, wc) = if params.is_empty() {
                (quote!(), quote!())
            } else {
                (
                    quote!(<#(#params),*>),
                    quote!(where #(#params: ::serde::Serialize + 'static),*),
                )
            };
            out.push(quote! {
                impl #ig #self_ty #wc {
                    #(#methods)*
                }
            });
        }
        Ok(out)
    }

    /// The entry point of a type's typed check (its own schema node).
    pub(crate) fn entry(&mut self, t: &TypeDef, id: TypeId) -> Result<proc_macro2::Ident> {
        let node = follow_refs(self.set, t.node)?;
        self.want(id, node);
        Ok(method_name(node))
    }

    fn presence_test(&self, s: &Struct, name: &str) -> TokenStream {
        if let Some(f) = s.fields.iter().find(|f| f.json == name) {
            let fname = ident(&f.name);
            return match f.presence() {
                Presence::Required | Presence::RequiredNullable => quote!(true),
                Presence::Optional | Presence::OptionalNullable => quote!(self.#fname.is_some()),
            };
        }
        let n = lit(name);
        match s.extra {
            Extra::Deny => quote!(false),
            _ => quote!(self.extra.contains_key(#n)),
        }
    }

    fn struct_method(&mut self, id: TypeId, s: &Struct, node: NodeId) -> Result<TokenStream> {
        let rt = self.rt.clone();
        let m = method_name(node);
        let t = self.module.get(id);
        let own = follow_refs(self.set, t.node)? == node;
        let sig = quote!(fn #m<'v>(&'v self, cx: &mut #rt::Cx<'v>) -> bool);
        let k = match &self.set.node(node).body {
            Body::Bool(true) => return Ok(quote!(#sig { let _ = cx; true })),
            Body::Bool(false) => {
                let fb = self.fallback(node, &quote!(self));
                return Ok(quote!(#sig { #fb }));
            }
            Body::Object(k) => k.clone(),
        };
        // A `type` that excludes objects: a struct never matches it.
        if let Some(types) = &k.types {
            if !types.contains(&JsonType::Object) {
                let names: Vec<String> =
                    types.iter().map(|t| format!("\"{}\"", t.name())).collect();
                let expected = if names.len() == 1 {
                    format!("of type {}", names[0])
                } else {
                    format!("of any of the types {}", names.join(", "))
                };
                let msg = lit(&format!("the object is not {}", esc(&expected))
                    .replace("{{", "{")
                    .replace("}}", "}"));
                let kw = lit("type");
                let sp = self.v.sp(node, "type");
                return Ok(quote!(#sig {
                    cx.fail(#kw, #sp, || String::from(#msg));
                    false
                }));
            }
        }
        // What typed evaluation does not cover falls back for the whole node.
        let shape_ok = k.const_.is_none()
            && k.enum_.is_none()
            && k.property_names.is_none()
            && (own || (k.additional_properties.is_none() && k.pattern_properties.is_empty()))
            && k.types
                .as_ref()
                .is_none_or(|t| t.contains(&JsonType::Object));
        if !shape_ok {
            let fb = self.fallback(node, &quote!(self));
            return Ok(quote!(#sig { #fb }));
        }
        let failed = child_failed(&self.rt);
        let mut checks = Vec::new();
        if let Some(r) = &k.ref_ {
            if let Some(target) = r.target {
                let target = follow_refs(self.set, target)?;
                self.want(id, target);
                let tm = method_name(target);
                let sp = self.v.sp(node, "$ref");
                checks.push(quote! {
                    if !cx.enter(#sp) {
                        return false;
                    }
                    let ok = self.#tm(cx);
                    cx.leave();
                    if !ok {
                        #failed
                    }
                });
            }
        }
        for name in &k.required {
            let test = self.presence_test(s, name);
            if test.to_string() == "true" {
                continue;
            }
            let msg = lit(&format!(
                "missing required property {}",
                serde_json::to_string(name).unwrap_or_default()
            ));
            let fail = self.v.fail(node, "required", quote!(String::from(#msg)));
            checks.push(quote! {
                let present = #test;
                if !present {
                    #fail
                }
            });
        }
        let count = {
            let mut parts: Vec<TokenStream> = Vec::new();
            for f in &s.fields {
                let fname = ident(&f.name);
                parts.push(match f.presence() {
                    Presence::Required | Presence::RequiredNullable => quote!(1usize),
                    _ => quote!(usize::from(self.#fname.is_some())),
                });
            }
            if !matches!(s.extra, Extra::Deny) {
                parts.push(quote!(self.extra.len()));
            }
            if parts.is_empty() {
                quote!(0usize)
            } else {
                quote!(#(#parts)+*)
            }
        };
        if let Some(min) = k.min_properties.filter(|m| *m > 0) {
            let msg = lit(&format!(
                "the object has {{}} properties, fewer than minProperties {min}"
            ));
            let fail = self.v.fail(node, "minProperties", quote!(format!(#msg, n)));
            checks.push(quote!({ let n = #count; if (n as u64) < #min { #fail } }));
        }
        if let Some(max) = k.max_properties {
            let msg = lit(&format!(
                "the object has {{}} properties, more than maxProperties {max}"
            ));
            let fail = self.v.fail(node, "maxProperties", quote!(format!(#msg, n)));
            checks.push(quote!({ let n = #count; if (n as u64) > #max { #fail } }));
        }
        for (name, deps) in &k.dependent_required {
            let if_present = self.presence_test(s, name);
            let kw = if self.set.node(node).draft <= crate::load::Draft::Draft7 {
                "dependencies"
            } else {
                "dependentRequired"
            };
            for d in deps {
                let test = self.presence_test(s, d);
                let msg = lit(&format!(
                    "property {} requires property {}",
                    serde_json::to_string(name).unwrap_or_default(),
                    serde_json::to_string(d).unwrap_or_default()
                ));
                let fail = self.v.fail(node, kw, quote!(String::from(#msg)));
                // Bound to locals so that constant tests (`true`, `false`) and negations
                // never form an expression clippy would simplify.
                checks.push(quote! {
                    let trigger: bool = #if_present;
                    let satisfied: bool = #test;
                    if trigger && !satisfied {
                        #fail
                    }
                });
            }
        }
        // Declared properties of this node.
        for (name, p) in &k.properties {
            if matches!(self.set.node(*p).body, Body::Bool(true)) {
                continue;
            }
            let key = lit(name);
            if let Some(f) = s.fields.iter().find(|f| &f.json == name).cloned() {
                let fname = ident(&f.name);
                let some = self.check(&f.ty, *p, quote!(x), 0)?;
                let pf = self.v.call(*p);
                let body = match f.presence() {
                    Presence::Required => {
                        let c = self.check(&f.ty, *p, quote!(&self.#fname), 0)?;
                        if c.to_string() == "true" {
                            continue;
                        }
                        quote!(#c)
                    }
                    Presence::Optional => {
                        if some.to_string() == "true" {
                            continue;
                        }
                        quote!(match &self.#fname { Some(x) => #some, None => true })
                    }
                    Presence::RequiredNullable if some.to_string() == "true" => {
                        quote!(match &self.#fname {
                            Some(_) => true,
                            None => validators::#pf(&#rt::validate::NULL, cx),
                        })
                    }
                    Presence::OptionalNullable if some.to_string() == "true" => {
                        quote!(match &self.#fname {
                            Some(Some(_)) | None => true,
                            Some(None) => validators::#pf(&#rt::validate::NULL, cx),
                        })
                    }
                    Presence::RequiredNullable => quote!(match &self.#fname {
                        Some(x) => #some,
                        None => validators::#pf(&#rt::validate::NULL, cx),
                    }),
                    Presence::OptionalNullable => quote!(match &self.#fname {
                        Some(Some(x)) => #some,
                        Some(None) => validators::#pf(&#rt::validate::NULL, cx),
                        None => true,
                    }),
                };
                checks.push(quote! {
                    if !cx.at_key(#key, |cx| #body) {
                        #failed
                    }
                });
            } else {
                match &s.extra {
                    Extra::Deny => {}
                    Extra::Preserve => {
                        let pf = self.v.call(*p);
                        checks.push(quote! {
                            if let Some((k, value)) = self.extra.get_key_value(#key) {
                                if !cx.at_key(k, |cx| validators::#pf(value, cx)) {
                                    #failed
                                }
                            }
                        });
                    }
                    Extra::Typed(ty) => {
                        let ty = ty.clone();
                        let c = self.check(&ty, *p, quote!(value), 0)?;
                        let step = step_at(quote!(k), &c, &failed);
                        if !step.is_empty() {
                            checks.push(quote! {
                                if let Some((k, value)) = self.extra.get_key_value(#key) {
                                    #step
                                }
                            });
                        }
                    }
                }
            }
        }
        // Undeclared properties (own node only): patternProperties and additionalProperties
        // over the extras; declared fields matching a pattern are checked against it too.
        if own {
            let mut per = Vec::new();
            let extra_ty = match &s.extra {
                Extra::Typed(t) => Some(t.clone()),
                _ => None,
            };
            // The additionalProperties check over the extras, if it is not trivial; only
            // then do pattern matches need tracking.
            let mut additional = None;
            if let Some(a) = k.additional_properties {
                let trivial = matches!(self.set.node(a).body, Body::Bool(true));
                let deny = matches!(self.set.node(a).body, Body::Bool(false));
                if !trivial && !deny && !matches!(s.extra, Extra::Deny) {
                    let c = match &extra_ty {
                        Some(t) => self.check(t, a, quote!(entry), 0)?,
                        None => {
                            let f = self.v.call(a);
                            quote!(validators::#f(entry, cx))
                        }
                    };
                    if c.to_string() != "true" {
                        let step = step_at(quote!(key), &c, &failed);
                        additional = Some(quote! {
                            #step
                        });
                    }
                }
            }
            let track = !k.pattern_properties.is_empty()
                && additional.is_some()
                && !matches!(s.extra, Extra::Deny);
            if track {
                per.push(quote!(let mut matched = false;));
            }
            for (pattern, p) in &k.pattern_properties {
                let re_check = regress::Regex::with_flags(pattern, "u")
                    .or_else(|_| regress::Regex::new(pattern));
                // Declared fields whose names match: check them against the pattern's schema.
                if let Ok(re) = &re_check {
                    for f in s
                        .fields
                        .iter()
                        .filter(|f| re.find(&f.json).is_some())
                        .cloned()
                        .collect::<Vec<_>>()
                    {
                        let fname = ident(&f.name);
                        let key = lit(&f.json);
                        let c = self.check(&f.ty, *p, quote!(x), 0)?;
                        let value = match f.presence() {
                            Presence::Required => quote!(Some(&self.#fname)),
                            Presence::Optional => quote!(self.#fname.as_ref()),
                            _ => {
                                let fb = self.fallback(*p, &quote!(&self.#fname));
                                checks.push(quote!(if !#fb { #failed }));
                                continue;
                            }
                        };
                        let step = step_at(quote!(#key), &c, &failed);
                        if !step.is_empty() {
                            checks.push(quote! {
                                if let Some(x) = #value {
                                    #step
                                }
                            });
                        }
                    }
                }
                if matches!(s.extra, Extra::Deny) {
                    continue;
                }
                let re = self.v.regex(node, "patternProperties", pattern)?;
                let c = match &extra_ty {
                    Some(t) => self.check(t, *p, quote!(entry), 0)?,
                    None => {
                        let f = self.v.call(*p);
                        quote!(validators::#f(entry, cx))
                    }
                };
                let mark = if track {
                    quote!(matched = true;)
                } else {
                    quote!()
                };
                let step = step_at(quote!(key), &c, &failed);
                per.push(when(
                    &quote!(#rt::regex::is_match(&validators::#re, key)),
                    quote!(#mark #step),
                ));
            }
            if let Some(body) = additional {
                per.push(if track {
                    guard(&quote!(!matched), body)
                } else {
                    body
                });
            }
            let uses_ident = |ts: &TokenStream, name: &str| {
                fn walk(ts: TokenStream, name: &str) -> bool {
                    ts.into_iter().any(|tt| match tt {
                        proc_macro2::TokenTree::Ident(i) => i == name,
                        proc_macro2::TokenTree::Group(g) => walk(g.stream(), name),
                        _ => false,
                    })
                }
                walk(ts.clone(), name)
            };
            let uses = per
                .iter()
                .any(|t| uses_ident(t, "entry") || uses_ident(t, "key"));
            if uses {
                let uses_entry = per.iter().any(|t| uses_ident(t, "entry"));
                let binding = if uses_entry {
                    quote!((key, entry))
                } else {
                    quote!((key, _))
                };
                checks.push(quote! {
                    for #binding in &self.extra {
                        #(#per)*
                    }
                });
            }
        }
        for (name, d) in &k.dependent_schemas {
            let if_present = self.presence_test(s, name);
            let d = follow_refs(self.set, *d)?;
            self.want(id, d);
            let dm = method_name(d);
            checks.push(quote!(if #if_present && !self.#dm(cx) { #failed }));
        }
        for a in &k.all_of {
            let a = follow_refs(self.set, *a)?;
            self.want(id, a);
            let am = method_name(a);
            checks.push(quote!(if !self.#am(cx) { #failed }));
        }
        if !k.any_of.is_empty() {
            let mut tries = Vec::new();
            for b in &k.any_of {
                let b = follow_refs(self.set, *b)?;
                self.want(id, b);
                let bm = method_name(b);
                tries.push(quote!(cx.speculate(|cx| self.#bm(cx))));
            }
            let fail = self.v.fail(
                node,
                "anyOf",
                quote!(String::from(
                    "the object matches none of the `anyOf` alternatives"
                )),
            );
            checks.push(quote! {
                let any = #(#tries)||*;
                if !any {
                    #fail
                }
            });
        }
        if !k.one_of.is_empty() {
            let mut tries = Vec::new();
            for b in &k.one_of {
                let b = follow_refs(self.set, *b)?;
                self.want(id, b);
                let bm = method_name(b);
                tries.push(quote!(cx.speculate(|cx| self.#bm(cx))));
            }
            let fail = self.v.fail(
                node,
                "oneOf",
                quote!(if matches == 0 {
                    String::from("the object matches none of the `oneOf` alternatives")
                } else {
                    format!(
                        "the object matches {} of the `oneOf` alternatives; exactly one must match",
                        matches
                    )
                }),
            );
            checks.push(quote! {
                let matches = [#(#tries),*].iter().filter(|m| **m).count();
                if matches != 1 {
                    #fail
                }
            });
        }
        if let Some(n) = k.not {
            let n = follow_refs(self.set, n)?;
            self.want(id, n);
            let nm = method_name(n);
            let fail = self.v.fail(
                node,
                "not",
                quote!(String::from("the object must not match the `not` schema")),
            );
            checks.push(quote!(if cx.speculate(|cx| self.#nm(cx)) { #fail }));
        }
        if let Some(i) = k.if_.filter(|_| k.then.is_some() || k.else_.is_some()) {
            let i = follow_refs(self.set, i)?;
            self.want(id, i);
            let im = method_name(i);
            let then = match k.then {
                Some(t) => {
                    let t = follow_refs(self.set, t)?;
                    self.want(id, t);
                    Some(method_name(t))
                }
                None => None,
            };
            let else_ = match k.else_ {
                Some(e) => {
                    let e = follow_refs(self.set, e)?;
                    self.want(id, e);
                    Some(method_name(e))
                }
                None => None,
            };
            checks.push(match (then, else_) {
                (Some(t), None) => quote!(if cx.speculate(|cx| self.#im(cx)) && !self.#t(cx) { #failed }),
                (None, Some(e)) => quote!(if !cx.speculate(|cx| self.#im(cx)) && !self.#e(cx) { #failed }),
                (Some(t), Some(e)) => quote! {
                    let branch_ok = if cx.speculate(|cx| self.#im(cx)) { self.#t(cx) } else { self.#e(cx) };
                    if !branch_ok {
                        #failed
                    }
                },
                (None, None) => quote!(),
            });
        }
        if checks.is_empty() {
            return Ok(quote!(#sig { let _ = cx; true }));
        }
        Ok(quote! {
            #sig {
                let mut valid = true;
                #(#checks)*
                valid
            }
        })
    }

    /// A newtype's check: its value's, at the same schema node.
    fn newtype_method(&mut self, ty: &Ty, node: NodeId) -> Result<TokenStream> {
        let rt = self.rt.clone();
        let m = method_name(node);
        let c = self.check(ty, node, quote!(this), 0)?;
        let body = if c.to_string() == "true" {
            quote!(let _ = cx; true)
        } else {
            quote!(let this = &self.0; #c)
        };
        Ok(quote!(fn #m<'v>(&'v self, cx: &mut #rt::Cx<'v>) -> bool { #body }))
    }

    fn enum_method(&mut self, id: TypeId, node: NodeId) -> Result<TokenStream> {
        let rt = self.rt.clone();
        let m = method_name(node);
        let t = self.module.get(id).clone();
        let TypeKind::Enum(e) = &t.kind else {
            return Ok(quote!());
        };
        let sig = quote!(fn #m<'v>(&'v self, cx: &mut #rt::Cx<'v>) -> bool);
        let k = match &self.set.node(node).body {
            Body::Object(k) => k.clone(),
            _ => {
                let fb = self.fallback(node, &quote!(self));
                return Ok(quote!(#sig { #fb }));
            }
        };
        let all_literal = e
            .variants
            .iter()
            .all(|v| matches!(v.kind, VariantKind::Literal(_)));
        let literal_only_node = scalar_only(&k)
            && k.minimum.is_none()
            && k.maximum.is_none()
            && k.exclusive_minimum.is_none()
            && k.exclusive_maximum.is_none()
            && k.multiple_of.is_none()
            && k.min_length.is_none()
            && k.max_length.is_none()
            && k.pattern.is_none()
            && k.format.is_none();
        if all_literal && literal_only_node {
            // The variants are exactly the schema's literals.
            return Ok(quote!(#sig { let _ = cx; true }));
        }
        let keyword = e.keyword;
        let branch_typed = (keyword == "anyOf" || keyword == "oneOf")
            && k.types.is_none()
            && k.enum_.is_none()
            && k.const_.is_none()
            && k.all_of.is_empty()
            && k.not.is_none()
            && k.if_.is_none()
            && k.ref_.is_none()
            && (k.any_of.is_empty() || k.one_of.is_empty());
        let type_union =
            keyword == "type" && scalar_only(&k) && k.enum_.is_none() && k.const_.is_none();
        if !branch_typed && !type_union {
            let fb = self.fallback(node, &quote!(self));
            return Ok(quote!(#sig { #fb }));
        }
        let branches: Vec<NodeId> = if keyword == "oneOf" {
            k.one_of.clone()
        } else {
            k.any_of.clone()
        };
        let mut arms = Vec::new();
        for v in &e.variants {
            let vname = ident(&v.name);
            match &v.kind {
                VariantKind::Literal(_) => {
                    if keyword == "anyOf" {
                        // A literal came from one alternative's `enum`, which it satisfies.
                        arms.push(quote!(Self::#vname => true,));
                    } else {
                        let fb = self.fallback(node, &quote!(self));
                        arms.push(quote!(Self::#vname => #fb,));
                    }
                }
                VariantKind::Payload(ty) => {
                    let target = if type_union { Some(node) } else { v.branch };
                    let exclusive = keyword != "oneOf"
                        || match v.branch {
                            Some(b) => self.disjoint_from_others(ty, b, &branches)?,
                            None => false,
                        };
                    match target.filter(|_| exclusive) {
                        Some(b) => {
                            let c = self.check(ty, b, quote!(x), 0)?;
                            if c.to_string() == "true" {
                                arms.push(quote!(Self::#vname(_) => true,));
                            } else {
                                // Its own alternative decides when it accepts; otherwise the
                                // full validator decides (and reports).
                                let fb = self.fallback(node, &quote!(self));
                                arms.push(quote!(Self::#vname(x) => cx.speculate(|cx| #c) || #fb,));
                            }
                        }
                        None => {
                            let fb = self.fallback(node, &quote!(self));
                            arms.push(quote!(Self::#vname(_) => #fb,));
                        }
                    }
                }
            }
        }
        let uses_cx = arms.iter().any(|a| a.to_string().contains("cx"));
        let silence = if uses_cx {
            quote!()
        } else {
            quote!(let _ = cx;)
        };
        Ok(quote! {
            #sig {
                #silence
                match self {
                    #(#arms)*
                }
            }
        })
    }

    /// Whether no other alternative of a `oneOf` can accept a value of `ty` (their types
    /// exclude its JSON kinds), so matching its own alternative is enough.
    fn disjoint_from_others(&self, ty: &Ty, own: NodeId, branches: &[NodeId]) -> Result<bool> {
        let kinds: Vec<JsonType> = match ty {
            Ty::Named(id) => match &self.module.get(*id).kind {
                TypeKind::Struct(_) => vec![JsonType::Object],
                _ => return Ok(false),
            },
            Ty::Vec(_) => vec![JsonType::Array],
            Ty::Map(_) | Ty::Object => vec![JsonType::Object],
            Ty::Boxed(inner) => return self.disjoint_from_others(inner, own, branches),
            other => match kind_of(other) {
                Some(k) => vec![k],
                None => return Ok(false),
            },
        };
        for b in branches {
            if *b == own {
                continue;
            }
            let target = follow_refs(self.set, *b)?;
            let shape = shape_of(self.set, target)?;
            let Some(types) = shape.types.clone() else {
                return Ok(false);
            };
            for k in &kinds {
                if types.contains(k)
                    || (*k == JsonType::Integer && types.contains(&JsonType::Number))
                    || (*k == JsonType::Number && types.contains(&JsonType::Integer))
                {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }
}

/// `if !cx.at_key(key, |cx| check) { failed }`, or nothing when the check is `true`.
fn step_at(key: TokenStream, check: &TokenStream, failed: &TokenStream) -> TokenStream {
    if check.to_string() == "true" {
        return quote!();
    }
    quote! {
        if !cx.at_key(#key, |cx| #check) {
            #failed
        }
    }
}
