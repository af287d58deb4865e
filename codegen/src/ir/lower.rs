//! Lowering: schema graph → [`Module`]. Every naming and typing decision happens here.

use super::boxing;
use super::builder;
use super::mapped;
use super::naming::{pascal, snake, Names};
use super::shape::{follow_refs, pure_ref, shape_of, Shape};
use super::{
    Enum, Extra, Field, Module, Struct, Ty, TypeDef, TypeId, TypeKind, Variant, VariantKind,
};
use crate::error::Result;
use crate::load::{pointer, Body, DocId, JsonType, NodeId, SchemaSet};
use crate::settings::Settings;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// Lowers the schema at the root of document `doc` (and its definitions) to a module.
pub fn lower(set: &SchemaSet, doc: DocId, settings: &Settings) -> Result<Module> {
    let root = set.root(doc).ok_or_else(|| {
        crate::Error::new(
            set.document(doc).display.clone(),
            "",
            "schema set is not linked; call SchemaSet::link first",
        )
    })?;
    let mut l = Lower {
        set,
        settings,
        doc,
        types: Vec::new(),
        by_node: BTreeMap::new(),
        names: Names::types(),
        generic_nodes: BTreeMap::new(),
        mapped: BTreeSet::new(),
    };
    for g in &settings.generic_properties {
        const INTERNAL: [&str; 6] = ["Deser", "Ser", "Access", "Fail", "Visitor", "Self"];
        if INTERNAL.contains(&g.param.as_str()) || syn::parse_str::<syn::Ident>(&g.param).is_err() {
            return Err(set.error_at(doc, &g.pointer, format!(
                "the generic parameter name {:?} is not usable (it must be an identifier other than {})",
                g.param,
                INTERNAL.join(", ")
            )));
        }
        let loc = crate::load::Loc {
            doc,
            pointer: g.pointer.clone(),
        };
        let node = set.node_at(&loc).ok_or_else(|| {
            set.error_at(
                doc,
                &g.pointer,
                "the generic-property setting names no schema at this pointer",
            )
        })?;
        l.generic_nodes.insert(node, g.param.clone());
    }
    let root_name = match &settings.root_name {
        Some(n) => n.clone(),
        None => {
            let title = set.node(root).keywords().and_then(|k| k.title.clone());
            let stem = set
                .document(doc)
                .display
                .rsplit('/')
                .next()
                .unwrap_or("Root")
                .to_owned();
            let stem = stem.split('.').next().unwrap_or("Root").to_owned();
            pascal(title.as_deref().unwrap_or(&stem))
        }
    };
    if mapped::whole(set, doc, settings, root)?.is_some() {
        return Err(set
            .error_at(doc, "", "the root schema cannot be mapped to an existing Rust type: the document type is always generated")
            .with_help("map a definition or a property instead"));
    }
    let root_ty = l.named(root, &root_name)?;
    let root_nullable = l.nullable(root)?;
    if let Some(k) = set.node(root).keywords() {
        for (name, def) in &k.definitions {
            let hint = l.rename_for(*def).unwrap_or_else(|| pascal(name));
            l.named(*def, &hint)?;
        }
    }
    for pointer in settings.type_mappings.keys() {
        let node = set.node_at(&crate::load::Loc {
            doc,
            pointer: pointer.clone(),
        });
        if !node.is_some_and(|n| l.mapped.contains(&n)) {
            return Err(set
                .error_at(doc, pointer, "the type mapping has no effect: no generated type comes from the schema at this pointer (it is unused, merged into another schema by `allOf`, or not a schema)")
                .with_help("map a definition, a property or an item schema that is used as it stands"));
        }
    }
    let mut types: Vec<TypeDef> = Vec::with_capacity(l.types.len());
    for (i, t) in l.types.into_iter().enumerate() {
        match t {
            Some(t) => types.push(t),
            None => {
                return Err(crate::Error::new(
                    set.document(doc).display.clone(),
                    "",
                    format!("internal: type #{i} was never completed"),
                ))
            }
        }
    }
    let root_ty = document_type(&mut types, root_ty, root_nullable, &mut l.names);
    boxing::name_alias_cycles(&mut types);
    boxing::break_cycles(&mut types);
    propagate_generics(&mut types);
    if settings.builders {
        builder::plan(set, doc, settings, &mut types, &mut l.names)?;
    }
    Ok(Module {
        source: set.document(doc).display.clone(),
        types,
        root: Ty::Named(root_ty),
    })
}

