//! The typed backend: validating a generated value without turning it into JSON.
//!
//! `from_json_str` parses into the generated type, then runs these checks on the typed
//! value. They render the same [plan](crate::ir::plan) as the `Value` validators, against
//! native types (a `u64` against `minimum`, a `String` against `pattern`, a struct's
//! fields against their property schemas), and skip what the Rust type already
//! guarantees ([`Check::implied_by`], a field's presence). What has no typed form (a
//! generic `T`, a `oneOf` whose alternatives overlap, keywords like `uniqueItems` on typed
//! arrays, a tuple struct) is checked by the `Value` validator of the same node on that part only.
//!
//! A check renders to `Option<TokenStream>`: `None` when it can never fail.

pub(crate) mod payload;
mod record;
mod settled;
mod tokens;
mod union;
mod value;

use super::rust_ty::ModuleCx;
use super::validate::Validators;
use crate::error::Result;
use crate::ir::plan::{Applies, Check, NodePlan, Test};
use crate::ir::shape::follow_refs;
use crate::ir::{Module, Ty, TypeDef, TypeId, TypeKind};
use crate::load::{JsonType, NodeId, SchemaSet};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;
use tokens::{count_ident, method, point_free, Flat};
use value::Collection;

/// How deep typed checks may nest inside one value before falling back (schemas that
/// apply a struct's node to itself through many applicators).
const MAX_INLINE: usize = 24;

pub(crate) struct TypedChecks<'a, 'v> {
    set: &'a SchemaSet,
    module: &'a Module,
    tcx: ModuleCx<'a>,
    v: &'v mut Validators<'a>,
    rt: TokenStream,
    /// The runtime's `__private` as the checks name it: `__p`, which a method that names
    /// it more than once imports (`use …::__private as __p;`, see [`with_private`]).
    p: TokenStream,
    /// (struct, node) methods requested, and those already generated.
    wanted: Vec<(TypeId, NodeId)>,
    done: BTreeSet<(TypeId, NodeId)>,
    methods: BTreeMap<TypeId, Vec<TokenStream>>,
    /// The (type, node) methods known to pass every value ([`trivial_methods`]): calls to
    /// them are left out, and so is a `oneOf` or `anyOf` they settle.
    trivial: BTreeSet<(TypeId, NodeId)>,
    /// The (type, node) methods generated here whose body is `true`.
    found_trivial: BTreeSet<(TypeId, NodeId)>,
    /// The method being generated, and, for each method, those whose generation asked
    /// whether it passes every value: the search (`settled::trivial_methods`) generates
    /// again only those when it learns that it does.
    current: Option<(TypeId, NodeId)>,
    asked_by: BTreeMap<(TypeId, NodeId), BTreeSet<(TypeId, NodeId)>>,
    /// The (type, node) methods with nothing left to check after a parse with the
    /// in-flight session on (`settled::trivial_methods` in its `parsed` mode).
    checked_in_flight: BTreeSet<(TypeId, NodeId)>,
    /// Whether the checks are asked what is left to check after a parse with the in-flight
    /// session on (what the session's reads checked is not: `record::checked_as_read`).
    /// Only [`trivial_methods`] asks so; the checks generated never skip anything.
    parsed: bool,
}

fn method_name(node: NodeId) -> proc_macro2::Ident {
    format_ident!("check_n{}", node.0)
}

/// The value a check is rendered against: a `&'v` reference.
#[derive(Clone)]
pub(super) enum Operand {
    /// Already bound to `x` (a match arm's binding).
    X,
    /// An expression.
    Expr(TokenStream),
}

impl quote::ToTokens for Operand {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        match self {
            Operand::X => tokens.extend(quote!(x)),
            Operand::Expr(e) => e.to_tokens(tokens),
        }
    }
}

/// The kind of instance a check applies to is never the kind of the typed value: the
/// check passes vacuously.
fn vacuous(test: &Test, kind: Applies) -> bool {
    let applies = test.applies();
    applies != Applies::Any && applies != kind
}

/// What a typed check is rendered against: the category of the value's Rust type.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    /// A `String`, `bool` or number.
    Scalar,
    /// A `Vec`.
    Vec,
    /// A map with string keys.
    Map,
    /// A generated struct; `own` when the node is the struct's own schema, whose entry-wise
    /// keywords its extra properties answer.
    Struct { own: bool },
}

