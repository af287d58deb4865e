//! Which schemas get a validating newtype (the validating-newtypes setting,
//! docs/type-mapping.md, "Constrained strings and numbers").

use super::classify::integer_bounds;
use super::Lower;
use crate::ir::shape::Shape;
use crate::ir::Ty;
use crate::load::{Keywords, NodeId};

/// Whether the schema's own keywords bound a number: `minimum`, `maximum`, their
/// exclusive forms or `multipleOf`.
fn number_keywords(k: &Keywords) -> bool {
    k.minimum.is_some()
        || k.maximum.is_some()
        || k.exclusive_minimum.is_some()
        || k.exclusive_maximum.is_some()
        || k.number("multipleOf").is_some()
}

impl Lower<'_> {
    /// Whether the schema `node` (its merged `shape`), lowered to `ty`, gets a validating
    /// newtype: the setting is on, and the schema's own keywords constrain the value
    /// beyond what its Rust type holds. A plain `String` with `minLength`, `maxLength` or
    /// `pattern`; an integer with a bound or `multipleOf` its Rust type does not already
    /// imply (`minimum: 0` on a `u64`, or `0..=255` on a `u8`, leaves nothing to check);
    /// an `f64` with any of them.
    pub(super) fn validating_newtype(&self, node: NodeId, shape: &Shape, ty: &Ty) -> bool {
        if !self.settings.validating_newtypes {
            return false;
        }
        let Some(k) = self.set.node(node).keywords() else {
            return false;
        };
        match ty {
            Ty::String => {
                k.count("minLength").is_some()
                    || k.count("maxLength").is_some()
                    || k.string("pattern").is_some()
            }
            Ty::F64 => number_keywords(k),
            Ty::Int(int) => {
                if !number_keywords(k) {
                    return false;
                }
                let (min, max) = int.range();
                let (lo, hi) = integer_bounds(shape);
                let multiple = k
                    .number("multipleOf")
                    .and_then(serde_json::Number::as_f64)
                    .is_some_and(|m| m != 1.0);
                multiple || lo.is_some_and(|l| l > min) || hi.is_some_and(|h| h < max)
            }
            _ => false,
        }
    }
}
