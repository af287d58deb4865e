//! What the schema node of a generic payload (`ResponseEnvelope<T>`'s `data`) asks of the
//! value, when it asks no more than a JSON kind and, of an object, about a few named
//! properties: then the typed check decides on the kind of the value's JSON form, found by
//! the runtime without building it (`check::generic_kinds`), and writes the value to a
//! `Value` only when the node may fail on it.

use crate::ir::plan::Plan;
use crate::ir::plan::{NodePlan, Test};
use crate::ir::shape::follow_refs;
use crate::load::{JsonType, NodeId, SchemaSet};
use std::collections::BTreeSet;

/// The runtime's kind bits (`envgen_runtime::__private::inflight::Kinds`).
const NULL: u8 = 1;
const BOOL: u8 = 2;
/// A number written as a float (integral or not).
const NUMBER: u8 = 4;
const STRING: u8 = 8;
const ARRAY: u8 = 16;
const OBJECT: u8 = 32;
/// A number written as an integer.
const INTEGER: u8 = 64;
const ALL: u8 = NULL | BOOL | NUMBER | STRING | ARRAY | OBJECT | INTEGER;

/// How deep applicators are followed before giving up.
const MAX_DEPTH: usize = 8;

/// What a node surely does on a value of each kind, given that the value, when it is an
/// object, has none of the properties `keys`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Verdicts {
    /// The kinds on which the node surely passes.
    pub pass: u8,
    /// The kinds on which it surely fails.
    pub fail: u8,
    /// The property names whose presence leaves the verdict to the full check.
    pub keys: BTreeSet<String>,
}

impl Verdicts {
    fn any() -> Self {
        Verdicts {
            pass: ALL,
            fail: 0,
            keys: BTreeSet::new(),
        }
    }

    /// Both `self` and `other` (the checks of one node).
    fn and(mut self, other: Verdicts) -> Verdicts {
        self.pass &= other.pass;
        self.fail |= other.fail;
        self.keys.extend(other.keys);
        self
    }
}

/// The kind bits of `type`'s names: on these the node surely passes (`integer` on an
/// integer written as one: whether an integral float is one is the validator's to say).
fn type_bits(types: &[JsonType]) -> (u8, u8) {
    let mut pass = 0;
    for t in types {
        pass |= match t {
            JsonType::Null => NULL,
            JsonType::Boolean => BOOL,
            JsonType::Object => OBJECT,
            JsonType::Array => ARRAY,
            JsonType::Number => NUMBER | INTEGER,
            JsonType::String => STRING,
            JsonType::Integer => INTEGER,
        };
    }
    // A float is neither surely valid nor surely invalid for `integer` alone.
    let unsure = if pass & INTEGER != 0 && pass & NUMBER == 0 {
        NUMBER
    } else {
        0
    };
    (pass, ALL & !pass & !unsure)
}

/// Whether node `id` surely takes every array and every object: then only a `null` or
/// scalar payload can fail it, which the in-flight read checks.
pub(crate) fn any_collection(plan: &Plan<'_>, set: &SchemaSet, id: NodeId) -> bool {
    verdicts(plan, set, id, 0)
        .is_some_and(|v| v.keys.is_empty() && v.pass & (ARRAY | OBJECT) == ARRAY | OBJECT)
}

/// The verdicts of node `id`, or `None` when it asks more than this module can tell.
pub(crate) fn verdicts(
    plan: &Plan<'_>,
    set: &SchemaSet,
    id: NodeId,
    depth: usize,
) -> Option<Verdicts> {
    if depth > MAX_DEPTH {
        return None;
    }
    let id = follow_refs(set, id).ok()?;
    let checks = match &*plan.node(id) {
        NodePlan::Any => return Some(Verdicts::any()),
        NodePlan::Nothing(_) => {
            return Some(Verdicts {
                pass: 0,
                fail: ALL,
                keys: BTreeSet::new(),
            })
        }
        NodePlan::Checks(c) => c.clone(),
    };
    let mut all = Verdicts::any();
    for c in &checks {
        let one = match &c.test {
            Test::Type(types, _) => {
                let (pass, fail) = type_bits(types);
                Verdicts {
                    pass,
                    fail,
                    keys: BTreeSet::new(),
                }
            }
            // Passes on any value but an object with the property.
            Test::Property(name, _) => Verdicts {
                pass: ALL,
                fail: 0,
                keys: BTreeSet::from([name.clone()]),
            },
            Test::Ref(n) | Test::AllOf(n) => verdicts(plan, set, *n, depth + 1)?,
            Test::AnyOf(branches, _) => {
                let verdicts = branch_verdicts(plan, set, branches, depth)?;
                Verdicts {
                    pass: verdicts.iter().fold(0, |a, s| a | s.pass),
                    fail: verdicts.iter().fold(ALL, |a, s| a & s.fail),
                    keys: BTreeSet::new(),
                }
            }
            Test::OneOf { branches, .. } => {
                let verdicts = branch_verdicts(plan, set, branches, depth)?;
                let (mut pass, mut fail) = (0, 0);
                for bit in [NULL, BOOL, NUMBER, STRING, ARRAY, OBJECT, INTEGER] {
                    let passing = verdicts.iter().filter(|s| s.pass & bit != 0).count();
                    let failing = verdicts.iter().filter(|s| s.fail & bit != 0).count();
                    if passing == 1 && failing == verdicts.len() - 1 {
                        pass |= bit;
                    }
                    if failing == verdicts.len() || passing > 1 {
                        fail |= bit;
                    }
                }
                Verdicts {
                    pass,
                    fail,
                    keys: BTreeSet::new(),
                }
            }
            _ => return None,
        };
        all = all.and(one);
    }
    Some(all)
}

/// The verdicts of a union's branches, each asking about no property (a branch's verdict
/// must not depend on one).
fn branch_verdicts(
    plan: &Plan<'_>,
    set: &SchemaSet,
    branches: &[NodeId],
    depth: usize,
) -> Option<Vec<Verdicts>> {
    branches
        .iter()
        .map(|b| verdicts(plan, set, *b, depth + 1).filter(|s| s.keys.is_empty()))
        .collect()
}
