//! The schema-guided generator (`envgen_test_support::instances`) covers every branch of the
//! fixtures in `schemas/branches/`: for every `anyOf`/`oneOf` alternative, some generated
//! document is valid and holds, where the alternative applies, a value valid under that
//! alternative and under none of its siblings (the `jsonschema` crate judges the
//! alternative alone); every `if` is taken both ways; every `dependencies`/
//! `dependentSchemas`/`dependentRequired` key is present in one valid document and
//! absent in another; every node that allows an integer gets one written `n.0`. Which
//! branch a value takes is found by walking the document with the schema here, not by
//! asking the generator. The same documents then go through the generated validator
//! (against `jsonschema`) and the generated types (against the validator).

use envgen_test_support::instances;

use envgen_runtime::json::json_identical;
use envgen_runtime::{Document, Options, ValidationErrors};
use serde_json::{json, Value};
use std::collections::{BTreeSet, HashMap};

/// A side of a schema node a document can take.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Side {
    /// The alternative at this pointer, its siblings failing.
    Branch(String),
    /// The `if` of the node at this pointer holds.
    Then(String),
    /// The `if` of the node at this pointer fails.
    Else(String),
    /// The dependency's key is present (node pointer, key).
    DepOn(String, String),
    /// The dependency's key is absent.
    DepOff(String, String),
    /// An integer written `n.0` where the node at this pointer allows an integer.
    Float(String),
}

type ValidateFn = fn(&Value, &Options) -> Result<(), ValidationErrors>;
type TypedFn = fn(&str, &Options) -> Result<Value, ValidationErrors>;

struct Fixture {
    file: &'static str,
    validate: ValidateFn,
    typed: TypedFn,
    /// Alternatives no value takes alone (a sibling accepts all their values): their
    /// coverage is checked without the "siblings failing" part.
    subsumed: &'static [&'static str],
}

fn typed<T: Document>(text: &str, options: &Options) -> Result<Value, ValidationErrors> {
    let doc = T::from_json_str_with(text, options)?;
    serde_json::to_value(&doc).map_err(|e| panic!("a parsed document does not serialize: {e}"))
}

fn fixtures() -> Vec<Fixture> {
    use crate::branches::{conditionals, modern, unions};
    vec![
        Fixture {
            file: "unions.json",
            validate: unions::validate_value_with,
            typed: typed::<unions::Unions>,
            // Every string of `minLength: 1` includes the enum's "none".
            subsumed: &["/properties/label/anyOf/0"],
        },
        Fixture {
            file: "conditionals.json",
            validate: conditionals::validate_value_with,
            typed: typed::<conditionals::Conditionals>,
            subsumed: &[],
        },
        Fixture {
            file: "modern.json",
            validate: modern::validate_value_with,
            typed: typed::<modern::Modern>,
            subsumed: &[],
        },
    ]
}

/// Generated documents whose typed parse is known to disagree with `validate_value` (by
/// fixture and document text), with the class of the defect; each must still fail, and
/// the list empties as the classes are fixed.
const EXPECTED_TYPED_FAILURES: &[(&str, &str, &str)] = &[];

/// The `jsonschema` verdict on an instance for the subschema at a pointer of the fixture.
struct Oracle {
    root: Value,
    registry: jsonschema::Registry<'static>,
    cache: HashMap<String, jsonschema::Validator>,
}

const BASE: &str = "urn:envgen:branch-fixture";

impl Oracle {
    fn new(root: &Value) -> Self {
        let registry = jsonschema::Registry::new()
            .add(BASE, jsonschema::Resource::from_contents(root.clone()))
            .and_then(|r| r.prepare())
            .unwrap_or_else(|e| panic!("registry: {e}"));
        Oracle {
            root: root.clone(),
            registry,
            cache: HashMap::new(),
        }
    }

    fn valid_at(&mut self, ptr: &str, inst: &Value) -> bool {
        if !self.cache.contains_key(ptr) {
            let mut wrapper = json!({ "$ref": format!("{BASE}#{}", fragment(ptr)) });
            if let Some(d) = self.root.get("$schema") {
                wrapper["$schema"] = d.clone();
            }
            let v = jsonschema::options()
                .should_validate_formats(true)
                .with_registry(&self.registry)
                .build(&wrapper)
                .unwrap_or_else(|e| panic!("{ptr}: {e}"));
            self.cache.insert(ptr.to_owned(), v);
        }
        self.cache[ptr].is_valid(inst)
    }

    fn node(&self, ptr: &str) -> Option<&serde_json::Map<String, Value>> {
        self.root.pointer(ptr).and_then(Value::as_object)
    }

