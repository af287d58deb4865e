//! `envgen validate --schema NAME FILE...`: parse documents into a built-in envelope type.
//!
//! One line per file, a stable format that scripts may rely on:
//!
//! * `PATH: valid`
//! * `PATH: invalid at <instance pointer> (line L, column C): <message>` (the document
//!   root is shown as `(root)`; the line and column are where the value starts in the
//!   file, the root value's first character for the root, and a syntax error's message
//!   carries its own)
//! * `PATH: roundtrip-mismatch at <pointer> (line L, column C)` (with `--roundtrip`: the
//!   document parsed but did not serialize back to the same JSON, numbers compared by
//!   value)
//!
//! With `--all-errors`, every error of a file is on its line, joined by `; `.
//!
//! With `--rules`, each file goes through its contract's checker instead
//! ([`crate::response::check`], [`crate::tool::check()`], [`crate::meminit::check()`],
//! [`crate::help::check()`]): the schema, then every prose rule of the contract. Each
//! violation is a line `PATH: <rule id> at <pointer> (line L, column C): <message>` (a
//! SHOULD-level lint has `(should)` after the rule id and does not make the file
//! invalid); a file that breaks nothing is `PATH: valid`. `--exit-code N` gives the exit
//! code a ResponseEnvelope came with (otherwise the one the document claims, see
//! [`crate::response::check`]). In `--format json`, a file's entry then has
//! `violations: [{rule, pointer, message, level}]`. With `--format json`, the result is
//! one ResponseEnvelope document (the ResponseEnvelope spec) instead: `data.results[]`
//! holds each file's verdict and errors; when a document is invalid, `data` is null,
//! `error.code` is `INSTANCE_INVALID` and the same results are in `error.detail` as JSON
//! text.
//!
//! Exit status 0 when every file is valid (and round-trips, if asked), 1 (GENERAL_ERROR)
//! otherwise.

use super::codes;
use super::output::{fail, Reply};
use crate::rules::{Level, Violation};
use crate::runtime::json::first_difference;
use crate::runtime::{Document, Options};
use clap::{Args, ValueEnum};
use std::io::Read;
use std::path::PathBuf;

/// The built-in schemas.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Builtin {
    /// `ResponseEnvelope` (the ResponseEnvelope spec).
    ResponseEnvelope,
    /// `ToolResponse` (the ToolResponse spec).
    ToolResponse,
    /// cmdhelp v0.1 (the cmdhelp v0.1 schema).
    Cmdhelp,
    /// The Meminit output envelope (the Meminit Agent Output Contract, MEMINIT-SPEC-004).
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
    /// Report every error of a document, not only the first.
    #[arg(long)]
    pub all_errors: bool,
    /// Assert `format` (date-time, email, uri, …); otherwise formats are annotations.
    #[arg(long)]
    pub formats: bool,
    /// Check every rule of the contract (its prose spec), not only the schema; one line per
    /// violation, with its rule id.
    #[arg(long)]
    pub rules: bool,
    /// With --rules: the process exit code the ResponseEnvelope came with.
    #[arg(
        long,
        value_name = "CODE",
        allow_negative_numbers = true,
        requires = "rules"
    )]
    pub exit_code: Option<i32>,
    /// Files to validate; `-` reads standard input.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
}

/// The verdict on one document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Valid (and round-trips, if asked).
    Valid,
    /// Invalid: the errors, first one first.
    Invalid(Vec<crate::ValidationError>),
    /// Valid, but the round trip changed the document at this pointer.
    RoundtripMismatch {
        /// Where the first difference is.
        pointer: String,
    },
    /// `--rules`: the rules the document breaks (SHOULD-level ones only: still valid).
    Broken(Vec<Violation>),
}

impl Verdict {
    /// The line `validate` prints for `path`.
    pub fn line(&self, path: &str) -> String {
        self.line_in(path, None)
    }

