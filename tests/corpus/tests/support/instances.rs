//! Schema-guided documents for corpus schemas, seeded and deterministic.
//!
//! typify's test schemas ship no instances, and SchemaStore's are few, so the typed-parse
//! test also runs on documents made from each schema: the generator walks the schema
//! (local `$ref`s, `enum`/`const`, one branch of `oneOf`/`anyOf`, every branch of `allOf`,
//! `type` or the kind the keywords imply, required and some optional properties, extra
//! keys, items within `minItems`/`maxItems`, numbers within their bounds, strings of the
//! common formats, floats whose last bit matters) and, in every fourth document, replaces
//! values by random JSON of any kind. Whether a document is valid is not decided here: the
//! test compares the typed parse with `validate_value` on each, and counts how many were
//! valid, so that a schema whose documents all come out invalid shows in the table.

use serde_json::{Map, Value};
use std::collections::HashMap;

#[path = "../../../support/rng.rs"]
mod rng;
pub use rng::Rng;

/// `count` documents for `schema`, seeded by `seed`.
pub fn instances(schema: &Value, seed: &str, count: usize) -> Vec<Value> {
    let mut g = Gen {
        root: schema,
        rng: Rng::from_name(seed),
        mutate: false,
        patterns: HashMap::new(),
    };
    (0..count)
        .map(|i| {
            g.mutate = i % 4 == 3;
            g.value(schema, 0)
        })
        .collect()
}

/// Floats whose shortest representation needs all 17 digits, and other number shapes.
const FLOATS: &[f64] = &[
    0.105_658_375_500_000_01,
    6.411_434_336_729_626_4e-9,
    1.5,
    0.0,
    -2.25,
    1e300,
    0.1,
];
const INTEGERS: &[i64] = &[0, 1, 7, -3, 42, 9_007_199_254_740_993, 65_535];
const STRINGS: &[&str] = &["a", "./*.js", "x y", "ünïcode ✓", "", "42", "null"];
/// Candidates for a `pattern` (or a `patternProperties` key): the first that matches wins.
const PATTERN_CANDIDATES: &[&str] = &[
    "a",
    "abc",
    "Abc",
    "ABC",
    "a-b",
    "a_b",
    "a.b",
    "x-a",
    "1",
    "42",
    "1.0",
    "1.2.3",
    "1.2.3.4",
    "v1",
    "2024-05-06",
    "07:08:09",
    "#fff",
    "#a1b2c3",
    "en",
    "en-US",
    "*.js",
    "./a",
    "a/b",
    "https://example.com/a",
    "a@example.com",
    "^1.2.3",
    "~1.0",
    ">=1.0",
    "$a",
    "@a",
    "_a",
    "a1",
    "A1",
    "a b",
    "AB_CD",
    "true",
    "10s",
    "5m",
    "100%",
    "0x1f",
    "::",
    "*",
];

struct Gen<'a> {
    root: &'a Value,
    rng: Rng,
    mutate: bool,
    /// Compiled patterns (`None`: not an ECMA regex `regress` accepts).
    patterns: HashMap<String, Option<regress::Regex>>,
}

impl<'a> Gen<'a> {
    /// A candidate string that `pattern` matches, if any.
    fn matching(&mut self, pattern: &str) -> Option<String> {
        let re = self
            .patterns
            .entry(pattern.to_owned())
            .or_insert_with(|| regress::Regex::new(pattern).ok())
            .as_ref()?;
        PATTERN_CANDIDATES
            .iter()
            .find(|c| re.find(c).is_some())
            .map(|c| (*c).to_owned())
    }

