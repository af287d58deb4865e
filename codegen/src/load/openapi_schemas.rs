//! Which schemas of an OpenAPI document get a type, and the name each is given.
//!
//! Every entry of `components/schemas` gets a type named after its key. Every schema
//! written inline elsewhere gets one too, named from where it is (the rule is in
//! `docs/openapi-and-yaml.md`, "Inline schemas"):
//!
//! | where | name |
//! | --- | --- |
//! | an operation's request body | `{Op}Request` |
//! | a response, per status | `{Op}{Status}Response` |
//! | a response header | `{Op}{Status}{Header}Header` |
//! | an operation's parameter | `{Op}{Param}Parameter` |
//! | a path item's parameter | `{Path}{Param}Parameter` |
//! | `components/requestBodies/N`, `responses/N`, `parameters/N`, `headers/N` | `{N}RequestBody`, `{N}Response`, `{N}Parameter`, `{N}Header` |
//!
//! `{Op}` is the `operationId`, or the method and the path (the webhook's name under
//! `webhooks`) for an operation without one. A body or parameter whose media types carry
//! different schemas appends the media type (`{Op}RequestJson`, `{Op}RequestXml`); media
//! types that carry the same schema share one type, at the first. A schema that
//! is only a `$ref` gets no type of its own: it is the referred schema's type. Names are
//! phrases here; lowering turns them into `PascalCase` and settles collisions
//! (components first, then in document order: the later name gets `2`, `3`, ...).

use super::draft::Draft;
use super::pointer;
use serde_json::Value;

/// A schema of an OpenAPI document that gets a type: its name (a phrase, made
/// `PascalCase` by lowering) and its pointer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NamedSchema {
    /// The name, as words (`createPet 201 Response`).
    pub name: String,
    /// The pointer of the schema in its document.
    pub pointer: String,
    /// Whether it is written inline (anywhere but `components/schemas`).
    pub inline: bool,
    /// For an inline schema, what it is the schema of ("The \`201\` response of
    /// \`POST /pets\` (\`createPet\`)."), then the description of the object holding
    /// it: the first paragraphs of its type's docs, before the schema's own.
    pub about: Option<String>,
}

/// The HTTP methods whose fields of a Path Item are operations (3.2 adds `query`; its
/// `additionalOperations` are read too).
const METHODS: [&str; 9] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace", "query",
];

/// Keywords that say nothing about the instance beside a `$ref` (annotations).
const ANNOTATIONS: [&str; 11] = [
    "description",
    "summary",
    "title",
    "$comment",
    "example",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
    "externalDocs",
    "xml",
];

/// Every schema of the OpenAPI document `doc` that gets a type, components first, then
/// the inline ones in document order.
pub(crate) fn named_schemas(doc: &Value, draft: Draft) -> Vec<NamedSchema> {
    let mut w = Walk {
        out: Vec::new(),
        ref_only_siblings_ignored: draft.ref_overrides_siblings(),
    };
    if let Some(Value::Object(schemas)) = doc.pointer("/components/schemas") {
        for name in schemas.keys() {
            w.out.push(NamedSchema {
                name: name.clone(),
                pointer: pointer::join(&pointer::join("/components", "schemas"), name),
                inline: false,
                about: None,
            });
        }
    }
    let components = "/components";
    let each = |key: &str| -> Vec<(String, String, &Value)> {
        let at = pointer::join(components, key);
        match doc.pointer(&at) {
            Some(Value::Object(m)) => m
                .iter()
                .map(|(k, v)| (k.clone(), pointer::join(&at, k), v))
                .collect(),
            _ => Vec::new(),
        }
    };
    for (name, at, v) in each("parameters") {
        let about = format!("The `{name}` parameter (`components/parameters`)");
        w.parameter_as(&format!("{name} Parameter"), &at, v, &about);
    }
    for (name, at, v) in each("headers") {
        let about = format!("The `{name}` header (`components/headers`)");
        w.parameter_as(&format!("{name} Header"), &at, v, &about);
    }
    for (name, at, v) in each("requestBodies") {
        let about = format!("The `{name}` request body (`components/requestBodies`)");
        w.content(&format!("{name} RequestBody"), &at, v, &about);
    }
    for (name, at, v) in each("responses") {
        let about = format!("The `{name}` response (`components/responses`)");
        w.response(&name, &at, v, &about);
    }
    for (root, by_name) in [("paths", false), ("webhooks", true)] {
        let Some(Value::Object(items)) = doc.get(root) else {
            continue;
        };
        let at = pointer::join("", root);
        for (path, item) in items {
            w.path_item(path, &pointer::join(&at, path), item, by_name);
        }
    }
    w.out
}

