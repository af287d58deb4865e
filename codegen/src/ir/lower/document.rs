//! The document type: the type a whole document parses into, made nominal (and
//! nullable) after lowering.

use crate::ir::naming::Names;
use crate::ir::{Ty, TypeDef, TypeId, TypeKind, VariantKind};

/// The type a whole document parses into: a struct or an enum of its own, never an alias
/// (an alias has no `from_json_str`, and rustc rejects a recursive one). A root that
/// lowered to an alias becomes a newtype in place; a root struct or enum that cannot hold
/// `null` although the root schema allows it (`"type": ["object", "null"]`) is renamed
/// `…Object` / `…Value` / `…Tuple`, and the document type is a newtype around its `Option`.
///
/// With `dynamic` (a `$dynamicRef` or `$recursiveRef` of the set resolves through the
/// dynamic scope), a root that is a reference to a struct or enum is a newtype too: it is
/// validated from the root's own node, whose resource is the outermost of the dynamic
/// scope, not from its target's.
pub(super) fn document_type(
    types: &mut Vec<TypeDef>,
    id: TypeId,
    nullable: bool,
    dynamic: bool,
    names: &mut Names,
) -> TypeId {
    let target_is_nominal = |ty: &Ty| match ty {
        Ty::Named(target) => matches!(
            types[target.0].kind,
            TypeKind::Struct(_) | TypeKind::Enum(_) | TypeKind::Tuple(_)
        ),
        _ => false,
    };
    let t = &types[id.0];
    if let TypeKind::Alias(ty) = &t.kind {
        // `type Tree = Node;` keeps `Node`'s methods: a newtype would only add `.0`.
        if target_is_nominal(ty) && !dynamic {
            return id;
        }
    }
    let t = &mut types[id.0];
    let (suffix, holds_null) = match &t.kind {
        TypeKind::Alias(ty) => {
            t.kind = TypeKind::Newtype(ty.clone());
            return id;
        }
        TypeKind::Newtype(_) => return id,
        TypeKind::Struct(_) => ("Object", false),
        TypeKind::Tuple(_) => ("Tuple", false),
        TypeKind::Enum(e) => (
            "Value",
            e.variants.iter().any(|v| match &v.kind {
                VariantKind::Literal(l) => l.is_null(),
                VariantKind::Payload(ty) => ty.admits_null(),
            }),
        ),
    };
    if !nullable || holds_null {
        return id;
    }
    let inner = names.claim(&format!("{}{suffix}", t.name));
    let outer = std::mem::replace(&mut t.name, inner);
    let wrapper = TypeDef {
        name: outer,
        docs: t.docs.clone(),
        origin: t.origin.clone(),
        node: t.node,
        generics: Vec::new(),
        kind: TypeKind::Newtype(Ty::Option(Box::new(Ty::Named(id)))),
        validated: false,
    };
    types.push(wrapper);
    TypeId(types.len() - 1)
}
