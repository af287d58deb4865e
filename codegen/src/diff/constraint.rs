//! Value constraints of one schema (bounds, lengths, counts, pattern, format, ...) and
//! how a change to them moves the set of valid documents: narrower, wider, or neither.
//!
//! The constraints are read off the validation plan ([`Check::constraints`](crate::ir::plan::Check::constraints)), where each
//! assertion describes its value, so a keyword the plan lowers is compared here without
//! a line of its own.

use crate::ir::plan::{Measure, Plan, Test};
use crate::load::keywords;
use crate::load::{NodeId, SchemaSet};
use serde_json::Value;

/// The constraints the diff compares, in a fixed order. Absent means unconstrained.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Constraints {
    entries: Vec<Entry>,
}

/// One constraint: its place in the fixed order, keyword, key within the keyword, value.
#[derive(Debug, Clone, PartialEq)]
struct Entry {
    rank: (u8, usize),
    keyword: &'static str,
    key: String,
    measure: Measure,
}

/// How one constraint changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Movement {
    /// Fewer documents are valid.
    Narrowed,
    /// More documents are valid.
    Widened,
    /// Some valid documents became invalid and others valid (e.g. a new `pattern`).
    Changed,
}

/// One constraint change: keyword, old and new value as shown, and its movement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConstraintChange {
    /// The keyword.
    pub keyword: &'static str,
    /// The old value (`none` when absent).
    pub old: String,
    /// The new value.
    pub new: String,
    /// Narrowed, widened or changed.
    pub movement: Movement,
}

/// The order of a constraint: numbers, counts, texts, then conditions; within each, the
/// keyword table's order.
fn rank(keyword: &str, measure: &Measure) -> (u8, usize) {
    let class = match measure {
        Measure::Number { .. } | Measure::Multiple(_) => 0,
        Measure::Count { .. } => 1,
        Measure::Text(_) => 2,
        Measure::Flag { .. } => 3,
        Measure::Subschema(_) => 4,
    };
    let at = keywords::TABLE
        .iter()
        .position(|k| k.name == keyword)
        .unwrap_or(usize::MAX);
    (class, at)
}

impl Constraints {
    /// The constraints of schema node `node`, by its plan: its own assertions, those of
    /// its `allOf` branches (they apply to the same value), and the subschemas of the
    /// applicators no generated type stands for (`not`, `if`/`then`/`else`, `contains`,
    /// `propertyNames`, `dependentSchemas`), each compared as its JSON.
    pub(crate) fn of(plan: &Plan<'_>, node: NodeId) -> Constraints {
        let mut entries = Vec::new();
        collect(plan, node, "", &mut vec![node], &mut entries);
        entries.sort_by(|a, b| (a.rank, &a.key).cmp(&(b.rank, &b.key)));
        Constraints { entries }
    }

    fn get(&self, keyword: &str, key: &str) -> Option<&Measure> {
        self.entries
            .iter()
            .find(|e| e.keyword == keyword && e.key == key)
            .map(|e| &e.measure)
    }

    /// The changes from `self` (old) to `new`, in a fixed keyword order.
    pub fn changes(&self, new: &Constraints) -> Vec<ConstraintChange> {
        let mut all: Vec<&Entry> = self.entries.iter().chain(&new.entries).collect();
        all.sort_by(|a, b| (a.rank, &a.key).cmp(&(b.rank, &b.key)));
        all.dedup_by(|a, b| a.keyword == b.keyword && a.key == b.key);
        all.into_iter()
            .filter_map(|e| {
                change(
                    e.keyword,
                    self.get(e.keyword, &e.key),
                    new.get(e.keyword, &e.key),
                )
            })
            .collect()
    }
}

