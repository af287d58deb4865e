//! The second pass: one schema value → [`Keywords`], each keyword's value checked.

mod groups;

use super::draft::Draft;
use super::keywords::{self, Vocab};
use super::node::{Body, Keywords, Loc, NodeId};
use super::{describe, pointer, SchemaSet};
use crate::error::{Error, Result};
use serde_json::{Map, Number, Value};

/// Parses node `id` of `set`, allocating its children and `$ref` targets.
pub(crate) fn parse_pending(set: &mut SchemaSet, id: NodeId) -> Result<()> {
    let loc = set.nodes[id.0].loc.clone();
    let value = match pointer::get(&set.docs[loc.doc.0].value, &loc.pointer) {
        Some(v) => v.clone(),
        None => return Err(set.error_at(loc.doc, &loc.pointer, "no value at this location")),
    };
    let body = match &value {
        Value::Bool(b) => Body::Bool(*b),
        Value::Object(obj) => {
            let draft = set.nodes[id.0].draft;
            let off = super::vocabulary::off(set, &loc)?;
            let parser = Parser {
                set,
                loc: &loc,
                id,
                draft,
                off,
            };
            Body::Object(Box::new(parser.keywords(obj)?))
        }
        other => {
            return Err(set.error_at(
                loc.doc,
                &loc.pointer,
                format!(
                    "expected a schema (a JSON object or boolean), found {}",
                    describe(other)
                ),
            ))
        }
    };
    set.nodes[id.0].body = body;
    Ok(())
}

struct Parser<'a> {
    set: &'a mut SchemaSet,
    loc: &'a Loc,
    id: NodeId,
    /// The draft the node follows.
    draft: Draft,
    /// The vocabularies its metaschema leaves out.
    off: Vec<Vocab>,
}

