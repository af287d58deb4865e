//! The generator: its state, and the walk that produces a value for a schema node.

use super::json::*;
use super::samples::*;
use super::targets::ref_pointer;
use super::{Rng, Step, Target};
use serde_json::{Map, Number, Value};
use std::collections::HashMap;

/// The generator's state: one per document stream.
pub(super) struct Gen<'a> {
    pub(super) root: &'a Value,
    pub(super) rng: Rng,
    pub(super) mutate: bool,
    /// Compiled patterns (`None`: not an ECMA regex `regress` accepts).
    pub(super) patterns: HashMap<String, Option<regress::Regex>>,
    /// Steered documents: minimal, and following `route`.
    pub(super) steer: bool,
    /// The steps to a target (see [`routes`]), and how many were taken.
    pub(super) route: Vec<Target>,
    pub(super) cursor: usize,
    /// Values the next generated value should not be (the `enum`/`const` values of the
    /// sibling branches of the branch being taken).
    pub(super) avoid: Vec<Value>,
    /// The property schemas of the node a `then`/`else`/dependent schema applies to: the
    /// keys that schema requires or refines take their values from there.
    pub(super) context: Option<&'a Map<String, Value>>,
    /// The node's own value (an object's members): the applied schema refines or
    /// regenerates the keys it declares, and its values replace the node's.
    pub(super) present: Map<String, Value>,
}

impl<'a> Gen<'a> {
    pub(super) fn new(root: &'a Value, rng: Rng) -> Self {
        Gen {
            root,
            rng,
            mutate: false,
            patterns: HashMap::new(),
            steer: false,
            route: Vec::new(),
            cursor: 0,
            avoid: Vec::new(),
            context: None,
            present: Map::new(),
        }
    }

    /// The compiled `pattern`, if `regress` accepts it.
    pub(super) fn regex(&mut self, pattern: &str) -> Option<&regress::Regex> {
        self.patterns
            .entry(pattern.to_owned())
            .or_insert_with(|| regress::Regex::new(pattern).ok())
            .as_ref()
    }

    /// A candidate string that `pattern` matches, if any.
    pub(super) fn matching(&mut self, pattern: &str) -> Option<String> {
        let re = self.regex(pattern)?;
        PATTERN_CANDIDATES
            .iter()
            .find(|c| re.find(c).is_some())
            .map(|c| (*c).to_owned())
    }

    /// Strings `pattern` matches: the candidates, then the pattern's literal prefix with a
    /// few endings (`^x` gives `xyz`).
    pub(super) fn all_matching(&mut self, pattern: &str) -> Vec<String> {
        let prefix = literal_prefix(pattern);
        let Some(re) = self.regex(pattern) else {
            return Vec::new();
        };
        let mut out: Vec<String> = ["yz", "", "a", "1", "-a", "/a", ".a"]
            .iter()
            .map(|end| format!("{prefix}{end}"))
            .chain(PATTERN_CANDIDATES.iter().map(|c| (*c).to_owned()))
            .chain(MORE_CANDIDATES.iter().map(|c| (*c).to_owned()))
            .filter(|c| re.find(c).is_some())
            .collect();
        out.dedup();
        out
    }

