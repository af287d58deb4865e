//! The groups of keywords a schema object holds, each read into [`Keywords`] and its
//! values checked: references, types, numbers, arrays, objects, applicators, definitions.

use super::super::draft::Draft;
use super::super::keywords::{self, Parsed, ValueKind};
use super::super::node::{JsonType, Keywords, Loc, Ref};
use super::super::{describe, pointer};
use super::Parser;
use crate::error::Result;
use crate::uri;
use serde_json::{Map, Value};

impl Parser<'_> {
    /// `$ref`: checked, resolved to its target node, and set on `k`. Whether there is one.
    pub(super) fn reference(&mut self, obj: &Map<String, Value>, k: &mut Keywords) -> Result<bool> {
        let Some(r) = self.get(obj, "$ref") else {
            return Ok(false);
        };
        let Value::String(raw) = r else {
            return Err(self.wrong("$ref", "a URI-reference string", r));
        };
        if let Err(why) = super::super::reference::check_syntax(raw) {
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
                if let Some(v) = value.filter(|v| !matches!(v, Value::Object(_) | Value::Bool(_))) {
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
        Ok(true)
    }

    /// `type`: one name or an array of names, each a known type, without repeats.
    pub(super) fn types(&self, obj: &Map<String, Value>) -> Result<Option<Vec<JsonType>>> {
        let Some(t) = self.get(obj, "type") else {
            return Ok(None);
        };
        let names: Vec<(String, String)> = match t {
            Value::String(s) => vec![(s.clone(), pointer::join(&self.loc.pointer, "type"))],
            Value::Array(a) => {
                let mut v = Vec::new();
                for (i, item) in a.iter().enumerate() {
                    let at =
                        pointer::join(&pointer::join(&self.loc.pointer, "type"), &i.to_string());
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
        Ok(Some(types))
    }

    /// The numeric bounds: `minimum`, `maximum` and the exclusive ones (the draft-04
    /// booleans turned into the later numbers).
    pub(super) fn numbers(&self, obj: &Map<String, Value>, k: &mut Keywords) -> Result<()> {
        let draft = self.draft;
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
        Ok(())
    }

    /// The array keywords: `items` (both forms), `prefixItems` and `contains`.
    pub(super) fn arrays(&mut self, obj: &Map<String, Value>, k: &mut Keywords) -> Result<()> {
        let draft = self.draft;
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
        Ok(())
    }

    /// The object keywords: properties, `required`, `additionalProperties` and names.
    pub(super) fn objects(&mut self, obj: &Map<String, Value>, k: &mut Keywords) -> Result<()> {
        k.properties = self.schema_map(obj, "properties")?;
        if let Some(r) = self.get(obj, "required") {
            let at = pointer::join(&self.loc.pointer, "required");
            k.required = self.string_list(r, &at, "`required`")?;
        }
        k.additional_properties = self.schema(obj, "additionalProperties")?;
        k.pattern_properties = self.schema_map(obj, "patternProperties")?;
        k.property_names = self.schema(obj, "propertyNames")?;
        self.dependencies(obj, k)
    }

    /// `dependencies` (both meanings), `dependentRequired` and `dependentSchemas`.
    fn dependencies(&mut self, obj: &Map<String, Value>, k: &mut Keywords) -> Result<()> {
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
        Ok(())
    }

    /// The applicators: `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`.
    pub(super) fn applicators(&mut self, obj: &Map<String, Value>, k: &mut Keywords) -> Result<()> {
        k.all_of = self.schema_array(obj, "allOf")?;
        k.any_of = self.schema_array(obj, "anyOf")?;
        k.one_of = self.schema_array(obj, "oneOf")?;
        k.not = self.schema(obj, "not")?;
        k.if_ = self.schema(obj, "if")?;
        k.then = self.schema(obj, "then")?;
        k.else_ = self.schema(obj, "else")?;
        Ok(())
    }

    /// `definitions`, `$defs`, and an OpenAPI document's named schemas at its root.
    pub(super) fn definitions(&mut self, obj: &Map<String, Value>, k: &mut Keywords) -> Result<()> {
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
        Ok(())
    }

    /// The keywords the table parses by their kind ([`Parsed::Raw`]: the counts,
    /// `multipleOf`, `uniqueItems`), each value checked against its row's kind and kept in
    /// `Keywords::raw`. A new keyword of one of these kinds needs its row only.
    pub(super) fn raw(&self, obj: &Map<String, Value>, k: &mut Keywords) -> Result<()> {
        for row in keywords::TABLE.iter().filter(|r| r.parsed == Parsed::Raw) {
            let Some(v) = self.get(obj, row.name) else {
                continue;
            };
            let checked = match row.kind {
                ValueKind::Count => self.count(obj, row.name).map(|n| n.map(Value::from)),
                ValueKind::PositiveNumber => match v {
                    Value::Number(n) if n.as_f64().is_some_and(|f| f > 0.0) => Ok(Some(v.clone())),
                    Value::Number(n) => Err(self.err(
                        row.name,
                        format!("`{}` must be greater than 0, found {n}", row.name),
                    )),
                    other => Err(self.wrong(row.name, "a number", other)),
                },
                kind if kind.admits(v) => Ok(Some(v.clone())),
                kind => Err(self.wrong(row.name, kind.expected(), v)),
            };
            if let Some(v) = checked? {
                k.raw.insert(row.name, v);
            }
        }
        Ok(())
    }
}
