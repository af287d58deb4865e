//! Schema `default`s as Rust values ([`Field::default`], [`Enum::default`]), decided once
//! after lowering, when every field's type is known.
//!
//! A default is kept only where the field's Rust type holds it as a constant expression:
//! booleans, integers that fit the integer type, numbers, strings, a unit variant of a
//! generated enum, the empty array, and `null` for a nullable field. Any other default
//! (an object, a non-empty array, a value of another kind than the field's) stays in the
//! docs only. The document itself is never changed: a field the input left out stays
//! `None` and is written back absent; the accessor and the builder supply the default.

use super::shape::{envgen_json_eq, follow_refs};
use super::{DefaultValue, Enum, Field, FieldDefault, Module, Presence, Ty, TypeKind, VariantKind};
use crate::load::{NodeId, SchemaSet};
use serde_json::Value;

/// Methods a struct already has, or that an inherent method of the same name would shadow
/// on method-call syntax (`value.clone()`): an accessor never takes these names.
const TAKEN: &[&str] = &[
    "builder",
    "from_json_str",
    "from_json_str_with",
    "validate",
    "validate_with",
    "clone",
    "clone_from",
    "eq",
    "ne",
    "fmt",
    "hash",
    "cmp",
    "partial_cmp",
    "default",
    "serialize",
    "deserialize",
    "to_owned",
    "to_string",
    "into",
    "try_into",
    "borrow",
    "borrow_mut",
    "type_id",
];

/// Sets [`Field::default`] on every struct field and [`super::Enum::default`] on every enum
/// whose schema gives a `default` the Rust type can hold.
pub(crate) fn assign(set: &SchemaSet, module: &mut Module) {
    let mut enum_defaults = Vec::new();
    let mut field_defaults = Vec::new();
    for (i, t) in module.types.iter().enumerate() {
        match &t.kind {
            TypeKind::Enum(e) => {
                let found = schema_default(set, t.node).and_then(|v| literal_index(e, v));
                if found.is_some() {
                    enum_defaults.push((i, found));
                }
            }
            TypeKind::Struct(s) => {
                let derived: Vec<&str> = s
                    .fields
                    .iter()
                    .filter(|f| f.derived.is_some())
                    .map(|f| f.name.as_str())
                    .collect();
                // Accessor names taken so far in this struct: a fallback name
                // (`clone_or_default`) may be another field's own.
                let mut taken: Vec<String> = Vec::new();
                for (j, f) in s.fields.iter().enumerate() {
                    if f.derived.is_some() || f.implied.is_some() {
                        continue;
                    }
                    let Some(v) = schema_default(set, f.node) else {
                        continue;
                    };
                    let Some(value) = value_of(module, f, v) else {
                        continue;
                    };
                    let accessor = matches!(
                        f.presence(),
                        Presence::Optional | Presence::OptionalNullable
                    )
                    .then(|| {
                        let mut name = accessor_name(&f.name, &derived);
                        while taken.contains(&name) {
                            name.push_str("_2");
                        }
                        taken.push(name.clone());
                        name
                    });
                    field_defaults.push((i, j, FieldDefault { value, accessor }));
                }
            }
            _ => {}
        }
    }
    for (i, d) in enum_defaults {
        if let TypeKind::Enum(e) = &mut module.types[i].kind {
            e.default = d;
        }
    }
    for (i, j, d) in field_defaults {
        if let TypeKind::Struct(s) = &mut module.types[i].kind {
            s.fields[j].default = Some(d);
        }
    }
}

/// The node's own `default`, or that of the schema its `$ref` chain leads to.
fn schema_default(set: &SchemaSet, node: NodeId) -> Option<&Value> {
    if node.0 == usize::MAX {
        return None;
    }
    let own = set.node(node).keywords().and_then(|k| k.default.as_ref());
    own.or_else(|| {
        let target = follow_refs(set, node).ok()?;
        (target != node)
            .then(|| set.node(target).keywords().and_then(|k| k.default.as_ref()))
            .flatten()
    })
}

/// The accessor's name: the field's, unless the type has a method of that name.
fn accessor_name(field: &str, derived: &[&str]) -> String {
    // `as_`, `to_`, `into_`, `from_`: clippy's `wrong_self_convention` expects another
    // receiver of methods named so.
    let convention = ["as_", "to_", "into_", "from_"]
        .iter()
        .any(|p| field.trim_start_matches("r#").starts_with(p));
    if TAKEN.contains(&field) || derived.contains(&field) || convention {
        format!("{}_or_default", field.trim_start_matches("r#"))
    } else {
        field.to_owned()
    }
}

/// `v` as a value of the field's type, where the type holds it.
fn value_of(module: &Module, f: &Field, v: &Value) -> Option<DefaultValue> {
    if v.is_null() {
        return matches!(
            f.presence(),
            Presence::RequiredNullable | Presence::OptionalNullable
        )
        .then_some(DefaultValue::Null);
    }
    of_type(module, &f.ty, v, 0)
}

fn of_type(module: &Module, ty: &Ty, v: &Value, depth: usize) -> Option<DefaultValue> {
    // Alias chains are finite (an alias on a cycle is a newtype); the bound guards a
    // malformed module.
    if depth > 64 {
        return None;
    }
    match (ty, v) {
        (Ty::Bool, Value::Bool(b)) => Some(DefaultValue::Bool(*b)),
        (Ty::Int(i), Value::Number(n)) => {
            let (min, max) = i.range();
            if i.signed() {
                int(n)
                    .filter(|v| (min..=max).contains(&i128::from(*v)))
                    .map(DefaultValue::Int)
            } else {
                uint(n)
                    .filter(|v| i128::from(*v) <= max)
                    .map(DefaultValue::UInt)
            }
        }
        (Ty::F64, Value::Number(n)) => n.as_f64().map(DefaultValue::Float),
        (Ty::String, Value::String(s)) => Some(DefaultValue::Str(s.clone())),
        (Ty::Vec(_), Value::Array(a)) if a.is_empty() => Some(DefaultValue::EmptyVec),
        (Ty::Named(id), _) => match &module.get(*id).kind {
            TypeKind::Alias(t) => of_type(module, t, v, depth + 1),
            TypeKind::Newtype(inner) if module.get(*id).validated => {
                of_type(module, inner, v, depth + 1)
                    .map(|d| DefaultValue::Newtype(*id, Box::new(d)))
            }
            TypeKind::Enum(e) => literal_index(e, v).map(|i| DefaultValue::Variant(*id, i)),
            _ => None,
        },
        _ => None,
    }
}

/// The index of the enum's literal variant equal to `v` (numbers by value).
fn literal_index(e: &Enum, v: &Value) -> Option<usize> {
    e.variants
        .iter()
        .position(|var| matches!(&var.kind, VariantKind::Literal(l) if envgen_json_eq(l, v)))
}

/// A JSON integer (`3`, or `3.0`) that fits an `i64`.
fn int(n: &serde_json::Number) -> Option<i64> {
    n.as_i64().or_else(|| {
        let f = n.as_f64()?;
        (f.fract() == 0.0 && f >= i64::MIN as f64 && f < i64::MAX as f64).then_some(f as i64)
    })
}

/// A JSON integer (`3`, or `3.0`) that fits a `u64`.
fn uint(n: &serde_json::Number) -> Option<u64> {
    n.as_u64().or_else(|| {
        let f = n.as_f64()?;
        (f.fract() == 0.0 && f >= 0.0 && f < u64::MAX as f64).then_some(f as u64)
    })
}
