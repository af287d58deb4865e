//! OpenAPI documents: the generated code of each fixture in
//! `tests/mapping/schemas/openapi/` is a golden snapshot (the `envgen-mapping-tests` crate
//! compiles the same output and round-trips payloads through it), and what envgen does not
//! read is a located error.

use envgen_codegen::{generate_source, Config, Settings};
use std::path::{Path, PathBuf};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/mapping/schemas/openapi")
}

#[test]
fn each_openapi_document_has_a_golden() {
    for (file, module) in [
        ("petstore-3.0.yaml", "openapi_petstore"),
        ("library-3.1.json", "openapi_library"),
        ("events-3.2.yaml", "openapi_events"),
        ("real/uspto.yaml", "openapi_uspto"),
        ("real/scalar-galaxy-3.1.yaml", "openapi_galaxy"),
    ] {
        let generated = Config::new()
            .base_dir(fixtures())
            .schema(file)
            .generate()
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let code = &generated[0].code;
        insta::assert_snapshot!(module, code);
    }
}

#[test]
fn each_component_is_a_type_named_after_its_key_and_the_root_is_none() {
    let generated = Config::new()
        .base_dir(fixtures())
        .schema("petstore-3.0.yaml")
        .generate()
        .expect("generates");
    let code = &generated[0].code;
    for name in ["NewPet", "Pet", "Status", "Page", "Error"] {
        assert!(
            code.contains(&format!("pub struct {name} "))
                || code.contains(&format!("pub enum {name} ")),
            "{name}"
        );
    }
    assert!(
        !code.contains("pub fn validate_value"),
        "the root asserts nothing"
    );
    assert!(
        !code.contains("PetstoreThree"),
        "no type for the document itself"
    );
    assert!(
        code.contains("Generated from `petstore-3.0.yaml#/components/schemas/Pet`"),
        "docs name the component"
    );
}

/// OpenAPI's own dialect fixture (`tests/schema/pass/json_schema_dialect.yaml` of the
/// specification's repository, as its 3.1 and 3.2 branches write it): the document names
/// OpenAPI's dated dialect, and a component names it as its `$schema`. Both mean draft
/// 2020-12, offline.
#[test]
fn openapis_own_dialects_generate() {
    for file in [
        "dialect/json_schema_dialect-3.1.yaml",
        "dialect/json_schema_dialect-3.2.yaml",
    ] {
        let generated = Config::new()
            .base_dir(fixtures())
            .schema(file)
            .generate()
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let code = &generated[0].code;
        assert!(
            code.contains("pub type WithDollarSchema"),
            "{file}:\n{code}"
        );
    }
    // Draft 2020-12, base URI or dated, in `jsonSchemaDialect` or `$schema`: `prefixItems`
    // is a keyword, so a value that is not an array of schemas is refused (draft 7 would
    // ignore it as an unknown keyword).
    for dialect in [
        "https://spec.openapis.org/oas/3.1/dialect/base",
        "https://spec.openapis.org/oas/3.2/dialect/2025-09-17",
    ] {
        for doc in [
            format!(
                r#"{{"openapi": "3.1.0", "jsonSchemaDialect": "{dialect}", "components": {{"schemas": {{"Pair": {{"prefixItems": 5}}}}}}}}"#
            ),
            format!(
                r#"{{"openapi": "3.1.0", "jsonSchemaDialect": "http://json-schema.org/draft-07/schema#", "components": {{"schemas": {{"Pair": {{"$schema": "{dialect}", "prefixItems": 5}}}}}}}}"#
            ),
        ] {
            let e = generate_source("api.json", &doc, &Settings::new())
                .expect_err("prefixItems is a keyword");
            assert!(
                e.to_string()
                    .contains("api.json#/components/schemas/Pair/prefixItems"),
                "{dialect}: {e}"
            );
        }
    }
    let draft7 = r#"{"openapi": "3.1.0", "jsonSchemaDialect": "http://json-schema.org/draft-07/schema#", "components": {"schemas": {"Pair": {"prefixItems": 5}}}}"#;
    generate_source("api.json", draft7, &Settings::new()).expect("draft 7 ignores it");
}

