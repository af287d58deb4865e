//! The four built-in envelopes, the typed ToolResponse `data` payloads, and the settings
//! the `envgen` crate generates them with. Kept here, not in the schemas: settings belong
//! to the build layer.

use crate::config::{Config, SchemaConfig};
use crate::settings::{BuilderInput, Invariant, SchemarsDerive, Settings};
use std::path::Path;

/// One built-in schema: its CLI name, file, module and settings.
#[derive(Debug, Clone)]
pub struct Builtin {
    /// The name `envgen validate --schema NAME` takes.
    pub name: &'static str,
    /// The schema file, relative to the envgen crate root.
    pub file: &'static str,
    /// The Rust module (`envgen::<module>`).
    pub module: &'static str,
}

/// The four built-ins, in a fixed order.
pub const BUILTINS: [Builtin; 4] = [
    Builtin {
        name: "response-envelope",
        file: "schemas/response-envelope.json",
        module: "response_envelope",
    },
    Builtin {
        name: "tool-response",
        file: "schemas/tool-response.json",
        module: "tool_response",
    },
    Builtin {
        name: "cmdhelp",
        file: "schemas/cmdhelp.schema.json",
        module: "cmdhelp",
    },
    Builtin {
        name: "meminit",
        file: "schemas/meminit-output-envelope.json",
        module: "meminit",
    },
];

/// The typed `data` payloads of ToolResponse (ToolResponse spec, section 2), as (schema
/// file, module) pairs: `envgen::tool_data::<kind>` includes `$OUT_DIR/<module>.rs`. Each
/// payload schema includes the shared markers (`schemas/tool-data/markers.json`:
/// `truncated`, `fallback`, `failed_items`) with `allOf`; the markers file is not
/// generated on its own.
pub const TOOL_DATA: [(&str, &str); 6] = [
    ("schemas/tool-data/ls.json", "tool_data_ls"),
    ("schemas/tool-data/glob.json", "tool_data_glob"),
    ("schemas/tool-data/grep.json", "tool_data_grep"),
    ("schemas/tool-data/read.json", "tool_data_read"),
    ("schemas/tool-data/write.json", "tool_data_write"),
    ("schemas/tool-data/truncation.json", "tool_data_truncation"),
];

/// The typed `data` payloads of the Meminit envelope (MEMINIT-SPEC-004 section 8), one
/// per command, as (schema file, module) pairs: `envgen::meminit::data::<command>`
/// includes `$OUT_DIR/<module>.rs`.
pub const MEMINIT_DATA: [(&str, &str); 10] = [
    ("schemas/meminit/check.json", "meminit_data_check"),
    ("schemas/meminit/fix.json", "meminit_data_fix"),
    ("schemas/meminit/scan.json", "meminit_data_scan"),
    ("schemas/meminit/new.json", "meminit_data_new"),
    ("schemas/meminit/index.json", "meminit_data_index"),
    ("schemas/meminit/resolve.json", "meminit_data_resolve"),
    ("schemas/meminit/identify.json", "meminit_data_identify"),
    ("schemas/meminit/link.json", "meminit_data_link"),
    ("schemas/meminit/doctor.json", "meminit_data_doctor"),
    ("schemas/meminit/context.json", "meminit_data_context"),
];

/// The settings of one built-in.
pub fn settings(name: &str) -> Settings {
    let base = Settings::new().schemars(SchemarsDerive::Feature("schemars".to_owned()));
    match name {
        // ResponseEnvelope spec: `ResponseEnvelope<T>`, T the command's declared output
        // type. `ok` is derived from the exit code (ResponseEnvelope spec: "generate it
        // as a property that reads the exit code, not as a constructor parameter"):
        // builders take the exit code, never `ok`.
        "response-envelope" => base.generic("/properties/data", "T").derived(
            "/properties/ok",
            "exit_code == 0",
            [BuilderInput {
                name: "exit_code".to_owned(),
                ty: "i32".to_owned(),
                docs: "The process exit code this envelope reports; `ok` is derived from it (`true` exactly for 0)."
                    .to_owned(),
            }],
        )
        .invariant(rule(
            "(exit_code == 0) == error.is_none()",
            "/error",
            "x-error-iff-failure",
            "error must be null exactly when the exit code is 0 (SUCCESS)",
        ))
        .invariant(rule(
            "exit_code == 0 || data.is_none()",
            "/data",
            "x-data-null-on-failure",
            "data must be null when the exit code is not 0",
        ))
        .invariant(rule(
            "data.is_some() || error.is_some() || meta.not_modified == Some(true)",
            "",
            "x-data-or-error",
            "data and error are both null without meta.not_modified",
        ))
        .invariant(rule(
            "(exit_code == 13) == error.as_ref().is_some_and(|e| e.redirect.is_some())",
            "/error/redirect",
            "x-redirect-exit-code",
            "error.redirect is present exactly with exit code 13 (REDIRECTED)",
        ))
        .invariant(rule(
            "error.as_ref().is_none_or(|e| e.retry_after.is_none() || e.retryable == Some(true))",
            "/error/retry_after",
            "x-retry-after-retryable",
            "error.retry_after needs error.retryable: true",
        ))
        .invariant(rule(
            "meta.not_modified != Some(true) || (exit_code == 0 && data.is_none())",
            "/meta/not_modified",
            "x-not-modified",
            "meta.not_modified: true needs exit code 0 and data: null",
        )),
        // ToolResponse spec: `ToolResponse<D>`, D the tool kind's payload.
        "tool-response" => base.generic("/properties/data", "D"),
        "cmdhelp" => base
            .root_name("Cmdhelp")
            .rename("/$defs/typeName/anyOf/1", "Extension")
            .rename(
                "/$defs/command/properties/exit_codes/patternProperties/^[0-9]+$",
                "ExitCode",
            ),
        "meminit" => base
            .root_name("MeminitEnvelope")
            .generic("/properties/data", "D"),
        _ => base,
    }
}

/// A ResponseEnvelope spec rule on the ResponseEnvelope root, checked by its builder's
/// `build()` (the same rules, under the same keywords, as
/// `envgen::response::check_envelope`).
fn rule(expr: &str, path: &str, keyword: &str, message: &str) -> Invariant {
    Invariant {
        pointer: String::new(),
        expr: expr.to_owned(),
        path: path.to_owned(),
        keyword: keyword.to_owned(),
        message: message.to_owned(),
    }
}

/// A [`Config`] generating the four envelopes, then the [`TOOL_DATA`] payloads, then the
/// [`MEMINIT_DATA`] payloads, with schema paths relative to `root`.
pub fn envelopes(root: impl AsRef<Path>) -> Config {
    let mut config = Config::new().base_dir(root.as_ref());
    for b in BUILTINS {
        config = config.schema_with(
            SchemaConfig::new(b.file)
                .module(b.module)
                .settings(settings(b.name)),
        );
    }
    for (file, module) in TOOL_DATA.into_iter().chain(MEMINIT_DATA) {
        config =
            config.schema_with(SchemaConfig::new(file).module(module).settings(
                Settings::new().schemars(SchemarsDerive::Feature("schemars".to_owned())),
            ));
    }
    config
}
