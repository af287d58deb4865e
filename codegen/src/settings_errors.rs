//! Checks on [`Settings`] against the schema they apply to, so that a bad setting is a
//! located error, never a panic or a silently ignored option.

use crate::error::{Error, ErrorKind, Result};
use crate::ir::{Module, TypeKind, INTERNAL_PARAMS};
use crate::load::{DocId, Loc, NodeId, SchemaSet};
use crate::settings::Settings;

/// Before lowering: names are Rust identifiers, pointers name schemas, derives and the
/// runtime path are paths. An error is of kind [`ErrorKind::Setting`].
pub(crate) fn before(settings: &Settings, set: &SchemaSet, doc: DocId) -> Result<()> {
    check_before(settings, set, doc).map_err(setting)
}

/// After lowering: every renamed schema got exactly the name asked for (a name already
/// taken would otherwise be silently suffixed), and every rename had an effect. An error
/// is of kind [`ErrorKind::Setting`].
pub(crate) fn after(
    settings: &Settings,
    set: &SchemaSet,
    doc: DocId,
    module: &Module,
) -> Result<()> {
    check_after(settings, set, doc, module).map_err(setting)
}

fn setting(e: Error) -> Error {
    e.with_kind(ErrorKind::Setting)
}

/// The runtime crate's path as generated code names it, or why it is not a Rust path.
pub(crate) fn runtime_path(settings: &Settings) -> Result<syn::Path, String> {
    syn::parse_str::<syn::Path>(&settings.runtime_path).map_err(|e| {
        format!(
            "the runtime path {:?} is not a Rust path ({e})",
            settings.runtime_path
        )
    })
}

fn check_before(settings: &Settings, set: &SchemaSet, doc: DocId) -> Result<()> {
    runtime_path(settings).map_err(|why| {
        set.error_at(doc, "", why).with_help(
            "name the crate that re-exports the runtime, for example `--runtime-path ::my_crate::envgen_runtime`",
        )
    })?;
    if settings.validating_newtypes && !(settings.validators && settings.types) {
        return Err(set
            .error_at(doc, "", "validating newtypes check the schema with the generated validators, which are switched off")
            .with_help("drop `--no-validators` (`Settings::validators(false)`), or drop `--validating-newtypes`"));
    }
    if let Some(name) = &settings.root_name {
        check_ident(name).map_err(|why| {
            set.error_at(doc, "", format!("the root type name {name:?} {why}"))
                .with_help("pass a PascalCase identifier, for example `--root-name Order`")
        })?;
    }
    for (pointer, name) in &settings.renames {
        check_ident(name).map_err(|why| {
            set.error_at(doc, pointer, format!("the rename to {name:?} {why}"))
                .with_help("rename to a PascalCase identifier, for example `POINTER=Order`")
        })?;
        node_at(set, doc, pointer).ok_or_else(|| {
            set.error_at(
                doc,
                pointer,
                "the rename setting names no schema at this pointer; expected the JSON pointer of a schema in this file",
            )
            .with_help("use a pointer such as `/definitions/Name` or `/properties/a`, with `~1` for `/` in names")
        })?;
    }
    for (format, path) in &settings.format_types {
        if let Err(e) = syn::parse_str::<syn::Type>(path) {
            // Located at the first `format` keyword it would map, else at the root.
            let at = set
                .nodes()
                .iter()
                .find(|n| {
                    n.loc.doc == doc
                        && n.keywords()
                            .and_then(|k| k.string("format"))
                            .is_some_and(|f| f == format)
                })
                .map(|n| format!("{}/format", n.loc.pointer))
                .unwrap_or_default();
            return Err(set
                .error_at(doc, &at, format!("the format mapping {format}={path:?} does not name a Rust type ({e})"))
                .with_help("write `--map-format FORMAT=PATH`, for example `--map-format date-time=::chrono::DateTime<::chrono::Utc>`"));
        }
    }
    for (pointer, path) in &settings.type_mappings {
        node_at(set, doc, pointer).ok_or_else(|| {
            set.error_at(
                doc,
                pointer,
                format!("the type mapping to {path:?} names no schema at this pointer; expected the JSON pointer of a schema in this file"),
            )
            .with_help("use a pointer such as `/definitions/Money` or `/properties/a`, with `~1` for `/` in names")
        })?;
        if let Err(e) = syn::parse_str::<syn::Type>(path) {
            return Err(set
                .error_at(doc, pointer, format!("the type mapping to {path:?} does not name a Rust type ({e})"))
                .with_help("write `--map-type POINTER=PATH`, for example `--map-type /definitions/Money=crate::money::Money`"));
        }
    }
    for g in &settings.generic_properties {
        if INTERNAL_PARAMS.contains(&g.param.as_str())
            || syn::parse_str::<syn::Ident>(&g.param).is_err()
        {
            return Err(set.error_at(
                doc,
                &g.pointer,
                format!(
                    "the generic parameter name {:?} is not usable (it must be an identifier other than {})",
                    g.param,
                    INTERNAL_PARAMS.join(", ")
                ),
            ));
        }
        node_at(set, doc, &g.pointer).ok_or_else(|| {
            set.error_at(
                doc,
                &g.pointer,
                "the generic-property setting names no schema at this pointer",
            )
        })?;
    }
    for d in &settings.extra_derives {
        if syn::parse_str::<syn::Path>(d).is_err() {
            return Err(set.error_at(
                doc,
                "",
                format!("the derive {d:?} is not a Rust path; expected one path per `--derive`, such as `Eq` or `serde_with::SerializeDisplay`"),
            )
            .with_help("repeat `--derive` for several derives instead of a comma-separated list"));
        }
    }
    Ok(())
}

