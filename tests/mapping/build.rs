//! Generates the mapping fixtures: one line per schema, as a user's build script would.
use envgen_codegen::{Config, SchemaConfig, Settings};

fn main() {
    Config::new()
        .schema("schemas/shapes.json")
        .schema("schemas/recursive.json")
        .schema("schemas/builder_names.json")
        .schema("schemas/inflight.json")
        // Typed parse = schema verdict (the generated types accept exactly what the
        // schema accepts): nullable and recursive roots, typeless schemas, nullability
        // through `allOf`/`$ref`, unions of maps.
        .schema_with(
            SchemaConfig::new("schemas/typed/nullable_root.json").module("typed_nullable_root"),
        )
        .schema_with(SchemaConfig::new("schemas/typed/self_array.json").module("typed_self_array"))
        .schema_with(SchemaConfig::new("schemas/typed/map_cycle.json").module("typed_map_cycle"))
        .schema_with(
            SchemaConfig::new("schemas/typed/oneof_cycle.json").module("typed_oneof_cycle"),
        )
        .schema_with(SchemaConfig::new("schemas/typed/typeless.json").module("typed_typeless"))
        .schema_with(SchemaConfig::new("schemas/typed/allof_null.json").module("typed_allof_null"))
        .schema_with(SchemaConfig::new("schemas/typed/map_unions.json").module("typed_map_unions"))
        .schema_with(
            SchemaConfig::new("schemas/typed/nullable_alias.json").module("typed_nullable_alias"),
        )
        // Alternatives of one JSON kind (an enum beside a pattern, a minLength, a format, a
        // minimum, or anything) and integers written `2.0` through an alias.
        .schema_with(
            SchemaConfig::new("schemas/typed/alternatives.json").module("typed_alternatives"),
        )
        // Document key order kept through a typed round trip (opt-in setting).
        .schema_with(
            SchemaConfig::new("schemas/typed/key_order.json")
                .module("typed_key_order")
                .settings(Settings::new().preserve_key_order(true).derive("Eq")),
        )
        // Draft 2020-12 keywords: `unevaluated*` over `allOf`/`$ref` (closed struct, typed
        // extra map, typed items) and a generic `$dynamicRef` container.
        .schema_with(
            SchemaConfig::new("schemas/unevaluated/closed_allof.json").module("closed_allof"),
        )
        .schema_with(
            SchemaConfig::new("schemas/unevaluated/typed_extra.json").module("typed_extra"),
        )
        .schema_with(SchemaConfig::new("schemas/unevaluated/array_rest.json").module("array_rest"))
        .schema_with(
            SchemaConfig::new("schemas/unevaluated/generic_list.json").module("generic_list"),
        )
        // Unions decoded by their tag, and errors under unions reported in flight.
        .schema_with(SchemaConfig::new("schemas/unions/tagged.json").module("tagged"))
        .schema_with(SchemaConfig::new("schemas/refs/main.json").module("order"))
        // Branch coverage: schemas whose every union alternative and conditional side the
        // schema-guided generator must take (`src/branch_tests.rs`).
        .schema_with(SchemaConfig::new("schemas/branches/unions.json").module("branches_unions"))
        .schema_with(
            SchemaConfig::new("schemas/branches/conditionals.json").module("branches_conditionals"),
        )
        .schema_with(SchemaConfig::new("schemas/branches/modern.json").module("branches_modern"))
        // The `$id`s name https://example.com/…; they are mapped to local files.
        .map("https://example.com/schemas/", "schemas/refs")
        .schema_with(
            SchemaConfig::new("schemas/shapes.json")
                .module("shapes_generic")
                .settings(Settings::new().generic("/properties/any", "A")),
        )
        // Type mapping: formats to chrono and uuid, definitions to hand-written types (by
        // `x-rust-type`, and by pointer, which overrides the extension).
        .schema_with(
            SchemaConfig::new("schemas/mapped.json").settings(
                Settings::new()
                    .map_format("date-time", "::chrono::DateTime<::chrono::Utc>")
                    .map_format("uuid", "::uuid::Uuid")
                    .map_type("/definitions/Label", "crate::money::Label"),
            ),
        )
        // The same schema unmapped (extension ignored): its `validate_value` is the baseline
        // the mapped module's must equal.
        .schema_with(
            SchemaConfig::new("schemas/mapped.json")
                .module("mapped_plain")
                .settings(Settings::new().rust_type_extension(false)),
        )
        // Structs larger than a kilobyte nested deep, in every mode: the debug-build stack
        // a parse needs (`src/stack_tests.rs`).
        .schema_with(SchemaConfig::new("schemas/stack/deep.json").module("stack_default"))
        .schema_with(
            SchemaConfig::new("schemas/stack/deep.json")
                .module("stack_ordered")
                .settings(Settings::new().preserve_key_order(true).builders(false)),
        )
        .schema_with(
            SchemaConfig::new("schemas/stack/deep.json")
                .module("stack_mapped")
                .settings(
                    Settings::new()
                        .map_format("date-time", "::chrono::DateTime<::chrono::Utc>")
                        .builders(false),
                ),
        )
        // OpenAPI documents: a type per `components/schemas` entry and inline schema (3.0
        // in YAML with a reference to a second document, 3.1 in JSON, 3.2 in YAML).
        .schema_with(
            SchemaConfig::new("schemas/openapi/petstore-3.0.yaml").module("openapi_petstore"),
        )
        .schema_with(
            SchemaConfig::new("schemas/openapi/library-3.1.json").module("openapi_library"),
        )
        .schema_with(SchemaConfig::new("schemas/openapi/events-3.2.yaml").module("openapi_events"))
        // Real OpenAPI documents with inline bodies (`schemas/openapi/real/README.md`).
        .schema_with(SchemaConfig::new("schemas/openapi/real/uspto.yaml").module("openapi_uspto"))
        .schema_with(
            SchemaConfig::new("schemas/openapi/real/scalar-galaxy-3.1.yaml")
                .module("openapi_galaxy"),
        )
        // Recursive types keeping key order: documents nested to the JSON parser's limit
        // (`src/depth_tests.rs`).
        .schema_with(
            SchemaConfig::new("schemas/recursive.json")
                .module("recursive_ordered")
                .settings(Settings::new().preserve_key_order(true).builders(false)),
        )
        // Values the schema accepts that the Rust types cannot hold, in both modes: their
        // errors name the schema location (`src/narrowed_tests.rs`).
        .schema_with(
            SchemaConfig::new("schemas/narrowed/narrowed.json")
                .module("narrowed_default")
                .settings(
                    Settings::new().map_format("date-time", "::chrono::DateTime<::chrono::Utc>"),
                ),
        )
        .schema_with(
            SchemaConfig::new("schemas/narrowed/narrowed.json")
                .module("narrowed_ordered")
                .settings(
                    Settings::new()
                        .map_format("date-time", "::chrono::DateTime<::chrono::Utc>")
                        .preserve_key_order(true),
                ),
        )
        // The typed API a Rust user expects (`src/api_tests.rs`): defaults, conversions,
        // `Default`; and the same schema with `Default` asked for on every type, which must
        // still compile (a struct with a required field, an enum without a default).
        .schema_with(SchemaConfig::new("schemas/api/config.json").module("api_config"))
        .schema_with(
            SchemaConfig::new("schemas/api/config.json")
                .module("api_config_derive_default")
                .settings(Settings::new().derive("Default").builders(false)),
        )
        // Tags as variants (`src/tag_tests.rs`), and the same with the document's key
        // order kept, where a tag keeps its place.
        .schema_with(SchemaConfig::new("schemas/api/tags.json").module("api_tags"))
        .schema_with(
            SchemaConfig::new("schemas/api/tags.json")
                .module("api_tags_ordered")
                .settings(Settings::new().preserve_key_order(true).builders(false)),
        )
        // Constrained strings and numbers as validating newtypes, on request
        // (`src/newtype_tests.rs`).
        .schema_with(
            SchemaConfig::new("schemas/api/newtypes.json")
                .module("api_newtypes")
                .settings(Settings::new().validating_newtypes(true)),
        )
        // Schemas that accept no value as enums of no variants (`src/nothing_tests.rs`).
        .schema_with(SchemaConfig::new("schemas/api/nothing.json").module("api_nothing"))
        // Tuples from `prefixItems` (2020-12) and array-form `items` (draft-07)
        // (`src/tuple_tests.rs`).
        .schema_with(SchemaConfig::new("schemas/api/tuples.json").module("api_tuples"))
        .schema_with(
            SchemaConfig::new("schemas/api/tuples_draft7.json").module("api_tuples_draft7"),
        )
        // Integer formats mapped on request: narrowing on purpose (`int32` is an
        // annotation, so the schema accepts 2^40 where an `i32` cannot hold it).
        .schema_with(
            SchemaConfig::new("schemas/api/config.json")
                .module("api_config_int_formats")
                .settings(
                    Settings::new()
                        .map_format("int32", "i32")
                        .map_format("uint16", "u16")
                        .builders(false),
                ),
        )
        .compile_or_exit();
}
