//! Lowering: schema graph → [`Module`]. Every naming and typing decision happens here.
//!
//! This file holds the entry point and the type registry (naming a node's type once);
//! the decisions live in the files beside it: [`classify`] (what a shape becomes),
//! [`object`] (structs and maps), [`alternatives`] (`oneOf`/`anyOf` and literals),
//! [`nullability`], and the passes over the finished types, [`document`] and [`generics`].

mod alternatives;
mod classify;
mod document;
mod generics;
mod newtype;
mod nullability;
mod object;

use super::boxing;
use super::builder_layout;
use super::mapped;
use super::naming::{pascal, Names};
use super::shape::{follow_refs, pure_ref, shape_of};
use super::{Enum, Module, Struct, Ty, TypeDef, TypeId, TypeKind};
use crate::error::{ErrorKind, Result};
use crate::load::{pointer, DocId, NodeId, SchemaSet};
use crate::settings::Settings;
use std::collections::{BTreeMap, BTreeSet};

/// Names the generated code uses itself, so a generic parameter cannot take them.
pub(crate) const INTERNAL_PARAMS: [&str; 6] = ["Deser", "Ser", "Access", "Fail", "Visitor", "Self"];

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
        validated: BTreeSet::new(),
        tag_member_of: BTreeMap::new(),
        tag_members: BTreeSet::new(),
        plan: crate::ir::plan::Plan::new(set, doc),
    };
    // The settings were checked before lowering (`settings_errors::before`): every
    // generic parameter's name is usable and its pointer names a schema.
    for g in &settings.generic_properties {
        let loc = crate::load::Loc {
            doc,
            pointer: g.pointer.clone(),
        };
        if let Some(node) = set.node_at(&loc) {
            l.generic_nodes.insert(node, g.param.clone());
        }
    }
    // `$dynamicRef`s to a placeholder type become type parameters (default
    // `serde_json::Value`), named after their anchor.
    for i in 0..set.nodes().len() {
        let id = NodeId(i);
        if l.generic_nodes.contains_key(&id) {
            continue;
        }
        if let Some(anchor) = crate::ir::shape::generic_dynamic_ref(set, id) {
            let mut param = pascal(&anchor);
            if INTERNAL_PARAMS.contains(&param.as_str())
                || syn::parse_str::<syn::Ident>(&param).is_err()
            {
                param.push_str("Param");
            }
            l.generic_nodes.insert(id, param);
        }
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
    // An OpenAPI document's root asserts nothing: its types are its named schemas.
    let openapi = set.document(doc).openapi.is_some();
    if !openapi && mapped::whole(set, doc, settings, root)?.is_some() {
        // A setting's mapping (`--map-type ""=…`) is the caller's; `x-rust-type` the schema's.
        let kind = if settings.type_mappings.contains_key("") {
            ErrorKind::Setting
        } else {
            ErrorKind::Invalid
        };
        return Err(set
            .error_at(doc, "", "the root schema cannot be mapped to an existing Rust type: the document type is always generated")
            .with_help("map a definition or a property instead")
            .with_kind(kind));
    }
    let root_ty = if openapi {
        None
    } else {
        Some((l.named(root, &root_name)?, l.nullable(root)?))
    };
    if let Some(k) = set.node(root).keywords() {
        let inline: BTreeSet<&str> = set
            .document(doc)
            .openapi_schemas
            .iter()
            .filter(|n| n.inline)
            .map(|n| n.pointer.as_str())
            .collect();
        for (name, def) in &k.definitions {
            if !settings.openapi_inline && inline.contains(set.node(*def).loc.pointer.as_str()) {
                continue;
            }
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
                .with_help("map a definition, a property or an item schema that is used as it stands")
                .with_kind(ErrorKind::Setting));
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
    let dynamic = crate::ir::plan::is_dynamic(set);
    let root_ty = root_ty.map(|(id, nullable)| {
        document::document_type(&mut types, id, nullable, dynamic, &mut l.names)
    });
    boxing::name_alias_cycles(&mut types);
    boxing::break_cycles(&mut types);
    generics::propagate_generics(&mut types);
    super::implied::assign(&mut types);
    if settings.builders {
        // Every error of the builder plan is about a setting (a derived field, an input, an
        // invariant).
        builder_layout::layout(set, doc, settings, &mut types, &mut l.names)
            .map_err(|e| e.with_kind(ErrorKind::Setting))?;
    }
    let mut module = Module {
        source: set.document(doc).display.clone(),
        types,
        root: root_ty.map_or(Ty::Any, Ty::Named),
        tag_members: l.tag_members.into_iter().collect(),
    };
    super::decoding::assign(&mut module);
    super::heap_read::assign(&mut module);
    super::defaults::assign(set, &mut module);
    Ok(module)
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
    /// Constrained strings and numbers given a validating newtype ([`TypeDef::validated`]).
    validated: BTreeSet<NodeId>,
    /// A tagged union's branch whose variant holds the branch's own type, merged from one
    /// `allOf` member that leaves the tag free: the member (`Lower::tag_only_wrapper`).
    tag_member_of: BTreeMap<NodeId, NodeId>,
    /// The pairs found ([`crate::ir::Module::tag_members`]).
    tag_members: BTreeSet<crate::ir::TagMember>,
    /// The validation plan, for what a schema accepts ([`crate::ir::plan::Plan::refuses_all`]).
    plan: crate::ir::plan::Plan<'a>,
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
        let n = self.set.node(node);
        let own = n
            .keywords()
            .and_then(|k| match (&k.title, &k.description) {
                (Some(t), Some(d)) if t != d => Some(format!("{t}\n\n{d}")),
                (_, Some(d)) => Some(d.clone()),
                (Some(t), None) => Some(t.clone()),
                (None, None) => None,
            })
            .or_else(|| self.tagged_member_docs(node));
        // An OpenAPI schema written inline: what it is the schema of (a request body, a
        // response, a parameter) comes first.
        let about = self
            .set
            .document(n.loc.doc)
            .openapi_schemas
            .iter()
            .find(|s| s.pointer == n.loc.pointer)
            .and_then(|s| s.about.clone());
        match (about, own) {
            (Some(a), Some(o)) => Some(format!("{a}\n\n{o}")),
            (a, o) => a.or(o),
        }
    }

    /// The docs of the one `allOf` member of `node` when `node` only adds a tag to it (a
    /// required property, its one declared property) and says nothing of itself: the
    /// branch an OpenAPI `discriminator` wraps around a component (`load::openapi`),
    /// whose type is the component merged with its tag, is described as the component.
    fn tagged_member_docs(&self, node: NodeId) -> Option<String> {
        let k = self.set.node(node).keywords()?;
        let [member] = k.all_of.as_slice() else {
            return None;
        };
        let [(tag, _)] = k.properties.as_slice() else {
            return None;
        };
        if k.ref_.is_some() || k.required.as_slice() != [tag.clone()] {
            return None;
        }
        let target = follow_refs(self.set, *member).ok()?;
        let m = self.set.node(target).keywords()?;
        m.description.clone().or_else(|| m.title.clone())
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
        self.register(node, hint, |l, name| l.kind_of(node, name))
    }

    /// The type of `node`, registered under a name claimed from `hint` before `make`
    /// decides its kind, so that a reference back to `node` inside it finds the type
    /// (recursion-safe); [`Self::named`] for a referenced schema, and directly for an
    /// anonymous struct or enum (its hint already renamed by the settings).
    fn register(
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
        let name = self.names.claim(hint);
        let kind = make(self, &name)?;
        self.types[id.0] = Some(TypeDef {
            name,
            docs: self.docs(node),
            origin: self.set.location_of(node),
            node,
            generics: Vec::new(),
            kind,
            validated: self.validated.contains(&node),
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
        if self.plan.refuses_all(node) {
            // No value to hold: an enum of no variants (docs/type-mapping.md, "Schemas
            // that accept nothing").
            return Ok(TypeKind::Enum(super::Enum::uninhabited()));
        }
        let shape = shape_of(self.set, node)?;
        match self.classify(node, &shape, name)? {
            Classified::Struct(s) => Ok(TypeKind::Struct(s)),
            Classified::Enum(e) => Ok(TypeKind::Enum(e)),
            Classified::Tuple(t) => Ok(TypeKind::Tuple(t)),
            Classified::Ty(l) if !l.nullable && self.validating_newtype(node, &shape, &l.ty) => {
                self.validated.insert(node);
                Ok(TypeKind::Newtype(l.ty))
            }
            Classified::Ty(l) => Ok(TypeKind::Alias(wrap_nullable(l.ty, l.nullable))),
        }
    }

    /// Adds a type that has no node of its own (a part of a union).
    pub(super) fn push_type(&mut self, node: NodeId, hint: &str, kind: TypeKind) -> TypeId {
        let id = TypeId(self.types.len());
        let name = self.names.claim(hint);
        self.types.push(Some(TypeDef {
            name,
            docs: None,
            origin: self.set.location_of(node),
            node,
            generics: Vec::new(),
            kind,
            validated: false,
        }));
        id
    }
}

enum Classified {
    Struct(Struct),
    Enum(Enum),
    Tuple(super::Tuple),
    Ty(Lowered),
}

fn wrap_nullable(ty: Ty, nullable: bool) -> Ty {
    if nullable && !ty.admits_null() {
        Ty::Option(Box::new(ty))
    } else {
        ty
    }
}