/// Whether a check has a typed form on a value of the `target` category; a node with a
/// check that has none falls back to its `Value` validator, so a check of a new kind is
/// enforced before it has a typed form here (the last arm), and gets one for speed.
/// Checks of a kind the value never has pass vacuously and are not asked about.
fn typed_form(test: &Test, target: Target) -> bool {
    let of_struct = matches!(target, Target::Struct { .. });
    match test {
        Test::Type(types, _) => match target {
            // A collection that `type` excludes is rejected by the `Value` validator.
            Target::Vec => types.contains(&JsonType::Array),
            Target::Map => types.contains(&JsonType::Object),
            Target::Scalar | Target::Struct { .. } => true,
        },
        Test::Count(..) => true,
        Test::Enum(..) | Test::Const(..) => target == Target::Scalar,
        Test::Bound(..) | Test::MultipleOf(..) | Test::Pattern(..) | Test::Format(..) => {
            target == Target::Scalar
        }
        Test::Items(0, _) => target == Target::Vec,
        Test::Items(..) | Test::PrefixItem(..) | Test::UniqueItems(_) | Test::Contains { .. } => {
            false
        }
        Test::Required(..) => target == Target::Map || of_struct,
        Test::Entries(_) => matches!(target, Target::Map | Target::Struct { own: true }),
        Test::PropertyNames(_) => target == Target::Map,
        Test::DependentRequired(..) | Test::Property(..) | Test::DependentSchema(..) => of_struct,
        // Applicators: on a struct, its methods for their nodes (the disjunctive ones
        // speculatively).
        Test::Ref(_) | Test::AllOf(_) => of_struct,
        Test::AnyOf(..) | Test::OneOf { .. } | Test::Not(..) | Test::IfThenElse { .. } => of_struct,
        // `unevaluated*` and `$dynamicRef` depend on the whole evaluation (the annotations
        // of sibling keywords, the dynamic scope), which only the `Value` validator
        // follows; a check of a kind added later has no typed form until it is given one.
        _ => false,
    }
}

/// Whether a value of `ty` is reached through a `Box` (which a closure's call derefs and a
/// function passed point-free does not).
pub(super) fn boxed(module: &Module, ty: &Ty) -> bool {
    match ty {
        Ty::Boxed(_) => true,
        Ty::Named(id) => match &module.get(*id).kind {
            TypeKind::Alias(inner) => boxed(module, inner),
            _ => false,
        },
        _ => false,
    }
}

