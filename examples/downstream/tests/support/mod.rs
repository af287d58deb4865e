//! What the tests of this crate share: how `schemas/release-note.json` is generated into
//! `src/generated/` (checked in), with `date-time` as `chrono::DateTime<Utc>` and `uuid`
//! as `uuid::Uuid`.

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
