//! Validators over `serde_json::Value`: one function per reachable schema node, every
//! validation keyword of drafts 4 to 2020-12 compiled to straight-line Rust.
//!
//! Each node function returns whether the instance is valid. Failures are recorded in the
//! runtime [`Cx`](envgen_runtime::Cx) with the instance pointer, the keyword, the schema
//! location and a message; in first-error mode (and while speculating inside `anyOf`,
//! `oneOf`, `not` and `if`) a function returns at the first failure.

use super::ser::value_tokens;
use crate::error::Result;
use crate::load::{Body, JsonType, Keywords, NodeId, SchemaSet};
use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};
use serde_json::{Number, Value};
use std::collections::{BTreeMap, BTreeSet};

/// Everything the validators of one module need.
pub(crate) struct Validators<'a> {
    set: &'a SchemaSet,
    rt: TokenStream,
    root_doc: crate::load::DocId,
    regexes: BTreeMap<String, usize>,
    statics: Vec<TokenStream>,
    /// Functions called by the node being emitted.
    callees: BTreeSet<NodeId>,
}

/// The name of a node's validator function.
pub(crate) fn fn_name(id: NodeId) -> proc_macro2::Ident {
    format_ident!("n{}", id.0)
}

/// Every node reachable from `roots` through subschemas and references, sorted.
pub(crate) fn reachable(set: &SchemaSet, roots: &[NodeId]) -> Vec<NodeId> {
    let mut seen: BTreeSet<NodeId> = BTreeSet::new();
    let mut stack: Vec<NodeId> = roots.to_vec();
    while let Some(id) = stack.pop() {
        if !seen.insert(id) {
            continue;
        }
        if let Some(k) = set.node(id).keywords() {
            stack.extend(children(k));
        }
    }
    seen.into_iter().collect()
}

fn children(k: &Keywords) -> Vec<NodeId> {
    let mut out = Vec::new();
    if let Some(r) = &k.ref_ {
        out.extend(r.target);
    }
    out.extend(k.prefix_items.iter().copied());
    out.extend(k.items);
    out.extend(k.contains);
    out.extend(k.properties.iter().map(|(_, n)| *n));
    out.extend(k.additional_properties);
    out.extend(k.pattern_properties.iter().map(|(_, n)| *n));
    out.extend(k.property_names);
    out.extend(k.dependent_schemas.iter().map(|(_, n)| *n));
    out.extend(k.all_of.iter().copied());
    out.extend(k.any_of.iter().copied());
    out.extend(k.one_of.iter().copied());
    out.extend(k.not);
    out.extend(k.if_);
    out.extend(k.then);
    out.extend(k.else_);
    out
}

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

pub(crate) fn lit(s: &str) -> Literal {
    Literal::string(s)
}

/// Escapes schema text for use inside a `format!` string.
pub(crate) fn esc(s: &str) -> String {
    s.replace('{', "{{").replace('}', "}}")
}

