//! Objects: the struct of a schema with properties, and the value type of a map.

use super::{wrap_nullable, Lower};
use crate::error::Result;
use crate::ir::naming::{pascal, snake, Names};
use crate::ir::shape::Shape;
use crate::ir::{Extra, Field, Struct, Ty};
use crate::load::{Body, NodeId};

impl Lower<'_> {
    /// The value type of undeclared properties, or `None` for "any JSON".
    pub(super) fn map_value(&mut self, shape: &Shape, name: &str) -> Result<Option<Ty>> {
        let mut schemas: Vec<NodeId> = shape.pattern_properties.iter().map(|(_, n)| *n).collect();
        if let Some(a) = shape.additional {
            if !matches!(self.set.node(a).body, Body::Bool(false)) {
                schemas.push(a);
            }
        }
        schemas.retain(|n| !matches!(self.set.node(*n).body, Body::Bool(true)));
        let open = shape
            .additional
            .is_none_or(|a| matches!(self.set.node(a).body, Body::Bool(true)));
        if schemas.is_empty()
            || (open && !shape.pattern_properties.is_empty() && shape.additional.is_none())
        {
            // Open objects keep any value; pattern-typed keys are checked by validators.
            if open && schemas.is_empty() {
                return Ok(None);
            }
            if open {
                return Ok(None);
            }
        }
        if schemas.len() == 1 {
            let l = self.ty_of(schemas[0], &format!("{name}Value"))?;
            return Ok(Some(wrap_nullable(l.ty, l.nullable)));
        }
        // Several value schemas: typed only if they agree.
        let mut tys = Vec::new();
        for (i, s) in schemas.iter().enumerate() {
            let l = self.ty_of(*s, &format!("{name}Value{}", i + 1))?;
            tys.push(wrap_nullable(l.ty, l.nullable));
        }
        if tys.windows(2).all(|w| w[0] == w[1]) {
            return Ok(tys.pop());
        }
        Ok(Some(Ty::Any))
    }

    pub(super) fn structure(&mut self, node: NodeId, shape: &Shape, name: &str) -> Result<Struct> {
        let mut fields = Vec::new();
        let mut field_names = Names::fields();
        field_names.claim("extra");
        let key_order = self.settings.preserve_key_order;
        if key_order {
            field_names.claim("key_order");
        }
        let mut props = shape.properties.clone();
        for r in &shape.required {
            if !props.iter().any(|(n, _)| n == r) {
                // Required but never described: any JSON value.
                let _ = node;
                props.push((r.clone(), NodeId(usize::MAX)));
            }
        }
        for (json, pnode) in props {
            let fname = field_names.claim(&snake(&json));
            let (ty, nullable, docs, node_id) = if pnode.0 == usize::MAX {
                (Ty::Any, false, None, node)
            } else {
                let hint = format!("{name}{}", pascal(&json));
                let l = self.ty_of(pnode, &hint)?;
                (l.ty, l.nullable, self.field_docs(pnode), pnode)
            };
            fields.push(Field {
                name: fname,
                required: shape.required.contains(&json),
                json,
                ty,
                nullable,
                docs,
                node: node_id,
                derived: None,
                default: None,
                implied: None,
            });
        }
        let extra = match shape.additional.map(|a| &self.set.node(a).body) {
            Some(Body::Bool(false)) if shape.pattern_properties.is_empty() => Extra::Deny,
            None | Some(Body::Bool(true)) if shape.pattern_properties.is_empty() => Extra::Preserve,
            _ => match self.map_value(shape, name)? {
                Some(t) => Extra::Typed(t),
                None => Extra::Preserve,
            },
        };
        Ok(Struct {
            fields,
            extra,
            key_order,
            builder: None,
            read_boxed: false,
        })
    }

    pub(super) fn field_docs(&self, node: NodeId) -> Option<String> {
        let k = self.set.node(node).keywords()?;
        k.description.clone().or_else(|| k.title.clone())
    }
}
