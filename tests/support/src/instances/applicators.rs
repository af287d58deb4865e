//! Subschemas applied to the same value: `allOf` members, `if`/`then`/`else`,
//! dependencies, and the steering that makes an `if` true or false or a dependency hold.

use super::generator::Gen;
use super::json::*;
use super::targets::esc;
use super::Step;
use serde_json::{Map, Value};

impl<'a> Gen<'a> {
    /// `v` with the keys that present keys require (`dependencies`/`dependentRequired`
    /// lists) added.
    pub(super) fn required_by_dependencies(
        &mut self,
        o: &'a Map<String, Value>,
        ptr: &str,
        v: Value,
        depth: usize,
    ) -> Value {
        let mut v = v;
        for _ in 0..4 {
            let Value::Object(mut m) = v else { return v };
            let mut missing = Vec::new();
            for kw in ["dependencies", "dependentRequired"] {
                if let Some(d) = o.get(kw).and_then(Value::as_object) {
                    for (k, need) in d {
                        if let (true, Some(need)) = (m.contains_key(k), need.as_array()) {
                            missing.extend(
                                need.iter()
                                    .filter_map(Value::as_str)
                                    .filter(|n| !m.contains_key(*n))
                                    .map(str::to_owned),
                            );
                        }
                    }
                }
            }
            for k in missing {
                let x = self.own_property(o, ptr, &k, depth);
                m.insert(k, x);
            }
            // The dependent schemas of present keys apply too.
            v = Value::Object(m);
            let before = v.clone();
            for kw in ["dependencies", "dependentSchemas"] {
                for (k, d) in o.get(kw).and_then(Value::as_object).into_iter().flatten() {
                    if d.is_object() && v.get(k).is_some() {
                        let p = format!("{ptr}/{kw}/{}", esc(k));
                        let dv = self.applied(o, d, &p, &v, depth);
                        v = overlay(v, dv);
                    }
                }
            }
            if v == before {
                break;
            }
        }
        v
    }

    /// A value for property `k` of node `o` (any value when `o` does not declare it).
    pub(super) fn own_property(
        &mut self,
        o: &'a Map<String, Value>,
        ptr: &str,
        k: &str,
        depth: usize,
    ) -> Value {
        match o.get("properties").and_then(|p| p.get(k)) {
            Some(s) => self.value(s, &format!("{ptr}/properties/{}", esc(k)), depth + 1),
            None => Value::String("xyz".to_owned()),
        }
    }

    /// A subschema applied to the node's own value (`then`, `else`, a dependent schema),
    /// its required and refined keys generated from the node's property schemas.
    pub(super) fn applied(
        &mut self,
        o: &'a Map<String, Value>,
        s: &'a Value,
        ptr: &str,
        own: &Value,
        depth: usize,
    ) -> Value {
        self.context = o.get("properties").and_then(Value::as_object);
        self.present = own.as_object().cloned().unwrap_or_default();
        let v = self.value(s, ptr, depth + 1);
        self.context = None;
        self.present.clear();
        v
    }

    /// A steered document's `allOf` member applied to the node's value `v`: a member that
    /// is a condition (`if` without a `type` or `properties` of its own) takes the side
    /// `v` (or the route) asks for, with the node's property schemas; another member's
    /// value merges into `v`.
    pub(super) fn all_of_member(
        &mut self,
        o: &'a Map<String, Value>,
        b: &'a Value,
        bptr: String,
        v: Value,
        depth: usize,
    ) -> Value {
        let (mut b, mut bptr) = (b, bptr);
        let mut at = self.cursor;
        let mut step = self.take(&bptr);
        for _ in 0..8 {
            let Some((t, tp)) = b
                .get("$ref")
                .and_then(Value::as_str)
                .and_then(|r| self.resolve(r))
            else {
                break;
            };
            (b, bptr) = (t, tp);
            at = self.cursor;
            step = self.take(&bptr);
        }
        let Some(bo) = b.as_object() else { return v };
        let condition =
            bo.contains_key("if") && !bo.contains_key("type") && !bo.contains_key("properties");
        if !condition {
            // `value` takes the member's own step, if the route is there.
            self.cursor = at;
            let bv = self.value(b, &bptr, depth + 1);
            return deep_merge(v, bv);
        }
        match step {
            Some(Step::Then) => self.then_side(bo, o, &bptr, v, depth),
            Some(Step::Else) => self.else_side(bo, o, &bptr, v, depth),
            _ => self.condition(bo, o, &bptr, v, depth),
        }
    }

