//! What the tests of this crate share: how the checked-in modules of `src/generated/` are
//! generated. `schemas/release-note.json` maps `date-time` to `chrono::DateTime<Utc>` and
//! `uuid` to `uuid::Uuid`; `schemas/job-result.json` and the API description schema of
//! `tests/scaffold/` have root types with a type parameter.

use envgen_codegen::{Config, SchemaConfig, Settings};

/// The configuration of the checked-in module: the freshness test and the snapshot test
/// must generate exactly what `src/generated/release_note.rs` holds.
pub fn release_note() -> Config {
    Config::new().schema_with(
        SchemaConfig::new("schemas/release-note.json").settings(
            Settings::new()
                .map_format("date-time", "::chrono::DateTime<::chrono::Utc>")
                .map_format("uuid", "::uuid::Uuid"),
        ),
    )
}

/// The checked-in modules whose root type is generic: `JobResult<Output>`, whose `output`
/// property is a type parameter by setting (`Settings::generic`), and
/// `ApiDescription<Meta>`, whose schema objects are one because they are reached through
/// `$dynamicRef: "#meta"` (the OpenAPI 3.1 layout). Only `tests/checked_in.rs` calls it;
/// `tests/snapshots.rs` parses with the checked-in types.
#[allow(dead_code)]
pub fn generic_roots() -> Config {
    Config::new()
        .schema_with(
            SchemaConfig::new("schemas/job-result.json")
                .settings(Settings::new().generic("/properties/output", "Output")),
        )
        .schema("../../tests/scaffold/api-description.json")
}
