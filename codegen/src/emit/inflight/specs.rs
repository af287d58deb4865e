//! The specs of in-flight reads: what each value's read knows statically (its node,
//! its JSON kinds, whether its errors stand), one `static` per distinct spec.

use super::{Inflight, SpecKey, MAX_ITEMS_DEPTH};
use crate::emit::rust_ty::ModuleCx;
use crate::emit::tokens::fn_name;
use crate::ir::decoding::{kinds_of, Kind};
use crate::ir::plan::{Additional, Arg, Entries, Message, NodePlan, Test};
use crate::ir::shape::follow_refs;
use crate::ir::{Mapped, Ty, TypeKind};
use crate::load::{JsonType, NodeId};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use std::collections::BTreeSet;
use std::rc::Rc;

impl Inflight<'_> {
    /// The plan of the node `id` leads to (through `$ref`s).
    pub(super) fn plan_of(&self, id: NodeId) -> Rc<NodePlan> {
        match follow_refs(self.set, id) {
            Ok(end) => self.plan.node(end),
            Err(_) => Rc::new(NodePlan::Checks(Vec::new())),
        }
    }

    pub(super) fn disjunctive(&self, id: NodeId) -> bool {
        self.plan_of(id)
            .checks()
            .iter()
            .any(|c| c.test.is_disjunctive())
    }

    /// The entry-wise object check of the node `id` leads to.
    pub(super) fn entries(&self, id: NodeId) -> Option<Entries> {
        self.plan_of(id)
            .checks()
            .iter()
            .find_map(|c| match &c.test {
                Test::Entries(e) => Some(e.clone()),
                _ => None,
            })
    }

    /// Whether errors raised inside a value of `ty` (at `node`) are the schema's.
    pub(super) fn direct(&self, cx: &ModuleCx<'_>, ty: &Ty, node: NodeId, depth: usize) -> bool {
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
    pub(super) fn capturable(cx: &ModuleCx<'_>, ty: &Ty, depth: usize) -> bool {
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
    pub(super) fn number_ty<'t>(cx: &'t ModuleCx<'_>, ty: &'t Ty, depth: usize) -> Option<&'t Ty> {
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
    pub(super) fn values_of(ty: &Ty, depth: usize) -> Option<&Ty> {
        if depth > 8 {
            return None;
        }
        match ty {
            Ty::Boxed(t) => Self::values_of(t, depth + 1),
            Ty::Map(value) => Some(value),
            _ => None,
        }
    }

    pub(super) fn items_of(ty: &Ty, depth: usize) -> Option<&Ty> {
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
    pub(super) fn how(&self, cx: &ModuleCx<'_>, spec: usize, how: TokenStream) -> TokenStream {
        let rt = &cx.rt;
        match self.mapped_reader(spec) {
            Some(wrapper) => quote!(#rt::__private::inflight::#wrapper(#how)),
            None => how,
        }
    }

    /// The runtime's wrapper of the reader of a value whose spec is `spec`, if it needs
    /// one ([`Self::how`]).
    pub(super) fn mapped_reader(&self, spec: usize) -> Option<proc_macro2::Ident> {
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
    pub(super) fn spec(&self, cx: &ModuleCx<'_>, ty: &Ty, node: NodeId, depth: usize) -> usize {
        self.keyed_spec(cx, ty, node, depth, "")
    }

    /// [`Self::spec`] for the value of the declared property `key` (empty for any other
    /// value): the runtime's `inflight::field` takes the property from its spec.
    pub(super) fn keyed_spec(
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
        let parsed = crate::emit::mapped::parsed(cx, ty, 0).cloned();
        let kinds = if parsed.is_some() { 0 } else { kinds };
        // A union's format-mapped alternatives: the spec still holds their kinds, and its
        // validator adds their parses, which run once the union's type refused the value.
        let alternatives: Vec<Mapped> = crate::emit::mapped::alternatives(cx, ty, 0)
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
        let mapped = crate::emit::mapped::whole(cx, ty, 0);
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
    pub(super) fn narrow_at(&self, node: NodeId, mapped: bool) -> String {
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
    pub(super) fn integer_node(&self, id: NodeId, depth: usize) -> Option<NodeId> {
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
    pub(super) fn spec_ref(i: usize) -> TokenStream {
        let name = format_ident!("S{}", i);
        quote!(&validators::#name)
    }

    /// The spec `static`s, for the `validators` module (in a fixed order: by index), and
    /// the string rules' (`text.rs`).
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
                let w = crate::emit::mapped::wrapper_name(i);
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
                let rule = crate::emit::failure::rule(rt, &site, &message);
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
        let texts = self.text_statics(rt);
        if items.is_empty() {
            return texts;
        }
        quote! {
            use #rt::__private::inflight::Spec;
            #(#items)*
            #texts
        }
    }

    pub(super) fn items_spec(
        &self,
        cx: &ModuleCx<'_>,
        ty: &Ty,
        node: NodeId,
        depth: usize,
    ) -> Option<usize> {
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
            Some(m) => Some(crate::emit::mapped::wrapper(
                rt,
                i,
                key.node,
                m,
                &format_sp(m),
            )),
            None if !key.alternatives.is_empty() => {
                let alternatives: Vec<(&Mapped, String)> =
                    key.alternatives.iter().map(|m| (m, format_sp(m))).collect();
                Some(crate::emit::mapped::union_wrapper(
                    rt,
                    i,
                    key.node,
                    &alternatives,
                ))
            }
            None => None,
        });
        quote!(#(#items)*)
    }
}