    /// `v` through the `if` of `cond`, on the side a simple `if` tells (unchanged when
    /// it cannot tell).
    pub(super) fn condition(
        &mut self,
        cond: &'a Map<String, Value>,
        ctx: &'a Map<String, Value>,
        ptr: &str,
        v: Value,
        depth: usize,
    ) -> Value {
        match cond.get("if").and_then(|i| holds(&v, i)) {
            Some(true) => self.then_side(cond, ctx, ptr, v, depth),
            Some(false) => self.else_side(cond, ctx, ptr, v, depth),
            None => v,
        }
    }

    /// A branch's value of a kind the node's own `type` rejects (a branch that only
    /// annotates, say) replaced by a value of the node's own type.
    pub(super) fn own_kind(
        &mut self,
        o: &'a Map<String, Value>,
        ptr: &str,
        v: Value,
        depth: usize,
        avoid: &[Value],
    ) -> Value {
        let types: Vec<&str> = match o.get("type") {
            Some(Value::String(t)) => vec![t.as_str()],
            Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
            _ => return v,
        };
        if types.iter().any(|t| kind_is(&v, t)) {
            return v;
        }
        self.typed(o, ptr, depth, None, avoid)
    }

    /// The `enum`/`const` values a branch admits (through `$ref`s), which a sibling
    /// branch's value should avoid.
    pub(super) fn literals(&self, b: &'a Value) -> Vec<Value> {
        let b = self.follow(b);
        if let Some(c) = b.get("const") {
            return vec![c.clone()];
        }
        b.get("enum")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default()
    }

    /// A branch's value, with the schema's own properties added when both are objects.
    pub(super) fn with_own(
        &mut self,
        o: &'a Map<String, Value>,
        ptr: &str,
        v: Value,
        depth: usize,
        step: Option<&Step>,
    ) -> Value {
        if v.is_object() && o.contains_key("properties") {
            let own = self.object(o, ptr, depth, step);
            if self.steer {
                // The node's own value (the route's property among it) wins.
                return overlay(v, own);
            }
            merge(v, own)
        } else {
            v
        }
    }

    /// `v` (the node's own value) made to satisfy the `if` of `cond` (the node, or a
    /// condition among its `allOf`), then its `then`; `ctx` is the node.
    pub(super) fn then_side(
        &mut self,
        cond: &'a Map<String, Value>,
        ctx: &'a Map<String, Value>,
        ptr: &str,
        v: Value,
        depth: usize,
    ) -> Value {
        let forced = match cond.get("if") {
            Some(i) => self.forced(i, depth + 1),
            None => Value::Null,
        };
        let mut v = deep_merge(forced.clone(), v);
        // Keys the `if` requires, from the node's own property schemas.
        if let (Some(req), Value::Object(m)) = (cond.get("if").map(schema_required), &mut v) {
            for k in req {
                if !m.contains_key(&k) {
                    let s = ctx.get("properties").and_then(|p| p.get(&k));
                    let x = match s {
                        Some(s) => {
                            self.value(s, &format!("{ptr}/properties/{}", esc(&k)), depth + 1)
                        }
                        None => self.any(depth + 1),
                    };
                    m.insert(k, x);
                }
            }
        }
        // What the forced keys require, then the `then` over the whole.
        let v = self.required_by_dependencies(ctx, ptr, v, depth);
        match cond.get("then") {
            Some(t) => {
                let then = self.applied(ctx, t, &format!("{ptr}/then"), &v, depth);
                // The `if`'s pinned values stay.
                deep_merge(forced, overlay(v, then))
            }
            None => v,
        }
    }

    /// `v` (the node's own value) made to fail the `if` of `cond`, with its `else`;
    /// `ctx` is the node.
    pub(super) fn else_side(
        &mut self,
        cond: &'a Map<String, Value>,
        ctx: &'a Map<String, Value>,
        ptr: &str,
        v: Value,
        depth: usize,
    ) -> Value {
        let v = match cond.get("if") {
            Some(i) if holds(&v, i) != Some(false) => self.falsify(v, i, ctx, 0),
            _ => v,
        };
        match cond.get("else") {
            Some(e) => {
                let e = self.applied(ctx, e, &format!("{ptr}/else"), &v, depth);
                overlay(v, e)
            }
            None => v,
        }
    }

