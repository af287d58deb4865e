//! What [`Canonical`](super::Canonical) needs of a `data` payload: [`Payload`] (normalize
//! its paths, sort its untyped keys) and, for the ten typed payloads, [`CommandPayload`]
//! (the command it belongs to, and parsing it from JSON against its schema).
//!
//! Path fields normalized relative to `root` (section 9.4): `new.path`, `index.index_path`,
//! `resolve.path`, `identify.path`, `context.docs_root`, `context.schema_path`,
//! `context.index_path`. Untyped parts (`scan.report`, the items of `doctor.errors`,
//! `doctor.warnings` and `context.namespaces`, and every payload's undeclared keys) get
//! their object keys sorted; their arrays keep their order, which may be meaningful.

use super::data::{check, context, doctor, fix, identify, index, link, new, resolve, scan};
use super::sort::{extra, sort_keys, sort_map};
use super::{ContractError, Root};
use crate::runtime::{Document, Options};
use crate::ValidationErrors;
use serde::Serialize;
use serde_json::Value;

/// A `data` payload the canonical serializer can normalize.
pub trait Payload: Serialize {
    /// The command this payload belongs to, if it is typed for one.
    fn command(&self) -> Option<&str> {
        None
    }

    /// Normalizes declared paths relative to `root` and sorts untyped object keys; `at`
    /// is the payload's pointer (`/data`), for errors.
    fn canonicalize(&mut self, root: &Root, at: &str) -> Result<(), ContractError>;

    /// [`Self::canonicalize`] for the payload placed in an envelope of `place.command`
    /// whose `success` is `place.success`. Typed payloads ignore both. Untyped JSON (a
    /// `serde_json::Value` or object map) of a successful section 8 command is checked
    /// against that command's payload schema (the section 8 minimum fields, an error under
    /// `at` otherwise) and its path fields normalized as the typed payload's are: an
    /// untyped payload cannot bypass sections 8 and 9.4.
    fn canonicalize_as(&mut self, place: &Placement<'_>) -> Result<(), ContractError> {
        self.canonicalize(place.root, place.at)
    }
}

/// Where a payload is written (for [`Payload::canonicalize_as`]): its envelope's
/// `command`, `success` and root, and its own pointer.
#[derive(Debug, Clone, Copy)]
pub struct Placement<'a> {
    /// The envelope's `command`.
    pub command: &'a str,
    /// The envelope's `success`.
    pub success: bool,
    /// The envelope's normalized root.
    pub root: &'a Root,
    /// The payload's JSON pointer (`/data`), for errors.
    pub at: &'a str,
}

/// One of the ten typed payloads of section 8.
pub trait CommandPayload: Payload + Document {
    /// The command name (`check`, `fix`, …).
    const COMMAND: &'static str;

    /// The payload's path fields, normalized relative to `root` (section 9.4).
    const PATH_FIELDS: &'static [&'static str];

    /// Parses and validates the payload from its JSON (errors point inside `data`).
    fn from_data(data: &Value) -> Result<Self, ValidationErrors> {
        Self::from_json_str_with(&data.to_string(), &Options::new())
    }
}

macro_rules! payload {
    (
        $ty:ty, $command:literal,
        declared [$($declared:literal),*],
        paths [$($path:ident),*],
        maps [$($map:ident),*],
        lists [$($list:ident),*]
    ) => {
        impl Payload for $ty {
            fn command(&self) -> Option<&str> {
                Some($command)
            }

            fn canonicalize(&mut self, root: &Root, at: &str) -> Result<(), ContractError> {
                let _ = root;
                $(
                    self.$path = root.relativize_at(
                        &format!("{at}/{}", stringify!($path)),
                        &self.$path,
                    )?;
                )*
                $( sort_map(&mut self.$map); )*
                $( self.$list.iter_mut().for_each(sort_keys); )*
                extra(&mut self.extra, &[$($declared),*], at)
            }
        }

        impl CommandPayload for $ty {
            const COMMAND: &'static str = $command;
            const PATH_FIELDS: &'static [&'static str] = &[$(stringify!($path)),*];
        }
    };
}

payload!(check::CheckData, "check",
    declared ["files_checked", "files_passed", "files_failed"],
    paths [], maps [], lists []);
payload!(fix::FixData, "fix",
    declared ["fixed", "remaining", "dry_run"],
    paths [], maps [], lists []);
payload!(scan::ScanData, "scan",
    declared ["report"],
    paths [], maps [report], lists []);
payload!(new::NewData, "new",
    declared ["document_id", "path", "type", "title"],
    paths [path], maps [], lists []);
payload!(index::IndexData, "index",
    declared ["index_path", "document_count"],
    paths [index_path], maps [], lists []);
payload!(resolve::ResolveData, "resolve",
    declared ["document_id", "path"],
    paths [path], maps [], lists []);
payload!(identify::IdentifyData, "identify",
    declared ["path", "document_id"],
    paths [path], maps [], lists []);
payload!(link::LinkData, "link",
    declared ["document_id", "link"],
    paths [], maps [], lists []);
payload!(doctor::DoctorData, "doctor",
    declared ["status", "errors", "warnings"],
    paths [], maps [], lists [errors, warnings]);
payload!(context::ContextData, "context",
    declared ["repo_prefix", "docops_version", "docs_root", "namespaces", "schema_path", "index_path"],
    paths [docs_root, schema_path, index_path], maps [], lists [namespaces]);
