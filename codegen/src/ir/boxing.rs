//! Recursive types: a type that contains itself by value (directly or through `Option`)
//! would be infinitely large, so every by-value edge inside a strongly connected
//! component of the containment graph is boxed (a struct's fields, an enum's payloads, a
//! tuple's elements). `Vec` and maps already allocate.
//!
//! Tarjan's algorithm keeps this linear in the number of types and edges.

use super::{Extra, Ty, TypeDef, TypeId, TypeKind, VariantKind};

/// The named types `ty` holds by value.
fn by_value(ty: &Ty, out: &mut Vec<TypeId>) {
    match ty {
        Ty::Named(id) => out.push(*id),
        Ty::Option(t) => by_value(t, out),
        _ => {}
    }
}

fn edges(t: &TypeDef) -> Vec<TypeId> {
    let mut out = Vec::new();
    match &t.kind {
        TypeKind::Struct(s) => {
            for f in &s.fields {
                by_value(&f.ty, &mut out);
            }
            if let Extra::Typed(_) = &s.extra {
                // Held in a map: indirect.
            }
        }
        TypeKind::Enum(e) => {
            for v in &e.variants {
                if let VariantKind::Payload(ty) = &v.kind {
                    by_value(ty, &mut out);
                }
            }
        }
        TypeKind::Alias(ty) | TypeKind::Newtype(ty) => by_value(ty, &mut out),
        TypeKind::Tuple(t) => {
            for ty in &t.items {
                by_value(ty, &mut out);
            }
            // The further items are held in a `Vec`: indirect.
        }
    }
    out
}

/// Strongly connected components, as a component index per type.
fn components(types: &[TypeDef]) -> Vec<usize> {
    let adj: Vec<Vec<TypeId>> = types.iter().map(edges).collect();
    scc(&adj)
}

/// Tarjan's strongly connected components of a graph given as adjacency lists.
fn scc(adj: &[Vec<TypeId>]) -> Vec<usize> {
    let n = adj.len();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0usize; n];
    let mut on_stack = vec![false; n];
    let mut comp = vec![usize::MAX; n];
    let mut stack: Vec<usize> = Vec::new();
    let mut next = 0usize;
    let mut ncomp = 0usize;
    // Iterative Tarjan: (node, next edge position).
    for start in 0..n {
        if index[start] != usize::MAX {
            continue;
        }
        let mut call: Vec<(usize, usize)> = vec![(start, 0)];
        index[start] = next;
        low[start] = next;
        next += 1;
        stack.push(start);
        on_stack[start] = true;
        while let Some(&mut (v, ref mut ei)) = call.last_mut() {
            if *ei < adj[v].len() {
                let w = adj[v][*ei].0;
                *ei += 1;
                if index[w] == usize::MAX {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    call.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
            } else {
                call.pop();
                if let Some(&(parent, _)) = call.last() {
                    low[parent] = low[parent].min(low[v]);
                }
                if low[v] == index[v] {
                    while let Some(w) = stack.pop() {
                        on_stack[w] = false;
                        comp[w] = ncomp;
                        if w == v {
                            break;
                        }
                    }
                    ncomp += 1;
                }
            }
        }
    }
    comp
}

fn box_in(ty: &mut Ty, comp: &[usize], mine: usize) {
    match ty {
        Ty::Named(id) if comp[id.0] == mine => {
            let inner = std::mem::replace(ty, Ty::Any);
            *ty = Ty::Boxed(Box::new(inner));
        }
        Ty::Option(t) => box_in(t, comp, mine),
        _ => {}
    }
}

/// Boxes every by-value edge that closes a cycle.
pub(crate) fn break_cycles(types: &mut [TypeDef]) {
    let comp = components(types);
    for i in 0..types.len() {
        let mine = comp[i];
        match &mut types[i].kind {
            TypeKind::Struct(s) => {
                for f in &mut s.fields {
                    box_in(&mut f.ty, &comp, mine);
                }
            }
            TypeKind::Enum(e) => {
                for v in &mut e.variants {
                    if let VariantKind::Payload(ty) = &mut v.kind {
                        box_in(ty, &comp, mine);
                    }
                }
            }
            TypeKind::Newtype(ty) => box_in(ty, &comp, mine),
            TypeKind::Tuple(t) => {
                for ty in &mut t.items {
                    box_in(ty, &comp, mine);
                }
            }
            // An alias is only a name; the struct or enum on the cycle is boxed instead.
            TypeKind::Alias(_) => {}
        }
    }
}

/// The named types `ty` mentions anywhere (inside containers too).
fn mentions(ty: &Ty, out: &mut Vec<TypeId>) {
    match ty {
        Ty::Named(id) => out.push(*id),
        Ty::Option(t) | Ty::Boxed(t) | Ty::Vec(t) | Ty::Map(t) => mentions(t, out),
        _ => {}
    }
}

/// Turns every alias on a cycle of aliases into a newtype. rustc expands aliases eagerly,
/// so `type A = Vec<A>` (or `type A = IndexMap<String, B>; type B = Vec<A>`) is a cycle
/// error (E0391), while a tuple struct is a type of its own. Runs before
/// [`break_cycles`], which then boxes the newtypes' by-value edges like a struct's.
pub(crate) fn name_alias_cycles(types: &mut [TypeDef]) {
    let n = types.len();
    // The alias-only graph: edges from an alias to the aliases its target mentions.
    let adj: Vec<Vec<TypeId>> = types
        .iter()
        .map(|t| match &t.kind {
            TypeKind::Alias(ty) => {
                let mut out = Vec::new();
                mentions(ty, &mut out);
                out.retain(|id| matches!(types[id.0].kind, TypeKind::Alias(_)));
                out
            }
            _ => Vec::new(),
        })
        .collect();
    let comp = scc(&adj);
    let mut size = vec![0usize; n];
    for c in &comp {
        size[*c] += 1;
    }
    for i in 0..n {
        let cyclic = size[comp[i]] > 1 || adj[i].iter().any(|id| id.0 == i);
        if cyclic {
            if let TypeKind::Alias(ty) = &types[i].kind {
                types[i].kind = TypeKind::Newtype(ty.clone());
            }
        }
    }
}
