//! The `envgen` command line. The clap definitions and all logic live here, in the
//! library; `src/main.rs` only calls [`main`].
//!
//! * `envgen --schema x.json [...]`: print (or `-o` write) the generated Rust;
//! * `envgen validate --schema NAME FILE...`: check documents against a built-in envelope;
//! * `envgen fmt --schema NAME FILE`: print a document in canonical form;
//! * `envgen help [COMMAND]`: envgen's help, as text, cmdhelp JSON or markdown.
//!
//! Every command takes the global `--format text|json` (and `help` also `md`). Handlers
//! return an [`output::Reply`]; [`output::emit`] prints it, as text or as one
//! ResponseEnvelope, with the ResponseEnvelope spec's exit codes, and the `error.code`
//! values of [`codes`]. Adding a subcommand: a variant of [`Command`], a handler
//! returning a `Reply`, a line in [`run`]; `envgen help` covers it by itself (add its
//! exit codes and examples to [`help::extension`]).

pub mod codes;
pub mod diff;
pub mod fmt;
pub mod generate;
pub mod help;
pub mod output;
pub mod scaffold;
pub mod validate;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use output::Format;
use std::ffi::OsString;
use std::io::Write;
use std::time::Instant;

/// envgen: JSON Schema → Rust types with lossless serde, for agent-facing envelopes.
#[derive(Debug, Parser)]
#[command(name = "envgen", version, about, disable_help_subcommand = true)]
pub struct Cli {
    /// Generation options (used when no subcommand is given).
    #[command(flatten)]
    pub generate: generate::GenerateArgs,
    /// Output format: text, json (one ResponseEnvelope; for `help`, the cmdhelp document)
    /// or md (`help` only).
    #[arg(long, global = true, value_enum, default_value = "text")]
    pub format: Format,
    /// A subcommand.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// envgen's subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Validate JSON documents against a built-in envelope schema.
    Validate(validate::ValidateArgs),
    /// Print a document re-serialized canonically through its generated type.
    Fmt(fmt::FmtArgs),
    /// Print envgen's help: text, a cmdhelp v0.1 document (--format json) or markdown.
    Help(help::HelpArgs),
    /// Compare the APIs generated from two versions of a schema; exit 1 on a breaking change.
    Diff(diff::DiffArgs),
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
    let started = Instant::now();
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let program = Cli::command().get_name().to_owned();
    let parsed = Cli::command()
        .try_get_matches_from(&args)
        .and_then(|m| generation_conflict(&m).map(|()| m))
        .and_then(|mut m| Cli::from_arg_matches_mut(&mut m));
    let cli = match parsed {
        Ok(c) => c,
        Err(e) => return output::parse_error(e, &args, &program, started, io),
    };
    if cli.format == Format::Md && !matches!(cli.command, Some(Command::Help(_))) {
        let failure = output::fail(
            codes::FORMAT_UNSUPPORTED,
            "--format md is only available for `envgen help`",
        )
        .suggestion("Use --format text or --format json.");
        return output::emit(Format::Text, started, output::Reply::failure(failure), io);
    }
    let reply = match cli.command {
        Some(Command::Validate(args)) => validate::run(&args),
        Some(Command::Fmt(args)) => fmt::run(&args),
        Some(Command::Diff(args)) => diff::run(&args),
        Some(Command::Help(args)) => return help::run(&args, cli.format, started, io),
        None => generate::run(&cli.generate),
    };
    output::emit(cli.format, started, reply, io)
}

/// The generation flags (the root's own) cannot be combined with a subcommand. This is
/// checked here rather than with clap's `args_conflicts_with_subcommands`, which would
/// also refuse the global `--format` before a subcommand (`envgen --format json validate`).
fn generation_conflict(matches: &clap::ArgMatches) -> Result<(), clap::Error> {
    let Some(sub) = matches.subcommand_name() else {
        return Ok(());
    };
    let root = Cli::command();
    for arg in root.get_arguments().filter(|a| !a.is_global_set()) {
        if matches.value_source(arg.get_id().as_str())
            == Some(clap::parser::ValueSource::CommandLine)
        {
            let flag = arg
                .get_long()
                .map(|l| format!("--{l}"))
                .unwrap_or_else(|| arg.get_id().to_string());
            let mut cmd = Cli::command();
            return Err(cmd.error(
                clap::error::ErrorKind::ArgumentConflict,
                format!("the generation flag '{flag}' cannot be used with the subcommand '{sub}'"),
            ));
        }
    }
    Ok(())
}

/// Parses `KEY=VALUE`.
/// `POINTER=PATH`, split at the last `=` (a Rust type has none; a property name may).
fn pointer_path(s: &str) -> Result<(String, String), String> {
    match s.rsplit_once('=') {
        Some((k, v)) if !k.is_empty() && !v.is_empty() => Ok((k.to_owned(), v.to_owned())),
        _ => Err(format!("expected POINTER=PATH, got {s:?}")),
    }
}

fn key_value(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((k, v)) if !k.is_empty() => Ok((k.to_owned(), v.to_owned())),
        _ => Err(format!("expected KEY=VALUE, got {s:?}")),
    }
}
