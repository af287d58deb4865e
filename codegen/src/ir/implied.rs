//! Tags as the type: a required property whose schema admits exactly one string (`"kind":
//! {"const": "circle"}`, or an `enum` of one string) carries no information a value could
//! choose, so the struct does not store it ([`Field::implied`]). Constructing and building
//! the struct need no value for it and cannot give a wrong one; serializing writes the
//! string at the property's place; reading still reads the property through its
//! one-variant enum, so a missing or different value is refused with today's errors
//! (docs/type-mapping.md, "Tags").

use super::{Field, Presence, Ty, TypeDef, TypeKind, VariantKind};
use serde_json::Value;

/// Sets [`Field::implied`] on every required, non-nullable field whose type is a generated
/// enum of one string literal.
pub(crate) fn assign(types: &mut [TypeDef]) {
    let mut found = Vec::new();
    for (i, t) in types.iter().enumerate() {
        let TypeKind::Struct(s) = &t.kind else {
            continue;
        };
        for (j, f) in s.fields.iter().enumerate() {
            if let Some(tag) = only_string(types, f) {
                found.push((i, j, tag));
            }
        }
    }
    for (i, j, tag) in found {
        if let TypeKind::Struct(s) = &mut types[i].kind {
            s.fields[j].implied = Some(tag);
        }
    }
}

/// The one string a field can hold, when it is required, not nullable, and typed by a
/// generated enum whose only variant is that string.
fn only_string(types: &[TypeDef], f: &Field) -> Option<String> {
    if f.presence() != Presence::Required || f.derived.is_some() {
        return None;
    }
    let Ty::Named(id) = &f.ty else {
        return None;
    };
    let TypeKind::Enum(e) = &types.get(id.0)?.kind else {
        return None;
    };
    match e.variants.as_slice() {
        [v] => match &v.kind {
            VariantKind::Literal(Value::String(s)) => Some(s.clone()),
            _ => None,
        },
        _ => None,
    }
}
