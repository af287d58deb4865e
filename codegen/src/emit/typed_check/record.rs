//! Typed checks of a generated struct against a schema node: its fields against their
//! property schemas, its extra properties against the entry-wise keywords, and the
//! node's applicators against the struct itself.

use super::value::EntryTy;
use super::{
    boxed, method_name, point_free, typed_form, vacuous, Flat, Operand, Target, TypedChecks,
};
use crate::emit::failure::{
    any_of, child_failed_in, count_fails, fail_if_in, fail_in, if_then_else, message, one_of,
};
use crate::emit::tokens::{ident, lit};
use crate::error::Result;
use crate::ir::plan::{Applies, Arg, Check, Entries, Message, NodePlan, Site, Test};
use crate::ir::shape::follow_refs;
use crate::ir::{Extra, Field, Presence, Struct, Ty, TypeId, TypeKind};
use crate::load::{JsonType, NodeId};
use proc_macro2::TokenStream;
use quote::quote;

/// Whether a property is present on a struct: always, never, or when a test holds (with
/// the test that it is absent, written as clippy wants it, not as a negation).
enum Present {
    Always,
    Never,
    When(TokenStream, TokenStream),
}

fn presence(s: &Struct, name: &str) -> Present {
    if let Some(f) = s.fields.iter().find(|f| f.json == name) {
        let fname = ident(&f.name);
        return match f.presence() {
            Presence::Required | Presence::RequiredNullable => Present::Always,
            Presence::Optional | Presence::OptionalNullable => {
                Present::When(quote!(self.#fname.is_some()), quote!(self.#fname.is_none()))
            }
        };
    }
    let n = lit(name);
    match s.extra {
        Extra::Deny => Present::Never,
        _ => Present::When(
            quote!(self.extra.contains_key(#n)),
            quote!(!self.extra.contains_key(#n)),
        ),
    }
}

impl TypedChecks<'_, '_> {
    /// `&self.field`; for an implied field, which the struct does not store, its one value:
    /// the unit variant of its enum (a promoted `'static` reference).
    fn field_ref(&self, f: &Field) -> TokenStream {
        if f.implied.is_some() {
            if let Ty::Named(id) = &f.ty {
                if let TypeKind::Enum(e) = &self.module.get(*id).kind {
                    if let [v] = e.variants.as_slice() {
                        let ty = self.tcx.ty(&f.ty);
                        let v = ident(&v.name);
                        return quote!(&#ty::#v);
                    }
                }
            }
        }
        let fname = ident(&f.name);
        quote!(&self.#fname)
    }

    /// The body of a method of the struct's (whose own node `own` may differ from `node`,
    /// for the nodes of its applicators) returning whether `self` is valid against `node`;
    /// `None` when it passes every value.
    pub(super) fn struct_method(
        &mut self,
        id: TypeId,
        s: &Struct,
        node: NodeId,
    ) -> Result<Option<TokenStream>> {
        let own = follow_refs(self.set, self.module.get(id).node)? == node;
        let plan = self.plan(node);
        let checks = match &*plan {
            NodePlan::Any => return Ok(None),
            NodePlan::Nothing(_) => return Ok(Some(self.fallback(node, &quote!(self)))),
            NodePlan::Checks(c) => c.as_slice(),
        };
        // A `type` that excludes objects: a struct never matches it.
        for c in checks {
            if let Test::Type(types, m) = &c.test {
                if !types.contains(&JsonType::Object) {
                    let kw = lit(c.site.keyword);
                    let sp = lit(&c.site.at);
                    let text = self.struct_text(m, quote!());
                    return Ok(Some(quote! {
                        cx.fail(#kw, #sp, || #text);
                        false
                    }));
                }
            }
        }
        // What typed evaluation does not cover falls back for the whole node; checks of
        // arrays, numbers and strings never apply to an object.
        let typed = checks.iter().all(|c| {
            vacuous(&c.test, Applies::Object) || typed_form(&c.test, Target::Struct { own })
        });
        if !typed {
            return Ok(Some(self.fallback(node, &quote!(self))));
        }
        let out = self.struct_checks(id, s, node, checks)?;
        if out.is_empty() {
            return Ok(None);
        }
        Ok(Some(quote! {
            let mut valid = true;
            #(#out)*
            valid
        }))
    }

    /// The checks of `node` rendered on the struct `s` (of type `id`), in plan order;
    /// every check is typed ([`typed_form`]) or vacuous on an object.
    fn struct_checks(
        &mut self,
        id: TypeId,
        s: &Struct,
        node: NodeId,
        checks: &[Check],
    ) -> Result<Vec<TokenStream>> {
        let p = self.p.clone();
        let failed = child_failed_in(&p);
        let mut out = Vec::new();
        for c in checks {
            let site = &c.site;
            match &c.test {
                _ if vacuous(&c.test, Applies::Object) => {}
                Test::Type(..) => {}
                Test::Ref(target) if self.is_trivial(id, *target)? => {}
                Test::Ref(target) => {
                    let target = follow_refs(self.set, *target)?;
                    self.want(id, target);
                    let tm = method_name(target);
                    let sp = lit(&site.at);
                    out.push(quote! {
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
                Test::Required(name, m) => out.extend(self.required(s, name, m, site)),
                Test::Count(_, cmp, limit, m) => {
                    let count = property_count(s);
                    let test = count_fails(*cmp, quote!((n as u64)), *limit);
                    let fail = fail_if_in(&p, test, site, self.struct_text(m, quote!(n)));
                    out.push(quote!({ let n = #count; #fail }));
                }
                Test::DependentRequired(name, dep, m) => {
                    out.extend(self.dependent_required(s, name, dep, m, site));
                }
                Test::Property(name, p) if self.checked_as_read(id, s, name, node, *p)? => {}
                Test::Property(name, p) => out.extend(self.property(s, name, *p)?),
                Test::Entries(e) => out.extend(self.struct_entries(s, node, e)?),
                Test::DependentSchema(name, d) => {
                    out.extend(self.dependent_schema(id, s, name, *d)?);
                }
                Test::AllOf(a) if self.is_trivial(id, *a)? => {}
                Test::AllOf(a) => {
                    let am = self.branch(id, *a)?;
                    out.push(self.ensure(quote!(self.#am(cx))));
                }
                Test::AnyOf(branches, m) => {
                    if self.any_trivial(id, branches)? {
                        continue;
                    }
                    let tries = self.tries(id, &self.may_match(id, branches)?)?;
                    let fail = fail_in(&p, site, self.struct_text(m, quote!()));
                    out.push(any_of(&tries, fail));
                }
                Test::OneOf {
                    branches,
                    none,
                    many,
                } => {
                    // Alternatives that fail every struct count for nothing: when the one
                    // left passes every value, exactly one always matches.
                    let left = self.may_match(id, branches)?;
                    if let [only] = left.as_slice() {
                        if self.is_trivial(id, *only)? {
                            continue;
                        }
                    }
                    let tries = self.tries(id, &left)?;
                    let none = self.struct_text(none, quote!());
                    let many = self.struct_text(many, quote!(matches));
                    let fail = fail_in(&p, site, quote!(if matches == 0 { #none } else { #many }));
                    out.push(one_of(&tries, fail));
                }
                Test::Not(n, _) if self.never_matches(id, *n)? => {}
                Test::Not(n, m) => {
                    let nm = self.branch(id, *n)?;
                    let fail = fail_in(&p, site, self.struct_text(m, quote!()));
                    out.push(quote!(if cx.speculate(|cx| self.#nm(cx)) { #fail }));
                }
                Test::IfThenElse { cond, then, else_ } => {
                    let im = self.branch(id, *cond)?;
                    let then = then.map(|t| self.branch(id, t)).transpose()?;
                    let else_ = else_.map(|e| self.branch(id, e)).transpose()?;
                    out.extend(if_then_else(
                        quote!(cx.speculate(|cx| self.#im(cx))),
                        then.map(|t| quote!(self.#t(cx))),
                        else_.map(|e| quote!(self.#e(cx))),
                        &failed,
                    ));
                }
                // Not typed: the node fell back above; or of another kind than objects.
                _ => {}
            }
        }
        Ok(out)
    }

    /// `required` on the struct: a test that the property `name` is present, unless it
    /// always is.
    fn required(&self, s: &Struct, name: &str, m: &Message, site: &Site) -> Option<TokenStream> {
        let p = &self.p;
        let text = self.struct_text(m, quote!());
        match presence(s, name) {
            Present::Always => None,
            // Bound to a local, so that the check is not a constant condition.
            Present::Never => {
                let fail = fail_if_in(p, quote!(!present), site, text);
                Some(quote! {
                    let present = false;
                    #fail
                })
            }
            Present::When(_, absent) => Some(fail_if_in(p, absent, site, text)),
        }
    }

    /// One `dependentRequired` pair on the struct: a test that `dep` is present when
    /// `name` is, unless the struct's fields settle it.
    fn dependent_required(
        &self,
        s: &Struct,
        name: &str,
        dep: &str,
        m: &Message,
        site: &Site,
    ) -> Option<TokenStream> {
        let p = &self.p;
        let text = self.struct_text(m, quote!());
        match (presence(s, name), presence(s, dep)) {
            (Present::Never, _) | (_, Present::Always) => None,
            (Present::Always, Present::Never) => {
                let fail = fail_if_in(p, quote!(!satisfied), site, text);
                Some(quote! {
                    let satisfied = false;
                    #fail
                })
            }
            (Present::Always, Present::When(_, missing)) => {
                Some(fail_if_in(p, missing, site, text))
            }
            (Present::When(t, _), Present::Never) => Some(fail_if_in(p, t, site, text)),
            (Present::When(t, _), Present::When(_, missing)) => {
                Some(fail_if_in(p, quote!(#t && #missing), site, text))
            }
        }
    }

    /// The entry-wise keywords on the struct: the declared fields a pattern matches, then
    /// the extra properties, when the struct keeps any.
    fn struct_entries(
        &mut self,
        s: &Struct,
        node: NodeId,
        e: &Entries,
    ) -> Result<Vec<TokenStream>> {
        let mut out = self.declared_matching(s, e)?;
        if !matches!(s.extra, Extra::Deny) {
            let values = match &s.extra {
                Extra::Typed(t) => EntryTy::Typed(t),
                _ => EntryTy::Json,
            };
            let source = quote!(&self.extra);
            // Declared properties are fields, never extras.
            let undeclared = Entries {
                declared: Vec::new(),
                ..e.clone()
            };
            out.extend(self.entries(node, &undeclared, values, source, 0)?);
        }
        Ok(out)
    }

    /// One `dependentSchemas` entry on the struct: its subschema's method when the
    /// property `name` is present.
    fn dependent_schema(
        &mut self,
        id: TypeId,
        s: &Struct,
        name: &str,
        d: NodeId,
    ) -> Result<Option<TokenStream>> {
        let d = follow_refs(self.set, d)?;
        let dm = method_name(d);
        // A property the struct can never hold triggers nothing: no method is asked for,
        // so none is left unused.
        Ok(match presence(s, name) {
            Present::Never => None,
            Present::Always => {
                self.want(id, d);
                Some(self.ensure(quote!(self.#dm(cx))))
            }
            Present::When(t, _) => {
                self.want(id, d);
                let failed = child_failed_in(&self.p);
                Some(quote!(if #t && !self.#dm(cx) { #failed }))
            }
        })
    }

    /// `m` filled for the struct: shown through its JSON form.
    fn struct_text(&self, m: &Message, count: TokenStream) -> TokenStream {
        let p = &self.p;
        message(m, |a| match a {
            Arg::Instance => quote!(#p::show_ser(self)),
            Arg::Count => count.clone(),
            Arg::Key | Arg::First | Arg::Second => quote!(""),
        })
    }

    /// The struct's method for an applicator's subschema (through its `$ref`s).
    fn branch(&mut self, id: TypeId, node: NodeId) -> Result<proc_macro2::Ident> {
        let node = follow_refs(self.set, node)?;
        self.want(id, node);
        Ok(method_name(node))
    }

    /// `cx.speculate(|cx| self.check_nX(cx))` per branch.
    fn tries(&mut self, id: TypeId, branches: &[NodeId]) -> Result<Vec<TokenStream>> {
        branches
            .iter()
            .map(|b| {
                let bm = self.branch(id, *b)?;
                Ok(quote!(cx.speculate(|cx| self.#bm(cx))))
            })
            .collect()
    }

    /// One `properties` entry: the field's value against it, or the extra property's.
    fn property(&mut self, s: &Struct, name: &str, node: NodeId) -> Result<Option<TokenStream>> {
        let key = lit(name);
        let Some(f) = s.fields.iter().find(|f| f.json == name).cloned() else {
            return Ok(match &s.extra {
                Extra::Deny => None,
                Extra::Preserve => {
                    let pf = self.v.call(node);
                    let ensure = self.ensure(quote!(cx.at_key(k, |cx| validators::#pf(value, cx))));
                    Some(quote! {
                        if let Some((k, value)) = self.extra.get_key_value(#key) {
                            #ensure
                        }
                    })
                }
                Extra::Typed(ty) => {
                    let ty = ty.clone();
                    match self.check(&ty, node, Operand::Expr(quote!(value)), 0)? {
                        Some(c) => {
                            let ensure = self.ensure(quote!(cx.at_key(k, |cx| #c)));
                            Some(quote! {
                                if let Some((k, value)) = self.extra.get_key_value(#key) {
                                    #ensure
                                }
                            })
                        }
                        None => None,
                    }
                }
            });
        };
        let fname = ident(&f.name);
        // A nullable field whose `null` passes is checked as an optional one: its value,
        // when it has one.
        let null_passes = |this: &Self| this.v.plan().on_null(node) == Some(true);
        let (pattern, value) = match f.presence() {
            Presence::Required => {
                let Some(flat) = self.check_flat(&f.ty, node, Operand::X, 0)? else {
                    return Ok(None);
                };
                let field = self.field_ref(&f);
                return Ok(Some(match flat {
                    // Statements, run one level down for the rest of their block.
                    Flat::Stmts(stmts) => quote!({
                        let cx = &mut cx.key_scope(#key);
                        let x = #field;
                        #(#stmts)*
                    }),
                    Flat::Expr(c) => {
                        let check = self.callee(&c, &f.ty);
                        self.ensure(quote!(cx.at(#key, #field, #check)))
                    }
                }));
            }
            Presence::Optional => (quote!(Some(x)), quote!(self.#fname.as_ref())),
            Presence::RequiredNullable if null_passes(self) => {
                (quote!(Some(x)), quote!(self.#fname.as_ref()))
            }
            Presence::OptionalNullable if null_passes(self) => (
                quote!(Some(Some(x))),
                quote!(self.#fname.as_ref().and_then(Option::as_ref)),
            ),
            presence => return self.nullable_property(&f, presence, node, key),
        };
        Ok(self
            .check_flat(&f.ty, node, Operand::X, 0)?
            .map(|flat| match flat {
                Flat::Stmts(stmts) => quote! {
                    if let #pattern = &self.#fname {
                        let cx = &mut cx.key_scope(#key);
                        #(#stmts)*
                    }
                },
                Flat::Expr(c) => {
                    let check = self.callee(&c, &f.ty);
                    self.ensure(quote!(cx.at_opt(#key, #value, #check)))
                }
            }))
    }

    /// The function a property's check `c` (on `x`) is passed as: the function it calls,
    /// or a closure. `&Box<T>` is not the `&T` a function of the value takes: a closure's
    /// call derefs it.
    fn callee(&self, c: &TokenStream, ty: &Ty) -> TokenStream {
        match point_free(&self.p, c, "x") {
            Some(call) if !boxed(self.module, ty) => call,
            _ => quote!(|x, cx| #c),
        }
    }

    /// A nullable property whose `null` the schema does not surely accept: its value
    /// against the property's schema, and `null` against it too.
    fn nullable_property(
        &mut self,
        f: &Field,
        presence: Presence,
        node: NodeId,
        key: proc_macro2::Literal,
    ) -> Result<Option<TokenStream>> {
        let fname = ident(&f.name);
        let some = self.check(&f.ty, node, Operand::X, 0)?;
        let null = self.null_check(node).unwrap_or_else(|| quote!(true));
        let body = match (presence, some) {
            (Presence::RequiredNullable, None) => {
                quote!(match &self.#fname { Some(_) => true, None => #null })
            }
            (Presence::RequiredNullable, Some(c)) => {
                quote!(match &self.#fname { Some(x) => #c, None => #null })
            }
            (_, None) => {
                quote!(match &self.#fname { Some(Some(_)) | None => true, Some(None) => #null })
            }
            (_, Some(c)) => {
                quote!(match &self.#fname { Some(Some(x)) => #c, Some(None) => #null, None => true })
            }
        };
        Ok(Some(self.ensure(quote!(cx.at_key(#key, |cx| #body)))))
    }

    /// Declared fields whose names match a `patternProperties` pattern, against that
    /// pattern's schema.
    fn declared_matching(&mut self, s: &Struct, e: &Entries) -> Result<Vec<TokenStream>> {
        let mut out = Vec::new();
        for p in &e.patterns {
            let Some(node) = p.node else { continue };
            let Ok(re) = regress::Regex::with_flags(&p.pattern, "u")
                .or_else(|_| regress::Regex::new(&p.pattern))
            else {
                continue;
            };
            for f in s.fields.iter().filter(|f| re.find(&f.json).is_some()) {
                let fname = ident(&f.name);
                let key = lit(&f.json);
                let value = match f.presence() {
                    Presence::Required => {
                        let field = self.field_ref(f);
                        quote!(Some(#field))
                    }
                    Presence::Optional => quote!(self.#fname.as_ref()),
                    Presence::RequiredNullable | Presence::OptionalNullable => {
                        let fb = self.fallback(node, &quote!(&self.#fname));
                        out.push(self.ensure(fb));
                        continue;
                    }
                };
                if let Some(c) = self.check(&f.ty, node, Operand::X, 0)? {
                    let ensure = self.ensure(quote!(cx.at_key(#key, |cx| #c)));
                    out.push(quote! {
                        if let Some(x) = #value {
                            #ensure
                        }
                    });
                }
            }
        }
        Ok(out)
    }
}

/// The number of properties a struct holds.
fn property_count(s: &Struct) -> TokenStream {
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
}
