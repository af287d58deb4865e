//! Whether a node surely refuses every instance, decided from its plan: such a schema
//! (`false`, `not: {}`, `enum: []`, a `type` no literal of its `enum` has) is generated as
//! an uninhabited enum, a type no value can be built of.

use super::{NodePlan, Plan, Test};
use crate::load::{JsonType, NodeId};
use serde_json::Value;

/// How deep references and applicators are followed before the verdict is "accepts some".
const MAX_DEPTH: usize = 16;

impl Plan<'_> {
    /// Whether node `id` refuses every instance, surely: `false` when the plan cannot tell
    /// (a `$dynamicRef`, references nested deeper than 16, or checks that refuse everything
    /// only together in a way this does not follow), so that a schema that accepts some
    /// value is never taken for one that accepts none.
    pub(crate) fn refuses_all(&self, id: NodeId) -> bool {
        self.refuses_all_at(id, 0)
    }

    fn refuses_all_at(&self, id: NodeId, depth: usize) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        let plan = self.node(id);
        let checks = match &*plan {
            NodePlan::Any => return false,
            NodePlan::Nothing(_) => return true,
            NodePlan::Checks(c) => c,
        };
        let all = |ids: &[NodeId]| ids.iter().all(|b| self.refuses_all_at(*b, depth + 1));
        // The checks are a conjunction: one that refuses everything decides.
        let alone = checks.iter().any(|check| match &check.test {
            Test::Enum(values, _) => values.is_empty(),
            Test::Not(n, _) => self.accepts_all(*n),
            Test::Ref(n) | Test::AllOf(n) => self.refuses_all_at(*n, depth + 1),
            Test::AnyOf(branches, _) => all(branches),
            Test::OneOf { branches, .. } => all(branches),
            _ => false,
        });
        alone || literals_outside_types(checks.iter().map(|c| &c.test))
    }

    /// Whether node `id` accepts every instance: `true`, or an object that asserts nothing.
    fn accepts_all(&self, id: NodeId) -> bool {
        match &*self.node(id) {
            NodePlan::Any => true,
            NodePlan::Nothing(_) => false,
            NodePlan::Checks(c) => c.is_empty(),
        }
    }
}

/// Whether a `type` check and an `enum` or `const` check of one node leave no value: no
/// literal is of a type the `type` check allows. A number literal counts as allowed by
/// `number` and by `integer` alike (`1.0` is an integer), so the verdict errs towards "some".
fn literals_outside_types<'t>(tests: impl Iterator<Item = &'t Test> + Clone) -> bool {
    let allowed = |v: &Value, types: &[JsonType]| match JsonType::of(v) {
        JsonType::Integer | JsonType::Number => {
            types.contains(&JsonType::Number) || types.contains(&JsonType::Integer)
        }
        kind => types.contains(&kind),
    };
    tests.clone().any(|t| {
        let Test::Type(types, _) = t else {
            return false;
        };
        tests.clone().any(|l| match l {
            Test::Enum(values, _) => values.iter().all(|v| !allowed(v, types)),
            Test::Const(value, _) => !allowed(value, types),
            _ => false,
        })
    })
}

#[cfg(test)]
mod tests {
    use crate::ir::plan::Plan;
    use crate::load::SchemaSet;
    use serde_json::json;

    fn refuses_all(schema: serde_json::Value) -> bool {
        let mut set = SchemaSet::new();
        let (doc, root) = set.add_test_schema(schema);
        Plan::new(&set, doc).refuses_all(root)
    }

    #[test]
    fn a_schema_refuses_all_only_when_it_surely_accepts_nothing() {
        for schema in [
            json!(false),
            json!({"not": true}),
            json!({"not": {}}),
            json!({"not": {"description": "anything"}}),
            json!({"enum": []}),
            json!({"type": "string", "enum": []}),
            json!({"type": "string", "enum": [1, null]}),
            json!({"type": "integer", "const": "a"}),
            json!({"allOf": [{"type": "string"}, false]}),
            json!({"anyOf": [false, {"not": {}}]}),
            json!({"oneOf": [false]}),
            json!({"$ref": "#/definitions/x", "definitions": {"x": false}}),
            json!({"properties": {"a": true}, "not": true}),
        ] {
            assert!(refuses_all(schema.clone()), "{schema}");
        }
        for schema in [
            json!(true),
            json!({}),
            json!({"not": {"type": "string"}}),
            json!({"enum": [null]}),
            json!({"type": "integer", "enum": [1.0]}),
            json!({"type": "number", "const": 2}),
            json!({"anyOf": [false, {"type": "string"}]}),
            json!({"properties": {"a": false}}),
            json!({"items": false}),
            // Refuses everything only with both branches together: left as "some".
            json!({"allOf": [{"type": "string"}, {"type": "number"}]}),
        ] {
            assert!(!refuses_all(schema.clone()), "{schema}");
        }
    }
}
