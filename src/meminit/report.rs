//! Building envelopes (sections 4.1 and 5): an [`Invocation`] (one per CLI run: its root,
//! its `run_id`, optionally a timestamp) makes [`Report`]s, success or failure; a report
//! collects issues and advice in any order and finishes as a [`Canonical`] envelope.
//!
//! `success` is not set by hand: a report is a success exactly when it has no `error`, so
//! the schema's `if`/`then` pairing (success ⇒ data, warnings, violations, advice and no
//! error; failure ⇒ error) holds by construction. A success envelope always carries the
//! three arrays (empty if nothing was added); an error envelope carries an array only when
//! something was added to it, and `data` only when given ([`Report::with_data`]), as in
//! the spec's example 12.2.

use super::payload::{CommandPayload, Payload};
use super::{
    Advice, Canonical, ContractError, Error, Issue, MeminitEnvelope, ProcessRunIds, Root,
    RunIdSource, Timestamp, OUTPUT_SCHEMA_VERSION,
};
use serde_json::{Map, Value};

/// One invocation of a Meminit command: root, run id, timestamp.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invocation {
    root: Root,
    run_id: String,
    timestamp: Option<Timestamp>,
}

impl Invocation {
    /// An invocation at `root` (absolute; normalized), with a fresh run id from the
    /// process-wide generator and no timestamp.
    pub fn new(root: &str) -> Result<Invocation, ContractError> {
        Invocation::with_run_ids(root, &ProcessRunIds)
    }

    /// An invocation whose run id comes from `source`.
    pub fn with_run_ids(root: &str, source: &dyn RunIdSource) -> Result<Invocation, ContractError> {
        Ok(Invocation {
            root: Root::new(root)?,
            run_id: source.next_run_id(),
            timestamp: None,
        })
    }

    /// The same invocation with a given run id (for tests and replays).
    pub fn with_run_id(mut self, run_id: impl Into<String>) -> Invocation {
        self.run_id = run_id.into();
        self
    }

    /// The same invocation, stamped with `timestamp` (a checked [`Timestamp`]).
    pub fn with_timestamp(mut self, timestamp: Timestamp) -> Invocation {
        self.timestamp = Some(timestamp);
        self
    }

    /// The same invocation, stamped now.
    pub fn stamped_now(self) -> Invocation {
        self.with_timestamp(Timestamp::now())
    }

    /// The run id.
    pub fn run_id(&self) -> &str {
        &self.run_id
    }

    /// The normalized root.
    pub fn root(&self) -> &Root {
        &self.root
    }

    fn envelope<D>(
        &self,
        command: &str,
        data: Option<D>,
        error: Option<Error>,
    ) -> MeminitEnvelope<D> {
        let success = error.is_none();
        MeminitEnvelope {
            output_schema_version: OUTPUT_SCHEMA_VERSION.to_owned(),
            success,
            command: command.to_owned(),
            run_id: self.run_id.clone(),
            timestamp: self.timestamp.as_ref().map(|t| t.as_str().to_owned()),
            root: self.root.as_str().to_owned(),
            data,
            warnings: success.then(Vec::new),
            violations: success.then(Vec::new),
            advice: success.then(Vec::new),
            error,
            extra: Map::new(),
        }
    }

    /// A success report for a typed payload; `command` is the payload's.
    pub fn success<D: CommandPayload>(&self, data: D) -> Report<D> {
        Report(self.envelope(D::COMMAND, Some(data), None))
    }

    /// A success report for any command with any payload (for example a
    /// `serde_json::Value` for a command section 8 does not list).
    pub fn success_for<D: Payload>(&self, command: &str, data: D) -> Report<D> {
        Report(self.envelope(command, Some(data), None))
    }

    /// An error envelope (section 5) for a typed command, without data.
    pub fn failure<D: CommandPayload>(&self, error: Error) -> Report<D> {
        Report(self.envelope(D::COMMAND, None, Some(error)))
    }

    /// An error envelope for any command, with an untyped (absent) payload.
    pub fn failure_for(&self, command: &str, error: Error) -> Report<Value> {
        Report(self.envelope(command, None, Some(error)))
    }
}

/// An envelope being built; [`Report::finish`] makes it canonical.
#[derive(Debug, Clone, PartialEq)]
pub struct Report<D>(MeminitEnvelope<D>);

impl<D: Payload> Report<D> {
    /// Adds a warning (any order: the output is sorted).
    pub fn warning(&mut self, issue: Issue) -> &mut Self {
        self.0.warnings.get_or_insert_with(Vec::new).push(issue);
        self
    }

    /// Adds a violation.
    pub fn violation(&mut self, issue: Issue) -> &mut Self {
        self.0.violations.get_or_insert_with(Vec::new).push(issue);
        self
    }

    /// Adds advice.
    pub fn advice(&mut self, advice: Advice) -> &mut Self {
        self.0.advice.get_or_insert_with(Vec::new).push(advice);
        self
    }

    /// Sets `data` (the payload of a success, or a partial one on an error envelope).
    pub fn with_data(&mut self, data: D) -> &mut Self {
        self.0.data = Some(data);
        self
    }

    /// Adds a top-level property the schema does not declare (written after `error`, in
    /// key order).
    pub fn extra(&mut self, key: impl Into<String>, value: Value) -> &mut Self {
        self.0.extra.insert(key.into(), value);
        self
    }

    /// Normalizes, sorts and checks the envelope: see [`Canonical::new`].
    pub fn finish(self) -> Result<Canonical<D>, ContractError> {
        Canonical::new(self.0)
    }

    /// [`Self::finish`], then the section 9 text (one line and `\n`).
    pub fn to_line(self) -> Result<String, ContractError> {
        self.finish()?.to_line()
    }
}
