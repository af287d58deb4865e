//! Classification: what Rust type (struct, enum, alias of a built-in) a schema's shape
//! becomes, at a named or an anonymous position.

use super::alternatives::literal_enum;
use super::{wrap_nullable, Classified, Lower, Lowered};
use crate::error::Result;
use crate::ir::decoding::Decoding;
use crate::ir::mapped;
use crate::ir::naming::{pascal, Names};
use crate::ir::shape::{follow_refs, pure_ref, shape_of, Shape};
use crate::ir::{Enum, IntTy, Tuple, Ty, TypeDef, TypeKind, Variant, VariantKind};
use crate::load::{pointer, Body, JsonType, NodeId};
use serde_json::Value;
use std::collections::BTreeSet;

impl Lower<'_> {
    /// The type of the schema at an anonymous position (property, item, map value…).
    pub(super) fn ty_of(&mut self, node: NodeId, hint: &str) -> Result<Lowered> {
        if let Some(param) = self.generic_nodes.get(&node) {
            let nullable = self.nullable(node)?;
            return Ok(Lowered {
                ty: Ty::Generic(param.clone()),
                nullable,
            });
        }
        if let Body::Bool(_) = self.set.node(node).body {
            return Ok(Lowered::of(Ty::Any));
        }
        if let Some(ty) = self.mapped_whole(node)? {
            let nullable = self.nullable(node)?;
            return Ok(Lowered { ty, nullable });
        }
        if let Some(target) = self
            .dynamic_target(node)
            .or_else(|| pure_ref(self.set, node))
        {
            let target = follow_refs(self.set, target)?;
            if self.by_node.contains_key(&target) || self.is_named_position(target) {
                let hint = self.name_for_target(target);
                let id = self.named(target, &hint)?;
                let nullable = self.nullable(target)?;
                let ty = match &self.types[id.0] {
                    // A named alias of a nullable type already carries the Option.
                    Some(TypeDef {
                        kind: TypeKind::Alias(Ty::Option(_)),
                        ..
                    }) => {
                        return Ok(Lowered::of(Ty::Named(id)));
                    }
                    _ => Ty::Named(id),
                };
                return Ok(Lowered { ty, nullable });
            }
            let hint = self.name_for_target(target);
            let id = self.named(target, &hint)?;
            return Ok(Lowered::of(Ty::Named(id)));
        }
        let shape = shape_of(self.set, node)?;
        let hint = self.rename_for(node).unwrap_or_else(|| hint.to_owned());
        match self.classify_anonymous(node, &shape, &hint)? {
            // A constrained string or number with the validating-newtypes setting: a named
            // newtype.
            Some(l) if self.validating_newtype(node, &shape, &l.ty) => {
                let inner = l.ty.clone();
                let id = self.register(node, &hint, |this, _| {
                    this.validated.insert(node);
                    Ok(TypeKind::Newtype(inner))
                })?;
                Ok(Lowered {
                    ty: Ty::Named(id),
                    nullable: l.nullable,
                })
            }
            Some(l) => Ok(l),
            None => Ok(Lowered::of(Ty::Any)),
        }
    }

    /// The schema a node that is only a dynamic reference (`$dynamicRef`, `$recursiveRef`)
    /// resolves to when the document is read from its root: the outermost resource in the
    /// dynamic scope is the root's, so when the root's resource declares the anchor (for
    /// `$recursiveRef`, `$recursiveAnchor: true`) the reference always lands there,
    /// whichever resource the static target is in. `None` otherwise: then the reference is
    /// a type parameter, its static target when nothing can redirect it, or any value
    /// ([`pure_ref`]).
    fn dynamic_target(&self, node: NodeId) -> Option<NodeId> {
        let n = self.set.node(node);
        let k = n.keywords()?;
        let d = k.dynamic_ref.as_ref()?;
        if k.ref_.is_some() || crate::ir::shape::generic_dynamic_ref(self.set, node).is_some() {
            return None;
        }
        if !crate::ir::shape::only_reference(k) {
            return None;
        }
        let root = self.set.root(self.doc)?;
        let root_base = &self.set.node(root).base;
        d.candidates
            .iter()
            .find(|(base, _)| base == root_base)
            .map(|(_, anchored)| *anchored)
    }

    /// Whether a node sits where named types live: a document root or a definition.
    pub(super) fn is_named_position(&self, node: NodeId) -> bool {
        let p = &self.set.node(node).loc.pointer;
        if p.is_empty() {
            return true;
        }
        let toks = pointer::tokens(p);
        toks.len() >= 2 && matches!(toks[toks.len() - 2].as_str(), "definitions" | "$defs")
    }

    /// Classifies an anonymous schema; structs and enums become named types.
    pub(super) fn classify_anonymous(
        &mut self,
        node: NodeId,
        shape: &Shape,
        hint: &str,
    ) -> Result<Option<Lowered>> {
        // Decide without creating a type first: only structs and enums get names.
        let needs_name = self.needs_named_type(node, shape)?;
        if needs_name {
            let mut nullable = false;
            let id = self.register(node, hint, |l, name| {
                let c = l.classify(node, shape, name)?;
                Ok(match c {
                    Classified::Struct(s) => TypeKind::Struct(s),
                    Classified::Enum(e) => TypeKind::Enum(e),
                    Classified::Tuple(t) => TypeKind::Tuple(t),
                    Classified::Ty(t) => TypeKind::Alias(t.ty),
                })
            })?;
            nullable |= self.nullable(node)?;
            return Ok(Some(Lowered {
                ty: Ty::Named(id),
                nullable,
            }));
        }
        match self.classify(node, shape, hint)? {
            Classified::Ty(l) => Ok(Some(l)),
            Classified::Struct(_) | Classified::Enum(_) | Classified::Tuple(_) => Ok(None),
        }
    }

    pub(super) fn needs_named_type(&self, node: NodeId, shape: &Shape) -> Result<bool> {
        if shape.never {
            return Ok(false);
        }
        if let Some(lits) = &shape.literals {
            return Ok(lits.iter().any(|v| !v.is_null()));
        }
        let branches_present = !shape.one_of.is_empty() || !shape.any_of.is_empty();
        if shape.is_implicitly_typed() && (!branches_present || !shape.properties.is_empty()) {
            return Ok(true);
        }
        let types = shape.effective_types();
        let non_null: Vec<JsonType> = types
            .iter()
            .flatten()
            .copied()
            .filter(|t| *t != JsonType::Null)
            .collect();
        let is_object_only = non_null == [JsonType::Object];
        if is_object_only && (!shape.properties.is_empty() || self.object_is_closed_struct(shape)) {
            return Ok(true);
        }
        if non_null == [JsonType::Array]
            && shape.one_of.is_empty()
            && shape.any_of.is_empty()
            && self.is_tuple(shape)
        {
            return Ok(true);
        }
        let branches: Vec<NodeId> = shape.one_of.iter().chain(&shape.any_of).copied().collect();
        if !branches.is_empty() && shape.properties.is_empty() {
            // Branches that accept nothing have no variant (`Lower::alternatives`), unless
            // every branch but `null` does.
            let (mut non_null_branches, mut accepting) = (0, 0);
            for b in &branches {
                if !self.is_null_only(*b)? {
                    non_null_branches += 1;
                    if !self.plan.refuses_all(*b) {
                        accepting += 1;
                    }
                }
            }
            if accepting > 0 {
                non_null_branches = accepting;
            }
            if non_null_branches > 1 {
                return Ok(true);
            }
            if non_null_branches == 1 {
                return Ok(false);
            }
        }
        let _ = node;
        let distinct: BTreeSet<JsonType> = non_null
            .iter()
            .map(|t| {
                if *t == JsonType::Integer && non_null.contains(&JsonType::Number) {
                    JsonType::Number
                } else {
                    *t
                }
            })
            .collect();
        Ok(distinct.len() > 1)
    }

    pub(super) fn object_is_closed_struct(&self, shape: &Shape) -> bool {
        shape.properties.is_empty()
            && shape.pattern_properties.is_empty()
            && shape
                .additional
                .is_some_and(|a| matches!(self.set.node(a).body, Body::Bool(false)))
    }

    /// The core decision: what Rust type a schema's shape becomes.
    pub(super) fn classify(
        &mut self,
        node: NodeId,
        shape: &Shape,
        name: &str,
    ) -> Result<Classified> {
        if shape.never {
            return Ok(Classified::Ty(Lowered::of(Ty::Any)));
        }
        // 1. Literals: `enum` / `const`.
        if let Some(lits) = &shape.literals {
            let allowed: Vec<Value> = lits
                .iter()
                .filter(|v| match &shape.types {
                    None => true,
                    Some(t) => {
                        let jt = JsonType::of(v);
                        t.contains(&jt)
                            || (jt == JsonType::Integer && t.contains(&JsonType::Number))
                    }
                })
                .cloned()
                .collect();
            let nullable = allowed.iter().any(Value::is_null);
            let non_null: Vec<Value> = allowed.into_iter().filter(|v| !v.is_null()).collect();
            if non_null.is_empty() {
                return Ok(Classified::Ty(Lowered {
                    ty: if nullable { Ty::Unit } else { Ty::Any },
                    nullable: false,
                }));
            }
            let keyword = if self
                .set
                .node(node)
                .keywords()
                .is_some_and(|k| k.enum_.is_some())
            {
                "enum"
            } else {
                "const"
            };
            let e = literal_enum(&non_null, keyword);
            // Nullability of named types is computed from the schema where they are used.
            return Ok(Classified::Enum(e));
        }

        let types = shape.effective_types();
        let nullable = types.as_ref().is_none_or(|t| t.contains(&JsonType::Null));
        let mut non_null: Vec<JsonType> = types
            .iter()
            .flatten()
            .copied()
            .filter(|t| *t != JsonType::Null)
            .collect();
        if non_null.contains(&JsonType::Number) {
            non_null.retain(|t| *t != JsonType::Integer);
        }

        // 2. Alternatives: `oneOf` / `anyOf` (objects with own properties stay structs).
        let is_object_with_props = non_null == [JsonType::Object] && !shape.properties.is_empty();
        let (keyword, branches) = if !shape.one_of.is_empty() {
            ("oneOf", shape.one_of.clone())
        } else {
            ("anyOf", shape.any_of.clone())
        };
        if !branches.is_empty() && !is_object_with_props {
            return self.alternatives(node, name, keyword, &branches, shape.types.as_ref());
        }

        // 3. Object or array keywords without `type`: objects (arrays) typed, any other
        // value kept as it is.
        if shape.is_implicitly_typed() {
            return self.implicit_union(node, shape, name);
        }

        // 4. Types.
        if types.is_none() {
            return Ok(Classified::Ty(Lowered::of(Ty::Any)));
        }
        if non_null.is_empty() {
            return Ok(Classified::Ty(Lowered::of(if nullable {
                Ty::Unit
            } else {
                Ty::Any
            })));
        }
        if non_null.len() == 1 {
            let c = self.single_type(node, shape, non_null[0], name)?;
            return Ok(match c {
                Classified::Ty(l) => Classified::Ty(Lowered {
                    ty: l.ty,
                    nullable: nullable || l.nullable,
                }),
                other => other,
            });
        }
        // A union of JSON types: one payload variant per type.
        let mut names = Names::new();
        let mut variants = Vec::new();
        for t in &non_null {
            let vname = names.claim(&pascal(t.name()));
            let hint = format!("{name}{vname}");
            let c = self.single_type(node, shape, *t, &hint)?;
            variants.push(self.kind_variant(node, vname, &hint, c));
        }
        Ok(Classified::Enum(Enum {
            variants,
            keyword: "type",
            tag: None,
            decoding: Decoding::Buffered,
            default: None,
        }))
    }

    /// The variant `vname` of a union of JSON kinds, holding `c`: a struct or an enum
    /// becomes a type of its own, named from `hint`.
    fn kind_variant(&mut self, node: NodeId, vname: String, hint: &str, c: Classified) -> Variant {
        let ty = match c {
            Classified::Ty(l) => l.ty,
            Classified::Struct(s) => Ty::Named(self.push_type(node, hint, TypeKind::Struct(s))),
            Classified::Enum(e) => Ty::Named(self.push_type(node, hint, TypeKind::Enum(e))),
            Classified::Tuple(t) => Ty::Named(self.push_type(node, hint, TypeKind::Tuple(t))),
        };
        Variant {
            name: vname,
            docs: None,
            kind: VariantKind::Payload(ty),
            branch: None,
        }
    }

    /// The enum of a schema with object (array) keywords but no `type`: `Object(…)` for
    /// the objects its keywords describe, `Array(…)` likewise, and `Other(Value)` for every
    /// other JSON value, which the schema's object and array keywords leave unconstrained.
    /// Decoding dispatches on the JSON kind, so nothing is buffered.
    pub(super) fn implicit_union(
        &mut self,
        node: NodeId,
        shape: &Shape,
        name: &str,
    ) -> Result<Classified> {
        let mut names = Names::new();
        let mut variants = Vec::new();
        for (t, applies) in [
            (JsonType::Object, shape.has_object_keywords()),
            (JsonType::Array, shape.has_array_keywords()),
        ] {
            if !applies {
                continue;
            }
            let vname = names.claim(&pascal(t.name()));
            let hint = format!("{name}{vname}");
            // Nested types are named after the enum (`FooChild`, not `FooObjectChild`).
            let c = self.single_type(node, shape, t, name)?;
            variants.push(self.kind_variant(node, vname, &hint, c));
        }
        let kinds = if shape.has_object_keywords() && shape.has_array_keywords() {
            "object and array"
        } else if shape.has_object_keywords() {
            "object"
        } else {
            "array"
        };
        variants.push(Variant {
            name: names.claim("Other"),
            docs: Some(format!(
                "Any other JSON value: the schema has no `type`, so its {kinds} keywords do not constrain it."
            )),
            kind: VariantKind::Payload(Ty::Any),
            branch: None,
        });
        Ok(Classified::Enum(Enum {
            variants,
            keyword: "type",
            tag: None,
            decoding: Decoding::Buffered,
            default: None,
        }))
    }

    pub(super) fn single_type(
        &mut self,
        node: NodeId,
        shape: &Shape,
        t: JsonType,
        name: &str,
    ) -> Result<Classified> {
        Ok(match t {
            JsonType::Null => Classified::Ty(Lowered::of(Ty::Unit)),
            JsonType::Boolean => Classified::Ty(Lowered::of(Ty::Bool)),
            JsonType::String => Classified::Ty(Lowered::of(
                mapped::format(self.set, self.doc, self.settings, node)?.unwrap_or(Ty::String),
            )),
            JsonType::Number => Classified::Ty(Lowered::of(
                mapped::format(self.set, self.doc, self.settings, node)?.unwrap_or(Ty::F64),
            )),
            JsonType::Integer => Classified::Ty(Lowered::of(
                mapped::format(self.set, self.doc, self.settings, node)?
                    .unwrap_or(Ty::Int(integer_ty(shape))),
            )),
            JsonType::Array => {
                if self.is_tuple(shape) {
                    return Ok(Classified::Tuple(self.tuple(shape, name)?));
                }
                if !shape.prefix_items.is_empty() {
                    // Leading items with schemas of their own, but an accepted array may
                    // end before them: no tuple holds it.
                    return Ok(Classified::Ty(Lowered::of(Ty::Vec(Box::new(Ty::Any)))));
                }
                let item = match shape.items {
                    Some(i) => {
                        let l = self.ty_of(i, &format!("{name}Item"))?;
                        wrap_nullable(l.ty, l.nullable)
                    }
                    None => Ty::Any,
                };
                Classified::Ty(Lowered::of(Ty::Vec(Box::new(item))))
            }
            JsonType::Object => {
                if !shape.properties.is_empty() || self.object_is_closed_struct(shape) {
                    return Ok(Classified::Struct(self.structure(node, shape, name)?));
                }
                match self.map_value(shape, name)? {
                    Some(v) => Classified::Ty(Lowered::of(Ty::Map(Box::new(v)))),
                    None => Classified::Ty(Lowered::of(Ty::Object)),
                }
            }
        })
    }
}

