//! Builder layout: the names every struct's builder uses (its type, typestate parameters,
//! null setters, finishing method) and the derived fields it computes. Decided here, after
//! all type names are claimed, so that no builder name collides with a generated type.

use super::naming::{pascal, Names};
use super::{Builder, Field, Input, Presence, Slot, State, TypeDef, TypeKind};
use crate::error::Result;
use crate::load::{DocId, Loc, SchemaSet};
use crate::settings::{Invariant, Settings};

/// Names the generated code uses inside builder impls, which no typestate parameter may
/// shadow.
const INTERNAL: [&str; 4] = ["Set", "Unset", "PhantomData", "Self"];

/// Lays out the builder of every struct in `types`, claiming the builder type names in `names`
/// (the module's type namespace). Applies the derived-field settings; a setting that names
/// no property, or whose expression or input type is not Rust, is a located error.
pub(crate) fn layout(
    set: &SchemaSet,
    doc: DocId,
    settings: &Settings,
    types: &mut [TypeDef],
    names: &mut Names,
) -> Result<()> {
    let mut used = vec![false; settings.derived.len()];
    let mut used_rules = vec![false; settings.invariants.len()];
    for t in types.iter_mut() {
        let TypeKind::Struct(s) = &mut t.kind else {
            continue;
        };
        let inputs = derive_fields(set, doc, settings, &mut s.fields, &mut used)?;
        let here = &set.node(t.node).loc;
        let methods = method_names(set, doc, here, &t.name, &s.fields, &inputs)?;
        let states = typestates(names, &t.generics, &s.fields, &inputs);
        let invariants = invariants(set, doc, settings, here, &mut used_rules)?;
        let name = names.claim(&format!("{}Builder", t.name));
        s.builder = Some(Builder {
            name,
            values: String::new(),
            finish: methods.finish,
            retype: methods.retype,
            states,
            null_setters: methods.null_setters,
            inputs,
            invariants,
        });
    }
    // Claimed after every builder name, so that adding them renamed no builder.
    for t in types.iter_mut() {
        if let TypeKind::Struct(s) = &mut t.kind {
            if let Some(b) = &mut s.builder {
                b.values = names.claim(&format!("{}Values", b.name));
            }
        }
    }
    first_unused(
        set,
        doc,
        &used,
        settings.derived.iter().map(|d| d.pointer.as_str()),
        "the derived-field setting names no property of a generated struct at this pointer",
    )?;
    first_unused(
        set,
        doc,
        &used_rules,
        settings.invariants.iter().map(|r| r.pointer.as_str()),
        "the invariant setting names no generated struct at this pointer",
    )
}

/// The builder inputs of a struct's `fields` (in first-use order), after setting each field
/// that a derived-field setting names as derived (marked in `used`); an expression,
/// input name or input type that is not Rust is a located error.
fn derive_fields(
    set: &SchemaSet,
    doc: DocId,
    settings: &Settings,
    fields: &mut [Field],
    used: &mut [bool],
) -> Result<Vec<Input>> {
    let mut inputs: Vec<Input> = Vec::new();
    for f in fields.iter_mut() {
        let n = set.node(f.node);
        if n.loc.doc != doc {
            continue;
        }
        for (i, d) in settings.derived.iter().enumerate() {
            if d.pointer != n.loc.pointer {
                continue;
            }
            if syn::parse_str::<syn::Expr>(&d.expr).is_err() {
                return Err(set.error_at(
                    doc,
                    &d.pointer,
                    format!(
                        "the derived-field expression {:?} is not a Rust expression",
                        d.expr
                    ),
                ));
            }
            for input in &d.inputs {
                if syn::parse_str::<syn::Ident>(&input.name).is_err()
                    || syn::parse_str::<syn::Type>(&input.ty).is_err()
                {
                    return Err(set.error_at(
                        doc,
                        &d.pointer,
                        format!(
                            "the builder input `{}: {}` is not an identifier and a Rust type",
                            input.name, input.ty
                        ),
                    ));
                }
                if !inputs.iter().any(|x| x.name == input.name) {
                    inputs.push(Input {
                        name: input.name.clone(),
                        ty: input.ty.clone(),
                        docs: input.docs.clone(),
                    });
                }
            }
            f.derived = Some(d.expr.clone());
            // A derived field is stored and computed, even where its schema admits
            // one string.
            f.implied = None;
            used[i] = true;
        }
    }
    Ok(inputs)
}

