//! `envgen help [COMMAND]... [--format text|json|md]`: envgen's own help.
//!
//! * `--format json` prints envgen's cmdhelp v0.1 document (the cmdhelp v0.1 schema),
//!   built from the live clap tree by [`crate::help::from_clap::from_clap_with`] and
//!   completed with envgen's exit codes, `error.code` values (`x-error-codes`) and
//!   examples ([`extension`]). It is the cmdhelp document itself, not a ResponseEnvelope:
//!   the cmdhelp spec defines what `<cmd> help --format json` prints. Failures are
//!   ResponseEnvelopes as usual.
//! * `--format md` renders the same document as markdown ([`crate::help::markdown`]).
//! * text prints clap's long help.
//!
//! With `COMMAND` (`envgen help validate`), the output is about that command only.

use super::output::{emit, fail, Format, Reply};
use super::{codes, codes::ErrorCodeEntry, Cli, Io};
use crate::cmdhelp::{Cmdhelp, CommandStdin};
use crate::help::from_clap::{from_clap, from_clap_with, CommandExtension, Extension};
use crate::help::{example, markdown, restrict};
use crate::response::ExitCode;
use clap::{Args, CommandFactory};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::time::Instant;

/// Options of `help`.
#[derive(Debug, Args)]
pub struct HelpArgs {
    /// The command to describe (for example `validate`); every command when absent.
    #[arg(value_name = "COMMAND")]
    pub command: Vec<String>,
}

/// envgen's cmdhelp document: its clap tree plus [`extension`].
pub fn document() -> Cmdhelp {
    let cli = Cli::command();
    // The extension only names commands that exist (a test keeps it so); should one be
    // renamed, the document still comes out, only without the extension.
    from_clap_with(&cli, &extension()).unwrap_or_else(|_| from_clap(&cli))
}

/// A rich exit-code entry listing the `error.code` values that come with it.
fn entry(
    when: &str,
    recovery: Option<&str>,
    error_codes: &[ErrorCodeEntry],
) -> crate::cmdhelp::ExitCode {
    let mut e = crate::help::exit_code(when, recovery);
    if let crate::cmdhelp::ExitCode::ExitCodeRich(rich) = &mut e {
        if !error_codes.is_empty() {
            let listed: Map<String, Value> = error_codes
                .iter()
                .map(|c| (c.code.to_owned(), Value::String(c.meaning.to_owned())))
                .collect();
            rich.extra
                .insert("x-error-codes".to_owned(), Value::Object(listed));
        }
    }
    e
}

fn arg_error(extra: &[ErrorCodeEntry]) -> crate::cmdhelp::ExitCode {
    let mut all: Vec<ErrorCodeEntry> = extra.to_vec();
    all.extend(codes::ARGUMENT_ERRORS);
    entry(
        "ARG_ERROR: the command line is wrong; nothing was done.",
        Some("Fix the invocation (error.suggestion says how) and retry."),
        &all,
    )
}

fn codes_of(
    entries: Vec<(ExitCode, crate::cmdhelp::ExitCode)>,
) -> BTreeMap<u8, crate::cmdhelp::ExitCode> {
    entries.into_iter().map(|(c, e)| (c.code(), e)).collect()
}

/// What clap does not know about envgen: exit codes with their `error.code` values,
/// examples, stdin.
pub fn extension() -> Extension {
    let json_stdin = Some(CommandStdin {
        accepted: true,
        format: Some("application/json".to_owned()),
    });
    let mut commands = BTreeMap::new();
    commands.insert(String::new(), generate_command());
    commands.insert("validate".to_owned(), validate_command(json_stdin.clone()));
    commands.insert("fmt".to_owned(), fmt_command(json_stdin.clone()));
    commands.insert("diff".to_owned(), diff_command());
    commands.insert("help".to_owned(), help_command());
    Extension {
        homepage: None,
        exit_codes: BTreeMap::new(),
        commands,
    }
}