/// Whether an array schema gives its leading items schemas of their own (`prefixItems`,
/// array-form `items`), and every array it accepts has all of them (`minItems` at least
/// their count): a tuple struct ([`Lower::is_tuple`]).
fn has_leading_items(shape: &Shape) -> bool {
    let n = shape.prefix_items.len() as u64;
    n > 0 && shape.min_items.is_some_and(|m| m >= n)
}

/// The most items a tuple struct gets from a fixed-length tail ([`fixed_count`]); a longer
/// fixed array keeps its further items in the last `Vec` (without leading items, it is a
/// `Vec`).
const MAX_FIXED_ITEMS: usize = 16;

/// The number of items of every array a tuple schema accepts, when `minItems` and
/// `maxItems` fix it beyond the leading items, at most [`MAX_FIXED_ITEMS`].
fn fixed_count(shape: &Shape) -> Option<usize> {
    let n = shape.prefix_items.len() as u64;
    match (shape.min_items, shape.max_items) {
        (Some(min), Some(max)) if min == max && max > n && max <= MAX_FIXED_ITEMS as u64 => {
            usize::try_from(max).ok()
        }
        _ => None,
    }
}

impl Lower<'_> {
    /// Whether an array schema becomes a tuple struct (docs/type-mapping.md, "Tuples"):
    /// it has leading items every accepted array fills ([`has_leading_items`]), or its
    /// items share one schema (`items` alone, not `false`) and `minItems` = `maxItems` fix
    /// their number, from 1 to [`MAX_FIXED_ITEMS`] (a fixed-size array, `[T; N]`). A tuple
    /// is narrower than JSON only where the schema is: an array of another length would
    /// have no value.
    pub(super) fn is_tuple(&self, shape: &Shape) -> bool {
        has_leading_items(shape)
            || (shape.prefix_items.is_empty()
                && shape.items_after == 0
                && fixed_count(shape).is_some()
                && !shape
                    .items
                    .is_some_and(|t| matches!(self.set.node(t).body, Body::Bool(false))))
    }

    /// The tuple of an array schema that [`Lower::is_tuple`]: one element per leading item, typed
    /// by its schema (named `{name}Item{i}`), and the further items kept in a last `Vec`
    /// unless the schema allows none (`items`/`additionalItems` `false` after exactly these
    /// items, or `maxItems` at most their count), or one element each when `minItems` and
    /// `maxItems` fix how many there are ([`fixed_count`]). The further items are typed by
    /// `items`/`additionalItems` when it applies from the tuple's end, else held as any
    /// JSON (a wider type is always sound).
    fn tuple(&mut self, shape: &Shape, name: &str) -> Result<Tuple> {
        let n = shape.prefix_items.len();
        let mut items = Vec::with_capacity(n);
        let mut docs = Vec::with_capacity(n);
        for (i, p) in shape.prefix_items.iter().enumerate() {
            let l = self.ty_of(*p, &format!("{name}Item{i}"))?;
            items.push(wrap_nullable(l.ty, l.nullable));
            docs.push(self.field_docs(*p));
        }
        // The tail schema speaks for every item after the tuple's only when it applies from
        // the tuple's end or earlier.
        let tail = shape.items.filter(|_| shape.items_after <= n);
        let none_more = shape.max_items.is_some_and(|m| m <= n as u64)
            || tail.is_some_and(|t| matches!(self.set.node(t).body, Body::Bool(false)));
        let mut rest = if none_more {
            None
        } else {
            Some(match tail {
                Some(t) => {
                    let l = self.ty_of(t, &format!("{name}Item"))?;
                    wrap_nullable(l.ty, l.nullable)
                }
                None => Ty::Any,
            })
        };
        // Every accepted array has the same number of items (`minItems` = `maxItems`): the
        // further ones are elements too, each typed as the tail, and the tuple is closed.
        if let (Some(ty), Some(count)) = (&rest, fixed_count(shape)) {
            let tail_docs = tail.and_then(|t| self.field_docs(t));
            while items.len() < count {
                items.push(ty.clone());
                docs.push(tail_docs.clone());
            }
            rest = None;
        }
        // No leading items: every item is the tail's, held as `[T; N]`.
        let array = n == 0;
        Ok(Tuple {
            items,
            docs,
            rest,
            array,
        })
    }
}