struct Walk {
    out: Vec<NamedSchema>,
    /// OpenAPI 3.0 (draft 4): a `$ref`'s siblings are ignored, so a schema with one is the
    /// referred schema whatever else it holds.
    ref_only_siblings_ignored: bool,
}

impl Walk {
    /// A schema at `at` named `name`, unless it is only a reference; `about` says what it
    /// is the schema of, `holder` is the object holding it (its `description` is kept).
    fn schema(&mut self, name: String, at: String, schema: &Value, about: &str, holder: &Value) {
        if let Value::Object(obj) = schema {
            if obj.contains_key("$ref")
                && (self.ref_only_siblings_ignored
                    || obj.keys().all(|k| {
                        k == "$ref" || k.starts_with("x-") || ANNOTATIONS.contains(&k.as_str())
                    }))
            {
                return;
            }
        }
        let about = match holder.get("description") {
            Some(Value::String(d)) if !d.trim().is_empty() => format!("{about}.\n\n{}", d.trim()),
            _ => format!("{about}."),
        };
        self.out.push(NamedSchema {
            name,
            pointer: at,
            inline: true,
            about: Some(about),
        });
    }

    /// A Path Item: its parameters, and each operation's.
    fn path_item(&mut self, path: &str, at: &str, item: &Value, webhook: bool) {
        let Value::Object(item) = item else {
            return;
        };
        if item.contains_key("$ref") {
            return;
        }
        let path_words = if webhook {
            path.to_owned()
        } else {
            path_phrase(path)
        };
        let item_label = if webhook {
            format!("the `{path}` webhook")
        } else {
            format!("`{path}`")
        };
        self.parameters(&path_words, at, item.get("parameters"), &item_label);
        let mut operations: Vec<(String, String, &Value)> = METHODS
            .iter()
            .filter_map(|m| {
                item.get(*m)
                    .map(|op| (m.to_string(), pointer::join(at, m), op))
            })
            .collect();
        if let Some(Value::Object(more)) = item.get("additionalOperations") {
            let base = pointer::join(at, "additionalOperations");
            operations.extend(
                more.iter()
                    .map(|(m, op)| (m.clone(), pointer::join(&base, m), op)),
            );
        }
        for (method, op_at, op) in operations {
            let Value::Object(op) = op else {
                continue;
            };
            let id = match op.get("operationId") {
                Some(Value::String(id)) if !id.trim().is_empty() => Some(id.clone()),
                _ => None,
            };
            let name = id
                .clone()
                .unwrap_or_else(|| format!("{method} {path_words}"));
            let method_up = method.to_uppercase();
            let op_label = match (&id, webhook) {
                (Some(id), false) => format!("`{method_up} {path}` (`{id}`)"),
                (None, false) => format!("`{method_up} {path}`"),
                (Some(id), true) => format!("the `{path}` webhook (`{method_up}`, `{id}`)"),
                (None, true) => format!("the `{path}` webhook (`{method_up}`)"),
            };
            self.parameters(&name, &op_at, op.get("parameters"), &op_label);
            if let Some(body) = op.get("requestBody") {
                self.content(
                    &format!("{name} Request"),
                    &pointer::join(&op_at, "requestBody"),
                    body,
                    &format!("The request body of {op_label}"),
                );
            }
            if let Some(Value::Object(responses)) = op.get("responses") {
                let base = pointer::join(&op_at, "responses");
                for (status, r) in responses {
                    self.response(
                        &format!("{name} {status}"),
                        &pointer::join(&base, status),
                        r,
                        &format!("The `{status}` response of {op_label}"),
                    );
                }
            }
        }
    }

