//! Whether a schema admits `null`, as lowering decides nullable fields and variants.

use super::Lower;
use crate::error::Result;
use crate::ir::shape::{follow_refs, shape_of};
use crate::load::{Body, JsonType, NodeId};
use serde_json::Value;

impl Lower<'_> {
    /// Whether `null` is valid for the schema at `node` (from its shape).
    pub(super) fn nullable(&self, node: NodeId) -> Result<bool> {
        self.nullable_at(node, 0)
    }

    pub(super) fn nullable_at(&self, node: NodeId, depth: usize) -> Result<bool> {
        let node = follow_refs(self.set, node)?;
        if let Body::Bool(b) = self.set.node(node).body {
            return Ok(b);
        }
        if self.plan.refuses_all(node) {
            return Ok(false);
        }
        let shape = shape_of(self.set, node)?;
        if shape.never {
            return Ok(false);
        }
        if let Some(lits) = &shape.literals {
            return Ok(lits.iter().any(Value::is_null));
        }
        let own = shape.effective_types().map(|t| t.contains(&JsonType::Null));
        if own == Some(false) {
            return Ok(false);
        }
        let branches: Vec<NodeId> = shape.one_of.iter().chain(&shape.any_of).copied().collect();
        if !branches.is_empty() && depth < 16 {
            for b in branches {
                if self.nullable_at(b, depth + 1)? {
                    return Ok(true);
                }
            }
            return Ok(false);
        }
        Ok(own.unwrap_or(true))
    }

    pub(super) fn is_null_only(&self, node: NodeId) -> Result<bool> {
        let node = follow_refs(self.set, node)?;
        let shape = shape_of(self.set, node)?;
        if let Some(l) = &shape.literals {
            return Ok(!l.is_empty() && l.iter().all(Value::is_null));
        }
        Ok(matches!(&shape.types, Some(t) if t.len() == 1 && t.contains(&JsonType::Null)))
    }
}