fn check_after(settings: &Settings, set: &SchemaSet, doc: DocId, module: &Module) -> Result<()> {
    for (pointer, name) in &settings.renames {
        let Some(node) = node_at(set, doc, pointer) else {
            continue;
        };
        let mut got: Vec<(String, String)> = Vec::new();
        for t in &module.types {
            if t.node == node {
                got.push((t.name.clone(), t.origin.clone()));
            }
            if let TypeKind::Enum(e) = &t.kind {
                for v in &e.variants {
                    if v.branch == Some(node) {
                        got.push((v.name.clone(), format!("a variant of `{}`", t.name)));
                    }
                }
            }
        }
        if got.is_empty() {
            return Err(set
                .error_at(doc, pointer, format!(
                    "the rename to {name:?} has no effect: the schema here generates no named type or variant (it is a primitive, an inline container, or unused)"
                ))
                .with_help("rename the schema that generates the type: a definition, an object property with its own properties, or a `oneOf`/`anyOf` branch"));
        }
        if let Some((actual, _)) = got.iter().find(|(n, _)| n != name) {
            let holder = module
                .types
                .iter()
                .find(|t| &t.name == name && t.node != node)
                .map(|t| format!("the type generated from `{}`", t.origin))
                .unwrap_or_else(|| "another type or variant in the same scope".to_owned());
            return Err(set
                .error_at(doc, pointer, format!(
                    "name collision: the rename to {name:?} cannot be honoured because {holder} already has that name (this schema became `{actual}`)"
                ))
                .with_help("choose a name no other generated type uses, or rename the other schema too"));
        }
    }
    Ok(())
}

fn node_at(set: &SchemaSet, doc: DocId, pointer: &str) -> Option<NodeId> {
    set.node_at(&Loc {
        doc,
        pointer: pointer.to_owned(),
    })
}

/// Why `name` cannot be a generated type or variant name, if it cannot.
fn check_ident(name: &str) -> std::result::Result<(), String> {
    if syn::parse_str::<syn::Ident>(name).is_err() || name.starts_with("r#") {
        return Err(
            "is not a Rust identifier (letters, digits and `_`, not starting with a digit, not a keyword)"
                .to_owned(),
        );
    }
    if crate::ir::naming::Names::types().is_taken(name) {
        return Err(format!(
            "is reserved: generated code uses `{name}` for its own items"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::check_ident;

    #[test]
    fn identifiers() {
        assert!(check_ident("Order").is_ok());
        for bad in ["not valid", "fn", "1A", "Option", "Self"] {
            assert!(check_ident(bad).is_err(), "{bad}");
        }
    }
}