    /// The line `validate` prints for `path`, whose bytes are `bytes`: each pointer is
    /// followed by the line and column of its value in the file, when it is JSON text.
    pub fn line_in(&self, path: &str, bytes: Option<&[u8]>) -> String {
        let text = bytes.and_then(|b| std::str::from_utf8(b).ok());
        // A syntax error's message has its own line and column; an unreadable file has none;
        // the root is where the root value starts.
        let position = |keyword: &str, pointer: &str| match text {
            Some(t) if !matches!(keyword, "syntax" | "io") => {
                let at = if pointer.is_empty() {
                    root_position(t)
                } else {
                    envgen_codegen::position_of(t, pointer)
                };
                at.map(|(line, column)| format!(" (line {line}, column {column})"))
                    .unwrap_or_default()
            }
            _ => String::new(),
        };
        match self {
            Verdict::Valid => format!("{path}: valid"),
            Verdict::Invalid(errors) => {
                let parts: Vec<String> = errors
                    .iter()
                    .map(|e| {
                        let at = if e.instance_path.is_empty() {
                            "(root)"
                        } else {
                            &e.instance_path
                        };
                        let position = position(&e.keyword, &e.instance_path);
                        format!("at {at}{position}: {}", e.message)
                    })
                    .collect();
                format!("{path}: invalid {}", parts.join("; "))
            }
            Verdict::Broken(violations) => violations
                .iter()
                .map(|v| {
                    let level = match v.level {
                        Level::Must => "",
                        Level::Should => " (should)",
                    };
                    let position = position(v.rule, &v.pointer);
                    format!(
                        "{path}: {}{level} at {}{position}: {}",
                        v.rule,
                        v.shown_pointer(),
                        v.message
                    )
                })
                .collect::<Vec<_>>()
                .join("\n"),
            Verdict::RoundtripMismatch { pointer } => {
                let at = if pointer.is_empty() {
                    "(root)"
                } else {
                    pointer
                };
                let position = position("roundtrip", pointer);
                format!("{path}: roundtrip-mismatch at {at}{position}")
            }
        }
    }
}

fn check_as<T: Document>(bytes: &[u8], options: &Options, roundtrip: bool) -> Verdict {
    let value: T = match T::from_json_slice_with(bytes, options) {
        Ok(v) => v,
        Err(errs) => return Verdict::Invalid(errs.into_iter().collect()),
    };
    if roundtrip {
        let original: serde_json::Value = match serde_json::from_slice(bytes) {
            Ok(v) => v,
            Err(e) => return invalid_at_root("syntax", e.to_string()),
        };
        let back = match serde_json::to_value(&value) {
            Ok(v) => v,
            Err(e) => return invalid_at_root("serialize", format!("cannot serialize: {e}")),
        };
        if let Some(pointer) = first_difference(&original, &back) {
            return Verdict::RoundtripMismatch { pointer };
        }
    }
    Verdict::Valid
}

/// The line and column (1-based, in characters) where the root value of the JSON text `t`
/// starts: its first character after white space; `None` when there is none.
fn root_position(t: &str) -> Option<(usize, usize)> {
    let start = t.find(|c: char| !matches!(c, ' ' | '\t' | '\n' | '\r'))?;
    let before = &t[..start];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Some((line, column))
}

/// The message for `bytes`, which are not UTF-8 (`e`), as the typed parse words it: the
/// byte at fault, with its line and column.
pub(super) fn not_utf8(bytes: &[u8], e: &std::str::Utf8Error) -> String {
    let before = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default();
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    match (e.error_len(), bytes.get(e.valid_up_to())) {
        (Some(_), Some(byte)) => format!(
            "the document is not UTF-8: the byte 0x{byte:02X} is not valid UTF-8 (line {line}, column {column})"
        ),
        _ => format!(
            "the document is not UTF-8: it ends inside a character (line {line}, column {column})"
        ),
    }
}

fn invalid_at_root(keyword: &str, message: String) -> Verdict {
    Verdict::Invalid(vec![crate::ValidationError::new("", keyword, "", message)])
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

impl Verdict {
    /// Whether the file passes: valid, or only SHOULD-level lints.
    pub fn passes(&self) -> bool {
        match self {
            Verdict::Valid => true,
            Verdict::Broken(violations) => violations.iter().all(|v| v.level == Level::Should),
            _ => false,
        }
    }
}

/// `--rules`: runs the contract's checker on one document's bytes; then, if asked and it
/// breaks no MUST rule, the round trip.
pub fn check_rules(
    schema: Builtin,
    bytes: &[u8],
    exit_code: Option<i32>,
    roundtrip: bool,
) -> Verdict {
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => return invalid_at_root("syntax", not_utf8(bytes, &e)),
    };
    let violations = if schema == Builtin::Meminit {
        crate::meminit::check(text)
    } else {
        let value: serde_json::Value = match serde_json::from_str(text) {
            Ok(v) => v,
            Err(e) => return invalid_at_root("syntax", e.to_string()),
        };
        match schema {
            Builtin::ResponseEnvelope => crate::response::check(exit_code, &value),
            Builtin::ToolResponse => crate::tool::check(&value),
            Builtin::Cmdhelp => crate::help::check(&value),
            Builtin::Meminit => crate::meminit::check(text),
        }
    };
    let verdict = if violations.is_empty() {
        Verdict::Valid
    } else {
        Verdict::Broken(violations)
    };
    if roundtrip && verdict.passes() {
        if let v @ Verdict::RoundtripMismatch { .. } = check(schema, bytes, &Options::new(), true) {
            return v;
        }
    }
    verdict
}

