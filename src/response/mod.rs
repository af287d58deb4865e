//! The runtime of `ResponseEnvelope` (the ResponseEnvelope spec): the rules no schema
//! holds.
//!
//! **Producer (a CLI).** A command handler returns an [`Outcome<T>`]:
//! `Ok(`[`Success`]`)` or `Err(`[`Failure`]`)`. The framework passes it to [`respond`]
//! (or [`Responder::respond`]), the only constructor of a [`Response`], and ends the
//! process with [`Response::emit`]:
//!
//! ```
//! use envgen::response::{respond, Failure, Success};
//! use std::time::Instant;
//!
//! let started = Instant::now();
//! let outcome: Result<Success<serde_json::Value>, Failure> =
//!     Err(Failure::rate_limited("RATE_LIMIT_EXCEEDED", "API rate limit reached").retry_after(30));
//! let response = respond(started, outcome);
//! let mut stdout = Vec::new();
//! let code = response.emit_to(&mut stdout)?; // a CLI: std::process::exit(response.emit()?)
//! assert_eq!(code, 11);
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! How the rules are kept:
//!
//! * `ok` derives from the exit code: no API takes it, and the generated struct's `ok`
//!   field cannot be set outside this crate (read it with `ok()`). [`Response`] exposes
//!   the envelope read-only (its other fields are public, so the wrapper is what keeps
//!   them consistent), and only a [`Response`] can be emitted.
//! * A [`Success`] always exits 0 with `error: null`; a [`Failure`] never exits 0 and
//!   always has `error`, with `data: null`. `meta.duration_ms` comes from the start timer.
//! * `error.redirect` can only be given with [`Failure::redirected`] (REDIRECTED, 13);
//!   `retry_after` sets `retryable: true`, and `retryable(false)` drops `retry_after`.
//!   `error.retryable` defaults to the exit code's [`ExitCode::default_retryable`] (the
//!   schema says it "mirrors" it), so agents always see it.
//! * Truncation ([`Success::truncated`]), cache hits ([`Success::not_modified`]) and
//!   warnings are separate constructors and builders, so no contradictory mix exists.
//! * [`check_envelope`] (the test-mode validator) runs inside [`respond`] in builds with
//!   debug assertions, where a violation panics, and inside [`Response::emit`] in every
//!   build, where a violation is replaced by a GENERAL_ERROR envelope with `error.code`
//!   [`ENVELOPE_INVALID`]: stdout always holds one valid envelope and one newline.
//!
//! **Consumer (an agent).** [`interpret`] turns an exit code and stdout into a
//! [`Decision`]; an [`Interpreter`] does the same for a session, keeping the retry count
//! per command and `error.code`, the single `TOKEN_EXPIRED` refresh and a
//! [`RedirectMemory`] (persisted atomically to a file, see its docs for the format).
//! REDIRECTED (13) without `error.redirect.command` is escalated, never retried.
//! [`check()`] reports every rule a received envelope breaks, with a stable rule id.
//!
//! Exit codes, with GENERAL_ERROR = 1 and each code's default retryability, are tabled on
//! [`ExitCode`].

mod check;
mod emit;
mod exit_code;
mod factory;
mod failure;
mod interpret;
mod redirect_memory;
mod success;
mod test_mode;

pub use check::{check, claimed_exit_code};
pub use emit::ENVELOPE_INVALID;
pub use exit_code::ExitCode;
pub use factory::{respond, Outcome, ReservedMetaKey, Responder, Response};
pub use failure::{Failure, FailureExitError};
pub use interpret::{
    interpret, is_deprecation, Action, Decision, Escalation, Finding, Interpreter, DEFAULT_BACKOFF,
    MAX_RETRIES_PER_CODE,
};
pub use redirect_memory::{RedirectMemory, RedirectMemoryError, FORMAT_VERSION};
pub use success::Success;
pub use test_mode::{check_envelope, ENVELOPE_KEYS};

pub(crate) use success::Body;
