//! The targets of branch-covering documents, and the route from the root to each.

use super::{Step, Target};
use serde_json::{Map, Value};
use std::collections::{HashMap, HashSet, VecDeque};

/// Every target of `schema`, in a fixed order (breadth-first from the root).
pub fn targets(schema: &Value) -> Vec<Target> {
    let (order, _) = reachable(schema);
    let mut out = Vec::new();
    for ptr in order {
        let Some(o) = schema.pointer(&ptr).and_then(Value::as_object) else {
            continue;
        };
        if o.contains_key("$ref") {
            continue;
        }
        for key in ["anyOf", "oneOf"] {
            if let Some(b) = o.get(key).and_then(Value::as_array) {
                for i in 0..b.len() {
                    out.push((ptr.clone(), Step::Branch(key, i)));
                }
            }
        }
        if o.contains_key("if") {
            out.push((ptr.clone(), Step::Then));
            out.push((ptr.clone(), Step::Else));
        }
        let mut deps: Vec<&String> = Vec::new();
        for key in ["dependentSchemas", "dependencies", "dependentRequired"] {
            if let Some(d) = o.get(key).and_then(Value::as_object) {
                deps.extend(d.keys());
            }
        }
        for k in deps {
            out.push((ptr.clone(), Step::Dep(k.clone(), true)));
            out.push((ptr.clone(), Step::Dep(k.clone(), false)));
        }
        if allows_integer(o) {
            out.push((ptr.clone(), Step::Float));
        }
    }
    out
}

/// For each target, the route from the root: the steps to take at each node on the way.
pub fn routes(schema: &Value) -> Vec<Vec<Target>> {
    let (_, parent) = reachable(schema);
    targets(schema)
        .into_iter()
        .map(|(ptr, last)| {
            let mut route = vec![(ptr.clone(), last)];
            let mut at = ptr;
            while let Some((p, step)) = parent.get(&at) {
                route.push((p.clone(), step.clone()));
                at = p.clone();
            }
            route.reverse();
            route
        })
        .collect()
}

/// Whether a schema node allows an integer: `type` names `integer`, or an `enum`/`const`
/// holds one.
pub(super) fn allows_integer(o: &Map<String, Value>) -> bool {
    let int = |v: &Value| v.as_i64().is_some() || v.as_u64().is_some();
    match o.get("type") {
        Some(Value::String(t)) if t == "integer" => return true,
        Some(Value::Array(ts)) if ts.iter().any(|t| t == "integer") => return true,
        _ => {}
    }
    o.get("const").is_some_and(int)
        || o.get("enum")
            .and_then(Value::as_array)
            .is_some_and(|e| e.iter().any(int))
}

/// One JSON-pointer token, escaped.
pub(super) fn esc(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// The pointer a local `$ref` names (`None`: not local).
pub(super) fn ref_pointer(r: &str) -> Option<String> {
    let frag = r.strip_prefix('#')?;
    Some(frag.replace("%25", "%"))
}

/// The edges out of one schema node: the step and the child's pointer.
pub(super) fn edges(root: &Value, ptr: &str) -> Vec<(Step, String)> {
    let mut out = Vec::new();
    let Some(o) = root.pointer(ptr).and_then(Value::as_object) else {
        return out;
    };
    if let Some(r) = o.get("$ref").and_then(Value::as_str) {
        if let Some(p) = ref_pointer(r) {
            if root.pointer(&p).is_some() {
                out.push((Step::Ref, p));
            }
        }
        return out;
    }
    let child = |parts: &[&str]| {
        let mut p = ptr.to_owned();
        for part in parts {
            p.push('/');
            p.push_str(&esc(part));
        }
        p
    };
    if let Some(p) = o.get("properties").and_then(Value::as_object) {
        for k in p.keys() {
            out.push((Step::Prop(k.clone()), child(&["properties", k])));
        }
    }
    if let Some(p) = o.get("patternProperties").and_then(Value::as_object) {
        for k in p.keys() {
            out.push((Step::Pattern(k.clone()), child(&["patternProperties", k])));
        }
    }
    if o.get("additionalProperties").is_some_and(Value::is_object) {
        out.push((Step::Extra, child(&["additionalProperties"])));
    }
    for key in ["prefixItems", "items"] {
        match o.get(key) {
            Some(Value::Array(a)) => {
                for i in 0..a.len() {
                    out.push((Step::Pass, child(&[key, &i.to_string()])));
                }
            }
            Some(Value::Object(_)) if key == "items" => out.push((Step::Items, child(&[key]))),
            _ => {}
        }
    }
    for key in ["anyOf", "oneOf", "allOf"] {
        if let Some(b) = o.get(key).and_then(Value::as_array) {
            for i in 0..b.len() {
                let step = match key {
                    "anyOf" => Step::Branch("anyOf", i),
                    "oneOf" => Step::Branch("oneOf", i),
                    _ => Step::Pass,
                };
                out.push((step, child(&[key, &i.to_string()])));
            }
        }
    }
    if o.contains_key("if") {
        for (key, step) in [("then", Step::Then), ("else", Step::Else)] {
            if o.contains_key(key) {
                out.push((step, child(&[key])));
            }
        }
    }
    for key in ["dependentSchemas", "dependencies"] {
        if let Some(d) = o.get(key).and_then(Value::as_object) {
            for (k, s) in d {
                if s.is_object() {
                    out.push((Step::Dep(k.clone(), true), child(&[key, k])));
                }
            }
        }
    }
    out
}

/// The schema nodes reachable from the root, breadth-first, and how each was first reached
/// (its parent's pointer and the step).
pub(super) fn reachable(root: &Value) -> (Vec<String>, HashMap<String, Target>) {
    let mut order = vec![String::new()];
    let mut parent: HashMap<String, Target> = HashMap::new();
    let mut seen: HashSet<String> = HashSet::from([String::new()]);
    let mut queue = VecDeque::from([String::new()]);
    while let Some(ptr) = queue.pop_front() {
        for (step, child) in edges(root, &ptr) {
            if seen.insert(child.clone()) {
                parent.insert(child.clone(), (ptr.clone(), step));
                order.push(child.clone());
                queue.push_back(child);
            }
        }
    }
    (order, parent)
}
