//! `envgen --schema x.json`: generate Rust from schema files.

use super::{key_value, Io};
use clap::Args;
use envgen_codegen::{Config, Draft, SchemaConfig, SchemarsDerive, Settings};
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
    /// Add a derive to every generated type (repeatable), e.g. `--derive Eq`.
    #[arg(long = "derive", value_name = "PATH")]
    pub derives: Vec<String>,
    /// Derive `schemars::JsonSchema` on every generated type.
    #[arg(long)]
    pub schemars: bool,
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
}

/// Runs the generator.
pub fn run(args: &GenerateArgs, io: &mut Io<'_>) -> i32 {
    if args.schemas.is_empty() {
        let _ = writeln!(
            io.err,
            "error: nothing to do: give --schema FILE, or a subcommand (see `envgen --help`)"
        );
        return 2;
    }
    if args.module.is_some() && args.schemas.len() > 1 {
        let _ = writeln!(
            io.err,
            "error: --module names one schema; with several, modules are named after their files"
        );
        return 2;
    }
    let mut config = Config::new();
    if let Some(d) = &args.draft {
        match Draft::from_name(d) {
            Some(d) => config = config.default_draft(d),
            None => {
                let _ = writeln!(
                    io.err,
                    "error: unknown draft {d:?}; expected 4, 6, 7, 2019-09 or 2020-12"
                );
                return 2;
            }
        }
    }
    for (prefix, dir) in &args.maps {
        config = config.map(prefix.clone(), dir.clone());
    }
    for path in &args.schemas {
        let mut settings = Settings::new();
        settings.runtime_path = args.runtime_path.clone();
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
        if args.schemars {
            settings = settings.schemars(SchemarsDerive::Always);
        }
        let mut sc = SchemaConfig::new(path.clone()).settings(settings);
        if let Some(m) = &args.module {
            sc = sc.module(m.clone());
        }
        config = config.schema_with(sc);
    }
    let generated = match config.generate() {
        Ok(g) => g,
        Err(e) => {
            let _ = writeln!(io.err, "error: {e}");
            return 1;
        }
    };
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
    match &args.output {
        Some(path) => match envgen_codegen::write_if_changed(path, &text) {
            Ok(_) => 0,
            Err(e) => {
                let _ = writeln!(io.err, "error: {e}");
                1
            }
        },
        None => match io.out.write_all(text.as_bytes()) {
            Ok(()) => 0,
            Err(e) => {
                let _ = writeln!(io.err, "error: cannot write to standard output: {e}");
                1
            }
        },
    }
}
