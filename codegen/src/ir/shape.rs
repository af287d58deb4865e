//! The structural view of a schema: its own keywords merged with `allOf` members and a
//! 2019+ `$ref` beside other keywords. Only what decides the Rust type is kept; the
//! validators read the full keywords from the schema graph.

use crate::error::Result;
use crate::load::{Body, JsonType, Keywords, NodeId, SchemaSet};
use serde_json::Value;
use std::collections::BTreeSet;

/// How deep `allOf` / `$ref` merging may go before it is treated as a cycle.
const MAX_MERGE_DEPTH: usize = 64;

/// The merged structure of one schema.
#[derive(Debug, Clone, Default)]
pub(crate) struct Shape {
    /// Allowed JSON types; `None` = unconstrained.
    pub types: Option<BTreeSet<JsonType>>,
    /// Allowed literal values (`enum`, or `const` as a one-element list).
    pub literals: Option<Vec<Value>>,
    pub properties: Vec<(String, NodeId)>,
    pub required: Vec<String>,
    /// `additionalProperties`, from the schema itself or the one `allOf` member setting it.
    pub additional: Option<NodeId>,
    pub pattern_properties: Vec<(String, NodeId)>,
    pub items: Option<NodeId>,
    /// The index from which [`Shape::items`] applies: the length of the `prefixItems` of
    /// the schema it comes from (the longest merged `prefixItems` for an
    /// `unevaluatedItems`), which need not be [`Shape::prefix_items`]'.
    pub items_after: usize,
    pub prefix_items: Vec<NodeId>,
    /// The longest `prefixItems` merged.
    pub longest_prefix: usize,
    /// `minItems`, the largest merged.
    pub min_items: Option<u64>,
    /// `maxItems`, the smallest merged.
    pub max_items: Option<u64>,
    pub one_of: Vec<NodeId>,
    pub any_of: Vec<NodeId>,
    pub minimum: Option<f64>,
    pub exclusive_minimum: Option<f64>,
    pub maximum: Option<f64>,
    pub exclusive_maximum: Option<f64>,
    /// A `false` schema was merged: nothing is valid.
    pub never: bool,
    /// The schema's own `unevaluatedProperties`.
    pub unevaluated: Option<NodeId>,
    /// The schema's own `unevaluatedItems`.
    pub unevaluated_items: Option<NodeId>,
    /// A merged schema evaluates properties or items only under a condition (`anyOf`,
    /// `oneOf`, `if`, `dependentSchemas`, `contains`, a dynamic reference, or an
    /// `unevaluated*` of its own): the merged keywords do not tell what is evaluated.
    pub conditional: bool,
}

impl Shape {
    /// Whether object keywords are present (so a typeless schema is read as an object).
    pub fn has_object_keywords(&self) -> bool {
        !self.properties.is_empty()
            || !self.required.is_empty()
            || self.additional.is_some()
            || !self.pattern_properties.is_empty()
    }

    /// Whether array keywords are present.
    pub fn has_array_keywords(&self) -> bool {
        self.items.is_some() || !self.prefix_items.is_empty()
    }

    /// Whether the schema has object or array keywords but no `type`: those keywords
    /// constrain only objects (arrays), and every other JSON value is valid, so the Rust
    /// type must hold both (see `Lower::implicit_union`).
    pub fn is_implicitly_typed(&self) -> bool {
        self.types.is_none()
            && self.literals.is_none()
            && !self.never
            && (self.has_object_keywords() || self.has_array_keywords())
    }

    /// The types the schema can hold, inferring `object` / `array` from their keywords
    /// when `type` is absent. `None` = any JSON.
    pub fn effective_types(&self) -> Option<BTreeSet<JsonType>> {
        if let Some(t) = &self.types {
            return Some(t.clone());
        }
        if self.has_object_keywords() {
            return Some([JsonType::Object].into_iter().collect());
        }
        if self.has_array_keywords() {
            return Some([JsonType::Array].into_iter().collect());
        }
        None
    }
}

/// Whether a node is only a reference (plus annotations): its type is its target's.
pub(crate) fn pure_ref(set: &SchemaSet, id: NodeId) -> Option<NodeId> {
    let node = set.node(id);
    let k = node.keywords()?;
    let target = match (&k.ref_, &k.dynamic_ref) {
        (Some(r), None) => r.target?,
        // A dynamic reference is typed as its static target when that is the only schema it
        // can resolve to, unless it is a type parameter ([`generic_dynamic_ref`]). One that
        // other resources can redirect is no pure reference: its type is decided where the
        // document's root is known (`Lower::dynamic_target`), or it holds any value.
        (None, Some(d))
            if generic_dynamic_ref(set, id).is_none()
                && d.candidates.iter().all(|(_, n)| *n == d.target) =>
        {
            d.target
        }
        _ => return None,
    };
    if node.draft.ref_overrides_siblings() {
        return Some(target);
    }
    only_reference(k).then_some(target)
}