    /// The sides `inst` (at a location the node at `ptr` applies to) takes.
    fn walk(&mut self, ptr: &str, inst: &Value, out: &mut BTreeSet<Side>, subsumed: &[&str]) {
        let Some(node) = self.node(ptr).cloned() else {
            return;
        };
        if let Some(r) = node.get("$ref").and_then(Value::as_str) {
            let target = r.trim_start_matches('#').to_owned();
            return self.walk(&target, inst, out, subsumed);
        }
        let integral_float = inst.as_number().is_some_and(|n| n.is_f64())
            && inst.as_f64().is_some_and(|f| f.fract() == 0.0);
        if allows_integer(&node) && integral_float {
            out.insert(Side::Float(ptr.to_owned()));
        }
        for key in ["anyOf", "oneOf"] {
            let n = node.get(key).and_then(Value::as_array).map_or(0, Vec::len);
            let verdicts: Vec<bool> = (0..n)
                .map(|i| self.valid_at(&format!("{ptr}/{key}/{i}"), inst))
                .collect();
            for (i, ok) in verdicts.iter().enumerate() {
                let bp = format!("{ptr}/{key}/{i}");
                let alone = verdicts.iter().enumerate().all(|(j, v)| j == i || !v);
                if *ok && (alone || subsumed.contains(&bp.as_str())) {
                    out.insert(Side::Branch(bp.clone()));
                }
                if *ok {
                    self.walk(&bp, inst, out, subsumed);
                }
            }
        }
        if let Some(all) = node.get("allOf").and_then(Value::as_array) {
            for i in 0..all.len() {
                self.walk(&format!("{ptr}/allOf/{i}"), inst, out, subsumed);
            }
        }
        if node.contains_key("if") {
            if self.valid_at(&format!("{ptr}/if"), inst) {
                out.insert(Side::Then(ptr.to_owned()));
                self.walk(&format!("{ptr}/then"), inst, out, subsumed);
            } else {
                out.insert(Side::Else(ptr.to_owned()));
                self.walk(&format!("{ptr}/else"), inst, out, subsumed);
            }
        }
        if let Value::Object(m) = inst {
            for kw in ["dependencies", "dependentSchemas", "dependentRequired"] {
                for (k, d) in node
                    .get(kw)
                    .and_then(Value::as_object)
                    .into_iter()
                    .flatten()
                {
                    if m.contains_key(k) {
                        out.insert(Side::DepOn(ptr.to_owned(), k.clone()));
                        if d.is_object() {
                            self.walk(&format!("{ptr}/{kw}/{}", esc(k)), inst, out, subsumed);
                        }
                    } else {
                        out.insert(Side::DepOff(ptr.to_owned(), k.clone()));
                    }
                }
            }
            let props = node.get("properties").and_then(Value::as_object);
            let patterns = node.get("patternProperties").and_then(Value::as_object);
            for (k, v) in m {
                let mut matched = false;
                if props.is_some_and(|p| p.contains_key(k)) {
                    matched = true;
                    self.walk(&format!("{ptr}/properties/{}", esc(k)), v, out, subsumed);
                }
                for p in patterns.into_iter().flat_map(|p| p.keys()) {
                    let re = regress::Regex::new(p).unwrap_or_else(|e| panic!("{p}: {e}"));
                    if re.find(k).is_some() {
                        matched = true;
                        self.walk(
                            &format!("{ptr}/patternProperties/{}", esc(p)),
                            v,
                            out,
                            subsumed,
                        );
                    }
                }
                if !matched
                    && node
                        .get("additionalProperties")
                        .is_some_and(Value::is_object)
                {
                    self.walk(&format!("{ptr}/additionalProperties"), v, out, subsumed);
                }
            }
        }
        if let Value::Array(items) = inst {
            let prefix = node
                .get("prefixItems")
                .or_else(|| node.get("items").filter(|i| i.is_array()))
                .and_then(Value::as_array)
                .map_or(0, Vec::len);
            let prefix_key = if node.contains_key("prefixItems") {
                "prefixItems"
            } else {
                "items"
            };
            for (i, v) in items.iter().enumerate() {
                if i < prefix {
                    self.walk(&format!("{ptr}/{prefix_key}/{i}"), v, out, subsumed);
                } else if node.get("items").is_some_and(Value::is_object) {
                    self.walk(&format!("{ptr}/items"), v, out, subsumed);
                }
            }
        }
    }
}

