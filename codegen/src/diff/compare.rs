//! Lines up two [`Api`]s and lists their differences, in a fixed order: by type name,
//! then field (JSON name) or variant (Rust name), then keyword.

use super::api::{Api, ExtraApi, FieldApi, KindApi, TypeApi};
use super::change::Change;
use super::constraint::Constraints;
use super::kind::ChangeKind;

/// Every difference from `old` to `new`.
pub fn compare(old: &Api, new: &Api) -> Vec<Change> {
    let mut out = Vec::new();
    if old.root != new.root {
        out.push(Change::new(
            new.root.clone(),
            ChangeKind::RootChanged,
            format!("root type `{}` → `{}`", old.root, new.root),
        ));
    }
    let names: std::collections::BTreeSet<&String> =
        old.types.keys().chain(new.types.keys()).collect();
    for name in names {
        match (old.types.get(name), new.types.get(name)) {
            (Some(o), Some(n)) => compare_type(name, o, n, &mut out),
            (None, Some(n)) => out.push(Change::new(
                name.clone(),
                ChangeKind::TypeAdded,
                format!("{} `{name}` added ({})", n.kind.word(), n.origin),
            )),
            (Some(o), None) => out.push(Change::new(
                name.clone(),
                ChangeKind::TypeRemoved,
                format!("{} `{name}` removed (was {})", o.kind.word(), o.origin),
            )),
            (None, None) => {}
        }
    }
    out
}

fn compare_type(name: &str, old: &TypeApi, new: &TypeApi, out: &mut Vec<Change>) {
    constraints(name, &old.constraints, &new.constraints, out);
    match (&old.kind, &new.kind) {
        (
            KindApi::Struct {
                fields: of,
                extra: oe,
            },
            KindApi::Struct {
                fields: nf,
                extra: ne,
            },
        ) => {
            let keys: std::collections::BTreeSet<&String> = of.keys().chain(nf.keys()).collect();
            for json in keys {
                match (of.get(json), nf.get(json)) {
                    (Some(o), Some(n)) => compare_field(name, json, o, n, out),
                    (None, Some(n)) => out.push(Change::new(
                        format!("{name}.{}", n.rust),
                        ChangeKind::FieldAdded {
                            required: n.required,
                            old_denies_unknown: *oe == ExtraApi::Deny,
                        },
                        format!(
                            "{} field `{json}` added: {}",
                            if n.required { "required" } else { "optional" },
                            n.ty
                        ),
                    )),
                    (Some(o), None) => out.push(Change::new(
                        format!("{name}.{}", o.rust),
                        ChangeKind::FieldRemoved,
                        format!(
                            "{} field `{json}` removed (was {})",
                            if o.required { "required" } else { "optional" },
                            o.ty
                        ),
                    )),
                    (None, None) => {}
                }
            }
            if oe != ne {
                out.push(Change::new(
                    name.to_owned(),
                    ChangeKind::ExtraChanged {
                        old_deny: *oe == ExtraApi::Deny,
                        new_deny: *ne == ExtraApi::Deny,
                    },
                    format!(
                        "undeclared properties: {} → {}",
                        oe.describe(),
                        ne.describe()
                    ),
                ));
            }
        }
        (KindApi::Enum { variants: ov }, KindApi::Enum { variants: nv }) => {
            let keys: std::collections::BTreeSet<&String> = ov.keys().chain(nv.keys()).collect();
            for v in keys {
                let path = format!("{name}::{v}");
                match (ov.get(v), nv.get(v)) {
                    (Some(o), Some(n)) if o != n => out.push(Change::new(
                        path,
                        ChangeKind::VariantChanged,
                        format!("variant `{v}`: {} → {}", o.value, n.value),
                    )),
                    (None, Some(n)) => out.push(Change::new(
                        path,
                        ChangeKind::VariantAdded,
                        format!("variant `{v}` added ({})", n.value),
                    )),
                    (Some(o), None) => out.push(Change::new(
                        path,
                        ChangeKind::VariantRemoved,
                        format!("variant `{v}` removed (was {})", o.value),
                    )),
                    _ => {}
                }
            }
        }
        (KindApi::Alias { ty: ot }, KindApi::Alias { ty: nt }) => {
            retyped(out, name, ot, nt, || format!("`type {name}` = {ot} → {nt}"));
        }
        (KindApi::Newtype { ty: ot }, KindApi::Newtype { ty: nt })
        | (KindApi::Tuple { ty: ot }, KindApi::Tuple { ty: nt }) => {
            retyped(out, name, ot, nt, || {
                format!("`struct {name}({ot})` → `struct {name}({nt})`")
            });
        }
        (o, n) => out.push(Change::new(
            name.to_owned(),
            ChangeKind::TypeChanged,
            format!("`{name}` was a {}, is now a {}", o.word(), n.word()),
        )),
    }
}

/// A `TypeChanged` of type `name` when the type it wraps went from `old` to `new`, worded
/// by `message`.
fn retyped(
    out: &mut Vec<Change>,
    name: &str,
    old: &str,
    new: &str,
    message: impl FnOnce() -> String,
) {
    if old != new {
        out.push(Change::new(
            name.to_owned(),
            ChangeKind::TypeChanged,
            message(),
        ));
    }
}

fn compare_field(ty: &str, json: &str, old: &FieldApi, new: &FieldApi, out: &mut Vec<Change>) {
    let path = format!("{ty}.{}", new.rust);
    if old.ty != new.ty {
        out.push(Change::new(
            path.clone(),
            ChangeKind::FieldTypeChanged,
            format!("field `{json}`: {} → {}", old.ty, new.ty),
        ));
    }
    if old.required != new.required {
        let (kind, what) = if new.required {
            (ChangeKind::FieldNowRequired, "optional → required")
        } else {
            (ChangeKind::FieldNowOptional, "required → optional")
        };
        out.push(Change::new(
            path.clone(),
            kind,
            format!("field `{json}`: {what}"),
        ));
    }
    if old.nullable != new.nullable {
        let kind = if new.nullable {
            ChangeKind::FieldNowNullable
        } else {
            ChangeKind::FieldNoLongerNullable
        };
        out.push(Change::new(
            path.clone(),
            kind,
            format!(
                "field `{json}`: {}",
                if new.nullable {
                    "now allows null"
                } else {
                    "no longer allows null"
                }
            ),
        ));
    }
    constraints(&path, &old.constraints, &new.constraints, out);
}

fn constraints(path: &str, old: &Constraints, new: &Constraints, out: &mut Vec<Change>) {
    for c in old.changes(new) {
        out.push(Change::new(
            path.to_owned(),
            ChangeKind::Constraint {
                keyword: c.keyword,
                movement: c.movement.clone(),
            },
            format!("`{}`: {} → {}", c.keyword, c.old, c.new),
        ));
    }
}
