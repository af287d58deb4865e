//! `envgen --schema x.json`: generate Rust from schema files.
//!
//! Text mode prints the generated Rust (or writes it with `-o`). `--format json` prints a
//! ResponseEnvelope: `data: {"modules": [{"module", "schema"}], "code"}` (or, with `-o`,
//! `"output"` and `"written"`: whether the file changed), or an error whose `error.code`
//! is `SCHEMA_NOT_FOUND`, `SCHEMA_INVALID`, `UNSUPPORTED_KEYWORD` or `OUTPUT_WRITE_FAILED`
//! with the located message.

use super::output::{codegen_failure, fail, Reply};
use super::{codes, key_value, pointer_path};
use clap::Args;
use envgen_codegen::{Config, Draft, SchemaConfig, SchemarsDerive, Settings};
use serde_json::json;
use std::path::PathBuf;

/// Options of the generator.
#[derive(Debug, Args, Default)]
pub struct GenerateArgs {
    /// Schema file(s) to generate Rust for.
    #[arg(long = "schema", value_name = "FILE")]
    pub schemas: Vec<PathBuf>,
    /// Write the generated Rust here instead of standard output.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Module name (one schema only); with several schemas each module is named after
    /// its file stem.
    #[arg(long, value_name = "NAME")]
    pub module: Option<String>,
    /// Name of the root type (default: the schema's title, or the file stem).
    #[arg(long, value_name = "NAME")]
    pub root_name: Option<String>,
    /// Make a property generic: `POINTER=PARAM`, e.g. `/properties/data=T`.
    #[arg(long = "generic", value_name = "POINTER=PARAM", value_parser = key_value)]
    pub generics: Vec<(String, String)>,
    /// Name the type at a pointer: `POINTER=Name`.
    #[arg(long = "rename", value_name = "POINTER=NAME", value_parser = key_value)]
    pub renames: Vec<(String, String)>,
    /// Use a Rust type for every string, integer or number schema with this `format`
    /// (repeatable): `FORMAT=PATH`, e.g. `date-time=::chrono::DateTime<::chrono::Utc>` or
    /// `int32=i32`. Parsing into it replaces the format check and always applies; other
    /// keywords are still checked.
    #[arg(long = "map-format", value_name = "FORMAT=PATH", value_parser = key_value)]
    pub map_formats: Vec<(String, String)>,
    /// Use an existing Rust type for the schema at a pointer (repeatable):
    /// `POINTER=PATH`, e.g. `/definitions/Money=crate::money::Money`; overrides the
    /// schema's `x-rust-type`.
    #[arg(long = "map-type", value_name = "POINTER=PATH", value_parser = pointer_path)]
    pub map_types: Vec<(String, String)>,
    /// Ignore the `x-rust-type` extension in schemas (honoured by default).
    #[arg(long)]
    pub no_rust_type_extension: bool,
    /// Add a derive to every generated type (repeatable), e.g. `--derive Eq`; `Default`
    /// is implemented wherever every field can take a value, and `--derive Default` adds
    /// nothing to that.
    #[arg(long = "derive", value_name = "PATH")]
    pub derives: Vec<String>,
    /// Derive `schemars::JsonSchema` on every generated type.
    #[arg(long)]
    pub schemars: bool,
    /// Leave out the typestate builders (`T::builder()`), for smaller generated code.
    #[arg(long)]
    pub no_builders: bool,
    /// In an OpenAPI document, give types to `components/schemas` only, not to the
    /// schemas written inline under `paths` and `webhooks` (request bodies, responses,
    /// parameters, headers).
    #[arg(long)]
    pub openapi_components_only: bool,
    /// Leave out the validators (`validate_value`, `T::validate`, checked `from_json_str`):
    /// types and serde impls only, like typify's output.
    #[arg(long, conflicts_with = "crate_dir")]
    pub no_validators: bool,
    /// Make the generated `validate_value` and `from_json_str` assert `format` by default.
    #[arg(long)]
    pub assert_formats: bool,
    /// Keep each document's key order through a typed round trip: every struct records
    /// the order it read its keys in (a `key_order` field) and serializes in it, instead of
    /// in schema order. For programs that edit files people also edit.
    #[arg(long)]
    pub preserve_key_order: bool,
    /// Give every string schema with `minLength`, `maxLength` or `pattern`, and every
    /// number or integer schema with a bound or `multipleOf` its Rust type does not imply,
    /// a newtype that checks the schema wherever one is made (`ConfigName::new`, `FromStr`,
    /// `TryFrom`, `Deserialize`) instead of a `String` or a number.
    #[arg(long, conflicts_with = "no_validators")]
    pub validating_newtypes: bool,
    /// Resolve a local `$ref` whose pointer leads nowhere by its last segment, when exactly
    /// one `definitions`/`$defs`/`components/schemas` entry has that name (typify's
    /// behaviour; JSON Schema has no such rule).
    #[arg(long)]
    pub refs_by_name: bool,
    /// Draft for schemas without `$schema`: 4, 6, 7, 2019-09 or 2020-12 (default 2020-12).
    #[arg(long, value_name = "DRAFT")]
    pub draft: Option<String>,
    /// Map remote `$ref` URIs with this prefix to a local directory: `PREFIX=DIR`.
    /// Nothing is fetched from the network.
    #[arg(long = "map", value_name = "PREFIX=DIR", value_parser = key_value)]
    pub maps: Vec<(String, String)>,
    /// Path of the runtime crate in generated code.
    #[arg(long, value_name = "PATH", default_value = "::envgen_runtime")]
    pub runtime_path: String,
    /// Write a complete crate into DIR instead: Cargo.toml, src/lib.rs with one module per
    /// schema, and examples/validate.rs.
    #[arg(long = "crate", value_name = "DIR", conflicts_with = "output")]
    pub crate_dir: Option<PathBuf>,
    /// With --crate: depend on the runtime crate at this local directory (a path
    /// dependency), instead of a registry version.
    #[arg(long, value_name = "DIR", requires = "crate_dir")]
    pub runtime_dep_path: Option<PathBuf>,
    /// With --crate: the registry version of the runtime crate (default: this envgen's).
    #[arg(
        long,
        value_name = "VERSION",
        requires = "crate_dir",
        conflicts_with = "runtime_dep_path"
    )]
    pub runtime_version: Option<String>,
}

