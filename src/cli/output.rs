//! The output contract every envgen command shares (the ResponseEnvelope spec).
//!
//! A command handler returns a [`Reply`]: an [`Outcome`] (the JSON side) and the text that
//! text mode prints on stdout. [`emit`] prints it in the format the global `--format` flag
//! asked for:
//!
//! * `text`: the reply's text on stdout; on failure also `error[CODE]: message` (and the
//!   suggestion) on stderr.
//! * `json`: exactly one ResponseEnvelope line on stdout, built by
//!   [`crate::response::respond`] (so `ok` derives from the exit code).
//!
//! The exit code is the same in both formats: the ResponseEnvelope spec's (0 success, 1
//! GENERAL_ERROR, 3 ARG_ERROR, 13 REDIRECTED). Command-line errors found by clap become
//! failures too ([`parse_error`]); a misspelt subcommand with a known correction is
//! REDIRECTED with the corrected invocation in `error.redirect.command`.

use super::{codes, codes::ErrorCodeEntry, Io};
use crate::response::{ExitCode, Failure, Outcome, Responder};
use crate::response_envelope::{ErrorDetailPhase, Redirect, RedirectReason};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::ValueEnum;
use serde_json::Value;
use std::ffi::OsString;
use std::time::Instant;

/// The global `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum Format {
    /// Human-readable text.
    #[default]
    Text,
    /// One ResponseEnvelope JSON document (for `help`: the cmdhelp document).
    Json,
    /// Markdown (`help` only).
    Md,
}

/// What a command handler returns.
#[derive(Debug)]
pub struct Reply {
    /// Success data or the failure; JSON mode prints it as an envelope.
    pub outcome: Outcome<Value>,
    /// What text mode prints on stdout (may be empty; may be non-empty on failure, like
    /// `validate`'s per-file lines).
    pub text: String,
    /// What text mode prints on stderr on failure instead of the default
    /// `error[CODE]: message` report.
    pub stderr: Option<String>,
}

impl Reply {
    /// A success with `data` and its text rendering.
    pub fn success(data: Value, text: impl Into<String>) -> Reply {
        Reply {
            outcome: Ok(data.into()),
            text: text.into(),
            stderr: None,
        }
    }

    /// A failure with nothing for stdout in text mode.
    pub fn failure(failure: Failure) -> Reply {
        Reply {
            outcome: Err(failure),
            text: String::new(),
            stderr: None,
        }
    }
}

/// A failure with a catalogued code ([`codes`]) and its exit code.
pub fn fail(code: ErrorCodeEntry, message: impl Into<String>) -> Failure {
    if code.exit == ExitCode::ARG_ERROR {
        Failure::arg_error(code.code, message).phase(ErrorDetailPhase::Validation)
    } else {
        // GENERAL_ERROR; REDIRECTED needs its redirect and is built by `redirect`.
        Failure::general(code.code, message)
    }
}

/// Prints `reply` in `format` and returns the exit code.
pub fn emit(format: Format, started: Instant, reply: Reply, io: &mut Io<'_>) -> i32 {
    match format {
        Format::Json => {
            let response = Responder::started_at(started)
                .schema_version(1, 0)
                .respond(reply.outcome);
            response
                .emit_to(io.out)
                .unwrap_or(ExitCode::GENERAL_ERROR.as_i32())
        }
        Format::Text | Format::Md => {
            if io.out.write_all(reply.text.as_bytes()).is_err() {
                return ExitCode::GENERAL_ERROR.as_i32();
            }
            match &reply.outcome {
                Ok(_) => ExitCode::SUCCESS.as_i32(),
                Err(failure) => {
                    match &reply.stderr {
                        Some(text) => {
                            let _ = io.err.write_all(text.as_bytes());
                        }
                        None => write_failure(failure, io),
                    }
                    failure.exit_code().as_i32()
                }
            }
        }
    }
}

/// Text mode's failure report on stderr.
fn write_failure(failure: &Failure, io: &mut Io<'_>) {
    let _ = writeln!(io.err, "error[{}]: {}", failure.code(), failure.message());
    if let Some(s) = failure.suggestion_text() {
        let _ = writeln!(io.err, "  hint: {s}");
    }
    if let Some(r) = failure.redirect_target() {
        let _ = writeln!(io.err, "  run instead: {}", r.command);
    }
}

/// The `--format` the raw arguments ask for, found without clap (for reporting the errors
/// clap finds): the last `--format X` or `--format=X` before a `--`. Unknown values and
/// a missing `--format` mean text.
pub fn requested_format(args: &[OsString]) -> Format {
    let mut format = Format::Text;
    let mut words = args.iter().skip(1).map(|a| a.to_string_lossy());
    while let Some(word) = words.next() {
        if word == "--" {
            break;
        }
        let value = if word == "--format" {
            words.next().map(|v| v.into_owned())
        } else {
            word.strip_prefix("--format=").map(str::to_owned)
        };
        if let Some(v) = value {
            format = Format::from_str(&v, false).unwrap_or(format);
        }
    }
    format
}