/// The type a whole document parses into: a struct or an enum of its own, never an alias
/// (an alias has no `from_json_str`, and rustc rejects a recursive one). A root that
/// lowered to an alias becomes a newtype in place; a root struct or enum that cannot hold
/// `null` although the root schema allows it (`"type": ["object", "null"]`) is renamed
/// `…Object` / `…Value`, and the document type is a newtype around its `Option`.
fn document_type(
    types: &mut Vec<TypeDef>,
    id: TypeId,
    nullable: bool,
    names: &mut Names,
) -> TypeId {
    let target_is_nominal = |ty: &Ty| match ty {
        Ty::Named(target) => matches!(
            types[target.0].kind,
            TypeKind::Struct(_) | TypeKind::Enum(_)
        ),
        _ => false,
    };
    let t = &types[id.0];
    if let TypeKind::Alias(ty) = &t.kind {
        // `type Tree = Node;` keeps `Node`'s methods: a newtype would only add `.0`.
        if target_is_nominal(ty) {
            return id;
        }
    }
    let t = &mut types[id.0];
    let (suffix, holds_null) = match &t.kind {
        TypeKind::Alias(ty) => {
            t.kind = TypeKind::Newtype(ty.clone());
            return id;
        }
        TypeKind::Newtype(_) => return id,
        TypeKind::Struct(_) => ("Object", false),
        TypeKind::Enum(e) => (
            "Value",
            e.variants.iter().any(|v| match &v.kind {
                VariantKind::Literal(l) => l.is_null(),
                VariantKind::Payload(ty) => ty.admits_null(),
            }),
        ),
    };
    if !nullable || holds_null {
        return id;
    }
    let inner = names.claim(&format!("{}{suffix}", t.name));
    let outer = std::mem::replace(&mut t.name, inner);
    let wrapper = TypeDef {
        name: outer,
        docs: t.docs.clone(),
        origin: t.origin.clone(),
        node: t.node,
        generics: Vec::new(),
        kind: TypeKind::Newtype(Ty::Option(Box::new(Ty::Named(id)))),
    };
    types.push(wrapper);
    TypeId(types.len() - 1)
}

struct Lower<'a> {
    set: &'a SchemaSet,
    settings: &'a Settings,
    doc: DocId,
    types: Vec<Option<TypeDef>>,
    by_node: BTreeMap<NodeId, TypeId>,
    names: Names,
    generic_nodes: BTreeMap<NodeId, String>,
    /// Schemas mapped whole to a Rust type (by pointer or `x-rust-type`).
    mapped: BTreeSet<NodeId>,
}

/// A type and whether `null` is allowed besides it.
struct Lowered {
    ty: Ty,
    nullable: bool,
}

impl Lowered {
    fn of(ty: Ty) -> Self {
        Lowered {
            ty,
            nullable: false,
        }
    }
}