/// Reads a file, or standard input for `-`.
pub(super) fn read(path: &PathBuf) -> std::io::Result<Vec<u8>> {
    if path.as_os_str() == "-" {
        let mut buf = Vec::new();
        std::io::stdin().read_to_end(&mut buf)?;
        Ok(buf)
    } else {
        std::fs::read(path)
    }
}

/// Runs `validate`.
pub fn run(args: &ValidateArgs) -> Reply {
    let options = Options::new()
        .all_errors(args.all_errors)
        .formats(args.formats);
    let mut results = Vec::with_capacity(args.files.len());
    let mut text = String::new();
    for path in &args.files {
        let shown = path.display().to_string();
        let bytes = read(path);
        let verdict = match &bytes {
            Ok(bytes) if args.rules => {
                check_rules(args.schema, bytes, args.exit_code, args.roundtrip)
            }
            Ok(bytes) => check(args.schema, bytes, &options, args.roundtrip),
            Err(e) => invalid_at_root("io", format!("cannot read the file: {e}")),
        };
        text.push_str(&verdict.line_in(&shown, bytes.as_deref().ok()));
        text.push('\n');
        results.push((shown, verdict));
    }
    let invalid = results.iter().filter(|(_, v)| !v.passes()).count();
    if invalid == 0 {
        return Reply::success(results_json(&results), text);
    }
    let failure = invalid_failure(&results);
    Reply {
        outcome: Err(failure),
        text,
        stderr: None,
    }
}

/// The `INSTANCE_INVALID` failure for `results` (some of them not valid). Per the
/// ResponseEnvelope spec, on failure `data` is null and `error` carries the outcome; the
/// per-file results then travel as JSON text in `error.detail`.
pub fn invalid_failure(results: &[(String, Verdict)]) -> crate::response::Failure {
    let invalid = results.iter().filter(|(_, v)| !v.passes()).count();
    fail(
        codes::INSTANCE_INVALID,
        format!("{invalid} of {} documents are invalid", results.len()),
    )
    .detail(results_json(results).to_string())
    .phase(crate::response_envelope::ErrorDetailPhase::Validation)
    .suggestion("Fix the reported locations; each error names the instance pointer and the failing keyword.")
}

/// `{"results": [{"file", "valid", "errors": [...]}, ...]}`.
fn results_json(results: &[(String, Verdict)]) -> serde_json::Value {
    use serde_json::{json, Value};
    let files: Vec<Value> = results
        .iter()
        .map(|(path, verdict)| match verdict {
            Verdict::Valid => json!({"file": path, "valid": true, "errors": []}),
            Verdict::Invalid(errors) => json!({
                "file": path,
                "valid": false,
                "errors": errors.iter().map(|e| json!({
                    "instance_path": e.instance_path,
                    "keyword": e.keyword,
                    "schema_path": e.schema_path,
                    "message": e.message,
                })).collect::<Vec<_>>(),
            }),
            Verdict::Broken(violations) => json!({
                "file": path,
                "valid": verdict.passes(),
                "errors": [],
                "violations": violations.iter().map(Violation::to_json).collect::<Vec<_>>(),
            }),
            Verdict::RoundtripMismatch { pointer } => json!({
                "file": path,
                "valid": false,
                "errors": [{"instance_path": pointer, "keyword": "roundtrip", "schema_path": "", "message": "the document does not serialize back unchanged"}],
            }),
        })
        .collect();
    json!({ "results": files })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A type that drops what it does not know: the round-trip check must notice.
    #[derive(serde::Serialize, serde::Deserialize)]
    struct Lossy {
        a: u8,
    }

    impl Document for Lossy {
        fn from_json_str_with(input: &str, _: &Options) -> Result<Self, crate::ValidationErrors> {
            crate::runtime::from_json_str(input)
        }
        fn validate_with(&self, _: &Options) -> Result<(), crate::ValidationErrors> {
            Ok(())
        }
    }

    #[test]
    fn roundtrip_mismatch_is_reported_with_its_pointer() {
        let v = check_as::<Lossy>(br#"{"a": 1, "b/c": 2}"#, &Options::new(), true);
        assert_eq!(
            v,
            Verdict::RoundtripMismatch {
                pointer: "/b~1c".to_owned()
            }
        );
        assert_eq!(v.line("f.json"), "f.json: roundtrip-mismatch at /b~1c");
        let v = check_as::<Lossy>(br#"{"a": 1}"#, &Options::new(), true);
        assert_eq!(v, Verdict::Valid);
    }
}