/// The top-level command: generating Rust from schemas.
fn generate_command() -> CommandExtension {
    CommandExtension {
        summary: Some("Generate Rust types, validators and serde impls from JSON Schema files.".to_owned()),
        exit_codes: codes_of(vec![
            (ExitCode::SUCCESS, entry("The Rust was printed, or written with -o.", None, &[])),
            (
                ExitCode::GENERAL_ERROR,
                entry(
                    "GENERAL_ERROR: a schema could not be compiled, or the output not written.",
                    Some("Fix the schema at the reported file#pointer; retrying unchanged fails again."),
                    &[codes::SCHEMA_INVALID, codes::UNSUPPORTED_KEYWORD, codes::OUTPUT_WRITE_FAILED],
                ),
            ),
            (
                ExitCode::ARG_ERROR,
                arg_error(&[codes::SCHEMA_NOT_FOUND, codes::NOTHING_TO_DO, codes::UNKNOWN_COMMAND]),
            ),
            (
                ExitCode::REDIRECTED,
                entry(
                    "REDIRECTED: the subcommand is misspelt and a similar one exists.",
                    Some("Run error.redirect.command verbatim."),
                    &[codes::COMMAND_MISSPELT],
                ),
            ),
        ]),
        examples: vec![
            example(
                "envgen --schema schemas/response-envelope.json",
                Some("Print the Rust types, validators and serde impls of a schema."),
            ),
            example(
                "envgen --schema schemas/response-envelope.json --generic /properties/data=T -o src/envelope.rs",
                Some("Make `data` a type parameter and write the module to a file."),
            ),
            example(
                "envgen --schema schemas/cmdhelp.schema.json --root-name Cmdhelp --format json",
                Some("The same as one ResponseEnvelope: data.code holds the Rust."),
            ),
            example(
                "envgen --schema schemas/meminit-output-envelope.json --crate out/meminit-types",
                Some("Write a complete crate: Cargo.toml, src/lib.rs, one module per schema."),
            ),
        ],
        ..CommandExtension::default()
    }
}

/// `validate`: documents against a schema.
fn validate_command(json_stdin: Option<CommandStdin>) -> CommandExtension {
    CommandExtension {
        exit_codes: codes_of(vec![
            (ExitCode::SUCCESS, entry("Every document is valid (and round-trips, with --roundtrip).", None, &[])),
            (
                ExitCode::GENERAL_ERROR,
                entry(
                    "GENERAL_ERROR: at least one document is invalid.",
                    Some("Fix the documents at the reported instance pointers."),
                    &[codes::INSTANCE_INVALID],
                ),
            ),
            (ExitCode::ARG_ERROR, arg_error(&[codes::SCHEMA_NOT_FOUND])),
        ]),
        examples: vec![
            example(
                "envgen validate --schema response-envelope tests/documents/response-envelope/seed-success.json",
                Some("One line per file: `PATH: valid` or `PATH: invalid at <pointer> (line L, column C): <message>`."),
            ),
            example(
                "envgen help --format json | envgen validate --schema cmdhelp -",
                Some("envgen's own help is a valid cmdhelp document; `-` reads stdin."),
            ),
            example(
                "envgen validate --schema meminit --all-errors --roundtrip --format json out.json",
                Some("Every error of the document, as one ResponseEnvelope."),
            ),
            example(
                "envgen validate --schema response-envelope --rules --exit-code 13 stdout.json",
                Some("Every rule of the contract, not only the schema: one line per violation, `PATH: <rule id> at <pointer> (line L, column C): <message>`."),
            ),
        ],
        stdin: json_stdin,
        see_also: vec!["fmt".to_owned()],
        ..CommandExtension::default()
    }
}