/// The Rust integer type of an integer schema: the smallest that holds every integer its
/// bounds (`minimum`, `maximum` and their exclusive forms, merged through `allOf`) accept
/// (docs/type-mapping.md, "Integers").
fn integer_ty(shape: &Shape) -> IntTy {
    let (lo, hi) = integer_bounds(shape);
    IntTy::fitting(lo, hi)
}

/// The least and the greatest integer an integer schema's bounds (`minimum`, `maximum`
/// and their exclusive forms, merged through `allOf`) accept, where they say.
pub(super) fn integer_bounds(shape: &Shape) -> (Option<i128>, Option<i128>) {
    // Beyond this a bound says nothing about 64-bit types (and `as i128` is exact).
    const FAR: f64 = 1e30;
    let near = |f: f64| f.is_finite() && f.abs() < FAR;
    let lo = [
        shape.minimum.filter(|m| near(*m)).map(|m| m.ceil() as i128),
        shape
            .exclusive_minimum
            .filter(|m| near(*m))
            .map(|m| m.floor() as i128 + 1),
    ]
    .into_iter()
    .flatten()
    .max();
    let hi = [
        shape
            .maximum
            .filter(|m| near(*m))
            .map(|m| m.floor() as i128),
        shape
            .exclusive_maximum
            .filter(|m| near(*m))
            .map(|m| m.ceil() as i128 - 1),
    ]
    .into_iter()
    .flatten()
    .min();
    (lo, hi)
}