/// Adds the constraints of `node` to `out`, their keys prefixed with `prefix` (the `allOf`
/// branches that lead there). `seen` holds the nodes on the way, so an `allOf` cycle ends.
fn collect(
    plan: &Plan<'_>,
    node: NodeId,
    prefix: &str,
    seen: &mut Vec<NodeId>,
    out: &mut Vec<Entry>,
) {
    let set = plan.set();
    let nested = plan.node(node);
    for check in nested.checks() {
        for c in check.constraints() {
            out.push(Entry {
                rank: rank(c.keyword, &c.measure),
                keyword: c.keyword,
                key: format!("{prefix}{}", c.key),
                measure: c.measure,
            });
        }
        let keyword = check.site.keyword;
        let mut subschema = |key: &str, json: Value| {
            let measure = Measure::Subschema(json.to_string());
            out.push(Entry {
                rank: rank(keyword, &measure),
                keyword,
                key: format!("{prefix}{key}"),
                measure,
            });
        };
        match &check.test {
            Test::AllOf(branch) if !seen.contains(branch) => {
                let at = set
                    .node(*branch)
                    .loc
                    .pointer
                    .rsplit('/')
                    .next()
                    .unwrap_or("");
                seen.push(*branch);
                collect(plan, *branch, &format!("{prefix}allOf/{at}/"), seen, out);
                seen.pop();
            }
            Test::Not(n, _) | Test::PropertyNames(n) | Test::Contains { node: n, .. } => {
                subschema("", raw(set, *n));
            }
            Test::DependentSchema(name, n) => subschema(name, raw(set, *n)),
            Test::IfThenElse { cond, then, else_ } => {
                let mut sides = serde_json::Map::new();
                sides.insert("if".to_owned(), raw(set, *cond));
                for (side, n) in [("then", then), ("else", else_)] {
                    if let Some(n) = n {
                        sides.insert(side.to_owned(), raw(set, *n));
                    }
                }
                subschema("", Value::Object(sides));
            }
            _ => {}
        }
    }
}

/// The JSON of schema node `id` as written, object keys sorted (so that reordering
/// keywords is no change).
fn raw(set: &SchemaSet, id: NodeId) -> Value {
    let loc = &set.node(id).loc;
    let value = set
        .document(loc.doc)
        .value
        .pointer(&loc.pointer)
        .cloned()
        .unwrap_or(Value::Null);
    sorted(value)
}

fn sorted(value: Value) -> Value {
    match value {
        Value::Object(map) => {
            let mut entries: Vec<(String, Value)> = map.into_iter().collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(entries.into_iter().map(|(k, v)| (k, sorted(v))).collect())
        }
        Value::Array(items) => Value::Array(items.into_iter().map(sorted).collect()),
        other => other,
    }
}

/// The change of `keyword` from `old` to `new` (absent: `None`), unless they mean the same.
fn change(
    keyword: &'static str,
    old: Option<&Measure>,
    new: Option<&Measure>,
) -> Option<ConstraintChange> {
    if old == new {
        return None;
    }
    let shape = old.or(new)?;
    Some(match shape {
        Measure::Number { lower, .. } => {
            let value = |m: Option<&Measure>| match m {
                Some(Measure::Number { value, .. }) => Some(*value),
                _ => None,
            };
            let (a, b) = (value(old), value(new));
            ConstraintChange::new(keyword, a, b, bound_movement(a, b, *lower))
        }
        Measure::Count { lower, .. } => {
            let value = |m: Option<&Measure>| match m {
                Some(Measure::Count { value, .. }) => Some(*value),
                _ => None,
            };
            let (a, b) = (value(old), value(new));
            // A least count of 0 and none mean the same.
            if *lower && a.unwrap_or(0) == b.unwrap_or(0) {
                return None;
            }
            ConstraintChange::new(keyword, a, b, bound_movement(a, b, *lower))
        }
        Measure::Multiple(_) => {
            let value = |m: Option<&Measure>| match m {
                Some(Measure::Multiple(v)) => Some(*v),
                _ => None,
            };
            let (a, b) = (value(old), value(new));
            let movement = match (a, b) {
                // Every multiple of y is a multiple of x when y is a multiple of x.
                (Some(x), Some(y)) if is_multiple(y, x) => Movement::Narrowed,
                (Some(x), Some(y)) if is_multiple(x, y) => Movement::Widened,
                (Some(_), Some(_)) => Movement::Changed,
                _ => bound_movement(a, b, true),
            };
            ConstraintChange::new(keyword, a, b, movement)
        }
        Measure::Text(_) => {
            let value = |m: Option<&Measure>| match m {
                Some(Measure::Text(t)) => Some(t.clone()),
                _ => None,
            };
            let (a, b) = (value(old), value(new));
            ConstraintChange {
                keyword,
                old: show_str(&a),
                new: show_str(&b),
                movement: presence(&a, &b),
            }
        }
        Measure::Subschema(_) => {
            let value = |m: Option<&Measure>| match m {
                Some(Measure::Subschema(t)) => Some(t.clone()),
                _ => None,
            };
            let (a, b) = (value(old), value(new));
            ConstraintChange {
                keyword,
                old: a.clone().unwrap_or_else(|| "none".to_owned()),
                new: b.clone().unwrap_or_else(|| "none".to_owned()),
                movement: presence(&a, &b),
            }
        }
        Measure::Flag { off, .. } => {
            let shown = |m: Option<&Measure>| match m {
                Some(Measure::Flag { on, .. }) => Some(on.clone()),
                _ => None,
            };
            let (a, b) = (shown(old), shown(new));
            ConstraintChange {
                keyword,
                movement: presence(&a, &b),
                old: a.unwrap_or_else(|| (*off).to_owned()),
                new: b.unwrap_or_else(|| (*off).to_owned()),
            }
        }
    })
}

