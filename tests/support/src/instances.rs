//! Schema-guided documents, seeded and deterministic: shared by the corpus test
//! (`tests/corpus`), the branch-coverage test of `tests/mapping`, the oracle test and the
//! fuzz differential (`fuzz/`).
//!
//! Two kinds of documents:
//!
//! * [`instances`]: random documents. The generator walks the schema (local `$ref`s,
//!   `enum`/`const`, one branch of `oneOf`/`anyOf`, every branch of `allOf`, `type` or the
//!   kind the keywords imply, required and some optional properties, extra keys, items
//!   within `minItems`/`maxItems`, numbers within their bounds, strings of the common
//!   formats, floats whose last bit matters) and, in every fourth document, replaces
//!   values by random JSON of any kind.
//! * [`branch_instances`]: one document per *target* of the schema, steered to it. The
//!   targets are, in every schema node reachable from the root (through `$ref`,
//!   `properties`, `patternProperties`, `additionalProperties`, `items`, `prefixItems`,
//!   `allOf`/`anyOf`/`oneOf` branches, `then`/`else` and `dependentSchemas`/`dependencies`;
//!   not inside `if`, `not`, `contains` or `propertyNames`): each `anyOf`/`oneOf` branch,
//!   taken with a value that avoids the `enum`/`const` values of its sibling branches (so
//!   `anyOf: [{enum: [a, b]}, {pattern: "^x"}]` gets `"xyz"`, a `minLength` or `format`
//!   sibling a string outside the enum); both sides of each `if` (the `if`'s `const` and
//!   `enum` values forced for `then`, one of them changed or an `if`-required key removed
//!   for `else`); each `dependentSchemas`/`dependencies`/`dependentRequired` key present
//!   and absent; and each node that allows an integer, with the integer written `n.0`.
//!   A steered document is otherwise minimal (required properties, `minItems` items), so
//!   that most of them are valid.
//!
//! Whether a document is valid is not decided here: the tests compare the typed parse
//! with `validate_value` and the `jsonschema` crate on each, and count how many were valid.
use serde_json::Value;
use std::collections::HashSet;

pub use crate::rng::Rng;

mod applicators;
mod generator;
mod json;
mod kinds;
mod samples;
mod targets;

use generator::Gen;
pub use targets::{routes, targets};

/// `count` random documents for `schema`, seeded by `seed`.
pub fn instances(schema: &Value, seed: &str, count: usize) -> Vec<Value> {
    let mut g = Gen::new(schema, Rng::from_name(seed));
    (0..count)
        .map(|i| {
            g.mutate = i % 4 == 3;
            g.value(schema, "", 0)
        })
        .collect()
}

/// One document per target of `schema` (see the module documentation), seeded by `seed`;
/// documents two targets share are listed once.
pub fn branch_instances(schema: &Value, seed: &str) -> Vec<Value> {
    let mut seen = HashSet::new();
    branch_documents(schema, seed)
        .into_iter()
        .map(|(_, doc)| doc)
        .filter(|doc| seen.insert(doc.to_string()))
        .collect()
}

/// Each target of `schema` with the document steered to it (duplicates kept).
pub fn branch_documents(schema: &Value, seed: &str) -> Vec<(Target, Value)> {
    let mut g = Gen::new(schema, Rng::from_name(&format!("{seed}#branches")));
    g.steer = true;
    routes(schema)
        .into_iter()
        .map(|route| {
            let target = route.last().cloned().unwrap_or((String::new(), Step::Pass));
            g.route = route;
            g.cursor = 0;
            (target, g.value(schema, "", 0))
        })
        .collect()
}

/// A choice the generator makes at one schema node to reach a target, or the target's own.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Step {
    /// Follow the node's `$ref`.
    Ref,
    /// A member every value goes through (`allOf`, a prefix item).
    Pass,
    /// Include this declared property.
    Prop(String),
    /// Include a key matching this `patternProperties` pattern.
    Pattern(String),
    /// Include a key that only `additionalProperties` covers.
    Extra,
    /// Include at least one item beyond the prefix.
    Items,
    /// Take branch `i` of `anyOf` or `oneOf`.
    Branch(&'static str, usize),
    /// Make the node's `if` true (and apply `then`).
    Then,
    /// Make the node's `if` false (and apply `else`).
    Else,
    /// Include (`true`) or leave out (`false`) the key of a `dependentSchemas`,
    /// `dependencies` or `dependentRequired` entry.
    Dep(String, bool),
    /// Write the node's integer as `n.0`.
    Float,
}

/// A target: the schema node (JSON pointer) and the step that makes it.
pub type Target = (String, Step);
