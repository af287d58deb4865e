//! OpenAPI 3.0, 3.1 and 3.2 documents: the schemas are the entries of
//! `components/schemas`, each a definition of the document's root (which asserts nothing),
//! so every `$ref` between them (`#/components/schemas/Pet`) and to other files resolves as
//! in any schema document, and every error names the entry's real pointer.
//!
//! The dialect: 3.1 and 3.2 use JSON Schema 2020-12 unless `jsonSchemaDialect` (or a
//! schema's own `$schema`) names another draft. 3.0 uses its own subset of draft 4; what it
//! adds is rewritten here, in place, before the document is scanned:
//!
//! * `nullable: true` beside a `type` adds `"null"` to the type (3.0.3: it has no effect
//!   without an explicit `type`, and an `enum` must list `null` itself);
//! * a property marked `readOnly` or `writeOnly` is not required (in every version): the
//!   same type reads a response, which may leave a write-only property out, and a request,
//!   which leaves read-only ones out.

use super::draft::Draft;
use super::keywords::{self, ValueKind};
pub(crate) use super::openapi_schemas::{named_schemas, NamedSchema};
use super::pointer;
use serde_json::{Map, Value};
use std::collections::BTreeSet;

/// The pointer tokens of the map of named schemas in an OpenAPI document.
const SCHEMAS: [&str; 2] = ["components", "schemas"];

/// An OpenAPI document's version and the draft its schemas follow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct OpenApi {
    /// The `openapi` field as written (`3.0.3`, `3.1.0`, ...).
    pub version: String,
    /// The draft of its schemas.
    pub draft: Draft,
}

/// What is wrong with an OpenAPI document: the pointer and the message.
pub(crate) type Refusal = (String, String);

/// The OpenAPI version of `value`, if it is an OpenAPI document (an object with a string
/// `openapi` field). Versions other than 3.0, 3.1 and 3.2, and a `jsonSchemaDialect` that
/// names no known draft, are refused.
pub(crate) fn detect(value: &Value) -> Option<Result<OpenApi, Refusal>> {
    if value.get("openapi").is_none() && value.get("swagger").is_some_and(Value::is_string) {
        return Some(Err((
            "/swagger".to_owned(),
            "Swagger 2.0 is not supported; envgen reads OpenAPI 3.0, 3.1 and 3.2 (convert the document first)".to_owned(),
        )));
    }
    let version = value.get("openapi")?;
    let Value::String(version) = version else {
        return Some(Err((
            "/openapi".to_owned(),
            "`openapi` must be a version string such as \"3.1.0\"".to_owned(),
        )));
    };
    let minor = version
        .strip_prefix("3.")
        .and_then(|rest| rest.split('.').next())
        .and_then(|m| m.parse::<u32>().ok());
    let draft = match minor {
        Some(0) => Draft::Draft4,
        Some(1 | 2) => match value.get("jsonSchemaDialect") {
            None => Draft::Draft202012,
            Some(Value::String(uri)) => match Draft::from_uri(uri) {
                Some(d) => d,
                None => {
                    return Some(Err((
                        "/jsonSchemaDialect".to_owned(),
                        format!("`jsonSchemaDialect` {uri:?} names no dialect envgen knows (JSON Schema draft 4, 6, 7, 2019-09 or 2020-12, or OpenAPI's own, `https://spec.openapis.org/oas/3.1/dialect/base` or a dated one)"),
                    )))
                }
            },
            Some(_) => {
                return Some(Err((
                    "/jsonSchemaDialect".to_owned(),
                    "`jsonSchemaDialect` must be a URI string".to_owned(),
                )))
            }
        },
        _ => {
            return Some(Err((
                "/openapi".to_owned(),
                format!("OpenAPI {version} is not supported; envgen reads OpenAPI 3.0, 3.1 and 3.2"),
            )))
        }
    };
    if let Some(schemas) = value.pointer("/components/schemas") {
        if !schemas.is_object() {
            return Some(Err((
                "/components/schemas".to_owned(),
                "`components/schemas` must be an object mapping names to schemas".to_owned(),
            )));
        }
    }
    Some(Ok(OpenApi {
        version: version.clone(),
        draft,
    }))
}

/// Rewrites what OpenAPI adds to its schemas (module docs) in every schema that gets a
/// type ([`named_schemas`]: the entries of `components/schemas` and the schemas written
/// inline under `paths`, `webhooks` and the other components), in place, and returns
/// those schemas. Pointers do not change.
pub(crate) fn prepare(value: &mut Value, api: &OpenApi) -> Vec<NamedSchema> {
    let named = named_schemas(value, api.draft);
    let v30 = api.draft == Draft::Draft4;
    let names: BTreeSet<String> = match value.pointer("/components/schemas") {
        Some(Value::Object(schemas)) => schemas.keys().cloned().collect(),
        _ => BTreeSet::new(),
    };
    for n in &named {
        if let Some(root) = value.pointer_mut(&n.pointer) {
            rewrite(root, v30, &names);
        }
    }
    named
}

