//! Generates the mapping fixtures: one line per schema, as a user's build script would.
use envgen_codegen::{Config, SchemaConfig, Settings};

fn main() {
    Config::new()
        .schema("schemas/shapes.json")
        .schema("schemas/recursive.json")
        .schema("schemas/builder_names.json")
        .schema("schemas/inflight.json")
        .schema_with(SchemaConfig::new("schemas/refs/main.json").module("order"))
        // The `$id`s name https://example.com/…; they are mapped to local files.
        .map("https://example.com/schemas/", "schemas/refs")
        .schema_with(
            SchemaConfig::new("schemas/shapes.json")
                .module("shapes_generic")
                .settings(Settings::new().generic("/properties/any", "A")),
        )
        .compile_or_exit();
}
