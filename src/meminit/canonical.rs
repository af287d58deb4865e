//! [`Canonical<D>`]: an envelope in the section 9 form, and the only way this runtime
//! serializes one.
//!
//! [`Canonical::new`] takes any [`MeminitEnvelope<D>`] and
//!
//! 1. checks `output_schema_version` is [`OUTPUT_SCHEMA_VERSION`] (section 10);
//! 2. checks `timestamp`, if present, with [`Timestamp::parse`] (section 4.2);
//! 3. normalizes `root` ([`Root::new`], section 4.3) and every path — issue `path`s and
//!    the payload's declared path fields — relative to it ([`Root::relativize_at`], 9.4);
//!    an untyped payload of a successful section 8 command goes through that command's
//!    typed payload first, so it meets the section 8 minimum and has its paths normalized
//!    ([`Payload::canonicalize_as`]);
//! 4. checks every issue `severity` is `warning` or `error` (section 6);
//! 5. sorts warnings, violations and advice ([`super::sort`], 9.3);
//! 6. sorts the keys of every object the schemas do not declare (undeclared properties,
//!    `details`, untyped payload parts) by code point, recursively: declared keys keep the
//!    schema's order, so the top level is exactly `output_schema_version, success,
//!    command, run_id, timestamp, root, data, warnings, violations, advice, error` (9.2),
//!    then undeclared keys in code-point order;
//! 7. validates the result against the section 11 schema.
//!
//! [`Canonical::to_line`] then writes compact JSON, one line, with exactly one trailing
//! `\n` (9.1); strings escape their own newlines. Two envelopes that are equal as JSON
//! values (up to array order where 9.3 sorts, and key order) give the same bytes.

use super::payload::{Payload, Placement};
use super::sort::extra;
use super::{
    sort, Advice, ContractError, Error, Issue, MeminitEnvelope, Root, Timestamp,
    OUTPUT_SCHEMA_VERSION,
};
use serde::Serialize;

pub use super::sort::{sort_keys, sort_map};

/// The envelope's declared keys in section 9.2's recommended order.
pub const ENVELOPE_KEYS: [&str; 11] = [
    "output_schema_version",
    "success",
    "command",
    "run_id",
    "timestamp",
    "root",
    "data",
    "warnings",
    "violations",
    "advice",
    "error",
];
const ISSUE_KEYS: [&str; 5] = ["code", "message", "path", "line", "severity"];
const ADVICE_KEYS: [&str; 3] = ["message", "code", "details"];
const ERROR_KEYS: [&str; 3] = ["code", "message", "details"];

/// An envelope in canonical (section 9) form. Build one with [`Canonical::new`] or
/// [`Report::finish`](super::Report::finish).
#[derive(Debug, Clone, PartialEq)]
pub struct Canonical<D>(MeminitEnvelope<D>);

impl<D: Payload> Canonical<D> {
    /// Normalizes and checks `envelope` (see the module documentation).
    pub fn new(mut envelope: MeminitEnvelope<D>) -> Result<Canonical<D>, ContractError> {
        if envelope.output_schema_version != OUTPUT_SCHEMA_VERSION {
            return Err(ContractError::Version {
                found: envelope.output_schema_version,
            });
        }
        if let Some(t) = &envelope.timestamp {
            Timestamp::parse(t)?;
        }
        let root = Root::new(&envelope.root)?;
        envelope.root = root.as_str().to_owned();
        if let Some(data) = &mut envelope.data {
            if let Some(expected) = data.command() {
                if expected != envelope.command {
                    return Err(ContractError::Command {
                        expected: expected.to_owned(),
                        found: envelope.command,
                    });
                }
            }
            data.canonicalize_as(&Placement {
                command: &envelope.command,
                success: envelope.success,
                root: &root,
                at: "/data",
            })?;
        }
        if let Some(warnings) = &mut envelope.warnings {
            issues(warnings, &root, "/warnings")?;
            sort::sort_warnings(warnings);
        }
        if let Some(violations) = &mut envelope.violations {
            issues(violations, &root, "/violations")?;
            sort::sort_violations(violations);
        }
        if let Some(advice) = &mut envelope.advice {
            for (i, a) in advice.iter_mut().enumerate() {
                advice_item(a, &format!("/advice/{i}"))?;
            }
            sort::sort_advice(advice);
        }
        if let Some(e) = &mut envelope.error {
            error_object(e)?;
        }
        extra(&mut envelope.extra, &ENVELOPE_KEYS, "")?;
        let value =
            serde_json::to_value(&envelope).map_err(|e| ContractError::Serialize(e.to_string()))?;
        super::validate_value(&value)?;
        Ok(Canonical(envelope))
    }

    /// The canonical text: one line of compact JSON and one `\n`.
    pub fn to_line(&self) -> Result<String, ContractError> {
        let mut text =
            serde_json::to_string(&self.0).map_err(|e| ContractError::Serialize(e.to_string()))?;
        text.push('\n');
        Ok(text)
    }

    /// Writes [`Self::to_line`] to `out`.
    pub fn write_to(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        let line = self.to_line().map_err(std::io::Error::other)?;
        out.write_all(line.as_bytes())
    }
}

impl<D> Canonical<D> {
    /// The normalized envelope.
    pub fn envelope(&self) -> &MeminitEnvelope<D> {
        &self.0
    }

    /// The normalized envelope, by value.
    pub fn into_envelope(self) -> MeminitEnvelope<D> {
        self.0
    }
}

impl<D: Serialize> Serialize for Canonical<D> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

fn issues(list: &mut [Issue], root: &Root, at: &str) -> Result<(), ContractError> {
    for (i, issue) in list.iter_mut().enumerate() {
        let pointer = format!("{at}/{i}");
        issue.path = root.relativize_at(&format!("{pointer}/path"), &issue.path)?;
        if let Some(s) = &issue.severity {
            if super::issue::Severity::parse(s).is_none() {
                return Err(ContractError::Severity {
                    pointer: format!("{pointer}/severity"),
                    value: s.clone(),
                });
            }
        }
        extra(&mut issue.extra, &ISSUE_KEYS, &pointer)?;
    }
    Ok(())
}

fn advice_item(a: &mut Advice, pointer: &str) -> Result<(), ContractError> {
    if let Some(d) = &mut a.details {
        sort_map(d);
    }
    extra(&mut a.extra, &ADVICE_KEYS, pointer)
}

fn error_object(e: &mut Error) -> Result<(), ContractError> {
    if let Some(d) = &mut e.details {
        sort_map(d);
    }
    extra(&mut e.extra, &ERROR_KEYS, "/error")
}