/// The names of a builder's methods that a field's setter could take.
struct Methods {
    /// Per field, the method that sets it to `null` (for nullable fields not derived).
    null_setters: Vec<Option<String>>,
    /// The finishing method (`build`).
    finish: String,
    /// The function that retypes the builder (`retype`).
    retype: String,
}

/// The method names of the builder of the struct `ty` (at `here`), claimed after its
/// setters; a builder input named like a field is a located error.
fn method_names(
    set: &SchemaSet,
    doc: DocId,
    here: &Loc,
    ty: &str,
    fields: &[Field],
    inputs: &[Input],
) -> Result<Methods> {
    let mut methods = Names::fields();
    for f in fields {
        methods.claim(&f.name);
    }
    methods.claim("extra");
    for input in inputs {
        if methods.is_taken(&input.name) {
            return Err(set.error_at(
                doc,
                &here.pointer,
                format!(
                    "the builder input `{}` of `{}` has the name of a field; choose another",
                    input.name, ty
                ),
            ));
        }
        methods.claim(&input.name);
    }
    let null_setters = fields
        .iter()
        .map(|f| {
            let nullable = matches!(
                f.presence(),
                Presence::RequiredNullable | Presence::OptionalNullable
            );
            (nullable && f.derived.is_none()).then(|| {
                // `as_` → `as_null`, not the non-snake-case `as__null`.
                methods.claim(&format!("{}_null", f.name.trim_end_matches('_')))
            })
        })
        .collect();
    let finish = methods.claim("build");
    let retype = methods.claim("retype");
    Ok(Methods {
        null_setters,
        finish,
        retype,
    })
}

/// The typestate parameters of a builder: one per required field that is neither derived
/// nor implied, then one per input, each named apart from the module's type `names`.
fn typestates(
    names: &Names,
    generics: &[String],
    fields: &[Field],
    inputs: &[Input],
) -> Vec<State> {
    // Typestate parameters shadow the module's types inside the builder's impls, so
    // they must avoid every type name, the struct's generics and the names builder
    // code uses; they are claimed in a small local namespace checked against the
    // module's (not a copy of it per struct, which made planning quadratic).
    let mut local = Names::types();
    for g in generics {
        local.claim(g);
    }
    for n in INTERNAL {
        local.claim(n);
    }
    let mut param = |base: &str| -> String {
        let mut cand = base.to_owned();
        let mut n = 2;
        while names.is_taken(&cand) || local.is_taken(&cand) {
            cand = format!("{base}{n}");
            n += 1;
        }
        local.claim(&cand)
    };
    let mut states = Vec::new();
    for (i, f) in fields.iter().enumerate() {
        let required = matches!(
            f.presence(),
            Presence::Required | Presence::RequiredNullable
        );
        if required && f.derived.is_none() && f.implied.is_none() {
            states.push(State {
                param: param(&pascal(&f.name)),
                slot: Slot::Field(i),
            });
        }
    }
    for (i, input) in inputs.iter().enumerate() {
        states.push(State {
            param: param(&pascal(&input.name)),
            slot: Slot::Input(i),
        });
    }
    states
}

/// The invariant settings of the struct at `here`, each marked in `used_rules`; one whose
/// expression is not Rust is a located error.
fn invariants(
    set: &SchemaSet,
    doc: DocId,
    settings: &Settings,
    here: &Loc,
    used_rules: &mut [bool],
) -> Result<Vec<Invariant>> {
    let mut invariants = Vec::new();
    for (i, rule) in settings.invariants.iter().enumerate() {
        if here.doc != doc || rule.pointer != here.pointer {
            continue;
        }
        if syn::parse_str::<syn::Expr>(&rule.expr).is_err() {
            return Err(set.error_at(
                doc,
                &rule.pointer,
                format!("the invariant {:?} is not a Rust expression", rule.expr),
            ));
        }
        invariants.push(rule.clone());
        used_rules[i] = true;
    }
    Ok(invariants)
}

/// The error `message`, at its pointer, for the first setting (of those `pointers` name)
/// that `used` says no generated struct took.
fn first_unused<'a>(
    set: &SchemaSet,
    doc: DocId,
    used: &[bool],
    pointers: impl Iterator<Item = &'a str>,
    message: &str,
) -> Result<()> {
    match pointers.zip(used).find(|(_, used)| !**used) {
        Some((pointer, _)) => Err(set.error_at(doc, pointer, message)),
        None => Ok(()),
    }
}
