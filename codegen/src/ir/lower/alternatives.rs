//! Alternatives: the enum of a `oneOf`/`anyOf`, and the enum of literal values
//! (`enum`, `const`).

use super::{wrap_nullable, Classified, Lower, Lowered};
use crate::error::Result;
use crate::ir::decoding::Decoding;
use crate::ir::naming::{pascal, Names};
use crate::ir::shape::{follow_refs, pure_ref, shape_of};
use crate::ir::{Enum, Tag, TagMember, Ty, Variant, VariantKind};
use crate::load::{JsonType, NodeId};
use serde_json::Value;
use std::collections::BTreeSet;

/// What [`Lower::string_alternatives`] makes of alternatives that are all strings.
enum StringAlternatives {
    /// No literals: every branch is a free string, so the type is `String`.
    Free,
    /// String literals plus a catch-all `String` variant.
    Enum(Enum),
}

impl Lower<'_> {
    pub(super) fn alternatives(
        &mut self,
        node: NodeId,
        name: &str,
        keyword: &'static str,
        branches: &[NodeId],
        parent_types: Option<&BTreeSet<JsonType>>,
    ) -> Result<Classified> {
        let mut nullable = false;
        let mut live = Vec::new();
        for b in branches {
            if self.is_null_only(*b)? {
                nullable = true;
            } else {
                live.push(*b);
            }
        }
        // A branch that accepts no value (`false`, `{"not": {}}`, an `enum` its `type`
        // rules out, ...) has no variant: no document decodes to it, and a variant would
        // let code build and write what the schema refuses (`Variant2(Value)`, with a
        // `From<Value>` that took every value). Kept when every branch refuses all and
        // nothing else is left to hold (the union's own verdict decides those).
        let accepting: Vec<NodeId> = live
            .iter()
            .copied()
            .filter(|b| !self.plan.refuses_all(*b))
            .collect();
        if !accepting.is_empty() || nullable {
            live = accepting;
        }
        if live.is_empty() {
            return Ok(Classified::Ty(Lowered::of(Ty::Unit)));
        }
        if live.len() == 1 {
            let l = self.ty_of(live[0], name)?;
            return Ok(Classified::Ty(Lowered {
                ty: l.ty,
                nullable: nullable || l.nullable,
            }));
        }
        // Alternatives that are all strings (read within the parent's own `type`): string
        // literals and free strings (a `pattern`, a `minLength`, a `format`…) become one
        // flat enum with a catch-all `Other(String)`, which holds every string any branch
        // accepts; free strings alone are a `String`.
        if let Some(flat) = self.string_alternatives(&live, parent_types, keyword)? {
            return Ok(match flat {
                StringAlternatives::Free => Classified::Ty(Lowered {
                    ty: Ty::String,
                    nullable,
                }),
                StringAlternatives::Enum(e) => Classified::Enum(e),
            });
        }
        let tag = self.tag_of(&live)?;
        let mut names = Names::new();
        let mut variants = Vec::new();
        for (i, b) in live.iter().enumerate() {
            // A tagged union's variants are named from their tag values.
            let from_tag = tag
                .as_ref()
                .and_then(|t| t.values.get(i))
                .and_then(|v| v.first())
                .map(|v| pascal(v));
            let vname = match (self.rename_for(*b), from_tag) {
                (Some(n), _) => names.claim(&n),
                (None, Some(n)) if !n.is_empty() => names.claim(&n),
                (None, _) => names.claim(&self.variant_name(*b, i)?),
            };
            let hint = format!("{name}{vname}");
            // A branch that adds nothing but its tag to one `allOf` member holds that
            // member's type: the tag decoder picks it only for its own tag values.
            let payload = match &tag {
                Some(t) => self.tag_only_wrapper(*b, &t.property)?.unwrap_or(*b),
                None => *b,
            };
            let l = self.ty_of(payload, &hint)?;
            if let (Some(t), Ty::Named(merged)) = (&tag, &l.ty) {
                let member = self.tag_member_of.get(b).and_then(|m| self.by_node.get(m));
                if let Some(member) = member.filter(|_| payload == *b) {
                    self.tag_members.insert(TagMember {
                        merged: *merged,
                        member: *member,
                        property: t.property.clone(),
                    });
                }
            }
            let ty = wrap_nullable(l.ty, l.nullable && !nullable);
            variants.push(Variant {
                name: vname,
                docs: self.field_docs(*b),
                kind: VariantKind::Payload(ty),
                branch: Some(*b),
            });
        }
        let _ = node;
        Ok(Classified::Enum(Enum {
            variants,
            keyword,
            tag,
            decoding: Decoding::Buffered,
            default: None,
        }))
    }

    /// The flat form of alternatives that can only be strings: every branch, read within
    /// the parent's `type` (`parent_types`), is a set of string literals or a schema of
    /// strings with no literals of its own and no mapped Rust type. `None` when a branch
    /// is anything else, so that the alternatives keep one variant each.
    ///
    /// Soundness: the catch-all `Other(String)` holds every string, so the type holds every
    /// value any branch accepts; which branch a string satisfies is the validators' check.
    /// `null`, where a branch and the parent allow it, is the use site's `Option`
    /// (`Lower::nullable` reads the branches).
    fn string_alternatives(
        &mut self,
        live: &[NodeId],
        parent_types: Option<&BTreeSet<JsonType>>,
        keyword: &'static str,
    ) -> Result<Option<StringAlternatives>> {
        let within_parent = |t: JsonType| {
            parent_types.is_none_or(|p| {
                p.contains(&t) || (t == JsonType::Integer && p.contains(&JsonType::Number))
            })
        };
        let mut lits: Vec<Value> = Vec::new();
        let mut free: Vec<NodeId> = Vec::new();
        for b in live {
            let target = follow_refs(self.set, *b)?;
            let s = shape_of(self.set, target)?;
            if s.never {
                continue;
            }
            if let Some(l) = &s.literals {
                // The branch's own literals, less those its `type` or the parent's rules out.
                let kept: Vec<&Value> = l
                    .iter()
                    .filter(|v| !v.is_null())
                    .filter(|v| {
                        let jt = JsonType::of(v);
                        within_parent(jt)
                            && s.types.as_ref().is_none_or(|t| {
                                t.contains(&jt)
                                    || (jt == JsonType::Integer && t.contains(&JsonType::Number))
                            })
                    })
                    .collect();
                if !kept.iter().all(|v| v.is_string()) {
                    return Ok(None);
                }
                lits.extend(kept.into_iter().cloned());
                continue;
            }
            let kinds: Vec<JsonType> = match s.effective_types() {
                Some(t) => t.into_iter().filter(|t| within_parent(*t)).collect(),
                None => match parent_types {
                    Some(p) => p.iter().copied().collect(),
                    None => return Ok(None),
                },
            };
            let non_null: Vec<JsonType> =
                kinds.into_iter().filter(|t| *t != JsonType::Null).collect();
            if non_null != [JsonType::String] || self.has_mapping(*b)? {
                return Ok(None);
            }
            free.push(*b);
        }
        if free.is_empty() {
            return Ok(None);
        }
        if lits.is_empty() {
            return Ok(Some(StringAlternatives::Free));
        }
        let mut e = literal_enum(&lits, keyword);
        let mut names = Names::new();
        for v in &e.variants {
            names.claim(&v.name);
        }
        let (vname, docs, branch) = match free.as_slice() {
            [b] => (
                self.rename_for(*b).unwrap_or_else(|| names.claim("Other")),
                self.docs(*b),
                Some(*b),
            ),
            _ => (
                names.claim("Other"),
                Some(format!(
                    "Any other string: the branches of this `{keyword}` that are not a list of values accept strings the validators check."
                )),
                None,
            ),
        };
        e.variants.push(Variant {
            name: vname,
            docs,
            kind: VariantKind::Payload(Ty::String),
            branch,
        });
        Ok(Some(StringAlternatives::Enum(e)))
    }

    /// Whether the branch `b` (or the schema its references lead to) has a Rust type the
    /// user mapped (a format, a pointer, `x-rust-type`), which a flat `String` would drop.
    fn has_mapping(&mut self, b: NodeId) -> Result<bool> {
        let target = follow_refs(self.set, b)?;
        Ok(
            crate::ir::mapped::whole(self.set, self.doc, self.settings, b)?.is_some()
                || crate::ir::mapped::whole(self.set, self.doc, self.settings, target)?.is_some()
                || crate::ir::mapped::format(self.set, self.doc, self.settings, target)?.is_some(),
        )
    }

    /// The discriminating property of the alternatives `branches`: one that every branch
    /// requires and pins to strings of its own (`const`, or an `enum` of strings), no
    /// string pinned by two branches, the first such in the first branch's order. Every
    /// branch must be an object schema.
    fn tag_of(&self, branches: &[NodeId]) -> Result<Option<Tag>> {
        let mut shapes = Vec::with_capacity(branches.len());
        for b in branches {
            let s = shape_of(self.set, follow_refs(self.set, *b)?)?;
            let object_only = s
                .types
                .as_ref()
                .is_some_and(|t| t.len() == 1 && t.contains(&JsonType::Object));
            if !object_only || s.literals.is_some() {
                return Ok(None);
            }
            shapes.push(s);
        }
        let Some(first) = shapes.first() else {
            return Ok(None);
        };
        'candidates: for (property, _) in &first.properties {
            let mut values: Vec<Vec<String>> = Vec::with_capacity(shapes.len());
            let mut seen: BTreeSet<String> = BTreeSet::new();
            for s in &shapes {
                let pinned = match s.properties.iter().find(|(p, _)| p == property) {
                    Some((_, n)) if s.required.contains(property) => self.pinned_strings(*n)?,
                    _ => None,
                };
                match pinned {
                    Some(v) if v.iter().all(|x| seen.insert(x.clone())) => values.push(v),
                    _ => continue 'candidates,
                }
            }
            return Ok(Some(Tag {
                property: property.clone(),
                values,
            }));
        }
        Ok(None)
    }

    /// The strings the schema `n` allows, when it allows only a few strings (`const`, or
    /// an `enum` of strings, without duplicates).
    fn pinned_strings(&self, n: NodeId) -> Result<Option<Vec<String>>> {
        let s = shape_of(self.set, follow_refs(self.set, n)?)?;
        let Some(lits) = s.literals.as_deref() else {
            return Ok(None);
        };
        let mut out: Vec<String> = Vec::with_capacity(lits.len());
        for l in lits {
            match l {
                Value::String(v) if !out.contains(v) => out.push(v.clone()),
                _ => return Ok(None),
            }
        }
        Ok((!out.is_empty()).then_some(out))
    }

    /// The one `allOf` member of a tagged union's branch `b` whose own keywords only pin
    /// the tag `property` (`type: object`, `required`, `properties` of the tag alone,
    /// annotations), and whose own type pins that property to the same strings: the
    /// value the tag selects for `b` is the member's, so the variant holds the member's
    /// type (an OpenAPI `discriminator` is read this way, `load::openapi`).
    fn tag_only_wrapper(&mut self, b: NodeId, property: &str) -> Result<Option<NodeId>> {
        let Some(k) = self.set.node(b).keywords() else {
            return Ok(None);
        };
        let [member] = k.all_of.as_slice() else {
            return Ok(None);
        };
        if k.ref_.is_some()
            || k.types
                .as_ref()
                .is_some_and(|t| t.as_slice() != [JsonType::Object])
        {
            return Ok(None);
        }
        let mut rest = k.clone();
        rest.types = None;
        rest.all_of.clear();
        rest.required.retain(|r| r != property);
        rest.properties.retain(|(p, _)| p != property);
        rest.title = None;
        rest.description = None;
        rest.default = None;
        rest.deprecated = false;
        if rest != crate::load::Keywords::default() {
            return Ok(None);
        }
        // The tag's own schema must pin strings and nothing else.
        let Some((_, tag_node)) = k.properties.iter().find(|(p, _)| p == property) else {
            return Ok(None);
        };
        let pinned_only = match self.set.node(*tag_node).keywords() {
            Some(t)
                if t.types
                    .as_ref()
                    .is_none_or(|ty| ty.contains(&JsonType::String)) =>
            {
                let mut t = t.clone();
                t.enum_ = None;
                t.const_ = None;
                t.types = None;
                t.title = None;
                t.description = None;
                t == crate::load::Keywords::default()
            }
            _ => false,
        };
        if !pinned_only || self.pinned_strings(*tag_node)?.is_none() {
            return Ok(None);
        }
        // The union must be read by its tag (`decoding::is_tagged`): tried in turn, the
        // member's type would not check the tag. So the member must be a plain object type
        // (a struct), and no type may be generic (a generic enum is tried in turn): no
        // schema may be a type parameter, a `$dynamicRef` one or a generic property.
        if !self.generic_nodes.is_empty() {
            return Ok(None);
        }
        let s = shape_of(self.set, follow_refs(self.set, *member)?)?;
        let object_only = s
            .types
            .as_ref()
            .is_some_and(|t| t.len() == 1 && t.contains(&JsonType::Object));
        if !object_only || s.literals.is_some() || self.has_mapping(*member)? {
            return Ok(None);
        }
        // The member's own type must already pin the tag to this branch's values (a
        // `const` it implies, or an enum of just these strings). A member whose tag is
        // wider (OpenAPI's usual `petType: {type: string}`) could hold another
        // alternative's tag, so the variant holds the branch's own type instead: the
        // member's properties merged with the tag, which that type implies
        // (`ir::implied`) and no value can set wrong.
        let own = sorted(self.pinned_strings(*tag_node)?);
        let member_tag = match s.properties.iter().find(|(p, _)| p == property) {
            Some((_, n)) if s.required.iter().any(|r| r == property) => {
                sorted(self.pinned_strings(*n)?)
            }
            _ => None,
        };
        if member_tag != own {
            // A referenced member is still a type of its own (other schemas use it):
            // lowered first, its properties' types take its name (`CatHuntingSkill`), and
            // the branch's merged type shares them. An inline member has no type of its
            // own: the merged type is all there is.
            if pure_ref(self.set, *member).is_some() {
                let target = follow_refs(self.set, *member)?;
                let hint = self.name_for_target(target);
                self.named(target, &hint)?;
                self.tag_member_of.insert(b, target);
            }
            return Ok(None);
        }
        Ok(Some(*member))
    }

    pub(super) fn variant_name(&self, b: NodeId, i: usize) -> Result<String> {
        if let Some(target) = pure_ref(self.set, b) {
            let target = follow_refs(self.set, target)?;
            return Ok(self.name_for_target(target));
        }
        let k = self.set.node(b).keywords();
        if let Some(t) = k.and_then(|k| k.title.as_ref()) {
            return Ok(pascal(t));
        }
        let s = shape_of(self.set, b)?;
        if let Some(l) = &s.literals {
            if l.len() == 1 {
                return Ok(literal_name(&l[0]));
            }
        }
        if let Some(t) = s.effective_types() {
            let nn: Vec<&JsonType> = t.iter().filter(|t| **t != JsonType::Null).collect();
            if nn.len() == 1 {
                return Ok(pascal(nn[0].name()));
            }
        }
        Ok(format!("Variant{i}"))
    }
}