    /// The values an `if` pins (`const`, the first of an `enum`, nested `properties`),
    /// as a value to merge first.
    pub(super) fn forced(&mut self, s: &'a Value, depth: usize) -> Value {
        let s = self.follow(s);
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
        let mut m = Map::new();
        if let Some(p) = s.get("properties").and_then(Value::as_object) {
            for (k, ps) in p {
                let pinned = ps.get("const").is_some()
                    || ps.get("enum").is_some()
                    || ps.get("properties").is_some()
                    || ps.get("$ref").is_some();
                if pinned && depth < 24 {
                    let v = self.forced(ps, depth + 1);
                    if !v.is_null() || ps.get("const").is_some() {
                        m.insert(k.clone(), v);
                    }
                }
            }
        }
        if m.is_empty() && s.get("properties").is_none() {
            return Value::Null;
        }
        Value::Object(m)
    }

    /// `v` changed so that `if_schema` rejects it: a key the `if` requires (and the node
    /// does not) removed, or a value the `if` pins changed to another of the node's own
    /// values (or a made-up one).
    pub(super) fn falsify(
        &mut self,
        v: Value,
        if_schema: &'a Value,
        own: &'a Map<String, Value>,
        depth: usize,
    ) -> Value {
        let Value::Object(mut m) = v else { return v };
        let Some(i) = if_schema.as_object() else {
            return Value::Object(m);
        };
        let own_required = required(own);
        for k in schema_required(if_schema) {
            if !m.contains_key(&k) {
                return Value::Object(m);
            }
            if !own_required.contains(&k.as_str()) {
                m.shift_remove(&k);
                return Value::Object(m);
            }
        }
        let Some(props) = i.get("properties").and_then(Value::as_object) else {
            return Value::Object(m);
        };
        for (k, ps) in props {
            let Some(cur) = m.get(k).cloned() else {
                continue;
            };
            let pinned: Vec<Value> = match (ps.get("const"), ps.get("enum")) {
                (Some(c), _) => vec![c.clone()],
                (None, Some(Value::Array(e))) => e.clone(),
                _ => {
                    if let (Some(Value::Object(_)), true) = (ps.get("properties"), depth < 8) {
                        let own_k = own
                            .get("properties")
                            .and_then(|p| p.get(k))
                            .and_then(Value::as_object);
                        if let Some(own_k) = own_k {
                            let changed = self.falsify(cur.clone(), ps, own_k, depth + 1);
                            if changed != cur {
                                m.insert(k.clone(), changed);
                                return Value::Object(m);
                            }
                        }
                    }
                    continue;
                }
            };
            let own_values: Vec<Value> = own
                .get("properties")
                .and_then(|p| p.get(k))
                .map(|s| self.literals(s))
                .unwrap_or_default();
            let other = own_values
                .into_iter()
                .find(|x| !pinned.contains(x))
                .unwrap_or_else(|| different(&pinned));
            m.insert(k.clone(), other);
            return Value::Object(m);
        }
        Value::Object(m)
    }

    /// `v` with the key of a dependency present, and what the dependency asks.
    pub(super) fn dependency(
        &mut self,
        o: &'a Map<String, Value>,
        ptr: &str,
        v: Value,
        key: &str,
        depth: usize,
    ) -> Value {
        let Value::Object(mut m) = v else { return v };
        let mut need = vec![key.to_owned()];
        let mut schema = None;
        for kw in ["dependentSchemas", "dependencies", "dependentRequired"] {
            match o.get(kw).and_then(|d| d.get(key)) {
                Some(Value::Array(a)) => {
                    need.extend(a.iter().filter_map(Value::as_str).map(str::to_owned))
                }
                Some(s @ Value::Object(_)) => schema = Some((kw, s)),
                _ => {}
            }
        }
        for k in need {
            if !m.contains_key(&k) {
                let x = self.own_property(o, ptr, &k, depth);
                m.insert(k, x);
            }
        }
        match schema {
            Some((kw, s)) => {
                let m = Value::Object(m);
                let d = self.applied(o, s, &format!("{ptr}/{kw}/{}", esc(key)), &m, depth);
                overlay(m, d)
            }
            None => Value::Object(m),
        }
    }
}