/// Runs the generator.
pub fn run(args: &GenerateArgs) -> Reply {
    if args.schemas.is_empty() {
        return Reply::failure(
            fail(
                codes::NOTHING_TO_DO,
                "nothing to do: give --schema FILE, or a subcommand",
            )
            .suggestion("See `envgen help` for the commands."),
        );
    }
    if args.module.is_some() && args.schemas.len() > 1 {
        return Reply::failure(fail(
            codes::ARGUMENT_CONFLICT,
            "--module names one schema; with several, modules are named after their files",
        ));
    }
    let mut config = Config::new().refs_by_name(args.refs_by_name);
    if let Some(d) = &args.draft {
        match Draft::from_name(d) {
            Some(d) => config = config.default_draft(d),
            None => {
                return Reply::failure(fail(
                    codes::INVALID_VALUE,
                    format!("unknown draft {d:?}; expected 4, 6, 7, 2019-09 or 2020-12"),
                ))
            }
        }
    }
    for (prefix, dir) in &args.maps {
        config = config.map(prefix.clone(), dir.clone());
    }
    for path in &args.schemas {
        let mut settings = Settings::new();
        settings = settings.runtime_path(args.runtime_path.clone());
        if let Some(r) = &args.root_name {
            settings = settings.root_name(r.clone());
        }
        for (p, param) in &args.generics {
            settings = settings.generic(p.clone(), param.clone());
        }
        for (p, name) in &args.renames {
            settings = settings.rename(p.clone(), name.clone());
        }
        for d in &args.derives {
            settings = settings.derive(d.clone());
        }
        for (format, path) in &args.map_formats {
            settings = settings.map_format(format.clone(), path.clone());
        }
        for (pointer, path) in &args.map_types {
            settings = settings.map_type(pointer.clone(), path.clone());
        }
        settings = settings.rust_type_extension(!args.no_rust_type_extension);
        if args.schemars {
            settings = settings.schemars(SchemarsDerive::Always);
        }
        settings = settings
            .builders(!args.no_builders)
            .openapi_inline(!args.openapi_components_only)
            .validators(!args.no_validators)
            .assert_formats(args.assert_formats)
            .preserve_key_order(args.preserve_key_order)
            .validating_newtypes(args.validating_newtypes);
        let mut sc = SchemaConfig::new(path.clone()).settings(settings);
        if let Some(m) = &args.module {
            sc = sc.module(m.clone());
        }
        config = config.schema_with(sc);
    }
    let generated = match config.generate() {
        Ok(g) => g,
        Err(e) => return Reply::failure(codegen_failure(&e)),
    };
    if let Some(dir) = &args.crate_dir {
        let runtime = super::scaffold::RuntimeDep::from_args(
            args.runtime_dep_path.as_deref(),
            args.runtime_version.as_deref(),
        );
        return super::scaffold::run(runtime, args.schemars, dir, &config, generated);
    }
    let text = if generated.len() == 1 {
        generated[0].code.clone()
    } else {
        let mut s = String::new();
        for g in &generated {
            s.push_str(&format!("pub mod {} {{\n", g.module));
            s.push_str(&g.code);
            s.push_str("}\n\n");
        }
        s
    };
    let modules: Vec<serde_json::Value> = generated
        .iter()
        .map(|g| json!({"module": g.module, "schema": g.schema.display().to_string()}))
        .collect();
    match &args.output {
        Some(path) => match envgen_codegen::write_if_changed(path, &text) {
            Ok(written) => Reply::success(
                json!({"modules": modules, "output": path.display().to_string(), "written": written}),
                "",
            ),
            Err(e) => Reply::failure(codegen_failure(&e)),
        },
        None => Reply::success(json!({"modules": modules, "code": text}), text),
    }
}
