//! The `envgen` command line. The clap definitions and all logic live here, in the
//! library; `src/main.rs` only calls [`main`].
//!
//! * `envgen --schema x.json [...]`: print (or `-o` write) the generated Rust;
//! * `envgen validate --schema NAME FILE...`: check documents against a built-in envelope.

pub mod generate;
pub mod validate;

use clap::{Parser, Subcommand};
use std::ffi::OsString;
use std::io::Write;

/// envgen: JSON Schema → Rust types with lossless serde, for agent-facing envelopes.
#[derive(Debug, Parser)]
#[command(
    name = "envgen",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// Generation options (used when no subcommand is given).
    #[command(flatten)]
    pub generate: generate::GenerateArgs,
    /// A subcommand.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// envgen's subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Validate JSON documents against a built-in envelope schema.
    Validate(validate::ValidateArgs),
}

/// Shared output sinks, so tests can capture what a command prints.
pub struct Io<'a> {
    /// Standard output.
    pub out: &'a mut dyn Write,
    /// Standard error.
    pub err: &'a mut dyn Write,
}

/// Runs the command line with the process arguments; returns the exit status.
pub fn main() -> i32 {
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let mut out = stdout.lock();
    let mut err = stderr.lock();
    run(
        std::env::args_os(),
        &mut Io {
            out: &mut out,
            err: &mut err,
        },
    )
}

/// Runs the command line with the given arguments (the first is the program name).
pub fn run<I, T>(args: I, io: &mut Io<'_>) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let code = e.exit_code();
            let _ = write!(io.err, "{}", e.render());
            return code;
        }
    };
    match cli.command {
        Some(Command::Validate(args)) => validate::run(&args, io),
        None => generate::run(&cli.generate, io),
    }
}

/// Parses `KEY=VALUE`.
fn key_value(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((k, v)) if !k.is_empty() => Ok((k.to_owned(), v.to_owned())),
        _ => Err(format!("expected KEY=VALUE, got {s:?}")),
    }
}
