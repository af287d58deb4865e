//! In-flight schema errors in generated `Deserialize` impls (the decisions; the runtime
//! side is `envgen_runtime::__private::inflight`).
//!
//! A generated struct reads a property through `inflight::field` (or `value`, `nullable`)
//! when the errors its value has are known to be the schema's: the field comes from the
//! struct schema's own `properties` (not merged from an alternative), so its node's
//! validator is the property's whole schema. The runtime reads the value with its type's
//! own deserializer; when that fails, it judges the failure at the property
//! (`inflight::judge`): the value is checked by the property's validator (a spec's
//! `node`) once the error is taken. Each value's spec says what is known statically:
//!
//! * errors raised inside the value by nested generated types stand as they are (`direct`)
//!   only when nothing between them and the property is disjunctive (`oneOf`, `anyOf`,
//!   `not`, `if`) and no map holds them (a map does not add its keys to the error's
//!   location; an array's items are judged at the array); under a `oneOf`/`anyOf` whose
//!   failure they imply (`union.rs`), they stand for that failure;
//! * the JSON kinds the type holds, and a typed array's items' or map's values' spec, with
//!   which a value the schema accepts but the type refuses is located.
//!
//! A missing required property and a property `additionalProperties: false` rejects are
//! raised by the struct itself, when the struct schema's own `required` and
//! `additionalProperties` say so. Every other read is opaque: an error raised inside it
//! is dropped, and the caller validates the document the slow way. A tuple struct's read
//! is always opaque, and so are its reads of its items (`emit::de`): its errors are the
//! array keywords' (`minItems`, `prefixItems`, `items`), which the `Value` validator names.

use super::rust_ty::ModuleCx;
use super::tokens::fn_name;
use crate::ir::decoding::{kinds_of, Kind};
use crate::ir::plan::{Additional, Arg, Entries, Failure, Message, NodePlan, Plan, Site, Test};
use crate::ir::shape::follow_refs;
use crate::ir::{Field, Mapped, Ty, TypeKind};
use crate::load::{JsonType, NodeId, SchemaSet};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

/// A spec's fields (`envgen_runtime::__private::inflight::Spec`), one `static` per distinct value.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct SpecKey {
    /// The declared property a field's spec reads (`Spec::field`); empty for any other.
    key: String,
    node: NodeId,
    kinds: u8,
    direct: bool,
    /// The index of the items' spec.
    items: Option<usize>,
    /// The format mapping whose parse its validator adds.
    parsed: Option<Mapped>,
    /// For a union: the format mappings of its alternatives, whose parses its validator
    /// adds.
    alternatives: Vec<Mapped>,
    /// The union whose failure an error inside the value stands for.
    union: Option<UnionRule>,
    /// Whether the value's type is a buffered union of this node.
    whole: bool,
    /// Where a value the schema accepts but the type cannot hold is located.
    narrow: String,
    /// Whether the type is a whole-schema mapping, read by its own deserializer.
    mapped: bool,
}

mod union;

use union::UnionRule;

pub(crate) struct Inflight<'a> {
    set: &'a SchemaSet,
    plan: &'a Plan<'a>,
    used: RefCell<BTreeSet<NodeId>>,
    /// One `static` per distinct spec, by its fields, with its index.
    specs: RefCell<BTreeMap<SpecKey, usize>>,
}

/// How deep array items nest before their reads become opaque (far beyond real schemas;
/// a bound, so that a hostile schema's depth does not become as many specs).
const MAX_ITEMS_DEPTH: usize = 32;

impl<'a> Inflight<'a> {
    pub(crate) fn new(plan: &'a Plan<'a>) -> Self {
        Inflight {
            set: plan.set(),
            plan,
            used: RefCell::new(BTreeSet::new()),
            specs: RefCell::new(BTreeMap::new()),
        }
    }

