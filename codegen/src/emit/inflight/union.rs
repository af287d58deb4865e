//! Which unions an error raised inside a value stands for: the rule a spec
//! carries (`inflight::Spec::union`), so that an error inside a union's alternative is
//! reported in flight as the union's own failure.

use super::Inflight;
use crate::emit::rust_ty::ModuleCx;
use crate::ir::decoding::{kinds_of, Decoding, Kind};
use crate::ir::plan::{Arg, Check, Message, Test};
use crate::ir::shape::follow_refs;
use crate::ir::{Ty, TypeKind, VariantKind};
use crate::load::{Body, JsonType, NodeId};
use std::collections::BTreeSet;

/// A union's failure as a spec names it: the keyword, its schema location, and the
/// message's pieces around the shown value.
pub(super) type UnionRule = (&'static str, String, Vec<String>);

impl Inflight<'_> {
    /// The failure an error raised inside a value of `ty` at `node` stands for, when
    /// `node` is a `oneOf`/`anyOf` (its only disjunctive check) of which only one
    /// alternative can hold an object, and that alternative is the schema of `ty`'s
    /// struct: an error the struct's deserializer raises in flight means the value fails
    /// that alternative, so the union fails as a whole, at the value. This is the nullable
    /// `$ref` (`oneOf: [{type: null}, {$ref}]`) and any union of one object shape with
    /// scalars.
    ///
    /// A tagged union's enum ([`crate::ir::Tag`]) qualifies too: its decoder reads only
    /// the alternative the tag names, the others fail on the tag, so an error raised
    /// inside the one read means that the union fails.
    pub(super) fn union_rule(&self, cx: &ModuleCx<'_>, ty: &Ty, node: NodeId) -> Option<UnionRule> {
        if let Some(rule) = self.tagged_union_rule(cx, ty, node) {
            return Some(rule);
        }
        let struct_node = Self::object_node(cx, ty)?;
        let (check, branches, message) = self.union_check(node)?;
        let mut holders = branches.iter().filter(|b| self.may_hold_object(**b));
        let holder = holders.next()?;
        if holders.next().is_some()
            || follow_refs(self.set, *holder).ok() != follow_refs(self.set, struct_node).ok()
        {
            return None;
        }
        Some((check.site.keyword, check.site.at, message.pieces))
    }

    /// [`Self::union_rule`] for a tagged union's enum at `node`: every variant a struct of
    /// its own branch's schema, and the enum the union at `node`.
    fn tagged_union_rule(&self, cx: &ModuleCx<'_>, ty: &Ty, node: NodeId) -> Option<UnionRule> {
        let Ty::Named(id) = ty else {
            return None;
        };
        let def = cx.module.get(*id);
        let TypeKind::Enum(e) = &def.kind else {
            return None;
        };
        if e.decoding != Decoding::Tagged
            || follow_refs(self.set, def.node).ok() != follow_refs(self.set, node).ok()
        {
            return None;
        }
        let (check, branches, message) = self.union_check(node)?;
        // A branch that accepts nothing has no variant (`Lower::alternatives`).
        let accepting = branches
            .iter()
            .filter(|b| !self.plan.refuses_all(**b))
            .count();
        let each_its_branch = e.variants.len() == accepting
            && e.variants.iter().all(|v| match (&v.kind, v.branch) {
                (VariantKind::Payload(t), Some(b)) => {
                    branches.contains(&b)
                        && Self::struct_node(cx, t, 0).and_then(|n| follow_refs(self.set, n).ok())
                            == follow_refs(self.set, b).ok()
                }
                _ => false,
            });
        each_its_branch.then_some((check.site.keyword, check.site.at, message.pieces))
    }

    /// Whether a value of `ty` at `node` is a union decoded from a buffered `Value` whose
    /// own schema node is `node`'s: the errors it raises about the whole value when no
    /// alternative takes it (`inflight::unmatched`) are then `node`'s.
    pub(super) fn whole(&self, cx: &ModuleCx<'_>, ty: &Ty, node: NodeId) -> bool {
        let Ty::Named(id) = ty else {
            return false;
        };
        let def = cx.module.get(*id);
        let TypeKind::Enum(e) = &def.kind else {
            return false;
        };
        e.decoding == Decoding::Buffered
            && follow_refs(self.set, def.node).ok() == follow_refs(self.set, node).ok()
    }

    /// The `oneOf`/`anyOf` check of the node `node` leads to, when it is that node's only
    /// disjunctive check and its failure message shows the value and nothing else: the
    /// check, its branches and that message.
    fn union_check(&self, node: NodeId) -> Option<(Check, Vec<NodeId>, Message)> {
        let plan = self.plan_of(node);
        let mut disjunctive = plan.checks().iter().filter(|c| c.test.is_disjunctive());
        let check = disjunctive.next()?;
        if disjunctive.next().is_some() {
            return None;
        }
        let (branches, message) = match &check.test {
            Test::AnyOf(b, m) => (b, m),
            Test::OneOf { branches, none, .. } => (branches, none),
            _ => return None,
        };
        if message.args != [Arg::Instance] {
            return None;
        }
        Some((check.clone(), branches.clone(), message.clone()))
    }

    /// The schema node of the struct that holds the objects of `ty`: `ty`'s own, or, for
    /// an enum of alternatives (not a tagged one), that of its one variant that holds
    /// objects. An error raised inside an object read as `ty` comes from that struct.
    fn object_node(cx: &ModuleCx<'_>, ty: &Ty) -> Option<NodeId> {
        if let Some(n) = Self::struct_node(cx, ty, 0) {
            return Some(n);
        }
        let Ty::Named(id) = ty else {
            return None;
        };
        let def = cx.module.get(*id);
        let TypeKind::Enum(e) = &def.kind else {
            return None;
        };
        if e.tag.is_some() || !def.generics.is_empty() {
            return None;
        }
        let mut holders = e.variants.iter().filter(|v| match &v.kind {
            VariantKind::Payload(t) => {
                let mut k = BTreeSet::new();
                kinds_of(cx.module, t, &mut k);
                k.contains(&Kind::Object)
            }
            VariantKind::Literal(l) => l.is_object(),
        });
        let holder = holders.next()?;
        if holders.next().is_some() {
            return None;
        }
        match &holder.kind {
            VariantKind::Payload(t) => Self::struct_node(cx, t, 0),
            VariantKind::Literal(_) => None,
        }
    }

    /// The schema node of the struct a value of `ty` is (through boxes and aliases).
    fn struct_node(cx: &ModuleCx<'_>, ty: &Ty, depth: usize) -> Option<NodeId> {
        if depth > 8 {
            return None;
        }
        match ty {
            Ty::Boxed(t) => Self::struct_node(cx, t, depth + 1),
            Ty::Named(id) => {
                let def = cx.module.get(*id);
                match &def.kind {
                    TypeKind::Struct(_) if def.generics.is_empty() => Some(def.node),
                    TypeKind::Alias(t) => Self::struct_node(cx, t, depth + 1),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Whether the schema `id` leads to may accept an object: `false` only when its own
    /// `type`, `const` or `enum` rule objects out, or it is the schema `false`.
    fn may_hold_object(&self, id: NodeId) -> bool {
        let Ok(end) = follow_refs(self.set, id) else {
            return true;
        };
        let k = match &self.set.node(end).body {
            Body::Bool(b) => return *b,
            Body::Object(k) => k,
        };
        if let Some(types) = &k.types {
            if !types.contains(&JsonType::Object) {
                return false;
            }
        }
        if let Some(c) = &k.const_ {
            if !c.is_object() {
                return false;
            }
        }
        if let Some(values) = &k.enum_ {
            if !values.iter().any(serde_json::Value::is_object) {
                return false;
            }
        }
        true
    }
}