/// [`prepare`]'s rewriting of one schema and its subschemas.
fn rewrite(root: &mut Value, v30: bool, names: &BTreeSet<String>) {
    // Explicit stack: nesting costs no native stack.
    let mut stack: Vec<&mut Value> = vec![root];
    while let Some(schema) = stack.pop() {
        let Value::Object(obj) = schema else {
            continue;
        };
        discriminate(obj, names);
        if v30 && obj.get("nullable") == Some(&Value::Bool(true)) {
            if let Some(Value::String(t)) = obj.get("type") {
                let t = t.clone();
                if t != "null" {
                    obj.insert("type".to_owned(), serde_json::json!([t, "null"]));
                }
            }
        }
        let optional: Vec<String> = match obj.get("properties") {
            Some(Value::Object(props)) => props
                .iter()
                .filter(|(_, p)| {
                    p.get("readOnly") == Some(&Value::Bool(true))
                        || p.get("writeOnly") == Some(&Value::Bool(true))
                })
                .map(|(name, _)| name.clone())
                .collect(),
            _ => Vec::new(),
        };
        if !optional.is_empty() {
            if let Some(Value::Array(required)) = obj.get_mut("required") {
                required.retain(|r| !r.as_str().is_some_and(|r| optional.iter().any(|o| o == r)));
                if required.is_empty() {
                    obj.remove("required");
                }
            }
        }
        for (key, v) in obj.iter_mut() {
            let Some(kind) = keywords::get(key)
                .map(|k| k.kind)
                .filter(|k| k.holds_schemas())
            else {
                continue;
            };
            match (kind, v) {
                (ValueKind::SchemaArray | ValueKind::SchemaOrSchemaArray, Value::Array(items)) => {
                    stack.extend(items.iter_mut())
                }
                (ValueKind::SchemaMap | ValueKind::SchemaOrNamesMap, Value::Object(m)) => {
                    stack.extend(m.values_mut().filter(|v| v.is_object()));
                }
                (ValueKind::Schema | ValueKind::SchemaOrSchemaArray, v) => stack.push(v),
                _ => {}
            }
        }
    }
}

/// Reads a `discriminator` beside a `oneOf` (or `anyOf`) of `$ref`s as OpenAPI means it:
/// the value of its `propertyName` selects the alternative, by `mapping` or, for an
/// alternative the mapping does not name, by the component's name. Each alternative
/// `{"$ref": R}` becomes `{"type": "object", "required": [P], "properties": {P: {"enum":
/// [its values]}}, "allOf": [{"$ref": R}]}`, so the validators and the types agree: an
/// object whose tag selects no alternative, or an alternative it does not match, is
/// refused, and the alternatives no longer overlap. The union is then a tagged one, read
/// by its tag without buffering. Each variant holds the wrapper's type, the component
/// merged with its tag, which the type implies; or the component's own type when that
/// already pins the tag to the same values (`ir::lower` then sees through the wrapper).
///
/// Left as the annotation it is in JSON Schema, with no rewrite, when the discriminator
/// cannot select: an alternative that is not a `$ref`, a mapping value that names none of
/// the alternatives, an alternative with no name and no mapping value, or a value that
/// would select two alternatives.
fn discriminate(obj: &mut Map<String, Value>, names: &BTreeSet<String>) {
    let Some(Value::Object(d)) = obj.get("discriminator") else {
        return;
    };
    let Some(Value::String(property)) = d.get("propertyName") else {
        return;
    };
    let property = property.clone();
    let mut mapping: Vec<(String, String)> = Vec::new();
    match d.get("mapping") {
        None => {}
        Some(Value::Object(m)) => {
            for (value, target) in m {
                let Value::String(target) = target else {
                    return;
                };
                mapping.push((value.clone(), reference_of(target, names)));
            }
        }
        Some(_) => return,
    }
    let keyword = match (obj.get("oneOf"), obj.get("anyOf")) {
        (Some(Value::Array(_)), _) => "oneOf",
        (None, Some(Value::Array(_))) => "anyOf",
        _ => return,
    };
    let Some(Value::Array(branches)) = obj.get(keyword) else {
        return;
    };
    let mut refs: Vec<&str> = Vec::with_capacity(branches.len());
    for b in branches {
        match b.get("$ref") {
            Some(Value::String(r)) => refs.push(r),
            _ => return,
        }
    }
    if refs.is_empty() || mapping.iter().any(|(_, t)| !refs.contains(&t.as_str())) {
        return;
    }
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut values: Vec<Vec<String>> = Vec::with_capacity(refs.len());
    for r in &refs {
        let mut own: Vec<String> = mapping
            .iter()
            .filter(|(_, t)| t == r)
            .map(|(v, _)| v.clone())
            .collect();
        if own.is_empty() {
            match component_name(r) {
                Some(name) => own.push(name),
                None => return,
            }
        }
        if !own.iter().all(|v| seen.insert(v.clone())) {
            return;
        }
        values.push(own);
    }
    let Some(Value::Array(branches)) = obj.get_mut(keyword) else {
        return;
    };
    for (b, own) in branches.iter_mut().zip(values) {
        let original = std::mem::take(b);
        let mut tag = Map::new();
        tag.insert(
            "enum".to_owned(),
            Value::Array(own.into_iter().map(Value::String).collect()),
        );
        let mut properties = Map::new();
        properties.insert(property.clone(), Value::Object(tag));
        let mut wrapper = Map::new();
        wrapper.insert("type".to_owned(), Value::String("object".to_owned()));
        wrapper.insert(
            "required".to_owned(),
            Value::Array(vec![Value::String(property.clone())]),
        );
        wrapper.insert("properties".to_owned(), Value::Object(properties));
        wrapper.insert("allOf".to_owned(), Value::Array(vec![original]));
        *b = Value::Object(wrapper);
    }
}