/// `fmt`: a document in its canonical form.
fn fmt_command(json_stdin: Option<CommandStdin>) -> CommandExtension {
    CommandExtension {
        exit_codes: codes_of(vec![
            (
                ExitCode::SUCCESS,
                entry("The canonical document was printed.", None, &[]),
            ),
            (
                ExitCode::GENERAL_ERROR,
                entry(
                    "GENERAL_ERROR: the document is invalid.",
                    Some("Fix the document at the reported instance pointer."),
                    &[codes::INSTANCE_INVALID],
                ),
            ),
            (ExitCode::ARG_ERROR, arg_error(&[codes::SCHEMA_NOT_FOUND])),
        ]),
        examples: vec![example(
            "envgen fmt --schema meminit out.json",
            Some("Print the document in its canonical form."),
        )],
        stdin: json_stdin,
        see_also: vec!["validate".to_owned()],
        ..CommandExtension::default()
    }
}

/// `diff`: the compatibility of two schema versions.
fn diff_command() -> CommandExtension {
    CommandExtension {
        exit_codes: codes_of(vec![
            (ExitCode::SUCCESS, entry("No change breaks the sides --fail-on selects.", None, &[])),
            (
                ExitCode::GENERAL_ERROR,
                entry(
                    "GENERAL_ERROR: a change breaks producers or consumers, or a schema does not generate.",
                    Some("Make the change compatible, or release it as a new major version."),
                    &[codes::BREAKING_CHANGE, codes::SCHEMA_INVALID, codes::UNSUPPORTED_KEYWORD],
                ),
            ),
            (ExitCode::ARG_ERROR, arg_error(&[codes::SCHEMA_NOT_FOUND])),
        ]),
        examples: vec![
            example(
                "envgen diff tests/diff/04-field-removed/old.json tests/diff/04-field-removed/new.json",
                Some("One line per change: PRODUCERS CONSUMERS PATH: DETAIL."),
            ),
            example(
                "envgen diff old.json new.json --fail-on consumers --format json",
                Some("Fail only on changes that break readers; the changes as one ResponseEnvelope."),
            ),
        ],
        ..CommandExtension::default()
    }
}

/// `help`: this document.
fn help_command() -> CommandExtension {
    CommandExtension {
        exit_codes: codes_of(vec![
            (ExitCode::SUCCESS, entry("The help was printed.", None, &[])),
            (ExitCode::ARG_ERROR, arg_error(&[codes::UNKNOWN_COMMAND])),
        ]),
        examples: vec![
            example("envgen help --format json", Some("This document.")),
            example(
                "envgen help validate --format md",
                Some("One command, as markdown."),
            ),
        ],
        ..CommandExtension::default()
    }
}

/// Runs `help`; returns the exit code.
pub fn run(args: &HelpArgs, format: Format, started: Instant, io: &mut Io<'_>) -> i32 {
    let path = args.command.join(" ");
    let doc = document();
    let Some(doc) = restrict(&doc, &path) else {
        let known: Vec<String> = doc
            .commands
            .keys()
            .filter(|k| !k.is_empty())
            .cloned()
            .collect();
        let failure = fail(
            codes::UNKNOWN_COMMAND,
            format!("envgen has no command {path:?}"),
        )
        .suggestion(format!("Commands: {}.", known.join(", ")));
        return emit(format, started, Reply::failure(failure), io);
    };
    let text = match format {
        Format::Json => match serde_json::to_string_pretty(&doc) {
            Ok(t) => t + "\n",
            Err(e) => {
                let failure = fail(
                    codes::OUTPUT_WRITE_FAILED,
                    format!("cannot serialize the help: {e}"),
                );
                return emit(format, started, Reply::failure(failure), io);
            }
        },
        Format::Md => markdown::render(&doc),
        Format::Text => {
            // `restrict` found the path, so every word names a subcommand.
            let mut cmd = Cli::command();
            cmd.build();
            for word in &args.command {
                let next = cmd.find_subcommand(word).cloned();
                match next {
                    Some(sub) => cmd = sub,
                    None => break,
                }
            }
            cmd.render_long_help().to_string()
        }
    };
    match io.out.write_all(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS.as_i32(),
        Err(_) => ExitCode::GENERAL_ERROR.as_i32(),
    }
}
