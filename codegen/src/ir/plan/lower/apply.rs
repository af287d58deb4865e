//! Lowering the applicators: `prefixItems`/`items`, the entry-wise object keywords, the
//! in-place applicators (`allOf`, `anyOf`, `oneOf`, `not`, `if`) and the unevaluated
//! keywords. The parent module calls
//! these in evaluation order.

use super::super::message::{self, Arg, Part};
use super::super::{Additional, Entries, Message, PatternEntry};
use super::{Lowering, Test};
use crate::load::{Body, Draft, Keywords, NodeId};

/// `unevaluatedItems` and `unevaluatedProperties`, after every other keyword (their
/// outcome depends on what the others evaluated).
pub(super) fn unevaluated(l: &mut Lowering<'_>, k: &Keywords) {
    let items = ("unevaluatedItems", "item ", Arg::First);
    if let Some(a) = unevaluated_one(l, k.unevaluated_items, items) {
        l.push("unevaluatedItems", Test::UnevaluatedItems(a));
    }
    let properties = ("unevaluatedProperties", "property ", Arg::Key);
    if let Some(a) = unevaluated_one(l, k.unevaluated_properties, properties) {
        l.push("unevaluatedProperties", Test::UnevaluatedProperties(a));
    }
}

/// One of the unevaluated keywords (`keyword`, naming what it rejects as `what` followed by
/// `shown`), unless it is absent or `true`: its failure when it is `false`, else its schema.
fn unevaluated_one(
    l: &mut Lowering<'_>,
    u: Option<NodeId>,
    (keyword, what, shown): (&'static str, &'static str, Arg),
) -> Option<Additional> {
    let u = u.filter(|u| !l.is_true(*u))?;
    Some(match l.set.node(u).body {
        Body::Bool(false) => Additional::Deny(l.fail(
            keyword,
            Message::parts(&[
                Part::Text(what),
                Part::Hole(shown),
                Part::Text(" is not allowed: no subschema evaluated it"),
            ]),
        )),
        _ => Additional::Schema(u),
    })
}

pub(super) fn applicators(l: &mut Lowering<'_>, k: &Keywords) {
    for s in &k.all_of {
        l.push("allOf", Test::AllOf(*s));
    }
    if !k.any_of.is_empty() {
        l.push("anyOf", Test::AnyOf(k.any_of.clone(), message::no_any_of()));
    }
    if !k.one_of.is_empty() {
        l.push(
            "oneOf",
            Test::OneOf {
                branches: k.one_of.clone(),
                none: message::no_one_of(),
                many: message::many_of_one_of(),
            },
        );
    }
    if let Some(n) = k.not {
        l.push("not", Test::Not(n, message::not()));
    }
    if let Some(cond) = k.if_.filter(|_| k.then.is_some() || k.else_.is_some()) {
        l.push(
            "if",
            Test::IfThenElse {
                cond,
                then: k.then,
                else_: k.else_,
            },
        );
    }
}

/// `prefixItems` (or the array form of `items`) and `items` (or `additionalItems`).
pub(super) fn items(l: &mut Lowering<'_>, k: &Keywords) {
    let prefix_kw = if l.set.node(l.id).draft >= Draft::Draft202012 {
        "prefixItems"
    } else {
        "items"
    };
    for (i, p) in k.prefix_items.iter().enumerate() {
        l.push(prefix_kw, Test::PrefixItem(i, *p));
    }
    if let Some(items) = k.items {
        let kw = if k.prefix_items.is_empty() || prefix_kw == "prefixItems" {
            "items"
        } else {
            "additionalItems"
        };
        l.push(kw, Test::Items(k.prefix_items.len(), items));
    }
}

/// `properties`, `patternProperties` with `additionalProperties`, `propertyNames` and
/// `dependentSchemas` (or the schema form of `dependencies`).
pub(super) fn entries(l: &mut Lowering<'_>, k: &Keywords) {
    for (name, p) in &k.properties {
        if !l.is_true(*p) {
            l.push("properties", Test::Property(name.clone(), *p));
        }
    }
    let additional =
        k.additional_properties
            .filter(|a| !l.is_true(*a))
            .map(|a| match l.set.node(a).body {
                Body::Bool(false) => {
                    Additional::Deny(l.fail("additionalProperties", message::not_allowed()))
                }
                _ => Additional::Schema(a),
            });
    if !k.pattern_properties.is_empty() || additional.is_some() {
        let patterns = k
            .pattern_properties
            .iter()
            .map(|(pattern, p)| PatternEntry {
                pattern: pattern.clone(),
                node: (!l.is_true(*p)).then_some(*p),
            })
            .collect();
        let kw = if k.pattern_properties.is_empty() {
            "additionalProperties"
        } else {
            "patternProperties"
        };
        let entries = Entries {
            patterns,
            declared: k.properties.iter().map(|(n, _)| n.clone()).collect(),
            additional,
        };
        l.push(kw, Test::Entries(entries));
    }
    if let Some(pn) = k.property_names.filter(|pn| !l.is_true(*pn)) {
        l.push("propertyNames", Test::PropertyNames(pn));
    }
    let dep_schema_kw = if l.set.node(l.id).draft <= Draft::Draft7 {
        "dependencies"
    } else {
        "dependentSchemas"
    };
    for (name, d) in &k.dependent_schemas {
        l.push(dep_schema_kw, Test::DependentSchema(name.clone(), *d));
    }
}