/// Every side the fixture has, from the schema alone: every alternative, both sides of
/// every `if`, every dependency key on and off, every node that allows an integer
/// (`if` subschemas excluded).
fn sides(s: &Value, ptr: &str, out: &mut BTreeSet<Side>) {
    let Some(o) = s.as_object() else { return };
    if allows_integer(o) {
        out.insert(Side::Float(ptr.to_owned()));
    }
    for key in ["anyOf", "oneOf"] {
        for i in 0..o.get(key).and_then(Value::as_array).map_or(0, Vec::len) {
            out.insert(Side::Branch(format!("{ptr}/{key}/{i}")));
        }
    }
    if o.contains_key("if") {
        out.insert(Side::Then(ptr.to_owned()));
        out.insert(Side::Else(ptr.to_owned()));
    }
    for kw in ["dependencies", "dependentSchemas", "dependentRequired"] {
        for k in o
            .get(kw)
            .and_then(Value::as_object)
            .into_iter()
            .flat_map(|d| d.keys())
        {
            out.insert(Side::DepOn(ptr.to_owned(), k.clone()));
            out.insert(Side::DepOff(ptr.to_owned(), k.clone()));
        }
    }
    for (k, v) in o {
        let here = format!("{ptr}/{}", esc(k));
        match (k.as_str(), v) {
            ("if" | "not" | "const" | "enum" | "examples" | "default", _) => {}
            (
                "properties" | "definitions" | "$defs" | "patternProperties" | "dependencies"
                | "dependentSchemas",
                Value::Object(m),
            ) => {
                for (name, sub) in m {
                    sides(sub, &format!("{here}/{}", esc(name)), out);
                }
            }
            (_, Value::Object(_)) => sides(v, &here, out),
            (_, Value::Array(a)) => {
                for (i, sub) in a.iter().enumerate() {
                    sides(sub, &format!("{here}/{i}"), out);
                }
            }
            _ => {}
        }
    }
}

fn allows_integer(o: &serde_json::Map<String, Value>) -> bool {
    let int = |v: &Value| v.is_i64() || v.is_u64();
    let typed = match o.get("type") {
        Some(Value::String(t)) => t == "integer",
        Some(Value::Array(ts)) => ts.iter().any(|t| t == "integer"),
        _ => false,
    };
    typed
        || o.get("const").is_some_and(int)
        || o.get("enum")
            .and_then(Value::as_array)
            .is_some_and(|e| e.iter().any(int))
}

fn esc(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// A JSON pointer as a URI fragment (characters outside the unreserved set and `/`
/// percent-encoded).
fn fragment(ptr: &str) -> String {
    let mut out = String::new();
    for b in ptr.bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn read(file: &str) -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("schemas/branches")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn generator_takes_every_branch() {
    for f in fixtures() {
        let schema = read(f.file);
        let mut oracle = Oracle::new(&schema);
        let mut want = BTreeSet::new();
        sides(&schema, "", &mut want);
        let docs = instances::branch_instances(&schema, f.file);
        let mut taken = BTreeSet::new();
        let mut valid = 0;
        for doc in &docs {
            if oracle.valid_at("", doc) {
                valid += 1;
                oracle.walk("", doc, &mut taken, f.subsumed);
            }
        }
        let missing: Vec<&Side> = want.difference(&taken).collect();
        assert!(
            missing.is_empty(),
            "{}: {} of {} sides not taken by a valid document ({valid} of {} documents valid): {missing:?}\n{}",
            f.file,
            missing.len(),
            want.len(),
            docs.len(),
            docs.iter().map(Value::to_string).collect::<Vec<_>>().join("\n")
        );
        // Without the steering, the random documents leave sides out: the test would
        // notice a generator that stopped steering.
        let mut random_taken = BTreeSet::new();
        for doc in instances::instances(&schema, f.file, docs.len()) {
            if oracle.valid_at("", &doc) {
                oracle.walk("", &doc, &mut random_taken, f.subsumed);
            }
        }
        assert!(
            !want.is_subset(&random_taken),
            "{}: random documents alone already take every side; the fixture proves nothing",
            f.file
        );
    }
}

#[test]
fn branch_documents_agree_with_the_oracle_and_the_types() {
    let options = Options::new().formats(true);
    let mut problems = Vec::new();
    let mut known = BTreeSet::new();
    for f in fixtures() {
        let schema = read(f.file);
        let mut oracle = Oracle::new(&schema);
        for doc in instances::branch_instances(&schema, f.file) {
            let text = doc.to_string();
            let by_value = (f.validate)(&doc, &options).is_ok();
            let by_oracle = oracle.valid_at("", &doc);
            if by_value != by_oracle {
                problems.push(format!(
                    "{}: {text}: validate_value says {by_value}, jsonschema {by_oracle}",
                    f.file
                ));
            }
            let expected = EXPECTED_TYPED_FAILURES
                .iter()
                .find(|(n, t, _)| *n == f.file && *t == text);
            let verdict = match (f.typed)(&text, &options) {
                Ok(back) if by_value && json_identical(&back, &doc) => Ok(()),
                Ok(back) if by_value => Err(format!("the typed round trip gave {back}")),
                Ok(_) => Err("the typed parse accepts an invalid document".to_owned()),
                Err(e) if by_value => Err(format!("the typed parse rejects it: {e}")),
                Err(_) => Ok(()),
            };
            match (verdict, expected) {
                (Err(p), None) => problems.push(format!("{}: {text}: {p}", f.file)),
                (Err(_), Some(e)) => {
                    known.insert(e);
                }
                (Ok(()), Some((_, _, class))) => problems.push(format!(
                    "{}: {text}: listed as an expected failure ({class}) but agrees now: remove it",
                    f.file
                )),
                (Ok(()), None) => {}
            }
        }
    }
    assert_eq!(
        known.len(),
        EXPECTED_TYPED_FAILURES.len(),
        "listed expected failures not generated any more"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