/// A `mapping` value as the `$ref` it stands for: a component's name (one of `names`,
/// with no `/` or `#`) is `#/components/schemas/<name>`; anything else is a URI reference,
/// compared with the alternatives' `$ref`s as written.
fn reference_of(target: &str, names: &BTreeSet<String>) -> String {
    if !target.contains(['/', '#']) && names.contains(target) {
        format!("#{}", schema_pointer(target))
    } else {
        target.to_owned()
    }
}

/// The component name a `$ref` ends in (`...#/components/schemas/<name>`), unescaped.
fn component_name(reference: &str) -> Option<String> {
    let (_, fragment) = reference.split_once('#')?;
    let name = fragment.strip_prefix("/components/schemas/")?;
    (!name.is_empty() && !name.contains('/')).then(|| name.replace("~1", "/").replace("~0", "~"))
}

/// The pointer of the named schema `name` in an OpenAPI document.
fn schema_pointer(name: &str) -> String {
    let mut p = String::new();
    for t in SCHEMAS {
        p = pointer::join(&p, t);
    }
    pointer::join(&p, name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn versions_and_dialects() {
        let d = |v: Value| detect(&v).map(|r| r.map(|a| a.draft));
        assert_eq!(d(json!({"openapi": "3.0.3"})), Some(Ok(Draft::Draft4)));
        assert_eq!(d(json!({"openapi": "3.1.0"})), Some(Ok(Draft::Draft202012)));
        assert_eq!(d(json!({"openapi": "3.2.0"})), Some(Ok(Draft::Draft202012)));
        assert_eq!(
            d(
                json!({"openapi": "3.1.0", "jsonSchemaDialect": "http://json-schema.org/draft-07/schema#"})
            ),
            Some(Ok(Draft::Draft7))
        );
        for dialect in [
            "https://spec.openapis.org/oas/3.1/dialect/base",
            "https://spec.openapis.org/oas/3.1/dialect/2024-11-10",
            "https://spec.openapis.org/oas/3.2/dialect/2025-09-17",
        ] {
            assert_eq!(
                d(json!({"openapi": "3.1.1", "jsonSchemaDialect": dialect})),
                Some(Ok(Draft::Draft202012)),
                "{dialect}"
            );
        }
        assert_eq!(d(json!({"type": "object"})), None);
        let refused = |v: Value| detect(&v).and_then(Result::err).map(|(p, _)| p);
        assert_eq!(
            refused(json!({"openapi": "2.0"})).as_deref(),
            Some("/openapi")
        );
        assert_eq!(
            refused(json!({"swagger": "2.0"})).as_deref(),
            Some("/swagger")
        );
        assert_eq!(refused(json!({"openapi": 3})).as_deref(), Some("/openapi"));
        assert_eq!(
            refused(json!({"openapi": "3.1.0", "jsonSchemaDialect": "https://example.com/x"}))
                .as_deref(),
            Some("/jsonSchemaDialect")
        );
        // A vocabulary metaschema is not a dialect; an unpublished dialect is unknown.
        for unknown in [
            "https://spec.openapis.org/oas/3.1/meta/base",
            "https://spec.openapis.org/oas/3.3/dialect/WORK-IN-PROGRESS",
        ] {
            assert_eq!(
                refused(json!({"openapi": "3.1.0", "jsonSchemaDialect": unknown})).as_deref(),
                Some("/jsonSchemaDialect"),
                "{unknown}"
            );
        }
        assert_eq!(
            refused(json!({"openapi": "3.1.0", "components": {"schemas": []}})).as_deref(),
            Some("/components/schemas")
        );
    }

    #[test]
    fn nullable_and_read_write_only_are_rewritten() {
        let mut doc = json!({"openapi": "3.0.3", "components": {"schemas": {
            "Pet": {"type": "object", "required": ["id", "name", "secret"], "properties": {
                "id": {"type": "integer", "readOnly": true},
                "name": {"type": "string", "nullable": true},
                "secret": {"type": "string", "writeOnly": true},
                "tags": {"type": "array", "items": {"type": "string", "nullable": true}},
                "kind": {"nullable": true, "enum": ["a"]}
            }}
        }}});
        let api = detect(&doc).unwrap().unwrap();
        let _ = prepare(&mut doc, &api);
        let pet = &doc["components"]["schemas"]["Pet"];
        assert_eq!(pet["required"], json!(["name"]));
        assert_eq!(pet["properties"]["name"]["type"], json!(["string", "null"]));
        assert_eq!(
            pet["properties"]["tags"]["items"]["type"],
            json!(["string", "null"])
        );
        assert_eq!(
            pet["properties"]["kind"].get("type"),
            None,
            "no type: no effect"
        );
        // 3.1: `nullable` is not a keyword (write `type: [string, "null"]`).
        let mut doc = json!({"openapi": "3.1.0", "components": {"schemas": {
            "A": {"type": "string", "nullable": true}}}});
        let api = detect(&doc).unwrap().unwrap();
        let _ = prepare(&mut doc, &api);
        assert_eq!(doc["components"]["schemas"]["A"]["type"], json!("string"));
    }

    #[test]
    fn a_discriminator_of_references_wraps_each_alternative_with_its_tag() {
        let union = |d: Value, branches: Value| {
            let mut doc = json!({"openapi": "3.1.0", "components": {"schemas": {
                "U": {"oneOf": branches, "discriminator": d},
                "A": {"type": "object"}, "B": {"type": "object"}
            }}});
            let api = detect(&doc).unwrap().unwrap();
            let _ = prepare(&mut doc, &api);
            doc["components"]["schemas"]["U"]["oneOf"].clone()
        };
        let refs = json!([{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/B"}]);
        // Implicit names.
        let out = union(json!({"propertyName": "t"}), refs.clone());
        assert_eq!(
            out[0],
            json!({"type": "object", "required": ["t"], "properties": {"t": {"enum": ["A"]}},
                   "allOf": [{"$ref": "#/components/schemas/A"}]})
        );
        assert_eq!(out[1]["properties"]["t"]["enum"], json!(["B"]));
        // A mapping by name and by reference; an alternative it does not name keeps its own.
        let out = union(
            json!({"propertyName": "t", "mapping": {"a": "A", "x": "#/components/schemas/A"}}),
            refs.clone(),
        );
        assert_eq!(out[0]["properties"]["t"]["enum"], json!(["a", "x"]));
        assert_eq!(out[1]["properties"]["t"]["enum"], json!(["B"]));
        // Cannot select: left as written.
        for (d, branches) in [
            // A mapping value that names no alternative.
            (
                json!({"propertyName": "t", "mapping": {"c": "C"}}),
                refs.clone(),
            ),
            // A value that would select two alternatives.
            (
                json!({"propertyName": "t", "mapping": {"B": "A"}}),
                refs.clone(),
            ),
            // An inline alternative.
            (
                json!({"propertyName": "t"}),
                json!([{"$ref": "#/components/schemas/A"}, {"type": "object"}]),
            ),
            // A reference with no component name and no mapping value.
            (
                json!({"propertyName": "t"}),
                json!([{"$ref": "#/components/schemas/A"}, {"$ref": "other.json"}]),
            ),
            // Not a discriminator OpenAPI defines.
            (json!({"propertyName": 1}), refs.clone()),
            (
                json!({"propertyName": "t", "mapping": {"a": 1}}),
                refs.clone(),
            ),
        ] {
            assert_eq!(union(d.clone(), branches.clone()), branches, "{d}");
        }
    }
}
