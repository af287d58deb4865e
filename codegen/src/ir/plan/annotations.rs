//! What a schema node contributes to `unevaluatedProperties` and `unevaluatedItems`.
//!
//! A property (or item) is *evaluated* when a keyword of a subschema that passed applied
//! to it: `properties`, `patternProperties`, `additionalProperties`, `prefixItems`,
//! `items`, `contains` (2020-12), a nested `unevaluated*`, and the same keywords reached
//! in place through `allOf`, `$ref`, `$dynamicRef`, the passing branches of `anyOf` and
//! `oneOf`, `if` with `then` or `else`, and the `dependentSchemas` that apply. `not`
//! contributes nothing. What can be decided from the schema is decided here; the
//! backends only test, at run time, which conditional branches pass.

use super::candidates;
use crate::load::{Body, Draft, NodeId, SchemaSet};

/// An in-place subschema whose annotations count when it applies and passes.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum InPlace {
    /// Applies whenever the node passes (`allOf`, `$ref`).
    Always(NodeId),
    /// A `$dynamicRef`/`$recursiveRef` resolved through the dynamic scope.
    Dynamic {
        /// The static target.
        target: NodeId,
        /// (dynamic resource index, anchored node).
        candidates: Vec<(u32, NodeId)>,
    },
    /// Each branch that passes (`anyOf`, `oneOf`).
    Passing(Vec<NodeId>),
    /// `if`: its own annotations and `then` when it passes, else `else`.
    If {
        /// `if`.
        cond: NodeId,
        /// `then`.
        then: Option<NodeId>,
        /// `else`.
        else_: Option<NodeId>,
    },
    /// A `dependentSchemas` entry, when the instance has the property.
    Dependent(String, NodeId),
}

/// The annotations a node produces when it passes.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Annotations {
    /// `properties` names (each evaluated when present).
    pub keys: Vec<String>,
    /// `patternProperties` patterns (matching keys are evaluated).
    pub patterns: Vec<String>,
    /// Every property is evaluated (`additionalProperties`).
    pub all_keys: bool,
    /// The node has `unevaluatedProperties` itself (every property is evaluated once it
    /// passes).
    pub unevaluated_keys: bool,
    /// Items below this index are evaluated (`prefixItems`, array-form `items`).
    pub prefix: usize,
    /// Every item is evaluated (`items` after the prefix, `additionalItems`).
    pub all_items: bool,
    /// The node has `unevaluatedItems` itself.
    pub unevaluated_items: bool,
    /// `contains` (2020-12): the items it matches are evaluated.
    pub contains: Option<NodeId>,
    /// In-place subschemas.
    pub in_place: Vec<InPlace>,
}

impl Annotations {
    /// Whether the node evaluates nothing, itself or in place.
    pub(crate) fn is_empty(&self) -> bool {
        *self == Annotations::default()
    }
}

/// The annotations of node `id`.
pub(super) fn of(set: &SchemaSet, resources: &[String], id: NodeId) -> Annotations {
    let node = set.node(id);
    let Body::Object(k) = &node.body else {
        return Annotations::default();
    };
    let trivial = |n: NodeId| matches!(set.node(n).body, Body::Bool(true));
    let mut a = Annotations {
        keys: k.properties.iter().map(|(n, _)| n.clone()).collect(),
        patterns: k
            .pattern_properties
            .iter()
            .map(|(p, _)| p.clone())
            .collect(),
        all_keys: k.additional_properties.is_some(),
        unevaluated_keys: k.unevaluated_properties.is_some(),
        prefix: k.prefix_items.len(),
        all_items: k.items.is_some(),
        unevaluated_items: k.unevaluated_items.is_some(),
        contains: k.contains.filter(|_| node.draft >= Draft::Draft202012),
        in_place: Vec::new(),
    };
    if let Some(t) = k.ref_.as_ref().and_then(|r| r.target) {
        a.in_place.push(InPlace::Always(t));
    }
    if let Some(d) = &k.dynamic_ref {
        let c = candidates(resources, d);
        a.in_place.push(if c.is_empty() {
            InPlace::Always(d.target)
        } else {
            InPlace::Dynamic {
                target: d.target,
                candidates: c,
            }
        });
    }
    for s in &k.all_of {
        a.in_place.push(InPlace::Always(*s));
    }
    for branches in [&k.any_of, &k.one_of] {
        if !branches.is_empty() {
            a.in_place.push(InPlace::Passing(branches.clone()));
        }
    }
    if let Some(cond) = k.if_ {
        a.in_place.push(InPlace::If {
            cond,
            then: k.then,
            else_: k.else_,
        });
    }
    for (name, d) in &k.dependent_schemas {
        a.in_place.push(InPlace::Dependent(name.clone(), *d));
    }
    a.in_place.retain(|p| match p {
        InPlace::Always(n) | InPlace::Dependent(_, n) => !trivial(*n),
        _ => true,
    });
    a
}
