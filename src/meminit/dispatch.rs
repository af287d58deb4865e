//! Typed dispatch (section 8): the envelope's `command` selects the `data` type.
//!
//! [`parse`] reads any Meminit document into an [`AnyMeminitEnvelope`]
//! (`MeminitEnvelope<MeminitData>`):
//!
//! * `success: true` and a known command: `data` must satisfy that command's payload
//!   schema and becomes the typed variant (`MeminitData::Check(CheckData)`, …); errors
//!   point inside `/data`;
//! * an unknown command: `data` stays untyped, [`MeminitData::Other`];
//! * `success: false` (the error envelope): `data`, if present, stays untyped too. The
//!   section 8 minimums describe a completed command; a failed one may leave a partial
//!   payload, which the contract allows.
//!
//! [`parse_as`] reads a document for one known command into `MeminitEnvelope<D>`,
//! rejecting another `command`. `MeminitData` implements no `Deserialize`: `data` alone
//! cannot tell which type it is.

use super::data::{check, context, doctor, fix, identify, index, link, new, resolve, scan};
use super::payload::{CommandPayload, Payload, Placement};
use super::sort::{sort_keys, sort_map};
use super::{ContractError, MeminitEnvelope, Root};
use crate::runtime::Options;
use crate::{ValidationError, ValidationErrors};
use serde::Serialize;
use serde_json::{Map, Value};

/// A Meminit envelope whose `data` type was chosen by its `command`.
pub type AnyMeminitEnvelope = MeminitEnvelope<MeminitData>;

/// The `data` of any Meminit envelope: one variant per command of section 8, or the
/// untyped object for other commands and for error envelopes.
#[derive(Debug, Clone, PartialEq)]
pub enum MeminitData {
    /// `check`.
    Check(check::CheckData),
    /// `fix`.
    Fix(fix::FixData),
    /// `scan`.
    Scan(scan::ScanData),
    /// `new`.
    New(new::NewData),
    /// `index`.
    Index(index::IndexData),
    /// `resolve`.
    Resolve(resolve::ResolveData),
    /// `identify`.
    Identify(identify::IdentifyData),
    /// `link`.
    Link(link::LinkData),
    /// `doctor`.
    Doctor(doctor::DoctorData),
    /// `context`.
    Context(context::ContextData),
    /// Any other command, or the `data` of an error envelope.
    Other(Map<String, Value>),
}

/// The ten commands with a typed payload, in section 8's order.
pub const COMMANDS: [&str; 10] = [
    "check", "fix", "scan", "new", "index", "resolve", "identify", "link", "doctor", "context",
];

fn typed<D: CommandPayload>(
    data: &Value,
    wrap: fn(D) -> MeminitData,
) -> Result<MeminitData, ValidationErrors> {
    D::from_data(data).map(wrap)
}

impl MeminitData {
    /// Parses `data` as `command`'s payload (validated against its schema); an unknown
    /// command gives [`MeminitData::Other`]. Error pointers are relative to `data`.
    pub fn from_command(command: &str, data: Value) -> Result<MeminitData, ValidationErrors> {
        match command {
            "check" => typed(&data, MeminitData::Check),
            "fix" => typed(&data, MeminitData::Fix),
            "scan" => typed(&data, MeminitData::Scan),
            "new" => typed(&data, MeminitData::New),
            "index" => typed(&data, MeminitData::Index),
            "resolve" => typed(&data, MeminitData::Resolve),
            "identify" => typed(&data, MeminitData::Identify),
            "link" => typed(&data, MeminitData::Link),
            "doctor" => typed(&data, MeminitData::Doctor),
            "context" => typed(&data, MeminitData::Context),
            _ => untyped(data),
        }
    }

    fn as_payload(&self) -> &dyn ErasedPayload {
        match self {
            MeminitData::Check(d) => d,
            MeminitData::Fix(d) => d,
            MeminitData::Scan(d) => d,
            MeminitData::New(d) => d,
            MeminitData::Index(d) => d,
            MeminitData::Resolve(d) => d,
            MeminitData::Identify(d) => d,
            MeminitData::Link(d) => d,
            MeminitData::Doctor(d) => d,
            MeminitData::Context(d) => d,
            MeminitData::Other(d) => d,
        }
    }

    fn as_payload_mut(&mut self) -> &mut dyn ErasedPayload {
        match self {
            MeminitData::Check(d) => d,
            MeminitData::Fix(d) => d,
            MeminitData::Scan(d) => d,
            MeminitData::New(d) => d,
            MeminitData::Index(d) => d,
            MeminitData::Resolve(d) => d,
            MeminitData::Identify(d) => d,
            MeminitData::Link(d) => d,
            MeminitData::Doctor(d) => d,
            MeminitData::Context(d) => d,
            MeminitData::Other(d) => d,
        }
    }
}

/// [`Payload`] without the `Serialize` supertrait's generic methods, so it can be a
/// trait object.
trait ErasedPayload {
    fn command(&self) -> Option<&str>;
    fn canonicalize(&mut self, root: &Root, at: &str) -> Result<(), ContractError>;
}

impl<P: Payload> ErasedPayload for P {
    fn command(&self) -> Option<&str> {
        Payload::command(self)
    }
    fn canonicalize(&mut self, root: &Root, at: &str) -> Result<(), ContractError> {
        Payload::canonicalize(self, root, at)
    }
}