impl Lower<'_> {
    fn rename_for(&self, node: NodeId) -> Option<String> {
        let n = self.set.node(node);
        if n.loc.doc != self.doc {
            return None;
        }
        self.settings.renames.get(&n.loc.pointer).cloned()
    }

    /// The Rust type `node` is mapped to as a whole, recording that the mapping applied.
    fn mapped_whole(&mut self, node: NodeId) -> Result<Option<Ty>> {
        let ty = mapped::whole(self.set, self.doc, self.settings, node)?;
        if ty.is_some() {
            self.mapped.insert(node);
        }
        Ok(ty)
    }

    fn docs(&self, node: NodeId) -> Option<String> {
        let k = self.set.node(node).keywords()?;
        match (&k.title, &k.description) {
            (Some(t), Some(d)) if t != d => Some(format!("{t}\n\n{d}")),
            (_, Some(d)) => Some(d.clone()),
            (Some(t), None) => Some(t.clone()),
            (None, None) => None,
        }
    }

    /// A name for the type at a reference target: its definition key, title, or last
    /// pointer token.
    fn name_for_target(&self, node: NodeId) -> String {
        if let Some(r) = self.rename_for(node) {
            return r;
        }
        let n = self.set.node(node);
        let toks = pointer::tokens(&n.loc.pointer);
        if let Some(last) = toks.last() {
            return pascal(last);
        }
        let title = n.keywords().and_then(|k| k.title.clone());
        let stem = self
            .set
            .document(n.loc.doc)
            .display
            .rsplit('/')
            .next()
            .unwrap_or("Schema")
            .to_owned();
        pascal(
            title
                .as_deref()
                .unwrap_or(stem.split('.').next().unwrap_or("Schema")),
        )
    }

    /// The named type for `node`, creating it on first use (recursion-safe).
    fn named(&mut self, node: NodeId, hint: &str) -> Result<TypeId> {
        if let Some(id) = self.by_node.get(&node) {
            return Ok(*id);
        }
        let id = TypeId(self.types.len());
        self.types.push(None);
        self.by_node.insert(node, id);
        let name = self.names.claim(hint);
        let kind = self.kind_of(node, &name)?;
        self.types[id.0] = Some(TypeDef {
            name,
            docs: self.docs(node),
            origin: self.set.location_of(node),
            node,
            generics: Vec::new(),
            kind,
        });
        Ok(id)
    }

    /// Registers a named type whose kind is already decided (anonymous structs/enums).
    fn anonymous(
        &mut self,
        node: NodeId,
        hint: &str,
        make: impl FnOnce(&mut Self, &str) -> Result<TypeKind>,
    ) -> Result<TypeId> {
        if let Some(id) = self.by_node.get(&node) {
            return Ok(*id);
        }
        let id = TypeId(self.types.len());
        self.types.push(None);
        self.by_node.insert(node, id);
        let hint = self.rename_for(node).unwrap_or_else(|| hint.to_owned());
        let name = self.names.claim(&hint);
        let kind = make(self, &name)?;
        self.types[id.0] = Some(TypeDef {
            name,
            docs: self.docs(node),
            origin: self.set.location_of(node),
            node,
            generics: Vec::new(),
            kind,
        });
        Ok(id)
    }

    /// The kind of a named type.
    fn kind_of(&mut self, node: NodeId, name: &str) -> Result<TypeKind> {
        if let Some(ty) = self.mapped_whole(node)? {
            return Ok(TypeKind::Alias(wrap_nullable(ty, self.nullable(node)?)));
        }
        if let Some(target) = pure_ref(self.set, node) {
            let target = follow_refs(self.set, target).map_err(|_| {
                self.set
                    .error_at_node(node, "/$ref", "cyclic `$ref` with no base case: the references only point at each other")
                    .with_help("make one schema in the cycle define a type instead of only referring onward")
            })?;
            if target == node {
                return Err(self.set.error_at_node(
                    node,
                    "/$ref",
                    "cyclic `$ref` with no base case: the schema refers to itself",
                ));
            }
            let hint = self.name_for_target(target);
            let t = self.named(target, &hint)?;
            let nullable = self.nullable(target)?;
            return Ok(TypeKind::Alias(wrap_nullable(Ty::Named(t), nullable)));
        }
        let shape = shape_of(self.set, node)?;
        match self.classify(node, &shape, name)? {
            Classified::Struct(s) => Ok(TypeKind::Struct(s)),
            Classified::Enum(e) => Ok(TypeKind::Enum(e)),
            Classified::Ty(l) => Ok(TypeKind::Alias(wrap_nullable(l.ty, l.nullable))),
        }
    }

    /// Whether `null` is valid for the schema at `node` (from its shape).
    fn nullable(&self, node: NodeId) -> Result<bool> {
        self.nullable_at(node, 0)
    }

    fn nullable_at(&self, node: NodeId, depth: usize) -> Result<bool> {
        let node = follow_refs(self.set, node)?;
        if let Body::Bool(b) = self.set.node(node).body {
            return Ok(b);
        }
        let shape = shape_of(self.set, node)?;
        if shape.never {
            return Ok(false);
        }
        if let Some(lits) = &shape.literals {
            return Ok(lits.iter().any(Value::is_null));
        }
        let own = shape.effective_types().map(|t| t.contains(&JsonType::Null));
        if own == Some(false) {
            return Ok(false);
        }
        let branches: Vec<NodeId> = shape.one_of.iter().chain(&shape.any_of).copied().collect();
        if !branches.is_empty() && depth < 16 {
            for b in branches {
                if self.nullable_at(b, depth + 1)? {
                    return Ok(true);
                }
            }
            return Ok(false);
        }
        Ok(own.unwrap_or(true))
    }

    fn is_null_only(&self, node: NodeId) -> Result<bool> {
        let node = follow_refs(self.set, node)?;
        let shape = shape_of(self.set, node)?;
        if let Some(l) = &shape.literals {
            return Ok(!l.is_empty() && l.iter().all(Value::is_null));
        }
        Ok(matches!(&shape.types, Some(t) if t.len() == 1 && t.contains(&JsonType::Null)))
    }

    /// The type of the schema at an anonymous position (property, item, map value…).
    fn ty_of(&mut self, node: NodeId, hint: &str) -> Result<Lowered> {
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
        if let Some(target) = pure_ref(self.set, node) {
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
            Some(l) => Ok(l),
            None => Ok(Lowered::of(Ty::Any)),
        }
    }

    /// Whether a node sits where named types live: a document root or a definition.
    fn is_named_position(&self, node: NodeId) -> bool {
        let p = &self.set.node(node).loc.pointer;
        if p.is_empty() {
            return true;
        }
        let toks = pointer::tokens(p);
        toks.len() >= 2 && matches!(toks[toks.len() - 2].as_str(), "definitions" | "$defs")
    }

    /// Classifies an anonymous schema; structs and enums become named types.
    fn classify_anonymous(
        &mut self,
        node: NodeId,
        shape: &Shape,
        hint: &str,
    ) -> Result<Option<Lowered>> {
        // Decide without creating a type first: only structs and enums get names.
        let needs_name = self.needs_named_type(node, shape)?;
        if needs_name {
            let mut nullable = false;
            let id = self.anonymous(node, hint, |l, name| {
                let c = l.classify(node, shape, name)?;
                Ok(match c {
                    Classified::Struct(s) => TypeKind::Struct(s),
                    Classified::Enum(e) => TypeKind::Enum(e),
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
            Classified::Struct(_) | Classified::Enum(_) => Ok(None),
        }
    }

    fn needs_named_type(&self, node: NodeId, shape: &Shape) -> Result<bool> {
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
        let branches: Vec<NodeId> = shape.one_of.iter().chain(&shape.any_of).copied().collect();
        if !branches.is_empty() && shape.properties.is_empty() {
            let mut non_null_branches = 0;
            for b in &branches {
                if !self.is_null_only(*b)? {
                    non_null_branches += 1;
                }
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

    fn object_is_closed_struct(&self, shape: &Shape) -> bool {
        shape.properties.is_empty()
            && shape.pattern_properties.is_empty()
            && shape
                .additional
                .is_some_and(|a| matches!(self.set.node(a).body, Body::Bool(false)))
    }

    /// The core decision: what Rust type a schema's shape becomes.
    fn classify(&mut self, node: NodeId, shape: &Shape, name: &str) -> Result<Classified> {
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
            return self.alternatives(node, name, keyword, &branches, types.is_some() && !nullable);
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
            let ty = match self.single_type(node, shape, *t, &hint)? {
                Classified::Ty(l) => l.ty,
                Classified::Struct(s) => {
                    let id = self.push_type(node, &hint, TypeKind::Struct(s));
                    Ty::Named(id)
                }
                Classified::Enum(e) => {
                    let id = self.push_type(node, &hint, TypeKind::Enum(e));
                    Ty::Named(id)
                }
            };
            variants.push(Variant {
                name: vname,
                docs: None,
                kind: VariantKind::Payload(ty),
                branch: None,
            });
        }
        Ok(Classified::Enum(Enum {
            variants,
            keyword: "type",
        }))
    }

    /// The enum of a schema with object (array) keywords but no `type`: `Object(…)` for
    /// the objects its keywords describe, `Array(…)` likewise, and `Other(Value)` for every
    /// other JSON value, which the schema's object and array keywords leave unconstrained.
    /// Decoding dispatches on the JSON kind, so nothing is buffered.
    fn implicit_union(&mut self, node: NodeId, shape: &Shape, name: &str) -> Result<Classified> {
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
            let ty = match self.single_type(node, shape, t, name)? {
                Classified::Ty(l) => l.ty,
                Classified::Struct(s) => {
                    Ty::Named(self.push_type(node, &hint, TypeKind::Struct(s)))
                }
                Classified::Enum(e) => Ty::Named(self.push_type(node, &hint, TypeKind::Enum(e))),
            };
            variants.push(Variant {
                name: vname,
                docs: None,
                kind: VariantKind::Payload(ty),
                branch: None,
            });
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
        }))
    }

    /// Adds a type that has no node of its own (a part of a union).
    fn push_type(&mut self, node: NodeId, hint: &str, kind: TypeKind) -> TypeId {
        let id = TypeId(self.types.len());
        let name = self.names.claim(hint);
        self.types.push(Some(TypeDef {
            name,
            docs: None,
            origin: self.set.location_of(node),
            node,
            generics: Vec::new(),
            kind,
        }));
        id
    }

    fn single_type(
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
            JsonType::Number => Classified::Ty(Lowered::of(Ty::F64)),
            JsonType::Integer => {
                let non_negative = shape.minimum.is_some_and(|m| m >= 0.0)
                    || shape.exclusive_minimum.is_some_and(|m| m >= 0.0);
                Classified::Ty(Lowered::of(if non_negative { Ty::U64 } else { Ty::I64 }))
            }
            JsonType::Array => {
                if !shape.prefix_items.is_empty() {
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

    /// The value type of undeclared properties, or `None` for "any JSON".
    fn map_value(&mut self, shape: &Shape, name: &str) -> Result<Option<Ty>> {
        let mut schemas: Vec<NodeId> = shape.pattern_properties.iter().map(|(_, n)| *n).collect();
        if let Some(a) = shape.additional {
            if !matches!(self.set.node(a).body, Body::Bool(false)) {
                schemas.push(a);
            }
        }
        schemas.retain(|n| !matches!(self.set.node(*n).body, Body::Bool(true)));
        let open = shape
            .additional
            .is_none_or(|a| matches!(self.set.node(a).body, Body::Bool(true)));
        if schemas.is_empty()
            || (open && !shape.pattern_properties.is_empty() && shape.additional.is_none())
        {
            // Open objects keep any value; pattern-typed keys are checked by validators.
            if open && schemas.is_empty() {
                return Ok(None);
            }
            if open {
                return Ok(None);
            }
        }
        if schemas.len() == 1 {
            let l = self.ty_of(schemas[0], &format!("{name}Value"))?;
            return Ok(Some(wrap_nullable(l.ty, l.nullable)));
        }
        // Several value schemas: typed only if they agree.
        let mut tys = Vec::new();
        for (i, s) in schemas.iter().enumerate() {
            let l = self.ty_of(*s, &format!("{name}Value{}", i + 1))?;
            tys.push(wrap_nullable(l.ty, l.nullable));
        }
        if tys.windows(2).all(|w| w[0] == w[1]) {
            return Ok(tys.pop());
        }
        Ok(Some(Ty::Any))
    }

    fn structure(&mut self, node: NodeId, shape: &Shape, name: &str) -> Result<Struct> {
        let mut fields = Vec::new();
        let mut field_names = Names::fields();
        field_names.claim("extra");
        let key_order = self.settings.preserve_key_order;
        if key_order {
            field_names.claim("key_order");
        }
        let mut props = shape.properties.clone();
        for r in &shape.required {
            if !props.iter().any(|(n, _)| n == r) {
                // Required but never described: any JSON value.
                let _ = node;
                props.push((r.clone(), NodeId(usize::MAX)));
            }
        }
        for (json, pnode) in props {
            let fname = field_names.claim(&snake(&json));
            let (ty, nullable, docs, node_id) = if pnode.0 == usize::MAX {
                (Ty::Any, false, None, node)
            } else {
                let hint = format!("{name}{}", pascal(&json));
                let l = self.ty_of(pnode, &hint)?;
                (l.ty, l.nullable, self.field_docs(pnode), pnode)
            };
            fields.push(Field {
                name: fname,
                required: shape.required.contains(&json),
                json,
                ty,
                nullable,
                docs,
                node: node_id,
                derived: None,
            });
        }
        let extra = match shape.additional.map(|a| &self.set.node(a).body) {
            Some(Body::Bool(false)) if shape.pattern_properties.is_empty() => Extra::Deny,
            None | Some(Body::Bool(true)) if shape.pattern_properties.is_empty() => Extra::Preserve,
            _ => match self.map_value(shape, name)? {
                Some(t) => Extra::Typed(t),
                None => Extra::Preserve,
            },
        };
        Ok(Struct {
            fields,
            extra,
            key_order,
            builder: None,
        })
    }

    fn field_docs(&self, node: NodeId) -> Option<String> {
        let k = self.set.node(node).keywords()?;
        k.description.clone().or_else(|| k.title.clone())
    }

    fn alternatives(
        &mut self,
        node: NodeId,
        name: &str,
        keyword: &'static str,
        branches: &[NodeId],
        _typed: bool,
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
        // Strings only: literal branches + at most one free string → one flat enum.
        let mut lits: Vec<Value> = Vec::new();
        let mut free_string: Option<NodeId> = None;
        let mut flat = true;
        for b in &live {
            let target = follow_refs(self.set, *b)?;
            let s = shape_of(self.set, target)?;
            let string_typed = s
                .types
                .as_ref()
                .is_some_and(|t| t.len() == 1 && t.contains(&JsonType::String));
            match &s.literals {
                Some(l) if l.iter().all(Value::is_string) => lits.extend(l.iter().cloned()),
                None if string_typed
                    && free_string.is_none()
                    && s.one_of.is_empty()
                    && s.any_of.is_empty() =>
                {
                    free_string = Some(*b)
                }
                _ => {
                    flat = false;
                    break;
                }
            }
        }
        if flat && free_string.is_some() && !lits.is_empty() {
            let mut e = literal_enum(&lits, keyword);
            let mut names = Names::new();
            for v in &e.variants {
                names.claim(&v.name);
            }
            let b = free_string.unwrap_or(node);
            let vname = self.rename_for(b).unwrap_or_else(|| names.claim("Other"));
            e.variants.push(Variant {
                name: vname,
                docs: self.docs(b),
                kind: VariantKind::Payload(Ty::String),
                branch: free_string,
            });
            return Ok(Classified::Enum(e));
        }
        let mut names = Names::new();
        let mut variants = Vec::new();
        for (i, b) in live.iter().enumerate() {
            let vname = match self.rename_for(*b) {
                Some(n) => names.claim(&n),
                None => names.claim(&self.variant_name(*b, i)?),
            };
            let hint = format!("{name}{vname}");
            let l = self.ty_of(*b, &hint)?;
            let ty = wrap_nullable(l.ty, l.nullable && !nullable);
            variants.push(Variant {
                name: vname,
                docs: self.field_docs(*b),
                kind: VariantKind::Payload(ty),
                branch: Some(*b),
            });
        }
        let _ = node;
        Ok(Classified::Enum(Enum { variants, keyword }))
    }

    fn variant_name(&self, b: NodeId, i: usize) -> Result<String> {
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

enum Classified {
    Struct(Struct),
    Enum(Enum),
    Ty(Lowered),
}

fn wrap_nullable(ty: Ty, nullable: bool) -> Ty {
    if nullable && !ty.admits_null() {
        Ty::Option(Box::new(ty))
    } else {
        ty
    }
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

fn literal_enum(values: &[Value], keyword: &'static str) -> Enum {
    let mut names = Names::new();
    let mut variants = Vec::new();
    let mut seen: Vec<&Value> = Vec::new();
    for v in values {
        if seen.iter().any(|s| super::shape::envgen_json_eq(s, v)) {
            continue;
        }
        seen.push(v);
        variants.push(Variant {
            name: names.claim(&literal_name(v)),
            docs: None,
            kind: VariantKind::Literal(v.clone()),
            branch: None,
        });
    }
    Enum { variants, keyword }
}

/// Types that contain a generic type become generic over the same parameters.
fn propagate_generics(types: &mut [TypeDef]) {
    fn params(ty: &Ty, types: &[TypeDef], out: &mut BTreeSet<String>) {
        match ty {
            Ty::Generic(p) => {
                out.insert(p.clone());
            }
            Ty::Named(id) => out.extend(types[id.0].generics.iter().cloned()),
            Ty::Vec(t) | Ty::Map(t) | Ty::Boxed(t) | Ty::Option(t) => params(t, types, out),
            _ => {}
        }
    }
    loop {
        let mut changed = false;
        for i in 0..types.len() {
            let mut found = BTreeSet::new();
            match &types[i].kind {
                TypeKind::Struct(s) => {
                    for f in &s.fields {
                        params(&f.ty, types, &mut found);
                    }
                    if let Extra::Typed(t) = &s.extra {
                        params(t, types, &mut found);
                    }
                }
                TypeKind::Enum(e) => {
                    for v in &e.variants {
                        if let VariantKind::Payload(t) = &v.kind {
                            params(t, types, &mut found);
                        }
                    }
                }
                TypeKind::Alias(t) | TypeKind::Newtype(t) => params(t, types, &mut found),
            }
            for p in found {
                if !types[i].generics.contains(&p) {
                    types[i].generics.push(p);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
}
