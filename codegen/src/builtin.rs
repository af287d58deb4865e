//! The four built-in envelopes, the typed ToolResponse `data` payloads, and the settings
//! the `envgen` crate generates them with. Kept here, not in the schemas: settings belong
//! to the build layer.

use crate::config::{Config, SchemaConfig};
use crate::settings::{SchemarsDerive, Settings};
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

/// The typed `data` payloads of ToolResponse (seed 002, section 2), as (schema file,
/// module) pairs: `envgen::tool_data::<kind>` includes `$OUT_DIR/<module>.rs`. Each
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

/// The settings of one built-in.
pub fn settings(name: &str) -> Settings {
    let base = Settings::new().schemars(SchemarsDerive::Feature("schemars".to_owned()));
    match name {
        // Seed 001: `ResponseEnvelope<T>`, T the command's declared output type.
        "response-envelope" => base.generic("/properties/data", "T"),
        // Seed 002: `ToolResponse<D>`, D the tool kind's payload.
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

/// A [`Config`] generating the four envelopes and then the [`TOOL_DATA`] payloads, with
/// schema paths relative to `root`.
pub fn envelopes(root: impl AsRef<Path>) -> Config {
    let mut config = Config::new().base_dir(root.as_ref());
    for b in BUILTINS {
        config = config.schema_with(
            SchemaConfig::new(b.file)
                .module(b.module)
                .settings(settings(b.name)),
        );
    }
    for (file, module) in TOOL_DATA {
        config =
            config.schema_with(SchemaConfig::new(file).module(module).settings(
                Settings::new().schemars(SchemarsDerive::Feature("schemars".to_owned())),
            ));
    }
    config
}