    /// A list of Parameter Objects of `owner`, each named `{prefix} {its name} Parameter`.
    fn parameters(&mut self, prefix: &str, at: &str, list: Option<&Value>, owner: &str) {
        let Some(Value::Array(list)) = list else {
            return;
        };
        let base = pointer::join(at, "parameters");
        for (i, p) in list.iter().enumerate() {
            let name = match p.get("name") {
                Some(Value::String(n)) => n.clone(),
                _ => i.to_string(),
            };
            let about = match p.get("in") {
                Some(Value::String(place)) => {
                    format!("The `{name}` parameter ({place}) of {owner}")
                }
                _ => format!("The `{name}` parameter of {owner}"),
            };
            self.parameter_as(
                &format!("{prefix} {name} Parameter"),
                &pointer::join(&base, &i.to_string()),
                p,
                &about,
            );
        }
    }

    /// A Parameter Object (or Header Object: the two hold a schema alike).
    fn parameter_as(&mut self, name: &str, at: &str, p: &Value, about: &str) {
        let Value::Object(obj) = p else {
            return;
        };
        if obj.contains_key("$ref") {
            return;
        }
        if let Some(schema) = obj.get("schema") {
            self.schema(
                name.to_owned(),
                pointer::join(at, "schema"),
                schema,
                about,
                p,
            );
        }
        if obj.contains_key("content") {
            self.content(name, at, p, about);
        }
    }

    /// A Response Object named `{prefix} Response`, and its headers.
    fn response(&mut self, prefix: &str, at: &str, r: &Value, about: &str) {
        let Value::Object(obj) = r else {
            return;
        };
        if obj.contains_key("$ref") {
            return;
        }
        self.content(&format!("{prefix} Response"), at, r, about);
        if let Some(Value::Object(headers)) = obj.get("headers") {
            let base = pointer::join(at, "headers");
            for (h, v) in headers {
                let about = format!("The `{h}` header of {}", lower_first(about));
                self.parameter_as(
                    &format!("{prefix} {h} Header"),
                    &pointer::join(&base, h),
                    v,
                    &about,
                );
            }
        }
    }

    /// The schemas of the `content` map of `holder` (a Request Body, Response, Parameter
    /// or Header Object): `name` for one schema (however many media types carry it), `name`
    /// and the media type for each of several different ones.
    fn content(&mut self, name: &str, at: &str, holder_value: &Value, about: &str) {
        let Value::Object(holder) = holder_value else {
            return;
        };
        if holder.contains_key("$ref") {
            return;
        }
        let Some(Value::Object(content)) = holder.get("content") else {
            return;
        };
        let base = pointer::join(at, "content");
        let with_schema: Vec<(&String, &Value)> = content
            .iter()
            .filter_map(|(media, m)| m.get("schema").map(|s| (media, s)))
            .collect();
        // Media types that all carry the same schema share one type.
        if let Some((media, first)) = with_schema.first() {
            if with_schema.iter().all(|(_, s)| s == first) {
                let at = pointer::join(&pointer::join(&base, media), "schema");
                let media: Vec<&str> = with_schema.iter().map(|(m, _)| m.as_str()).collect();
                let about = format!("{about}, as `{}`", media.join("`, `"));
                self.schema(name.to_owned(), at, first, &about, holder_value);
                return;
            }
        }
        let several = with_schema.len() > 1;
        for (media, schema) in with_schema {
            let name = if several {
                format!("{name} {}", media_phrase(media))
            } else {
                name.to_owned()
            };
            let at = pointer::join(&pointer::join(&base, media), "schema");
            let about = format!("{about}, as `{media}`");
            self.schema(name, at, schema, &about, holder_value);
        }
    }
}

/// `text` with its first letter in lower case (`The x` → `the x`), to follow "of".
fn lower_first(text: &str) -> String {
    let mut cs = text.chars();
    match cs.next() {
        Some(c) => c.to_lowercase().chain(cs).collect(),
        None => String::new(),
    }
}

/// A path's words for a name: its segments, with template braces dropped
/// (`/pets/{petId}` → `pets petId`); `/` alone is `root`.
fn path_phrase(path: &str) -> String {
    let words: Vec<&str> = path
        .split('/')
        .map(|s| s.trim_matches(|c| c == '{' || c == '}'))
        .filter(|s| !s.is_empty())
        .collect();
    if words.is_empty() {
        "root".to_owned()
    } else {
        words.join(" ")
    }
}