/// `v` in sorted order, to compare two sets of tag values.
fn sorted(v: Option<Vec<String>>) -> Option<Vec<String>> {
    v.map(|mut v| {
        v.sort();
        v
    })
}

/// A Rust name for a literal value.
fn literal_name(v: &Value) -> String {
    match v {
        Value::String(s) => pascal(s),
        Value::Bool(true) => "True".to_owned(),
        Value::Bool(false) => "False".to_owned(),
        Value::Null => "Null".to_owned(),
        Value::Number(n) => {
            let s = n.to_string();
            let s = s.replace('-', "Neg").replace(['.', '+'], "_");
            format!("V{s}")
        }
        Value::Array(_) => "Array".to_owned(),
        Value::Object(_) => "Object".to_owned(),
    }
}

pub(super) fn literal_enum(values: &[Value], keyword: &'static str) -> Enum {
    let mut names = Names::new();
    let mut variants = Vec::new();
    // Duplicates are skipped: strings (equal only when identical) through a set, so that
    // an enum of many strings costs n log n; other values by the runtime's equality.
    let mut seen_strings: BTreeSet<&str> = BTreeSet::new();
    let mut seen: Vec<&Value> = Vec::new();
    for v in values {
        if let Value::String(s) = v {
            if !seen_strings.insert(s) {
                continue;
            }
        } else if seen.iter().any(|s| crate::ir::shape::envgen_json_eq(s, v)) {
            continue;
        } else {
            seen.push(v);
        }
        variants.push(Variant {
            name: names.claim(&literal_name(v)),
            docs: None,
            kind: VariantKind::Literal(v.clone()),
            branch: None,
        });
    }
    Enum {
        variants,
        keyword,
        tag: None,
        decoding: Decoding::Buffered,
        default: None,
    }
}