/// Reports an error clap found while parsing `args`; returns the exit code.
///
/// `--help` and `--version` print clap's text on stdout and exit 0 in every format.
pub fn parse_error(
    error: clap::Error,
    args: &[OsString],
    program: &str,
    started: Instant,
    io: &mut Io<'_>,
) -> i32 {
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        let _ = write!(io.out, "{}", error.render());
        return ExitCode::SUCCESS.as_i32();
    }
    let format = requested_format(args);
    let failure = classify(&error, args, program);
    match format {
        Format::Json => emit(format, started, Reply::failure(failure), io),
        Format::Text | Format::Md => {
            let _ = write!(io.err, "{}", error.render());
            if let Some(r) = failure.redirect_target() {
                let _ = writeln!(io.err, "\nrun instead: {}", r.command);
            }
            failure.exit_code().as_i32()
        }
    }
}

fn context_strings(error: &clap::Error, kind: ContextKind) -> Vec<String> {
    match error.get(kind) {
        Some(ContextValue::String(s)) => vec![s.clone()],
        Some(ContextValue::Strings(v)) => v.clone(),
        _ => Vec::new(),
    }
}

/// The failure for a clap error (see [`codes`] for the mapping).
pub fn classify(error: &clap::Error, args: &[OsString], program: &str) -> Failure {
    let rendered = error.render().to_string();
    let message = rendered
        .lines()
        .next()
        .unwrap_or("invalid command line")
        .trim_start_matches("error: ")
        .to_owned();
    let tips: Vec<String> = rendered
        .lines()
        .filter_map(|l| l.trim().strip_prefix("tip: ").map(str::to_owned))
        .collect();
    let code = match error.kind() {
        ErrorKind::InvalidSubcommand => {
            let word = context_strings(error, ContextKind::InvalidSubcommand);
            let suggested = context_strings(error, ContextKind::SuggestedSubcommand);
            if let (Some(word), Some(fix)) = (word.first(), suggested.first()) {
                return redirect(word, fix, args, program, &message);
            }
            codes::UNKNOWN_COMMAND
        }
        ErrorKind::UnknownArgument => codes::UNKNOWN_ARGUMENT,
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => {
            let arg = context_strings(error, ContextKind::InvalidArg);
            if arg.iter().any(|a| a.starts_with("--schema")) {
                codes::SCHEMA_NOT_FOUND
            } else {
                codes::INVALID_VALUE
            }
        }
        ErrorKind::MissingRequiredArgument
        | ErrorKind::TooFewValues
        | ErrorKind::WrongNumberOfValues
        | ErrorKind::MissingSubcommand => codes::MISSING_ARGUMENT,
        ErrorKind::ArgumentConflict => codes::ARGUMENT_CONFLICT,
        _ => codes::ARG_INVALID,
    };
    let mut failure = fail(code, message).detail(rendered.trim_end().to_owned());
    if !tips.is_empty() {
        failure = failure.suggestion(tips.join("; "));
    }
    failure
}

/// REDIRECTED: the invocation with the misspelt `word` replaced by `fix`.
fn redirect(word: &str, fix: &str, args: &[OsString], program: &str, message: &str) -> Failure {
    let mut words: Vec<String> = vec![program.to_owned()];
    let mut replaced = false;
    for arg in args.iter().skip(1) {
        let arg = arg.to_string_lossy().into_owned();
        if !replaced && arg == word {
            words.push(fix.to_owned());
            replaced = true;
        } else {
            words.push(arg);
        }
    }
    let command = crate::help::words::join(&words);
    Failure::redirected(
        codes::COMMAND_MISSPELT.code,
        format!("{message}; did you mean '{fix}'?"),
        Redirect {
            command: command.clone(),
            permanent: false,
            reason: Some(RedirectReason::TypoCorrected),
        },
    )
    .phase(ErrorDetailPhase::Validation)
    .suggestion(format!("Run `{command}`."))
}

/// The failure for a codegen error: its kind picks the `error.code`.
pub fn codegen_failure(e: &envgen_codegen::Error) -> crate::response::Failure {
    let code = match e.kind {
        envgen_codegen::ErrorKind::NotFound => codes::SCHEMA_NOT_FOUND,
        envgen_codegen::ErrorKind::Unsupported => codes::UNSUPPORTED_KEYWORD,
        envgen_codegen::ErrorKind::Output | envgen_codegen::ErrorKind::Stale => {
            codes::OUTPUT_WRITE_FAILED
        }
        envgen_codegen::ErrorKind::Invalid => codes::SCHEMA_INVALID,
        envgen_codegen::ErrorKind::Setting => codes::INVALID_VALUE,
    };
    // The message is the located first line; the advice goes to `error.suggestion`.
    let shown = e.to_string();
    let message = shown.lines().next().unwrap_or("schema error").to_owned();
    let mut failure = fail(code, message).detail(e.location());
    if let Some(help) = &e.help {
        failure = failure.suggestion(help.clone());
    }
    failure
}