impl Parser<'_> {
    /// The value of `key` when the keyword table lists it in this draft and its vocabulary
    /// is on: every keyword is read through here, so the table decides which apply.
    fn get<'o>(&self, obj: &'o Map<String, Value>, key: &str) -> Option<&'o Value> {
        let row = keywords::get(key);
        debug_assert!(
            row.is_some(),
            "`{key}` is read but has no row in the keyword table"
        );
        let row = row?;
        if !row.in_draft(self.draft) || self.off.contains(&row.vocab) {
            return None;
        }
        obj.get(key)
    }

    /// The error for `keyword` holding `found` where it must be `must` ("a number", …).
    fn wrong(&self, keyword: &str, must: &str, found: &Value) -> Error {
        self.err(
            keyword,
            format!("`{keyword}` must be {must}, found {}", describe(found)),
        )
    }

    /// Fails unless `v`, the `part` ("entry", "value") of `key` at `token`, is a schema (a
    /// JSON object or boolean).
    fn schema_at(&self, key: &str, token: &str, part: &str, v: &Value) -> Result<()> {
        if matches!(v, Value::Object(_) | Value::Bool(_)) {
            return Ok(());
        }
        Err(self.set.error_at(
            self.loc.doc,
            &pointer::join(&pointer::join(&self.loc.pointer, key), token),
            format!(
                "each {part} of `{key}` must be a schema, found {}",
                describe(v)
            ),
        ))
    }

    fn err(&self, keyword: &str, message: impl Into<String>) -> Error {
        self.set.error_at(
            self.loc.doc,
            &pointer::join(&self.loc.pointer, keyword),
            message,
        )
    }

    fn child(&mut self, path: &[&str]) -> NodeId {
        let mut p = self.loc.pointer.clone();
        for t in path {
            p = pointer::join(&p, t);
        }
        self.set.node_for(&Loc {
            doc: self.loc.doc,
            pointer: p,
        })
    }

    fn schema(&mut self, obj: &Map<String, Value>, key: &str) -> Result<Option<NodeId>> {
        match self.get(obj, key) {
            None => Ok(None),
            Some(Value::Object(_) | Value::Bool(_)) => Ok(Some(self.child(&[key]))),
            Some(other) => Err(self.wrong(key, "a schema (a JSON object or boolean)", other)),
        }
    }

    fn schema_array(&mut self, obj: &Map<String, Value>, key: &str) -> Result<Vec<NodeId>> {
        match self.get(obj, key) {
            None => Ok(Vec::new()),
            Some(Value::Array(a)) if !a.is_empty() => {
                let mut out = Vec::with_capacity(a.len());
                for (i, v) in a.iter().enumerate() {
                    let idx = i.to_string();
                    self.schema_at(key, &idx, "entry", v)?;
                    out.push(self.child(&[key, &idx]));
                }
                Ok(out)
            }
            Some(Value::Array(_)) => {
                Err(self.err(key, format!("`{key}` must be a non-empty array of schemas")))
            }
            Some(other) => Err(self.wrong(key, "an array of schemas", other)),
        }
    }

    fn schema_map(&mut self, obj: &Map<String, Value>, key: &str) -> Result<Vec<(String, NodeId)>> {
        match self.get(obj, key) {
            None => Ok(Vec::new()),
            Some(Value::Object(m)) => {
                let mut out = Vec::with_capacity(m.len());
                for (name, v) in m {
                    self.schema_at(key, name, "value", v)?;
                    out.push((name.clone(), self.child(&[key, name])));
                }
                Ok(out)
            }
            Some(other) => Err(self.wrong(key, "an object mapping names to schemas", other)),
        }
    }

    fn count(&self, obj: &Map<String, Value>, key: &str) -> Result<Option<u64>> {
        match self.get(obj, key) {
            None => Ok(None),
            Some(Value::Number(n)) => {
                if let Some(u) = n.as_u64() {
                    return Ok(Some(u));
                }
                match n.as_f64() {
                    Some(f) if f >= 0.0 && f.fract() == 0.0 && f < 1.8e19 => Ok(Some(f as u64)),
                    _ => Err(self.err(
                        key,
                        format!("`{key}` must be a non-negative integer, found {n}"),
                    )),
                }
            }
            Some(other) => Err(self.wrong(key, "a non-negative integer", other)),
        }
    }

    fn number(&self, obj: &Map<String, Value>, key: &str) -> Result<Option<Number>> {
        match self.get(obj, key) {
            None => Ok(None),
            Some(Value::Number(n)) => Ok(Some(n.clone())),
            Some(other) => Err(self.wrong(key, "a number", other)),
        }
    }

    fn string(&self, obj: &Map<String, Value>, key: &str) -> Result<Option<String>> {
        match self.get(obj, key) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(other) => Err(self.wrong(key, "a string", other)),
        }
    }

    fn string_list(&self, v: &Value, at: &str, what: &str) -> Result<Vec<String>> {
        let Value::Array(a) = v else {
            return Err(self.set.error_at(
                self.loc.doc,
                at,
                format!("{what} must be an array of strings, found {}", describe(v)),
            ));
        };
        let mut out = Vec::with_capacity(a.len());
        for (i, item) in a.iter().enumerate() {
            match item {
                Value::String(s) => {
                    if out.contains(s) {
                        return Err(self.set.error_at(
                            self.loc.doc,
                            &pointer::join(at, &i.to_string()),
                            format!("{what} lists {s:?} twice"),
                        ));
                    }
                    out.push(s.clone())
                }
                other => {
                    return Err(self.set.error_at(
                        self.loc.doc,
                        &pointer::join(at, &i.to_string()),
                        format!(
                            "{what} must contain only strings, found {}",
                            describe(other)
                        ),
                    ))
                }
            }
        }
        Ok(out)
    }

    fn keywords(mut self, obj: &Map<String, Value>) -> Result<Keywords> {
        let draft = self.set.nodes[self.id.0].draft;
        // Annotations of the wrong type are ignored, not errors: they never affect validity.
        let mut k = Keywords {
            title: self.string(obj, "title").unwrap_or(None),
            description: self.string(obj, "description").unwrap_or(None),
            default: self.get(obj, "default").cloned(),
            deprecated: matches!(self.get(obj, "deprecated"), Some(Value::Bool(true))),
            ..Keywords::default()
        };

        if self.reference(obj, &mut k)? && draft.ref_overrides_siblings() {
            // Siblings of `$ref` are ignored in drafts 4–7 (annotations kept for docs).
            return Ok(k);
        }
        let base = self.set.nodes[self.id.0].base.clone();
        k.dynamic_ref = super::dynamic::parse(self.set, self.loc, draft, &base, obj)?;
        k.unevaluated_properties = self.schema(obj, "unevaluatedProperties")?;
        k.unevaluated_items = self.schema(obj, "unevaluatedItems")?;

        k.types = self.types(obj)?;
        if let Some(e) = self.get(obj, "enum") {
            match e {
                Value::Array(a) => k.enum_ = Some(a.clone()),
                other => return Err(self.wrong("enum", "an array", other)),
            }
        }
        k.const_ = self.get(obj, "const").cloned();

        self.numbers(obj, &mut k)?;

        self.arrays(obj, &mut k)?;
        self.objects(obj, &mut k)?;
        self.applicators(obj, &mut k)?;
        self.definitions(obj, &mut k)?;
        self.raw(obj, &mut k)?;
        Ok(k)
    }
}
