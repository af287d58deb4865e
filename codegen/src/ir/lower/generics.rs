//! Generic parameters: a type containing a generic type becomes generic over its
//! parameters.

use crate::ir::{Extra, Ty, TypeDef, TypeKind, VariantKind};
use std::collections::BTreeSet;

/// Types that contain a generic type become generic over the same parameters.
pub(super) fn propagate_generics(types: &mut [TypeDef]) {
    fn params(ty: &Ty, types: &[TypeDef], out: &mut BTreeSet<String>) {
        match ty {
            Ty::Generic(p) => {
                out.insert(p.clone());
            }
            Ty::Named(id) => out.extend(types[id.0].generics.iter().cloned()),
            Ty::Vec(t) | Ty::Map(t) | Ty::Boxed(t) | Ty::Option(t) => params(t, types, out),
            _ => {}
        }
    }
    loop {
        let mut changed = false;
        for i in 0..types.len() {
            let mut found = BTreeSet::new();
            match &types[i].kind {
                TypeKind::Struct(s) => {
                    for f in &s.fields {
                        params(&f.ty, types, &mut found);
                    }
                    if let Extra::Typed(t) = &s.extra {
                        params(t, types, &mut found);
                    }
                }
                TypeKind::Enum(e) => {
                    for v in &e.variants {
                        if let VariantKind::Payload(t) = &v.kind {
                            params(t, types, &mut found);
                        }
                    }
                }
                TypeKind::Alias(t) | TypeKind::Newtype(t) => params(t, types, &mut found),
            }
            for p in found {
                if !types[i].generics.contains(&p) {
                    types[i].generics.push(p);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
}