/// Whether a schema's own keywords add nothing that shapes a type beside its reference
/// (annotations and assertions the validators check do not count).
pub(crate) fn only_reference(k: &Keywords) -> bool {
    k.types.is_none()
        && k.enum_.is_none()
        && k.const_.is_none()
        && !own_object_keywords(k)
        && !own_array_keywords(k)
        && k.all_of.is_empty()
        && k.any_of.is_empty()
        && k.one_of.is_empty()
}

/// Whether a schema's own keywords shape an object (`properties`, `required`,
/// `additionalProperties`, `patternProperties`, `unevaluatedProperties`): what
/// [`Shape::has_object_keywords`] reads once merged.
fn own_object_keywords(k: &Keywords) -> bool {
    !k.properties.is_empty()
        || !k.required.is_empty()
        || k.additional_properties.is_some()
        || !k.pattern_properties.is_empty()
        || k.unevaluated_properties.is_some()
}

/// Whether a schema's own keywords shape an array (`items`, `prefixItems`,
/// `unevaluatedItems`): what [`Shape::has_array_keywords`] reads once merged.
fn own_array_keywords(k: &Keywords) -> bool {
    k.items.is_some() || !k.prefix_items.is_empty() || k.unevaluated_items.is_some()
}

/// The type parameter a `$dynamicRef` at `id` becomes, named after its anchor: when its
/// target depends on the dynamic scope and its static target is a placeholder beside it
/// (the `genericList` pattern: `"items": {"$dynamicRef": "#itemType"}` with a
/// `$dynamicAnchor: itemType` definition), not a schema enclosing it (the recursive
/// extension pattern, typed as its static target).
pub(crate) fn generic_dynamic_ref(set: &SchemaSet, id: NodeId) -> Option<String> {
    let node = set.node(id);
    let d = node.keywords()?.dynamic_ref.as_ref()?;
    if d.keyword != "$dynamicRef" || d.candidates.is_empty() {
        return None;
    }
    let target = &set.node(d.target).loc;
    let encloses = target.doc == node.loc.doc
        && (node.loc.pointer == target.pointer
            || node
                .loc
                .pointer
                .starts_with(&format!("{}/", target.pointer)));
    if encloses {
        return None;
    }
    let anchor = d.raw.rsplit('#').next().filter(|a| !a.is_empty())?;
    Some(anchor.to_owned())
}

/// Follows a chain of pure references to the first node that is more than a reference.
/// A chain that loops is an error located at the first reference.
pub(crate) fn follow_refs(set: &SchemaSet, id: NodeId) -> Result<NodeId> {
    if let Some(end) = set.chain_end(id) {
        return Ok(end);
    }
    let mut seen = BTreeSet::new();
    let mut path = Vec::new();
    let mut cur = id;
    while let Some(next) = pure_ref(set, cur) {
        // Every node of a chain learns its end, so walking a long chain from each of its
        // definitions is linear overall, not quadratic.
        if let Some(end) = set.chain_end(next) {
            path.push(cur);
            set.record_chain_end(path, end);
            return Ok(end);
        }
        path.push(cur);
        if !seen.insert(cur) {
            return Err(set
                .error_at_node(
                    id,
                    "/$ref",
                    "cyclic `$ref` with no base case: the references only point at each other",
                )
                .with_help(
                    "make one schema in the cycle define a type instead of only referring onward",
                ));
        }
        cur = next;
    }
    set.record_chain_end(path, cur);
    Ok(cur)
}

/// Computes the merged shape of a node.
pub(crate) fn shape_of(set: &SchemaSet, id: NodeId) -> Result<Shape> {
    let mut shape = Shape::default();
    let mut visiting = BTreeSet::new();
    merge(set, id, &mut shape, &mut visiting, 0, true)?;
    // `unevaluated*` over `allOf` and `$ref` with nothing conditional: the merged
    // properties (items) are exactly the evaluated ones, so it acts as
    // `additionalProperties` (`items`) of the merged shape: a closed struct, or a typed
    // extra map (tuple rest).
    if !shape.conditional {
        if shape.additional.is_none() {
            shape.additional = shape.unevaluated;
        }
        if shape.items.is_none() && shape.unevaluated_items.is_some() {
            // Nothing merged has `items`: the evaluated items are those of the longest
            // `prefixItems`.
            shape.items = shape.unevaluated_items;
            shape.items_after = shape.longest_prefix;
        }
    }
    Ok(shape)
}

fn intersect_types(shape: &mut Shape, types: &[JsonType]) {
    let mut incoming: BTreeSet<JsonType> = types.iter().copied().collect();
    if incoming.contains(&JsonType::Number) {
        incoming.insert(JsonType::Integer);
    }
    shape.types = Some(match shape.types.take() {
        None => types.iter().copied().collect(),
        Some(cur) => {
            let mut out = BTreeSet::new();
            for t in &cur {
                if incoming.contains(t) {
                    out.insert(*t);
                } else if *t == JsonType::Number && incoming.contains(&JsonType::Integer) {
                    out.insert(JsonType::Integer);
                }
            }
            out
        }
    });
}

