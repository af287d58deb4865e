//! `envgen fmt --schema NAME FILE`: print a document re-serialized through its generated
//! type, in canonical form.
//!
//! * `meminit`: the section 9 form of MEMINIT-SPEC-004 ([`crate::meminit::Canonical`]):
//!   one line, key order `output_schema_version, success, command, run_id, timestamp,
//!   root, data, warnings, violations, advice, error`, issues and advice sorted, paths
//!   relative to `root` with forward slashes, `timestamp` checked, `data` typed by
//!   `command`;
//! * the other built-ins: compact one-line JSON in the generated type's key order (declared
//!   properties in schema order, then the others as they came).
//!
//! Output ends with one `\n`. `FILE` may be `-` (standard input). An invalid document
//! prints `FILE: invalid at <pointer> (line L, column C): <message>` (the `validate` line) on standard error
//! and exits 1. With `--format json`, the result is one ResponseEnvelope (the
//! ResponseEnvelope spec): `data: {"file", "canonical"}` on success (`canonical` without
//! its final newline), or the same envelope `validate --format json` prints for an
//! invalid file.

use super::output::Reply;
use super::validate::{self, Builtin, Verdict};
use crate::runtime::{Document, Options};
use crate::ValidationError;
use clap::Args;
use std::path::PathBuf;

/// Options of `fmt`.
#[derive(Debug, Args)]
pub struct FmtArgs {
    /// The built-in schema of the document.
    #[arg(long, value_enum, value_name = "NAME")]
    pub schema: Builtin,
    /// The document; `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

fn through<T: Document>(bytes: &[u8]) -> Result<String, Vec<ValidationError>> {
    let value = T::from_json_slice_with(bytes, &Options::new())
        .map_err(|errs| errs.into_iter().collect::<Vec<_>>())?;
    let mut text = serde_json::to_string(&value).map_err(|e| {
        vec![ValidationError::new(
            "",
            "serialize",
            "",
            format!("cannot serialize: {e}"),
        )]
    })?;
    text.push('\n');
    Ok(text)
}

fn meminit(bytes: &[u8]) -> Result<String, Vec<ValidationError>> {
    use crate::meminit::{parse, Canonical};
    let text = std::str::from_utf8(bytes).map_err(|e| {
        vec![ValidationError::new(
            "",
            "syntax",
            "",
            validate::not_utf8(bytes, &e),
        )]
    })?;
    let envelope = parse(text).map_err(|errs| errs.into_iter().collect::<Vec<_>>())?;
    Canonical::new(envelope)
        .and_then(|c| c.to_line())
        .map_err(|e| e.into_validation_errors().into_iter().collect())
}

/// The canonical text of one document (ending in `\n`), or why it has none.
pub fn canonical(schema: Builtin, bytes: &[u8]) -> Result<String, Vec<ValidationError>> {
    use crate::{cmdhelp, response_envelope, tool_response};
    match schema {
        Builtin::ResponseEnvelope => through::<response_envelope::ResponseEnvelope>(bytes),
        Builtin::ToolResponse => through::<tool_response::ToolResponse>(bytes),
        Builtin::Cmdhelp => through::<cmdhelp::Cmdhelp>(bytes),
        Builtin::Meminit => meminit(bytes),
    }
}

/// Runs `fmt`. Text mode prints the canonical document, or the `validate` line on
/// standard error; `--format json` (the global flag, printed by [`super::output::emit`])
/// prints `data: {"file", "canonical"}` or the `validate` failure envelope.
pub fn run(args: &FmtArgs) -> Reply {
    let shown = args.file.display().to_string();
    let bytes = validate::read(&args.file);
    let result = match &bytes {
        Ok(bytes) => canonical(args.schema, bytes),
        Err(e) => Err(vec![ValidationError::new(
            "",
            "io",
            "",
            format!("cannot read the file: {e}"),
        )]),
    };
    match result {
        Ok(text) => Reply::success(
            serde_json::json!({ "file": shown, "canonical": text.trim_end_matches('\n') }),
            text,
        ),
        Err(errors) => {
            let verdict = Verdict::Invalid(errors);
            let line = format!("{}\n", verdict.line_in(&shown, bytes.as_deref().ok()));
            let failure = validate::invalid_failure(&[(shown, verdict)]);
            Reply {
                outcome: Err(failure),
                text: String::new(),
                stderr: Some(line),
            }
        }
    }
}