impl<'a, 'v> TypedChecks<'a, 'v> {
    /// A statement running the nested check `ok` (which records its own errors) and, when
    /// it fails, marking the value invalid and stopping unless every error is collected:
    /// `ensure!(valid, cx, ok)`, or `if !ok { failed!(valid, cx); }` when `ok` holds a
    /// block (which a macro's arguments would not lay out).
    pub(super) fn ensure(&self, ok: TokenStream) -> TokenStream {
        let p = &self.p;
        match crate::emit::failure::macro_args(ok.clone()) {
            Some(ok) => quote!(#p::ensure!(valid, cx, #ok);),
            None => quote!(if !#ok { #p::failed!(valid, cx); }),
        }
    }
}

impl<'a, 'v> TypedChecks<'a, 'v> {
    pub(crate) fn new(module: &'a Module, rt: TokenStream, v: &'v mut Validators<'a>) -> Self {
        TypedChecks {
            set: v.plan().set(),
            module,
            tcx: ModuleCx {
                module,
                rt: rt.clone(),
            },
            v,
            rt,
            p: quote!(__p),
            wanted: Vec::new(),
            done: BTreeSet::new(),
            methods: BTreeMap::new(),
            trivial: BTreeSet::new(),
            found_trivial: BTreeSet::new(),
            current: None,
            asked_by: BTreeMap::new(),
            checked_in_flight: BTreeSet::new(),
            parsed: false,
        }
    }

    fn plan(&self, node: NodeId) -> Rc<NodePlan> {
        self.v.plan().node(node)
    }

    /// The check of a `None` (the JSON `null`) against node `node`: its `Value` validator
    /// on `null`, unless the plan says the node surely accepts `null` (`None` then).
    fn null_check(&mut self, node: NodeId) -> Option<TokenStream> {
        if self.v.plan().on_null(node) == Some(true) {
            return None;
        }
        let p = &self.p;
        let f = self.v.call(node);
        Some(quote!(validators::#f(&#p::NULL, cx)))
    }

    /// `Value`-validator fallback for `expr` (a reference to a serializable value).
    fn fallback(&mut self, node: NodeId, expr: &impl quote::ToTokens) -> TokenStream {
        let p = &self.p;
        let f = self.v.call(node);
        quote!(#p::check::fallback(#expr, cx, validators::#f))
    }

    /// A boolean expression checking `expr` (a `&'v` reference to a value of `ty`)
    /// against the schema at `node`, recording errors in `cx`; `None` when every value of
    /// `ty` passes.
    fn check(
        &mut self,
        ty: &Ty,
        node: NodeId,
        expr: Operand,
        depth: usize,
    ) -> Result<Option<TokenStream>> {
        let flat = self.check_flat(ty, node, expr.clone(), depth)?;
        Ok(flat.and_then(|f| f.into_expr(&expr)))
    }

    /// [`Self::check`] for a statement position: a scalar's or a collection's checks as
    /// the statements of their block (to run with `x` bound to `expr`'s value), any other
    /// as the boolean expression on `expr`.
    fn check_flat(
        &mut self,
        ty: &Ty,
        node: NodeId,
        expr: Operand,
        depth: usize,
    ) -> Result<Option<Flat>> {
        let node = follow_refs(self.set, node)?;
        let plan = self.plan(node);
        let checks = match &*plan {
            NodePlan::Any => return Ok(None),
            NodePlan::Nothing(_) => return Ok(Some(Flat::Expr(self.fallback(node, &expr)))),
            NodePlan::Checks(c) => c.as_slice(),
        };
        if depth > MAX_INLINE {
            return Ok(Some(Flat::Expr(self.fallback(node, &expr))));
        }
        let expr_only = match ty {
            // `&Box<T>` coerces to `&T` at the call.
            Ty::Boxed(inner) => return self.check_flat(inner, node, expr, depth),
            Ty::String | Ty::Bool | Ty::Int(_) | Ty::F64 => {
                return self.scalar(ty, node, checks, expr)
            }
            Ty::Vec(item) => {
                return self.collection(Collection::Vec(item), node, checks, expr, depth)
            }
            Ty::Map(value) => {
                return self.collection(Collection::Map(value), node, checks, expr, depth)
            }
            Ty::Named(id) => match &self.module.get(*id).kind {
                TypeKind::Alias(inner) => {
                    let inner = inner.clone();
                    return self.check_flat(&inner, node, expr, depth + 1);
                }
                _ => self.check_expr(ty, node, checks, expr, depth)?,
            },
            _ => self.check_expr(ty, node, checks, expr, depth)?,
        };
        Ok(expr_only.map(Flat::Expr))
    }

    /// [`Self::check`] of the types whose check is an expression only.
    fn check_expr(
        &mut self,
        ty: &Ty,
        node: NodeId,
        checks: &[Check],
        expr: Operand,
        depth: usize,
    ) -> Result<Option<TokenStream>> {
        Ok(match ty {
            Ty::Any => {
                let f = self.v.call(node);
                Some(quote!(validators::#f(#expr, cx)))
            }
            Ty::Option(inner) => {
                let some = self.check(inner, node, Operand::X, depth)?;
                let null = self.null_check(node);
                match (some, null) {
                    (None, None) => None,
                    // Not a `match` whose `None` arm is `true`: inside an outer `match` on
                    // an `Option` (a nullable optional property) clippy asks to collapse
                    // the two. `Option::as_ref(…)`, not `….as_ref()`: the operand may be a
                    // borrow (`&self.field`), which a method call would bind inside.
                    (Some(c), None) => Some(quote!(
                        ::core::option::Option::as_ref(#expr).is_none_or(|x| #c)
                    )),
                    (some, Some(null)) => {
                        let arm = match some {
                            Some(c) => quote!(Some(x) => #c),
                            None => quote!(Some(_) => true),
                        };
                        Some(quote!(match #expr {
                            #arm,
                            None => #null,
                        }))
                    }
                }
            }
            Ty::Boxed(_)
            | Ty::String
            | Ty::Bool
            | Ty::Int(_)
            | Ty::F64
            | Ty::Vec(_)
            | Ty::Map(_) => self.check(ty, node, expr, depth)?,
            Ty::Named(id) => self.named(*id, node, expr, depth)?,
            Ty::Generic(_) => {
                let p = &self.p;
                let f = self.v.call(node);
                match payload::verdicts(self.v.plan(), self.set, node, 0).filter(|s| s.pass != 0) {
                    Some(verdicts) => {
                        let pass = verdicts.pass;
                        let keys = verdicts.keys.iter();
                        Some(quote!(#p::check::generic_kinds(
                            #expr, cx, validators::#f, #pass, &[#(#keys),*]
                        )))
                    }
                    None => Some(quote!(#p::check::generic(#expr, cx, validators::#f))),
                }
            }
            // `Map<String, Value>` and `()` hold exactly one JSON type: a schema that says
            // no more than that type is satisfied by the Rust type alone.
            Ty::Object if type_only(checks, JsonType::Object) => None,
            Ty::Unit if type_only(checks, JsonType::Null) => None,
            Ty::Object | Ty::Unit => Some(self.fallback(node, &expr)),
            // A type the user chose: checked through its JSON form (its serde output).
            Ty::Mapped(_) => Some(self.fallback(node, &expr)),
        })
    }

    fn named(
        &mut self,
        id: TypeId,
        node: NodeId,
        expr: Operand,
        depth: usize,
    ) -> Result<Option<TokenStream>> {
        let t = self.module.get(id);
        let own = follow_refs(self.set, t.node)? == node;
        // `Name::check_nN`, or `<Name<T>>::check_nN` for a generic type.
        let ty = self.tcx.ty(&Ty::Named(id));
        let ty = if t.generics.is_empty() {
            ty
        } else {
            quote!(<#ty>)
        };
        let m = method_name(node);
        let sp = super::tokens::lit(&self.v.plan().at(node, ""));
        if !matches!(t.kind, TypeKind::Alias(_)) && self.known_trivial((id, node)) {
            return Ok(None);
        }
        Ok(Some(match &t.kind {
            TypeKind::Alias(inner) => {
                let inner = inner.clone();
                return self.check(&inner, node, expr, depth + 1);
            }
            // The type's own schema: may recurse with the instance, so it is a `$ref`-like
            // level for the depth guard.
            TypeKind::Struct(_) | TypeKind::Newtype(_) if own => {
                self.want(id, node);
                quote!(cx.nested(#sp, |cx| #ty::#m(#expr, cx)))
            }
            TypeKind::Struct(_) => {
                self.want(id, node);
                quote!(#ty::#m(#expr, cx))
            }
            TypeKind::Enum(_) if own => {
                self.want(id, node);
                quote!(#ty::#m(#expr, cx))
            }
            // A tuple's array keywords have no typed form.
            TypeKind::Newtype(_) | TypeKind::Enum(_) | TypeKind::Tuple(_) => {
                self.fallback(node, &expr)
            }
        }))
    }

    fn want(&mut self, id: TypeId, node: NodeId) {
        if !self.done.contains(&(id, node)) && !self.wanted.contains(&(id, node)) {
            self.wanted.push((id, node));
        }
    }

    /// Generates every requested (type, node) method; returns the `impl` blocks.
    pub(crate) fn finish(mut self) -> Result<Vec<TokenStream>> {
        self.generate()?;
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

    /// Generates every requested (type, node) method, noting those that pass every value.
    fn generate(&mut self) -> Result<()> {
        while let Some((id, node)) = self.wanted.pop() {
            if !self.done.insert((id, node)) {
                continue;
            }
            self.current = Some((id, node));
            let body = match &self.module.get(id).kind {
                TypeKind::Alias(_) => continue,
                // The dynamic scope is the path from the document's root: the whole value is
                // checked by its node's `Value` validator.
                _ if self.v.plan().is_dynamic() => Some(self.fallback(node, &quote!(self))),
                TypeKind::Struct(s) => {
                    let s = s.clone();
                    self.struct_method(id, &s, node)?
                }
                TypeKind::Enum(_) => self.enum_method(id, node)?,
                TypeKind::Newtype(ty) => {
                    let ty = ty.clone();
                    self.newtype_method(&ty, node)?
                }
                // The array keywords (`prefixItems`, `items`, `minItems`) have no typed form
                // on a tuple: its JSON form is checked by the node's `Value` validator.
                TypeKind::Tuple(_) => Some(self.fallback(node, &quote!(self))),
            };
            self.current = None;
            if body.is_none() {
                self.found_trivial.insert((id, node));
            }
            let m = method(&self.rt, method_name(node), body);
            self.methods.entry(id).or_default().push(m);
        }
        Ok(())
    }

    /// The entry point of a type's typed check (its own schema node). With a dynamic scope
    /// the check starts at the type's own node, not at the end of its `$ref` chain: the
    /// resources entered on the way are part of the scope (a root that is `{"$ref": …}`
    /// beside `$dynamicAnchor`s of its own).
    ///
    /// With it, whether the check runs after a parse with the in-flight session on: not
    /// for a struct (whose parse has the session on) whose check does something and whose
    /// reads check all of it ([`Self::settle`]).
    pub(crate) fn entry(&mut self, t: &TypeDef, id: TypeId) -> Result<(proc_macro2::Ident, bool)> {
        let node = if self.v.plan().is_dynamic() {
            t.node
        } else {
            follow_refs(self.set, t.node)?
        };
        self.want(id, node);
        let after = !matches!(t.kind, TypeKind::Struct(_))
            || self.trivial.contains(&(id, node))
            || !self.checked_in_flight.contains(&(id, node));
        Ok((method_name(node), after))
    }

    /// The body of a newtype's check: its value's, at the same schema node; `None` when
    /// it passes every value.
    fn newtype_method(&mut self, ty: &Ty, node: NodeId) -> Result<Option<TokenStream>> {
        Ok(self
            .check(ty, node, Operand::Expr(quote!(this)), 0)?
            .map(|c| quote!(let this = &self.0; #c)))
    }
}

/// Whether the checks assert nothing beyond "the instance is a `t`" (and may not even say
/// that).
fn type_only(checks: &[Check], t: JsonType) -> bool {
    checks
        .iter()
        .all(|c| matches!(&c.test, Test::Type(types, _) if types.contains(&t)))
}
