//! Typed checks of a generated enum: each variant against the alternative it came from,
//! when that alone decides; the node's `Value` validator otherwise.

use super::{Operand, TypedChecks};
use crate::emit::tokens::ident;
use crate::error::Result;
use crate::ir::plan::{kind_of, Counted, NodePlan, Test};
use crate::ir::shape::{follow_refs, shape_of};
use crate::ir::{Ty, TypeId, TypeKind, VariantKind};
use crate::load::{JsonType, NodeId};
use proc_macro2::TokenStream;
use quote::quote;

/// What one variant's arm of an enum's check does; the arms' kinds decide the method's
/// layout (none, one body, or a `match`).
enum Arm {
    /// The variant passes every value.
    Pass,
    /// The node's `Value` validator decides.
    Fallback,
    /// The variant's own alternative decides when it accepts (this check, of `x`);
    /// otherwise the node's validator.
    Own(TokenStream),
}

impl TypedChecks<'_, '_> {
    /// The body of an enum's method at `node`; `None` when it passes every value.
    pub(super) fn enum_method(&mut self, id: TypeId, node: NodeId) -> Result<Option<TokenStream>> {
        let t = self.module.get(id).clone();
        let TypeKind::Enum(e) = &t.kind else {
            return Ok(None);
        };
        if e.is_uninhabited() {
            // No value of it exists to be checked.
            return Ok(None);
        }
        let plan = self.plan(node);
        let NodePlan::Checks(checks) = &*plan else {
            return Ok(Some(self.fallback(node, &quote!(self))));
        };
        let literal_only = checks
            .iter()
            .all(|c| matches!(c.test, Test::Type(..) | Test::Enum(..) | Test::Const(..)));
        let all_literal = e
            .variants
            .iter()
            .all(|v| matches!(v.kind, VariantKind::Literal(_)));
        if all_literal && literal_only {
            // The variants are exactly the schema's literals.
            return Ok(None);
        }
        let keyword = e.keyword;
        let has = |f: fn(&Test) -> bool| checks.iter().any(|c| f(&c.test));
        let branches: Vec<NodeId> = checks
            .iter()
            .find_map(|c| match &c.test {
                Test::OneOf { branches, .. } if keyword == "oneOf" => Some(branches.clone()),
                Test::AnyOf(branches, _) if keyword == "anyOf" => Some(branches.clone()),
                _ => None,
            })
            .unwrap_or_default();
        // The node is its alternatives and nothing else: each variant is checked against
        // its own alternative. Any other check makes the node fall back.
        let branch_typed = (keyword == "anyOf" || keyword == "oneOf")
            && checks
                .iter()
                .all(|c| matches!(c.test, Test::AnyOf(..) | Test::OneOf { .. }))
            && !(has(|t| matches!(t, Test::AnyOf(..))) && has(|t| matches!(t, Test::OneOf { .. })));
        let type_union = keyword == "type"
            && checks.iter().all(|c| {
                matches!(
                    c.test,
                    Test::Type(..)
                        | Test::Bound(..)
                        | Test::MultipleOf(..)
                        | Test::Count(Counted::Chars, ..)
                        | Test::Pattern(..)
                        | Test::Format(..)
                )
            });
        if !branch_typed && !type_union {
            return Ok(Some(self.fallback(node, &quote!(self))));
        }
        let mut arms = Vec::new();
        for v in &e.variants {
            let vname = ident(&v.name);
            match &v.kind {
                // A literal came from one alternative's `enum`, which it satisfies.
                VariantKind::Literal(_) if keyword == "anyOf" => {
                    arms.push((quote!(Self::#vname), Arm::Pass));
                }
                VariantKind::Literal(_) => arms.push((quote!(Self::#vname), Arm::Fallback)),
                VariantKind::Payload(ty) => {
                    let target = if type_union { Some(node) } else { v.branch };
                    let exclusive = keyword != "oneOf"
                        || match v.branch {
                            Some(b) => self.disjoint_from_others(ty, b, &branches)?,
                            None => false,
                        };
                    match target.filter(|_| exclusive) {
                        Some(b) => match self.check(ty, b, Operand::X, 0)? {
                            None => arms.push((quote!(Self::#vname(_)), Arm::Pass)),
                            // Its own alternative decides when it accepts; otherwise the
                            // full validator decides (and reports).
                            Some(c) => arms.push((quote!(Self::#vname(x)), Arm::Own(c))),
                        },
                        None => arms.push((quote!(Self::#vname(_)), Arm::Fallback)),
                    }
                }
            }
        }
        // Every variant passes.
        if arms.iter().all(|(_, arm)| matches!(arm, Arm::Pass)) {
            return Ok(None);
        }
        let fb = self.fallback(node, &quote!(self));
        // Every variant falls back to the node's validator: no `match`.
        if arms.iter().all(|(_, arm)| matches!(arm, Arm::Fallback)) {
            return Ok(Some(fb));
        }
        let arms = arms.iter().map(|(pattern, arm)| {
            let body = match arm {
                Arm::Pass => quote!(true),
                Arm::Fallback => fb.clone(),
                Arm::Own(c) => quote!(cx.speculate(|cx| #c) || #fb),
            };
            quote!(#pattern => #body,)
        });
        Ok(Some(quote! {
            match self {
                #(#arms)*
            }
        }))
    }

    /// Whether no other alternative of a `oneOf` can accept a value of `ty` (their types
    /// exclude its JSON kinds), so matching its own alternative is enough.
    fn disjoint_from_others(&self, ty: &Ty, own: NodeId, branches: &[NodeId]) -> Result<bool> {
        let kinds: Vec<JsonType> = match ty {
            Ty::Named(id) => match &self.module.get(*id).kind {
                TypeKind::Struct(_) => vec![JsonType::Object],
                _ => return Ok(false),
            },
            Ty::Vec(_) => vec![JsonType::Array],
            Ty::Map(_) | Ty::Object => vec![JsonType::Object],
            Ty::Boxed(inner) => return self.disjoint_from_others(inner, own, branches),
            other => match kind_of(other) {
                Some(k) => vec![k],
                None => return Ok(false),
            },
        };
        for b in branches {
            // A branch that accepts nothing matches no value (and has no variant).
            if *b == own || self.v.plan().refuses_all(*b) {
                continue;
            }
            let target = follow_refs(self.set, *b)?;
            let shape = shape_of(self.set, target)?;
            let Some(types) = shape.types.clone() else {
                return Ok(false);
            };
            for k in &kinds {
                if types.contains(k)
                    || (*k == JsonType::Integer && types.contains(&JsonType::Number))
                    || (*k == JsonType::Number && types.contains(&JsonType::Integer))
                {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }
}
