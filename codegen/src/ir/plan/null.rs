//! What a node says of the instance `null`, decided from its plan when generating code: a
//! typed check whose `Option` is `None` (the JSON `null`) need not run a node that surely
//! accepts `null` on every document.

use super::{Applies, NodePlan, Plan, Test};
use crate::load::{JsonType, NodeId};
use serde_json::Value;

/// How deep references and applicators are followed before the verdict is left open.
const MAX_DEPTH: usize = 16;

impl Plan<'_> {
    /// Whether node `id` surely accepts (`Some(true)`) or surely refuses (`Some(false)`)
    /// the instance `null`; `None` when the plan cannot tell here: a `$dynamicRef` (its
    /// target depends on the dynamic scope), or references nested deeper than 16.
    pub(crate) fn on_null(&self, id: NodeId) -> Option<bool> {
        self.on_null_at(id, 0)
    }

    fn on_null_at(&self, id: NodeId, depth: usize) -> Option<bool> {
        if depth > MAX_DEPTH {
            return None;
        }
        let plan = self.node(id);
        let checks = match &*plan {
            NodePlan::Any => return Some(true),
            NodePlan::Nothing(_) => return Some(false),
            NodePlan::Checks(c) => c,
        };
        let each = |ids: &[NodeId]| -> Vec<Option<bool>> {
            ids.iter().map(|b| self.on_null_at(*b, depth + 1)).collect()
        };
        // The checks are a conjunction: one that surely fails decides.
        let mut verdict = Some(true);
        for check in checks {
            let one = match &check.test {
                // A check of one other kind (numbers, strings, arrays, objects: its
                // `Test::applies`) passes on `null`, a new one included.
                test if test.applies() != Applies::Any => Some(true),
                Test::Type(types, _) => Some(types.contains(&JsonType::Null)),
                Test::Enum(values, _) => Some(values.contains(&Value::Null)),
                Test::Const(value, _) => Some(value.is_null()),
                Test::Ref(n) | Test::AllOf(n) => self.on_null_at(*n, depth + 1),
                Test::AnyOf(branches, _) => {
                    let v = each(branches);
                    if v.contains(&Some(true)) {
                        Some(true)
                    } else if v.iter().all(|b| *b == Some(false)) {
                        Some(false)
                    } else {
                        None
                    }
                }
                Test::OneOf { branches, .. } => each(branches)
                    .into_iter()
                    .collect::<Option<Vec<bool>>>()
                    .map(|v| v.iter().filter(|b| **b).count() == 1),
                Test::Not(n, _) => self.on_null_at(*n, depth + 1).map(|b| !b),
                Test::IfThenElse { cond, then, else_ } => {
                    let branch = if self.on_null_at(*cond, depth + 1)? {
                        then
                    } else {
                        else_
                    };
                    match branch {
                        Some(b) => self.on_null_at(*b, depth + 1),
                        None => Some(true),
                    }
                }
                // The target depends on the dynamic scope; and a check of any kind this
                // match does not know yet is left open (a typed check then runs it).
                _ => None,
            };
            match one {
                Some(false) => return Some(false),
                None => verdict = None,
                Some(true) => {}
            }
        }
        verdict
    }
}

#[cfg(test)]
mod tests {
    use crate::ir::plan::Plan;
    use crate::load::SchemaSet;

    /// `on_null` of the root of `schema`.
    fn verdict(schema: serde_json::Value) -> Option<bool> {
        let mut set = SchemaSet::new();
        let (doc, root) = set.add_test_schema(schema);
        Plan::new(&set, doc).on_null(root)
    }

    #[test]
    fn null_is_judged_by_the_keywords_that_apply_to_it() {
        use serde_json::json;
        let cases = [
            (json!(true), Some(true)),
            (json!(false), Some(false)),
            (json!({}), Some(true)),
            (json!({"type": "null"}), Some(true)),
            (json!({"type": ["string", "null"]}), Some(true)),
            (json!({"type": "object"}), Some(false)),
            (json!({"enum": [1, null]}), Some(true)),
            (json!({"enum": [1, 2]}), Some(false)),
            (json!({"const": null}), Some(true)),
            (json!({"const": 0}), Some(false)),
            // Keywords of other kinds pass on `null`.
            (
                json!({"minLength": 3, "minimum": 2, "required": ["a"], "minItems": 1,
                       "properties": {"a": false}, "pattern": "^x$", "format": "email"}),
                Some(true),
            ),
            (
                json!({"oneOf": [{"type": "null"}, {"type": "object"}]}),
                Some(true),
            ),
            (json!({"oneOf": [{"type": "null"}, {}]}), Some(false)),
            (
                json!({"anyOf": [{"type": "null"}, {"type": "object"}]}),
                Some(true),
            ),
            (
                json!({"anyOf": [{"type": "string"}, {"type": "object"}]}),
                Some(false),
            ),
            (json!({"not": {"type": "null"}}), Some(false)),
            (json!({"not": {"type": "string"}}), Some(true)),
            (json!({"allOf": [{}, {"type": "integer"}]}), Some(false)),
            (
                json!({"if": {"type": "null"}, "then": {"const": 1}}),
                Some(false),
            ),
            (
                json!({"if": {"type": "null"}, "else": {"const": 1}}),
                Some(true),
            ),
            (
                json!({"$defs": {"n": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/o"}]},
                                 "o": {"type": "object", "required": ["code"]}},
                       "$ref": "#/$defs/n"}),
                Some(true),
            ),
            // A reference cycle is left open, not followed forever.
            (
                json!({"$defs": {"a": {"anyOf": [{"type": "string"}, {"not": {"$ref": "#/$defs/a"}}]}},
                       "$ref": "#/$defs/a"}),
                None,
            ),
        ];
        for (schema, expected) in cases {
            assert_eq!(verdict(schema.clone()), expected, "{schema}");
        }
    }
}
