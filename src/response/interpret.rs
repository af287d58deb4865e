//! The agent side: turning `(exit code, stdout)` into a [`Decision`], following the
//! ResponseEnvelope spec, "Agent interpretation".

use super::{ExitCode, RedirectMemory};
use crate::response_envelope::validate_value;
use serde_json::{Map, Value};
use std::time::Duration;

/// How many times the same `error.code` of the same command is retried without a state
/// change (ResponseEnvelope spec). Another command, or another code, starts a new count.
pub const MAX_RETRIES_PER_CODE: u32 = 3;

/// Back-off for a retryable error without `retry_after`, except ARG_ERROR (immediate).
pub const DEFAULT_BACKOFF: Duration = Duration::from_secs(1);

/// What the agent should do next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Success: act on [`Decision::data`].
    UseData,
    /// `meta.truncated`: [`Decision::data`] is one page. Fetch the rest (pass `cursor` as
    /// `--cursor`; without one, narrow the query) before drawing conclusions or triggering
    /// anything downstream.
    FetchMorePages {
        /// `meta.cursor`, if the response had one.
        cursor: Option<String>,
    },
    /// `meta.not_modified`: data is intentionally `null`; use the previously cached
    /// response. Not an error.
    UseCachedResponse,
    /// Retry the same call after `after` (zero: immediately).
    Retry {
        /// How long to wait first.
        after: Duration,
    },
    /// `TOKEN_EXPIRED`: refresh the token, replace the credential, retry the call once.
    RefreshTokenAndRetry,
    /// `TOKEN_INVALID`, `TOKEN_MISSING`, or `TOKEN_EXPIRED` again after a refresh: do not
    /// retry; acquire new credentials from the appropriate source.
    AcquireCredentials,
    /// REDIRECTED (13): run `command` verbatim, unmodified, as the next call.
    FollowRedirect {
        /// `error.redirect.command`.
        command: String,
        /// `true`: the mapping was recorded in the [`RedirectMemory`] (by an
        /// [`Interpreter`] that knew the old command). `false`: for this call only.
        permanent: bool,
    },
    /// A failure that must not be retried: report it ([`Decision::error_code`]).
    Stop,
    /// Do not act and do not retry: log and hand to the orchestrator.
    Escalate(Escalation),
}

/// Why a response is escalated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Escalation {
    /// stdout is not a JSON object.
    NotAnEnvelope(String),
    /// `data` and `error` both `null` without `meta.not_modified`: malformed.
    DataAndErrorNull,
    /// Non-zero exit code, `data` present but `error` `null`: the failure is unexplained.
    FailureWithoutError,
    /// The same `error.code` came back from the same command after
    /// [`MAX_RETRIES_PER_CODE`] retries with no state change in between.
    RetryLimit {
        /// The repeated `error.code`.
        code: String,
    },
    /// REDIRECTED (13) without a usable `error.redirect.command`: the command moved but
    /// the response does not say where. Retrying the old command cannot help.
    RedirectWithoutCommand,
}

/// Something noteworthy about the response that did not decide the action by itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Finding {
    /// `ok: true` with a non-zero exit code: a wrapper may have swallowed the code;
    /// treated as a failure.
    OkTrueWithNonZeroExit,
    /// `ok: false` with exit code 0: `ok` may be stale (cache or proxy); treated as success.
    OkFalseWithZeroExit,
    /// The `error` key is absent: malformed, treated as GENERAL_ERROR.
    ErrorKeyAbsent,
    /// `error` is an object without a string `code`: treated as GENERAL_ERROR.
    ErrorCodeAbsent,
    /// The `warnings` key is absent: treated as `[]`.
    WarningsKeyAbsent,
    /// `error.redirect` at an exit code other than 13: ignored, as the ResponseEnvelope
    /// spec says.
    RedirectIgnored,
    /// The permanent redirect could not be persisted (it still applies this session).
    RedirectNotPersisted(String),
    /// The document fails the generated schema validator (first error).
    SchemaInvalid(String),
}

/// The interpretation of one response.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// What to do next.
    pub action: Action,
    /// The process exit code, the primary signal.
    pub exit_code: i32,
    /// Whether the call succeeded: exit code 0, whatever `ok` says.
    pub succeeded: bool,
    /// The effective `error.code` of a failure (`GENERAL_ERROR` for a malformed one).
    pub error_code: Option<String>,
    /// `error.suggestion`, the next step phrased for an agent.
    pub suggestion: Option<String>,
    /// `data` of a successful response (one page when [`Action::FetchMorePages`]).
    pub data: Option<Value>,
    /// Every warning, to log and surface to the orchestrator.
    pub warnings: Vec<String>,
    /// The warnings that say "deprecated" or "will be removed": a soft REDIRECTED; plan
    /// to update the call in a future session.
    pub soft_redirects: Vec<String>,
    /// Contradictions and malformations noticed on the way.
    pub findings: Vec<Finding>,
}

