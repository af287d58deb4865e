//! What the `differential` and `modes` targets share: the structured input (a seed index
//! and up to 8 replace / remove / insert mutations), how a mutation applies to a seed
//! document, the vocabulary mutations draw keys and strings from, and the reading of seed
//! files.

use arbitrary::Arbitrary;
use serde_json::{Map, Number, Value};
use std::path::Path;

/// One fuzz input: a schema, a seed document of that schema, formats asserted or not, and
/// the mutations applied to the seed (the first 8).
#[derive(Arbitrary, Debug)]
pub struct Input {
    pub schema: u8,
    pub seed: u8,
    pub formats: bool,
    pub mutations: Vec<Mutation>,
}

/// A change at one location of the document (`at` picks among its JSON pointers).
#[derive(Arbitrary, Debug)]
pub enum Mutation {
    Replace { at: u16, with: Gen },
    Remove { at: u16 },
    Insert { at: u16, key: Text, with: Gen },
}

/// A string: one of the schema's vocabulary, or arbitrary.
#[derive(Arbitrary, Debug)]
pub enum Text {
    Dict(u16),
    Raw(String),
}

/// A JSON value to put into the document.
#[derive(Arbitrary, Debug)]
pub enum Gen {
    Null,
    Bool(bool),
    Small(i8),
    Int(i64),
    UInt(u64),
    Float(f64),
    Str(Text),
    Array(Vec<Gen>),
    Object(Vec<(Text, Gen)>),
}

pub fn read(p: &Path) -> Value {
    let t = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    serde_json::from_str(&t).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The JSON documents of `dir` (not `manifest.json`), sorted by name.
pub fn json_files(dir: &Path, out: &mut Vec<Value>) {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|rd| rd.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    for f in files {
        if f.extension().is_some_and(|x| x == "json") && !f.ends_with("manifest.json") {
            out.push(read(&f));
        }
    }
}

/// Property names and `enum` / `const` strings of a schema: the vocabulary mutations draw
/// from, so that most instances get past the first `required` / `additionalProperties`.
pub fn vocabulary(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, c) in m {
                match (k.as_str(), c) {
                    ("properties" | "patternProperties", Value::Object(p)) => {
                        out.extend(p.keys().cloned())
                    }
                    ("enum", Value::Array(a)) => {
                        out.extend(a.iter().filter_map(|x| x.as_str().map(str::to_owned)))
                    }
                    ("const", Value::String(s)) => out.push(s.clone()),
                    _ => {}
                }
                vocabulary(c, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|c| vocabulary(c, out)),
        _ => {}
    }
}

fn text(t: &Text, dict: &[String]) -> String {
    match t {
        Text::Dict(i) => dict[*i as usize % dict.len()].clone(),
        Text::Raw(s) => s.clone(),
    }
}

fn build(g: &Gen, dict: &[String], depth: usize) -> Value {
    match g {
        Gen::Null => Value::Null,
        Gen::Bool(b) => Value::Bool(*b),
        Gen::Small(i) => Value::from(*i),
        Gen::Int(i) => Value::from(*i),
        Gen::UInt(u) => Value::from(*u),
        Gen::Float(f) => Number::from_f64(*f).map_or(Value::Null, Value::Number),
        Gen::Str(t) => Value::String(text(t, dict)),
        Gen::Array(a) if depth < 8 => {
            Value::Array(a.iter().map(|c| build(c, dict, depth + 1)).collect())
        }
        Gen::Object(o) if depth < 8 => {
            let mut m = Map::new();
            for (k, c) in o {
                m.insert(text(k, dict), build(c, dict, depth + 1));
            }
            Value::Object(m)
        }
        _ => Value::Null,
    }
}

fn locations(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, c) in m {
                locations(
                    c,
                    format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                    out,
                );
            }
        }
        Value::Array(a) => {
            for (i, c) in a.iter().enumerate() {
                locations(c, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
    out.push(at);
}

/// Applies one mutation to `doc`; keys and strings come from `dict` or the input.
pub fn mutate(doc: &mut Value, m: &Mutation, dict: &[String]) {
    let mut locs = Vec::new();
    locations(doc, String::new(), &mut locs);
    let pick = |at: u16| locs[at as usize % locs.len()].clone();
    match m {
        Mutation::Replace { at, with } => {
            if let Some(slot) = doc.pointer_mut(&pick(*at)) {
                *slot = build(with, dict, 0);
            }
        }
        Mutation::Remove { at } => {
            let loc = pick(*at);
            if let Some((parent, last)) = loc.rsplit_once('/') {
                let key = last.replace("~1", "/").replace("~0", "~");
                match doc.pointer_mut(parent) {
                    Some(Value::Object(o)) => {
                        o.shift_remove(&key);
                    }
                    Some(Value::Array(a)) => {
                        if let Ok(i) = key.parse::<usize>() {
                            if i < a.len() {
                                a.remove(i);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        Mutation::Insert { at, key, with } => match doc.pointer_mut(&pick(*at)) {
            Some(Value::Object(o)) => {
                o.insert(text(key, dict), build(with, dict, 0));
            }
            Some(Value::Array(a)) => a.push(build(with, dict, 0)),
            _ => {}
        },
    }
}

/// Whether the document holds an integer that does not fit `i64`.
pub fn has_wide_integer(v: &Value) -> bool {
    match v {
        Value::Number(n) => {
            (n.is_u64() && n.as_i64().is_none())
                || n.as_f64()
                    .is_some_and(|f| f.fract() == 0.0 && f.abs() >= 9.2e18)
        }
        Value::Array(a) => a.iter().any(has_wide_integer),
        Value::Object(m) => m.values().any(has_wide_integer),
        _ => false,
    }
}