/// Adding a constraint narrows, removing it widens, changing it changes.
fn presence<T>(old: &Option<T>, new: &Option<T>) -> Movement {
    match (old, new) {
        (None, Some(_)) => Movement::Narrowed,
        (Some(_), None) => Movement::Widened,
        _ => Movement::Changed,
    }
}

impl ConstraintChange {
    /// The change of bound `keyword` from `old` to `new`, shown with [`show`].
    fn new<T: std::fmt::Display>(
        keyword: &'static str,
        old: Option<T>,
        new: Option<T>,
        movement: Movement,
    ) -> Self {
        ConstraintChange {
            keyword,
            old: show(old),
            new: show(new),
            movement,
        }
    }
}

/// How moving a bound from `old` to `new` (which differ) moves the valid set: adding a
/// bound, raising a lower one or lowering an upper one narrows it.
fn bound_movement<T: PartialOrd>(old: Option<T>, new: Option<T>, lower_bound: bool) -> Movement {
    match (old, new) {
        (None, _) => Movement::Narrowed,
        (Some(_), None) => Movement::Widened,
        (Some(x), Some(y)) if (y > x) == lower_bound => Movement::Narrowed,
        (Some(_), Some(_)) => Movement::Widened,
    }
}

fn is_multiple(a: f64, b: f64) -> bool {
    b != 0.0 && (a / b).fract() == 0.0
}

fn show<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map_or_else(|| "none".to_owned(), |v| v.to_string())
}