fn merge(
    set: &SchemaSet,
    id: NodeId,
    shape: &mut Shape,
    visiting: &mut BTreeSet<NodeId>,
    depth: usize,
    own: bool,
) -> Result<()> {
    if depth > MAX_MERGE_DEPTH || !visiting.insert(id) {
        // A cycle through allOf/$ref adds nothing new to the structure.
        return Ok(());
    }
    let node = set.node(id);
    let k = match &node.body {
        Body::Bool(true) => return Ok(()),
        Body::Bool(false) => {
            shape.never = true;
            return Ok(());
        }
        Body::Object(k) => k,
    };
    if let Some(r) = &k.ref_ {
        if let Some(t) = r.target {
            merge(set, t, shape, visiting, depth + 1, false)?;
        }
        if node.draft.ref_overrides_siblings() {
            visiting.remove(&id);
            return Ok(());
        }
    }
    if let Some(t) = &k.types {
        intersect_types(shape, t);
    }
    let lits = match (&k.const_, &k.enum_) {
        (Some(c), _) => Some(vec![c.clone()]),
        (None, Some(e)) => Some(e.clone()),
        (None, None) => None,
    };
    if let Some(l) = lits {
        shape.literals = Some(match shape.literals.take() {
            None => l,
            Some(cur) => cur
                .into_iter()
                .filter(|v| l.iter().any(|w| envgen_json_eq(v, w)))
                .collect(),
        });
    }
    for (name, p) in &k.properties {
        if !shape.properties.iter().any(|(n, _)| n == name) {
            shape.properties.push((name.clone(), *p));
        }
    }
    for r in &k.required {
        if !shape.required.contains(r) {
            shape.required.push(r.clone());
        }
    }
    if let Some(a) = k.additional_properties {
        if own || shape.additional.is_none() {
            shape.additional = Some(a);
        }
    }
    for (pat, p) in &k.pattern_properties {
        if !shape.pattern_properties.iter().any(|(n, _)| n == pat) {
            shape.pattern_properties.push((pat.clone(), *p));
        }
    }
    if k.items.is_some() && shape.items.is_none() {
        shape.items = k.items;
        shape.items_after = k.prefix_items.len();
    }
    if !k.prefix_items.is_empty() && shape.prefix_items.is_empty() {
        shape.prefix_items = k.prefix_items.clone();
    }
    shape.longest_prefix = shape.longest_prefix.max(k.prefix_items.len());
    if let Some(m) = k.count("minItems") {
        shape.min_items = Some(shape.min_items.map_or(m, |c| c.max(m)));
    }
    if let Some(m) = k.count("maxItems") {
        shape.max_items = Some(shape.max_items.map_or(m, |c| c.min(m)));
    }
    if own {
        shape.one_of = k.one_of.clone();
        shape.any_of = k.any_of.clone();
        shape.unevaluated = k.unevaluated_properties;
        shape.unevaluated_items = k.unevaluated_items;
    }
    if !k.any_of.is_empty()
        || !k.one_of.is_empty()
        || k.if_.is_some()
        || !k.dependent_schemas.is_empty()
        || k.contains.is_some()
        || k.dynamic_ref.is_some()
        || (!own && (k.unevaluated_properties.is_some() || k.unevaluated_items.is_some()))
    {
        shape.conditional = true;
    }
    if let Some(m) = k.minimum.as_ref().and_then(|n| n.as_f64()) {
        shape.minimum = Some(shape.minimum.map_or(m, |c| c.max(m)));
    }
    if let Some(m) = k.exclusive_minimum.as_ref().and_then(|n| n.as_f64()) {
        shape.exclusive_minimum = Some(shape.exclusive_minimum.map_or(m, |c| c.max(m)));
    }
    if let Some(m) = k.maximum.as_ref().and_then(|n| n.as_f64()) {
        shape.maximum = Some(shape.maximum.map_or(m, |c| c.min(m)));
    }
    if let Some(m) = k.exclusive_maximum.as_ref().and_then(|n| n.as_f64()) {
        shape.exclusive_maximum = Some(shape.exclusive_maximum.map_or(m, |c| c.min(m)));
    }
    for member in &k.all_of {
        merge(set, *member, shape, visiting, depth + 1, false)?;
    }
    visiting.remove(&id);
    Ok(())
}

/// JSON equality with numbers by value (the runtime's rule, needed at codegen time).
pub(crate) fn envgen_json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            match (x.as_i64(), y.as_i64(), x.as_u64(), y.as_u64()) {
                (Some(p), Some(q), _, _) => p == q,
                (_, _, Some(p), Some(q)) => p == q,
                _ => x.as_f64() == y.as_f64(),
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| envgen_json_eq(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| envgen_json_eq(v, w)))
        }
        _ => a == b,
    }
}