/// Schemas written inline under `paths` and `webhooks` get types named from their
/// operation and role; a `$ref` stays its component's type; a name a component already
/// holds goes to the component, and the inline schema gets the next free one.
#[test]
fn inline_schemas_get_types_named_from_their_operation() {
    let doc = r##"{"openapi": "3.1.0",
        "paths": {"/pets/{petId}": {
            "get": {"responses": {
                "200": {"content": {"application/json": {"schema": {"type": "object", "properties": {"n": {"type": "integer"}}}}}},
                "4XX": {"content": {"text/plain": {"schema": {"type": "string"}}, "application/json": {"schema": {"type": "integer"}}}}}},
            "put": {"operationId": "getPet",
                "parameters": [{"name": "dry-run", "in": "query", "schema": {"type": "boolean"}}],
                "requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {"s": {"type": "string"}}}}}},
                "responses": {"201": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}}}
        }},
        "webhooks": {"petAdopted": {"post": {"requestBody": {"content": {"application/json": {"schema": {"type": "string", "minLength": 1}}}}}}},
        "components": {"schemas": {"Pet": {"type": "object", "properties": {"id": {"type": "integer"}}}, "GetPetRequest": {"type": "string"}}}
    }"##;
    let code = generate_source("api.json", doc, &Settings::new()).expect("generates");
    for item in [
        "pub struct GetPetsPetId200Response ",
        "pub type GetPetDryRunParameter = bool;",
        "pub type GetPetRequest = String;",
        "pub struct GetPetRequest2 ",
        "pub type PostPetAdoptedRequest = String;",
        "pub type GetPetsPetId4XxResponsePlain = String;",
        "pub type GetPetsPetId4XxResponseJson = i64;",
        "pub struct Pet ",
    ] {
        assert!(code.contains(item), "{item}:\n{code}");
    }
    assert!(
        !code.contains("GetPet201Response"),
        "a reference gets no type:\n{code}"
    );
    assert!(
        code.contains("/// The `dry-run` parameter (query) of `PUT /pets/{petId}` (`getPet`)."),
        "docs say what the schema is the schema of:\n{code}"
    );
    // Off: components only.
    let code = generate_source("api.json", doc, &Settings::new().openapi_inline(false))
        .expect("generates");
    assert!(code.contains("pub struct Pet "), "{code}");
    assert!(!code.contains("GetPetsPetId200Response"), "{code}");
    assert!(!code.contains("GetPetRequest2"), "{code}");
}

#[test]
fn what_envgen_does_not_read_is_a_located_error() {
    // (file, text, what the error names: `file#pointer` and, for YAML, line and column).
    let cases: [(&str, &str, &[&str]); 5] = [
        (
            "swagger.yaml",
            "openapi: \"2.0\"\ninfo: {title: x}\n",
            &["swagger.yaml#/openapi", "line 1, column 10", "3.0, 3.1 and 3.2"],
        ),
        (
            "api.json",
            r#"{"openapi": "3.1.0", "jsonSchemaDialect": "https://example.com/mine"}"#,
            &["api.json#/jsonSchemaDialect"],
        ),
        (
            "api.yaml",
            "openapi: 3.1.0\ncomponents:\n  schemas:\n    Good: {type: string}\n    Bad: 12\n",
            &["api.yaml#/components/schemas/Bad", "line 5, column 10"],
        ),
        (
            "api.yaml",
            "openapi: 3.1.0\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          content:\n            application/json:\n              schema: 12\n",
            &[
                "api.yaml#/paths/~1a/get/responses/200/content/application~1json/schema",
                "line 9, column 23",
            ],
        ),
        (
            "api.yaml",
            "openapi: 3.0.3\ncomponents:\n  schemas:\n    A:\n      type: object\n      properties:\n        n: {type: integer, minimum: x}\n",
            &["api.yaml#/components/schemas/A/properties/n/minimum"],
        ),
    ];
    for (file, text, named) in cases {
        let shown = generate_source(file, text, &Settings::new())
            .expect_err(text)
            .to_string();
        for part in named {
            assert!(shown.contains(part), "{part}: {shown}");
        }
    }
}