    /// The schema nodes whose validators the generated deserializers call.
    pub(crate) fn used(&self) -> Vec<NodeId> {
        self.used.borrow().iter().copied().collect()
    }

    /// The plan of the node `id` leads to (through `$ref`s).
    fn plan_of(&self, id: NodeId) -> Rc<NodePlan> {
        match follow_refs(self.set, id) {
            Ok(end) => self.plan.node(end),
            Err(_) => Rc::new(NodePlan::Checks(Vec::new())),
        }
    }

    fn disjunctive(&self, id: NodeId) -> bool {
        self.plan_of(id)
            .checks()
            .iter()
            .any(|c| c.test.is_disjunctive())
    }

    /// The entry-wise object check of the node `id` leads to.
    fn entries(&self, id: NodeId) -> Option<Entries> {
        self.plan_of(id)
            .checks()
            .iter()
            .find_map(|c| match &c.test {
                Test::Entries(e) => Some(e.clone()),
                _ => None,
            })
    }

    /// Whether errors raised inside a value of `ty` (at `node`) are the schema's.
    fn direct(&self, cx: &ModuleCx<'_>, ty: &Ty, node: NodeId, depth: usize) -> bool {
        if depth > 8 {
            return false;
        }
        match ty {
            Ty::Boxed(t) => self.direct(cx, t, node, depth + 1),
            // Items report through their own spec (or are opaque).
            Ty::Vec(_) => true,
            Ty::Map(_) | Ty::Generic(_) | Ty::Option(_) => false,
            Ty::Named(id) => match &cx.module.get(*id).kind {
                TypeKind::Alias(t) | TypeKind::Newtype(t) => self.direct(cx, t, node, depth + 1),
                TypeKind::Struct(_) | TypeKind::Enum(_) => !self.disjunctive(node),
                // A tuple reads its items opaquely (`emit::de`): nothing is raised inside.
                TypeKind::Tuple(_) => false,
            },
            Ty::Any
            | Ty::Object
            | Ty::Unit
            | Ty::Bool
            | Ty::String
            | Ty::Int(_)
            | Ty::F64
            | Ty::Mapped(_) => true,
        }
    }

    /// Whether a value of `ty` is read in flight by the runtime (`inflight::field`): not
    /// an `Option` (a nullable property's `null` is the reader's, `OrNull`), not a generic
    /// parameter (a payload: `inflight::payload`), and not a plain `Value` (it never
    /// fails).
    fn capturable(cx: &ModuleCx<'_>, ty: &Ty, depth: usize) -> bool {
        if depth > 8 {
            return false;
        }
        match ty {
            Ty::Boxed(t) => Self::capturable(cx, t, depth + 1),
            Ty::Option(_) | Ty::Generic(_) | Ty::Any => false,
            // A whole-schema mapping is read by its own deserializer (`Spec::mapped`).
            Ty::Mapped(_) => true,
            Ty::Named(id) => match &cx.module.get(*id).kind {
                TypeKind::Alias(t) | TypeKind::Newtype(t) => Self::capturable(cx, t, depth + 1),
                // A tuple's read is opaque: its errors (too few items, an item of the wrong
                // type) are found by the `Value` validator of the document.
                TypeKind::Tuple(_) => false,
                _ => true,
            },
            _ => true,
        }
    }

