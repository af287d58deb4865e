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

#[test]
fn what_envgen_does_not_read_is_a_located_error() {
    let settings = Settings::new();
    let e = generate_source(
        "swagger.yaml",
        "openapi: \"2.0\"\ninfo: {title: x}\n",
        &settings,
    )
    .expect_err("2.0");
    let shown = e.to_string();
    assert!(
        shown.contains("swagger.yaml#/openapi") && shown.contains("line 1, column 10"),
        "{shown}"
    );
    assert!(shown.contains("3.0, 3.1 and 3.2"), "{shown}");
    let e = generate_source(
        "api.json",
        r#"{"openapi": "3.1.0", "jsonSchemaDialect": "https://example.com/mine"}"#,
        &settings,
    )
    .expect_err("unknown dialect");
    assert!(e.to_string().contains("api.json#/jsonSchemaDialect"), "{e}");
    let e = generate_source(
        "api.yaml",
        "openapi: 3.1.0\ncomponents:\n  schemas:\n    Good: {type: string}\n    Bad: 12\n",
        &settings,
    )
    .expect_err("not a schema");
    let shown = e.to_string();
    assert!(
        shown.contains("api.yaml#/components/schemas/Bad") && shown.contains("line 5, column 10"),
        "{shown}"
    );
    let e = generate_source(
        "api.yaml",
        "openapi: 3.0.3\ncomponents:\n  schemas:\n    A:\n      type: object\n      properties:\n        n: {type: integer, minimum: x}\n",
        &settings,
    )
    .expect_err("bad minimum");
    assert!(
        e.to_string()
            .contains("api.yaml#/components/schemas/A/properties/n/minimum"),
        "{e}"
    );
}

/// A discriminated union's variants hold the components' own types, unless a type could
/// be generic (a type parameter anywhere, here a `$dynamicRef` one): a generic enum is not read by its
/// tag, and a component's type does not check the tag, so the variants keep the
/// alternatives' own types then (which require the tag).
#[test]
fn discriminated_variants_hold_the_components_unless_a_type_may_be_generic() {
    let doc = |extra: &str| {
        format!(
            r##"{{"openapi": "3.1.0", "components": {{"schemas": {{
                "U": {{"oneOf": [{{"$ref": "#/components/schemas/A"}}, {{"$ref": "#/components/schemas/B"}}],
                       "discriminator": {{"propertyName": "t"}}}},
                "A": {{"type": "object", "properties": {{"t": {{"type": "string"}}}}}},
                "B": {{"type": "object", "properties": {{"t": {{"type": "string"}}, "n": {{"type": "integer"}}}}}}
                {extra}
            }}}}}}"##
        )
    };
    let plain = generate_source("u.json", &doc(""), &Settings::default()).expect("generates");
    assert!(plain.contains("    A(A),"), "{plain}");
    assert!(plain.contains("union::tagged"), "read by its tag");
    let generic = doc(
        r##", "List": {"$defs": {"item": {"$dynamicAnchor": "item", "not": true}},
                      "type": "array", "items": {"$dynamicRef": "#item"}}"##,
    );
    let generic = generate_source("u.json", &generic, &Settings::default()).expect("generates");
    assert!(!generic.contains("    A(A),"), "{generic}");
}
