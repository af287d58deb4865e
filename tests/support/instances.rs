//! Schema-guided documents, seeded and deterministic: shared by the corpus test
//! (`tests/corpus`), the branch-coverage test of `tests/mapping` and the fuzz differential
//! (`fuzz/`), each including this file by path.
//!
//! Two kinds of documents:
//!
//! * [`instances`]: random documents. The generator walks the schema (local `$ref`s,
//!   `enum`/`const`, one branch of `oneOf`/`anyOf`, every branch of `allOf`, `type` or the
//!   kind the keywords imply, required and some optional properties, extra keys, items
//!   within `minItems`/`maxItems`, numbers within their bounds, strings of the common
//!   formats, floats whose last bit matters) and, in every fourth document, replaces
//!   values by random JSON of any kind.
//! * [`branch_instances`]: one document per *target* of the schema, steered to it. The
//!   targets are, in every schema node reachable from the root (through `$ref`,
//!   `properties`, `patternProperties`, `additionalProperties`, `items`, `prefixItems`,
//!   `allOf`/`anyOf`/`oneOf` branches, `then`/`else` and `dependentSchemas`/`dependencies`;
//!   not inside `if`, `not`, `contains` or `propertyNames`): each `anyOf`/`oneOf` branch,
//!   taken with a value that avoids the `enum`/`const` values of its sibling branches (so
//!   `anyOf: [{enum: [a, b]}, {pattern: "^x"}]` gets `"xyz"`, a `minLength` or `format`
//!   sibling a string outside the enum); both sides of each `if` (the `if`'s `const` and
//!   `enum` values forced for `then`, one of them changed or an `if`-required key removed
//!   for `else`); each `dependentSchemas`/`dependencies`/`dependentRequired` key present
//!   and absent; and each node that allows an integer, with the integer written `n.0`.
//!   A steered document is otherwise minimal (required properties, `minItems` items), so
//!   that most of them are valid.
//!
//! Whether a document is valid is not decided here: the tests compare the typed parse
//! with `validate_value` and the `jsonschema` crate on each, and count how many were valid.
#![allow(dead_code)]

use serde_json::{Map, Number, Value};
use std::collections::{HashMap, HashSet, VecDeque};

#[path = "rng.rs"]
mod rng;
pub use rng::Rng;

/// `count` random documents for `schema`, seeded by `seed`.
pub fn instances(schema: &Value, seed: &str, count: usize) -> Vec<Value> {
    let mut g = Gen::new(schema, Rng::from_name(seed));
    (0..count)
        .map(|i| {
            g.mutate = i % 4 == 3;
            g.value(schema, "", 0)
        })
        .collect()
}

/// One document per target of `schema` (see the module documentation), seeded by `seed`;
/// documents two targets share are listed once.
pub fn branch_instances(schema: &Value, seed: &str) -> Vec<Value> {
    let mut seen = HashSet::new();
    branch_documents(schema, seed)
        .into_iter()
        .map(|(_, doc)| doc)
        .filter(|doc| seen.insert(doc.to_string()))
        .collect()
}

/// Each target of `schema` with the document steered to it (duplicates kept).
pub fn branch_documents(schema: &Value, seed: &str) -> Vec<(Target, Value)> {
    let mut g = Gen::new(schema, Rng::from_name(&format!("{seed}#branches")));
    g.steer = true;
    routes(schema)
        .into_iter()
        .map(|route| {
            let target = route.last().cloned().unwrap_or((String::new(), Step::Pass));
            g.route = route;
            g.cursor = 0;
            (target, g.value(schema, "", 0))
        })
        .collect()
}

