//! Process exit codes and their default retryability.

use std::fmt;

/// A process exit code, `0..=255` (the range every platform passes through unchanged).
///
/// The named constants are the codes the ResponseEnvelope spec relies on. Any other value
/// is allowed through [`ExitCode::other`]; it is not retryable by default.
///
/// | code | name | [`default_retryable`](Self::default_retryable) | why |
/// |---|---|---|---|
/// | 0 | `SUCCESS` | `false` | nothing to retry |
/// | 1 | `GENERAL_ERROR` | `false` | cause unknown; the ResponseEnvelope spec says "do not retry blindly" |
/// | 3 | `ARG_ERROR` | `true` | rejected before any side effect (the ResponseEnvelope spec's example: `phase: "validation"`); retry with corrected arguments |
/// | 8 | `AUTH_REQUIRED` | `true` | retry once credentials are refreshed (the ResponseEnvelope spec's `TOKEN_EXPIRED` example) |
/// | 11 | `RATE_LIMITED` | `true` | retry after the back-off |
/// | 13 | `REDIRECTED` | `true` | retry with `error.redirect.command` |
/// | other | | `false` | unknown meaning: no blind retry |
///
/// `GENERAL_ERROR` is **1**: the conventional catch-all failure status, the only non-zero
/// value every shell and supervisor reads as plain "failed". 2 is left alone because shells
/// and argument parsers (clap among them) use it for usage errors, which the
/// ResponseEnvelope spec reports as `ARG_ERROR` (3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExitCode(u8);

impl ExitCode {
    /// 0: the command succeeded. The only code with `ok: true`.
    pub const SUCCESS: ExitCode = ExitCode(0);
    /// 1: an unclassified failure. Not retryable.
    pub const GENERAL_ERROR: ExitCode = ExitCode(1);
    /// 3: invalid arguments, rejected before any side effect. Retryable.
    pub const ARG_ERROR: ExitCode = ExitCode(3);
    /// 8: authentication needed; `error.code` says why (`TOKEN_EXPIRED`, …). Retryable.
    pub const AUTH_REQUIRED: ExitCode = ExitCode(8);
    /// 11: rate limited; `error.retry_after` gives the back-off when known. Retryable.
    pub const RATE_LIMITED: ExitCode = ExitCode(11);
    /// 13: the command moved; `error.redirect` holds the replacement. Retryable.
    pub const REDIRECTED: ExitCode = ExitCode(13);

    /// Any exit code by value. `ExitCode::other(3)` is [`ExitCode::ARG_ERROR`].
    pub const fn other(code: u8) -> ExitCode {
        ExitCode(code)
    }

    /// The exit code a process reported, if it is in `0..=255`.
    pub const fn from_i32(code: i32) -> Option<ExitCode> {
        if code >= 0 && code <= u8::MAX as i32 {
            Some(ExitCode(code as u8))
        } else {
            None
        }
    }

    /// The numeric value.
    pub const fn code(self) -> u8 {
        self.0
    }

    /// The value to pass to [`std::process::exit`].
    pub const fn as_i32(self) -> i32 {
        self.0 as i32
    }

    /// Whether this is [`ExitCode::SUCCESS`]: the one value from which `ok: true` derives.
    pub const fn is_success(self) -> bool {
        self.0 == 0
    }

    /// The ResponseEnvelope spec's name for a named code (`"ARG_ERROR"`), `None` for
    /// other codes.
    pub const fn name(self) -> Option<&'static str> {
        match self.0 {
            0 => Some("SUCCESS"),
            1 => Some("GENERAL_ERROR"),
            3 => Some("ARG_ERROR"),
            8 => Some("AUTH_REQUIRED"),
            11 => Some("RATE_LIMITED"),
            13 => Some("REDIRECTED"),
            _ => None,
        }
    }

    /// Whether a failure with this code may be retried when `error.retryable` does not say
    /// (see the table on [`ExitCode`]).
    pub const fn default_retryable(self) -> bool {
        matches!(self.0, 3 | 8 | 11 | 13)
    }
}

impl fmt::Display for ExitCode {
    /// `ARG_ERROR (3)` for named codes, `exit code 42` for others.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(name) => write!(f, "{name} ({})", self.0),
            None => write!(f, "exit code {}", self.0),
        }
    }
}

impl From<ExitCode> for i32 {
    fn from(code: ExitCode) -> i32 {
        code.as_i32()
    }
}

impl From<ExitCode> for std::process::ExitCode {
    fn from(code: ExitCode) -> std::process::ExitCode {
        std::process::ExitCode::from(code.0)
    }
}

#[cfg(test)]
mod tests {
    use super::ExitCode;

    #[test]
    fn named_codes_have_the_seed_values_and_retryability() {
        let table = [
            (ExitCode::SUCCESS, 0, "SUCCESS", false),
            (ExitCode::GENERAL_ERROR, 1, "GENERAL_ERROR", false),
            (ExitCode::ARG_ERROR, 3, "ARG_ERROR", true),
            (ExitCode::AUTH_REQUIRED, 8, "AUTH_REQUIRED", true),
            (ExitCode::RATE_LIMITED, 11, "RATE_LIMITED", true),
            (ExitCode::REDIRECTED, 13, "REDIRECTED", true),
        ];
        for (code, value, name, retryable) in table {
            assert_eq!(code.code(), value);
            assert_eq!(code.name(), Some(name));
            assert_eq!(code.default_retryable(), retryable, "{code}");
            assert_eq!(ExitCode::other(value), code);
        }
        assert_eq!(ExitCode::other(42).name(), None);
        assert!(!ExitCode::other(42).default_retryable());
        assert_eq!(ExitCode::other(42).to_string(), "exit code 42");
        assert_eq!(ExitCode::ARG_ERROR.to_string(), "ARG_ERROR (3)");
    }

    #[test]
    fn from_i32_accepts_only_the_portable_range() {
        assert_eq!(ExitCode::from_i32(0), Some(ExitCode::SUCCESS));
        assert_eq!(ExitCode::from_i32(255), Some(ExitCode::other(255)));
        assert_eq!(ExitCode::from_i32(256), None);
        assert_eq!(ExitCode::from_i32(-1), None);
    }
}