/// A discriminated union's variant implies its tag. Where the component's own tag is a free
/// string, the variant holds the branch's merged type (`U::A(UA)`, the tag an associated
/// const); where the component already pins the tag to the values that select it, the
/// variant holds the component's own type (`U::A(A)`), unless a type could be generic (a
/// type parameter anywhere, here a `$dynamicRef` one): a generic enum is not read by its
/// tag, and a component's type does not check the tag, so the variants keep the
/// alternatives' own types then (which require the tag).
#[test]
fn discriminated_variants_imply_their_tag() {
    let doc = |a_tag: &str, extra: &str| {
        format!(
            r##"{{"openapi": "3.1.0", "components": {{"schemas": {{
                "U": {{"oneOf": [{{"$ref": "#/components/schemas/A"}}, {{"$ref": "#/components/schemas/B"}}],
                       "discriminator": {{"propertyName": "t"}}}},
                "A": {{"type": "object", "required": ["t"], "properties": {{"t": {a_tag}}}}},
                "B": {{"type": "object", "properties": {{"t": {{"type": "string"}}, "n": {{"type": "integer"}}}}}}
                {extra}
            }}}}}}"##
        )
    };
    let free = generate_source(
        "u.json",
        &doc(r#"{"type": "string"}"#, ""),
        &Settings::default(),
    )
    .expect("generates");
    assert!(
        free.contains("    A(UA),") && free.contains("    B(UB),"),
        "{free}"
    );
    assert!(
        free.contains(r#"pub const T: &'static str = "A";"#),
        "{free}"
    );
    assert!(
        free.contains("pub struct A {\n    pub t: String,"),
        "{free}"
    );
    assert!(free.contains("union::tagged"), "read by its tag");
    let pinned = generate_source(
        "u.json",
        &doc(r#"{"const": "A"}"#, ""),
        &Settings::default(),
    )
    .expect("generates");
    assert!(
        pinned.contains("    A(A),") && pinned.contains("    B(UB),"),
        "{pinned}"
    );
    assert!(!pinned.contains("struct UA"), "{pinned}");
    assert!(pinned.contains("union::tagged"), "read by its tag");
    let generic = doc(
        r#"{"const": "A"}"#,
        r##", "List": {"$defs": {"item": {"$dynamicAnchor": "item", "not": true}},
                      "type": "array", "items": {"$dynamicRef": "#item"}}"##,
    );
    let generic = generate_source("u.json", &generic, &Settings::default()).expect("generates");
    assert!(!generic.contains("    A(A),"), "{generic}");
}

/// The type a `discriminator` branch holds (the component merged with its tag) is
/// described as the component, which its own wrapper does not describe.
#[test]
fn a_discriminated_variant_type_carries_its_component_docs() {
    let doc = r##"{"openapi": "3.1.0", "components": {"schemas": {
        "U": {"oneOf": [{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/B"}],
               "discriminator": {"propertyName": "t"}},
        "A": {"description": "An ant, told apart by its tag.", "type": "object",
              "properties": {"t": {"type": "string"}}},
        "B": {"title": "A bee", "type": "object", "properties": {"t": {"type": "string"}}}
    }}}"##;
    let code = generate_source("u.json", doc, &Settings::default()).expect("generates");
    let docs_of = |ty: &str| {
        let at = code
            .find(&format!("pub struct {ty} "))
            .unwrap_or_else(|| panic!("no struct {ty}:\n{code}"));
        let start = code[..at].rfind("\n\n").unwrap_or(0);
        code[start..at].to_owned()
    };
    assert!(
        docs_of("UA").contains("/// An ant, told apart by its tag."),
        "{}",
        docs_of("UA")
    );
    assert!(docs_of("UB").contains("/// A bee"), "{}", docs_of("UB"));
}
