//! Typed checks of values: scalars (`String`, `bool`, numbers), `Vec`s and maps, and the
//! entry-wise object keywords over a map (shared with a struct's extra properties).

use super::{
    boxed, count_ident, point_free, typed_form, vacuous, Flat, Operand, Target, TypedChecks,
};
use crate::emit::failure::{bound, count_fails, fail_if_in, fail_in, message, ordering_fails};
use crate::emit::tokens::lit;
use crate::error::Result;
use crate::ir::plan::{Additional, Applies, Arg, Check, Entries, Message, Test};
use crate::ir::Ty;
use crate::load::{JsonType, NodeId};
use proc_macro2::TokenStream;
use quote::quote;
use serde_json::Value;

/// A typed collection: a `Vec` of its item type, or a map (string keys) of its value type.
#[derive(Clone, Copy)]
pub(super) enum Collection<'t> {
    /// `Vec<item>`.
    Vec(&'t Ty),
    /// A map to `value`.
    Map(&'t Ty),
}

/// Where the values of an object's entries come from, in an entries loop.
#[derive(Clone, Copy)]
pub(super) enum EntryTy<'t> {
    /// Values of this Rust type.
    Typed(&'t Ty),
    /// `serde_json::Value`s, checked by the node's validator.
    Json,
}

impl TypedChecks<'_, '_> {
    /// `m` filled for the typed value `x` of `ty` (shown as JSON would show it), a count
    /// and the key being checked.
    pub(super) fn typed_text(&self, m: &Message, ty: &Ty, count: TokenStream) -> TokenStream {
        let p = &self.p;
        message(m, |a| match a {
            Arg::Instance => match ty {
                Ty::String => quote!(#p::show_str(x)),
                // A float shows as Rust writes it (`-1`, `1.5`): an integral JSON number
                // shows the same; one written `100.0` loses its `.0`, which `f64` does
                // not keep.
                Ty::F64 | Ty::Bool | Ty::Int(_) => quote!(x),
                _ => quote!(#p::show_ser(x)),
            },
            Arg::Count => count.clone(),
            Arg::Key => quote!(#p::show_str(key)),
            Arg::First | Arg::Second => quote!(x),
        })
    }

    /// A scalar's checks; the `Value` validator for a node that also applies subschemas.
    pub(super) fn scalar(
        &mut self,
        ty: &Ty,
        node: NodeId,
        checks: &[Check],
        expr: Operand,
    ) -> Result<Option<Flat>> {
        let kind = match ty {
            Ty::String => Applies::String,
            Ty::Bool => Applies::Any,
            _ => Applies::Number,
        };
        let relevant: Vec<&Check> = checks
            .iter()
            .filter(|c| !vacuous(&c.test, kind) && !c.implied_by(ty))
            .collect();
        if !relevant.iter().all(|c| typed_form(&c.test, Target::Scalar)) {
            return Ok(Some(Flat::Expr(self.fallback(node, &expr))));
        }
        let p = self.p.clone();
        let mut out = Vec::new();
        if relevant.iter().any(|c| matches!(c.test, Test::Count(..))) {
            out.push(quote!(let len = x.chars().count() as u64;));
        }
        for c in relevant {
            let site = &c.site;
            out.push(match &c.test {
                Test::Type(types, m) => {
                    let text = self.typed_text(m, ty, quote!());
                    if *ty == Ty::F64 && types.contains(&JsonType::Integer) {
                        // A number typed `f64` may still hold an integral value.
                        let integral = quote!(!(x.is_finite() && x.fract() == 0.0));
                        fail_if_in(&p, integral, site, text)
                    } else {
                        // Never of the type (a field typed by its other keywords): bound to
                        // a local, so the check reads like the others and no assignment
                        // before it is "never read".
                        let fail = fail_if_in(&p, quote!(!of_type), site, text);
                        quote! {
                            let of_type = false;
                            #fail
                        }
                    }
                }
                Test::Enum(values, m) => self.literals(ty, values, c, m),
                Test::Const(value, m) => self.literals(ty, std::slice::from_ref(value), c, m),
                Test::Bound(cmp, b, m) => {
                    let cmp_fn = number_fn(ty, "compare");
                    let bt = bound(b);
                    let test = ordering_fails(*cmp);
                    let text = self.typed_text(m, ty, quote!());
                    let x = wide(ty);
                    let fails = quote!(#p::num::#cmp_fn(#x, #p::num::#bt) #test);
                    fail_if_in(&p, fails, site, text)
                }
                Test::MultipleOf(b, m) => {
                    let bt = bound(b);
                    let text = self.typed_text(m, ty, quote!());
                    let test = match ty {
                        Ty::F64 => quote!(#p::num::multiple_of_f64(*x, #p::num::#bt)),
                        _ => quote!(#p::num::multiple_of_i128(i128::from(*x), #p::num::#bt)),
                    };
                    fail_if_in(&p, quote!(!#test), site, text)
                }
                Test::Count(_, cmp, limit, m) => {
                    let test = count_fails(*cmp, quote!(len), *limit);
                    fail_if_in(&p, test, site, self.typed_text(m, ty, quote!()))
                }
                Test::Pattern(pat, m) => {
                    let re = self.v.regex(node, site.keyword, pat)?;
                    let text = self.typed_text(m, ty, quote!());
                    let misses = quote!(!#p::regex::is_match(&validators::#re, x));
                    fail_if_in(&p, misses, site, text)
                }
                Test::Format(f, m) => {
                    let text = self.typed_text(m, ty, quote!());
                    let name = lit(f);
                    let invalid =
                        quote!(cx.formats() && #p::format::check(#name, x) == Some(false));
                    fail_if_in(&p, invalid, site, text)
                }
                _ => continue,
            });
        }
        Ok((!out.is_empty()).then_some(Flat::Stmts(out)))
    }

    /// `enum` or `const` on a scalar: the typed literals of the value's type.
    fn literals(&self, ty: &Ty, values: &[Value], c: &Check, m: &Message) -> TokenStream {
        let p = &self.p;
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
            (Ty::Bool, Value::Bool(b)) => Some(if *b { quote!(*x) } else { quote!(!*x) }),
            (Ty::Int(_) | Ty::F64, Value::Number(n)) => {
                let b = bound(n);
                let cmp_fn = number_fn(ty, "compare");
                let x = wide(ty);
                Some(quote!(#p::num::#cmp_fn(#x, #p::num::#b) == ::core::cmp::Ordering::Equal))
            }
            _ => None,
        }));
        let fail = fail_if_in(
            p,
            quote!(!in_set),
            &c.site,
            self.typed_text(m, ty, quote!()),
        );
        let cond = if tests.is_empty() {
            quote!(false)
        } else {
            quote!(#(#tests)||*)
        };
        quote! {
            let in_set = #cond;
            #fail
        }
    }

    /// A typed collection's checks, typed; the `Value` validator otherwise. A `Vec`'s: item
    /// counts and `items`. A map's: `required`, property counts, the entry-wise keywords
    /// and `propertyNames`.
    pub(super) fn collection(
        &mut self,
        of: Collection<'_>,
        node: NodeId,
        checks: &[Check],
        expr: Operand,
        depth: usize,
    ) -> Result<Option<Flat>> {
        let (applies, target) = match of {
            Collection::Vec(_) => (Applies::Array, Target::Vec),
            Collection::Map(_) => (Applies::Object, Target::Map),
        };
        let relevant: Vec<&Check> = checks
            .iter()
            .filter(|c| !vacuous(&c.test, applies))
            .collect();
        if !relevant.iter().all(|c| typed_form(&c.test, target)) {
            return Ok(Some(Flat::Expr(self.fallback(node, &expr))));
        }
        let p = self.p.clone();
        let mut out = Vec::new();
        for c in relevant {
            match (&c.test, of) {
                (Test::Count(_, cmp, limit, m), _) => {
                    let test = count_fails(*cmp, quote!((x.len() as u64)), *limit);
                    let text = self.typed_text(m, &Ty::Any, quote!(x.len()));
                    out.push(fail_if_in(&p, test, &c.site, text));
                }
                (Test::Items(_, items), Collection::Vec(item)) => {
                    let element = Operand::Expr(quote!(element));
                    match self.check_flat(item, *items, element, depth + 1)? {
                        None => {}
                        // Each item's statements one level down, with `x` the item.
                        Some(Flat::Stmts(stmts)) => out.push(quote! {
                            for (i, x) in x.iter().enumerate() {
                                let cx = &mut cx.index_scope(i);
                                #(#stmts)*
                            }
                        }),
                        Some(Flat::Expr(inner)) => match point_free(&p, &inner, "element") {
                            Some(f) if !boxed(self.module, item) => {
                                out.push(self.ensure(quote!(cx.items(x, #f))));
                            }
                            _ => {
                                let ensure = self.ensure(quote!(cx.at_index(i, |cx| #inner)));
                                out.push(quote! {
                                    for (i, element) in x.iter().enumerate() {
                                        #ensure
                                    }
                                });
                            }
                        },
                    }
                }
                (Test::Required(name, m), Collection::Map(_)) => {
                    let n = lit(name);
                    let text = self.typed_text(m, &Ty::Any, quote!());
                    out.push(fail_if_in(&p, quote!(!x.contains_key(#n)), &c.site, text));
                }
                (Test::Entries(e), Collection::Map(value)) => {
                    out.extend(self.entries(node, e, EntryTy::Typed(value), quote!(x), depth)?);
                }
                // Property names are checked where the object is.
                (Test::PropertyNames(pn), Collection::Map(_)) => {
                    let key = Operand::Expr(quote!(key));
                    match self.check_flat(&Ty::String, *pn, key, depth + 1)? {
                        None => {}
                        Some(Flat::Stmts(stmts)) => {
                            let stmts: TokenStream = stmts.into_iter().collect();
                            out.push(if count_ident(&stmts, "key") == 0 {
                                quote!(for x in x.keys() { #stmts })
                            } else {
                                quote!(for key in x.keys() { let x = key; #stmts })
                            });
                        }
                        Some(Flat::Expr(c)) => {
                            let ensure = self.ensure(c);
                            out.push(quote! {
                                for key in x.keys() {
                                    #ensure
                                }
                            });
                        }
                    }
                }
                _ => {}
            }
        }
        Ok((!out.is_empty()).then_some(Flat::Stmts(out)))
    }

    /// `patternProperties` and `additionalProperties` over the entries of `source` (a map
    /// expression), in one pass; `None` when no entry can fail.
    pub(super) fn entries(
        &mut self,
        node: NodeId,
        e: &Entries,
        values: EntryTy<'_>,
        source: TokenStream,
        depth: usize,
    ) -> Result<Option<TokenStream>> {
        let p = self.p.clone();
        let mut uses_entry = false;
        // The statement checking `entry` against node `n`, one level down at its key.
        type Checked = Option<(TokenStream, Option<TokenStream>)>;
        let mut value_check = |this: &mut Self, n: NodeId| -> Result<Checked> {
            let (c, ty) = match values {
                EntryTy::Typed(t) => (
                    this.check(t, n, Operand::Expr(quote!(entry)), depth + 1)?,
                    Some(t),
                ),
                EntryTy::Json => {
                    let f = this.v.call(n);
                    (Some(quote!(validators::#f(entry, cx))), None)
                }
            };
            uses_entry |= c.is_some();
            Ok(c.map(|c| match point_free(&this.p, &c, "entry") {
                Some(f) if !ty.is_some_and(|t| boxed(this.module, t)) => {
                    (this.ensure(quote!(cx.at(key, entry, #f))), Some(f))
                }
                _ => (this.ensure(quote!(cx.at_key(key, |cx| #c))), None),
            }))
        };
        // The additionalProperties step, if it can fail; only then do pattern matches
        // need tracking.
        let additional = match &e.additional {
            Some(Additional::Deny(f)) => {
                let text = self.typed_text(&f.message, &Ty::Any, quote!());
                Some(Step::Fail(&f.site, text))
            }
            Some(Additional::Schema(a)) => match value_check(self, *a)? {
                // Every entry against one schema, by a function of the value.
                Some((_, Some(f))) if e.patterns.is_empty() && e.declared.is_empty() => {
                    return Ok(Some(self.ensure(quote!(cx.entries(#source, #f)))));
                }
                step => step.map(|(check, _)| Step::Check(check)),
            },
            None => None,
        };
        let track = !e.patterns.is_empty() && additional.is_some();
        let mut out = Vec::new();
        if track {
            out.push(quote!(let mut matched = false;));
        }
        for pat in &e.patterns {
            let step = match pat.node {
                Some(n) => value_check(self, n)?.map(|(check, _)| check),
                None => None,
            };
            if step.is_none() && !track {
                continue;
            }
            let re = self.v.regex(node, "patternProperties", &pat.pattern)?;
            let mark = track.then(|| quote!(matched = true;));
            out.push(quote! {
                if #p::regex::is_match(&validators::#re, key) {
                    #mark
                    #step
                }
            });
        }
        if let Some(step) = additional {
            let mut conds = Vec::new();
            if track {
                conds.push(quote!(!matched));
            }
            if !e.declared.is_empty() {
                let declared = e.declared.iter().map(|n| lit(n));
                conds.push(quote!(!matches!(key.as_str(), #(#declared)|*)));
            }
            out.push(match step {
                Step::Fail(site, text) if conds.is_empty() => fail_in(&p, site, text),
                Step::Fail(site, text) => fail_if_in(&p, quote!(#(#conds)&&*), site, text),
                Step::Check(check) if conds.is_empty() => check,
                Step::Check(check) => quote!(if #(#conds)&&* { #check }),
            });
        }
        if out.is_empty() {
            return Ok(None);
        }
        let value = if uses_entry { quote!(entry) } else { quote!(_) };
        Ok(Some(quote! {
            for (key, #value) in #source {
                #(#out)*
            }
        }))
    }
}

/// What an entry that no pattern matched (or any entry, without patterns) is held to.
enum Step<'s> {
    /// `additionalProperties: false`: fails at its site with this message.
    Fail(&'s crate::ir::plan::Site, TokenStream),
    /// The statement checking the entry against the `additionalProperties` schema.
    Check(TokenStream),
}

/// `compare_u64`, `compare_i64` or `compare_f64` for a number type.
fn number_fn(ty: &Ty, prefix: &str) -> proc_macro2::Ident {
    let suffix = match ty {
        Ty::Int(i) => i.wide().name(),
        _ => "f64",
    };
    quote::format_ident!("{prefix}_{suffix}")
}

/// The typed number `x` as the runtime's number helpers take it: a narrow integer widened
/// to 64 bits (losslessly), others as they are.
fn wide(ty: &Ty) -> TokenStream {
    match ty {
        Ty::Int(i) if i.wide() != *i => {
            let w = quote::format_ident!("{}", i.wide().name());
            quote!(#w::from(*x))
        }
        _ => quote!(*x),
    }
}