/// `valid = false;` and stop unless collecting all errors (the runtime's `failed!`).
pub(crate) fn child_failed(rt: &TokenStream) -> TokenStream {
    quote!(#rt::failed!(valid, cx);)
}

/// [`guard`], or nothing when `body` is empty (clippy's `needless_if`).
pub(crate) fn when(cond: &TokenStream, body: TokenStream) -> TokenStream {
    if body.is_empty() {
        return quote!();
    }
    guard(cond, body)
}

/// `if cond { body }`, merged into one `if cond && inner { … }` when `body` is a lone `if`
/// without `else` (clippy's `collapsible_if`).
pub(crate) fn guard(cond: &TokenStream, body: TokenStream) -> TokenStream {
    if let Ok(syn::Stmt::Expr(syn::Expr::If(inner), None)) = syn::parse2::<syn::Stmt>(body.clone())
    {
        if inner.else_branch.is_none() {
            let c = &inner.cond;
            let then = &inner.then_branch;
            return if matches!(**c, syn::Expr::Binary(_)) {
                quote!(if #cond && (#c) #then)
            } else {
                quote!(if #cond && #c #then)
            };
        }
    }
    quote!(if #cond { #body })
}

/// The schema location of a keyword, as `#/pointer/keyword` (prefixed with the file for
/// nodes in other documents than `root_doc`).
pub(crate) fn schema_pointer(
    set: &SchemaSet,
    root_doc: crate::load::DocId,
    id: NodeId,
    keyword: &str,
) -> String {
    let node = set.node(id);
    let ptr = if keyword.is_empty() {
        node.loc.pointer.clone()
    } else {
        crate::load::pointer::join(&node.loc.pointer, keyword)
    };
    if node.loc.doc == root_doc {
        format!("#{ptr}")
    } else {
        format!("{}#{ptr}", set.document(node.loc.doc).display)
    }
}

impl<'a> Validators<'a> {
    pub(crate) fn new(set: &'a SchemaSet, rt: TokenStream, root_doc: crate::load::DocId) -> Self {
        Validators {
            set,
            rt,
            root_doc,
            regexes: BTreeMap::new(),
            statics: Vec::new(),
            callees: BTreeSet::new(),
        }
    }

    /// A call site of a node's validator (recorded, so only called functions are emitted).
    pub(crate) fn call(&mut self, id: NodeId) -> proc_macro2::Ident {
        self.callees.insert(id);
        fn_name(id)
    }

    /// The schema location of a keyword, as `#/pointer/keyword` (prefixed with the file
    /// for nodes in other documents).
    pub(crate) fn sp(&self, id: NodeId, keyword: &str) -> Literal {
        lit(&self.sp_str(id, keyword))
    }

    fn sp_str(&self, id: NodeId, keyword: &str) -> String {
        schema_pointer(self.set, self.root_doc, id, keyword)
    }

    pub(crate) fn fail(&self, id: NodeId, keyword: &str, message: TokenStream) -> TokenStream {
        let kw = lit(keyword);
        let sp = self.sp(id, keyword);
        let rt = &self.rt;
        quote!(#rt::fail!(valid, cx, #kw, #sp, || #message);)
    }

    pub(crate) fn regex(
        &mut self,
        id: NodeId,
        keyword: &str,
        pattern: &str,
    ) -> Result<proc_macro2::Ident> {
        if let Some(i) = self.regexes.get(pattern) {
            return Ok(format_ident!("RE_{}", i));
        }
        if regress::Regex::with_flags(pattern, "u").is_err()
            && regress::Regex::new(pattern).is_err()
        {
            return Err(self
                .set
                .error_at_node(
                    id,
                    &format!("/{keyword}"),
                    format!("{pattern:?} is not a valid ECMA-262 regular expression"),
                )
                .with_keyword(keyword));
        }
        let i = self.regexes.len();
        self.regexes.insert(pattern.to_owned(), i);
        let name = format_ident!("RE_{}", i);
        let rt = &self.rt;
        let p = lit(pattern);
        self.statics.push(quote! {
            pub(super) static #name: ::std::sync::LazyLock<Option<#rt::regex::Regex>> =
                ::std::sync::LazyLock::new(|| #rt::regex::compile(#p));
        });
        Ok(name)
    }

    /// An expression testing whether `v` equals a literal JSON value.
    fn literal_eq(&mut self, v: &TokenStream, l: &Value) -> TokenStream {
        let rt = &self.rt;
        match l {
            Value::Null => quote!(#v.is_null()),
            Value::Bool(b) => quote!(#v.as_bool() == Some(#b)),
            Value::String(s) => {
                let s = lit(s);
                quote!(#v.as_str() == Some(#s))
            }
            Value::Number(n) => {
                let b = bound(n);
                quote!(matches!(#v, ::serde_json::Value::Number(n)
                    if #rt::num::compare(n, #rt::num::#b) == ::core::cmp::Ordering::Equal))
            }
            Value::Array(_) | Value::Object(_) => {
                let i = self.statics.len();
                let name = format_ident!("LIT_{}", i);
                let value = value_tokens(l);
                self.statics.push(quote! {
                    static #name: ::std::sync::LazyLock<::serde_json::Value> =
                        ::std::sync::LazyLock::new(|| #value);
                });
                quote!(#rt::json::json_eq(#v, &#name))
            }
        }
    }

    /// The validator functions for every node reachable from `roots`, and the statics
    /// (compiled regexes, composite literals) they use.
    /// Node functions referenced from outside (typed checks), to keep as roots.
    pub(crate) fn take_external_calls(&mut self) -> BTreeSet<NodeId> {
        std::mem::take(&mut self.callees)
    }

    pub(crate) fn emit(&mut self, roots: &[NodeId]) -> Result<TokenStream> {
        let mut bodies: BTreeMap<NodeId, (TokenStream, BTreeSet<NodeId>)> = BTreeMap::new();
        for id in reachable(self.set, roots) {
            self.callees.clear();
            let f = self.node_fn(id)?;
            bodies.insert(id, (f, std::mem::take(&mut self.callees)));
        }
        // Only functions called from a root, transitively.
        let mut keep: BTreeSet<NodeId> = BTreeSet::new();
        let mut stack: Vec<NodeId> = roots.to_vec();
        while let Some(id) = stack.pop() {
            if keep.insert(id) {
                if let Some((_, callees)) = bodies.get(&id) {
                    stack.extend(callees.iter().copied());
                }
            }
        }
        let fns: Vec<&TokenStream> = bodies
            .iter()
            .filter(|(id, _)| keep.contains(id))
            .map(|(_, (f, _))| f)
            .collect();
        let statics = &self.statics;
        Ok(quote! {
            #(#statics)*
            #(#fns)*
        })
    }

    fn node_fn(&mut self, id: NodeId) -> Result<TokenStream> {
        let name = fn_name(id);
        let rt = self.rt.clone();
        let sig_ok = quote!(pub(super) fn #name<'v>(_: &'v ::serde_json::Value, _: &mut #rt::Cx<'v>) -> bool);
        let k = match &self.set.node(id).body {
            Body::Bool(true) => return Ok(quote!(#sig_ok { true })),
            Body::Bool(false) => {
                let sp = self.sp(id, "");
                return Ok(quote! {
                    pub(super) fn #name<'v>(_: &'v ::serde_json::Value, cx: &mut #rt::Cx<'v>) -> bool {
                        cx.fail("false", #sp, || String::from("no value is allowed here (the schema is `false`)"));
                        false
                    }
                });
            }
            Body::Object(k) => k.clone(),
        };
        let checks = self.checks(id, &k)?;
        if checks.is_empty() {
            return Ok(quote!(#sig_ok { true }));
        }
        Ok(quote! {
            pub(super) fn #name<'v>(v: &'v ::serde_json::Value, cx: &mut #rt::Cx<'v>) -> bool {
                let mut valid = true;
                #(#checks)*
                valid
            }
        })
    }

    fn checks(&mut self, id: NodeId, k: &Keywords) -> Result<Vec<TokenStream>> {
        let rt = self.rt.clone();
        let mut out = Vec::new();
        let v = quote!(v);

        if let Some(r) = &k.ref_ {
            if let Some(t) = r.target {
                let f = self.call(t);
                let sp = self.sp(id, "$ref");
                let failed = child_failed(&self.rt);
                out.push(quote! {
                    if !cx.enter(#sp) {
                        return false;
                    }
                    let ok = #f(v, cx);
                    cx.leave();
                    if !ok {
                        #failed
                    }
                });
            }
        }

        if let Some(types) = &k.types {
            let tests: Vec<TokenStream> = types
                .iter()
                .map(|t| match t {
                    JsonType::Null => quote!(v.is_null()),
                    JsonType::Boolean => quote!(v.is_boolean()),
                    JsonType::Object => quote!(v.is_object()),
                    JsonType::Array => quote!(v.is_array()),
                    JsonType::Number => quote!(v.is_number()),
                    JsonType::String => quote!(v.is_string()),
                    JsonType::Integer => {
                        quote!(
                            matches!(v, ::serde_json::Value::Number(n) if #rt::num::is_integer(n))
                        )
                    }
                })
                .collect();
            let names: Vec<String> = types.iter().map(|t| format!("\"{}\"", t.name())).collect();
            let expected = if names.len() == 1 {
                format!("of type {}", names[0])
            } else {
                format!("of any of the types {}", names.join(", "))
            };
            let msg = lit(&format!("{{}} is not {}", esc(&expected)));
            let fail = self.fail(id, "type", quote!(format!(#msg, #rt::validate::show(v))));
            out.push(quote! {
                let type_ok = #(#tests)||*;
                if !type_ok {
                    #fail
                }
            });
        }

        if let Some(values) = &k.enum_ {
            // String members are one flat `matches!` (a long `||` chain nests one level per
            // operand, which overflows the formatter's stack on enums of ~1,000 values).
            let strings: Vec<proc_macro2::Literal> =
                values.iter().filter_map(|l| l.as_str().map(lit)).collect();
            let mut tests: Vec<TokenStream> = Vec::new();
            if strings.len() > 1 {
                tests.push(quote!(matches!(#v.as_str(), Some(#(#strings)|*))));
            }
            tests.extend(
                values
                    .iter()
                    .filter(|l| strings.len() <= 1 || !l.is_string())
                    .map(|l| self.literal_eq(&v, l)),
            );
            let shown = serde_json::to_string(values).unwrap_or_default();
            let msg = lit(&format!("{{}} is not one of {}", esc(&short(&shown))));
            let fail = self.fail(id, "enum", quote!(format!(#msg, #rt::validate::show(v))));
            let cond = if tests.is_empty() {
                quote!(false)
            } else {
                quote!(#(#tests)||*)
            };
            out.push(quote! {
                let in_enum: bool = #cond;
                if !in_enum {
                    #fail
                }
            });
        }

        if let Some(c) = &k.const_ {
            let test = self.literal_eq(&v, c);
            let shown = serde_json::to_string(c).unwrap_or_default();
            let msg = lit(&format!("{{}} is not the constant {}", esc(&short(&shown))));
            let fail = self.fail(id, "const", quote!(format!(#msg, #rt::validate::show(v))));
            out.push(quote! {
                let is_const = #test;
                if !is_const {
                    #fail
                }
            });
        }

        let numeric = self.numeric(id, k);
        if !numeric.is_empty() {
            out.push(quote! {
                if let ::serde_json::Value::Number(n) = v {
                    #(#numeric)*
                }
            });
        }
        let string = self.string(id, k)?;
        if !string.is_empty() {
            out.push(quote! {
                if let ::serde_json::Value::String(s) = v {
                    #(#string)*
                }
            });
        }
        let array = self.array(id, k);
        if !array.is_empty() {
            out.push(quote! {
                if let ::serde_json::Value::Array(a) = v {
                    #(#array)*
                }
            });
        }
        let object = self.object(id, k)?;
        if !object.is_empty() {
            out.push(quote! {
                if let ::serde_json::Value::Object(m) = v {
                    #(#object)*
                }
            });
        }
        out.extend(self.applicators(id, k));
        Ok(out)
    }

    fn numeric(&mut self, id: NodeId, k: &Keywords) -> Vec<TokenStream> {
        let rt = self.rt.clone();
        let mut out = Vec::new();
        let checks: [(&str, &Option<Number>, TokenStream, &str); 4] = [
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
        for (kw, value, test, words) in checks {
            if let Some(b) = value {
                let bt = bound(b);
                let msg = lit(&format!("{{}} {words} {b}"));
                let fail = self.fail(id, kw, quote!(format!(#msg, n)));
                out.push(quote! {
                    if #rt::num::compare(n, #rt::num::#bt) #test {
                        #fail
                    }
                });
            }
        }
        if let Some(m) = &k.multiple_of {
            let bt = bound(m);
            let msg = lit(&format!("{{}} is not a multiple of {m}"));
            let fail = self.fail(id, "multipleOf", quote!(format!(#msg, n)));
            out.push(quote! {
                if !#rt::num::multiple_of(n, #rt::num::#bt) {
                    #fail
                }
            });
        }
        out
    }

    fn string(&mut self, id: NodeId, k: &Keywords) -> Result<Vec<TokenStream>> {
        let rt = self.rt.clone();
        let mut out = Vec::new();
        if k.min_length.is_some_and(|m| m > 0) || k.max_length.is_some() {
            out.push(quote!(let len = s.chars().count();));
        }
        if let Some(min) = k.min_length.filter(|m| *m > 0) {
            let msg = lit(&format!(
                "{{}} is shorter than {min} character{}",
                if min == 1 { "" } else { "s" }
            ));
            let fail = self.fail(
                id,
                "minLength",
                quote!(format!(#msg, #rt::validate::show(v))),
            );
            out.push(quote! {
                if (len as u64) < #min {
                    #fail
                }
            });
        }
        if let Some(max) = k.max_length {
            let msg = lit(&format!(
                "{{}} is longer than {max} character{}",
                if max == 1 { "" } else { "s" }
            ));
            let fail = self.fail(
                id,
                "maxLength",
                quote!(format!(#msg, #rt::validate::show(v))),
            );
            out.push(quote! {
                if (len as u64) > #max {
                    #fail
                }
            });
        }
        if let Some(p) = &k.pattern {
            let re = self.regex(id, "pattern", p)?;
            let msg = lit(&format!(
                "{{}} does not match the pattern {}",
                esc(&serde_json::to_string(p).unwrap_or_default())
            ));
            let fail = self.fail(id, "pattern", quote!(format!(#msg, #rt::validate::show(v))));
            out.push(quote! {
                if !#rt::regex::is_match(&#re, s) {
                    #fail
                }
            });
        }
        if let Some(f) = &k.format {
            let fl = lit(f);
            let msg = lit(&format!("{{}} is not a valid {}", esc(f)));
            let fail = self.fail(id, "format", quote!(format!(#msg, #rt::validate::show(v))));
            out.push(quote! {
                if cx.formats() && #rt::format::check(#fl, s) == Some(false) {
                    #fail
                }
            });
        }
        Ok(out)
    }

    fn array(&mut self, id: NodeId, k: &Keywords) -> Vec<TokenStream> {
        let rt = self.rt.clone();
        let mut out = Vec::new();
        if let Some(min) = k.min_items.filter(|m| *m > 0) {
            let msg = lit(&format!(
                "the array has {{}} items, fewer than minItems {min}"
            ));
            let fail = self.fail(id, "minItems", quote!(format!(#msg, a.len())));
            out.push(quote! {
                if (a.len() as u64) < #min {
                    #fail
                }
            });
        }
        if let Some(max) = k.max_items {
            let msg = lit(&format!(
                "the array has {{}} items, more than maxItems {max}"
            ));
            let fail = self.fail(id, "maxItems", quote!(format!(#msg, a.len())));
            out.push(quote! {
                if (a.len() as u64) > #max {
                    #fail
                }
            });
        }
        if k.unique_items {
            let fail = self.fail(
                id,
                "uniqueItems",
                quote!(format!("items {} and {} of the array are equal", i, j)),
            );
            out.push(quote! {
                if let Some((i, j)) = #rt::validate::duplicate(a) {
                    #fail
                }
            });
        }
        let failed = child_failed(&self.rt);
        for (i, p) in k.prefix_items.iter().enumerate() {
            let f = self.call(*p);
            let get = if i == 0 {
                quote!(a.first())
            } else {
                quote!(a.get(#i))
            };
            out.push(quote! {
                if let Some(item) = #get {
                    if !cx.at_index(#i, |cx| #f(item, cx)) {
                        #failed
                    }
                }
            });
        }
        if let Some(items) = k.items {
            let f = self.call(items);
            let skip = k.prefix_items.len();
            let iter = if skip == 0 {
                quote!(a.iter().enumerate())
            } else {
                quote!(a.iter().enumerate().skip(#skip))
            };
            out.push(quote! {
                for (i, item) in #iter {
                    if !cx.at_index(i, |cx| #f(item, cx)) {
                        #failed
                    }
                }
            });
        }
        if let Some(c) = k
            .contains
            .filter(|_| k.min_contains != Some(0) || k.max_contains.is_some())
        {
            let f = self.call(c);
            let min = k.min_contains.unwrap_or(1);
            let mut checks = Vec::new();
            if min > 0 {
                let msg = if min == 1 {
                    lit("no item of the array matches the `contains` schema")
                } else {
                    lit(&format!("{{}} items of the array match the `contains` schema, fewer than minContains {min}"))
                };
                let kw = if k.min_contains.is_some() {
                    "minContains"
                } else {
                    "contains"
                };
                let fail = if min == 1 {
                    self.fail(id, kw, quote!(String::from(#msg)))
                } else {
                    self.fail(id, kw, quote!(format!(#msg, count)))
                };
                checks.push(quote! {
                    if (count as u64) < #min {
                        #fail
                    }
                });
            }
            if let Some(max) = k.max_contains {
                let msg = lit(&format!("{{}} items of the array match the `contains` schema, more than maxContains {max}"));
                let fail = self.fail(id, "maxContains", quote!(format!(#msg, count)));
                checks.push(quote! {
                    if (count as u64) > #max {
                        #fail
                    }
                });
            }
            if !checks.is_empty() {
                out.push(quote! {
                    let count = a.iter().filter(|item| cx.speculate(|cx| #f(item, cx))).count();
                    #(#checks)*
                });
            }
        }
        out
    }

    fn object(&mut self, id: NodeId, k: &Keywords) -> Result<Vec<TokenStream>> {
        let rt = self.rt.clone();
        let mut out = Vec::new();
        for name in &k.required {
            let n = lit(name);
            let msg = lit(&format!(
                "missing required property {}",
                serde_json::to_string(name).unwrap_or_default()
            ));
            let fail = self.fail(id, "required", quote!(String::from(#msg)));
            out.push(quote! {
                if !m.contains_key(#n) {
                    #fail
                }
            });
        }
        if let Some(min) = k.min_properties.filter(|m| *m > 0) {
            let msg = lit(&format!(
                "the object has {{}} properties, fewer than minProperties {min}"
            ));
            let fail = self.fail(id, "minProperties", quote!(format!(#msg, m.len())));
            out.push(quote! {
                if (m.len() as u64) < #min {
                    #fail
                }
            });
        }
        if let Some(max) = k.max_properties {
            let msg = lit(&format!(
                "the object has {{}} properties, more than maxProperties {max}"
            ));
            let fail = self.fail(id, "maxProperties", quote!(format!(#msg, m.len())));
            out.push(quote! {
                if (m.len() as u64) > #max {
                    #fail
                }
            });
        }
        for (name, deps) in &k.dependent_required {
            let n = lit(name);
            let mut inner = Vec::new();
            for d in deps {
                let dl = lit(d);
                let msg = lit(&format!(
                    "property {} requires property {}",
                    serde_json::to_string(name).unwrap_or_default(),
                    serde_json::to_string(d).unwrap_or_default()
                ));
                let kw = if self.set.node(id).draft <= crate::load::Draft::Draft7 {
                    "dependencies"
                } else {
                    "dependentRequired"
                };
                let fail = self.fail(id, kw, quote!(String::from(#msg)));
                inner.push(quote! {
                    if has_dependency_key && !m.contains_key(#dl) {
                        #fail
                    }
                });
            }
            if !inner.is_empty() {
                out.push(quote! {
                    let has_dependency_key = m.contains_key(#n);
                    #(#inner)*
                });
            }
        }
        let failed = child_failed(&self.rt);
        for (name, p) in &k.properties {
            if matches!(self.set.node(*p).body, Body::Bool(true)) {
                continue;
            }
            let n = lit(name);
            let f = self.call(*p);
            out.push(quote! {
                if !cx.property(m, #n, #f) {
                    #failed
                }
            });
        }
        // One pass over the entries for patternProperties and additionalProperties.
        let mut per_entry = Vec::new();
        let has_additional = k
            .additional_properties
            .is_some_and(|a| !matches!(self.set.node(a).body, Body::Bool(true)));
        let track_matches = has_additional && !k.pattern_properties.is_empty();
        let mut uses_entry_value = false;
        if track_matches {
            per_entry.push(quote!(let mut matched = false;));
        }
        for (pattern, p) in &k.pattern_properties {
            let trivial = matches!(self.set.node(*p).body, Body::Bool(true));
            if trivial && !track_matches {
                continue;
            }
            let re = self.regex(id, "patternProperties", pattern)?;
            let mark = if track_matches {
                quote!(matched = true;)
            } else {
                quote!()
            };
            let call = if trivial {
                quote!()
            } else {
                uses_entry_value = true;
                let f = self.call(*p);
                quote! {
                    if !cx.entry(key, value, #f) {
                        #failed
                    }
                }
            };
            per_entry.push(when(
                &quote!(#rt::regex::is_match(&#re, key)),
                quote!(#mark #call),
            ));
        }
        if let Some(a) = k.additional_properties.filter(|_| has_additional) {
            let declared: Vec<Literal> = k.properties.iter().map(|(n, _)| lit(n)).collect();
            let is_declared = if declared.is_empty() {
                quote!(false)
            } else {
                quote!(matches!(key.as_str(), #(#declared)|*))
            };
            let body = if matches!(self.set.node(a).body, Body::Bool(false)) {
                let fail = self.fail(
                    id,
                    "additionalProperties",
                    quote!(format!("property {} is not allowed", #rt::validate::show_str(key))),
                );
                quote! { #fail }
            } else {
                uses_entry_value = true;
                let f = self.call(a);
                quote! {
                    if !cx.entry(key, value, #f) {
                        #failed
                    }
                }
            };
            let unmatched = match (track_matches, declared.is_empty()) {
                (true, true) => Some(quote!(!matched)),
                (true, false) => Some(quote!(!matched && !#is_declared)),
                (false, true) => None,
                (false, false) => Some(quote!(!#is_declared)),
            };
            per_entry.push(match unmatched {
                Some(cond) => guard(&cond, body),
                None => body,
            });
        }
        per_entry.retain(|t| !t.is_empty());
        if !per_entry.is_empty() {
            let uses_value = uses_entry_value;
            let binding = if uses_value {
                quote!((key, value))
            } else {
                quote!((key, _))
            };
            out.push(quote! {
                for #binding in m {
                    #(#per_entry)*
                }
            });
        }
        if let Some(pn) = k.property_names {
            if !matches!(self.set.node(pn).body, Body::Bool(true)) {
                let f = self.call(pn);
                out.push(quote! {
                    for key in m.keys() {
                        let name = ::serde_json::Value::String(key.clone());
                        let mut sub = cx.sub();
                        let ok = #f(&name, &mut sub);
                        cx.absorb(sub);
                        if !ok {
                            #failed
                        }
                    }
                });
            }
        }
        for (name, d) in &k.dependent_schemas {
            let n = lit(name);
            let f = self.call(*d);
            out.push(quote! {
                if m.contains_key(#n) && !#f(v, cx) {
                    #failed
                }
            });
        }
        Ok(out)
    }

    fn applicators(&mut self, id: NodeId, k: &Keywords) -> Vec<TokenStream> {
        let rt = self.rt.clone();
        let mut out = Vec::new();
        let failed = child_failed(&self.rt);
        for s in &k.all_of {
            let f = self.call(*s);
            out.push(quote! {
                if !#f(v, cx) {
                    #failed
                }
            });
        }
        if !k.any_of.is_empty() {
            let tries: Vec<TokenStream> = k
                .any_of
                .iter()
                .map(|s| {
                    let f = self.call(*s);
                    quote!(cx.speculate(|cx| #f(v, cx)))
                })
                .collect();
            let fail = self.fail(
                id,
                "anyOf",
                quote!(
                    format!("{} matches none of the `anyOf` alternatives", #rt::validate::show(v))
                ),
            );
            out.push(quote! {
                let any_of: bool = #(#tries)||*;
                if !any_of {
                    #fail
                }
            });
        }
        if !k.one_of.is_empty() {
            let tries: Vec<TokenStream> = k
                .one_of
                .iter()
                .map(|s| {
                    let f = self.call(*s);
                    quote!(cx.speculate(|cx| #f(v, cx)))
                })
                .collect();
            let fail = self.fail(
                id,
                "oneOf",
                quote!(if matches == 0 {
                    format!("{} matches none of the `oneOf` alternatives", #rt::validate::show(v))
                } else {
                    format!("{} matches {} of the `oneOf` alternatives; exactly one must match", #rt::validate::show(v), matches)
                }),
            );
            out.push(quote! {
                let matches = [#(#tries),*].iter().filter(|m| **m).count();
                if matches != 1 {
                    #fail
                }
            });
        }
        if let Some(n) = k.not {
            let f = self.call(n);
            let fail = self.fail(
                id,
                "not",
                quote!(format!("{} must not match the `not` schema", #rt::validate::show(v))),
            );
            out.push(quote! {
                if cx.speculate(|cx| #f(v, cx)) {
                    #fail
                }
            });
        }
        if let Some(i) = k.if_.filter(|_| k.then.is_some() || k.else_.is_some()) {
            let fi = self.call(i);
            let then = k.then.map(|t| self.call(t));
            let else_ = k.else_.map(|e| self.call(e));
            match (then, else_) {
                (Some(t), None) => out.push(quote! {
                    if cx.speculate(|cx| #fi(v, cx)) && !#t(v, cx) {
                        #failed
                    }
                }),
                (None, Some(e)) => out.push(quote! {
                    if !cx.speculate(|cx| #fi(v, cx)) && !#e(v, cx) {
                        #failed
                    }
                }),
                (Some(t), Some(e)) => out.push(quote! {
                    let branch_ok = if cx.speculate(|cx| #fi(v, cx)) {
                        #t(v, cx)
                    } else {
                        #e(v, cx)
                    };
                    if !branch_ok {
                        #failed
                    }
                }),
                (None, None) => {}
            }
        }
        out
    }
}

pub(crate) fn short(s: &str) -> String {
    if s.chars().count() <= 80 {
        s.to_owned()
    } else {
        let cut: String = s.chars().take(77).collect();
        format!("{cut}...")
    }
}
