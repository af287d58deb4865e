//! The second pass: one schema value → [`Keywords`], each keyword's value checked.

use super::draft::Draft;
use super::keywords::{self, Parsed, Role, ValueKind, Vocab};
use super::node::{Body, JsonType, Keywords, Loc, NodeId, Ref};
use super::{describe, pointer, SchemaSet};
use crate::error::{Error, Result};
use crate::uri;
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

        if let Some(r) = self.get(obj, "$ref") {
            let Value::String(raw) = r else {
                return Err(self.wrong("$ref", "a URI-reference string", r));
            };
            if let Err(why) = super::reference::check_syntax(raw) {
                return Err(self.err("$ref", why).with_help(
                    "write `$ref` as a URI reference: `#/definitions/Name`, `#anchor`, or `file.json#/definitions/Name`",
                ));
            }
            let base = self.set.nodes[self.id.0].base.clone();
            // In drafts ≤ 7 a sibling `$id` does not change the base of `$ref`; the scan
            // recorded the base accordingly.
            let absolute = uri::resolve(&base, raw);
            let target = match self.set.resolve_uri(&absolute) {
                Ok(loc) => {
                    let value = pointer::get(&self.set.docs[loc.doc.0].value, &loc.pointer);
                    if let Some(v) =
                        value.filter(|v| !matches!(v, Value::Object(_) | Value::Bool(_)))
                    {
                        return Err(self
                            .err(
                                "$ref",
                                format!(
                                    "`$ref` {raw:?} points at {}, not a schema; expected a JSON object or boolean there",
                                    describe(v)
                                ),
                            )
                            .with_help("point `$ref` at a schema, usually an entry of `definitions` or `$defs`"));
                    }
                    self.set.node_for(&loc)
                }
                Err(why) => {
                    return Err(self
                        .err(
                            "$ref",
                            format!("cannot resolve `$ref` {raw:?}: {}", why.reason()),
                        )
                        .with_help(why.help()))
                }
            };
            k.ref_ = Some(Ref {
                raw: raw.clone(),
                absolute,
                target: Some(target),
            });
            if draft.ref_overrides_siblings() {
                // Siblings of `$ref` are ignored in drafts 4–7 (annotations kept for docs).
                return Ok(k);
            }
        }

        let base = self.set.nodes[self.id.0].base.clone();
        k.dynamic_ref = super::dynamic::parse(self.set, self.loc, draft, &base, obj)?;
        k.unevaluated_properties = self.schema(obj, "unevaluatedProperties")?;
        k.unevaluated_items = self.schema(obj, "unevaluatedItems")?;

        if let Some(t) = self.get(obj, "type") {
            let names: Vec<(String, String)> = match t {
                Value::String(s) => vec![(s.clone(), pointer::join(&self.loc.pointer, "type"))],
                Value::Array(a) => {
                    let mut v = Vec::new();
                    for (i, item) in a.iter().enumerate() {
                        let at = pointer::join(
                            &pointer::join(&self.loc.pointer, "type"),
                            &i.to_string(),
                        );
                        match item {
                            Value::String(s) => v.push((s.clone(), at)),
                            other => {
                                return Err(self.set.error_at(
                                    self.loc.doc,
                                    &at,
                                    format!(
                                        "`type` entries must be type names, found {}",
                                        describe(other)
                                    ),
                                ))
                            }
                        }
                    }
                    v
                }
                other => {
                    return Err(self.wrong("type", "a type name or an array of type names", other))
                }
            };
            let mut types = Vec::new();
            for (name, at) in names {
                let Some(jt) = JsonType::from_name(&name) else {
                    return Err(self.set.error_at(self.loc.doc, &at, format!(
                        "unknown type name {name:?}; expected one of null, boolean, object, array, number, string, integer"
                    )));
                };
                if !types.contains(&jt) {
                    types.push(jt);
                }
            }
            k.types = Some(types);
        }

        if let Some(e) = self.get(obj, "enum") {
            match e {
                Value::Array(a) => k.enum_ = Some(a.clone()),
                other => return Err(self.wrong("enum", "an array", other)),
            }
        }
        k.const_ = self.get(obj, "const").cloned();

        k.multiple_of = self.number(obj, "multipleOf")?;
        if let Some(m) = &k.multiple_of {
            if m.as_f64().is_none_or(|f| f <= 0.0) {
                return Err(self.err(
                    "multipleOf",
                    format!("`multipleOf` must be greater than 0, found {m}"),
                ));
            }
        }
        k.minimum = self.number(obj, "minimum")?;
        k.maximum = self.number(obj, "maximum")?;
        for (kw, bound) in [
            ("exclusiveMinimum", "minimum"),
            ("exclusiveMaximum", "maximum"),
        ] {
            let v = match self.get(obj, kw) {
                None => None,
                Some(Value::Bool(b)) if draft == Draft::Draft4 => {
                    if *b {
                        let Some(n) = (if bound == "minimum" { k.minimum.take() } else { k.maximum.take() }) else {
                            return Err(self.err(kw, format!("draft-04 `{kw}: true` needs `{bound}` beside it")));
                        };
                        Some(n)
                    } else {
                        None
                    }
                }
                Some(Value::Bool(_)) => {
                    return Err(self
                        .err(kw, format!(
                            "`{kw}` is a boolean (the draft-04 form), but this schema follows draft {}, where it must be a number",
                            draft.name()
                        ))
                        .with_keyword(kw)
                        .with_help(format!(
                            "write `\"{kw}\": <number>` instead of `{bound}` + `\"{kw}\": true`, or declare `\"$schema\": \"http://json-schema.org/draft-04/schema#\"`"
                        )))
                }
                Some(Value::Number(n)) if draft == Draft::Draft4 => {
                    return Err(self.err(kw, format!(
                        "`{kw}` is a number ({n}), but draft-04 requires a boolean modifying `{bound}`"
                    )).with_keyword(kw).with_help("declare draft-06 or later in `$schema`, or use the draft-04 boolean form"))
                }
                Some(Value::Number(n)) => Some(n.clone()),
                Some(other) => return Err(self.wrong(kw, "a number", other)),
            };
            if kw == "exclusiveMinimum" {
                k.exclusive_minimum = v;
            } else {
                k.exclusive_maximum = v;
            }
        }

        k.min_length = self.count(obj, "minLength")?;
        k.max_length = self.count(obj, "maxLength")?;
        k.pattern = self.string(obj, "pattern")?;
        k.format = self.string(obj, "format")?;

        // Arrays.
        match self.get(obj, "items") {
            None => {}
            Some(Value::Array(_)) if draft.items_array_form() => {
                k.prefix_items = self.schema_array(obj, "items").or_else(|e| {
                    if matches!(self.get(obj, "items"), Some(Value::Array(a)) if a.is_empty()) {
                        Ok(Vec::new())
                    } else {
                        Err(e)
                    }
                })?;
                k.items = self.schema(obj, "additionalItems")?;
            }
            Some(_) => {
                k.items = self.schema(obj, "items")?;
            }
        }
        if self.get(obj, "prefixItems").is_some() {
            k.prefix_items = self.schema_array(obj, "prefixItems")?;
        }
        k.contains = self.schema(obj, "contains")?;
        k.min_contains = self.count(obj, "minContains")?;
        k.max_contains = self.count(obj, "maxContains")?;
        k.min_items = self.count(obj, "minItems")?;
        k.max_items = self.count(obj, "maxItems")?;
        k.unique_items = match self.get(obj, "uniqueItems") {
            None => false,
            Some(Value::Bool(b)) => *b,
            Some(other) => return Err(self.wrong("uniqueItems", "a boolean", other)),
        };

        // Objects.
        k.properties = self.schema_map(obj, "properties")?;
        if let Some(r) = self.get(obj, "required") {
            let at = pointer::join(&self.loc.pointer, "required");
            k.required = self.string_list(r, &at, "`required`")?;
        }
        k.additional_properties = self.schema(obj, "additionalProperties")?;
        k.pattern_properties = self.schema_map(obj, "patternProperties")?;
        k.property_names = self.schema(obj, "propertyNames")?;
        k.min_properties = self.count(obj, "minProperties")?;
        k.max_properties = self.count(obj, "maxProperties")?;
        if let Some(deps) = self.get(obj, "dependencies") {
            let Value::Object(m) = deps else {
                return Err(self.wrong("dependencies", "an object", deps));
            };
            for (name, v) in m {
                let at = pointer::join(&pointer::join(&self.loc.pointer, "dependencies"), name);
                match v {
                    Value::Array(_) => {
                        let list = self.string_list(v, &at, "a `dependencies` entry")?;
                        k.dependent_required.push((name.clone(), list));
                    }
                    Value::Object(_) | Value::Bool(_) => {
                        let id = self.child(&["dependencies", name]);
                        k.dependent_schemas.push((name.clone(), id));
                    }
                    other => {
                        return Err(self.set.error_at(self.loc.doc, &at, format!(
                            "a `dependencies` entry must be an array of property names or a schema, found {}",
                            describe(other)
                        )))
                    }
                }
            }
        }
        if let Some(Value::Object(m)) = self.get(obj, "dependentRequired") {
            for (name, v) in m {
                let at =
                    pointer::join(&pointer::join(&self.loc.pointer, "dependentRequired"), name);
                let list = self.string_list(v, &at, "a `dependentRequired` entry")?;
                k.dependent_required.push((name.clone(), list));
            }
        } else if let Some(other) = self.get(obj, "dependentRequired") {
            return Err(self.wrong("dependentRequired", "an object", other));
        }
        let schemas = self.schema_map(obj, "dependentSchemas")?;
        k.dependent_schemas.extend(schemas);

        // Applicators.
        k.all_of = self.schema_array(obj, "allOf")?;
        k.any_of = self.schema_array(obj, "anyOf")?;
        k.one_of = self.schema_array(obj, "oneOf")?;
        k.not = self.schema(obj, "not")?;
        k.if_ = self.schema(obj, "if")?;
        k.then = self.schema(obj, "then")?;
        k.else_ = self.schema(obj, "else")?;

        // Definitions: both spellings are containers in every draft in practice. An entry
        // that is not a schema (real-world schemas park notes there) is skipped, not an
        // error: it cannot be the target of a `$ref` that resolves to a schema, and a `$ref`
        // to it still fails, located.
        for key in ["definitions", "$defs"] {
            if let Some(Value::Object(m)) = self.get(obj, key) {
                for (name, v) in m {
                    if matches!(v, Value::Object(_) | Value::Bool(_)) {
                        let id = self.child(&[key, name]);
                        k.definitions.push((name.clone(), id));
                    }
                }
            } else if let Some(other) = self.get(obj, key) {
                return Err(self.wrong(key, "an object mapping names to schemas", other));
            }
        }
        // An OpenAPI document's root: its named schemas are its definitions.
        if self.loc.pointer.is_empty() {
            let named = self.set.document(self.loc.doc).openapi_schemas.clone();
            for n in named {
                let v = pointer::get(&self.set.document(self.loc.doc).value, &n.pointer);
                if !matches!(v, Some(Value::Object(_) | Value::Bool(_))) {
                    let what = if n.inline {
                        "a `schema` of an OpenAPI document"
                    } else {
                        "each value of `components/schemas`"
                    };
                    return Err(self.set.error_at(
                        self.loc.doc,
                        &n.pointer,
                        format!(
                            "{what} must be a schema (a JSON object or boolean), found {}",
                            v.map_or("nothing".to_owned(), describe)
                        ),
                    ));
                }
                let id = self.set.node_for(&Loc {
                    doc: self.loc.doc,
                    pointer: n.pointer,
                });
                k.definitions.push((n.name, id));
            }
        }
        // The keywords the table keeps raw: their values checked against their kinds.
        for row in keywords::TABLE.iter().filter(|r| r.parsed == Parsed::Raw) {
            let Some(v) = self.get(obj, row.name) else {
                continue;
            };
            let checked = match row.kind {
                ValueKind::Count => self.count(obj, row.name).map(|n| n.map(Value::from)),
                kind if kind.admits(v) => Ok(Some(v.clone())),
                kind => Err(self.wrong(row.name, kind.expected(), v)),
            };
            match checked {
                Ok(Some(v)) => {
                    k.raw.insert(row.name, v);
                }
                Ok(None) => {}
                // Annotations of the wrong kind are ignored: they never affect validity.
                Err(_) if row.role == Role::Annotation => {}
                Err(e) => return Err(e),
            }
        }
        Ok(k)
    }
}
