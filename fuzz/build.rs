//! Generates the schemas of the `modes` target into OUT_DIR, each in the generation mode
//! it is fuzzed in (the table in `fuzz_targets/modes.rs` lists them with their roots).
//! The default envelopes come from the `envgen` crate itself (the `differential` target).
use envgen_codegen::{Config, SchemaConfig, Settings};

/// `date-time` → chrono and `uuid` → uuid, as `tests/mapping` maps them.
fn mapped() -> Settings {
    Settings::new()
        .map_format("date-time", "::chrono::DateTime<::chrono::Utc>")
        .map_format("uuid", "::uuid::Uuid")
}

fn ordered() -> Settings {
    Settings::new().preserve_key_order(true)
}

fn main() {
    let m = "../tests/mapping/schemas";
    let one = |file: String, module: &str, settings: Settings| {
        SchemaConfig::new(file).module(module).settings(settings)
    };
    Config::new()
        // Key order: the document's order kept through the typed round trip.
        .schema_with(one(
            format!("{m}/typed/key_order.json"),
            "key_order",
            ordered(),
        ))
        .schema_with(one(
            "../schemas/response-envelope.json".into(),
            "response_envelope_ordered",
            ordered(),
        ))
        .schema_with(one(
            "../schemas/tool-response.json".into(),
            "tool_response_ordered",
            ordered(),
        ))
        .schema_with(one(
            "../schemas/cmdhelp.schema.json".into(),
            "cmdhelp_ordered",
            ordered(),
        ))
        .schema_with(one(
            "../schemas/meminit-output-envelope.json".into(),
            "meminit_ordered",
            ordered(),
        ))
        // Tagged unions, in the default mode and keeping key order.
        .schema_with(one(
            format!("{m}/unions/tagged.json"),
            "tagged",
            Settings::new(),
        ))
        .schema_with(one(
            format!("{m}/unions/tagged.json"),
            "tagged_ordered",
            ordered(),
        ))
        // Type mapping: formats, `x-rust-type` and a definition mapped by pointer (the
        // hand-written types are `tests/mapping/src/money.rs`, included as `crate::money`).
        .schema_with(one(
            format!("{m}/mapped.json"),
            "mapped",
            mapped().map_type("/definitions/Label", "crate::money::Label"),
        ))
        .schema_with(one(
            "../schemas/meminit-output-envelope.json".into(),
            "meminit_mapped",
            mapped(),
        ))
        // The branch-coverage fixtures: unions of one kind, conditionals, 2020-12.
        .schema_with(one(
            format!("{m}/branches/unions.json"),
            "branches_unions",
            Settings::new(),
        ))
        .schema_with(one(
            format!("{m}/branches/unions.json"),
            "branches_unions_ordered",
            ordered(),
        ))
        .schema_with(one(
            format!("{m}/branches/conditionals.json"),
            "branches_conditionals",
            Settings::new(),
        ))
        .schema_with(one(
            format!("{m}/branches/modern.json"),
            "branches_modern",
            Settings::new(),
        ))
        .compile_or_exit();
}
