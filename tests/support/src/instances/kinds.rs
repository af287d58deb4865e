//! Values of one JSON kind (`type`): integers, numbers, strings, arrays and objects,
//! random or steered.

use super::generator::Gen;
use super::json::*;
use super::samples::*;
use super::targets::esc;
use super::Step;
use serde_json::{Map, Number, Value};

impl<'a> Gen<'a> {
    pub(super) fn typed(
        &mut self,
        o: &'a Map<String, Value>,
        ptr: &str,
        depth: usize,
        step: Option<&Step>,
        avoid: &[Value],
    ) -> Value {
        let types: Vec<&str> = match o.get("type") {
            Some(Value::String(t)) => vec![t.as_str()],
            Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
            _ => implied(o).into_iter().collect(),
        };
        // A step that needs one kind of value picks it.
        let want = match step {
            Some(Step::Prop(_) | Step::Pattern(_) | Step::Extra | Step::Dep(..)) => Some("object"),
            Some(Step::Items) => Some("array"),
            Some(Step::Float) => Some("integer"),
            _ => None,
        };
        let kind = match want {
            Some(w) if types.is_empty() || types.contains(&w) => w,
            // A steered node that only applies others (`allOf`, `if`): their values fill it.
            _ if types.is_empty()
                && self.steer
                && (o.contains_key("allOf") || o.contains_key("if")) =>
            {
                return Value::Null;
            }
            _ if types.is_empty() => return self.any(depth),
            _ if self.steer && !avoid.is_empty() && types.contains(&"string") => "string",
            _ => types[self.rng.below(types.len())],
        };
        match kind {
            "null" => Value::Null,
            "boolean" => Value::Bool(self.rng.chance(2)),
            "integer" => {
                let n = self.integer(o);
                if step == Some(&Step::Float) {
                    as_float(&n)
                } else {
                    n
                }
            }
            "number" => self.number(o),
            "string" if self.steer => self.steered_string(o, avoid),
            "string" => self.string(o),
            "array" => self.array(o, ptr, depth, step),
            "object" => self.object(o, ptr, depth, step),
            _ => self.any(depth),
        }
    }

    pub(super) fn integer(&mut self, o: &Map<String, Value>) -> Value {
        let n = INTEGERS[self.rng.below(INTEGERS.len())];
        // A steered document's integers stay exact as `f64` (for their `n.0` form).
        let n = if self.steer && n.unsigned_abs() > 1 << 53 {
            2
        } else {
            n
        };
        let lo = o.get("minimum").and_then(Value::as_f64);
        let hi = o.get("maximum").and_then(Value::as_f64);
        let x = n as f64;
        match (lo, hi) {
            (Some(l), _) if x < l => Value::from(l.ceil() as i64),
            (_, Some(h)) if x > h => Value::from(h.floor() as i64),
            _ => Value::from(n),
        }
    }

    pub(super) fn number(&mut self, o: &Map<String, Value>) -> Value {
        let x = FLOATS[self.rng.below(FLOATS.len())];
        let lo = o.get("minimum").and_then(Value::as_f64);
        let hi = o.get("maximum").and_then(Value::as_f64);
        let x = match (lo, hi) {
            (Some(l), _) if x < l => l + (x.abs().fract()).min(hi.map_or(1.0, |h| h - l)),
            (_, Some(h)) if x > h => h - x.fract().abs(),
            _ => x,
        };
        Number::from_f64(x).map_or(Value::Null, Value::Number)
    }

    pub(super) fn string(&mut self, o: &Map<String, Value>) -> Value {
        let by_format = o.get("format").and_then(Value::as_str).and_then(formatted);
        let by_pattern = match o.get("pattern").and_then(Value::as_str) {
            Some(p) if !self.rng.chance(8) => self.matching(p),
            _ => None,
        };
        let mut s = match (by_format, by_pattern) {
            (_, Some(p)) => p,
            (Some(f), None) if !self.rng.chance(8) => f.to_owned(),
            _ => STRINGS[self.rng.below(STRINGS.len())].to_owned(),
        };
        let min = o.get("minLength").and_then(Value::as_u64).unwrap_or(0);
        while (s.chars().count() as u64) < min.min(64) {
            s.push('a');
        }
        if let Some(max) = o.get("maxLength").and_then(Value::as_u64) {
            s = s.chars().take(usize::try_from(max).unwrap_or(0)).collect();
        }
        Value::String(s)
    }