impl Decision {
    /// Whether any warning is a soft redirect.
    pub fn is_soft_redirect(&self) -> bool {
        !self.soft_redirects.is_empty()
    }
}

/// Interprets one response with no memory of earlier calls. A session should use an
/// [`Interpreter`], which also enforces the retry limit, the single token refresh and
/// the redirect memory.
pub fn interpret(exit_code: i32, raw_stdout: &str) -> Decision {
    Interpreter::new().decide(None, exit_code, raw_stdout)
}

/// The agent's interpreter for one session: retry counts, the token-refresh state and
/// the [`RedirectMemory`].
#[derive(Debug, Clone, Default)]
pub struct Interpreter {
    memory: RedirectMemory,
    /// The last failure retried: the command (when known), its `error.code`, the count.
    retries: Option<(Option<String>, String, u32)>,
    token_refreshed: bool,
}

impl Interpreter {
    /// An interpreter with an in-memory redirect memory.
    pub fn new() -> Interpreter {
        Interpreter::default()
    }

    /// An interpreter using `memory` (for example [`RedirectMemory::open`]).
    pub fn with_memory(memory: RedirectMemory) -> Interpreter {
        Interpreter {
            memory,
            ..Interpreter::default()
        }
    }

    /// The redirect memory.
    pub fn memory(&self) -> &RedirectMemory {
        &self.memory
    }

    /// The command to actually run for `command`: with every recorded permanent redirect
    /// applied.
    pub fn resolve<'a>(&'a self, command: &'a str) -> &'a str {
        self.memory.resolve(command)
    }

    /// Tells the interpreter the agent changed something (arguments, environment,
    /// credentials): the retry count starts again.
    pub fn state_changed(&mut self) {
        self.retries = None;
    }

    /// Interprets the response of running `command` (the invocation actually run, after
    /// [`resolve`](Interpreter::resolve)). A permanent redirect records
    /// `command → redirect.command` before the decision is returned.
    pub fn interpret(&mut self, command: &str, exit_code: i32, raw_stdout: &str) -> Decision {
        self.decide(Some(command), exit_code, raw_stdout)
    }

    fn decide(&mut self, command: Option<&str>, exit_code: i32, raw: &str) -> Decision {
        let mut d = Decision {
            action: Action::Stop,
            exit_code,
            succeeded: exit_code == 0,
            error_code: None,
            suggestion: None,
            data: None,
            warnings: Vec::new(),
            soft_redirects: Vec::new(),
            findings: Vec::new(),
        };
        let root = match serde_json::from_str::<Value>(raw) {
            Ok(Value::Object(root)) => root,
            Ok(other) => {
                d.action = Action::Escalate(Escalation::NotAnEnvelope(format!(
                    "stdout is JSON but not an object ({})",
                    envgen_runtime::validate::type_name(&other)
                )));
                return d;
            }
            Err(e) => {
                d.action = Action::Escalate(Escalation::NotAnEnvelope(e.to_string()));
                return d;
            }
        };
        if let Err(errors) = validate_value(&Value::Object(root.clone())) {
            if let Some(first) = errors.first() {
                d.findings.push(Finding::SchemaInvalid(first.to_string()));
            }
        }
        self.read_warnings(&root, &mut d);
        match root.get("ok").and_then(Value::as_bool) {
            Some(true) if !d.succeeded => d.findings.push(Finding::OkTrueWithNonZeroExit),
            Some(false) if d.succeeded => d.findings.push(Finding::OkFalseWithZeroExit),
            _ => {}
        }
        let Some(error) = root.get("error") else {
            d.findings.push(Finding::ErrorKeyAbsent);
            return self.general_error(d);
        };
        let data = root.get("data").filter(|v| !v.is_null());
        let meta = root.get("meta").and_then(Value::as_object);
        let flag = |key: &str| meta.and_then(|m| m.get(key)) == Some(&Value::Bool(true));
        if d.succeeded {
            self.retries = None;
            self.token_refreshed = false;
            d.data = data.cloned();
            d.action = if flag("not_modified") {
                Action::UseCachedResponse
            } else if data.is_none() && error.is_null() {
                Action::Escalate(Escalation::DataAndErrorNull)
            } else if flag("truncated") {
                let cursor = meta.and_then(|m| m.get("cursor")).and_then(Value::as_str);
                Action::FetchMorePages {
                    cursor: cursor.map(str::to_string),
                }
            } else {
                Action::UseData
            };
            return d;
        }
        let Some(error) = error.as_object() else {
            d.action = Action::Escalate(if data.is_none() {
                Escalation::DataAndErrorNull
            } else {
                Escalation::FailureWithoutError
            });
            return d;
        };
        self.failure(command, error, d)
    }