impl Serialize for MeminitData {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            MeminitData::Check(d) => d.serialize(serializer),
            MeminitData::Fix(d) => d.serialize(serializer),
            MeminitData::Scan(d) => d.serialize(serializer),
            MeminitData::New(d) => d.serialize(serializer),
            MeminitData::Index(d) => d.serialize(serializer),
            MeminitData::Resolve(d) => d.serialize(serializer),
            MeminitData::Identify(d) => d.serialize(serializer),
            MeminitData::Link(d) => d.serialize(serializer),
            MeminitData::Doctor(d) => d.serialize(serializer),
            MeminitData::Context(d) => d.serialize(serializer),
            MeminitData::Other(d) => d.serialize(serializer),
        }
    }
}

impl Payload for MeminitData {
    fn command(&self) -> Option<&str> {
        self.as_payload().command()
    }

    fn canonicalize(&mut self, root: &Root, at: &str) -> Result<(), ContractError> {
        self.as_payload_mut().canonicalize(root, at)
    }

    /// The untyped variant goes through `command`'s typed payload like any untyped JSON.
    fn canonicalize_as(&mut self, place: &Placement<'_>) -> Result<(), ContractError> {
        match self {
            MeminitData::Other(map) => map.canonicalize_as(place),
            typed => Payload::canonicalize(typed, place.root, place.at),
        }
    }
}

fn untyped(data: Value) -> Result<MeminitData, ValidationErrors> {
    match data {
        Value::Object(map) => Ok(MeminitData::Other(map)),
        _ => Err(ValidationErrors::single(ValidationError::new(
            "",
            "type",
            "#/properties/data/type",
            "data is not an object",
        ))),
    }
}

pub(crate) use crate::rules::under;

fn under_data(errors: ValidationErrors) -> ValidationErrors {
    under("/data", errors)
}

/// The path fields of `command`'s payload (section 9.4; empty for other commands).
pub fn path_fields(command: &str) -> &'static [&'static str] {
    fn of<D: CommandPayload>() -> &'static [&'static str] {
        D::PATH_FIELDS
    }
    match command {
        "new" => of::<new::NewData>(),
        "index" => of::<index::IndexData>(),
        "resolve" => of::<resolve::ResolveData>(),
        "identify" => of::<identify::IdentifyData>(),
        "context" => of::<context::ContextData>(),
        _ => &[],
    }
}

/// Parses and validates a Meminit document, typing `data` by `command` (see the module
/// documentation).
pub fn parse(input: &str) -> Result<AnyMeminitEnvelope, ValidationErrors> {
    parse_with(input, &Options::new())
}

/// [`parse`] with explicit options (all errors, formats).
pub fn parse_with(input: &str, options: &Options) -> Result<AnyMeminitEnvelope, ValidationErrors> {
    let envelope = MeminitEnvelope::<Value>::from_json_str_with(input, options)?;
    let success = envelope.success;
    let command = envelope.command.clone();
    map_data(envelope, |data| {
        if success {
            MeminitData::from_command(&command, data).map_err(under_data)
        } else {
            untyped(data).map_err(under_data)
        }
    })
}

/// Parses and validates a document of command `D::COMMAND` into `MeminitEnvelope<D>`; a
/// document of another command is an error at `/command`. `data` (when present) must
/// satisfy `D`'s schema, also in an error envelope.
pub fn parse_as<D: CommandPayload>(input: &str) -> Result<MeminitEnvelope<D>, ValidationErrors> {
    let envelope = MeminitEnvelope::<Value>::from_json_str(input)?;
    if envelope.command != D::COMMAND {
        return Err(ContractError::Command {
            expected: D::COMMAND.to_owned(),
            found: envelope.command,
        }
        .into_validation_errors());
    }
    map_data(envelope, |data| D::from_data(&data).map_err(under_data))
}

fn map_data<D>(
    envelope: MeminitEnvelope<Value>,
    f: impl FnOnce(Value) -> Result<D, ValidationErrors>,
) -> Result<MeminitEnvelope<D>, ValidationErrors> {
    let data = match envelope.data {
        Some(v) => Some(f(v)?),
        None => None,
    };
    Ok(MeminitEnvelope {
        output_schema_version: envelope.output_schema_version,
        success: envelope.success,
        command: envelope.command,
        run_id: envelope.run_id,
        timestamp: envelope.timestamp,
        root: envelope.root,
        data,
        warnings: envelope.warnings,
        violations: envelope.violations,
        advice: envelope.advice,
        error: envelope.error,
        extra: envelope.extra,
    })
}

impl Payload for Value {
    fn canonicalize(&mut self, _: &Root, _: &str) -> Result<(), ContractError> {
        sort_keys(self);
        Ok(())
    }

    /// Through the typed payload of `command` when it is a successful section 8 command
    /// (see [`Payload::canonicalize_as`]).
    fn canonicalize_as(&mut self, place: &Placement<'_>) -> Result<(), ContractError> {
        let Placement {
            command,
            success,
            root,
            at,
        } = *place;
        if !success || !COMMANDS.contains(&command) {
            return Payload::canonicalize(self, root, at);
        }
        let mut typed = MeminitData::from_command(command, self.clone())
            .map_err(|e| ContractError::Schema(under(at, e)))?;
        Payload::canonicalize(&mut typed, root, at)?;
        *self =
            serde_json::to_value(&typed).map_err(|e| ContractError::Serialize(e.to_string()))?;
        Ok(())
    }
}

impl Payload for Map<String, Value> {
    fn canonicalize(&mut self, _: &Root, _: &str) -> Result<(), ContractError> {
        sort_map(self);
        Ok(())
    }

    /// As for a `serde_json::Value` object.
    fn canonicalize_as(&mut self, place: &Placement<'_>) -> Result<(), ContractError> {
        let mut data = Value::Object(std::mem::take(self));
        let done = Payload::canonicalize_as(&mut data, place);
        if let Value::Object(map) = data {
            *self = map;
        }
        done
    }
}