    /// A steered document's string: one the node's `pattern`, `format` and length bounds
    /// accept, outside `avoid` when one is.
    pub(super) fn steered_string(&mut self, o: &Map<String, Value>, avoid: &[Value]) -> Value {
        let mut candidates: Vec<String> = Vec::new();
        let pattern = o.get("pattern").and_then(Value::as_str);
        if let Some(p) = pattern {
            candidates.extend(self.all_matching(p));
        }
        if let Some(f) = o
            .get("format")
            .and_then(Value::as_str)
            .and_then(formatted_more)
        {
            candidates.push(f.to_owned());
        }
        candidates.extend(OPEN_STRINGS.iter().map(|s| (*s).to_owned()));
        let min = o.get("minLength").and_then(Value::as_u64).unwrap_or(0);
        let max = o.get("maxLength").and_then(Value::as_u64);
        let mut fallback = None;
        for mut s in candidates {
            while (s.chars().count() as u64) < min.min(64) {
                s.push('a');
            }
            if let Some(max) = max {
                s = s.chars().take(usize::try_from(max).unwrap_or(0)).collect();
            }
            let fits = match pattern {
                Some(p) => self.regex(p).is_none_or(|re| re.find(&s).is_some()),
                None => true,
            };
            let v = Value::String(s);
            if fits && !avoid.contains(&v) {
                return v;
            }
            fallback.get_or_insert(v);
        }
        fallback.unwrap_or_else(|| Value::String(String::new()))
    }

    pub(super) fn array(
        &mut self,
        o: &'a Map<String, Value>,
        ptr: &str,
        depth: usize,
        step: Option<&Step>,
    ) -> Value {
        let mut out = Vec::new();
        let (prefix_key, prefix) = match (o.get("prefixItems"), o.get("items")) {
            (Some(p), _) => ("prefixItems", p.as_array()),
            (None, Some(p)) => ("items", p.as_array()),
            _ => ("", None),
        };
        if let Some(p) = prefix {
            for (i, s) in p.iter().enumerate() {
                out.push(self.value(s, &format!("{ptr}/{prefix_key}/{i}"), depth + 1));
            }
        }
        let min = o.get("minItems").and_then(Value::as_u64).unwrap_or(0) as usize;
        let max = o
            .get("maxItems")
            .and_then(Value::as_u64)
            .map_or(usize::MAX, |m| m as usize);
        let extra = if self.steer {
            usize::from(step == Some(&Step::Items))
        } else if depth > 6 {
            0
        } else {
            self.rng.below(4)
        };
        let want = (min.max(out.len()) + extra).min(max).min(8);
        let items = o.get("items").filter(|i| i.is_object() || i.is_boolean());
        let items_ptr = format!("{ptr}/items");
        while out.len() < want {
            let v = match items {
                Some(s) => self.value(s, &items_ptr, depth + 1),
                None => self.any(depth + 1),
            };
            out.push(v);
        }
        Value::Array(out)
    }

    pub(super) fn object(
        &mut self,
        o: &'a Map<String, Value>,
        ptr: &str,
        depth: usize,
        step: Option<&Step>,
    ) -> Value {
        if self.steer {
            return self.steered_object(o, ptr, depth, step);
        }
        let mut map = Map::new();
        let required = required(o);
        if let Some(props) = o.get("properties").and_then(Value::as_object) {
            for (k, s) in props {
                if required.contains(&k.as_str()) || (depth < 6 && self.rng.chance(2)) {
                    let v = self.value(s, &format!("{ptr}/properties/{}", esc(k)), depth + 1);
                    map.insert(k.clone(), v);
                }
            }
        }
        for r in &required {
            if !map.contains_key(*r) {
                let v = self.any(depth + 1);
                map.insert((*r).to_owned(), v);
            }
        }
        if let Some(pp) = o.get("patternProperties").and_then(Value::as_object) {
            for (pattern, s) in pp {
                if depth < 6 && self.rng.chance(2) {
                    let key = self.matching(pattern).unwrap_or_else(|| key_for(pattern));
                    let v = self.value(
                        s,
                        &format!("{ptr}/patternProperties/{}", esc(pattern)),
                        depth + 1,
                    );
                    map.insert(key, v);
                }
            }
        }
        match o.get("additionalProperties") {
            Some(Value::Bool(false)) => {}
            Some(s @ Value::Object(_)) => {
                if depth < 6 && self.rng.chance(2) {
                    let v = self.value(s, &format!("{ptr}/additionalProperties"), depth + 1);
                    map.insert(format!("extra{}", self.rng.below(100)), v);
                }
            }
            _ => {
                if self.rng.chance(4) {
                    let v = self.any(depth + 1);
                    map.insert("x-extra".to_owned(), v);
                }
            }
        }
        // Extra keys stand before declared ones now and then, so key order is exercised.
        if self.rng.chance(3) {
            let mut entries: Vec<(String, Value)> = map.into_iter().collect();
            entries.reverse();
            map = entries.into_iter().collect();
        }
        Value::Object(map)
    }