    fn resolve(&self, r: &str) -> Option<&'a Value> {
        let frag = r.strip_prefix('#')?;
        if frag.is_empty() {
            return Some(self.root);
        }
        self.root.pointer(&frag.replace("%25", "%"))
    }

    fn value(&mut self, s: &'a Value, depth: usize) -> Value {
        if self.mutate && self.rng.chance(10) {
            return self.any(depth);
        }
        let Some(o) = s.as_object() else {
            return self.any(depth);
        };
        if depth > 24 {
            return Value::Null;
        }
        if let Some(target) = o.get("$ref").and_then(Value::as_str) {
            if let Some(t) = self.resolve(target) {
                return self.value(t, depth + 1);
            }
        }
        if let Some(c) = o.get("const") {
            return c.clone();
        }
        if let Some(e) = o.get("enum").and_then(Value::as_array) {
            if !e.is_empty() {
                return e[self.rng.below(e.len())].clone();
            }
        }
        for key in ["oneOf", "anyOf"] {
            if let Some(branches) = o.get(key).and_then(Value::as_array) {
                if !branches.is_empty() && !self.rng.chance(5) {
                    let b = &branches[self.rng.below(branches.len())];
                    let v = self.value(b, depth + 1);
                    return self.with_own(o, v, depth);
                }
            }
        }
        let own = self.typed(o, depth);
        let mut v = own;
        if let Some(all) = o.get("allOf").and_then(Value::as_array) {
            for b in all {
                let bv = self.value(b, depth + 1);
                v = merge(v, bv);
            }
        }
        v
    }

    /// A branch's value, with the schema's own properties added when both are objects.
    fn with_own(&mut self, o: &'a Map<String, Value>, v: Value, depth: usize) -> Value {
        if v.is_object() && o.contains_key("properties") {
            let own = self.object(o, depth);
            merge(v, own)
        } else {
            v
        }
    }

    fn typed(&mut self, o: &'a Map<String, Value>, depth: usize) -> Value {
        let types: Vec<&str> = match o.get("type") {
            Some(Value::String(t)) => vec![t.as_str()],
            Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
            _ => implied(o).into_iter().collect(),
        };
        if types.is_empty() {
            return self.any(depth);
        }
        match types[self.rng.below(types.len())] {
            "null" => Value::Null,
            "boolean" => Value::Bool(self.rng.chance(2)),
            "integer" => self.integer(o),
            "number" => self.number(o),
            "string" => self.string(o),
            "array" => self.array(o, depth),
            "object" => self.object(o, depth),
            _ => self.any(depth),
        }
    }

    fn integer(&mut self, o: &Map<String, Value>) -> Value {
        let n = INTEGERS[self.rng.below(INTEGERS.len())];
        let lo = o.get("minimum").and_then(Value::as_f64);
        let hi = o.get("maximum").and_then(Value::as_f64);
        let x = n as f64;
        match (lo, hi) {
            (Some(l), _) if x < l => Value::from(l.ceil() as i64),
            (_, Some(h)) if x > h => Value::from(h.floor() as i64),
            _ => Value::from(n),
        }
    }

    fn number(&mut self, o: &Map<String, Value>) -> Value {
        let x = FLOATS[self.rng.below(FLOATS.len())];
        let lo = o.get("minimum").and_then(Value::as_f64);
        let hi = o.get("maximum").and_then(Value::as_f64);
        let x = match (lo, hi) {
            (Some(l), _) if x < l => l + (x.abs().fract()).min(hi.map_or(1.0, |h| h - l)),
            (_, Some(h)) if x > h => h - x.fract().abs(),
            _ => x,
        };
        serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number)
    }

    fn string(&mut self, o: &Map<String, Value>) -> Value {
        let by_format = match o.get("format").and_then(Value::as_str) {
            Some("date-time") => Some("2024-05-06T07:08:09Z"),
            Some("date") => Some("2024-05-06"),
            Some("time") => Some("07:08:09Z"),
            Some("email") => Some("a@example.com"),
            Some("uri") | Some("iri") => Some("https://example.com/a?b=c"),
            Some("uri-reference") | Some("iri-reference") => Some("a/b.json#/c"),
            Some("uuid") => Some("123e4567-e89b-12d3-a456-426614174000"),
            Some("ipv4") => Some("192.0.2.1"),
            Some("ipv6") => Some("2001:db8::1"),
            Some("hostname") => Some("example.com"),
            Some("regex") => Some("^a+$"),
            _ => None,
        };
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

    fn array(&mut self, o: &'a Map<String, Value>, depth: usize) -> Value {
        let mut out = Vec::new();
        let prefix = o
            .get("prefixItems")
            .or_else(|| o.get("items").filter(|i| i.is_array()))
            .and_then(Value::as_array);
        if let Some(p) = prefix {
            for s in p {
                out.push(self.value(s, depth + 1));
            }
        }
        let min = o.get("minItems").and_then(Value::as_u64).unwrap_or(0) as usize;
        let max = o
            .get("maxItems")
            .and_then(Value::as_u64)
            .map_or(usize::MAX, |m| m as usize);
        let extra = if depth > 6 { 0 } else { self.rng.below(4) };
        let want = (min.max(out.len()) + extra).min(max).min(8);
        let items = o.get("items").filter(|i| i.is_object() || i.is_boolean());
        while out.len() < want {
            let v = match items {
                Some(s) => self.value(s, depth + 1),
                None => self.any(depth + 1),
            };
            out.push(v);
        }
        Value::Array(out)
    }

    fn object(&mut self, o: &'a Map<String, Value>, depth: usize) -> Value {
        let mut map = Map::new();
        let required: Vec<&str> = o
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        if let Some(props) = o.get("properties").and_then(Value::as_object) {
            for (k, s) in props {
                if required.contains(&k.as_str()) || (depth < 6 && self.rng.chance(2)) {
                    let v = self.value(s, depth + 1);
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
                    let v = self.value(s, depth + 1);
                    map.insert(key, v);
                }
            }
        }
        match o.get("additionalProperties") {
            Some(Value::Bool(false)) => {}
            Some(s @ Value::Object(_)) => {
                if depth < 6 && self.rng.chance(2) {
                    let v = self.value(s, depth + 1);
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

    fn any(&mut self, depth: usize) -> Value {
        let pick = if depth > 6 {
            self.rng.below(5)
        } else {
            self.rng.below(7)
        };
        match pick {
            0 => Value::Null,
            1 => Value::Bool(self.rng.chance(2)),
            2 => Value::from(INTEGERS[self.rng.below(INTEGERS.len())]),
            3 => serde_json::Number::from_f64(FLOATS[self.rng.below(FLOATS.len())])
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

/// The JSON type a schema without `type` implies by its keywords, if any.
fn implied(o: &Map<String, Value>) -> Option<&'static str> {
    let has = |k: &str| o.contains_key(k);
    if has("properties")
        || has("required")
        || has("additionalProperties")
        || has("patternProperties")
    {
        Some("object")
    } else if has("items") || has("prefixItems") {
        Some("array")
    } else if has("minLength") || has("maxLength") || has("pattern") || has("format") {
        Some("string")
    } else if has("minimum") || has("maximum") || has("multipleOf") {
        Some("number")
    } else {
        None
    }
}

/// A key that a simple `patternProperties` pattern likely matches: its literal prefix
/// after `^`, then `a`.
fn key_for(pattern: &str) -> String {
    let body = pattern.strip_prefix('^').unwrap_or(pattern);
    let mut key: String = body
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    key.push('a');
    key
}

/// Two generated values combined (`allOf`): objects merge, the first's keys winning;
/// otherwise the first stands.
fn merge(a: Value, b: Value) -> Value {
    match (a, b) {
        (Value::Object(mut x), Value::Object(y)) => {
            for (k, v) in y {
                x.entry(k).or_insert(v);
            }
            Value::Object(x)
        }
        (a, _) => a,
    }
}
