//! Writing a [`Response`]: one JSON line on stdout, and the process exit code.

use super::{check_envelope, ExitCode, Response};
use crate::response_envelope::{ErrorDetail, ResponseEnvelope, ResponseMeta};
use crate::ValidationErrors;
use serde::Serialize;
use serde_json::Value;
use std::io::{self, Write};

/// `error.code` of the envelope written instead of one that fails [`check_envelope`].
pub const ENVELOPE_INVALID: &str = "ENVELOPE_INVALID";

/// Written if even the fallback envelope does not serialize (it always does).
const LAST_RESORT: &str = r#"{"ok":false,"data":null,"error":{"code":"ENVELOPE_INVALID","message":"the command's result could not be written as a response envelope","retryable":false},"warnings":[],"meta":{"duration_ms":0}}"#;

impl<T: Serialize> Response<T> {
    /// The JSON text [`emit`](Response::emit) writes (without the newline) and the exit
    /// code that goes with it.
    ///
    /// The envelope is checked with [`check_envelope`] first, in every build. If it fails
    /// (only possible when `T` does not serialize to an object, an array or `null`), the
    /// text is a GENERAL_ERROR (1) envelope with `error.code` [`ENVELOPE_INVALID`], the
    /// violations in `error.detail`, and the original `meta` and `warnings`: stdout always
    /// holds a valid envelope whose `ok` matches the exit code.
    pub fn render(&self) -> (String, ExitCode) {
        let checked = self
            .to_value()
            .and_then(|value| check_envelope(self.exit.as_i32(), &value).map(|()| value));
        let rendered = checked.and_then(|value| {
            serde_json::to_string(&value).map_err(|e| {
                ValidationErrors::single(crate::ValidationError::new(
                    "",
                    "serialize",
                    "",
                    e.to_string(),
                ))
            })
        });
        match rendered {
            Ok(text) => (text, self.exit),
            Err(errors) => (
                fallback(&self.envelope.meta, &self.envelope.warnings, &errors),
                ExitCode::GENERAL_ERROR,
            ),
        }
    }

    /// Writes the envelope and exactly one `\n` to stdout, flushes, and returns the
    /// process exit code: `std::process::exit(response.emit()?)`.
    pub fn emit(&self) -> io::Result<i32> {
        self.emit_to(&mut io::stdout().lock())
    }

    /// [`emit`](Response::emit) to any writer. The line is written with one `write_all`,
    /// so a failing writer never receives half an envelope followed by another.
    pub fn emit_to<W: Write + ?Sized>(&self, out: &mut W) -> io::Result<i32> {
        let (mut text, exit) = self.render();
        text.push('\n');
        out.write_all(text.as_bytes())?;
        out.flush()?;
        Ok(exit.as_i32())
    }
}

fn fallback(meta: &ResponseMeta, warnings: &[String], errors: &ValidationErrors) -> String {
    let envelope: ResponseEnvelope<Value> = ResponseEnvelope {
        ok: false,
        data: None,
        error: Some(ErrorDetail {
            code: ENVELOPE_INVALID.into(),
            message: "the command's result could not be written as a response envelope".into(),
            detail: Some(errors.to_string()),
            retryable: Some(false),
            retry_after: None,
            phase: None,
            suggestion: None,
            redirect: None,
        }),
        warnings: warnings.to_vec(),
        meta: ResponseMeta {
            not_modified: None,
            truncated: None,
            cursor: None,
            ..meta.clone()
        },
    };
    let text = serde_json::to_value(&envelope)
        .ok()
        .filter(|v| check_envelope(ExitCode::GENERAL_ERROR.as_i32(), v).is_ok())
        .and_then(|v| serde_json::to_string(&v).ok());
    text.unwrap_or_else(|| LAST_RESORT.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::response::{respond, Failure, Success};
    use std::time::Instant;

    #[test]
    fn emit_writes_one_line_and_returns_the_exit_code() {
        let response = respond(
            Instant::now(),
            Err::<Success<Value>, _>(Failure::rate_limited("R", "r").retry_after(30)),
        );
        let mut out = Vec::new();
        let code = response.emit_to(&mut out).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(code, 11);
        let text = String::from_utf8(out).unwrap_or_else(|e| panic!("{e}"));
        assert!(text.ends_with("}\n") && !text.ends_with("\n\n"));
        assert_eq!(text.matches('\n').count(), 1);
    }

    #[test]
    fn data_that_is_not_an_object_or_array_becomes_a_general_error() {
        // Built by hand: respond() would panic on this in a debug build (test mode).
        let response = Response {
            envelope: ResponseEnvelope {
                ok: true,
                data: Some("a bare string"),
                error: None,
                warnings: vec!["w".into()],
                meta: ResponseMeta {
                    duration_ms: 7,
                    request_id: Some("req".into()),
                    schema_version: None,
                    not_modified: None,
                    truncated: None,
                    cursor: None,
                    extra: serde_json::Map::new(),
                },
            },
            exit: ExitCode::SUCCESS,
        };
        assert!(response.check().is_err());
        let (text, exit) = response.render();
        assert_eq!(exit, ExitCode::GENERAL_ERROR);
        let value: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(check_envelope(1, &value), Ok(()));
        assert_eq!(value["error"]["code"], ENVELOPE_INVALID);
        assert_eq!(value["meta"]["request_id"], "req");
        assert_eq!(value["warnings"][0], "w");
        assert!(value["error"]["detail"]
            .as_str()
            .is_some_and(|d| d.contains("/data")));
    }

    #[test]
    fn last_resort_is_a_valid_general_error() {
        let value: Value = serde_json::from_str(LAST_RESORT).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(check_envelope(1, &value), Ok(()));
    }
}
