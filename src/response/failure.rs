//! [`Failure`]: what a command handler returns when it fails.

use super::ExitCode;
use crate::response_envelope::{ErrorDetail, ErrorDetailPhase, Redirect};
use std::fmt;

/// A failed command: the exit code and the future `error` object of the envelope.
///
/// The envelope rules are enforced by construction:
///
/// * the exit code is never SUCCESS (a failure needs a non-zero code);
/// * a [`Redirect`] can only be given through [`Failure::redirected`], so `error.redirect`
///   appears with REDIRECTED (13) and never with another code;
/// * [`retry_after`](Failure::retry_after) also sets `retryable: true`, and
///   [`retryable(false)`](Failure::retryable) drops a `retry_after`, so `retry_after`
///   never appears without `retryable: true`.
///
/// When the handler does not say whether the failure is retryable, the envelope carries
/// the exit code's [`default_retryable`](ExitCode::default_retryable).
///
/// A `Failure` is one pointer wide (its fields are boxed), so `Result<T, Failure>` stays
/// small and clippy's `result_large_err` stays quiet in handlers.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure(Box<Fields>);

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Fields {
    pub(crate) exit: ExitCode,
    pub(crate) code: String,
    pub(crate) message: String,
    pub(crate) detail: Option<String>,
    pub(crate) retryable: Option<bool>,
    pub(crate) retry_after: Option<u64>,
    pub(crate) phase: Option<ErrorDetailPhase>,
    pub(crate) suggestion: Option<String>,
    pub(crate) redirect: Option<Redirect>,
    pub(crate) warnings: Vec<String>,
}

/// Why [`Failure::new`] refused an exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailureExitError {
    /// SUCCESS (0) cannot carry an error: return `Ok` from the handler instead.
    Success,
    /// REDIRECTED (13) needs its replacement command: use [`Failure::redirected`].
    RedirectedWithoutTarget,
}

impl fmt::Display for FailureExitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FailureExitError::Success => {
                f.write_str("a failure cannot exit with SUCCESS (0); return Ok instead")
            }
            FailureExitError::RedirectedWithoutTarget => {
                f.write_str("a REDIRECTED (13) failure needs its redirect; use Failure::redirected")
            }
        }
    }
}

impl std::error::Error for FailureExitError {}

impl Failure {
    fn with(exit: ExitCode, code: impl Into<String>, message: impl Into<String>) -> Failure {
        Failure(Box::new(Fields {
            exit,
            code: code.into(),
            message: message.into(),
            detail: None,
            retryable: None,
            retry_after: None,
            phase: None,
            suggestion: None,
            redirect: None,
            warnings: Vec::new(),
        }))
    }

    /// A failure with any exit code but SUCCESS and REDIRECTED (which has
    /// [`Failure::redirected`]). `code` is the stable `error.code`, `message` the human text.
    pub fn new(
        exit: ExitCode,
        code: impl Into<String>,
        message: impl Into<String>,
    ) -> Result<Failure, FailureExitError> {
        if exit.is_success() {
            Err(FailureExitError::Success)
        } else if exit == ExitCode::REDIRECTED {
            Err(FailureExitError::RedirectedWithoutTarget)
        } else {
            Ok(Failure::with(exit, code, message))
        }
    }

    /// GENERAL_ERROR (1).
    pub fn general(code: impl Into<String>, message: impl Into<String>) -> Failure {
        Failure::with(ExitCode::GENERAL_ERROR, code, message)
    }

    /// ARG_ERROR (3).
    pub fn arg_error(code: impl Into<String>, message: impl Into<String>) -> Failure {
        Failure::with(ExitCode::ARG_ERROR, code, message)
    }

    /// AUTH_REQUIRED (8); `code` is `TOKEN_EXPIRED`, `TOKEN_INVALID` or `TOKEN_MISSING`.
    pub fn auth_required(code: impl Into<String>, message: impl Into<String>) -> Failure {
        Failure::with(ExitCode::AUTH_REQUIRED, code, message)
    }

    /// RATE_LIMITED (11). Add [`retry_after`](Failure::retry_after) when the back-off is known.
    pub fn rate_limited(code: impl Into<String>, message: impl Into<String>) -> Failure {
        Failure::with(ExitCode::RATE_LIMITED, code, message)
    }