/// A media type's words for a name: the subtype, with a structured suffix kept
/// (`application/json` → `json`, `application/merge-patch+json` → `merge-patch json`,
/// `text/plain` → `plain`); parameters (`; charset=utf-8`) are dropped. A range
/// (`text/*`, `*/*`) keeps its type (`text any`, `any`).
fn media_phrase(media: &str) -> String {
    let media = media.split(';').next().unwrap_or(media).trim();
    let (ty, sub) = media.split_once('/').unwrap_or((media, ""));
    match (ty, sub) {
        ("*", _) => "any".to_owned(),
        (ty, "*" | "") => format!("{ty} any"),
        (_, sub) => sub.replace('+', " "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn names(doc: Value, draft: Draft) -> Vec<(String, String)> {
        named_schemas(&doc, draft)
            .into_iter()
            .map(|n| (n.name, n.pointer))
            .collect()
    }

    #[test]
    fn each_role_is_named_and_references_get_no_type() {
        let doc = json!({
            "openapi": "3.1.0",
            "paths": {
                "/pets/{petId}": {
                    "parameters": [{"name": "petId", "in": "path", "schema": {"type": "integer"}}],
                    "get": {
                        "parameters": [
                            {"name": "verbose", "in": "query", "schema": {"type": "boolean"}},
                            {"$ref": "#/components/parameters/Limit"}
                        ],
                        "responses": {
                            "200": {
                                "content": {"application/json": {"schema": {"type": "object"}}},
                                "headers": {"X-Rate": {"schema": {"type": "integer"}}}
                            },
                            "404": {"$ref": "#/components/responses/NotFound"},
                            "default": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Err", "description": "why"}}}}
                        }
                    },
                    "put": {
                        "operationId": "replace-pet",
                        "requestBody": {"content": {
                            "application/json": {"schema": {"type": "object"}},
                            "application/merge-patch+json": {"schema": {"type": "object"}},
                            "text/plain; charset=utf-8": {"schema": {"$ref": "#/components/schemas/Err", "minLength": 1}}
                        }},
                        "responses": {"204": {"description": "done"}}
                    }
                }
            },
            "webhooks": {"newPet": {"post": {"requestBody": {"content": {"application/json": {"schema": {"type": "string"}}}}}}},
            "components": {
                "schemas": {"Err": {"type": "string"}},
                "parameters": {"Limit": {"name": "limit", "in": "query", "schema": {"type": "integer"}}},
                "responses": {"NotFound": {"content": {"application/json": {"schema": {"type": "object"}}}}},
                "requestBodies": {"Upload": {"content": {"image/png": {"schema": {}}}}},
                "headers": {"Trace": {"schema": {"type": "string"}}}
            }
        });
        let got = names(doc, Draft::Draft202012);
        let expect = [
            ("Err", "/components/schemas/Err"),
            ("Limit Parameter", "/components/parameters/Limit/schema"),
            ("Trace Header", "/components/headers/Trace/schema"),
            ("Upload RequestBody", "/components/requestBodies/Upload/content/image~1png/schema"),
            ("NotFound Response", "/components/responses/NotFound/content/application~1json/schema"),
            ("pets petId petId Parameter", "/paths/~1pets~1{petId}/parameters/0/schema"),
            ("get pets petId verbose Parameter", "/paths/~1pets~1{petId}/get/parameters/0/schema"),
            ("get pets petId 200 Response", "/paths/~1pets~1{petId}/get/responses/200/content/application~1json/schema"),
            ("get pets petId 200 X-Rate Header", "/paths/~1pets~1{petId}/get/responses/200/headers/X-Rate/schema"),
            ("replace-pet Request json", "/paths/~1pets~1{petId}/put/requestBody/content/application~1json/schema"),
            ("replace-pet Request merge-patch json", "/paths/~1pets~1{petId}/put/requestBody/content/application~1merge-patch+json/schema"),
            ("replace-pet Request plain", "/paths/~1pets~1{petId}/put/requestBody/content/text~1plain; charset=utf-8/schema"),
            ("post newPet Request", "/webhooks/newPet/post/requestBody/content/application~1json/schema"),
        ];
        let expect: Vec<(String, String)> = expect
            .iter()
            .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
            .collect();
        assert_eq!(got, expect);
    }

    /// 3.2's `query` and `additionalOperations` are operations; callbacks, path items of
    /// `components/pathItems` and a Path Item that is a `$ref` are not read.
    #[test]
    fn which_operations_are_read() {
        let body = json!({"content": {"application/json": {"schema": {"type": "string"}}}});
        let doc = json!({
            "paths": {
                "/a": {
                    "query": {"operationId": "search", "requestBody": body},
                    "additionalOperations": {"LINK": {"requestBody": body}},
                    "post": {"operationId": "make", "requestBody": body,
                        "callbacks": {"done": {"{$request.body#/url}": {"post": {"requestBody": body}}}}}
                },
                "/b": {"$ref": "#/components/pathItems/B"}
            },
            "components": {"pathItems": {"B": {"get": {"requestBody": body}}}}
        });
        let got: Vec<String> = names(doc, Draft::Draft202012)
            .into_iter()
            .map(|(n, _)| n)
            .collect();
        assert_eq!(got, ["make Request", "search Request", "LINK a Request"]);
    }

    /// What each inline schema is the schema of, with the holder's description: the docs
    /// of its type.
    #[test]
    fn each_inline_schema_says_what_it_is_the_schema_of() {
        let doc = json!({
            "paths": {"/pets": {"post": {
                "operationId": "createPet",
                "parameters": [{"name": "dry", "in": "query", "description": "Only check.", "schema": {"type": "boolean"}}],
                "requestBody": {"description": "The pet.", "content": {
                    "application/json": {"schema": {"type": "object"}},
                    "application/xml": {"schema": {"type": "object"}}}},
                "responses": {"201": {"description": "Created.",
                    "content": {"application/json": {"schema": {"type": "object"}}, "text/plain": {"schema": {"type": "string"}}},
                    "headers": {"Location": {"schema": {"type": "string"}}}}}
            }}},
            "webhooks": {"adopted": {"post": {"requestBody": {"content": {"application/json": {"schema": {"type": "string"}}}}}}}
        });
        let about: Vec<String> = named_schemas(&doc, Draft::Draft202012)
            .into_iter()
            .filter_map(|n| n.about)
            .collect();
        assert_eq!(
            about,
            [
                "The `dry` parameter (query) of `POST /pets` (`createPet`).\n\nOnly check.",
                "The request body of `POST /pets` (`createPet`), as `application/json`, `application/xml`.\n\nThe pet.",
                "The `201` response of `POST /pets` (`createPet`), as `application/json`.\n\nCreated.",
                "The `201` response of `POST /pets` (`createPet`), as `text/plain`.\n\nCreated.",
                "The `Location` header of the `201` response of `POST /pets` (`createPet`).",
                "The request body of the `adopted` webhook (`POST`), as `application/json`.",
            ]
        );
    }

    #[test]
    fn media_types_with_one_schema_share_its_type() {
        let doc = json!({"paths": {"/a": {"post": {"operationId": "send", "requestBody": {"content": {
            "application/json": {"schema": {"type": "object"}},
            "application/xml": {"schema": {"type": "object"}}
        }}}}}});
        assert_eq!(
            names(doc, Draft::Draft202012),
            [(
                "send Request".to_owned(),
                "/paths/~1a/post/requestBody/content/application~1json/schema".to_owned()
            )]
        );
    }

    #[test]
    fn in_openapi_3_0_a_reference_ignores_its_siblings() {
        let doc = json!({"paths": {"/": {"get": {"responses": {"200": {"content": {
            "application/json": {"schema": {"$ref": "#/components/schemas/A", "minLength": 1}}
        }}}}}}});
        assert!(names(doc.clone(), Draft::Draft4).is_empty());
        assert_eq!(
            names(doc, Draft::Draft202012),
            [(
                "get root 200 Response".to_owned(),
                "/paths/~1/get/responses/200/content/application~1json/schema".to_owned()
            )]
        );
    }

    #[test]
    fn media_and_path_words() {
        assert_eq!(media_phrase("application/json"), "json");
        assert_eq!(media_phrase("application/vnd.api+json"), "vnd.api json");
        assert_eq!(media_phrase("text/*"), "text any");
        assert_eq!(media_phrase("*/*"), "any");
        assert_eq!(path_phrase("/"), "root");
        assert_eq!(path_phrase("/a/{b}/c"), "a b c");
    }
}