/// A choice the generator makes at one schema node to reach a target, or the target's own.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Step {
    /// Follow the node's `$ref`.
    Ref,
    /// A member every value goes through (`allOf`, a prefix item).
    Pass,
    /// Include this declared property.
    Prop(String),
    /// Include a key matching this `patternProperties` pattern.
    Pattern(String),
    /// Include a key that only `additionalProperties` covers.
    Extra,
    /// Include at least one item beyond the prefix.
    Items,
    /// Take branch `i` of `anyOf` or `oneOf`.
    Branch(&'static str, usize),
    /// Make the node's `if` true (and apply `then`).
    Then,
    /// Make the node's `if` false (and apply `else`).
    Else,
    /// Include (`true`) or leave out (`false`) the key of a `dependentSchemas`,
    /// `dependencies` or `dependentRequired` entry.
    Dep(String, bool),
    /// Write the node's integer as `n.0`.
    Float,
}

/// A target: the schema node (JSON pointer) and the step that makes it.
pub type Target = (String, Step);

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
fn allows_integer(o: &Map<String, Value>) -> bool {
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
fn esc(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// The pointer a local `$ref` names (`None`: not local).
fn ref_pointer(r: &str) -> Option<String> {
    let frag = r.strip_prefix('#')?;
    Some(frag.replace("%25", "%"))
}

/// The edges out of one schema node: the step and the child's pointer.
fn edges(root: &Value, ptr: &str) -> Vec<(Step, String)> {
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
fn reachable(root: &Value) -> (Vec<String>, HashMap<String, Target>) {
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
/// More candidates for a `pattern`, tried by steered documents after the others.
const MORE_CANDIDATES: &[&str] = &[
    "123", "0", "a1b2", "A", "ab", "a.b.c", "1.0.0", "v1.0.0", "a:b", "abc123", "a_b_c",
];
/// Strings a steered document tries, in order, for a string without `pattern` or `format`
/// (the first outside the sibling branches' `enum` values wins).
const OPEN_STRINGS: &[&str] = &["xyz", "other value", "a", "42"];
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

/// A valid string of a `format`, if the generator knows the format.
fn formatted(format: &str) -> Option<&'static str> {
    Some(match format {
        "date-time" => "2024-05-06T07:08:09Z",
        "date" => "2024-05-06",
        "time" => "07:08:09Z",
        "email" => "a@example.com",
        "uri" | "iri" => "https://example.com/a?b=c",
        "uri-reference" | "iri-reference" => "a/b.json#/c",
        "uuid" => "123e4567-e89b-12d3-a456-426614174000",
        "ipv4" => "192.0.2.1",
        "ipv6" => "2001:db8::1",
        "hostname" => "example.com",
        "regex" => "^a+$",
        _ => return None,
    })
}

/// Valid strings of formats only steered documents use (random documents keep the list
/// of [`formatted`], so that their stream of choices stays the same).
fn formatted_more(format: &str) -> Option<&'static str> {
    if let Some(f) = formatted(format) {
        return Some(f);
    }
    Some(match format {
        "idn-email" => "a@example.com",
        "idn-hostname" => "example.com",
        "json-pointer" => "/a/b",
        "relative-json-pointer" => "0/a",
        "uri-template" => "https://example.com/{a}",
        "duration" => "P1D",
        _ => return None,
    })
}

struct Gen<'a> {
    root: &'a Value,
    rng: Rng,
    mutate: bool,
    /// Compiled patterns (`None`: not an ECMA regex `regress` accepts).
    patterns: HashMap<String, Option<regress::Regex>>,
    /// Steered documents: minimal, and following `route`.
    steer: bool,
    /// The steps to a target (see [`routes`]), and how many were taken.
    route: Vec<Target>,
    cursor: usize,
    /// Values the next generated value should not be (the `enum`/`const` values of the
    /// sibling branches of the branch being taken).
    avoid: Vec<Value>,
    /// The property schemas of the node a `then`/`else`/dependent schema applies to: the
    /// keys that schema requires or refines take their values from there.
    context: Option<&'a Map<String, Value>>,
    /// The node's own value (an object's members): the applied schema refines or
    /// regenerates the keys it declares, and its values replace the node's.
    present: Map<String, Value>,
}

impl<'a> Gen<'a> {
    fn new(root: &'a Value, rng: Rng) -> Self {
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
    fn regex(&mut self, pattern: &str) -> Option<&regress::Regex> {
        self.patterns
            .entry(pattern.to_owned())
            .or_insert_with(|| regress::Regex::new(pattern).ok())
            .as_ref()
    }

    /// A candidate string that `pattern` matches, if any.
    fn matching(&mut self, pattern: &str) -> Option<String> {
        let re = self.regex(pattern)?;
        PATTERN_CANDIDATES
            .iter()
            .find(|c| re.find(c).is_some())
            .map(|c| (*c).to_owned())
    }

    /// Strings `pattern` matches: the candidates, then the pattern's literal prefix with a
    /// few endings (`^x` gives `xyz`).
    fn all_matching(&mut self, pattern: &str) -> Vec<String> {
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
    fn follow(&self, s: &'a Value) -> &'a Value {
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

    fn resolve(&self, r: &str) -> Option<(&'a Value, String)> {
        let p = ref_pointer(r)?;
        self.root.pointer(&p).map(|v| (v, p))
    }

    /// The route's step at this node, if the route is here (it then moves on).
    fn take(&mut self, ptr: &str) -> Option<Step> {
        let (at, step) = self.route.get(self.cursor)?;
        if at != ptr {
            return None;
        }
        let step = step.clone();
        self.cursor += 1;
        Some(step)
    }

    fn value(&mut self, s: &'a Value, ptr: &str, depth: usize) -> Value {
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

    /// `v` with the keys that present keys require (`dependencies`/`dependentRequired`
    /// lists) added.
    fn required_by_dependencies(
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
    fn own_property(
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
    fn applied(
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
    fn all_of_member(
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
    fn condition(
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
    fn own_kind(
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
    fn literals(&self, b: &'a Value) -> Vec<Value> {
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
    fn with_own(
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
    fn then_side(
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
    fn else_side(
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
    fn forced(&mut self, s: &'a Value, depth: usize) -> Value {
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
    fn falsify(
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
    fn dependency(
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

    fn typed(
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

    fn integer(&mut self, o: &Map<String, Value>) -> Value {
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

    fn number(&mut self, o: &Map<String, Value>) -> Value {
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

    fn string(&mut self, o: &Map<String, Value>) -> Value {
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
    fn steered_string(&mut self, o: &Map<String, Value>, avoid: &[Value]) -> Value {
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

    fn array(
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

    fn object(
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
    fn steered_object(
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

    /// `v` brought within the `const`, `enum`, bounds and `pattern` of `s`.
    fn refine(&mut self, v: Value, s: &'a Value) -> Value {
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

/// The `required` keys of a schema node.
fn required(o: &Map<String, Value>) -> Vec<&str> {
    o.get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// The `required` keys of a schema (owned).
fn schema_required(s: &Value) -> Vec<String> {
    s.as_object()
        .map(|o| required(o).into_iter().map(str::to_owned).collect())
        .unwrap_or_default()
}

/// Whether a schema only narrows another (no `type`, `$ref`, structure or branches).
fn refines_only(s: &Value) -> bool {
    s.as_object().is_some_and(|o| {
        !o.keys().any(|k| {
            matches!(
                k.as_str(),
                "type"
                    | "$ref"
                    | "properties"
                    | "items"
                    | "prefixItems"
                    | "anyOf"
                    | "oneOf"
                    | "allOf"
                    | "additionalProperties"
                    | "patternProperties"
                    | "format"
            )
        })
    })
}

/// Whether `v` is of JSON Schema type `t`.
fn kind_is(v: &Value, t: &str) -> bool {
    match (t, v) {
        ("null", Value::Null) | ("boolean", Value::Bool(_)) | ("string", Value::String(_)) => true,
        ("array", Value::Array(_))
        | ("object", Value::Object(_))
        | ("number", Value::Number(_)) => true,
        ("integer", Value::Number(n)) => n.as_f64().is_some_and(|f| f.fract() == 0.0),
        _ => false,
    }
}

/// `base` with the keys of `top` set to `top`'s values (`top` replaces a non-object).
fn overlay(base: Value, top: Value) -> Value {
    match (base, top) {
        (Value::Object(mut b), Value::Object(t)) => {
            for (k, v) in t {
                b.insert(k, v);
            }
            Value::Object(b)
        }
        (b, Value::Null) => b,
        (_, t) => t,
    }
}

/// Whether `v` satisfies a simple `if` (`properties` with `const`/`enum`, `required`,
/// nested); `None` when the `if` uses other keywords.
fn holds(v: &Value, if_schema: &Value) -> Option<bool> {
    let i = if_schema.as_object()?;
    if i.keys().any(|k| {
        !matches!(
            k.as_str(),
            "properties" | "required" | "const" | "enum" | "$comment" | "description" | "title"
        )
    }) {
        return None;
    }
    if let Some(c) = i.get("const") {
        return Some(c == v);
    }
    if let Some(e) = i.get("enum").and_then(Value::as_array) {
        return Some(e.contains(v));
    }
    let Value::Object(m) = v else {
        return Some(true);
    };
    for k in schema_required(if_schema) {
        if !m.contains_key(&k) {
            return Some(false);
        }
    }
    if let Some(p) = i.get("properties").and_then(Value::as_object) {
        for (k, ps) in p {
            if let Some(x) = m.get(k) {
                if !holds(x, ps)? {
                    return Some(false);
                }
            }
        }
    }
    Some(true)
}

/// An integer written `n.0` (other values as they are).
fn as_float(v: &Value) -> Value {
    match v.as_i64() {
        Some(n) if n.unsigned_abs() <= 1 << 53 => {
            Number::from_f64(n as f64).map_or(v.clone(), Value::Number)
        }
        _ => v.clone(),
    }
}

/// A value none of `pinned` is, of the first one's kind.
fn different(pinned: &[Value]) -> Value {
    let first = pinned.first().cloned().unwrap_or(Value::Null);
    let candidates: Vec<Value> = match &first {
        Value::String(s) => vec![
            Value::String(format!("{s}-other")),
            Value::String("xyz".into()),
        ],
        Value::Bool(b) => vec![Value::Bool(!b)],
        Value::Number(n) => vec![
            Value::from(n.as_i64().unwrap_or(0).wrapping_add(1)),
            Value::from(-1),
        ],
        _ => vec![Value::String("xyz".into())],
    };
    candidates
        .into_iter()
        .find(|c| !pinned.contains(c))
        .unwrap_or(Value::Null)
}

/// The literal start of a pattern anchored with `^` (escaped characters unescaped).
fn literal_prefix(pattern: &str) -> String {
    let Some(body) = pattern.strip_prefix('^') else {
        return String::new();
    };
    let mut out = String::new();
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e) if !e.is_ascii_alphanumeric() => out.push(e),
                _ => break,
            },
            c if c.is_alphanumeric() || "-_/:@#=,".contains(c) => {
                // A quantifier or alternation after it makes it optional: stop before it.
                if matches!(chars.peek(), Some('?' | '*' | '{' | '|')) {
                    break;
                }
                out.push(c);
            }
            _ => break,
        }
    }
    out
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

/// Two values of a steered document combined: objects merge at every depth, the first's
/// values winning where both hold something other than an object.
fn deep_merge(a: Value, b: Value) -> Value {
    match (a, b) {
        (Value::Object(mut x), Value::Object(y)) => {
            for (k, v) in y {
                let merged = match x.shift_remove(&k) {
                    Some(mine) => deep_merge(mine, v),
                    None => v,
                };
                x.insert(k, merged);
            }
            Value::Object(x)
        }
        (Value::Null, b) => b,
        (a, _) => a,
    }
}
