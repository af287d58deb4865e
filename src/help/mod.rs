//! cmdhelp v0.1 (the cmdhelp v0.1 schema) beyond the generated types in
//! [`crate::cmdhelp`]:
//!
//! * [`from_clap`](from_clap::from_clap) (feature `clap`): the document of a live clap
//!   command tree, completed by an [`Extension`](from_clap::Extension) with what clap does
//!   not know (exit codes, examples, …);
//! * [`examples`]: the checker that every `examples[].cmd` resolves against the tree;
//! * [`markdown`]: `--format md`, rendered from the same document;
//! * [`consumer`]: for a harness reading another tool's document: exit codes in the rich
//!   form, `json_schema_ref` resolution, `see_also` targets;
//! * [`check()`]: every rule a received document breaks (rule table in [`mod@check`]).
//!
//! Only `from_clap` needs clap; the rest works on any [`Cmdhelp`] document, with
//! `default-features = false`.

pub mod check;
pub mod consumer;
pub mod examples;
#[cfg(feature = "clap")]
pub mod from_clap;
pub mod markdown;
pub mod words;

pub use check::check;

use crate::cmdhelp::{Cmdhelp, Example, ExitCode, ExitCodeRich};
use serde_json::Map;

/// The `cmdhelp_version` this crate writes: MAJOR.MINOR, as the schema requires.
pub const CMDHELP_VERSION: &str = "0.1";

/// An example: an invocation and, optionally, a note.
pub fn example(cmd: impl Into<String>, note: Option<&str>) -> Example {
    Example {
        cmd: cmd.into(),
        note: note.map(str::to_owned),
        extra: Map::new(),
    }
}

/// A rich exit-code entry: when it happens, and how to recover.
pub fn exit_code(when: impl Into<String>, recovery: Option<&str>) -> ExitCode {
    ExitCode::ExitCodeRich(ExitCodeRich {
        when: when.into(),
        recovery: recovery.map(str::to_owned),
        message_template: None,
        extra: Map::new(),
    })
}

/// The part of `doc` about the command at `path` and the commands below it (global flags
/// and top-level fields kept); `None` when no command is at or below `path`.
pub fn restrict(doc: &Cmdhelp, path: &str) -> Option<Cmdhelp> {
    if path.is_empty() {
        return Some(doc.clone());
    }
    let prefix = format!("{path} ");
    let commands: crate::runtime::IndexMap<_, _> = doc
        .commands
        .iter()
        .filter(|(k, _)| *k == path || k.starts_with(&prefix))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    if commands.is_empty() {
        return None;
    }
    Some(Cmdhelp {
        commands,
        ..doc.clone()
    })
}
