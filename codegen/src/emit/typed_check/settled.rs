//! What is settled before the checks are rendered: which (type, node) methods pass every
//! value, so that calls to them are left out (D130), and which have nothing left to check
//! after a parse with the in-flight session on (the `parsed` mode, D131).

use super::TypedChecks;
use crate::emit::validate::Validators;
use crate::error::Result;
use crate::ir::plan::{NodePlan, Test};
use crate::ir::shape::follow_refs;
use crate::ir::{Module, Presence, Struct, Ty, TypeId, TypeKind};
use crate::load::{JsonType, NodeId};
use proc_macro2::TokenStream;
use std::collections::BTreeSet;

/// The (type, node) methods that pass every value: a method whose calls are all to such
/// methods (or left out with them) passes every value too. Every method is generated once;
/// when one is found to pass every value, the methods whose generation asked about it are
/// generated again, until none is found (the least fixpoint: a recursion in which each
/// method waits on the other is not settled). Generated with a scratch [`Validators`], so
/// nothing of this search reaches the output.
///
/// With `parsed`, the methods with nothing left to check after a parse with the in-flight
/// session on (a superset, so `known` may start it from the other search's answer): a
/// type whose entry method is one of them skips its typed check after such a parse
/// (`document!(…, checked_in_flight)`).
fn trivial_methods(
    module: &Module,
    rt: &TokenStream,
    plan: &crate::ir::plan::Plan<'_>,
    parsed: bool,
    known: BTreeSet<(TypeId, NodeId)>,
) -> Result<BTreeSet<(TypeId, NodeId)>> {
    let mut v = Validators::new(plan, rt.clone());
    let mut checks = TypedChecks::new(module, rt.clone(), &mut v);
    checks.trivial = known;
    checks.parsed = parsed;
    for (i, t) in module.types.iter().enumerate() {
        if !matches!(t.kind, TypeKind::Alias(_)) {
            checks.entry(t, TypeId(i))?;
        }
    }
    loop {
        checks.generate()?;
        let found = std::mem::take(&mut checks.found_trivial);
        let mut again = BTreeSet::new();
        for m in found {
            if checks.trivial.insert(m) {
                again.extend(checks.asked_by.remove(&m).unwrap_or_default());
            }
        }
        if again.is_empty() {
            return Ok(checks.trivial);
        }
        for m in again {
            if !checks.trivial.contains(&m) {
                checks.done.remove(&m);
                checks.want(m.0, m.1);
            }
        }
    }
}

impl TypedChecks<'_, '_> {
    /// Finds, before any check is rendered, the methods that pass every value (their calls
    /// are then left out) and, with `inflight` (the generated deserializers check in
    /// flight), those with nothing left to check after a parse with the session on.
    pub(crate) fn settle(&mut self, inflight: bool) -> Result<()> {
        let plan = self.v.plan();
        let rt = self.rt.clone();
        let trivial = trivial_methods(self.module, &rt, plan, false, BTreeSet::new())?;
        if inflight {
            // A method that passes every value has nothing left after a parse either: the
            // `parsed` search starts from those.
            self.checked_in_flight =
                trivial_methods(self.module, &rt, plan, true, trivial.clone())?;
        }
        self.trivial = trivial;
        Ok(())
    }

    /// Whether the method of type `id` at `node` (through its `$ref`s) passes every value.
    pub(super) fn is_trivial(&mut self, id: TypeId, node: NodeId) -> Result<bool> {
        let node = follow_refs(self.set, node)?;
        Ok(self.known_trivial((id, node)))
    }

    /// Whether `method` is known to pass every value, noting that the method being
    /// generated asked (it is generated again if the search learns that it does).
    pub(super) fn known_trivial(&mut self, method: (TypeId, NodeId)) -> bool {
        if let Some(asker) = self.current {
            self.asked_by.entry(method).or_default().insert(asker);
        }
        self.trivial.contains(&method)
    }

    /// Whether the struct `id`'s method at `node` (through its `$ref`s) fails every value:
    /// the node's `type` excludes objects.
    pub(super) fn never_matches(&self, id: TypeId, node: NodeId) -> Result<bool> {
        if !matches!(self.module.get(id).kind, TypeKind::Struct(_)) {
            return Ok(false);
        }
        let plan = self.plan(follow_refs(self.set, node)?);
        Ok(match &*plan {
            NodePlan::Checks(c) => c.iter().any(
                |c| matches!(&c.test, Test::Type(types, _) if !types.contains(&JsonType::Object)),
            ),
            _ => false,
        })
    }

    /// The branches of a `oneOf` or `anyOf` on the struct `id` that some struct may match
    /// (all of them when none may: the keyword then fails every value, and says so).
    pub(super) fn may_match(&self, id: TypeId, branches: &[NodeId]) -> Result<Vec<NodeId>> {
        let mut left = Vec::new();
        for b in branches {
            if !self.never_matches(id, *b)? {
                left.push(*b);
            }
        }
        Ok(if left.is_empty() {
            branches.to_vec()
        } else {
            left
        })
    }

    /// Whether one of the branches passes every value (an `anyOf` that always holds).
    pub(super) fn any_trivial(&mut self, id: TypeId, branches: &[NodeId]) -> Result<bool> {
        for b in branches {
            if self.is_trivial(id, *b)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// In the `parsed` mode: whether the struct's own property `name` (its schema `p`) is
    /// checked whole while a session reads it, so that nothing is left to check of it
    /// after such a parse (a refused string is noted, and the typed check then runs). A
    /// `String` whose schema asks a `pattern` and lengths only is read with `map.text`
    /// (`emit::inflight::text_rule`); a generic payload is checked in flight
    /// when it is held as a `Value`, if it is `null` or a scalar (`inflight::payload`), and
    /// its schema takes any array and any object (`payload::verdicts`).
    pub(super) fn checked_as_read(
        &self,
        id: TypeId,
        s: &Struct,
        name: &str,
        node: NodeId,
        p: NodeId,
    ) -> Result<bool> {
        if !self.parsed || follow_refs(self.set, self.module.get(id).node)? != node {
            return Ok(false);
        }
        let Some(f) = s.fields.iter().find(|f| f.json == name) else {
            return Ok(false);
        };
        if follow_refs(self.set, p)? != follow_refs(self.set, f.node)? {
            return Ok(false);
        }
        let plan = self.v.plan();
        Ok(match &f.ty {
            Ty::String => {
                matches!(f.presence(), Presence::Required | Presence::Optional)
                    && crate::emit::inflight::text_rule(plan, self.set, f.node).is_some()
            }
            Ty::Generic(_) => super::payload::any_collection(plan, self.set, f.node),
            Ty::Option(inner) if matches!(**inner, Ty::Generic(_)) => {
                super::payload::any_collection(plan, self.set, f.node)
            }
            _ => false,
        })
    }
}