    fn failure(
        &mut self,
        command: Option<&str>,
        error: &Map<String, Value>,
        mut d: Decision,
    ) -> Decision {
        let Some(code) = error.get("code").and_then(Value::as_str) else {
            d.findings.push(Finding::ErrorCodeAbsent);
            return self.general_error(d);
        };
        d.error_code = Some(code.to_string());
        d.suggestion = error
            .get("suggestion")
            .and_then(Value::as_str)
            .map(str::to_string);
        let exit = ExitCode::from_i32(d.exit_code);
        if let Some(redirect) = error.get("redirect") {
            if exit != Some(ExitCode::REDIRECTED) {
                d.findings.push(Finding::RedirectIgnored);
            } else if let Some(target) = redirect.get("command").and_then(Value::as_str) {
                let permanent = redirect.get("permanent") == Some(&Value::Bool(true));
                if permanent {
                    if let Some(old) = command {
                        if let Err(e) = self.memory.record(old, target) {
                            d.findings
                                .push(Finding::RedirectNotPersisted(e.to_string()));
                        }
                    }
                }
                self.token_refreshed = false;
                d.action = Action::FollowRedirect {
                    command: target.to_string(),
                    permanent,
                };
                return d;
            }
        }
        if exit == Some(ExitCode::REDIRECTED) {
            self.token_refreshed = false;
            d.action = Action::Escalate(Escalation::RedirectWithoutCommand);
            return d;
        }
        match code {
            "TOKEN_EXPIRED" if !self.token_refreshed => {
                self.token_refreshed = true;
                d.action = Action::RefreshTokenAndRetry;
                return d;
            }
            "TOKEN_EXPIRED" | "TOKEN_INVALID" | "TOKEN_MISSING" => {
                self.token_refreshed = false;
                d.action = Action::AcquireCredentials;
                return d;
            }
            _ => self.token_refreshed = false,
        }
        let retryable = error
            .get("retryable")
            .and_then(Value::as_bool)
            .unwrap_or_else(|| exit.is_some_and(ExitCode::default_retryable));
        if !retryable {
            d.action = Action::Stop;
            return d;
        }
        let count = match &self.retries {
            Some((cmd, last, n)) if last == code && cmd.as_deref() == command => n + 1,
            _ => 1,
        };
        if count > MAX_RETRIES_PER_CODE {
            d.action = Action::Escalate(Escalation::RetryLimit {
                code: code.to_string(),
            });
            return d;
        }
        self.retries = Some((command.map(str::to_owned), code.to_string(), count));
        let after = match error.get("retry_after").and_then(Value::as_u64) {
            Some(seconds) => Duration::from_secs(seconds),
            None if exit == Some(ExitCode::ARG_ERROR) => Duration::ZERO,
            None => DEFAULT_BACKOFF,
        };
        d.action = Action::Retry { after };
        d
    }

    /// Malformed failure: GENERAL_ERROR, which is not retryable (no blind retry).
    fn general_error(&mut self, mut d: Decision) -> Decision {
        d.succeeded = false;
        d.data = None;
        d.error_code = ExitCode::GENERAL_ERROR.name().map(str::to_string);
        d.action = Action::Stop;
        self.token_refreshed = false;
        d
    }

    fn read_warnings(&self, root: &Map<String, Value>, d: &mut Decision) {
        match root.get("warnings") {
            None => d.findings.push(Finding::WarningsKeyAbsent),
            Some(Value::Array(items)) => {
                d.warnings = items
                    .iter()
                    .filter_map(Value::as_str)
                    .map(str::to_string)
                    .collect();
            }
            Some(_) => {}
        }
        d.soft_redirects = d
            .warnings
            .iter()
            .filter(|w| is_deprecation(w))
            .cloned()
            .collect();
    }
}

/// Whether a warning announces a deprecation ("deprecated", "will be removed"; any case).
pub fn is_deprecation(warning: &str) -> bool {
    let lower = warning.to_lowercase();
    lower.contains("deprecated") || lower.contains("will be removed")
}