    /// A steered document's object: the required properties, and the one the step names.
    pub(super) fn steered_object(
        &mut self,
        o: &'a Map<String, Value>,
        ptr: &str,
        depth: usize,
        step: Option<&Step>,
    ) -> Value {
        let mut map = Map::new();
        let required = required(o);
        let props = o.get("properties").and_then(Value::as_object);
        let context = self.context.take();
        let present = std::mem::take(&mut self.present);
        if let Some(props) = props {
            for (k, s) in props {
                let on_route = step == Some(&Step::Prop(k.clone()));
                let same_as_node = context.and_then(|c| c.get(k)) == Some(s);
                let here = present.get(k).filter(|_| !same_as_node);
                if required.contains(&k.as_str()) || on_route || here.is_some() {
                    // A key the enclosing node declares, that this schema only refines
                    // (bounds, `const`, `pattern`): the node's value, refined.
                    let v = match context.and_then(|c| c.get(k)) {
                        Some(_) if !on_route && refines_only(s) && here.is_some() => {
                            let v = here.cloned().unwrap_or(Value::Null);
                            self.refine(v, s)
                        }
                        Some(outer) if !on_route && refines_only(s) => {
                            let v = self.value(
                                outer,
                                &format!("{ptr}/properties/{}", esc(k)),
                                depth + 1,
                            );
                            self.refine(v, s)
                        }
                        _ => self.value(s, &format!("{ptr}/properties/{}", esc(k)), depth + 1),
                    };
                    map.insert(k.clone(), v);
                }
            }
        }
        if let Some(c) = context {
            for r in &required {
                if let (false, Some(s)) = (map.contains_key(*r), c.get(*r)) {
                    let v = match present.get(*r) {
                        Some(v) => v.clone(),
                        None => self.value(s, &format!("{ptr}/properties/{}", esc(r)), depth + 1),
                    };
                    map.insert((*r).to_owned(), v);
                }
            }
        }
        let pp = o.get("patternProperties").and_then(Value::as_object);
        for r in &required {
            if !map.contains_key(*r) {
                // A required key a pattern covers takes that pattern's schema.
                let covering = pp.and_then(|pp| {
                    pp.iter()
                        .find(|(p, _)| self.regex(p).is_some_and(|re| re.find(r).is_some()))
                });
                let v = match covering {
                    Some((p, s)) => {
                        self.value(s, &format!("{ptr}/patternProperties/{}", esc(p)), depth + 1)
                    }
                    None => match o.get("additionalProperties") {
                        Some(s @ Value::Object(_)) => {
                            self.value(s, &format!("{ptr}/additionalProperties"), depth + 1)
                        }
                        _ => self.any(depth + 1),
                    },
                };
                map.insert((*r).to_owned(), v);
            }
        }
        match step {
            Some(Step::Pattern(p)) => {
                if let Some(s) = pp.and_then(|pp| pp.get(p)) {
                    let key = self
                        .all_matching(p)
                        .into_iter()
                        .next()
                        .unwrap_or_else(|| key_for(p));
                    let v =
                        self.value(s, &format!("{ptr}/patternProperties/{}", esc(p)), depth + 1);
                    map.insert(key, v);
                }
            }
            Some(Step::Extra) => {
                if let Some(s @ Value::Object(_)) = o.get("additionalProperties") {
                    let v = self.value(s, &format!("{ptr}/additionalProperties"), depth + 1);
                    let key = (0..)
                        .map(|i| format!("extra{i}"))
                        .find(|k| !map.contains_key(k) && !props.is_some_and(|p| p.contains_key(k)))
                        .unwrap_or_default();
                    map.insert(key, v);
                }
            }
            _ => {}
        }
        // `minProperties`: optional declared properties, then extra keys.
        let min = o.get("minProperties").and_then(Value::as_u64).unwrap_or(0) as usize;
        let mut optional = props.into_iter().flatten();
        while map.len() < min.min(16) {
            if let Some((k, s)) = optional.next() {
                if !map.contains_key(k) {
                    let v = self.value(s, &format!("{ptr}/properties/{}", esc(k)), depth + 1);
                    map.insert(k.clone(), v);
                }
                continue;
            }
            let key = format!("extra{}", map.len());
            let v = match (
                o.get("additionalProperties"),
                pp.and_then(|p| p.iter().next()),
            ) {
                (Some(s @ Value::Object(_)), _) => {
                    self.value(s, &format!("{ptr}/additionalProperties"), depth + 1)
                }
                (_, Some((p, s))) => {
                    let key = self.all_matching(p).into_iter().next().unwrap_or(key);
                    let v =
                        self.value(s, &format!("{ptr}/patternProperties/{}", esc(p)), depth + 1);
                    map.insert(key, v);
                    continue;
                }
                _ => Value::String("xyz".to_owned()),
            };
            map.insert(key, v);
        }
        Value::Object(map)
    }
}
