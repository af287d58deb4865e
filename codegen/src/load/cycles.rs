//! Reference cycles with no base case: schemas that, to check any instance, must check
//! themselves again at the same place (`$ref`, `allOf` and `not` apply to the same
//! instance). No instance can ever be validated against them, so they are refused here,
//! before any code is generated, rather than found at run time as a recursion limit.
//!
//! Cycles that go through `properties`, `items` and the like descend into the instance,
//! and cycles through `anyOf`/`oneOf`/`if` have other branches: those are ordinary
//! recursive schemas.
//!
//! One cycle is harmless and is removed first ([`drop_self_conjuncts`]): an `allOf` member
//! that is only a reference back to the schema holding the `allOf`
//! (`{"allOf": [{"$ref": "#/$defs/a"}], "type": "object"}` at `#/$defs/a`). It asks the
//! instance to match the schema it is already matching (`a ∧ a = a`), so it adds nothing,
//! and the schema means what its other keywords say.

use super::keywords::{self, Role};
use super::node::{Body, NodeId};
use super::{pointer, SchemaSet};
use crate::error::{Error, Result};
use serde_json::Value;
use std::collections::BTreeSet;

/// Whether `key`, beside a `$ref`, leaves the schema meaning what its reference means: the
/// keyword table's annotations and core keywords (`$id`, `$defs`, `$comment`, ...), and
/// keywords it does not know, which are annotations too.
fn constrains_nothing(key: &str) -> bool {
    key == "$ref"
        || keywords::get(key).is_none_or(|k| matches!(k.role, Role::Annotation | Role::Core))
}

/// The node a pure reference stands for: `id` itself unless its schema object holds a
/// `$ref` and nothing that constrains the instance besides it (before draft 2019-09,
/// `$ref` overrides its siblings, so any `$ref` counts).
fn pure_reference_target(set: &SchemaSet, id: NodeId) -> Option<NodeId> {
    let node = set.node(id);
    let Body::Object(k) = &node.body else {
        return None;
    };
    let target = k.ref_.as_ref()?.target?;
    if node.draft.ref_overrides_siblings() {
        return Some(target);
    }
    let doc = &set.document(node.loc.doc).value;
    match pointer::get(doc, &node.loc.pointer) {
        Some(Value::Object(o)) if o.keys().all(|key| constrains_nothing(key)) => Some(target),
        _ => None,
    }
}

/// Removes every `allOf` member that is, through a chain of pure references, the schema
/// holding the `allOf`: the conjunct repeats the schema it is part of, which validators
/// evaluate to the same result as the schema without it.
pub(crate) fn drop_self_conjuncts(set: &mut SchemaSet) {
    let mut drops: Vec<(NodeId, NodeId)> = Vec::new();
    for i in 0..set.nodes().len() {
        let id = NodeId(i);
        let Body::Object(k) = &set.node(id).body else {
            continue;
        };
        for &member in &k.all_of {
            let mut seen = BTreeSet::new();
            let mut at = member;
            while at != id && seen.insert(at) {
                match pure_reference_target(set, at) {
                    Some(next) => at = next,
                    None => break,
                }
            }
            if at == id {
                drops.push((id, member));
            }
        }
    }
    for (id, member) in drops {
        if let Body::Object(k) = &mut set.nodes[id.0].body {
            k.all_of.retain(|m| *m != member);
        }
    }
}

/// A step of the depth-first walk: a node, its in-place edges, the next edge to follow.
type Frame = (NodeId, Vec<(String, NodeId)>, usize);

/// The in-place edges of a node: (keyword suffix of the pointer, target).
fn edges(set: &SchemaSet, id: NodeId) -> Vec<(String, NodeId)> {
    let mut out = Vec::new();
    let Body::Object(k) = &set.node(id).body else {
        return out;
    };
    if let Some(t) = k.ref_.as_ref().and_then(|r| r.target) {
        out.push(("/$ref".to_owned(), t));
    }
    for (i, m) in k.all_of.iter().enumerate() {
        out.push((format!("/allOf/{i}"), *m));
    }
    if let Some(n) = k.not {
        out.push(("/not".to_owned(), n));
    }
    out
}

/// Fails, located at the first (lowest-numbered) node of a cycle, at its keyword that
/// continues the cycle.
pub(crate) fn refuse(set: &SchemaSet) -> Result<()> {
    // 0 = unvisited, 1 = on the current path, 2 = done.
    let n = set.nodes().len();
    let mut state = vec![0u8; n];
    for start in 0..n {
        if state[start] != 0 {
            continue;
        }
        // Explicit stack of (node, its edges, next edge index): no recursion.
        let mut path: Vec<Frame> = vec![(NodeId(start), edges(set, NodeId(start)), 0)];
        state[start] = 1;
        while let Some((node, es, next)) = path.last_mut() {
            let Some((_, target)) = es.get(*next).cloned() else {
                state[node.0] = 2;
                path.pop();
                continue;
            };
            *next += 1;
            match state[target.0] {
                0 => {
                    state[target.0] = 1;
                    let e = edges(set, target);
                    path.push((target, e, 0));
                }
                1 => return Err(cycle_error(set, &path, target)),
                _ => {}
            }
        }
    }
    Ok(())
}

fn cycle_error(set: &SchemaSet, path: &[Frame], back_to: NodeId) -> Error {
    let from = path
        .iter()
        .position(|(id, _, _)| *id == back_to)
        .unwrap_or(0);
    let cycle = &path[from..];
    // Each frame's edge that continues the cycle is the one just taken (next - 1).
    let mut best: Option<(NodeId, String)> = None;
    for (id, es, next) in cycle {
        let suffix = es
            .get(next.saturating_sub(1))
            .map(|(s, _)| s.clone())
            .unwrap_or_default();
        if best.as_ref().is_none_or(|(b, _)| id < b) {
            best = Some((*id, suffix));
        }
    }
    let (id, suffix) = best.unwrap_or((back_to, String::new()));
    let members: Vec<String> = cycle
        .iter()
        .map(|(id, _, _)| format!("`#{}`", set.node(*id).loc.pointer))
        .collect();
    let what = if cycle.len() == 1 {
        "the schema refers to itself".to_owned()
    } else {
        format!(
            "the schemas {} only refer to each other",
            members.join(" → ")
        )
    };
    set.error_at_node(
        id,
        &suffix,
        format!(
            "cyclic `$ref` with no base case: {what} (through `$ref`/`allOf`/`not`, at the same place in the instance); expected at least one schema in the cycle to constrain the instance itself"
        ),
    )
    .with_help("make one schema in the cycle define a type (or reach the recursion through `properties`/`items`, or an `anyOf`/`oneOf` with a non-recursive branch)")
}