    /// The schema at the end of `s`'s chain of local `$ref`s (at most 8 steps).
    pub(super) fn follow(&self, s: &'a Value) -> &'a Value {
        let mut s = s;
        for _ in 0..8 {
            match s
                .get("$ref")
                .and_then(Value::as_str)
                .and_then(|r| self.resolve(r))
            {
                Some((t, _)) => s = t,
                None => break,
            }
        }
        s
    }

    pub(super) fn resolve(&self, r: &str) -> Option<(&'a Value, String)> {
        let p = ref_pointer(r)?;
        self.root.pointer(&p).map(|v| (v, p))
    }

    /// The route's step at this node, if the route is here (it then moves on).
    pub(super) fn take(&mut self, ptr: &str) -> Option<Step> {
        let (at, step) = self.route.get(self.cursor)?;
        if at != ptr {
            return None;
        }
        let step = step.clone();
        self.cursor += 1;
        Some(step)
    }

    pub(super) fn value(&mut self, s: &'a Value, ptr: &str, depth: usize) -> Value {
        if self.mutate && self.rng.chance(10) {
            return self.any(depth);
        }
        let avoid = std::mem::take(&mut self.avoid);
        let Some(o) = s.as_object() else {
            return self.any(depth);
        };
        if depth > 24 {
            return Value::Null;
        }
        let step = if self.steer { self.take(ptr) } else { None };
        if let Some(target) = o.get("$ref").and_then(Value::as_str) {
            if let Some((t, tp)) = self.resolve(target) {
                self.avoid = avoid;
                return self.value(t, &tp, depth + 1);
            }
        }
        if let Some(c) = o.get("const") {
            return match step {
                Some(Step::Float) => as_float(c),
                _ => c.clone(),
            };
        }
        if let Some(e) = o.get("enum").and_then(Value::as_array) {
            if !e.is_empty() {
                if step == Some(Step::Float) {
                    if let Some(i) = e.iter().find(|v| v.is_i64() || v.is_u64()) {
                        return as_float(i);
                    }
                }
                return e[self.rng.below(e.len())].clone();
            }
        }
        for key in ["oneOf", "anyOf"] {
            if let Some(branches) = o.get(key).and_then(Value::as_array) {
                if let Some(Step::Branch(k, i)) = &step {
                    if *k == key && *i < branches.len() {
                        self.avoid = branches
                            .iter()
                            .enumerate()
                            .filter(|(j, _)| j != i)
                            .flat_map(|(_, b)| self.literals(b))
                            .collect();
                        self.context = o.get("properties").and_then(Value::as_object);
                        let v = self.value(&branches[*i], &format!("{ptr}/{key}/{i}"), depth + 1);
                        self.context = None;
                        let avoid = self.avoid.clone();
                        let v = self.own_kind(o, ptr, v, depth, &avoid);
                        self.avoid.clear();
                        return self.with_own(o, ptr, v, depth, step.as_ref());
                    }
                }
                // A steered document always takes a branch (one off the route included).
                if !branches.is_empty() && (self.steer || !self.rng.chance(5)) {
                    let i = self.rng.below(branches.len());
                    if self.steer {
                        self.context = o.get("properties").and_then(Value::as_object);
                    }
                    let v = self.value(&branches[i], &format!("{ptr}/{key}/{i}"), depth + 1);
                    self.context = None;
                    let v = if self.steer {
                        self.own_kind(o, ptr, v, depth, &[])
                    } else {
                        v
                    };
                    return self.with_own(o, ptr, v, depth, step.as_ref());
                }
            }
        }
        let own = self.typed(o, ptr, depth, step.as_ref(), &avoid);
        let mut v = own;
        if let Some(all) = o.get("allOf").and_then(Value::as_array) {
            for (i, b) in all.iter().enumerate() {
                let bptr = format!("{ptr}/allOf/{i}");
                if self.steer {
                    v = self.all_of_member(o, b, bptr, v, depth);
                } else {
                    let bv = self.value(b, &bptr, depth + 1);
                    v = merge(v, bv);
                }
            }
        }
        let v = match &step {
            Some(Step::Dep(k, true)) => self.dependency(o, ptr, v, k, depth),
            Some(Step::Dep(k, false)) => match v {
                Value::Object(mut m) if !required(o).contains(&k.as_str()) => {
                    m.shift_remove(k);
                    Value::Object(m)
                }
                v => v,
            },
            _ => v,
        };
        if !self.steer {
            return v;
        }
        let v = self.required_by_dependencies(o, ptr, v, depth);
        match step {
            Some(Step::Then) => self.then_side(o, o, ptr, v, depth),
            Some(Step::Else) => self.else_side(o, o, ptr, v, depth),
            // Not the target: the side the value takes, when a simple `if` tells.
            _ if o.contains_key("if") => self.condition(o, o, ptr, v, depth),
            _ => v,
        }
    }

    /// `v` brought within the `const`, `enum`, bounds and `pattern` of `s`.
    pub(super) fn refine(&mut self, v: Value, s: &'a Value) -> Value {
        if let Some(c) = s.get("const") {
            return c.clone();
        }
        if let Some(e) = s
            .get("enum")
            .and_then(Value::as_array)
            .and_then(|e| e.first())
        {
            return e.clone();
        }
        let lo = s.get("minimum").and_then(Value::as_f64);
        let hi = s.get("maximum").and_then(Value::as_f64);
        match v {
            Value::Number(n) => {
                let x = n.as_f64().unwrap_or(0.0);
                let y = match (lo, hi) {
                    (Some(l), _) if x < l => l.ceil(),
                    (_, Some(h)) if x > h => h.floor(),
                    _ => return Value::Number(n),
                };
                if n.is_f64() {
                    Number::from_f64(y).map_or(Value::Number(n), Value::Number)
                } else {
                    Value::from(y as i64)
                }
            }
            Value::String(t) => match s.get("pattern").and_then(Value::as_str) {
                Some(p) if self.regex(p).is_none_or(|re| re.find(&t).is_none()) => self
                    .all_matching(p)
                    .into_iter()
                    .next()
                    .map_or(Value::String(t), Value::String),
                _ => Value::String(t),
            },
            v => v,
        }
    }

    pub(super) fn any(&mut self, depth: usize) -> Value {
        let pick = if depth > 6 {
            self.rng.below(5)
        } else {
            self.rng.below(7)
        };
        match pick {
            0 => Value::Null,
            1 => Value::Bool(self.rng.chance(2)),
            2 => Value::from(INTEGERS[self.rng.below(INTEGERS.len())]),
            3 => Number::from_f64(FLOATS[self.rng.below(FLOATS.len())])
                .map_or(Value::Null, Value::Number),
            4 => Value::String(STRINGS[self.rng.below(STRINGS.len())].to_owned()),
            5 => {
                let n = self.rng.below(3);
                Value::Array((0..n).map(|_| self.any(depth + 1)).collect())
            }
            _ => {
                let n = self.rng.below(3);
                let mut m = Map::new();
                for i in 0..n {
                    let v = self.any(depth + 1);
                    m.insert(format!("k{i}"), v);
                }
                Value::Object(m)
            }
        }
    }
}