fn show_str(v: &Option<String>) -> String {
    v.as_ref()
        .map_or_else(|| "none".to_owned(), |s| format!("{s:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::SchemaSet;
    use serde_json::{json, Value};

    /// The constraints of the root of `schema`.
    fn of(schema: Value) -> Constraints {
        let mut set = SchemaSet::new();
        let (doc, root) = set.add_test_schema(schema);
        Constraints::of(&Plan::new(&set, doc), root)
    }

    fn moves(old: Value, new: Value) -> Vec<(&'static str, Movement)> {
        of(old)
            .changes(&of(new))
            .into_iter()
            .map(|c| (c.keyword, c.movement))
            .collect()
    }

    #[test]
    fn bounds_move_the_right_way() {
        use Movement::*;
        assert_eq!(
            moves(json!({"minimum": 1}), json!({"minimum": 5})),
            [("minimum", Narrowed)]
        );
        assert_eq!(
            moves(json!({"minimum": 5}), json!({"minimum": 1})),
            [("minimum", Widened)]
        );
        assert_eq!(
            moves(json!({"maxLength": 10}), json!({"maxLength": 5})),
            [("maxLength", Narrowed)]
        );
        assert_eq!(
            moves(json!({}), json!({"maxLength": 10})),
            [("maxLength", Narrowed)],
            "adding a maximum narrows"
        );
        assert!(moves(json!({"minItems": 0}), json!({})).is_empty());
        assert_eq!(
            moves(json!({"pattern": "^a"}), json!({"pattern": "^b"})),
            [("pattern", Changed)]
        );
        assert_eq!(
            moves(json!({"multipleOf": 2}), json!({"multipleOf": 4})),
            [("multipleOf", Narrowed)]
        );
        assert_eq!(
            moves(json!({"multipleOf": 4}), json!({"multipleOf": 2})),
            [("multipleOf", Widened)]
        );
        assert_eq!(
            moves(json!({"multipleOf": 2}), json!({"multipleOf": 3})),
            [("multipleOf", Changed)]
        );
    }

    #[test]
    fn changes_come_in_a_fixed_order() {
        // The order the diff used before it read the plan.
        let old = json!({"uniqueItems": true, "pattern": "a", "minItems": 2, "maximum": 3,
            "minimum": 1, "multipleOf": 2, "maxLength": 4});
        let new = json!({"minimum": 2, "maximum": 2, "minItems": 3, "pattern": "b",
            "exclusiveMaximum": 9, "exclusiveMinimum": 0, "format": "email"});
        let got: Vec<&str> = of(old)
            .changes(&of(new))
            .iter()
            .map(|c| c.keyword)
            .collect();
        assert_eq!(
            got,
            [
                "minimum",
                "exclusiveMinimum",
                "maximum",
                "exclusiveMaximum",
                "multipleOf",
                "maxLength",
                "minItems",
                "pattern",
                "format",
                "uniqueItems"
            ]
        );
    }

    /// Applicators no generated type stands for: a subschema added narrows, removed
    /// widens, changed moves no known way; `allOf` branches count as the value's own
    /// constraints, and reordering a subschema's keywords is no change.
    #[test]
    fn applicator_subschemas_are_compared() {
        use Movement::*;
        let base = json!({"type": "string"});
        let with = |k: &str, v: Value| {
            let mut s = base.clone();
            s.as_object_mut().unwrap().insert(k.to_owned(), v);
            s
        };
        assert_eq!(
            moves(base.clone(), with("not", json!({"const": "x"}))),
            [("not", Narrowed)]
        );
        assert_eq!(
            moves(with("not", json!({"const": "x"})), base.clone()),
            [("not", Widened)]
        );
        assert_eq!(
            moves(
                with("not", json!({"const": "x"})),
                with("not", json!({"const": "y"}))
            ),
            [("not", Changed)]
        );
        assert_eq!(
            moves(base.clone(), with("allOf", json!([{"maxLength": 3}]))),
            [("maxLength", Narrowed)]
        );
        assert_eq!(
            moves(
                with("allOf", json!([{"maxLength": 3}])),
                with("allOf", json!([{"maxLength": 5}]))
            ),
            [("maxLength", Widened)]
        );
        let mut cond = with("if", json!({"minLength": 2}));
        cond["then"] = json!({"maxLength": 3});
        assert_eq!(moves(base.clone(), cond.clone()), [("if", Narrowed)]);
        let mut other = cond.clone();
        other["else"] = json!({"maxLength": 9});
        assert_eq!(moves(cond, other), [("if", Changed)]);
        assert_eq!(
            moves(json!({}), json!({"contains": {"const": 1}})),
            [("contains", Narrowed)]
        );
        assert_eq!(
            moves(json!({}), json!({"propertyNames": {"maxLength": 3}})),
            [("propertyNames", Narrowed)]
        );
        assert_eq!(
            moves(
                json!({}),
                json!({"dependentSchemas": {"a": {"required": ["b"]}}})
            ),
            [("dependentSchemas", Narrowed)]
        );
        assert!(
            moves(
                with("not", json!({"minLength": 1, "pattern": "x"})),
                with("not", json!({"pattern": "x", "minLength": 1}))
            )
            .is_empty(),
            "the same subschema with its keywords reordered"
        );
        let shown = of(base.clone()).changes(&of(with("not", json!({"const": "x"}))));
        assert_eq!(
            (shown[0].old.as_str(), shown[0].new.as_str()),
            ("none", r#"{"const":"x"}"#)
        );
    }

    /// `minContains`, `maxContains` and `dependentRequired` were not compared when the diff
    /// read the parsed keywords field by field; the plan's checks carry them.
    #[test]
    fn keywords_the_field_list_missed_are_compared() {
        use Movement::*;
        let contains = |extra: Value| {
            let mut s = json!({"contains": {"const": 1}});
            s.as_object_mut()
                .unwrap()
                .extend(extra.as_object().unwrap().clone());
            s
        };
        assert_eq!(
            moves(
                contains(json!({"maxContains": 3})),
                contains(json!({"maxContains": 2}))
            ),
            [("maxContains", Narrowed)]
        );
        assert_eq!(
            moves(contains(json!({"minContains": 2})), contains(json!({}))),
            [("minContains", Widened)]
        );
        let c = of(json!({})).changes(&of(json!({"dependentRequired": {"a": ["b"]}})));
        assert_eq!(c.len(), 1);
        assert_eq!(
            (
                c[0].keyword,
                c[0].old.as_str(),
                c[0].new.as_str(),
                &c[0].movement
            ),
            (
                "dependentRequired",
                "none",
                "\"a\" requires \"b\"",
                &Narrowed
            )
        );
        assert_eq!(
            moves(
                json!({"$schema": "http://json-schema.org/draft-07/schema#", "dependencies": {"a": ["b", "c"]}}),
                json!({"$schema": "http://json-schema.org/draft-07/schema#", "dependencies": {"a": ["b"]}})
            ),
            [("dependencies", Widened)]
        );
    }
}