    /// The number type a value of `ty` is, through boxes and aliases.
    fn number_ty<'t>(cx: &'t ModuleCx<'_>, ty: &'t Ty, depth: usize) -> Option<&'t Ty> {
        if depth > 8 {
            return None;
        }
        match ty {
            Ty::Boxed(t) => Self::number_ty(cx, t, depth + 1),
            Ty::Int(_) | Ty::F64 => Some(ty),
            Ty::Named(id) => match &cx.module.get(*id).kind {
                TypeKind::Alias(t) => Self::number_ty(cx, t, depth + 1),
                _ => None,
            },
            _ => None,
        }
    }

    /// The value type of a typed map, through boxes.
    fn values_of(ty: &Ty, depth: usize) -> Option<&Ty> {
        if depth > 8 {
            return None;
        }
        match ty {
            Ty::Boxed(t) => Self::values_of(t, depth + 1),
            Ty::Map(value) => Some(value),
            _ => None,
        }
    }

    fn items_of(ty: &Ty, depth: usize) -> Option<&Ty> {
        if depth > 8 {
            return None;
        }
        match ty {
            Ty::Boxed(t) => Self::items_of(t, depth + 1),
            Ty::Vec(item) => Some(item),
            _ => None,
        }
    }

    /// `how`, the reader of a value whose spec is `spec` (an index), wrapped as the
    /// runtime must read it: `inflight::Mapped` for a whole-schema mapped type,
    /// `inflight::MappedItems` for an array of them. The runtime compiles its reading of a
    /// mapped type from a `Value` only for the readers named so.
    fn how(&self, cx: &ModuleCx<'_>, spec: usize, how: TokenStream) -> TokenStream {
        let rt = &cx.rt;
        match self.mapped_reader(spec) {
            Some(wrapper) => quote!(#rt::__private::inflight::#wrapper(#how)),
            None => how,
        }
    }

    /// The runtime's wrapper of the reader of a value whose spec is `spec`, if it needs
    /// one ([`Self::how`]).
    fn mapped_reader(&self, spec: usize) -> Option<proc_macro2::Ident> {
        let specs = self.specs.borrow();
        let key = |i: usize| specs.iter().find(|(_, &j)| j == i).map(|(k, _)| k);
        let k = key(spec)?;
        if k.mapped {
            Some(format_ident!("Mapped"))
        } else if k.items.and_then(key).is_some_and(|items| items.mapped) {
            Some(format_ident!("MappedItems"))
        } else {
            None
        }
    }

    /// The `static` spec (its index) for a value of `ty` at `node`.
    fn spec(&self, cx: &ModuleCx<'_>, ty: &Ty, node: NodeId, depth: usize) -> usize {
        self.keyed_spec(cx, ty, node, depth, "")
    }

    /// [`Self::spec`] for the value of the declared property `key` (empty for any other
    /// value): the runtime's `inflight::field` takes the property from its spec.
    fn keyed_spec(
        &self,
        cx: &ModuleCx<'_>,
        ty: &Ty,
        node: NodeId,
        depth: usize,
        key: &str,
    ) -> usize {
        self.used.borrow_mut().insert(node);
        let mut set = BTreeSet::new();
        kinds_of(cx.module, ty, &mut set);
        let kinds: u8 = set
            .iter()
            .map(|k| match k {
                Kind::Null => 1u8,
                Kind::Bool => 2,
                Kind::Number => 4,
                Kind::String => 8,
                Kind::Array => 16,
                Kind::Object => 32,
            })
            .fold(0, |a, b| a | b);
        // Integer types take integral numbers only, and `u64` non-negative ones.
        let kinds = match Self::number_ty(cx, ty, 0) {
            Some(Ty::Int(i)) if !i.signed() => (kinds & !4) | 64 | 128,
            Some(Ty::Int(_)) => (kinds & !4) | 64,
            _ => kinds,
        };
        // A format-mapped value is checked before its type parses it (see `emit::mapped`):
        // no JSON kind counts as held.
        let parsed = super::mapped::parsed(cx, ty, 0).cloned();
        let kinds = if parsed.is_some() { 0 } else { kinds };
        // A union's format-mapped alternatives: the spec still holds their kinds, and its
        // validator adds their parses, which run once the union's type refused the value.
        let alternatives: Vec<Mapped> = super::mapped::alternatives(cx, ty, 0)
            .into_iter()
            .cloned()
            .collect();
        for p in alternatives.iter().filter_map(|m| m.parses.as_ref()) {
            self.used.borrow_mut().insert(p.node);
        }
        let direct = self.direct(cx, ty, node, 0);
        let (union, whole) = if direct {
            (None, false)
        } else {
            (self.union_rule(cx, ty, node), self.whole(cx, ty, node))
        };
        let items = self.items_spec(cx, ty, node, depth);
        let mapped = super::mapped::whole(cx, ty, 0);
        let key = SpecKey {
            key: key.to_owned(),
            node,
            kinds,
            direct,
            items,
            parsed,
            alternatives,
            union,
            whole,
            narrow: self.narrow_at(node, mapped),
            mapped,
        };
        let mut specs = self.specs.borrow_mut();
        let next = specs.len();
        *specs.entry(key).or_insert(next)
    }

    /// Where a value at `node` that the schema accepts but its Rust type cannot hold is
    /// located: the node a whole-schema mapping replaces (the mapping's node, through
    /// `$ref`s), else the `type` keyword that allows an integer (through `$ref`, `allOf`,
    /// `oneOf` and `anyOf`: an integer is what a Rust type narrows), else nowhere (empty:
    /// the runtime names the root).
    fn narrow_at(&self, node: NodeId, mapped: bool) -> String {
        if mapped {
            return self
                .plan
                .at(follow_refs(self.set, node).unwrap_or(node), "");
        }
        self.integer_node(node, 0)
            .map(|n| self.plan.at(n, "type"))
            .unwrap_or_default()
    }

    /// The first node from `id` whose `type` allows integers.
    fn integer_node(&self, id: NodeId, depth: usize) -> Option<NodeId> {
        if depth > 8 {
            return None;
        }
        let id = follow_refs(self.set, id).unwrap_or(id);
        let k = self.set.node(id).keywords()?;
        if k.types
            .as_ref()
            .is_some_and(|t| t.contains(&JsonType::Integer))
        {
            return Some(id);
        }
        let target = k.ref_.as_ref().and_then(|r| r.target);
        target
            .iter()
            .chain(&k.all_of)
            .chain(&k.one_of)
            .chain(&k.any_of)
            .find_map(|n| self.integer_node(*n, depth + 1))
    }

    /// `validators::n…` of the schema node `node` (a buffered union's own node, whose
    /// errors it raises when no alternative takes the value).
    pub(crate) fn node_fn(&self, node: NodeId) -> TokenStream {
        self.used.borrow_mut().insert(node);
        let f = fn_name(node);
        quote!(validators::#f)
    }

    /// `&validators::S{i}`.
    fn spec_ref(i: usize) -> TokenStream {
        let name = format_ident!("S{}", i);
        quote!(&validators::#name)
    }

    /// The spec `static`s, for the `validators` module (in a fixed order: by index).
    pub(crate) fn statics(&self, rt: &TokenStream) -> TokenStream {
        let specs = self.specs.borrow();
        let mut all: Vec<_> = specs.iter().map(|(k, i)| (*i, k.clone())).collect();
        all.sort();
        let items = all.into_iter().map(|(i, key)| {
            let SpecKey {
                key,
                node,
                kinds,
                direct,
                items,
                parsed,
                alternatives,
                union,
                whole,
                narrow,
                mapped,
            } = key;
            let name = format_ident!("S{}", i);
            let f = if parsed.is_some() || !alternatives.is_empty() {
                let w = super::mapped::wrapper_name(i);
                quote!(super::#w)
            } else {
                let f = fn_name(node);
                quote!(#f)
            };
            // `Spec::of` with the fields that differ from its defaults.
            let mut set: Vec<TokenStream> = Vec::new();
            if !narrow.is_empty() {
                set.push(quote!(narrow: #narrow));
            }
            if mapped {
                set.push(quote!(mapped: true));
            }
            if let Some(j) = items {
                let item = format_ident!("S{}", j);
                set.push(quote!(items: Some(&#item)));
            }
            if let Some((keyword, at, pieces)) = union {
                let site = crate::ir::plan::Site { keyword, at };
                let message = Message {
                    pieces,
                    args: vec![Arg::Instance],
                };
                let rule = super::failure::rule(rt, &site, &message);
                set.push(quote!(union: Some(#rule)));
            }
            if whole {
                set.push(quote!(whole: true));
            }
            // The kinds as a bare number (`8`, not `8u8`): the parameter's type is `u8`.
            let kinds = proc_macro2::Literal::u8_unsuffixed(kinds);
            let of = if key.is_empty() {
                quote!(Spec::of(#f, #kinds, #direct))
            } else {
                quote!(Spec::field(#key, #f, #kinds, #direct))
            };
            let value = if set.is_empty() {
                of
            } else {
                quote!(Spec { #(#set,)* ..#of })
            };
            quote!(pub(super) static #name: Spec = #value;)
        });
        let items: Vec<TokenStream> = items.collect();
        if items.is_empty() {
            return TokenStream::new();
        }
        quote! {
            use #rt::__private::inflight::Spec;
            #(#items)*
        }
    }

    fn items_spec(&self, cx: &ModuleCx<'_>, ty: &Ty, node: NodeId, depth: usize) -> Option<usize> {
        if depth >= MAX_ITEMS_DEPTH {
            return None;
        }
        if let Some(value) = Self::values_of(ty, 0) {
            // A typed map's values, to locate a narrowed one (`Spec::items`).
            let Entries {
                patterns,
                additional: Some(Additional::Schema(a)),
                ..
            } = self.entries(node)?
            else {
                return None;
            };
            if !patterns.is_empty() || !Self::capturable(cx, value, 0) {
                return None;
            }
            return Some(self.spec(cx, value, a, depth + 1));
        }
        let item = Self::items_of(ty, 0)?;
        let plan = self.plan_of(node);
        let checks = plan.checks();
        if checks
            .iter()
            .any(|c| matches!(c.test, Test::PrefixItem(..)))
        {
            return None;
        }
        let items = checks.iter().find_map(|c| match c.test {
            Test::Items(0, n) => Some(n),
            _ => None,
        })?;
        if !Self::capturable(cx, item, 0) {
            return None;
        }
        Some(self.spec(cx, item, items, depth + 1))
    }

    /// The validators (at module level) that the specs of format-mapped values name: the
    /// node's validator, then the mapped type's parse (see `emit::mapped`).
    pub(crate) fn wrappers(&self, rt: &TokenStream) -> TokenStream {
        let specs = self.specs.borrow();
        let mut all: Vec<(usize, &SpecKey)> = specs.iter().map(|(key, i)| (*i, key)).collect();
        all.sort_by_key(|(i, _)| *i);
        let format_sp = |m: &Mapped| {
            m.parses
                .as_ref()
                .map(|p| self.plan.at(p.node, "format"))
                .unwrap_or_default()
        };
        let items = all.into_iter().filter_map(|(i, key)| match &key.parsed {
            Some(m) => Some(super::mapped::wrapper(rt, i, key.node, m, &format_sp(m))),
            None if !key.alternatives.is_empty() => {
                let alternatives: Vec<(&Mapped, String)> =
                    key.alternatives.iter().map(|m| (m, format_sp(m))).collect();
                Some(super::mapped::union_wrapper(rt, i, key.node, &alternatives))
            }
            None => None,
        });
        quote!(#(#items)*)
    }

    /// The struct schema's own `properties` entry for `f`, if `f` comes from it.
    fn own_property(&self, struct_node: NodeId, f: &Field) -> bool {
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
        let key = super::tokens::lit(&f.json);
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
    fn merged_property(&self, struct_node: NodeId, f: &Field, depth: usize) -> bool {
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
    fn merged(
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
            || super::read::value_seed(cx, inner).is_some()
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
    fn payload(
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
        let seed = super::read::value_seed(cx, read_ty)?;
        let rt = &cx.rt;
        let node = self.node_fn(node);
        Some(quote!(#rt::__private::inflight::payload(&mut map, #seed, #key, #node)?))
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
        if let Some(seed) = super::read::value_seed(cx, read_ty).filter(|_| !may_nest(read_ty)) {
            // Untyped JSON: read as it is wherever it stands (`opaque` reads it so too).
            let key = super::tokens::lit(&f.json);
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
            let key = super::tokens::lit(&f.json);
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

    fn read(
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

    /// The `required` check of `name` at the node `struct_node` leads to, with its
    /// message.
    fn required_check(&self, struct_node: NodeId, name: &str) -> Option<(Site, Message)> {
        self.plan_of(struct_node)
            .checks()
            .iter()
            .find_map(|c| match &c.test {
                Test::Required(n, m) if n == name => Some((c.site.clone(), m.clone())),
                _ => None,
            })
    }

    /// The failure that closes the struct at `struct_node` to undeclared properties:
    /// `additionalProperties: false` (with no `patternProperties`), or
    /// `unevaluatedProperties: false` over `allOf`/`$ref` (the type holds every property a
    /// branch evaluates).
    fn deny(&self, struct_node: NodeId) -> Option<Failure> {
        match self.entries(struct_node) {
            Some(Entries {
                patterns,
                additional: Some(Additional::Deny(f)),
                ..
            }) if patterns.is_empty() => return Some(f),
            Some(_) => return None,
            None => {}
        }
        self.plan_of(struct_node)
            .checks()
            .iter()
            .find_map(|c| match &c.test {
                Test::UnevaluatedProperties(Additional::Deny(f)) => Some(f.clone()),
                _ => None,
            })
    }

    /// The schema location of the struct schema at `struct_node` that its reader names
    /// once, as `AT`, when its `required` or `additionalProperties` failures are worded as
    /// the runtime words them from the property's name (`map.required(f_name, "name",
    /// AT)`, `map.not_allowed(&key, AT)`): the location the keyword's follows.
    pub(crate) fn object_at(&self, struct_node: NodeId) -> Option<String> {
        let required = self
            .plan_of(struct_node)
            .checks()
            .iter()
            .find_map(|c| match &c.test {
                Test::Required(name, m) => standard_required(&c.site, name, m).map(str::to_owned),
                _ => None,
            });
        required.or_else(|| {
            let f = self.deny(struct_node)?;
            standard_denial(&f).map(str::to_owned)
        })
    }

    /// The error for a missing required property `name` of the struct at `struct_node`
    /// (whose reader names its schema location `at`, [`Self::object_at`]).
    pub(crate) fn missing(
        &self,
        cx: &ModuleCx<'_>,
        struct_node: NodeId,
        name: &str,
        at: Option<&str>,
    ) -> TokenStream {
        let rt = &cx.rt;
        let key = super::tokens::lit(name);
        match self.required_check(struct_node, name) {
            Some((site, m)) if at.is_some() && standard_required(&site, name, &m) == at => {
                quote!(map.missing(#key, AT))
            }
            Some((site, m)) => {
                let rule = super::failure::rule(rt, &site, &m);
                quote!(#rt::__private::inflight::missing(#key, #rule))
            }
            None => quote!(#rt::__private::de::missing_property(#key)),
        }
    }

    /// The value of the required field held in `local` (of the struct at `struct_node`,
    /// property `name`) once the object is read; a missing one is [`Self::missing`]'s error.
    pub(crate) fn required(
        &self,
        cx: &ModuleCx<'_>,
        struct_node: NodeId,
        name: &str,
        local: &proc_macro2::Ident,
        at: Option<&str>,
    ) -> TokenStream {
        let rt = &cx.rt;
        let key = super::tokens::lit(name);
        match self.required_check(struct_node, name) {
            Some((site, m)) if at.is_some() && standard_required(&site, name, &m) == at => {
                quote!(map.required(#local, #key, AT)?)
            }
            Some((site, m)) => {
                let rule = super::failure::rule(rt, &site, &m);
                quote!(#rt::__private::inflight::required(#local, #key, #rule)?)
            }
            None => quote!(#rt::__private::de::required(#local, #key)?),
        }
    }

    /// The error for an undeclared property the struct at `struct_node` does not allow
    /// (whose reader names its schema location `at`, [`Self::object_at`]).
    pub(crate) fn not_allowed(
        &self,
        cx: &ModuleCx<'_>,
        struct_node: NodeId,
        at: Option<&str>,
    ) -> TokenStream {
        let rt = &cx.rt;
        match self.deny(struct_node) {
            Some(f) if at.is_some() && standard_denial(&f) == at => {
                quote!(map.not_allowed(&key, AT))
            }
            Some(f) => {
                let rule = super::failure::rule(rt, &f.site, &f.message);
                quote!(#rt::__private::inflight::not_allowed(&key, #rule))
            }
            None => quote!(#rt::__private::de::property_not_allowed(&key)),
        }
    }
}

/// The schema location of the object schema whose `required` check of `name` fails at
/// `site` with `m`, when the runtime words that failure itself (`inflight::missing_at`):
/// the keyword `required` at `{at}/required`, and the message the plan gives it.
fn standard_required<'s>(site: &'s Site, name: &str, m: &Message) -> Option<&'s str> {
    let quoted = serde_json::to_string(name).ok()?;
    let worded = m.fixed() == Some(format!("missing required property {quoted}").as_str());
    (site.keyword == "required" && worded)
        .then(|| site.at.strip_suffix("/required"))
        .flatten()
}

/// The schema location of the object schema whose `additionalProperties: false` fails
/// with `f`, when the runtime words that failure itself (`inflight::not_allowed_at`): the
/// keyword `additionalProperties` at `{at}/additionalProperties`, and the message
/// `property "…" is not allowed`.
fn standard_denial(f: &Failure) -> Option<&str> {
    let worded =
        f.message.pieces == ["property ", " is not allowed"] && f.message.args == [Arg::Key];
    (f.site.keyword == "additionalProperties" && worded)
        .then(|| f.site.at.strip_suffix("/additionalProperties"))
        .flatten()
}

/// Whether a value of `ty` may hold a generated type (whose deserializer may raise an
/// error in flight).
fn may_nest(ty: &Ty) -> bool {
    match ty {
        Ty::Named(_) | Ty::Generic(_) => true,
        Ty::Vec(t) | Ty::Map(t) | Ty::Boxed(t) | Ty::Option(t) => may_nest(t),
        _ => false,
    }
}

/// Whether a value of `ty` may hold a value the schema accepts and its Rust type cannot: an
/// integer, a mapped type, or a generated type (which may hold them).
fn may_narrow(ty: &Ty) -> bool {
    match ty {
        Ty::Int(_) | Ty::Mapped(_) | Ty::Named(_) => true,
        Ty::Vec(t) | Ty::Map(t) | Ty::Boxed(t) | Ty::Option(t) => may_narrow(t),
        _ => false,
    }
}

/// A read whose errors are not reported in flight.
fn opaque(cx: &ModuleCx<'_>, ty: &Ty) -> TokenStream {
    let rt = &cx.rt;
    let t = cx.ty(ty);
    if !may_nest(ty) {
        return super::read::next_value(cx, ty);
    }
    if let Some(seed) = super::read::value_seed(cx, ty) {
        quote!(#rt::__private::inflight::opaque(map.next_value_seed(#seed))?)
    } else if ty.has_bare_int(cx.module) {
        quote!(#rt::__private::inflight::opaque(map.next_value::<#rt::__private::de::Lenient<#t>>())?.0)
    } else {
        quote!(#rt::__private::inflight::opaque(map.next_value::<#t>())?)
    }
}
