//! The generated API of one schema, as the diff sees it: named types with their fields,
//! variants and constraints, keyed by Rust name so two versions can be lined up.

use super::constraint::Constraints;
use crate::ir::plan::Plan;
use crate::ir::{Extra, Module, Ty, TypeKind, VariantKind};
use crate::load::{DocId, SchemaSet};
use std::collections::BTreeMap;

/// The API generated from one schema.
#[derive(Debug, Clone, PartialEq)]
pub struct Api {
    /// The root type's Rust name.
    pub root: String,
    /// Every named type, by Rust name.
    pub types: BTreeMap<String, TypeApi>,
}

/// One named type.
#[derive(Debug, Clone, PartialEq)]
pub struct TypeApi {
    /// Where it comes from (`file#pointer`).
    pub origin: String,
    /// Struct, enum or alias.
    pub kind: KindApi,
    /// The constraints of the type's own schema.
    pub constraints: Constraints,
}

/// What a named type is.
#[derive(Debug, Clone, PartialEq)]
pub enum KindApi {
    /// A struct: fields by JSON property name, and what it does with other properties.
    Struct {
        /// The declared properties.
        fields: BTreeMap<String, FieldApi>,
        /// Undeclared properties.
        extra: ExtraApi,
    },
    /// An enum: variants by Rust name.
    Enum {
        /// The variants.
        variants: BTreeMap<String, VariantApi>,
    },
    /// Another name for a type.
    Alias {
        /// The aliased type, rendered as Rust.
        ty: String,
    },
    /// A tuple struct around one type.
    Newtype {
        /// The wrapped type, rendered as Rust.
        ty: String,
    },
    /// A tuple struct from an array schema's leading items, or a fixed-size array's.
    Tuple {
        /// Its fields' types, rendered as Rust and joined (`f64, f64, Vec<bool>`), or its
        /// array (`[f64; 2]`).
        ty: String,
    },
}

impl KindApi {
    /// `struct`, `enum` or `type alias`, for messages.
    pub fn word(&self) -> &'static str {
        match self {
            KindApi::Struct { .. } => "struct",
            KindApi::Enum { .. } => "enum",
            KindApi::Alias { .. } => "type alias",
            KindApi::Newtype { .. } => "newtype struct",
            KindApi::Tuple { .. } => "tuple struct",
        }
    }
}

/// How a struct treats properties it does not declare.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExtraApi {
    /// Rejected (`additionalProperties: false`).
    Deny,
    /// Kept, any value.
    Preserve,
    /// Kept, values of this type.
    Typed(String),
}

impl ExtraApi {
    /// For messages.
    pub fn describe(&self) -> String {
        match self {
            ExtraApi::Deny => "rejected".to_owned(),
            ExtraApi::Preserve => "kept (any value)".to_owned(),
            ExtraApi::Typed(t) => format!("kept as {t}"),
        }
    }
}

/// One struct field.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldApi {
    /// The Rust field name.
    pub rust: String,
    /// The value type (without the `Option` of presence), rendered as Rust.
    pub ty: String,
    /// Listed in `required`.
    pub required: bool,
    /// `null` is allowed.
    pub nullable: bool,
    /// The constraints of the property's own schema.
    pub constraints: Constraints,
}

/// One enum variant.
#[derive(Debug, Clone, PartialEq)]
pub struct VariantApi {
    /// The JSON literal (`enum`/`const`), or the payload type rendered as Rust.
    pub value: String,
    /// Whether it is a literal.
    pub literal: bool,
}

impl Api {
    /// Reads the API off a lowered module.
    pub fn new(set: &SchemaSet, module: &Module) -> Api {
        // Constraints are read off the validation plan; its locations are not used.
        let doc = module
            .types
            .first()
            .map_or(DocId(0), |t| set.node(t.node).loc.doc);
        let plan = Plan::new(set, doc);
        let constraints_of = |node| Constraints::of(&plan, node);
        let mut types = BTreeMap::new();
        for t in &module.types {
            let kind = match &t.kind {
                TypeKind::Struct(s) => KindApi::Struct {
                    fields: s
                        .fields
                        .iter()
                        .map(|f| {
                            (
                                f.json.clone(),
                                FieldApi {
                                    rust: f.name.clone(),
                                    ty: render(module, &f.ty),
                                    required: f.required,
                                    nullable: f.nullable,
                                    constraints: constraints_of(f.node),
                                },
                            )
                        })
                        .collect(),
                    extra: match &s.extra {
                        Extra::Deny => ExtraApi::Deny,
                        Extra::Preserve => ExtraApi::Preserve,
                        Extra::Typed(ty) => ExtraApi::Typed(render(module, ty)),
                    },
                },
                TypeKind::Enum(e) => KindApi::Enum {
                    variants: e
                        .variants
                        .iter()
                        .map(|v| {
                            let (value, literal) = match &v.kind {
                                VariantKind::Literal(l) => (l.to_string(), true),
                                VariantKind::Payload(ty) => (render(module, ty), false),
                            };
                            (v.name.clone(), VariantApi { value, literal })
                        })
                        .collect(),
                },
                TypeKind::Alias(ty) => KindApi::Alias {
                    ty: render(module, ty),
                },
                TypeKind::Newtype(ty) => KindApi::Newtype {
                    ty: render(module, ty),
                },
                TypeKind::Tuple(t) => KindApi::Tuple {
                    ty: match t.array_item() {
                        Some(item) => format!("[{}; {}]", render(module, item), t.items.len()),
                        None => tuple_fields(module, t),
                    },
                },
            };
            types.insert(
                t.name.clone(),
                TypeApi {
                    origin: t.origin.clone(),
                    kind,
                    constraints: constraints_of(t.node),
                },
            );
        }
        Api {
            root: render(module, &module.root),
            types,
        }
    }
}

/// A tuple struct's fields, rendered as Rust and joined (`f64, f64, Vec<bool>`).
fn tuple_fields(module: &Module, t: &crate::ir::Tuple) -> String {
    t.items
        .iter()
        .map(|ty| render(module, ty))
        .chain(
            t.rest
                .iter()
                .map(|ty| format!("Vec<{}>", render(module, ty))),
        )
        .collect::<Vec<_>>()
        .join(", ")
}

/// A type expression as Rust source, with generated types by name.
pub fn render(module: &Module, ty: &Ty) -> String {
    match ty {
        Ty::Named(id) => module.get(*id).name.clone(),
        Ty::Generic(g) => g.clone(),
        Ty::Any => "Value".to_owned(),
        Ty::Unit => "()".to_owned(),
        Ty::Bool => "bool".to_owned(),
        Ty::String => "String".to_owned(),
        Ty::Int(i) => i.name().to_owned(),
        Ty::F64 => "f64".to_owned(),
        Ty::Vec(t) => format!("Vec<{}>", render(module, t)),
        Ty::Map(t) => format!("IndexMap<String, {}>", render(module, t)),
        Ty::Object => "Map<String, Value>".to_owned(),
        // Boxing breaks recursion; it does not change what documents mean.
        Ty::Boxed(t) => render(module, t),
        Ty::Option(t) => format!("Option<{}>", render(module, t)),
        Ty::Mapped(m) => m.path.clone(),
    }
}
