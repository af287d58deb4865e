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
use super::pointer;
use serde_json::Value;

/// The pointer tokens of the map of named schemas in an OpenAPI document.
pub(crate) const SCHEMAS: [&str; 2] = ["components", "schemas"];

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
                        format!("`jsonSchemaDialect` {uri:?} names no JSON Schema draft envgen knows (draft 4, 6, 7, 2019-09 or 2020-12)"),
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

/// Rewrites what OpenAPI adds to its schemas (module docs) in every schema of
/// `components/schemas`, in place. Pointers do not change.
pub(crate) fn prepare(value: &mut Value, api: &OpenApi) {
    let Some(Value::Object(schemas)) = value.pointer_mut("/components/schemas") else {
        return;
    };
    let v30 = api.draft == Draft::Draft4;
    // Explicit stack: nesting costs no native stack.
    let mut stack: Vec<&mut Value> = schemas.values_mut().collect();
    while let Some(schema) = stack.pop() {
        let Value::Object(obj) = schema else {
            continue;
        };
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

/// The pointer of the named schema `name` in an OpenAPI document.
pub(crate) fn schema_pointer(name: &str) -> String {
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
        prepare(&mut doc, &api);
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
        prepare(&mut doc, &api);
        assert_eq!(doc["components"]["schemas"]["A"]["type"], json!("string"));
    }
}
