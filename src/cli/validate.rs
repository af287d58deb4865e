//! `envgen validate --schema NAME FILE...`: parse documents into a built-in envelope type.
//!
//! One line per file, a stable format that scripts may rely on:
//!
//! * `PATH: valid`
//! * `PATH: invalid at <instance pointer>: <message>` (the document root is shown as
//!   `(root)`)
//! * `PATH: roundtrip-mismatch at <pointer>` (with `--roundtrip`: the document parsed but
//!   did not serialize back to the same JSON, numbers compared by value)
//!
//! Exit status 0 when every file is valid (and round-trips, if asked), 1 otherwise.

use super::Io;
use crate::runtime::json::first_difference;
use crate::runtime::{Document, Options};
use clap::{Args, ValueEnum};
use std::io::Read;
use std::path::PathBuf;

/// The built-in schemas.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Builtin {
    /// `ResponseEnvelope` (seed 001).
    ResponseEnvelope,
    /// `ToolResponse` (seed 002).
    ToolResponse,
    /// cmdhelp v0.1 (seed 003).
    Cmdhelp,
    /// The Meminit output envelope (seed 004).
    Meminit,
}

/// Options of `validate`.
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// The built-in schema to validate against.
    #[arg(long, value_enum, value_name = "NAME")]
    pub schema: Builtin,
    /// Also check that each valid document serializes back to the same JSON.
    #[arg(long)]
    pub roundtrip: bool,
    /// Files to validate; `-` reads standard input.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
}

/// The verdict on one document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Valid (and round-trips, if asked).
    Valid,
    /// Invalid: where, and why.
    Invalid {
        /// Instance pointer.
        pointer: String,
        /// Message.
        message: String,
    },
    /// Valid, but the round trip changed the document at this pointer.
    RoundtripMismatch {
        /// Where the first difference is.
        pointer: String,
    },
}

impl Verdict {
    /// The line `validate` prints for `path`.
    pub fn line(&self, path: &str) -> String {
        match self {
            Verdict::Valid => format!("{path}: valid"),
            Verdict::Invalid { pointer, message } => {
                let at = if pointer.is_empty() {
                    "(root)"
                } else {
                    pointer
                };
                format!("{path}: invalid at {at}: {message}")
            }
            Verdict::RoundtripMismatch { pointer } => {
                let at = if pointer.is_empty() {
                    "(root)"
                } else {
                    pointer
                };
                format!("{path}: roundtrip-mismatch at {at}")
            }
        }
    }
}

fn check_as<T: Document>(bytes: &[u8], options: &Options, roundtrip: bool) -> Verdict {
    let value: T = match T::from_json_slice_with(bytes, options) {
        Ok(v) => v,
        Err(errs) => {
            let (pointer, message) = errs
                .first()
                .map(|e| (e.instance_path.clone(), e.message.clone()))
                .unwrap_or_default();
            return Verdict::Invalid { pointer, message };
        }
    };
    if roundtrip {
        let original: serde_json::Value = match serde_json::from_slice(bytes) {
            Ok(v) => v,
            Err(e) => {
                return Verdict::Invalid {
                    pointer: String::new(),
                    message: e.to_string(),
                }
            }
        };
        let back = match serde_json::to_value(&value) {
            Ok(v) => v,
            Err(e) => {
                return Verdict::Invalid {
                    pointer: String::new(),
                    message: format!("cannot serialize: {e}"),
                }
            }
        };
        if let Some(pointer) = first_difference(&original, &back) {
            return Verdict::RoundtripMismatch { pointer };
        }
    }
    Verdict::Valid
}

/// Checks one document's bytes against a built-in.
pub fn check(schema: Builtin, bytes: &[u8], options: &Options, roundtrip: bool) -> Verdict {
    use crate::{cmdhelp, meminit, response_envelope, tool_response};
    match schema {
        Builtin::ResponseEnvelope => {
            check_as::<response_envelope::ResponseEnvelope>(bytes, options, roundtrip)
        }
        Builtin::ToolResponse => check_as::<tool_response::ToolResponse>(bytes, options, roundtrip),
        Builtin::Cmdhelp => check_as::<cmdhelp::Cmdhelp>(bytes, options, roundtrip),
        Builtin::Meminit => check_as::<meminit::MeminitEnvelope>(bytes, options, roundtrip),
    }
}

fn read(path: &PathBuf) -> std::io::Result<Vec<u8>> {
    if path.as_os_str() == "-" {
        let mut buf = Vec::new();
        std::io::stdin().read_to_end(&mut buf)?;
        Ok(buf)
    } else {
        std::fs::read(path)
    }
}

/// Runs `validate`.
pub fn run(args: &ValidateArgs, io: &mut Io<'_>) -> i32 {
    let mut all_ok = true;
    for path in &args.files {
        let shown = path.display().to_string();
        let verdict = match read(path) {
            Ok(bytes) => check(args.schema, &bytes, &Options::new(), args.roundtrip),
            Err(e) => Verdict::Invalid {
                pointer: String::new(),
                message: format!("cannot read the file: {e}"),
            },
        };
        all_ok &= verdict == Verdict::Valid;
        if writeln!(io.out, "{}", verdict.line(&shown)).is_err() {
            return 1;
        }
    }
    if all_ok {
        0
    } else {
        1
    }
}