    /// REDIRECTED (13), the only failure that carries `error.redirect`.
    pub fn redirected(
        code: impl Into<String>,
        message: impl Into<String>,
        redirect: Redirect,
    ) -> Failure {
        let mut failure = Failure::with(ExitCode::REDIRECTED, code, message);
        failure.0.redirect = Some(redirect);
        failure
    }

    /// Sets `error.detail` (stack context or the raw upstream error).
    pub fn detail(mut self, detail: impl Into<String>) -> Failure {
        self.0.detail = Some(detail.into());
        self
    }

    /// Sets `error.suggestion` (the next step, phrased for an agent).
    pub fn suggestion(mut self, suggestion: impl Into<String>) -> Failure {
        self.0.suggestion = Some(suggestion.into());
        self
    }

    /// Sets `error.phase`; [`ErrorDetailPhase::Validation`] promises zero side effects.
    pub fn phase(mut self, phase: ErrorDetailPhase) -> Failure {
        self.0.phase = Some(phase);
        self
    }

    /// Overrides the exit code's default retryability. `false` drops any `retry_after`.
    pub fn retryable(mut self, retryable: bool) -> Failure {
        self.0.retryable = Some(retryable);
        if !retryable {
            self.0.retry_after = None;
        }
        self
    }

    /// Sets `error.retry_after` (seconds) and, with it, `retryable: true`.
    pub fn retry_after(mut self, seconds: u64) -> Failure {
        self.0.retryable = Some(true);
        self.0.retry_after = Some(seconds);
        self
    }

    /// Adds a non-fatal message to the envelope's `warnings`.
    pub fn warning(mut self, warning: impl Into<String>) -> Failure {
        self.0.warnings.push(warning.into());
        self
    }

    /// The exit code the process will end with.
    pub fn exit_code(&self) -> ExitCode {
        self.0.exit
    }

    /// The stable `error.code`.
    pub fn code(&self) -> &str {
        &self.0.code
    }

    /// The human-readable `error.message`.
    pub fn message(&self) -> &str {
        &self.0.message
    }

    /// The `error.suggestion`, if any.
    pub fn suggestion_text(&self) -> Option<&str> {
        self.0.suggestion.as_deref()
    }

    /// The `error.redirect`, if any (only REDIRECTED failures have one).
    pub fn redirect_target(&self) -> Option<&Redirect> {
        self.0.redirect.as_ref()
    }

    /// The `error` object of the envelope, and its warnings.
    pub(crate) fn into_parts(self) -> (ExitCode, ErrorDetail, Vec<String>) {
        let f = *self.0;
        let retryable = f.retryable.unwrap_or_else(|| f.exit.default_retryable());
        let detail = ErrorDetail {
            code: f.code,
            message: f.message,
            detail: f.detail,
            retryable: Some(retryable),
            retry_after: f.retry_after.filter(|_| retryable),
            phase: f.phase,
            suggestion: f.suggestion,
            redirect: f.redirect.filter(|_| f.exit == ExitCode::REDIRECTED),
        };
        (f.exit, detail, f.warnings)
    }
}

impl fmt::Display for Failure {
    /// `ARG_ERROR (3) INVALID_ENVIRONMENT: Unknown target environment 'prodution'`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}: {}", self.0.exit, self.0.code, self.0.message)
    }
}

impl std::error::Error for Failure {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_refuses_success_and_redirected() {
        assert_eq!(
            Failure::new(ExitCode::SUCCESS, "X", "x"),
            Err(FailureExitError::Success)
        );
        assert_eq!(
            Failure::new(ExitCode::REDIRECTED, "X", "x"),
            Err(FailureExitError::RedirectedWithoutTarget)
        );
        let f = Failure::new(ExitCode::other(42), "X", "x");
        assert_eq!(f.map(|f| f.exit_code()), Ok(ExitCode::other(42)));
    }

    #[test]
    fn retry_after_only_with_retryable_true() {
        let (_, e, _) = Failure::rate_limited("R", "r").retry_after(30).into_parts();
        assert_eq!((e.retryable, e.retry_after), (Some(true), Some(30)));
        let (_, e, _) = Failure::rate_limited("R", "r")
            .retry_after(30)
            .retryable(false)
            .into_parts();
        assert_eq!((e.retryable, e.retry_after), (Some(false), None));
        let (_, e, _) = Failure::general("G", "g").into_parts();
        assert_eq!((e.retryable, e.retry_after), (Some(false), None));
    }
}
