//! Generic parameters: a type containing a generic type becomes generic over its
//! parameters.

use crate::ir::{Ty, TypeDef};
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
            for t in types[i].held() {
                params(t, types, &mut found);
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
